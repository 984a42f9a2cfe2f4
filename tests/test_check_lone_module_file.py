"""A lone card file of a game module's kind, outside any set folder (no manifest.yaml beside or
above it names its game), is read by the card kinds of the installed game that declares its
top key (issue 33 item 5): `fortlang check` and `fmt` of a copy of a Frantic or a Fortune and
Glory file judge it by that game's schema and words, not Fort's keys. A key that several
installed games declare is still E311, and says which games and how to choose."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_site import forget_games, install

from fortlang.cli import main

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"


@pytest.fixture(autouse=True)
def fresh_games() -> Iterator[None]:
    forget_games()
    yield
    forget_games()


def lone(tmp_path: Path, source: Path, text: str | None = None) -> Path:
    """A copy of ``source`` alone in a folder of its own (or ``text`` under its name)."""
    folder = tmp_path / "loose"
    folder.mkdir(exist_ok=True)
    path = folder / source.name
    if text is None:
        shutil.copyfile(source, path)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("source", ["frantic-base/cards.yaml", "frantic-base/events.yaml",
                                    "fortune-base/heroes.yaml", "fortune-base/enemies.yaml"])
def test_a_lone_file_of_a_modules_kind_is_checked_by_that_kind(tmp_path, source) -> None:
    path = lone(tmp_path, CARDS / source)
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    in_set = run("check", str(CARDS / source))  # the same cards as in their set folder
    assert result.output.splitlines()[-1] == in_set.output.splitlines()[-1]
    assert " 0 cards" not in result.output


def test_a_lone_files_mistake_is_the_games_schema_error(tmp_path) -> None:
    path = lone(tmp_path, CARDS / "frantic-base" / "events.yaml", "events:\n"
                "  - id: doomsday\n    name: Doomsday\n    action: each player -> score 50\n"
                "    colour: red\n")
    result = run("check", str(path))
    assert result.exit_code == 1
    assert "unknown kind of card file" not in result.output, result.output
    assert "error[E311]: unknown field `colour`" in result.output


def test_fmt_reads_a_lone_file_in_its_games_words(tmp_path) -> None:
    path = lone(tmp_path, CARDS / "frantic-base" / "events.yaml")
    result = run("fmt", "--check", str(path))
    assert "with errors" not in result.output and result.exit_code == 0, result.output


def test_a_key_two_installed_games_declare_says_which(tmp_path, monkeypatch) -> None:
    from pig_site import EXAMPLE

    site = install(tmp_path / "site", name="pig", module="fortlang_pig",
                   source=EXAMPLE / "fortlang_pig", group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    path = lone(tmp_path, CARDS / "frantic-base" / "cards.yaml")
    result = run("check", str(path))
    assert result.exit_code == 1
    assert "error[E311]: unknown kind of card file `cards`" in result.output, result.output
    assert "hint: `cards` is a kind of card file of Frantic (game: frantic) and Pig with " \
           "cards (game: pig): a manifest.yaml beside it or above names its game" \
           in result.output
    events = lone(tmp_path, CARDS / "frantic-base" / "events.yaml")  # Frantic's only
    assert run("check", str(events)).exit_code == 0


def test_a_lone_forts_file_is_read_as_before(tmp_path) -> None:
    path = lone(tmp_path, CARDS / "fort-base" / "kids-glue.yaml")
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    unknown = lone(tmp_path, CARDS / "fort-base" / "x.yaml", "gnomes:\n  - id: a\n")
    result = run("check", str(unknown))
    assert "error[E311]: unknown kind of card file `gnomes`; expected `kids`, " \
           "`made_up_rules`, `perks`, `board`" in result.output
