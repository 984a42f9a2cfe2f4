"""Golden fixtures for the language (R12, R13): expected ASTs, canonical forms, Unicode ≡ ASCII."""

from __future__ import annotations

from pathlib import Path

import pytest

from fortlang import nodes as n
from fortlang.errors import FortSyntaxError
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.parser import parse_action
from fortlang.printer import to_text

FIXTURES = Path(__file__).parent / "fixtures"


def _lines(name: str) -> list[str]:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


# Every action quoted in R12/R13 and in shared/data/fort-base-facts.md, with its expected AST.
GOLDEN = {
    # R5.3 / facts: Bug
    "gain pizza x shovel": n.Repeat(fn.Gain(1, Resource.PIZZA), fn.SuitCount(Suit.SHOVEL)),
    "score x level": n.Repeat(fn.Score(), fn.FortLevel()),
    # R5.4 / facts: Bud
    "gain 2 pizza/toy": fn.Gain(2, Resource.EITHER),
    "destroy card": fn.DestroyCard(),
    # facts: Doodles, Patch, Dot
    "gain toy x glue": n.Repeat(fn.Gain(1, Resource.TOY), fn.SuitCount(Suit.GLUE)),
    "gain toy x book": n.Repeat(fn.Gain(1, Resource.TOY), fn.SuitCount(Suit.BOOK)),
    "advance -1": fn.Advance(-1),
    # R13.1, R13.3: score x resources in pack
    "score x pack": n.Repeat(fn.Score(), fn.PackSize()),
    "score × level": n.Repeat(fn.Score(), fn.FortLevel()),
    # R13.4
    "destroy rival then gain resource": n.Then((fn.DestroyRival(), fn.Gain(1, Resource.EITHER))),
    "advance then score 2": n.Then((fn.Advance(), fn.Score(2))),
    "advance -1 then score 2": n.Then((fn.Advance(-1), fn.Score(2))),
    # R13.5
    "(recruit then gain toy) x water_gun": n.Repeat(
        n.Then((fn.Recruit(), fn.Gain(1, Resource.TOY))), fn.SuitCount(Suit.WATER_GUN)),
    "score x book ▶ destroy this": n.Then(
        (n.Repeat(fn.Score(), fn.SuitCount(Suit.BOOK)), fn.DestroyThis())),
    # R5.7 and the primitives of R12 not shown above
    "gain toy x any": n.Repeat(fn.Gain(1, Resource.TOY), fn.AnySuit()),
    "pack": fn.Pack(),
    "lookout": fn.Lookout(),
    "destroy this": fn.DestroyThis(),
    "recruit": fn.Recruit(),
    "advance +1": fn.Advance(1),
    "spend 2 pizza": fn.Spend(2, Resource.PIZZA),
    "destroy rival": fn.DestroyRival(),
    "copy pack": fn.CopyPack(),
    "copy rival pack": fn.CopyRivalPack(),
    "convert": fn.Convert(),
    "score x lookout": n.Repeat(fn.Score(), fn.LookoutSize()),
    "gain 2 pizza or gain 2 toy": n.Choice((fn.Gain(2, Resource.PIZZA), fn.Gain(2, Resource.TOY))),
}


@pytest.mark.parametrize("text", GOLDEN, ids=list(GOLDEN))
def test_r12_r13_quoted_actions_parse_to_expected_ast(text: str) -> None:
    assert parse_action(text) == GOLDEN[text]


def test_r13_precedence_x_binds_tighter_than_then_tighter_than_or() -> None:
    got = parse_action("pack or score x book then recruit")
    assert got == n.Choice((
        fn.Pack(),
        n.Then((n.Repeat(fn.Score(), fn.SuitCount(Suit.BOOK)), fn.Recruit())),
    ))


@pytest.mark.parametrize("text", _lines("identity.txt"))
def test_canonical_text_prints_back_unchanged(text: str) -> None:
    assert to_text(parse_action(text)) == text


_NORMALIZE = [tuple(part.strip() for part in line.split("=>")) for line in _lines("normalize.txt")]


@pytest.mark.parametrize(("source", "canonical"), _NORMALIZE, ids=[s for s, _ in _NORMALIZE])
def test_normalises_to_canonical_form(source: str, canonical: str) -> None:
    if canonical == "ERROR":
        with pytest.raises(FortSyntaxError):
            parse_action(source)
        return
    printed = to_text(parse_action(source))
    assert printed == canonical
    assert to_text(parse_action(printed)) == printed  # idempotent


UNICODE = {"x": "×", "then": "▶"}


@pytest.mark.parametrize("text", [t for t in GOLDEN if " x " in t or " then " in t])
def test_r13_unicode_operators_equal_ascii(text: str) -> None:
    unicode = text.replace(" x ", " × ").replace(" then ", " ▶ ")
    assert unicode != text
    assert parse_action(unicode) == parse_action(text)


def test_spans_cover_the_source() -> None:
    node = parse_action("(recruit then gain toy) x water_gun")
    assert isinstance(node, n.Repeat)
    assert (node.span.column, node.span.end_column) == (1, 36)
    assert (node.body.span.column, node.body.span.end_column) == (1, 24)  # with its parentheses
    assert (node.count.span.column, node.count.span.end_column) == (27, 36)


def test_spans_do_not_affect_equality() -> None:
    assert parse_action("gain pizza") == parse_action("   gain   pizza")
    assert parse_action("gain pizza").span != parse_action("   gain   pizza").span


def test_multiline_action_positions() -> None:
    node = parse_action("gain pizza\n  x shovel")
    assert node.span.line == 1 and node.span.end_line == 2
    assert node.count.span.line == 2 and node.count.span.column == 5
