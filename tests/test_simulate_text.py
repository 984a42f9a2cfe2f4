"""`fortlang simulate` without `--json` shows each game's own figures (issue 33 item 5): Fort's
table is Fort's drivers' `show`; a game module played by the generic drivers (Frantic, the
example module Pig) gets what was played, wins by bot, turns and each card's plays; Fortune
and Glory, which has no game loop yet, is still refused (E906) before any game."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from pig_site import PIG_SET, pig  # noqa: F401 - the example module installed (autouse)

from fortlang.cli import main

ROOT = Path(__file__).resolve().parent.parent


def simulate(*args: str) -> tuple[str, dict]:
    """The text report and the JSON figures of the same run."""
    text = CliRunner().invoke(main, ["simulate", *args])
    assert text.exit_code == 0, text.output
    figures = CliRunner().invoke(main, ["simulate", *args, "--json"])
    assert figures.exit_code == 0, figures.output
    return text.output, json.loads(figures.output)


def played_lines(figures: dict) -> list[str]:
    """The lines the text gives each card played, most played first (ties by id)."""
    rows = sorted(((c["plays"], key, c["per_game"]) for key, c in figures["cards"].items()
                   if c["plays"]), key=lambda row: (-row[0], row[1]))
    return [f"    {key}: {plays}, {per_game:g}" for plays, key, per_game in rows]


def test_frantics_text_shows_its_cards_plays() -> None:
    text, figures = simulate("--sets", str(ROOT / "cards" / "frantic-base"), "--games", "3",
                             "--players", "3", "--seed", "1")
    lines = text.splitlines()
    assert lines[0] == "3 games of Frantic, 3 players, seed 1, sets frantic-base 0.1.0"
    rows = played_lines(figures)
    assert len(rows) > 10 and "  cards played (plays, per game):" in lines
    start = lines.index("  cards played (plays, per game):") + 1
    assert lines[start:start + len(rows)] == rows
    assert lines[-1] == "  never played: " + ", ".join(figures["never_played"])
    assert "mean fort level" not in text and "kid cards" not in text  # no word of Fort's


def test_the_example_modules_text_shows_its_cards_plays() -> None:
    text, figures = simulate("--sets", str(PIG_SET), "--games", "4", "--players", "2",
                             "--bots", "random", "--seed", "2")
    assert text.splitlines()[0] == ("4 games of Pig with cards, 2 players, seed 2, "
                                    "sets pig-base 0.1.0")
    assert played_lines(figures) and all(row in text for row in played_lines(figures))


def test_fortune_and_glory_is_refused_before_any_game() -> None:
    result = CliRunner().invoke(main, ["simulate", "--sets",
                                       str(ROOT / "cards" / "fortune-base")])
    assert result.exit_code == 1
    assert "error[E906]" in result.output and "it has no game loop" in result.output


def test_the_text_helpers_doctests() -> None:
    import doctest

    import fortlang.sim.text

    result = doctest.testmod(fortlang.sim.text)
    assert result.attempted and not result.failed
