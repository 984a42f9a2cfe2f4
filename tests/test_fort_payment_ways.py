"""The ways to pay an advance (R10.1, R13.2) kept per cost and modifier (games/fort/moves.PayWays,
issue 38): the plans remembered by the tokens held, each count above what the cost can need
counted as that most, are the plans worked out from the tokens as they are; whether some plan
pays (``payable``, what AdvanceOp.now and stuck read without making a plan) is whether a plan
exists; and AdvanceOp.now and stuck agree with the search that performs the advance every way."""

from __future__ import annotations

import itertools

import pytest
from test_engine_every_way import _ctx, _judgement, _some_way

from fortlang.cardset import base_set
from fortlang.engine.program import program
from fortlang.games.fort.model import board_of
from fortlang.games.fort.moves import _plans, pay_ways, plans_for
from fortlang.games.fort.nodes import Advance, Resource
from fortlang.games.fort.ops.track import AdvanceOp
from fortlang.games.fort.table import DEFAULT_BOARD, TOKENS, Game

PIZZA, TOY, EITHER = Resource.PIZZA, Resource.TOY, Resource.EITHER
BASE = base_set()

#: Every cost of the bundled board and the engine's default one, and a few more shapes.
COSTS = sorted({*board_of(BASE).costs, *DEFAULT_BOARD.costs, (), (EITHER,), (PIZZA, PIZZA, TOY),
                (EITHER, EITHER, EITHER), (TOY, TOY, EITHER, PIZZA)}, key=repr)


@pytest.mark.parametrize("modifier", [-1, 0, 1])
@pytest.mark.parametrize("cost", COSTS, ids=lambda c: "-".join(r.value for r in c) or "free")
def test_the_plans_remembered_are_the_plans_worked_out(cost, modifier):
    """Every holding up to 6 of a kind in stuff and pack: plans_for (memoised, counts clamped)
    answers as the plans made from the counts as they are, in the same order (a bot picks one
    by its index); ``payable`` exactly when there is one."""
    ways = pay_ways(cost, modifier)
    both = {True: 0, False: 0}
    for held in itertools.product(range(7), repeat=4):
        expected = _plans(cost, modifier, (held[0], held[1]), (held[2], held[3]))
        assert plans_for(cost, modifier, *held) == expected, held
        assert ways.payable(*held) == bool(expected), held
        both[bool(expected)] += 1
    assert both[True] and (both[False] or len(cost) + modifier <= 0)  # free: always paid


def test_a_cost_is_kept_once_per_modifier():
    cost = (PIZZA, EITHER)
    assert pay_ways(cost, 1) is pay_ways(cost, 1)
    assert pay_ways(cost, -1) is not pay_ways(cost, 1)
    assert plans_for(cost, 1, 9, 0, 0, 9) is plans_for(cost, 1, 3, 0, 0, 5)  # as many as needed


def _holdings(game: Game):
    """Seat 0 at each level below the top, holding 0-3 of each kind in stuff and 0-2 in pack
    (both kinds together: what its pack holds at level 1, R10.2)."""
    p = game.players[0]
    for level in range(game.max_level + 1):
        for sp, st, pp, pt in itertools.product(range(4), range(4), range(3), range(3)):
            if pp + pt > 2:
                continue
            p.level = level
            for pool, counts in ((p.stuff, (sp, st)), (p.pack, (pp, pt))):
                for r, want in zip(TOKENS, counts, strict=True):
                    game.transfer(pool, game.supply, r, pool[r])
                    game.transfer(game.supply, pool, r, want)
            yield level, (sp, st, pp, pt)


@pytest.mark.parametrize("modifier", [-1, 0, 1])
def test_advance_now_and_stuck_agree_with_the_search(modifier):
    """AdvanceOp.now: some way pays the next level (and takes its reward, R10.3) in full with an
    effect; stuck: no way changes anything; at every level, top included (R10.1, R13.2)."""
    op = program(Advance(modifier=modifier))
    assert isinstance(op, AdvanceOp)
    game = Game(2, board_of(BASE), seed=1)
    met = {True: 0, False: 0}
    for level, held in _holdings(game):
        ctx = _ctx(game, 0, True, {}, [])
        some = _some_way(ctx, op, lambda full, changed: full and changed)
        assert op.now(_judgement(ctx, True)) == some, (level, held)
        moved = _some_way(ctx, op, lambda full, changed: changed)
        assert op.stuck(_judgement(ctx, True)) == (not moved), (level, held)
        met[some] += 1
    assert met[True] and met[False], met


def test_an_advance_keeps_the_ways_of_the_board_it_meets():
    """The op (shared by games of any board) keeps each level's ways as last met, checked by the
    cost tuple: a game of another board gets its own board's ways (R10.1)."""
    op = program(Advance(modifier=1))
    assert isinstance(op, AdvanceOp)
    base, default = Game(2, board_of(BASE), seed=1), Game(2, DEFAULT_BOARD, seed=1)
    for _ in range(2):
        for game in (base, default, base):
            for level in range(game.max_level):
                ways = op.ways(game, level)
                assert ways.cost is game.costs[level] and ways.modifier == 1
                assert ways is pay_ways(game.costs[level], 1)


def test_a_payments_options_are_made_once_per_plans():
    """The options of a payment (R10.1): one per plan, "pay 1 pizza from stuff, ..." with the
    plan as its value, made once for the plans of these tokens and asked again alike."""
    from fortlang.games.fort.ops.track import _Pay, _plans_now

    game = Game(2, board_of(BASE), seed=1)
    p = game.players[0]
    p.level = 2  # a toy and a pizza (the bundled board)
    game.give(p, PIZZA, 2)
    game.give(p, TOY, 1)
    game.give(p, TOY, 1, to_pack=True)
    op = program(Advance())
    assert isinstance(op, AdvanceOp)
    ctx = _ctx(game, 0, True, {}, [])
    kept = _plans_now(op, game, p)
    options = _Pay(ctx, kept, lambda full: full).options()
    assert [o.value for o in options] == list(kept.plans) == [(1, 0, 0, 1), (1, 0, 1, 0)]
    assert [o.label for o in options] == ["pay 1 pizza from stuff, 1 toy from pack",
                                          "pay 1 pizza from stuff, 1 toy from stuff"]
    assert _Pay(ctx, _plans_now(op, game, p), lambda full: full).options() is options
