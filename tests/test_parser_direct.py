"""The parser calls Lark's LALR parser and lexer directly (fortlang.parser._lalr_parse), skipping
the front end's per-text checks, and builds primitives without their constructors: both must give
exactly what Lark's public ``parse`` and the nodes' own constructors give, spans included."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from lark.exceptions import ConfigurationError, UnexpectedInput

from fortlang import nodes as n
from fortlang import registry
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.parser import START_ACTION, START_SCORING, language

FIXTURES = Path(__file__).parent / "fixtures"
ACTIONS = [line for line in (FIXTURES / "identity.txt").read_text(encoding="utf-8").splitlines()
           if line.strip() and not line.startswith("#")]
BAD = ["gain pizza x", "gain pizzza", "(gain pizza", "gain pizza )", "gain 1234567 toy",
       "gain pizza\nthen $", "", "gain toy toy", "score x shovle"]


@pytest.mark.parametrize("text", ACTIONS + ["gain 2 pizza / toy", "gain pizza\r\nthen pack",
                                            "each rival -> spend toy", "draw 2 then lose"])
def test_the_direct_parse_builds_what_lark_builds(text: str) -> None:
    lang = language()
    ours = lang.parse(text, START_ACTION, "<t>")
    theirs = lang.lark.parse(text.replace("\r\n", "\n"), start=START_ACTION)
    assert ours == theirs
    assert n.to_json(ours) == n.to_json(theirs)  # spans too


def test_the_direct_parse_builds_scoring_as_lark_does() -> None:
    lang = language()
    text = "2 * cards if rival crown < crown else 1"
    assert n.to_json(lang.parse(text, START_SCORING, "<t>")) == n.to_json(
        lang.lark.parse(text, start=START_SCORING))


@pytest.mark.parametrize("text", BAD)
def test_the_direct_parse_fails_where_and_as_lark_does(text: str) -> None:
    lang = language()

    def failure(parse) -> tuple[str, object, object]:
        try:
            parse(text)
        except UnexpectedInput as e:
            return type(e).__name__, e.pos_in_stream, sorted(getattr(e, "expected", None) or ())
        except Exception as e:  # a builder's own error (E101, E200)
            return type(e).__name__, str(e), None
        raise AssertionError("parsed")

    assert failure(lambda t: lang._parse(t, START_ACTION)) == failure(
        lambda t: lang.lark.parse(t, start=START_ACTION))


def test_an_unknown_start_is_lark_s_configuration_error() -> None:
    with pytest.raises(ConfigurationError):
        language().parse("gain pizza", "gane", "<t>")


@pytest.mark.parametrize("text", ["gain pizza", "gain 3 toy", "advance -1", "advance", "score",
                                  "score 4", "spend 2 pizza/toy", "destroy card", "pack"])
def test_a_primitive_is_the_node_its_constructor_makes(text: str) -> None:
    made = language().parse_action(text)
    kwargs = {f: getattr(made, f) for f in made.__dataclass_fields__ if f != "span"}
    rebuilt = type(made)(**kwargs, span=made.span)
    assert made == rebuilt and repr(made) == repr(rebuilt) and made.span == rebuilt.span
    assert made.depth == 0
    assert made.span == n.Span(1, 1, 1, len(text) + 1, 0, len(text))


def test_a_leaf_has_depth_zero_and_a_composite_counts_its_deepest_child() -> None:
    action = language().parse_action("((gain pizza x shovel) x glue then pack) x level")
    assert action.depth == 4  # x over then over x over x
    assert [k.depth for k in action.walk() if not isinstance(k, n._Composite)] == [0] * 5


@dataclass(frozen=True, slots=True)
class _Heap(n.Action):
    """A plugin's node that normalises itself after __init__: its builder must call it."""

    amount: int = 1
    resource: fn.Resource = fn.Resource.EITHER

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", min(self.amount, 3))


@dataclass(frozen=True, slots=True)
class _Pile(n.Action):
    """A plugin's node without __post_init__: its builder sets the slots."""

    amount: int = 2
    resource: fn.Resource = fn.Resource.TOY


def test_a_plugin_node_is_built_as_its_constructor_builds_it() -> None:
    heap = registry.PrimitiveSpec("heap", _Heap, "heap [N] RES", "T1", "Heap tokens.", "heap toy")
    pile = registry.PrimitiveSpec("pile", _Pile, "pile [N] RES", "T2", "Pile tokens.", "pile toy")
    lang = language(fort_words.FORT.extended("fort+heap+pile", primitives=(heap, pile)))
    assert lang.parse_action("heap 9 toy") == _Heap(3, fn.Resource.TOY)
    assert lang.parse_action("heap pizza") == _Heap(1, fn.Resource.PIZZA)
    assert lang.parse_action("pile pizza then pile 5 toy") == n.Then(
        (_Pile(2, fn.Resource.PIZZA), _Pile(5, fn.Resource.TOY)))
    assert lang.parse_action("pile 5 toy").span == n.Span(1, 1, 1, 11, 0, 10)
