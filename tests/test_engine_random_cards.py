"""Whole games with random cards the checker accepts: nothing it accepts may crash or stall the
engine. Random actions (the operators, `if`, `each rival ->`, every quantity) replace boxes of
park kids; each game ends with a winner, keeping every invariant (``debug``), within a bound on
the options its searches try (counted in the pure engine, not timed). Running many more such
games found three engine faults: a RecursionError, a play found legal that could not be
completed, and searches of millions of options (tests/test_engine_search_work.py,
tests/test_engine_moved_cards.py)."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import leaves, tests

from fortlang import native
from fortlang import nodes as n
from fortlang.cardset import base_set
from fortlang.checker import check
from fortlang.engine import interpreter as interp
from fortlang.game import make_bots, run_game

BASE = base_set()
#: Options the searches of one game may try: ordinary games try a few thousand.
MOST_TRIED = 500_000

quantities = st.one_of(
    st.builds(n.Fixed, n=st.integers(0, 10)),
    *(st.builds(cls) for cls in (n.AnySuit, n.PackSize, n.FortLevel, n.LookoutSize)),
    st.builds(n.SuitCount, suit=st.sampled_from(n.Suit)),
)


def _composites(kids):
    several = st.lists(kids, min_size=2, max_size=4).map(tuple)
    return st.one_of(st.builds(n.Repeat, kids, quantities), several.map(n.Then),
                     several.map(n.Choice), st.builds(n.Conditional, tests, kids),
                     st.builds(n.Target, st.sampled_from(n.Who), kids))


accepted = st.recursive(leaves, _composites, max_leaves=10).filter(
    lambda a: not any(d.code.startswith("E") for d in check(a)))


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(boxes=st.lists(accepted, min_size=2, max_size=8), seed=st.integers(0, 10**6),
       players=st.integers(2, 4), bots=st.sampled_from(["random", "greedy"]))
def test_games_with_random_accepted_cards_end(boxes, seed, players, bots):
    rng = random.Random(seed)
    kids = list(BASE.kids)
    park = [i for i, k in enumerate(kids) if not k.best_friend]
    for action in boxes:
        i = rng.choice(park)
        kids[i] = dataclasses.replace(kids[i], **{rng.choice(["public", "private"]): action})
    cardset = dataclasses.replace(BASE, kids=tuple(kids))
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
