"""Fort's quantities after `x` (R13.1, R5.3, R5.7): `x suit` and `x any` count the suits of the
cards played, added or discarded (R5.3, R5.6, R6.5; `x any` names its suit when used, R5.7);
`x pack`, `x level` and `x lookout` the performer's own board, known before a play whatever is
chosen in it. Fort's words declare them (``WordSpec.count``); the core's
:class:`~fortlang.engine.program.RepeatOp` reads them through :class:`Count`'s methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from fortlang.engine.interpreter import Ctx, Then
from fortlang.engine.program import Count, Judgement
from fortlang.games.fort import nodes as n
from fortlang.games.fort.context import FortCtx, FortJudgement
from fortlang.games.fort.moves import COIN, card_count, choose_suit, suit_count
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.ops import LEVEL, LOOKOUT, PACK
from fortlang.games.fort.table import CardInstance, Player

_NO_NAMES: Final[dict[int, Suit]] = {}

#: Every suit, for `x any` (R5.7), made once.
ALL_SUITS: Final = tuple(Suit)


class FortCount(Count):
    """A Fort count, judged before a play from the player and the cards counted
    (:class:`~fortlang.games.fort.context.FortJudgement`): :meth:`before`, or
    :meth:`discarded` once a follower's cards and their coins' names are known."""

    def judged(self, j: Judgement) -> int | None:
        s = cast(FortJudgement, j)
        named, cards = s.named, s.cards
        if named is not None and cards is not None:
            return self.discarded(s.p, cards, named)
        return self.before(s.p, cards)

    def before(self, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
        return None  # depends on a choice still to make, or on cards not known

    def discarded(self, p: Player, cards: Sequence[CardInstance],
                  named: dict[int, Suit]) -> int | None:
        """A follower's count with ``cards`` discarded and their coins named (R5.6, R6.5)."""
        return self.before(p, cards)


class SuitCountOp(FortCount):
    steady = True
    reads = 0  # the cards counted are set before any action

    def __init__(self, node: n.SuitCount) -> None:
        super().__init__(node)
        self.suit = node.suit  # a repetition by it records by its suit (R5.5)
        self.counted: Suit = node.suit

    def count(self, c: Ctx) -> int:
        ctx = cast(FortCtx, c)
        return suit_count(ctx, self.counted)

    def before(self, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
        if cards is None:
            return None  # lookout cards that count anyway
        suit = self.counted
        total = 0
        for c in cards:
            if suit is not COIN and COIN in c.suits:
                return None  # a coin counts as the suit it will be named (R5.6)
            total += card_count(c, suit, _NO_NAMES)
        return total

    def discarded(self, p: Player, cards: Sequence[CardInstance],
                  named: dict[int, Suit]) -> int | None:
        total = 0
        for c in cards:
            total += card_count(c, self.counted, named)
        return total


class AnySuitOp(FortCount):
    """R5.7: the suit is chosen when the repetition starts (kept in ``FortCtx.any_suits``)."""

    steady = True
    reads = 0
    chosen = True

    def count(self, c: Ctx) -> int:
        ctx = cast(FortCtx, c)
        return suit_count(ctx, ctx.any_suits[self.key])

    def now(self, c: Ctx) -> int | None:
        ctx = cast(FortCtx, c)
        suit = ctx.any_suits.get(self.key)
        return None if suit is None else suit_count(ctx, suit)

    def choose(self, c: Ctx, then: Then) -> bool:
        ctx = cast(FortCtx, c)
        return choose_suit(ctx, ctx.suits_to_choose(), self.key, ALL_SUITS, then)

    def outcomes(self, c: Ctx) -> list[int]:
        ctx = cast(FortCtx, c)
        return [suit_count(ctx, suit) for suit in ALL_SUITS]

    def chosen_now(self, c: Ctx) -> Suit | None:
        return cast(FortCtx, c).any_suits.get(self.key)


class _PlayerCount(FortCount):
    """A count of the performer's own board, known before a play whatever is chosen in it."""

    def count(self, c: Ctx) -> int:
        ctx = cast(FortCtx, c)
        return self.of(ctx.player)

    def of(self, p: Player) -> int:
        raise NotImplementedError

    def before(self, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
        return self.of(p)


class PackSizeOp(_PlayerCount):
    reads = PACK

    def of(self, p: Player) -> int:
        pizza, toy = p.pack.values()
        return pizza + toy


class FortLevelOp(_PlayerCount):
    reads = LEVEL

    def of(self, p: Player) -> int:
        return p.level


class LookoutSizeOp(_PlayerCount):
    reads = LOOKOUT

    def of(self, p: Player) -> int:
        return len(p.lookout)
