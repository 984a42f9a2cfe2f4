"""The search bot's clones (issue 38): a game that the bot clones at one decision keeps each
later turn's start, so the clones of its later decisions copy that table and replay only the
turn's answers, not the whole game from the seed. Counted in set-ups (work), not in time."""

from __future__ import annotations

import fortlang.games.fort.sim.pull as pull
from fortlang.cardset import base_set
from fortlang.engine import RandomAgent
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.sim.pull import GameState, play

BASE = base_set()


def _counting_set_ups(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = pull.new_game

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pull, "new_game", counted)
    return calls


def _to_a_later_turn(state: GameState, rng: RandomAgent) -> None:
    turns = len(state.game.log)
    start = state._slots.checkpoint
    while not state.is_terminal() and (state._slots.checkpoint is start
                                       or len(state.game.log) == turns):
        state.apply_action(rng.choose(None, state.decision()))


def test_a_state_cloned_once_is_cloned_later_without_a_replay_from_the_seed(monkeypatch):
    state = GameState(BASE, 2, seed=3)  # as simulate makes it: no checkpoints asked
    rng = RandomAgent(4)
    for _ in range(30):
        state.apply_action(rng.choose(None, state.decision()))
    calls = _counting_set_ups(monkeypatch)
    state.clone().close()
    assert len(calls) == 1  # the first clone replays from the seed (nothing kept yet)
    _to_a_later_turn(state, rng)
    copy = state.clone()
    assert len(calls) == 1  # the later one copies the turn's start
    assert copy.history() == state.history() and copy.game.snapshot() == state.game.snapshot()
    assert copy.game.rng.getstate() == state.game.rng.getstate()
    a, b = RandomAgent(6), RandomAgent(6)
    while not state.is_terminal():
        state.apply_action(a.choose(None, state.decision()))
        copy.apply_action(b.choose(None, copy.decision()))
    assert copy.is_terminal() and copy.outcome() == state.outcome()


def test_a_search_bot_game_sets_up_a_few_tables_not_one_per_playout(monkeypatch):
    calls = _counting_set_ups(monkeypatch)
    bots = make_bots(["mcts:6", "greedy"], 2, 11)
    play(GameState(BASE, 2, seed=11), bots)
    playouts = bots[0].iterations
    assert playouts > 100
    # the game itself, and the clones of the first turn the bot searched in
    assert len(calls) < 20, (len(calls), playouts)
