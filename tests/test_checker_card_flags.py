"""Issue 33 item 2: Fort's primitives are declared the way plugins declare theirs. Whether a
primitive moves cards, reads which cards are where, and how many ways its choice of a card has
once which card matters (R14: a test after a card move, issue 31.7) are fields of its
declaration (``PrimitiveSpec.moves_cards``, ``reads_cards``, ``card_ways``), from which the
checker's bound on the engine's search (E202) derives, for Fort's primitives exactly as for a
plugin's; the core checker names none of Fort's node classes. The rule E202 cites for a `then`
is the game's (Fort's R13.4), not Fort's for every game."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

from fortlang import checker
from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.checker import GameChecks, action_ways, card_flow, check, search_ways
from fortlang.engine import program as engine_program
from fortlang.games import game_named
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.checks import play_ways
from fortlang.parser import language, parse_action


@dataclass(frozen=True, slots=True)
class Sift(n.Action):
    """`sift`: box a card from your hand or discard pile, as Fort's `destroy card` does."""


@dataclass(frozen=True, slots=True)
class Hum(n.Action):
    """`hum`: moves no card and reads none, as Fort's `score`."""


@dataclass(frozen=True, slots=True)
class Mull(n.Action):
    """`mull`: declares nothing of the cards."""


def _effect(node: n.Action, ctx: object, k: object) -> bool:  # never performed here
    raise AssertionError


_DESTROY = reg.spec_of(fn.DestroyCard)
assert _DESTROY is not None
SIFT = reg.PrimitiveSpec("sift", Sift, "sift", "X7", "Box a card.", "sift",
                         most_options=_DESTROY.most_options, card_ways=reg.CARDS_A_ZONE,
                         reads_cards=False, frees=False, frees_rivals=False, effect=_effect)
HUM = reg.PrimitiveSpec("hum", Hum, "hum", "X8", "Hum.", "hum", moves_cards=False,
                        reads_cards=False, effect=_effect)
MULL = reg.PrimitiveSpec("mull", Mull, "mull", "X9", "Mull.", "mull", effect=_effect)
WORDS = fort_words.FORT.extended("fort+sift+hum+mull", primitives=(SIFT, HUM, MULL))
LANG = language(WORDS)

#: Issue 31.7's cards whose card moves come before a test of the cards (tests/
#: test_checker_search_bound.py): each card of a zone is tried, Fort's `destroy card` 10 a zone.
READ_AFTER_A_MOVE = [
    "destroy card x 6 then (if crown = 3 -> score 2) x any",
    "(destroy card or copy rival pack or draw) x 6 then if suits = 1 -> (lookout then copy "
    "pack then gain toy then pack)",
    "(each rival -> destroy card) x 5 then if advances >= 0 -> if pack != 4 -> copy pack then "
    "each rival -> copy pack x lookout",
    "destroy card then if crown = 3 -> score 2",
]


@pytest.mark.parametrize("text", READ_AFTER_A_MOVE)
def test_a_plugins_card_choice_is_bounded_as_forts(text: str) -> None:
    """A plugin's primitive that declares it moves a card chosen among a zone's
    (``card_ways``) is counted as Fort's `destroy card`: its search figures, and E202."""
    fort = parse_action(text)
    plugin = LANG.parse_action(text.replace("destroy card", "sift"))
    assert card_flow(plugin) == card_flow(fort)
    assert search_ways(plugin, True) == search_ways(fort, True) > search_ways(plugin)
    assert action_ways(plugin) == action_ways(fort)
    assert play_ways([plugin]) == play_ways([fort])
    codes = [d.code for d in check(fort)]
    assert [d.code for d in check(plugin, vocabulary=WORDS)] == codes


def test_a_card_choice_counts_its_ways_only_when_the_cards_are_read_after() -> None:
    sift = LANG.parse_action("sift")
    assert search_ways(sift) == _DESTROY.most_options
    assert search_ways(sift, True) == _DESTROY.most_options * reg.CARDS_A_ZONE
    alone = LANG.parse_action("sift x 6 then score 2")  # nothing reads the cards
    assert action_ways(alone) == action_ways(parse_action("destroy card x 6 then score 2"))


def test_a_plugin_primitive_declared_to_touch_no_card_is_no_card_move() -> None:
    """Declared as Fort's `score` is: no card moved, none read, so a test of the cards after
    it does not make the card moves before it count each card."""
    assert card_flow(LANG.parse_action("hum")) == card_flow(parse_action("score")) \
        == (False, False, False)
    text = "destroy card x 6 then hum then (if crown = 3 -> score 2) x any"
    assert action_ways(LANG.parse_action(text)) == action_ways(
        parse_action(text.replace("hum", "score")))


def test_a_plugin_primitive_that_declares_nothing_may_move_and_read_cards() -> None:
    """The defaults are safe: a primitive not declared may move a card and read the cards,
    the one after the other (another vocabulary's primitives were always so counted)."""
    assert (MULL.moves_cards, MULL.reads_cards, MULL.card_ways) == (True, True, 1)
    assert card_flow(LANG.parse_action("mull")) == (True, True, True)
    assert checker.reads_moved_cards(LANG.parse_action("destroy card then mull"))


def test_a_card_choice_is_declared_only_of_a_card_move() -> None:
    with pytest.raises(ValueError, match="card_ways"):
        reg.PrimitiveSpec("nope", Hum, "nope", "X", "No.", "nope", moves_cards=False,
                          card_ways=reg.CARDS_A_ZONE)
    with pytest.raises(ValueError, match="card_ways"):
        reg.PrimitiveSpec("nope", Hum, "nope", "X", "No.", "nope", card_ways=0)


