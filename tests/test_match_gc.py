"""The cyclic collector while Fort's games are played (issue 38): run_game raises its first
threshold for the game's duration and puts back what it found afterwards, however the game
ends, and over many games nothing piles up (a game leaves no cycle for the collector)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from fortlang.agents.bots import make_bots
from fortlang.cardset import base_set
from fortlang.games.fort.match import GAME_GC_THRESHOLD, run_game

CARDSET = base_set()


@pytest.fixture
def threshold() -> Iterator[tuple[int, int, int]]:
    """An unusual threshold set for the test (so that a reset to the default would show), the
    process's own put back after."""
    before = gc.get_threshold()
    gc.set_threshold(777, 11, 12)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def _game(seed: int, on_turn=None):
    return run_game(CARDSET, 4, make_bots(["random"], 4, seed), seed=seed, on_turn=on_turn)


def test_the_threshold_is_raised_during_a_game_and_restored_after(threshold) -> None:
    seen = []
    _game(3, on_turn=lambda game, at: seen.append(gc.get_threshold()))
    assert seen and set(seen) == {(GAME_GC_THRESHOLD, 11, 12)}
    assert gc.get_threshold() == threshold


def test_the_threshold_is_restored_when_a_game_raises(threshold) -> None:
    turns = []

    def fail(game, at) -> None:
        turns.append(at.turns)
        if len(turns) == 5:
            raise RuntimeError("an agent failed")

    with pytest.raises(RuntimeError, match="an agent failed"):
        _game(4, on_turn=fail)
    assert len(turns) == 5
    assert gc.get_threshold() == threshold


def test_a_game_inside_a_game_restores_the_threshold_once_both_end(threshold) -> None:
    inner = []

    def nested(game, at) -> None:
        if not inner:
            inner.append(_game(6).seed)
            assert gc.get_threshold()[0] == GAME_GC_THRESHOLD  # the outer game still holds it

    _game(5, on_turn=nested)
    assert inner == [6]
    assert gc.get_threshold() == threshold


def test_a_collector_that_is_off_or_higher_is_left_as_it_is() -> None:
    before = gc.get_threshold()
    try:
        for first in (0, GAME_GC_THRESHOLD * 2):
            gc.set_threshold(first, 10, 10)
            seen: list[int] = []
            _game(7, on_turn=lambda game, at, seen=seen: seen.append(gc.get_threshold()[0]))
            assert set(seen) == {first}
            assert gc.get_threshold() == (first, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_games_leave_no_cycles_and_nothing_piles_up() -> None:
    """Why a higher threshold costs no memory: a game's objects are freed by reference
    counting (the collector finds nothing after one), and the objects alive after many games
    stay as many as after a few (a kept game would add thousands)."""
    for seed in range(3):  # memo tables filled
        _game(seed)
    gc.collect()
    counts = []
    for seed in range(3, 23):
        _game(seed)
        assert gc.collect() == 0, f"game {seed} left cycles for the collector"
        counts.append(len(gc.get_objects()))
    assert counts[-1] - counts[0] < 1000, counts
