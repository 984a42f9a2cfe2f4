"""A gain's closed forms read from the game's counts (GainOp.now, repeated, every_kind, stuck,
kinds_in_full; Game.gainable_at, issue 38), held to the search that performs the gain every way
(and again, for a repetition: one kind for all, R12.1) at tables where the stuff's room (R1.5,
a perk's modifier included, R15) or the supply (R1.4) runs short, for the leader and for a
follower bound to the leader's pizza or toy (R6.4). Each fails if its form says more or less."""

from __future__ import annotations

import itertools

import pytest
from builders import kid
from test_engine_certain import full_search
from test_engine_every_way import _ctx, _judgement, _some_way

from fortlang.cardset import base_set
from fortlang.engine.interpreter import search
from fortlang.engine.program import RepeatOp, program
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.model import Perk, PerkHook, board_of
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.ops.tokens import GainOp
from fortlang.games.fort.table import SUPPLY_AT, TOKENS, Game
from fortlang.parser import parse_action

BASE = base_set()
GAINS = ["gain pizza", "gain toy", "gain 2 pizza", "gain pizza/toy", "gain 2 pizza/toy"]
#: R15: a modifier perk that widens the stuff (none of the base set's does; the forms read it).
ROOMY = Perk("roomy", "Roomy", PerkHook.MODIFY, params={"stuff_capacity": 1})


def _tables():
    """Seat 0 holding 0-4 of each kind (its stuff holds 4, or 5 with ROOMY), the supply holding
    0, 1, 2 or many of each."""
    for stuff, supply, roomy in itertools.product(itertools.product(range(5), repeat=2),
                                                  [(0, 3), (1, 1), (2, 30), (30, 2), (30, 30)],
                                                  [False, True]):
        game = Game(2, board_of(BASE), seed=1)
        p = game.players[0]
        for r, n in zip(TOKENS, stuff, strict=True):
            game.give(p, r, n)
        for i, n in enumerate(supply):
            game.tokens[SUPPLY_AT + i] = n
        if roomy:
            p.perks.append(ROOMY)
        yield (stuff, supply, roomy), game


def _every_way(ctx: FortCtx, op: GainOp, times: int, wanted) -> bool:
    """Whether some way of performing ``op`` ``times`` in a row (its kind chosen once, R12.1)
    ends with ``wanted(every one in full, changed)``."""
    game = ctx.game

    def start() -> bool:
        mark = game.mark()

        def again(i: int, full: bool) -> bool:
            if i == times:
                return wanted(full, game.changed_since(mark))
            return op.run(ctx, lambda done: again(i + 1, full and done))

        return again(0, True)

    with full_search():
        return search(ctx, start)


@pytest.mark.parametrize("bound", [None, *TOKENS], ids=["leader", "bound-pizza", "bound-toy"])
@pytest.mark.parametrize("text", GAINS)
def test_the_gain_forms_agree_with_the_search(text, bound):
    op = program(parse_action(text))
    assert isinstance(op, GainOp)
    if bound is not None and op.resource is not Resource.EITHER:
        pytest.skip("only a pizza/toy gain is bound (R6.4)")
    met = {True: 0, False: 0}
    for where, game in _tables():
        binding = {} if bound is None else {op.key: bound}
        ctx = _ctx(game, 0, bound is None, binding, [])
        effect = bound is None  # the leader needs an effect (R5.4), a follower in full (R6.2)
        j = _judgement(ctx, effect)
        for times in (1, 2):
            some = _every_way(ctx, op, times, lambda full, changed: full and changed)
            assert op.repeated(j, times) == some, (where, times)
            every = not _every_way(ctx, op, times, lambda full, changed: not full)
            assert op.every_kind(j, times) == every, (where, times)
            met[some] += 1
        assert op.now(j) == op.repeated(j, 1)
        assert op.stuck(j) == (not _every_way(ctx, op, 1, lambda full, changed: changed)), where
        if bound is None and op.resource is Resource.EITHER:
            ctx.whole = op  # performed for real as the whole action: a kind known in full
            assert op.kinds_in_full(ctx) == [
                _every_way(ctx, program(parse_action(f"gain {op.amount} {r.value}")), 1,
                           lambda full, changed: full and changed) for r in TOKENS], where
    assert met[True] and met[False], met


#: The bundled `gain pizza/toy x suit` (Prince, Flipper, Punky...): counted from the cards set
#: before the gain (an `x any` chooses its suit first, R5.7: its kind is asked after).
REPEATED = ["gain pizza/toy x crown", "gain pizza/toy x coin", "gain pizza/toy x water_gun",
            "gain 2 pizza/toy x shovel"]


@pytest.mark.parametrize("text", REPEATED)
def test_the_kinds_of_a_repeated_gain_known_in_full_agree_with_the_search(text):
    """R5.4, R12.1, R13.3: the leader performing `gain pizza/toy x suit` for real as the whole
    action: a kind is known in full with an effect (no trial: FortCtx.whole) exactly when the
    search finds the whole performed so with that kind, for 0-3 cards counted."""
    whole = program(parse_action(text))
    assert isinstance(whole, RepeatOp) and isinstance(whole.body, GainOp)
    gain = whole.body
    suit = Suit(text.rsplit(" ", 1)[1])
    met = {True: 0, False: 0}
    for (where, game), counted in itertools.product(_tables(), range(4)):
        cards = [game.new_card(kid(f"C{i}", suit.value), game.players[0].in_play)
                 for i in range(counted)]
        ctx = _ctx(game, 0, True, {}, cards)
        ctx.whole = whole
        known = gain.kinds_in_full(ctx)
        for r, k in zip(TOKENS, known, strict=True):
            bound = _ctx(game, 0, True, {gain.key: r}, cards)
            assert k == _some_way(bound, whole, lambda full, changed: full and changed), \
                (where, counted, r)
            met[k] += 1
    assert met[True] and met[False], met