@pytest.mark.parametrize("spec", fort_words.PRIMITIVES, ids=lambda s: s.name)
def test_forts_declarations_say_what_its_ops_do_with_cards(spec: reg.PrimitiveSpec) -> None:
    """Fort's declared flags and the engine's ops (games/fort/ops/, ``touches``) agree, so the
    checker judges a card move as the engine searches it (program.reads_moved_cards)."""
    node = next(x for x in parse_action(spec.example).walk() if type(x) is spec.node)
    op = engine_program.program(node)  # type: ignore[arg-type]
    assert op.known
    assert engine_program._card_flow(op) == card_flow(node) \
        == (spec.moves_cards, spec.reads_cards, False)
    assert spec.card_ways in (1, reg.CARDS_A_ZONE)
    assert spec.card_ways == 1 or spec.moves_cards


def test_the_core_checker_names_none_of_forts_node_classes() -> None:
    """Which primitives choose, move or read cards, and which quantities name a suit, is their
    declarations' (issue 33.2): the core checker names none of Fort's primitives' or
    quantities' node classes."""
    source = (Path(checker.__file__).parent / "checker.py").read_text(encoding="utf-8")
    named = {x.attr for x in ast.walk(ast.parse(source)) if isinstance(x, ast.Attribute)
             and isinstance(x.value, ast.Name) and x.value.id == "n"}
    forts = {spec.node.__name__ for spec in fort_words.PRIMITIVES} | {
        type(w.build()).__name__ for w in fort_words.FORT.quantities}
    assert {"Lookout", "Draw", "AnySuit", "SuitCount"} <= forts
    assert named, "the checker reads fortlang.nodes as n"
    assert not named & forts


# -- a quantity that names something once for its repeat (`x any`, R5.7) --------------------------

_SAID = {"phrases": {"en": "for each omen", "fr": "pour chaque présage", "ru": "за знамение"},
         "meanings": {"fr": "présages", "ru": "знамения"}}
OMENS = reg.WordSpec("omens", "X9", "omens, of a kind you name", partial(n.Tally, "omens"),
                     bound=12, measure=len, named=3, named_word="kinds of omen", **_SAID)
SIGNS = reg.WordSpec("signs", "X9", "signs", partial(n.Tally, "signs"), bound=12, measure=len,
                     **_SAID)
OMINOUS = language(fort_words.FORT.extended("fort+omens", quantities=(OMENS, SIGNS)))


def test_a_quantity_that_names_something_counts_its_choice_once_as_x_any() -> None:
    fort = search_ways(parse_action("(pack or score) x any"))
    assert fort == len(fn.Suit) * search_ways(parse_action("(pack or score) x shovel"))
    omens = search_ways(OMINOUS.parse_action("(pack or score) x omens"))
    assert omens == 3 * search_ways(OMINOUS.parse_action("(pack or score) x signs"))
    text = "(pack or score or lookout or recruit) x omens then score"
    [d] = [d for d in check(OMINOUS.parse_action(text)) if "before `score`" in d.message]
    assert d.hint is not None and ", times 3 kinds of omen" in d.hint


# -- the rule E202 cites for a `then` is the game's ----------------------------------------------

#: Frantic's `x place` repeats up to 8 times (F9.2) a choice of 40 ways before a `then`.
FRANTIC_THEN = ("(give 2 to another or exchange 2 with another or skip another or wish) x place "
                "then draw")


def test_forts_then_bound_cites_r13_4() -> None:
    text = "(recruit or destroy card or lookout or draw) x 10 then spend toy x 10"
    [d] = [d for d in check(parse_action(text)) if "before `spend toy x 10`" in d.message]
    assert d.code == "E202"
    assert d.message.endswith(f"(R13.4; at most {reg.MAX_SEARCH_WAYS:,} ways)")


def test_a_frantic_then_bound_cites_none_of_forts_rules() -> None:
    frantic = reg.vocabulary_of("frantic")
    [d] = check(language(frantic).parse_action(FRANTIC_THEN), vocabulary=frantic)
    assert d.code == "E202" and "before `draw`" in d.message
    assert "R13.4" not in d.message
    assert d.message.endswith(f"(at most {reg.MAX_SEARCH_WAYS:,} ways)")


def test_a_games_rule_for_then_is_cited() -> None:
    frantic = reg.vocabulary_of("frantic")
    own = GameChecks(rules={"then": "F99.1"})
    checker._GAME_CHECKS["frantic"] = (game_named("frantic"), own)
    try:
        [d] = check(language(frantic).parse_action(FRANTIC_THEN), vocabulary=frantic)
    finally:
        del checker._GAME_CHECKS["frantic"]
    assert d.message.endswith(f"(F99.1; at most {reg.MAX_SEARCH_WAYS:,} ways)")


@pytest.mark.parametrize("text", ["hum", "sift", "mull", "destroy card then hum",
                                  "sift x 6 then (if crown = 3 -> score 2) x any",
                                  "hum then (if crown = 3 -> score 2)"])
def test_the_engine_searches_a_plugins_primitive_as_the_checker_bounds_it(text: str) -> None:
    """Nothing the checker accepts may outgrow its bound: the engine's card flow of another
    vocabulary's primitive (an op it does not know) is read from the same declaration as the
    checker's, so a primitive declared to touch no card does not make the engine try every
    card of a zone (interpreter.EQUIVALENT_OPTIONS) where the checker counted one."""
    node = LANG.parse_action(text)
    ops = [engine_program.program(node)]  # type: ignore[arg-type]
    assert engine_program._card_flow(ops[0]) == card_flow(node)
    assert engine_program.reads_moved_cards(ops) == checker.reads_moved_cards(node)
