"""Issue 38: between moves (the turn loop, no transaction open) the clean-up (R4.1) and the
discard phase (R8.1) put each card on its pile once instead of moving it from the front of its
zone, journaled: the piles must be those the journaled moves leave, card for card and in order;
and the turn loop's one TurnRecord, begun anew by each clean-up, must read as a new record."""

from __future__ import annotations

import random

import pytest

from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import Turns, run_game
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.turn import TurnRecord, clean_up, discard

CARDSET = base_set()


def _tables(seed: int, players: int = 3):
    return [new_game(CARDSET, players, seed=seed, agents=make_bots(["random"], players, seed))[0]
            for _ in range(2)]


def _deal(game, steps: random.Random) -> None:
    """Cards of the park deck dealt into every zone the two phases empty, best friends and
    others mixed in the hand (the same steps on both tables)."""
    for p in game.players:
        for zone in (p.hand, p.in_play, p.yard, p.discard):
            for _ in range(steps.randrange(0, 5)):
                if game.park_deck:
                    zone.append(game.park_deck.pop())
        for _ in range(steps.randrange(0, 3)):  # the other seats' best friends, too
            q = game.players[steps.randrange(len(game.players))]
            if q.deck:
                p.hand.append(q.deck.pop())
        steps.shuffle(p.hand)


@pytest.mark.parametrize("seed", range(10))
def test_r4_1_r8_1_the_piles_between_moves_are_the_journaled_moves_piles(seed):
    runs, single = _tables(seed)
    for game in (runs, single):
        _deal(game, random.Random(seed))
    friends = 0
    for seat in range(len(runs.players)):
        friends += sum(c.defn.best_friend for c in runs.players[seat].hand)
        for phase in (discard, lambda g, s: clean_up(g, s, False)):
            assert not runs.recording()
            phase(runs, seat)
            mark = single.begin()
            phase(single, seat)
            single.commit(mark)
            assert runs.snapshot() == single.snapshot()
        p = runs.players[seat]
        assert not p.hand and not p.in_play and not p.yard
    assert friends  # some best friends in hand went to the discard pile


def test_r4_1_a_first_turn_cleans_nothing_up():
    game, _ = _tables(1)
    p = game.players[0]
    p.yard.append(game.park_deck.pop())
    before = game.snapshot()
    clean_up(game, 0, True)
    assert game.snapshot() == before


def test_a_begun_record_is_a_new_record():
    record = TurnRecord(2)
    record.plays.append("a play")
    record.gains.append("a gain")
    record.perk_gains.append(("perk", "a gain"))
    record.perks_used.append("perk")
    lists = (record.plays, record.gains, record.perk_gains, record.perks_used)
    record.begin(1)
    fresh = TurnRecord(1)
    for name in TurnRecord.__slots__:
        assert getattr(record, name) == getattr(fresh, name)
    assert all(a is b for a, b in zip(lists, (record.plays, record.gains, record.perk_gains,
                                              record.perks_used), strict=True))


def test_the_turn_loop_keeps_one_record_and_its_figures_are_each_turns():
    """Every turn's figures (the plays' yields, played and followed cards) come from that
    turn's record alone: the outcome of a game played by the loop is that of one played turn
    by turn with a new record each (the scenario path, turn.play_turn)."""
    records: set[int] = set()

    def on_flow(flow) -> None:
        turns: Turns = flow.table
        records.add(id(turns.record))

    out = run_game(CARDSET, 4, make_bots(["random"], 4, 5), seed=5, on_flow=on_flow,
                   on_turn=lambda g, at: None)
    assert len(records) == 1
    assert out.played and out.yields
    assert sum(out.played.values()) == sum(1 for key, _ in out.yields if key in out.played)
