"""Closed forms made exact (issue 38), held to the trial over every bundled card's box that has
them, at many tables, for the leader (in full with an effect, R5.4) and a follower (in full,
R6.2): each fails if its form says more or less than the search finds.

* ``ThenOp.fed`` (``GainOp.feeds``): `gain toy then pack` (Tink) and `gain pizza then pack`
  pack the token gained (R12.1, R12.2, R13.4), so the pair is in full with an effect exactly when
  the gain is and the pack has room, whatever the stuff held before;
* ``CopyRivalPackOp.now``: some rival's pack, not empty when an effect is needed, fits in the
  stuff and is in the supply (R12.12).
"""

from __future__ import annotations

import random

import pytest
from test_engine_every_way import _bound, _ctx, _falls_short, _judgement, _some_way, _tables

from fortlang.cardset import base_set
from fortlang.engine.program import ThenOp, program
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.ops.tokens import CopyRivalPackOp, GainOp, PackOp

BASE = base_set()


def _boxes(wanted) -> list:
    """Every bundled card's box (distinct actions) whose op ``wanted`` picks."""
    seen: dict[str, object] = {}
    for k in kids_of(BASE):
        for box in (k.public, k.private):
            if box is not None and wanted(program(box)):
                seen.setdefault(str(box), box)
    return list(seen.values())


FED = _boxes(lambda op: isinstance(op, ThenOp) and len(op.items) == 2
             and isinstance(op.items[0], GainOp) and isinstance(op.items[1], PackOp))
COPY_RIVAL = _boxes(lambda op: isinstance(op, CopyRivalPackOp))


def _full(effect: bool):
    return lambda full, changed: full and (changed or not effect)


def test_the_bundled_cards_have_the_forms():
    assert len(FED) == 2 and COPY_RIVAL  # Tink, `gain pizza then pack`; Lil Boss, Baby Face


@pytest.mark.parametrize("action", FED + COPY_RIVAL, ids=str)
@pytest.mark.parametrize("follower", [False, True], ids=["leader", "follower"])
def test_now_agrees_with_the_search(action, follower):
    op = program(action)
    agreed = {True: 0, False: 0}
    for seed, game in _tables(60):
        bound = _bound(action, random.Random(seed)) if follower and seed % 2 else {}
        ctx = _ctx(game, 0, not follower, bound, [])
        effect = not follower
        some = _some_way(ctx, op, _full(effect))
        assert op.now(_judgement(ctx, effect)) == some, (seed, str(action))
        agreed[some] += 1
    assert agreed[True] and agreed[False], agreed  # both answers met


@pytest.mark.parametrize("action", FED, ids=str)
@pytest.mark.parametrize("follower", [False, True], ids=["leader", "follower"])
def test_always_agrees_with_the_search(action, follower):
    op = program(action)
    agreed = {True: 0, False: 0}
    for seed, game in _tables(60):
        bound = _bound(action, random.Random(seed)) if follower and seed % 2 else {}
        ctx = _ctx(game, 0, not follower, bound, [])
        effect = not follower
        every = not _some_way(ctx, op, _falls_short(effect))
        assert op.always(_judgement(ctx, effect)) == every, (seed, str(action))
        agreed[every] += 1
    assert agreed[True] and agreed[False], agreed
