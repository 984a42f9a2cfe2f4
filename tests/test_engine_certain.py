"""The shortcut of legal_plays (fortlang.engine.certain) never claims a play the search would not
find: checked on random actions at random tables, on every bundled card, and, for the actions it
knows, exactly: with no `x suit` to boost and no perk, "sure" is "playable"."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import actions

from fortlang.cardset import base_set
from fortlang.engine import Game, Rules, play
from fortlang.engine.build import kid, random_table
from fortlang.engine.certain import surely_playable
from fortlang.engine.play import why_not
from fortlang.model import KidCard
from fortlang.nodes import Suit

BASE = base_set()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(public=st.none() | actions, private=st.none() | actions, seed=st.integers(0, 60),
       suits=st.lists(st.sampled_from(Suit), min_size=1, max_size=2),
       lookout_optional=st.booleans())
def test_sure_plays_are_found_by_the_search(public, private, seed, suits, lookout_optional):
    game = random_table(BASE, 3, seed)
    game.rules = Rules(lookout_optional=lookout_optional)
    card = game.new_card(KidCard("x", "X", tuple(suits), public, private), game.players[0].hand)
    if surely_playable(game, 0, card):
        assert why_not(game, 0, card) is None


def _play_recorded(public, private, seed, suits, lookout_optional):
    """Play a card made of ``public`` and ``private`` at a random table, with followers: every
    decision as offered (options and the rules that excluded others) and the final state."""
    game = random_table(BASE, 3, seed)
    game.rules = Rules(lookout_optional=lookout_optional)
    card = game.new_card(KidCard("x", "X", tuple(suits), public, private), game.players[0].hand)
    seen: list[tuple] = []
    game.on_decision = lambda d, i: seen.append((d.kind, d.labels, d.excluded, i))
    rule = why_not(game, 0, card)
    if rule is None:
        play.play_card(game, 0, card, checked=True)
    return rule, seen, game.snapshot()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(public=st.none() | actions, private=st.none() | actions, seed=st.integers(0, 60),
       suits=st.lists(st.sampled_from(Suit), min_size=1, max_size=2),
       lookout_optional=st.booleans())
def test_a_search_cut_short_ends_as_the_full_search(public, private, seed, suits,
                                                    lookout_optional):
    """surely_first stops searches early: every verdict, option and rule reported stays."""
    fast = _play_recorded(public, private, seed, suits, lookout_optional)
    with patch.object(play, "surely_first", lambda ctx, action: False):
        assert _play_recorded(public, private, seed, suits, lookout_optional) == fast


@pytest.mark.parametrize("seed", range(12))
def test_bundled_cards_sure_only_when_playable(seed):
    game = random_table(BASE, 4, seed)
    for p in game.players:
        for c in list(p.hand):
            if surely_playable(game, p.seat, c):
                assert why_not(game, p.seat, c) is None, c.name


EXACT = ["score", "score 2", "gain 2 pizza", "gain toy", "gain pizza/toy", "gain 3 pizza/toy",
         "spend toy", "spend 2 pizza/toy", "recruit", "lookout", "destroy card", "destroy rival",
         "pack", "convert", "advance", "advance -1", "advance +1", "score x level",
         "gain toy x 2", "gain 2 pizza x pack", "spend pizza x lookout", "score x pack",
         "recruit then score", "advance then score 2", "gain 2 toy or score",
         "spend pizza then score 2", "gain pizza/toy x level", "destroy card then score"]


@pytest.mark.parametrize("text", EXACT)
def test_sure_is_exact_for_the_actions_it_knows(text):
    """Hands of 0-2 cards and random tokens, levels, lookouts: the boundaries of each check."""
    for seed in range(40):
        game = random_table(BASE, 3, seed)
        for p in game.players:
            p.perks.clear()  # Bribe and Sticky Fingers widen what the shortcut checks
            del p.hand[seed % 3:]  # the cards removed are simply out of the game here
        card = game.new_card(kid("X", "crown", text), game.players[seed % 3].hand)
        assert surely_playable(game, seed % 3, card) == (why_not(game, seed % 3, card) is None)


def test_the_shortcut_is_taken_for_plain_cards():
    game = Game(2, BASE.board)
    moose = next(k for k in BASE.kids if k.id == "moose")  # gain 2 pizza / pack x shovel
    card = game.new_card(moose, game.players[0].hand)
    assert surely_playable(game, 0, card)
    game.give(game.players[0], moose.public.resource, game.board.stuff_capacity - 1)
    assert not surely_playable(game, 0, card)  # one pizza fits: only the search can tell
