"""Fort's token primitives (R12.1, R12.2, R12.9, R12.11-R12.13, core C3-C4): gain, spend, pack,
copy pack, copy a rival's pack, convert, take, give.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from fortlang.engine.choices import (
    K_CONVERT,
    K_PACK,
    K_RESOURCE,
    K_RIVAL,
    K_RIVAL_PACK,
    K_SPEND,
    Give,
    Option,
    Seat,
    Take,
    player_name,
)
from fortlang.engine.interpreter import Ctx, Step, decide_at, resume
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.program import TOKENS_TOUCHED, Judgement, K, Op, RepeatOp
from fortlang.games.fort import nodes as n
from fortlang.games.fort.context import FortCtx, FortJudgement
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.moves import EITHER, copy_tokens, gain_tokens
from fortlang.games.fort.node_types import TOKENS
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.ops import HELD, LEVEL, PACK, PACK_ROOM, ROOM, STUFF
from fortlang.games.fort.table import OTHER, PIZZA, SUPPLY_AT, TOY, Game, Player, Pool, token_index

#: Enum members as module constants (a global, not an enum lookup).
PACK_FROM_SUPPLY: Final = PerkHook.PACK_FROM_SUPPLY

# -- tokens (R12.1, R12.2, R12.9, R12.11-R12.13, core C3-C4) ------------------------------------

RESOURCE_OPTIONS: Final = tuple(Option(r.value, r) for r in TOKENS)


class _KindPick(Step):
    """Choosing pizza or toy for a node (R12.1): remembered for the node, then performed."""

    def __init__(self, op: _TokensOp, ctx: FortCtx, k: K) -> None:
        self.op = op
        self.ctx = ctx
        self.k = k

    def apply(self, i: int) -> bool:
        r = TOKENS[i]
        ctx = self.ctx
        ctx.game.note_item(ctx.chosen, self.op.key, r)
        return self.op.perform(ctx, r, self.k)

    def options(self) -> Sequence[Option]:
        return RESOURCE_OPTIONS


class _TokensOp(Op):
    """``amount`` tokens of one kind (pizza/toy: either, never a mix, R12.1)."""

    known = True
    touches = TOKENS_TOUCHED

    def __init__(self, node: n.Gain | n.Spend | n.Take | n.Give) -> None:
        super().__init__(node)
        self.amount: int = node.amount
        self.resource: Resource = node.resource
        self.kinds: tuple[Resource, ...] = TOKENS if node.resource is EITHER else (node.resource,)
        #: its kind's offset in a pool (0 pizza, 1 toy: table.token_index), -1 for pizza/toy
        self.r: int = -1 if node.resource is EITHER else token_index(node.resource)
        self.exact_once = self.exact_repeated = node.amount >= 1  # 0 tokens: always in full

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        res = self.resource
        if res is not EITHER:
            return self.perform(ctx, res, k)
        # pizza/toy: bound by the leader (R6.4), already chosen by this node (never a mix,
        # R12.1), or chosen now
        key = self.key
        fixed = ctx.bound.get(key, ctx.chosen.get(key))
        if fixed is not None:
            return self.perform(ctx, fixed, k)
        whole = ctx.whole
        if whole is not None and not ctx.search and (
                whole is self or isinstance(whole, RepeatOp) and whole.body is self):
            return decide_at(ctx, K_RESOURCE, len(TOKENS), _KindPick(self, ctx, k),
                             self.kinds_in_full(ctx))
        return decide_at(ctx, K_RESOURCE, len(TOKENS), _KindPick(self, ctx, k))

    def kinds_in_full(self, ctx: FortCtx) -> list[bool]:
        """Per kind, whether performing the whole action (FortCtx.whole: this node, or this node
        repeated `x` times, R13.3, whose first repetition asks) with that kind is certain in full
        with an effect: the play is then legal whatever comes after (R5.4); none known by
        default."""
        return []

    def perform(self, ctx: FortCtx, res: Resource, k: K) -> bool:
        """Its effect, with pizza/toy resolved to ``res``."""
        raise NotImplementedError

    def kinds_now(self, s: Judgement) -> tuple[Resource, ...]:
        if s.bound:
            fixed = s.bound.get(self.key)  # the leader's pizza or toy (R6.4)
            if fixed is not None:
                return (fixed,)
        return self.kinds

    def kind_now(self, s: Judgement) -> int:
        """:meth:`kinds_now` as a token offset (table.token_index): its own kind, else the
        leader's pizza or toy (R6.4); -1 for either kind. Only a pizza/toy node is bound (its
        choice is the only one kept by its key, _KindPick), so a bound is read only for one."""
        r = self.r
        if r < 0 and s.bound:
            fixed = s.bound.get(self.key)
            if fixed is not None:
                return token_index(fixed)
        return r

    def every_kind(self, s: Judgement, times: int) -> bool:
        """Sure ``times`` in a row whichever kind is chosen (R12.1: one kind for all of them)."""
        return False

    def always(self, s: Judgement) -> bool:
        return self.every_kind(s, 1)

    def always_repeated(self, s: Judgement, times: int) -> bool:
        return self.every_kind(s, times)


class GainOp(_TokensOp):
    """R12.1: from the finite supply (R1.4) into the stuff (4 of each, R1.5)."""

    unhelpful = True
    needs = ROOM | LEVEL
    lowers = ROOM

    def __init__(self, node: n.Gain) -> None:
        super().__init__(node)
        self.straight = node.resource is not EITHER  # pizza/toy: a kind to choose (R12.1)

    def perform(self, ctx: FortCtx, res: Resource, k: K) -> bool:
        return resume(k, gain_tokens(ctx, res, self.amount))

    def once(self, c: Ctx) -> bool:
        ctx = cast(FortCtx, c)
        return gain_tokens(ctx, self.resource, self.amount)

    def kinds_in_full(self, ctx: FortCtx) -> list[bool]:
        """R12.1, R13.3: a kind whose ``amount`` tokens, as many times as the whole repeats
        them (counted now: nothing of it is performed yet), fit in the stuff and are in the
        supply; the whole's own closed form (``now``) with this node bound to the kind."""
        whole = ctx.whole
        if whole is None:
            return []
        game, p = ctx.game, ctx.player
        return [whole.now(FortJudgement(game, p, None, 0, {self.key: r}, True, ctx))
                for r in TOKENS]

    def now(self, s: Judgement) -> bool:
        return self._in_full(cast(FortJudgement, s), self.amount, False)

    def repeated(self, j: Judgement, times: int) -> bool:
        """Every token fits in the stuff and is in the supply, for one kind."""
        return self._in_full(cast(FortJudgement, j), self.amount * times, False)

    def every_kind(self, j: Judgement, times: int) -> bool:
        """Every token fits in the stuff and is in the supply, for each kind."""
        return self._in_full(cast(FortJudgement, j), self.amount * times, True)

    def _in_full(self, s: FortJudgement, need: int, each: bool) -> bool:
        """``need`` tokens fit in the stuff and are in the supply (R1.4, R1.5, R12.1) for the
        kind it gains now, or, gaining either kind, for one of them (for each: ``each``); read
        from the game's counts, the stuff's capacity worked out once for both kinds."""
        if self.amount < 1:
            return False
        game, p = s.game, s.p
        capacity = game.stuff_capacity(p)
        r = self.kind_now(s)
        if r >= 0:
            return game.gainable_at(p, r, capacity) >= need
        pizza = game.gainable_at(p, 0, capacity) >= need
        if pizza != each:
            return pizza
        return game.gainable_at(p, 1, capacity) >= need

    def feeds(self, nxt: Op) -> bool:
        """`gain ... then pack` (Tink, R12.1, R12.2, R13.4): the tokens gained are in the stuff
        for the pack, whatever was there before."""
        return isinstance(nxt, PackOp) and self.amount >= 1

    def now_feeding(self, j: Judgement, nxt: Op) -> bool:
        """Gained in full (so a token is in the stuff), then room in the pack (a gain leaves it
        as it is): the pair in full, with an effect, exactly."""
        s = cast(FortJudgement, j)
        return self.now(s) and s.game.pack_room(s.p) >= 1

    def always_feeding(self, j: Judgement, nxt: Op) -> bool:
        """:meth:`now_feeding` whichever kind is chosen (any token packed then: ``uniform``)."""
        s = cast(FortJudgement, j)
        return self.every_kind(s, 1) and s.game.pack_room(s.p) >= 1

    def stuck(self, j: Judgement) -> bool:
        """No token of any kind it may gain fits or is in the supply: none is gained."""
        s = cast(FortJudgement, j)
        if self.amount < 1:
            return False  # 0 tokens: always in full
        return not self._in_full(s, 1, False)

    def never_full(self, table: Journal, who: SeatCounts) -> bool:
        game, p = cast(Game, table), cast(Player, who)
        return self.amount >= 1 and not any(game.gainable(p, r) >= self.amount
                                            for r in self.kinds)

    def effective_at_most(self, table: Journal, who: SeatCounts) -> int | None:
        game, p = cast(Game, table), cast(Player, who)
        """One while a token of its kind still fits."""
        if self.amount < 1:
            return None
        return max(-(-game.gainable(p, r) // self.amount) for r in self.kinds)

    def effective_drained(self, table: Journal, who: SeatCounts, drained: int) -> int | None:
        """Each token drained before makes room for one more and puts one back in the supply
        (R1.4, R1.5): what fits now and ``drained`` more, one repetition a token."""
        game, p = cast(Game, table), cast(Player, who)
        if self.amount < 1:
            return None
        return max(-(-(game.gainable(p, r) + drained) // self.amount) for r in self.kinds)


class SpendOp(_TokensOp):
    """R12.9: from stuff and/or pack back to the supply."""

    needs = HELD
    lowers = HELD | STUFF | PACK

    def perform(self, ctx: FortCtx, res: Resource, k: K) -> bool:
        return _spend_kind(ctx, res, self.amount, k)

    def drains_at_most(self, table: Journal, who: SeatCounts) -> int | None:
        return self.amount  # R12.9: one kind, ``amount`` tokens

    def drains_of(self, res: Resource) -> int:
        """Tokens of ``res`` it can return to the supply, at most: ``amount`` if it spends that
        kind or either (R12.9, R12.1: one kind), else none."""
        if self.resource is res or self.resource is EITHER:
            return max(self.amount, 0)
        return 0

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, j: Judgement, times: int) -> bool:
        s = cast(FortJudgement, j)
        need = self.amount * times
        if self.amount < 1:
            return False
        p = s.p
        for r in self.kinds_now(s):
            if s.game.spendable(p, r) >= need:
                return True
        return False

    def stuck(self, j: Judgement) -> bool:
        """No token of any kind it may spend in the stuff or the pack: none is spent."""
        s = cast(FortJudgement, j)
        if self.amount < 1:
            return False
        p = s.p
        for r in self.kinds_now(s):
            if s.game.spendable(p, r) > 0:
                return False
        return True

    def every_kind(self, j: Judgement, times: int) -> bool:
        """Enough of each kind in stuff and pack; every split between them is in full."""
        s = cast(FortJudgement, j)
        need = self.amount * times
        if self.amount < 1:
            return False
        p = s.p
        for r in self.kinds_now(s):
            if s.game.spendable(p, r) < need:
                return False
        return True


class _SpendFrom(Step):
    """R12.9: how many of ``got`` come from the stuff (option ``i``: ``low + i``), the rest from
    the pack."""

    def __init__(self, ctx: FortCtx, res: Resource, got: int, amount: int, low: int, high: int,
                 k: K) -> None:
        self.ctx = ctx
        self.res = res
        self.got = got
        self.amount = amount
        self.low = low
        self.high = high
        self.k = k

    def apply(self, i: int) -> bool:
        game, p, res = self.ctx.game, self.ctx.player, self.res
        a = self.low + i
        r = token_index(res)
        if a:
            game.shift(p.stuff.at + r, SUPPLY_AT + r, a)
        if self.got - a:
            game.shift(p.pack.at + r, SUPPLY_AT + r, self.got - a)
        return resume(self.k, self.got == self.amount)

    def options(self) -> Sequence[Option]:
        got, res = self.got, self.res
        return [Option(f"{a} {res} from stuff, {got - a} from pack", (a, got - a))
                for a in range(self.low, self.high + 1)]


def _spend_kind(ctx: FortCtx, res: Resource, amount: int, k: K) -> bool:
    p = ctx.player
    got = min(amount, ctx.game.spendable(p, res))
    if got == 0:
        return resume(k, amount == 0)
    low = max(0, got - p.pack[res])
    high = min(got, p.stuff[res])
    return decide_at(ctx, K_SPEND, high + 1 - low,
                     _SpendFrom(ctx, res, got, amount, low, high, k))


class _PackPick(Step):
    """R12.2: which token to pack, from the stuff or (Sticky Fingers) the supply."""

    def __init__(self, ctx: FortCtx, pools: list[tuple[Pool, Resource, str, Any]],
                 perk: Perk | None, k: K) -> None:
        self.ctx = ctx
        self.pools = pools
        self.perk = perk
        self.k = k

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        game, p = ctx.game, ctx.player
        pool, r, _, _ = self.pools[i]
        game.transfer(pool, p.pack, r, 1)
        if pool is game.supply:
            game.use_perk(p, self.perk)  # type: ignore[arg-type]
        return resume(self.k, True)

    def options(self) -> Sequence[Option]:
        return [Option(f"a {r} from {where}", v) for _, r, where, v in self.pools]


def _can_pack(game: Game, p: Player) -> bool:
    return game.pack_room(p) > 0


class PackOp(Op):
    """R12.2; Sticky Fingers (R15) may take from the supply on your turn."""

    known = True
    touches = TOKENS_TOUCHED
    exact_once = True
    exact_repeated = True
    uniform = True  # any token, from anywhere: one packed
    on_turn = True
    needs = STUFF | PACK_ROOM | LEVEL
    lowers = STUFF | PACK | PACK_ROOM  # from the supply only with a perk (see on_turn)

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        game, p = ctx.game, ctx.player
        if game.pack_room(p) <= 0:
            return resume(k, False)
        pools = [(p.stuff, r, "your stuff", ("stuff", r)) for r in TOKENS if p.stuff[r]]
        perk = p.perk(PACK_FROM_SUPPLY) if ctx.leader and p.perks else None
        if perk is not None:
            pools += [(game.supply, r, "the supply", ("supply", r)) for r in TOKENS
                      if game.supply[r]]
        if not pools:
            return resume(k, False)
        return decide_at(ctx, K_PACK, len(pools), _PackPick(ctx, pools, perk, k))

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, j: Judgement, times: int) -> bool:
        """Room in the pack and tokens in the stuff, one per repetition."""
        s = cast(FortJudgement, j)
        p = s.p
        return (s.game.pack_room(p) >= times
                and p.stuff[PIZZA] + p.stuff[TOY] >= times)

    def stuck(self, j: Judgement) -> bool:
        """No room in the pack, or no token in the stuff and no perk that may pack from the
        supply (R15, Sticky Fingers): nothing is packed."""
        s = cast(FortJudgement, j)
        p = s.p
        if s.game.pack_room(p) <= 0:
            return True
        return not s.turn_perks() and p.stuff[PIZZA] + p.stuff[TOY] == 0

    def never_full(self, table: Journal, who: SeatCounts) -> bool:
        game, p = cast(Game, table), cast(Player, who)
        return not _can_pack(game, p)

    def may_free(self, table: Journal, who: SeatCounts) -> bool:
        game, p = cast(Game, table), cast(Player, who)
        return _can_pack(game, p)


def _copies(game: Game, p: Player, pack: Pool) -> bool:
    """Each kind of ``pack`` fits in ``p``'s stuff and is in the supply."""
    return all(not pack[r] or game.gainable(p, r) >= pack[r] for r in TOKENS)


class CopyPackOp(Op):
    """R12.11: gain what is in your own pack."""

    known = True
    touches = TOKENS_TOUCHED
    needs = ROOM | LEVEL | PACK
    lowers = ROOM
    short_exact = True
    straight = True

    def once(self, c: Ctx) -> bool:
        ctx = cast(FortCtx, c)
        return copy_tokens(ctx, ctx.player.pack.values())

    def now(self, s: Judgement) -> bool:
        """Each kind of the pack fits and is in the supply; an empty pack copies nothing."""
        return self.repeated(s, 1)

    def repeated(self, j: Judgement, times: int) -> bool:
        """The pack stays as it is: each kind of it ``times`` over."""
        s = cast(FortJudgement, j)
        game, p = s.game, s.p
        pack = p.pack
        if s.effect and not pack[PIZZA] and not pack[TOY]:
            return False
        for r in TOKENS:
            if pack[r] and game.gainable(p, r) < pack[r] * times:
                return False
        return True

    def short(self, j: Judgement) -> bool:
        s = cast(FortJudgement, j)
        return not _copies(s.game, s.p, s.p.pack)

    def void(self, j: Judgement) -> bool:
        s = cast(FortJudgement, j)
        pack = s.p.pack
        return not pack[PIZZA] and not pack[TOY]

    def never_full(self, table: Journal, who: SeatCounts) -> bool:
        game, p = cast(Game, table), cast(Player, who)
        return not _copies(game, p, p.pack)

    def never_done(self, table: Journal, who: SeatCounts) -> bool:
        game, p = cast(Game, table), cast(Player, who)
        if p.pack.values() == (0, 0):
            return True  # copying an empty pack changes nothing
        return self.never_full(game, p)


class _RivalPack(Step):
    """R12.12: whose pack to copy, one option per distinct content."""

    def __init__(self, ctx: FortCtx, packs: list[tuple[int, tuple[int, int]]], k: K) -> None:
        self.ctx = ctx
        self.packs = packs
        self.k = k

    def apply(self, i: int) -> bool:
        return resume(self.k, copy_tokens(self.ctx, self.packs[i][1]))

    def options(self) -> Sequence[Option]:
        return [Option(f"{player_name(seat)}'s pack ({pizza} pizza, {toy} toy)", Seat(seat))
                for seat, (pizza, toy) in self.packs]


def packs_in_full(game: Game, p: Player, packs: list[tuple[int, tuple[int, int]]]) -> list[bool]:
    """Per rival's pack (seat, its pizza and toy), whether copying it is in full with an effect
    (R12.12): not empty, each kind fits in the stuff and is in the supply (R1.4, R1.5). For the
    leader performing the copy as the whole action (FortCtx.whole), the play is then legal
    whatever comes after (R5.4): that option needs no trial."""
    capacity = game.stuff_capacity(p)
    out: list[bool] = []
    for _, (pizza, toy) in packs:
        out.append((pizza > 0 or toy > 0)
                   and game.gainable_at(p, 0, capacity) >= pizza
                   and game.gainable_at(p, 1, capacity) >= toy)
    return out


class CopyRivalPackOp(Op):
    """R12.12: gain what is in a rival's pack of your choosing (nothing is taken from them)."""

    known = True
    touches = TOKENS_TOUCHED
    needs = ROOM | LEVEL  # and the rivals' packs, which only their own actions change
    lowers = ROOM
    short_exact = True

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        seen: set[tuple[int, int]] = set()
        packs: list[tuple[int, tuple[int, int]]] = []  # (seat, the pack's pizza and toy)
        for q in ctx.game.rivals(ctx.seat):
            content = q.pack.values()
            if content in seen:
                continue
            seen.add(content)
            packs.append((q.seat, content))
        if not packs:
            return resume(k, False)
        if ctx.whole is self and not ctx.search:
            return decide_at(ctx, K_RIVAL_PACK, len(packs), _RivalPack(ctx, packs, k),
                             packs_in_full(ctx.game, ctx.player, packs))
        return decide_at(ctx, K_RIVAL_PACK, len(packs), _RivalPack(ctx, packs, k))

    def short(self, j: Judgement) -> bool:
        """The pack of a rival of their choosing (the leader included, for a follower)."""
        s = cast(FortJudgement, j)
        return not any(_copies(s.game, s.p, q.pack) for q in s.game.rivals(s.p.seat))

    def now(self, j: Judgement) -> bool:
        """Some rival's pack is copied in full (and, if an effect is needed, is not empty)."""
        s = cast(FortJudgement, j)
        game, p = s.game, s.p
        for q in game.rivals(p.seat):
            pack = q.pack
            if s.effect and not pack[PIZZA] and not pack[TOY]:
                continue
            if _copies(game, p, pack):
                return True
        return False

    def always(self, j: Judgement) -> bool:
        """Whichever rival's pack is chosen, it is copied in full (and is not empty)."""
        s = cast(FortJudgement, j)
        game, p = s.game, s.p
        rivals = game.rivals(p.seat)
        if not rivals:
            return False
        for q in rivals:
            pack = q.pack
            if s.effect and not pack[PIZZA] and not pack[TOY]:
                return False
            if not _copies(game, p, pack):
                return False
        return True

    def void(self, j: Judgement) -> bool:
        """Every rival's pack is empty: whichever is copied, nothing is gained."""
        s = cast(FortJudgement, j)
        for q in s.game.rivals(s.p.seat):
            pack = q.pack
            if pack[PIZZA] or pack[TOY]:
                return False
        return True

    def idle(self, j: Judgement) -> bool:
        """Every rival's pack is empty or does not fit: none is copied in full with an effect."""
        s = cast(FortJudgement, j)
        game, p = s.game, s.p
        for q in game.rivals(p.seat):
            pack = q.pack
            if (pack[PIZZA] or pack[TOY]) and _copies(game, p, pack):
                return False
        return True


class _Swap(Step):
    """R12.13: which token to swap: (pool, where, the token given)."""

    def __init__(self, ctx: FortCtx, swaps: list[tuple[Pool, str, Resource]], k: K) -> None:
        self.ctx = ctx
        self.swaps = swaps
        self.k = k

    def apply(self, i: int) -> bool:
        game = self.ctx.game
        pool, _, r = self.swaps[i]
        given = token_index(r)  # as Game.transfer moves them: the token given, the other got
        game.shift(pool.at + given, SUPPLY_AT + given, 1)
        game.shift(SUPPLY_AT + (given ^ 1), pool.at + (given ^ 1), 1)
        return resume(self.k, True)

    def options(self) -> Sequence[Option]:
        return [Option(f"a {r} in your {where} for a {OTHER[r]}", (where, r))
                for _, where, r in self.swaps]


def _swappable(game: Game, at: int, i: int, capacity: int) -> bool:
    """R12.13, as moves.can_swap, read from the game's counts: the kind at offset ``i`` (0 pizza,
    1 toy) of the pool at ``at`` is held, the other kind is in the supply and, in the stuff
    (``capacity``: its capacity of each kind, R1.5; -1 for a pack, which holds any mix), its
    room for it is not nil (can_swap's test: a stuff never holds more than its capacity)."""
    tokens = game.tokens
    other = i ^ 1
    return tokens[at + i] > 0 and tokens[SUPPLY_AT + other] > 0 \
        and (capacity < 0 or tokens[at + other] != capacity)


def swaps_now(game: Game, p: Player) -> list[tuple[Pool, str, Resource]]:
    """Every swap ``p`` can make now (R12.13): (the pool, where, the token given), the stuff's
    pizza and toy, then the pack's."""
    swaps: list[tuple[Pool, str, Resource]] = []
    capacity = game.stuff_capacity(p)
    for pool, where, room in ((p.stuff, "stuff", capacity), (p.pack, "pack", -1)):
        for i in range(2):
            if _swappable(game, pool.at, i, room):
                swaps.append((pool, where, TOKENS[i]))
    return swaps


def _can_convert(game: Game, p: Player) -> bool:
    """R12.13, now or once gains have filled the stuff: a token of the other kind in the supply,
    and room for it in the stuff or a token to give in the pack."""
    return any(game.supply[OTHER[r]] and (game.stuff_room(p, OTHER[r]) or p.pack[r])
               for r in TOKENS)


class ConvertOp(Op):
    """R12.13: swap one token in stuff or pack for the other kind (finite supply, stuff cap)."""

    known = True
    touches = TOKENS_TOUCHED
    exact_once = True
    exact_repeated = True
    uniform = True  # any swap offered is one made
    needs = ROOM | HELD | STUFF | PACK | LEVEL
    lowers = ROOM | HELD | STUFF | PACK

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        swaps = swaps_now(ctx.game, ctx.player)
        if not swaps:
            return resume(k, False)
        return decide_at(ctx, K_CONVERT, len(swaps), _Swap(ctx, swaps, k))

    def now(self, j: Judgement) -> bool:
        s = cast(FortJudgement, j)
        p, game = s.p, s.game
        stuff, pack = p.stuff.at, p.pack.at
        capacity = game.stuff_capacity(p)
        return (_swappable(game, stuff, 0, capacity) or _swappable(game, stuff, 1, capacity)
                or _swappable(game, pack, 0, -1) or _swappable(game, pack, 1, -1))

    def repeated(self, s: Judgement, times: int) -> bool:
        return self.now(s)  # a convert can always be converted back

    def never_full(self, table: Journal, who: SeatCounts) -> bool:
        game, p = cast(Game, table), cast(Player, who)
        return not _can_convert(game, p)

    def may_free(self, table: Journal, who: SeatCounts) -> bool:
        game, p = cast(Game, table), cast(Player, who)
        return _can_convert(game, p)


class _RivalMove(Step):
    """C3, C4: which rival gives or gets: (rival, how many move)."""

    def __init__(self, ctx: FortCtx, res: Resource, amount: int, taking: bool,
                 moves: list[tuple[Player, int]], k: K) -> None:
        self.ctx = ctx
        self.res = res
        self.amount = amount
        self.taking = taking
        self.moves = moves
        self.k = k

    def apply(self, i: int) -> bool:
        game, p = self.ctx.game, self.ctx.player
        q, got = self.moves[i]
        if got:
            src, dst = (q.stuff, p.stuff) if self.taking else (p.stuff, q.stuff)
            game.transfer(src, dst, self.res, got)
        return resume(self.k, got == self.amount)

    def options(self) -> Sequence[Option]:
        way, value = ("from", Take) if self.taking else ("to", Give)
        return [Option(f"{got} {self.res} {way} {player_name(q.seat)}", value(q.seat, got))
                for q, got in self.moves]


def _rival_tokens(ctx: FortCtx, res: Resource, amount: int, taking: bool, k: K) -> bool:
    """C3, C4: ``amount`` tokens of ``res`` between your stuff and one rival's (your choice);
    as many as the giver has and the receiver's stuff holds (R1.5); in full if all moved."""
    game, p = ctx.game, ctx.player
    moves: list[tuple[Player, int]] = []
    for q in game.rivals(ctx.seat):
        giver, getter = (q, p) if taking else (p, q)
        got = min(min(amount, giver.stuff[res]), game.stuff_room(getter, res))  # see gain_tokens
        if got:
            moves.append((q, got))
    if not moves:
        return resume(k, False)
    return decide_at(ctx, K_RIVAL, len(moves), _RivalMove(ctx, res, amount, taking, moves, k))


class _RivalTokensOp(_TokensOp):
    """Core C3 (take) and C4 (give): between your stuff and one rival's."""

    taking = True

    def __init__(self, node: n.Take | n.Give) -> None:
        super().__init__(node)
        self.exact_once = self.exact_repeated = False

    def perform(self, ctx: FortCtx, res: Resource, k: K) -> bool:
        return _rival_tokens(ctx, res, self.amount, self.taking, k)


class TakeOp(_RivalTokensOp):
    taking = True
    lowers = ROOM


class GiveOp(_RivalTokensOp):
    taking = False
    lowers = HELD | STUFF
