"""Broken actions give positioned diagnostics with plain words and hints (STYLE #5, #12)."""

from __future__ import annotations

import pytest

from fortlang.checker import check
from fortlang.errors import FortSyntaxError
from fortlang.parser import parse_action, parse_scoring

# (source, line:col, words the message must contain, hint or None)
BROKEN = [
    ("", "1:1", "empty action", "blank box"),
    ("   ", "1:1", "empty action", None),
    ("gian pizza", "1:1", "unexpected `gian`; expected an action", "did you mean `gain`?"),
    ("gain pizza x shovle", "1:14", "unknown suit or quantity `shovle`", "`shovel`"),
    ("gain piza", "1:6", "unknown resource `piza`", "`pizza`"),
    ("gain toys", "1:6", "unknown resource `toys`", "`toy`"),
    ("gain pizza x", "1:13", "unexpected end of the action; expected a quantity", None),
    ("gain", "1:5", "expected a number or a resource", None),
    ("(gain pizza", "1:1", "this `(` is never closed", None),
    ("gain pizza)", "1:11", "unexpected `)`", None),
    ("gain pizza @ shovel", "1:12", "unexpected character `@`", None),
    ("gain\x00pizza", "1:5", "unexpected character `\\x00`", None),
    ("gainpizza", "1:1", "unexpected `gainpizza`", "`gain`"),
    ("Gain pizza", "1:1", "unexpected `Gain`", "`gain`"),
    ("score then", "1:11", "unexpected end", None),
    ("gain pizza\nthen scroe", "2:6", "unexpected `scroe`", "`score`"),
    ("advance 1", "1:9", "expected", None),
    ("gain 1234567 pizza", "1:6", "too large", "at most 6 digits"),
    # `)` with nothing open: lark's merged look-aheads would have said "expected `)`"
    ("gain pizza x shovel )", "1:21", "unexpected `)`; expected the end of the action",
     "no `(` is open"),
    ("gain pizza @", "1:12", "expected the end of the action, `or`, `then` or `x`", None),
    # Unicode look-alikes name the character and the word meant
    ("g\u0430in pizza", "1:1", "unexpected `g\u0430in`", "CYRILLIC SMALL LETTER A: did you "
     "mean `gain`?"),
    ("gain pizz\u0430", "1:6", "unexpected `pizz\u0430`", "did you mean `pizza`?"),
    ("gain pizza x shov\u0435l", "1:14", "unexpected `shov\u0435l`", "did you mean `shovel`?"),
    ("gain pizza \u0445 shovel", "1:12", "unexpected `\u0445`", "not `x`"),
    ("score x book \u25ba destroy this", "1:14", "unexpected character `\u25ba`", "not `\u25b6`"),
    ("gain\u00a0pizza", "1:5", "unexpected character", "NO-BREAK SPACE, not a plain space"),
    ("gain pizza x shovel\u200b", "1:20", "unexpected character", "ZERO WIDTH SPACE: delete it"),
    ("\uff47\uff41\uff49\uff4e pizza", "1:1", "unexpected", "did you mean `gain`?"),
]


@pytest.mark.parametrize(("source", "where", "words", "hint"), BROKEN,
                         ids=[repr(b[0])[:30] for b in BROKEN])
def test_syntax_errors_are_positioned(source: str, where: str, words: str, hint: str | None):
    with pytest.raises(FortSyntaxError) as info:
        parse_action(source)
    d = info.value.first
    assert f"{d.span.line}:{d.span.column}" == where
    assert words in d.message
    if hint is None:
        assert d.hint is None or "did you mean" not in d.hint
    else:
        assert d.hint is not None and hint in d.hint
    rendered = info.value.render()
    assert rendered.startswith(f"<action>:{where}: error[{d.code}]: ")
    assert "^" in rendered


def test_caret_sits_under_the_offending_word() -> None:
    with pytest.raises(FortSyntaxError) as info:
        parse_action("gain pizza x shovle")
    lines = info.value.render().splitlines()
    source_line, caret_line = lines[1], lines[2]
    start = caret_line.index("^")
    assert source_line[start : start + 6] == "shovle"
    assert caret_line.count("^") == 6


def test_long_input_shows_a_window_not_the_whole_line() -> None:
    text = "gain pizza then " * 65_000 + "oops"
    assert len(text) > 1_000_000
    with pytest.raises(FortSyntaxError) as info:
        parse_action(text)
    assert info.value.first.span.column == len(text) - 3
    assert max(len(line) for line in info.value.render().splitlines()) < 200


