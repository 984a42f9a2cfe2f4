"""`fortlang balance --set ID` (issue 36, "balance about my cards"): the tables, the effect plot,
figures.json and the summary line hold only the cards of the sets named, still measured against
every card played; a set not played is E808 at its place on the command line, before any game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from expansion import KIDS, write_expansion

from fortlang.cli import main


@pytest.fixture(scope="module")
def expansion(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_expansion(tmp_path_factory.mktemp("only") / "yard-kids")


def balance(*args: str):
    return CliRunner().invoke(main, ["balance", "--games", "12", "--seed", "5", *args])


def test_only_the_named_set_s_cards_are_reported(expansion: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = balance("--sets", str(expansion), "--set", "yard-kids", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "(cards of yard-kids)" in result.stdout
    f = json.loads((out / "figures.json").read_text())
    ours = {kid[0] for kid in KIDS}
    assert set(f["cards"]) == ours and set(f["ranking"]) <= ours
    assert f["perks"] == {} and f["rules"] == {}  # the base game's: not asked for
    assert f["shown_sets"] == ["yard-kids"]
    assert [s["id"] for s in f["sets"]] == ["fort-base", "yard-kids"]  # what was played
    html = (out / "index.html").read_text()
    kid_table = html[html.index("<caption>Kid cards"):]
    kid_table = kid_table[:kid_table.index("</table>")]
    rows = re.findall(r'<tr class="item[^"]*"><td>([^<]+)</td>', kid_table)
    assert sorted(rows) == sorted(ours)
    assert "only fort-base" not in html  # no filter for a set whose rows are not there
    assert "measured against every card played" in html


def test_without_the_option_every_set_is_reported(expansion: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = balance("--sets", str(expansion), "--out", str(out))
    assert result.exit_code == 0, result.output
    f = json.loads((out / "figures.json").read_text())
    assert "munch" in f["cards"] and "strong-sam" in f["cards"]
    assert f["shown_sets"] == ["fort-base", "yard-kids"]
    assert "(cards of" not in result.stdout


def test_sets_are_named_as_the_other_list_options_are(expansion: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = balance("--sets", str(expansion), "--set", "yard-kids,fort-base", "--out",
                     str(out))
    assert result.exit_code == 0, result.output
    f = json.loads((out / "figures.json").read_text())
    assert f["shown_sets"] == ["yard-kids", "fort-base"]
    assert "munch" in f["cards"] and "strong-sam" in f["cards"]


def test_a_set_not_played_is_refused_at_its_place_before_any_game(expansion: Path,
                                                                  tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = balance("--sets", str(expansion), "--set", "fort-base", "--set",
                     "fort-base,yard-kid", "--out", str(out))
    assert result.exit_code == 1
    assert "--set:1:11: error[E808]: set `yard-kid` was not played" in result.output
    assert "fort-base,yard-kid\n" in result.output and "          ^^^^^^^^" in result.output
    assert "did you mean `yard-kids`?" in result.output
    assert "games:" not in result.output and not out.exists()
    hostile = balance("--set", "\x1b[2J\u202e", "--out", str(out))
    assert hostile.exit_code == 1 and "\x1b" not in hostile.output
    assert "\u202e" not in hostile.output
