"""Whole games: end triggers and the completed round (R11.1), determinism, random games with the
invariant checker after every decision, and the greedy bot against the random one."""

from __future__ import annotations

import pytest

from fortlang.cardset import base_set
from fortlang.engine import ReplayAgent
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import Progress, Trigger, end_triggers, run_game
from fortlang.games.fort.model import board_of
from fortlang.games.fort.table import Game

CARDSET = base_set()


def test_r11_1_each_trigger_is_detected():
    game = Game(2, board_of(CARDSET))
    assert end_triggers(game) == [Trigger.PARK]  # an empty park deck
    game.park_deck.append(object())  # type: ignore[arg-type]
    assert end_triggers(game) == []
    game.players[1].vp = board_of(CARDSET).end_score
    assert end_triggers(game) == [Trigger.SCORE]
    game.players[0].level = board_of(CARDSET).end_level
    assert end_triggers(game) == [Trigger.SCORE, Trigger.LEVEL]


def test_r11_1_a_trigger_that_happens_during_the_final_round_is_reported_too():
    """R11.1: every end trigger that happens is reported, not only those that held at the end
    of the first triggering turn (before: [score], the park deck running out was missing)."""
    game = Game(2, board_of(CARDSET))
    game.park_deck.append(object())  # type: ignore[arg-type]
    game.players[0].vp = board_of(CARDSET).end_score
    at = Progress(0, 0)
    assert not at.end_turn(game) and at.triggers == [Trigger.SCORE]
    game.park_deck.clear()  # the last card of the park deck recruited in the final round
    assert at.end_turn(game)  # the round is complete
    assert at.triggers == [Trigger.SCORE, Trigger.PARK]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r11_1_the_round_is_completed_everyone_has_as_many_turns(players):
    for seed in range(4):
        out = run_game(CARDSET, players, make_bots(["random"], players, seed), seed=seed)
        assert out.turns % players == 0
        assert out.triggers


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_after_every_decision(players):
    for seed in range(15):
        bots = make_bots(["random", "greedy"], players, seed)
        out = run_game(CARDSET, players, bots, seed=seed, debug=True)  # raises InvariantError
        assert out.winners


def test_same_seed_same_game_and_the_log_replays_it():
    a = run_game(CARDSET, 3, make_bots(["random"], 3, 9), seed=9)
    b = run_game(CARDSET, 3, make_bots(["random"], 3, 9), seed=9)
    assert a.log == b.log and a.snapshot == b.snapshot
    replay = ReplayAgent(a.log)
    c = run_game(CARDSET, 3, [replay] * 3, seed=9)
    assert c.snapshot == a.snapshot and c.scores == a.scores


def test_greedy_beats_random():
    wins = 0
    games = 40
    for seed in range(games):
        out = run_game(CARDSET, 2, make_bots(["greedy", "random"], 2, seed), seed=seed)
        wins += 0 in out.winners
    assert wins >= 0.75 * games