@pytest.mark.parametrize("text", ["x" * 1_000_000, "gain " + "p" * 1_000_000])
def test_a_megabyte_word_is_quoted_short(text: str) -> None:
    with pytest.raises(FortSyntaxError) as info:
        parse_action(text)
    # the word is quoted in 40 characters; the rest is the list of what was expected, which
    # grows with the language's words (core C1-C6 added four actions and three operators)
    assert len(info.value.first.message) < 250
    assert max(len(line) for line in info.value.render().splitlines()) < 250


def test_deep_nesting_is_refused_without_recursion() -> None:
    # 100,000 redundant parentheses are fine: they build no nodes.
    assert parse_action("(" * 100_000 + "pack" + ")" * 100_000) == parse_action("pack")
    # A genuinely deep tree is refused with a positioned error instead of a RecursionError.
    deep = "pack"
    for _ in range(40):
        deep = f"(pack or {deep}) x 2"
    with pytest.raises(FortSyntaxError) as info:
        parse_action(deep)
    assert info.value.first.code == "E102"


@pytest.mark.parametrize(("source", "code", "words"), [
    ("destroy this x shovel", "E201", "cannot be repeated (R12.5)"),
    ("(score then destroy this) x book", "E201", "cannot be repeated"),
    ("score 0", "E200", "does nothing"),
    ("gain 0 pizza", "E200", "does nothing"),
    ("spend 11 toy", "E200", "out of range"),
    ("pack x 0", "E200", "never performs"),
    ("pack x 99", "E200", "out of range"),
    ("advance -2", "E200", "R13.2"),
    ("advance +3", "E200", "R13.2"),
    # absurd multipliers: each number is in range, but they multiply
    ("score x 10 x 10 x 10", "E200", "repeat it 1000 times (at most 10 in all)"),
    ("(score then pack x 4) x 3", "E200", "repeat it 12 times"),
    ("score 3 x 4", "E200", "comes to 12 in all"),
    ("gain 4 pizza x 10", "E200", "comes to 40 in all"),
    # R12.5: a card is boxed once
    ("destroy this then destroy this", "E201", "twice in one action"),
    ("(destroy this or score) then destroy this", "E201", "twice in one action"),
])
def test_static_errors(source: str, code: str, words: str) -> None:
    diagnostics = check(parse_action(source))
    assert [d.code for d in diagnostics if d.is_error] == [code]
    assert words in diagnostics[0].message
    assert diagnostics[0].span is not None


@pytest.mark.parametrize(("source", "code"), [
    ("gain 5 pizza", "W200"),  # R1.5: stuff holds 4 of each
    ("pack x 1", "W201"),
    ("gain pizza x 5", "W200"),  # 5 pizzas straight into a stuff of 4
    ("gain 2 toy x 3", "W200"),
])
def test_static_warnings(source: str, code: str) -> None:
    assert [(d.severity, d.code) for d in check(parse_action(source))] == [("warning", code)]


def test_static_checks_collect_every_problem() -> None:
    diagnostics = check(parse_action("score 0 then destroy this x book then pack x 0"))
    assert [d.code for d in diagnostics] == ["E200", "E201", "E200"]


@pytest.mark.parametrize("source", ["gain pizza x shovel", "score x book then destroy this",
                                    "(recruit then gain toy) x water_gun", "gain 4 toy",
                                    "gain 2 pizza x 2", "(gain pizza then pack) x 5",
                                    "destroy this or score", "gain pizza x shovel x 5"])
def test_well_formed_actions_have_no_diagnostics(source: str) -> None:
    assert check(parse_action(source)) == []


@pytest.mark.parametrize(("source", "words", "hint"), [
    ("cardz + 1", "unknown metric `cardz`", "`cards`"),
    ("8 if cards >", "unexpected end of the rule", None),
    ("rival 3", "expected a metric", None),
    ("5 if", "expected", None),
    ("level = 2", "expected the end of the rule, `+` or `-` or `if`", None),  # no `)`
])
def test_scoring_errors(source: str, words: str, hint: str | None) -> None:
    with pytest.raises(FortSyntaxError) as info:
        parse_scoring(source)
    assert words in info.value.first.message
    assert info.value.first.file == "<scoring>"
    if hint:
        assert hint in (info.value.first.hint or "")


def test_a_tab_in_the_source_line_shows_as_a_space_above_the_caret() -> None:
    with pytest.raises(FortSyntaxError) as info:
        parse_action("gain\tpizza x shovle")
    source_line, caret_line = info.value.render().splitlines()[1:3]
    assert source_line == "  gain pizza x shovle"
    assert source_line[caret_line.index("^"):].startswith("shovle")
