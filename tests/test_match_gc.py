"""The cyclic collector and Fort's games (issue 38): a game's objects are freed by reference
counting, none is left in a cycle, and over many games nothing piles up. (Holding the
collector's threshold at 10,000 for a game was measured and dropped: it walked more young
objects per collection and cost instructions inside run_game.)"""

from __future__ import annotations

import gc

from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game

CARDSET = base_set()


def _game(seed: int):
    return run_game(CARDSET, 4, make_bots(["random"], 4, seed), seed=seed)


def test_games_leave_no_cycles_and_nothing_piles_up() -> None:
    """The collector finds nothing after a game, and the objects alive after many games stay
    as many as after a few (a game kept alive would add thousands)."""
    for seed in range(3):  # memo tables filled
        _game(seed)
    gc.collect()
    counts = []
    for seed in range(3, 23):
        _game(seed)
        assert gc.collect() == 0, f"game {seed} left cycles for the collector"
        counts.append(len(gc.get_objects()))
    assert counts[-1] - counts[0] < 1000, counts
