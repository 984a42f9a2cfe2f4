"""The pull API (issue 13 item 4): a game stepped from outside, cloned, observed per seat."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from fortlang.cardset import base_set
from fortlang.engine import IllegalMove, Kind, RandomAgent
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.sim.pull import TERMINAL, GameState, play

BASE = base_set()


@pytest.mark.parametrize(("players", "draft", "bots"), [
    (2, False, ["random"]), (3, True, ["greedy", "random"]), (4, False, ["greedy"]),
])
def test_stepping_from_outside_plays_the_same_game_as_the_engine_loop(players, draft, bots):
    seed = 11 + players
    expected = run_game(BASE, players, make_bots(bots, players, seed), seed=seed, draft=draft)
    state = GameState(BASE, players, seed=seed, draft=draft, debug=True)
    got = play(state, make_bots(bots, players, seed))
    assert got.log == expected.log and got.snapshot == expected.snapshot
    assert [s.total for s in got.scores] == [s.total for s in expected.scores]
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == ()
    share = 1 / len(expected.winners)
    assert state.returns() == tuple(share if s in expected.winners else 0.0
                                    for s in range(players))


def test_clone_is_independent_and_continues_identically():
    state = GameState(BASE, 3, seed=5)
    rng = RandomAgent(1)
    for _ in range(40):
        d = state.decision()
        state.apply_action(rng.choose(None, d))
    copy = state.clone()
    assert copy.decision() == state.decision() and copy.history() == state.history()
    assert copy.game.snapshot() == state.game.snapshot()
    before = state.game.snapshot()
    copy.apply_action(len(copy.legal_actions()) - 1)
    assert state.game.snapshot() == before  # the original did not move
    a, b = RandomAgent(9), RandomAgent(9)
    one, two = state.clone(), state.clone()
    while not one.is_terminal():
        one.apply_action(a.choose(None, one.decision()))
        two.apply_action(b.choose(None, two.decision()))
    assert one.outcome().snapshot == two.outcome().snapshot and two.is_terminal()


def test_actions_are_values_and_excluded_options_name_their_rule():
    state = GameState(BASE, 2, seed=3)
    seen_excluded = []
    rng = RandomAgent(4)
    while not state.is_terminal() and len(seen_excluded) < 3:
        d = state.decision()
        assert state.current_player() == d.player
        assert all(o.value is not None or o.label for o in state.legal_actions())
        for label, rule in state.excluded():
            assert rule.startswith("R") and label not in d.labels
            with pytest.raises(IllegalMove) as err:  # naming an excluded option says why
                state.clone().apply_action(label)
            assert err.value.rule == rule
            seen_excluded.append(rule)
        if d.kind == Kind.PLAY and len(d.options) > 1:
            state.apply_action(d.options[1])  # an option, not an index
        else:
            state.apply_action(rng.choose(None, d))
    assert seen_excluded


def test_observation_hides_what_the_seat_cannot_see():
    state = GameState(BASE, 3, seed=8)
    game = state.game
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["players"][seat]["hand"] == tuple(c.card.id for c in game.players[seat].hand)
        for p in obs["players"]:
            if p["seat"] != seat:
                assert p["hand"] is None and p["rule"] is None
                assert p["hand_size"] == len(game.players[p["seat"]].hand)
        assert "deck" not in obs["players"][seat] and obs["park_deck_size"] == len(
            game.park_deck)


def test_a_dropped_or_closed_state_unwinds_its_engine():
    """No thread, nothing left running: a state dropped mid-game frees its engine (the engine's
    open transactions unwind), and a closed one ends."""
    state = GameState(BASE, 2, seed=1)
    for _ in range(10):
        state.apply_action(0)
    # The game's agent lives exactly as long as the game and the engine's frames: a weak
    # reference to it, since the game compiled with mypyc (pyproject.toml) takes none.
    # Compiled, a function with nested functions keeps them in an environment object that
    # they refer back to: a cycle, freed by the collector rather than at once.
    agent = weakref.ref(state.game.asker)
    threads = threading.active_count()
    del state
    gc.collect()
    assert agent() is None and threading.active_count() == threads
    state = GameState(BASE, 2, seed=1)
    state.close()
    assert state.is_terminal() and state.current_player() == TERMINAL


def test_replay_drives_the_logged_game_through_the_pull_api():
    from fortlang.games.fort.setup import new_game
    from fortlang.sim.replay import StateTrace, record, replay

    trace = StateTrace()
    agents = make_bots(["greedy", "random"], 3, 21)
    game, first = new_game(BASE, 3, seed=21, agents=agents, trace=trace)
    out = run_game(BASE, 3, agents, seed=21, game=game, first=first)
    entry = record(out, index=0, players=3, bots=["greedy", "random", "greedy"], draft=False,
                   trace=trace.digest)
    assert replay(BASE, entry).identical
    short = dict(entry, decisions=entry["decisions"][:-5])
    verdict = replay(BASE, short)
    assert not verdict.identical and "the log ends before" in verdict.detail
    wrong = dict(entry, decisions=[["draft", 0]] + entry["decisions"][1:])
    assert "the log says draft #0" in replay(BASE, wrong).detail


@pytest.mark.parametrize(("draft", "steps"), [(True, 3), (False, 250), (True, 120)])
def test_clones_during_set_up_and_late_in_the_game_continue_identically(draft, steps):
    """During the draft a clone replays from the seed; later it copies the game kept at the
    start of the turn and replays only this turn's answers. Either way, and for a clone of a
    clone, the copy is exact and independent."""
    state = GameState(BASE, 3, seed=17, draft=draft, checkpoints=True)
    rng = RandomAgent(2)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choose(None, state.decision()))
    copy = state.clone().clone()
    assert copy.history() == state.history() and copy.game.snapshot() == state.game.snapshot()
    assert copy.game.log == state.game.log and copy.game.rng.getstate() == state.game.rng.getstate()
    a, b = RandomAgent(5), RandomAgent(5)
    while not state.is_terminal():
        state.apply_action(a.choose(None, state.decision()))
        copy.apply_action(b.choose(None, copy.decision()))
    assert copy.is_terminal() and copy.outcome() == state.outcome()


def test_a_game_copy_is_independent():
    state = GameState(BASE, 2, seed=4)
    game = state.game
    before, draws = game.snapshot(), game.rng.getstate()
    copy = game.copy()
    assert copy.snapshot() == before
    copy.move(copy.players[0].hand, 0, copy.box)
    copy.players[1].stuff[Resource.TOY] += 1
    copy.rng.random()
    assert game.snapshot() == before != copy.snapshot() and game.rng.getstate() == draws
