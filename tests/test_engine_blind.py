"""A table of random bots that nobody watches is asked by count (Journal.blind, issue 38): the
options' labels and the decision are not made, and the game is the one a watched table plays
(the same answers, the same log)."""

from __future__ import annotations

import pytest

from fortlang.cardset import base_set
from fortlang.engine import interpreter
from fortlang.engine.choices import RandomAgent
from fortlang.games.fort import play, setup, turn
from fortlang.games.fort.match import run_game


class _Watched(RandomAgent):
    """A random bot of another class: its table is asked decision by decision (sim.seats)."""


def _game(agent_class, players: int, seed: int, **kw):
    agents = [agent_class(1000 * seed + s) for s in range(players)]
    return run_game(base_set(), players, agents, seed=seed, **kw)


@pytest.mark.parametrize(("players", "seed", "draft"), [(2, 1, False), (4, 2, False),
                                                        (3, 3, True), (4, 4, True)])
def test_a_blind_table_plays_the_game_a_watched_one_does(players, seed, draft):
    blind = _game(RandomAgent, players, seed, draft=draft)
    watched = _game(_Watched, players, seed, draft=draft)
    assert blind.log == watched.log
    assert blind.scores == watched.scores and blind.snapshot == watched.snapshot


@pytest.mark.parametrize("draft", [False, True])
def test_a_blind_table_makes_no_decision(monkeypatch, draft):
    """Neither the interpreter's choice points nor the play phase (R5.1) nor the draft (R2.5)."""
    made = []
    real = interpreter.Decision

    def counting(*args, **kw):
        made.append(args[1])
        return real(*args, **kw)

    for module in (interpreter, play, setup, turn):
        monkeypatch.setattr(module, "Decision", counting)
    _game(_Watched, 4, 5, draft=draft)
    if not made:
        pytest.skip("the engine is compiled: its calls are not seen from Python")
    assert ("draft" in made) == draft and "play" in made
    made.clear()
    _game(RandomAgent, 4, 5, draft=draft)
    assert made == []


def test_a_debug_table_is_never_blind():
    """Checked at every decision: the decision is made and asked as ever."""
    assert _game(RandomAgent, 2, 6, debug=True).log == _game(RandomAgent, 2, 6).log
