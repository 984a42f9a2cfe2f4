"""Properties over random actions and random tables: the search that decides legality (R5.4)
agrees with execution, leaves no trace, and execution keeps every invariant."""

from __future__ import annotations

from builders import random_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.cardset import base_set
from fortlang.engine import assert_invariants, can_perform, perform

BASE = base_set()

leaves = st.one_of(
    st.builds(n.Gain, amount=st.integers(1, 3), resource=st.sampled_from(n.Resource)),
    st.builds(n.Spend, amount=st.integers(1, 2), resource=st.sampled_from(n.Resource)),
    st.builds(n.Score, amount=st.integers(1, 2)),
    st.builds(n.Advance, modifier=st.sampled_from((0, *reg.MODIFIERS))),
    *(st.builds(spec.node) for spec in reg.PRIMITIVES
      if spec.node not in (n.Gain, n.Spend, n.Score, n.Advance)),
)
quantities = st.one_of(
    st.builds(n.Fixed, n=st.integers(0, 3)),
    *(st.builds(cls) for cls in (n.AnySuit, n.PackSize, n.FortLevel, n.LookoutSize)),
    st.builds(n.SuitCount, suit=st.sampled_from(n.Suit)),
    st.builds(n.Tally, st.sampled_from([w.word for w in reg.QUANTITIES if w.measure])),
)
tests = st.builds(n.Compare, st.sampled_from(reg.COMPARE_OPS),
                  st.builds(n.Metric, st.sampled_from([m.word for m in reg.METRICS])),
                  st.builds(n.Number, st.integers(0, 4)))


def _composites(kids):
    """The operators, and the core's `if ->` and `each rival ->` (issue 18.1): whoever performs
    them, the search agrees with execution."""
    several = st.lists(kids, min_size=2, max_size=3).map(tuple)
    return st.one_of(st.builds(n.Repeat, kids, quantities), several.map(n.Then),
                     several.map(n.Choice), st.builds(n.Conditional, tests, kids),
                     st.builds(n.Target, st.sampled_from(n.Who), kids))


actions = st.recursive(leaves, _composites, max_leaves=5)


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
