"""Whole games with random cards the checker accepts: nothing it accepts may crash or stall the
engine. Random actions (the operators, `if`, `each rival ->`, every quantity) replace boxes of
park kids; each game ends with a winner, keeping every invariant (``debug``), within a bound on
the options its searches try (counted in the pure engine, not timed). Running many more such
games found three engine faults: a RecursionError, a play found legal that could not be
completed, and searches of millions of options (tests/test_engine_search_work.py,
tests/test_engine_moved_cards.py)."""

from __future__ import annotations

import contextlib
from unittest.mock import patch

from engine_strategies import accepted_actions, with_boxes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine import interpreter as interp
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game

BASE = base_set()
#: Options the searches of one game may try: ordinary games try a few thousand.
MOST_TRIED = 500_000


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(boxes=st.lists(accepted_actions(10), min_size=2, max_size=8),
       seed=st.integers(0, 10**6), players=st.integers(2, 4),
       bots=st.sampled_from(["random", "greedy"]))
def test_games_with_random_accepted_cards_end(boxes, seed, players, bots):
    cardset, _ = with_boxes(BASE, boxes, seed)
    tried = [0]
    original = interp.Point.next

    def next_option(point):
        tried[0] += 1
        return original(point)

    counting = contextlib.nullcontext() if native.is_compiled(interp) \
        else patch.object(interp.Point, "next", next_option)  # a compiled class is not patched
    with counting:
        out = run_game(cardset, players, make_bots([bots], players, seed), seed=seed,
                       debug=True)
    assert out.winners
    assert tried[0] <= MOST_TRIED
