"""Properties over random actions and random tables: the search that decides legality (R5.4)
agrees with execution, leaves no trace, and execution keeps every invariant."""

from __future__ import annotations

from builders import random_table
from engine_strategies import composites, leaves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortlang.cardset import base_set
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.play import can_perform, perform

BASE = base_set()

actions = st.recursive(leaves, composites(), max_leaves=5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=actions, seed=st.integers(0, 40), full=st.booleans())
def test_r5_4_search_agrees_with_execution_and_leaves_no_trace(action, seed, full):
    game = random_table(BASE, 3, seed)
    before = game.snapshot()
    possible = can_perform(game, 0, action, full=full)
    assert game.snapshot() == before and game.log == []
    done = perform(game, 0, action, full=full)  # random agents choose among the legal options
    assert done == possible
    if not done:
        assert game.snapshot() == before
    assert_invariants(game)
