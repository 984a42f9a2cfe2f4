"""`fortlang check` on a card file teaches the form meant (issue 36, errors that teach): each
hint is asserted through the command a designer runs, on a card file written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main


def check_action(tmp_path: Path, action: str, quoted: bool = True) -> str:
    value = "'" + action.replace("'", "''") + "'" if quoted else action
    card = tmp_path / "kids.yaml"
    card.write_text("kids:\n  - id: bug\n    name: Bug\n    suits: [shovel]\n"
                    f"    public: {value}\n    source: rulebook\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(card)])
    assert result.exit_code == 1, result.output
    return result.output


HINTS = [
    ("if hand >= 4: draw", "5:26", "did you mean `if hand >= 4 -> draw`?"),
    ("draw 2 cards", "5:21", "did you mean `draw 2`?"),
    ("gain pizza x water gun", "5:33", "did you mean `water_gun`?"),
    ("take toy from rival", "5:23", "`take` is written `take [N] RES`"),
    ("score if toy > 2", "5:20", "did you mean `if toy > 2 -> score`?"),
    ("if toy => 3 -> score", "5:22", "did you mean `>=`?"),
]


@pytest.mark.parametrize(("action", "where", "hint"), HINTS, ids=[h[0] for h in HINTS])
def test_a_common_slip_gets_the_form_meant(tmp_path: Path, action: str, where: str, hint: str):
    out = check_action(tmp_path, action)
    assert f"kids.yaml:{where}: error[E100]" in out
    assert "hint: " in out and hint in out


def test_a_condition_with_a_colon_left_unquoted_still_gets_the_arrow(tmp_path: Path):
    # YAML reads `public: if hand >= 4: draw` as a mapping: the hint must say `->` all the same
    out = check_action(tmp_path, "if hand >= 4: draw", quoted=False)
    assert "error[E301]" in out
    assert "did you mean `if hand >= 4 -> draw`?" in out


@pytest.mark.parametrize(("action", "column"), [
    ("(gain pizza then score", 14),
    ("gain pizza or (score then (draw", 40),
    ("(gain pizza or (score)\nthen draw", 14),
])
def test_a_missing_paren_points_at_the_open_one(tmp_path: Path, action: str, column: int):
    out = check_action(tmp_path, action)
    assert f"kids.yaml:5:{column}: error[E100]: this `(` is never closed" in out
    caret = out.splitlines()[2]
    assert caret.strip() == "^" and caret.index("^") == out.splitlines()[1].rindex("(",
        0, caret.index("^") + 1)


def test_every_error_of_an_action_is_reported_at_once(tmp_path: Path):
    out = check_action(tmp_path, "gian pizza then draw 2 cards or gain piza")
    assert "kids.yaml:5:14: error[E100]: unexpected `gian`" in out
    assert "kids.yaml:5:37: error[E100]: unexpected `cards`" in out
    assert "kids.yaml:5:51: error[E101]: unknown resource `piza`" in out
    assert "1 card: 3 errors" in out


def test_the_errors_of_one_action_are_capped(tmp_path: Path):
    out = check_action(tmp_path, " then ".join(["gian pizza"] * 25))
    assert out.count("error[E100]: unexpected `gian`") == 10
    assert "and 15 more errors in this action" in out


def test_an_error_inside_parentheses_does_not_cascade(tmp_path: Path):
    out = check_action(tmp_path, "(gian pizza then score) or (score then gain piza)")
    assert "unexpected `gian`" in out and "unknown resource `piza`" in out
    assert "1 card: 2 errors" in out


def test_too_many_ways_points_at_the_part_that_multiplies(tmp_path: Path):
    # the repeat of `convert or recruit` (15 ways, 12 times) makes the 646,653 ways; E202
    # counts the places it reaches, the ways of at most 12 of the 15 in any order (issue 36)
    out = check_action(tmp_path, "(score or (take toy or (convert or recruit) x glue)) then score")
    assert "error[E202]" in out and "646,653" in out
    line, caret = out.splitlines()[1:3]
    start = caret.index("^")
    assert line[start:start + len(caret.strip())] == "(convert or recruit) x glue"
    assert "`x glue` repeats `convert or recruit` up to 12 times" in out
    assert "places" in out and "^12" not in out


def test_a_repeat_whose_places_are_few_is_accepted(tmp_path: Path):
    # `->` binds tighter than `or`: the rivals take a toy, or the owner converts x glue: 4^12
    # paths but 1,820 places, which the engine does not search one by one (issue 36)
    card = tmp_path / "kids.yaml"
    card.write_text("kids:\n  - id: ok\n    name: Ok\n    suits: [shovel]\n"
                    "    public: each rival -> take toy or convert x glue\n"
                    "    source: rulebook\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(card)])
    assert result.exit_code == 0 and "E202" not in result.output, result.output
