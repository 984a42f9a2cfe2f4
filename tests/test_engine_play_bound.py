"""Issue 31.7: what `check` accepts decides in bounded time. Random cards the checker accepts
are played by the leader from random tables, and the search work the engine does (each option
a search tries, ``Point.next``, counted as it runs) stays within a constant times the
checker's own figure for the card: checker.play_ways, the product E202 bounds (the suits
named, R5.6, R5.7, the counts the cards added give, R5.3, the ways of the actions), here with
each action's ways as a whole (checker.search_ways), since the engine also searches what E202
leaves to its memory and closed forms (a repeat of alternatives, issue 13.3). Figures up to
MOST_WAYS only, to stay fast: bench/fuzz_cards.py --at-bound plays cards at the bound. Counted,
not timed."""

from __future__ import annotations

import dataclasses

import pytest
from builders import random_table
from engine_strategies import accepted_actions, at_bound_actions
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fortlang import native
from fortlang.cardset import base_set
from fortlang.checker import check, search_ways
from fortlang.engine import interpreter
from fortlang.games.fort.checks import any_suits, play_ways
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.play import play_card, why_not

pytestmark = pytest.mark.skipif(native.is_compiled(interpreter), reason="counts by patching a "
                                "class, which a compiled module calls directly")

BASE = base_set()
#: Options tried per way of the checker's figure, at most: a way is one path through the
#: choices the figure counts, and a path passes several choice points (the suits, the cards
#: added, the orders of the boxes, R5.2). Measured: at most 5 (for a figure of 1), under 2 for
#: figures over 10 (300 examples).
PER_WAY = 8
#: The figures played here, at most: a search at the bound takes seconds uncompiled
#: (bench/fuzz_cards.py --at-bound plays them, compiled).
MOST_WAYS = 20_000


class _TooMuch(Exception):
    pass


def _counting(monkeypatch, ceiling: int) -> list[int]:
    tried = [0]
    original = interpreter.Point.next

    def next_option(self):
        tried[0] += 1
        if tried[0] > ceiling:
            raise _TooMuch(tried[0])
        return original(self)

    monkeypatch.setattr(interpreter.Point, "next", next_option)
    return tried


boxes = st.one_of(accepted_actions(8), at_bound_actions(4, most_anys=1))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(public=boxes, private=st.none() | boxes,
       suits=st.sampled_from([(s,) for s in Suit] + [(s, Suit.COIN) for s in Suit
                                                      if s is not Suit.COIN]),
       seed=st.integers(0, 10**6))
def test_a_play_searches_within_the_checker_figure(monkeypatch, public, private, suits, seed):
    actions = [a for a in (public, private) if a is not None]
    assume(sum(len(any_suits(a)) for a in actions) <= 2)  # E202 for the card (R5.7)
    figure = play_ways(actions, Suit.COIN in suits, search_ways)
    assume(figure <= MOST_WAYS)
    kid = dataclasses.replace(kids_of(BASE)[-1], id="tried", name="Tried", suits=suits,
                              public=public, private=private)
    game = random_table(BASE, 3, seed)
    hand = game.players[0].hand
    card = game.new_card(kid, hand)
    with monkeypatch.context() as patched:
        tried = _counting(patched, PER_WAY * figure)
        legal = why_not(game, 0, card) is None
        if legal:
            play_card(game, 0, card, follow=False, checked=True)
    assert tried[0] <= PER_WAY * figure


#: Issue 31.7: shapes bench/ratio_ways.py found the engine searching far past the figure E202
#: bounds (checker.play_ways with checker.action_ways): a repeat of parts that offer choices,
#: alone or as the right part of a `then` (one stalled, with a figure of 546), and, beside
#: them, cards of the same shapes the checker accepts.
FOUND_SHAPES = [
    "(copy rival pack or recruit or advance) x any",
    "(lose or score 2 or gain 3 pizza/toy) x 3 then (copy rival pack x pack or advance) x any",
    "(copy rival pack or recruit or advance) x 2",
    "score then (copy rival pack or recruit) x 3",
    "(lose or score 2) x 3 then (copy rival pack or advance) x 2",
]


#: Issue 31.7: a card move before a test that reads which cards you have (`if crown = 3`,
#: R14) makes the engine try every card of a zone instead of one per zone
#: (interpreter.EQUIVALENT_OPTIONS, program.reads_moved_cards); the checker counted a card
#: move as if the cards ended alike (compiled, the first stalled past 150 s on table 1 with a
#: figure of 504,504), and now counts registry.CARDS_A_ZONE cards a zone. Beside it, cards of
#: the same shape it accepts.
CARDS_READ_AFTER_A_MOVE = [
    "destroy card x 6 then (if crown = 3 -> score 2) x any",
    "destroy card x 2 then (if crown = 3 -> score 2) x 2",
    "(recruit or lookout) then if suits = 2 -> score",
]


@pytest.mark.parametrize("table", range(3))
@pytest.mark.parametrize("text", FOUND_SHAPES)
def test_a_card_is_refused_or_searched_within_its_figure(monkeypatch, text, table):
    """Whatever `check` accepts, a play of it tries at most PER_WAY options a way of the
    figure E202 bounds, with a hand holding cards of every suit (R5.3: the counts the cards
    added give at their largest); what it would search past that, it refuses."""
    _refused_or_within(monkeypatch, text, table, 4)


@pytest.mark.parametrize("table", range(3))
@pytest.mark.parametrize("text", CARDS_READ_AFTER_A_MOVE)
def test_a_card_move_before_a_test_of_the_cards_is_counted(monkeypatch, text, table):
    _refused_or_within(monkeypatch, text, table, 1)


def _refused_or_within(monkeypatch, text: str, table: int, per_suit: int) -> None:
    from fortlang.parser import parse_action

    action = parse_action(text)
    if any(d.code == "E202" for d in check(action)):
        return
    figure = play_ways([action], True)
    kid = dataclasses.replace(kids_of(BASE)[-1], id="tried", name="Tried",
                              suits=(Suit.SHOVEL, Suit.COIN), public=action, private=None)
    game = random_table(BASE, 3, table)
    hand = game.players[0].hand
    for suit in Suit:
        with_suit = [k for k in kids_of(BASE) if suit in k.suits and not k.best_friend]
        for i in range(per_suit):
            game.new_card(with_suit[i % len(with_suit)], hand)
    card = game.new_card(kid, hand)
    with monkeypatch.context() as patched:
        tried = _counting(patched, PER_WAY * figure)
        if why_not(game, 0, card) is None:
            play_card(game, 0, card, follow=False, checked=True)
    assert tried[0] <= PER_WAY * figure
