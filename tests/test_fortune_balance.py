"""`fortlang odds --table` (issue 35 item 4): every hero against every danger of a set, the
exact chance of success and the expected wounds, as a table, JSON and a plot; each cell is
what `odds_of` says for that pair."""

from __future__ import annotations

import json
import re
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.games.fortune.deck import SAMPLE, read_set
from fortlang.games.fortune.report import odds_of
from fortlang.games.fortune.table import balance_table


def run(*args: str):
    return CliRunner().invoke(main, ["odds", *args])


def test_every_cell_is_the_odds_of_that_pair() -> None:
    deck = read_set(SAMPLE)
    table = balance_table(deck)
    assert [r.hero for r in table.rows] == sorted(deck.heroes)
    assert table.dangers == sorted(deck.dangers)
    for row in table.rows:
        assert [c.what for c in row.cells] == table.dangers
        for cell in row.cells:
            assert cell == odds_of(cell.what, row.hero, deck)


def test_the_json_has_every_pair_with_fractions_as_strings() -> None:
    result = run("--table", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    deck = read_set(SAMPLE)
    assert data["heroes"] == sorted(deck.heroes) and data["dangers"] == sorted(deck.dangers)
    assert len(data["rows"]) == len(deck.heroes) * len(deck.dangers)
    for row in data["rows"]:
        figures = odds_of(row["danger"], row["hero"], deck)
        assert row["success"]["fraction"] == str(figures.exact)
        assert Fraction(row["success"]["fraction"]) == figures.exact
        wounds = row["expected_wounds"]
        assert (wounds is None) == (figures.wounds is None)
        if wounds is not None:
            assert wounds["fraction"] == str(figures.wounds)


def test_the_text_table_has_a_line_per_pair() -> None:
    result = run("--table")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    deck = read_set(SAMPLE)
    for hero in deck.heroes.values():
        for danger in deck.dangers.values():
            assert sum(line.startswith(hero["name"]) and danger["name"] in line
                       for line in lines) == 1
    figures = odds_of("boat_chase", "jake_zane", deck)
    assert re.search(rf"^Jake Zane +Boat Chase +{figures.exact} +72\.44% +-$", result.output,
                     re.MULTILINE)


def test_one_hero_with_hero(tmp_path: Path) -> None:
    result = run("--table", "--hero", "jake_zane", "--json")
    assert result.exit_code == 0, result.output
    assert {r["hero"] for r in json.loads(result.output)["rows"]} == {"jake_zane"}


def test_out_writes_a_png_and_the_json(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "view"
    result = run("--table", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "odds.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads((out / "odds.json").read_text(encoding="utf-8"))
    assert len(data["rows"]) == 10


def test_a_card_name_is_escaped_in_the_table(tmp_path: Path) -> None:
    folder = tmp_path / "set"
    shutil.copytree(SAMPLE, folder)
    dangers = (folder / "dangers.yaml").read_text(encoding="utf-8")
    (folder / "dangers.yaml").write_text(
        dangers.replace("name: Boat Chase", "name: \"Boat\\e[31mChase\\u202e\""), encoding="utf-8")
    result = run("--table", "--set", str(folder))
    assert result.exit_code == 0, result.output
    assert "Boat\\x1b[31mChase" in result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output


def test_an_unknown_hero_is_a_positioned_error() -> None:
    result = CliRunner().invoke(main, ["odds", "--table", "--hero", "duke_dudly"])
    assert result.exit_code == 1
    assert "error[E363]" in result.output and "duke_dudley" in result.output


def test_an_unknown_set_is_an_error(tmp_path: Path) -> None:
    result = run("--table", "--set", str(tmp_path / "nowhere"))
    assert result.exit_code == 1 and "error[E331]" in result.output


def test_table_and_what_do_not_go_together() -> None:
    both = run("boat_chase", "--table")
    assert both.exit_code == 1 and "error[E364]" in both.output
    neither = run("--hero", "jake_zane")
    assert neither.exit_code == 1 and "error[E364]" in neither.output
    out_alone = run("boat_chase", "--hero", "jake_zane", "--out", "x")
    assert out_alone.exit_code == 1 and "error[E364]" in out_alone.output


def test_without_matplotlib_out_is_e607_and_writes_nothing(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    out = tmp_path / "view"
    result = run("--table", "--out", str(out))
    assert result.exit_code == 1 and "error[E607]" in result.output
    assert "fortlang[balance]" in result.output and not out.exists()


def test_simulate_adds_a_rolled_figure_to_each_cell() -> None:
    result = run("--table", "--hero", "jake_zane", "--json", "--simulate", "2000", "--seed", "2")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rows"]
    assert all(r["simulated"]["runs"] == 2000 and r["simulated"]["seed"] == 2 for r in rows)
    for row in rows:
        exact = float(Fraction(row["success"]["fraction"]))
        assert abs(row["simulated"]["probability"] - exact) < 0.06
