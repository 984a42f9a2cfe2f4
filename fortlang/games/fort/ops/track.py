"""Fort's victory track and fort (R10, R12.7, R12.8, R13.2, core C2): score, lose, advance fort
(its ways to pay and a level's rewards: games/fort/moves.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from fortlang.engine.choices import K_PAYMENT, Option
from fortlang.engine.interpreter import Ctx, Step, decide_at, resume
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.memo import bounded_put
from fortlang.engine.program import TOKENS_TOUCHED, Judgement, K, Op
from fortlang.games.fort import nodes as n
from fortlang.games.fort.context import FortCtx, FortJudgement
from fortlang.games.fort.moves import EITHER, Finished, PayWays, PlanSet, level_rewards, pay_ways
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.ops import HELD, LEVEL, PACK, STUFF, VP
from fortlang.games.fort.table import PIZZA, SUPPLY_AT, TOY, Game, Player

# -- the victory track (R12.8, core C2) ---------------------------------------------------------


class ScoreOp(Op):
    known = True
    touches = 0
    needs = 0
    lowers = 0
    unhelpful = True
    exact_once = True
    exact_repeated = True

    straight = True

    def __init__(self, node: n.Score) -> None:
        super().__init__(node)
        self.amount: int = node.amount

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        ctx.game.add_vp(ctx.player, self.amount)
        return resume(k, True)

    def once(self, c: Ctx) -> bool:
        ctx = cast(FortCtx, c)
        ctx.game.add_vp(ctx.player, self.amount)
        return True

    def now(self, s: Judgement) -> bool:
        return True  # a VP change is always recorded

    def repeated(self, s: Judgement, times: int) -> bool:
        return True


class LoseOp(Op):
    """Core C2: down the victory track, never below 0: in full if N were lost."""

    known = True
    touches = 0
    needs = VP
    lowers = VP
    straight = True

    def __init__(self, node: n.Lose) -> None:
        super().__init__(node)
        self.amount: int = node.amount

    def once(self, c: Ctx) -> bool:
        ctx = cast(FortCtx, c)
        p = ctx.player
        got = min(self.amount, p.vp)
        if got:
            ctx.game.add_vp(p, -got)
        return got == self.amount

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, j: Judgement, times: int) -> bool:
        """Enough VP for every loss."""
        s = cast(FortJudgement, j)
        return self.amount >= 1 and s.p.vp >= self.amount * times


# -- advance fort (R10, R12.7, R13.2) -----------------------------------------------------------


#: A plan's label by the plan (four small counts: a few dozen plans in all), made once: the
#: greedy bot asks a payment's options at every advance and reads their values, not their
#: labels (issue 38).
_PLAN_LABELS: Final[dict[tuple[int, int, int, int], str]] = {}


def _plan_label(plan: tuple[int, int, int, int]) -> str:
    label = _PLAN_LABELS.get(plan)
    if label is None:
        label = bounded_put(_PLAN_LABELS, plan, _make_plan_label(plan))
    return label


def _make_plan_label(plan: tuple[int, int, int, int]) -> str:
    parts = [f"{m} {r} from {where}" for m, r, where in zip(
        plan, ("pizza", "pizza", "toy", "toy"), ("stuff", "pack", "stuff", "pack"), strict=True)
        if m]
    return "pay " + (", ".join(parts) if parts else "nothing")


def _plans_now(op: AdvanceOp, game: Game, p: Player) -> PlanSet:
    """Every way for ``p`` to pay the next level now (R10.1, R13.2), and their options."""
    tokens, stuff, pack = game.tokens, p.stuff.at, p.pack.at
    return op.ways(game, p.level).plan_set(tokens[stuff], tokens[stuff + 1], tokens[pack],
                                           tokens[pack + 1])


def _payable_now(op: AdvanceOp, game: Game, p: Player) -> bool:
    """Some way for ``p`` to pay the next level now (R10.1, R13.2): each kind, stuff and pack
    together, as much as some variant of the cost needs; no plan is made."""
    if p.level >= game.max_level:
        return False
    tokens, stuff, pack = game.tokens, p.stuff.at, p.pack.at
    return op.ways(game, p.level).payable(tokens[stuff], tokens[stuff + 1], tokens[pack],
                                          tokens[pack + 1])


class _Pay(Step):
    """R10.1, R13.2: how to pay an advance, then the level's rewards (R10.3)."""

    def __init__(self, ctx: FortCtx, plans: PlanSet, k: K) -> None:
        self.ctx = ctx
        self.plans = plans
        self.k = k

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        game, p = ctx.game, ctx.player
        stuff, pack = p.stuff.at, p.pack.at
        # a plan: pizza from the stuff, from the pack, toy from the stuff, from the pack
        # (unpacked, not zipped: compiled, a zip is a generic iterator over boxed tuples)
        pizza_stuff, pizza_pack, toy_stuff, toy_pack = self.plans.plans[i]
        if pizza_stuff:
            game.shift(stuff, SUPPLY_AT, pizza_stuff)
        if pizza_pack:
            game.shift(pack, SUPPLY_AT, pizza_pack)
        if toy_stuff:
            game.shift(stuff + 1, SUPPLY_AT + 1, toy_stuff)
        if toy_pack:
            game.shift(pack + 1, SUPPLY_AT + 1, toy_pack)
        game.level_up(p)
        return level_rewards(ctx, Finished(self.k))

    def options(self) -> Sequence[Option]:
        """The plans' options, made once per plans (an option is immutable)."""
        kept = self.plans
        options = kept.options
        if options is None:
            options = kept.options = tuple(Option(_plan_label(pl), pl) for pl in kept.plans)
        return options


