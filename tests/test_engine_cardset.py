"""Every bundled card's actions execute (STYLE #12): played as the leader with random choices
and followed, from many random tables, with the invariants checked at every decision."""

from __future__ import annotations

import pytest
from builders import random_table
from test_engine_journal import log_is_empty

from fortlang.cardset import base_set
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.play import lead, perform, play_card, why_not
from fortlang.sim.seats import Seats

BASE = base_set()
SEEDS = range(12)


@pytest.mark.parametrize("card", kids_of(BASE), ids=lambda k: k.id)
def test_every_bundled_card_plays_legally_from_random_tables(card):
    played = 0
    for seed in SEEDS:
        game = random_table(BASE, 3, seed, debug=True)
        leader = game.players[0]
        inst = game.new_card(card, leader.hand)
        if why_not(game, 0, inst) is None:
            result = play_card(game, 0, inst)
            played += 1
            assert any(full and effect for _, full, effect in result.used)  # R5.4
        assert_invariants(game)
    assert played, f"{card.name} was never playable in {len(SEEDS)} random tables"


@pytest.mark.parametrize("card", kids_of(BASE), ids=lambda k: k.id)
def test_every_bundled_action_performs_in_part_without_breaking_invariants(card):
    for seed in SEEDS:
        game = random_table(BASE, 2, seed, debug=True)
        for action in (card.public, card.private):
            if action is not None:
                perform(game, 0, action, full=False)
                assert_invariants(game)


@pytest.mark.parametrize("seed", range(20))
def test_random_rounds_of_leading_and_following_keep_invariants(seed):
    game = random_table(BASE, 4, seed, debug=True)
    for turn in range(8):
        lead(game, turn % 4)
        assert_invariants(game)
    assert game.log  # decisions were asked and logged


def test_replaying_the_decision_log_reproduces_the_game():
    from fortlang.engine import ReplayAgent

    def run(agents_from=None):
        game = random_table(BASE, 4, 5)
        if agents_from is not None:
            replay = ReplayAgent(agents_from)
            game.asker = Seats([replay] * len(game.players))
        for turn in range(8):
            lead(game, turn % 4)
        return game

    first = run()
    again = run(list(first.log))
    assert again.log == first.log
    assert again.snapshot() == first.snapshot()
    assert first.snapshot() != random_table(BASE, 4, 5).snapshot()  # the turns changed things


@pytest.mark.parametrize("seed", range(10))
def test_r5_4_trying_every_card_leaves_the_state_unchanged(seed):
    game = random_table(BASE, 4, seed)
    before = game.snapshot()
    for seat in range(4):
        for card in list(game.players[seat].hand):
            why_not(game, seat, card)
    assert game.snapshot() == before and log_is_empty(game) and game.log == []
