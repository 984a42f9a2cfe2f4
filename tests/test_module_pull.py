"""The pull API for a game module (issue 34 item 4): any module's game stepped from outside,
with Frantic as the module: the same game as its own loop plays, clones that replay the
answers, returns that share a win, a table the caller may read."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fortlang.cardset.load import load_set
from fortlang.engine.choices import IllegalMove, RandomAgent
from fortlang.games import game_named
from fortlang.games.frantic.table import FranticTable
from fortlang.module import Outcome
from fortlang.sim.bridge import TERMINAL
from fortlang.sim.module_games import ModuleSeats
from fortlang.sim.module_pull import ModuleState, play

ROOT = Path(__file__).resolve().parent.parent
SET = load_set(ROOT / "cards" / "frantic-base")
FRANTIC = game_named("frantic")


def randoms(n: int, seed: int) -> list[RandomAgent]:
    return [RandomAgent(seed * 10 + s) for s in range(n)]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 2), (8, 3)])
def test_a_pulled_game_is_the_game_the_loop_plays(players, seed) -> None:
    run = FRANTIC.piece("run")
    direct = run(SET, players, seed=seed, asker=ModuleSeats(randoms(players, seed)),
                 debug=True)
    pulled = play(ModuleState(FRANTIC, SET, players, seed=seed, debug=True),
                  randoms(players, seed))
    assert isinstance(pulled, Outcome) and pulled == direct


def test_a_clone_replays_to_the_same_point_and_goes_its_own_way() -> None:
    state = ModuleState(FRANTIC, SET, 4, seed=7)
    rng = random.Random(1)
    for _ in range(60):
        state.apply_action(rng.randrange(len(state.legal_actions())))
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.decision() == state.decision()
    assert isinstance(clone.table, FranticTable) and clone.table is not state.table
    assert [[c.uid for c in p.hand] for p in clone.table.players] == \
        [[c.uid for c in p.hand] for p in state.table.players]
    assert [c.uid for c in clone.table.draw_pile] == [c.uid for c in state.table.draw_pile]
    clone.apply_action(len(clone.legal_actions()) - 1)  # the clone moves, the state does not
    assert len(state.history()) == 60 and len(clone.history()) == 61
    state.close()
    assert clone.clone().history() == clone.history()


def test_returns_share_the_win_and_are_zero_before_the_end() -> None:
    state = ModuleState(FRANTIC, SET, 3, seed=4)
    assert state.returns() == (0.0, 0.0, 0.0)
    out = play(state, randoms(3, 4))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == tuple(1 / len(out.winners) if s in out.winners else 0.0
                                    for s in range(3))
    assert sum(state.returns()) == pytest.approx(1.0)
    with pytest.raises(IllegalMove, match="the game is over"):
        state.decision()


def test_answers_beyond_the_end_of_the_game_are_refused() -> None:
    state = ModuleState(FRANTIC, SET, 2, seed=5)
    play(state, randoms(2, 5))
    history = state.history()
    assert ModuleState(FRANTIC, SET, 2, seed=5, history=history).returns() == state.returns()
    with pytest.raises(IllegalMove, match="the game ended after"):
        ModuleState(FRANTIC, SET, 2, seed=5, history=(*history, 0))
    with pytest.raises(IllegalMove, match="out of range"):
        ModuleState(FRANTIC, SET, 2, seed=5, history=(99,))