class AdvanceOp(Op):
    """R10.1: pay the cost to the next level from stuff and/or pack (R13.2: one more or less),
    then the level's rewards (R10.3). It touches tokens; the level it gains only widens the
    lookout (R10.2), which no other part of a `then` can lose room in."""

    known = True
    touches = TOKENS_TOUCHED
    exact_once = True
    uniform = True  # any plan pays the level; a reward is always taken (R10.3)
    needs = HELD | LEVEL  # a plan: each kind in stuff and pack together (R10.1)
    lowers = HELD | STUFF | PACK | LEVEL

    def __init__(self, node: n.Advance) -> None:
        super().__init__(node)
        self.modifier: int = node.modifier
        #: The ways to pay each level's cost with its modifier, by level, as last met (a board's
        #: cost tuple checked by identity: games of other boards share the op).
        self.by_level: list[PayWays | None] = []

    def ways(self, game: Game, level: int) -> PayWays:
        """The ways to pay from ``level`` to the next on ``game``'s board (R10.1, R13.2)."""
        cost = game.costs[level]
        by_level = self.by_level
        if level < len(by_level):
            kept = by_level[level]
            if kept is not None and kept.cost is cost:
                return kept
        while len(by_level) <= level:
            by_level.append(None)
        ways = pay_ways(cost, self.modifier)
        by_level[level] = ways
        return ways

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        game, p = ctx.game, ctx.player
        if p.level >= game.max_level:
            return resume(k, False)
        plans = _plans_now(self, game, p)
        if not plans.plans:
            return resume(k, False)
        return decide_at(ctx, K_PAYMENT, len(plans.plans), _Pay(ctx, plans, k))

    def drains_at_most(self, table: Journal, who: SeatCounts) -> int | None:
        """The cost to the next level, one more with a `+` modifier (R10.1, R13.2)."""
        game, p = cast(Game, table), cast(Player, who)
        if p.level >= game.max_level:
            return 0
        return len(game.costs[p.level]) + max(self.modifier, 0)

    def pack_paid_at_most(self, table: Journal, who: SeatCounts) -> int:
        """How many tokens its payment to the next level can take from the pack now, at most
        (R10.1, R13.2): of each kind, what the pack holds, and no more than the cost's items
        that kind or either may pay, one more with a `+` modifier."""
        game, p = cast(Game, table), cast(Player, who)
        if p.level >= game.max_level:
            return 0
        cost = game.costs[p.level]
        more = max(self.modifier, 0)
        either = more
        pizza = toy = 0
        for r in cost:
            if r is PIZZA:
                pizza += 1
            elif r is TOY:
                toy += 1
            else:
                either += 1
        tokens, at = game.tokens, p.pack.at
        return min(min(tokens[at], pizza + either) + min(tokens[at + 1], toy + either),
                   self.pays(game, p))

    def drains_of(self, table: Journal, who: SeatCounts, res: Resource) -> int:
        """How many tokens of ``res`` its payment to the next level can return to the supply
        now, at most: the cost's items of that kind or either, one more with a `+` (R10.1,
        R13.2), and no more than it pays."""
        game, p = cast(Game, table), cast(Player, who)
        if p.level >= game.max_level:
            return 0
        items = max(self.modifier, 0)
        for r in game.costs[p.level]:
            if r is res or r is EITHER:
                items += 1
        return min(items, self.pays(game, p))

    def pays(self, table: Journal, who: SeatCounts) -> int:
        """How many tokens its payment to the next level takes, exactly, when it is performed
        (R10.1; R13.2: a `-` drops one item of the cost, a `+` adds one)."""
        game, p = cast(Game, table), cast(Player, who)
        if p.level >= game.max_level:
            return 0
        return max(len(game.costs[p.level]) + self.modifier, 0)

    def stuck(self, j: Judgement) -> bool:
        """At the top level, or no way to pay (R10.1, R13.2): nothing is paid nor raised."""
        s = cast(FortJudgement, j)
        return not _payable_now(self, s.game, s.p)

    def now(self, j: Judgement) -> bool:
        """Below the top level with a way to pay; a reward is always taken in full (R10.3)."""
        s = cast(FortJudgement, j)
        return _payable_now(self, s.game, s.p)
