"""A card's actions compiled into programs: one op per AST node, made once, that knows its rule.

Each node of an action's AST becomes, once (:func:`program`), an :class:`Op` (or, for a quantity
after ``x``, a :class:`Count`): a compiled object holding the node's fields and its children's
ops. The op of a primitive is the engine's one declaration of that primitive's rule (issue 13,
items 1-2, 5), side by side in one class:

* ``run(ctx, k)``, its effect: performed on ``ctx.game`` through the undo log, offering its
  options at a choice point (:func:`~fortlang.engine.interpreter.decide_at`), then ``k(full)``
  with whether it was performed in full (R5.4 *in part* is "as much as possible");
* ``now(s)`` and ``repeated(s, times)``, its closed form: whether it is certain to be performed
  in full with an effect, once or ``times`` in a row, read from the state without a search;
  ``always(s)`` and ``always_repeated(s, times)``, the same whatever is chosen at its choice
  points (a move made for real then tries none of them), and ``idle(s)``, certain not to be
  (no way of performing it both is in full and has an effect);
* ``exact_once``/``exact_repeated``, whether those are exact (in full *if and only if*) for a
  follower performing it alone (R6.2), and ``never_full``/``never_done``/``may_free``, what it
  can do in a play that only gains tokens (see games/fort/certain.py);
* ``touches``: what it reads and changes (tokens, cards), from which a ``then`` knows whether its
  parts depend on each other (R13.4); ``needs`` and ``lowers``, finer: what its closed forms read
  and what performing it may lower, from which the leader's order of actions knows whether the
  first may make the second fall short (R5.2).

The legality shortcuts (games/fort/certain.py) compose these; the choice points
(engine/interpreter.py) try options where they cannot tell. Both read the limits the game
declares once (``Game.gainable``, ``spendable``, ``pack_room``, ``lookout_room``). A primitive
another vocabulary declares brings its own op (registry ``PrimitiveSpec.op``: a subclass of
:class:`Op`, closed forms included), or only its effect (``PrimitiveSpec.effect``), run as a
:class:`Declared` op that is never judged sure (a search decides). Dispatch is by the op's
class (a native method call compiled), so running a program reads no AST field and looks nothing up.

>>> from fortlang.parser import parse_action
>>> op = program(parse_action("gain pizza x shovel"))
>>> type(op).__name__, type(op.body).__name__, op.body.amount
('RepeatOp', 'GainOp', 1)
>>> program(op.node) is op  # made once per node
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from fortlang import nodes as n
from fortlang.engine import node_types as t
from fortlang.engine.choices import (
    K_CHOICE,
    K_CONVERT,
    K_DESTROY,
    K_DESTROY_RIVAL,
    K_LOOKOUT,
    K_PACK,
    K_PAYMENT,
    K_RECRUIT,
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
from fortlang.engine.interpreter import (
    COIN,
    EITHER,
    LOOKOUT_FROM_ANYWHERE,
    PACK_FROM_SUPPLY,
    Cont,
    Ctx,
    Finished,
    Step,
    Then,
    can_swap,
    card_count,
    card_moves,
    choose_suit,
    copy_tokens,
    decide_at,
    distinct,
    drive,
    explored,
    fails_short,
    gain_tokens,
    jump,
    key_of,
    level_rewards,
    perk_places,
    plans_for,
    recruit_places,
    resume,
    seat_of,
    suit_count,
    text,
    yard_place,
)
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.memo import bounded_put
from fortlang.engine.metrics import evaluate
from fortlang.engine.node_types import TOKENS
from fortlang.engine.state import (
    OTHER,
    PIZZA,
    SUPPLY_AT,
    TOY,
    CardInstance,
    Game,
    Player,
    Pool,
    token_index,
)
from fortlang.engine.view import GameView
from fortlang.model import Perk
from fortlang.nodes import Resource, Suit
from fortlang.registry import (
    METRIC_BY_WORD,
    is_resource_choice,
    quantity_spec,
    selector_of,
    spec_of,
)
from fortlang.vocabulary import Acting, TableView, everyone, others

K = Callable[[bool], bool]

#: What an op reads and changes, for the independence of a `then`'s parts (R13.4): tokens
#: (stuff, pack, supply, level) and cards (zones).
TOKENS_TOUCHED: Final = 1
CARDS_MOVED: Final = 2

#: What an op's closed forms read (``needs``) and what performing it, in whole or in part, may
#: lower or change (``lowers``), finer than ``touches``: whether one of a card's actions,
#: performed first, may make the other fall short (games/fort/certain.spares, R5.2). A gain only
#: takes room and supply (a pack or a payment after it finds more tokens), a pack only takes
#: stuff tokens and pack room (a gain after it finds more room)...
ROOM: Final = 1  # room in the stuff and tokens in the supply (what a gain takes)
HELD: Final = 2  # each kind in stuff and pack together (what a payment takes)
STUFF: Final = 4  # tokens in the stuff (what packing takes)
PACK: Final = 8  # what is in the pack (`x pack`, copy pack read it: any change)
PACK_ROOM: Final = 16
LEVEL: Final = 32  # the level, its cost, and the capacities a perk won with it may change
HAND: Final = 64
LOOKOUT: Final = 128  # the lookout's cards and room (`x lookout` reads them: any change)
DISCARD: Final = 256
SOURCES: Final = 512  # the park, the park deck and the yards (what recruits take)
DECK: Final = 1024
VP: Final = 2048
EVERYTHING: Final = 4095


class Judgement:
    """A play being judged without a search: the table, the player, how ``x quantity`` counts now
    (see :meth:`times`), how many cards still in the hand will have left it (the played card,
    before the play starts) by the time the action is performed, the leader's choices that bind
    a follower (R6.4), and whether the action must have an effect (R5.4) or not (R6.2).

    Counting is data, not a closure: ``ctx`` (a move in progress counts as it runs) or ``cards``
    (only those cards count, None: not known) with ``named``, the suits their coins are named (a
    follower's, R5.6; None: not known yet)."""

    __slots__ = ("game", "p", "named", "leaving", "bound", "effect", "ctx", "cards")

    def __init__(self, game: Game, p: Player, named: dict[int, Suit] | None,
                 leaving: int, bound: Mapping[int, Any], effect: bool, ctx: Ctx | None = None,
                 cards: Sequence[CardInstance] | None = None) -> None:
        self.game = game
        self.p = p
        self.named = named
        self.leaving = leaving
        self.bound = bound
        self.effect = effect
        self.ctx = ctx
        self.cards = cards

    def times(self, q: Count) -> int | None:
        """What ``x q`` counts now, or None if it is not known yet."""
        ctx = self.ctx
        if ctx is not None:
            return q.now(ctx)
        named, cards = self.named, self.cards
        if named is not None and cards is not None:
            return q.discarded(self.p, cards, named)
        return q.before(self.p, cards)


_NO_NAMES: Final[dict[int, Suit]] = {}


# -- quantities after `x` (R13.1, R5.3, R5.7, core C5) ------------------------------------------


class Count:
    """A quantity after ``x``: what it counts during a move (``count``), and what is known of
    it before one (``before``: with ``cards`` the only cards counted, None: not known)."""

    #: The count stays the same while actions are performed (the counted cards are set before).
    steady = False

    def __init__(self, node: n.Quantity) -> None:
        self.node = node
        self.key = id(node)  # `x any`: the key of the suit chosen (R5.7)

    def count(self, ctx: Ctx) -> int:
        raise NotImplementedError

    def now(self, ctx: Ctx) -> int | None:
        """What it counts now, or None for an `x any` whose suit is not chosen yet (R5.7)."""
        return self.count(ctx)

    def before(self, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
        return None  # depends on a choice still to make, or on cards not known

    def discarded(self, p: Player, cards: Sequence[CardInstance],
                  named: dict[int, Suit]) -> int | None:
        """A follower's count with ``cards`` discarded and their coins named (R5.6, R6.5)."""
        return self.before(p, cards)


class SuitCountOp(Count):
    steady = True

    def __init__(self, node: n.SuitCount) -> None:
        super().__init__(node)
        self.suit: Suit = node.suit

    def count(self, ctx: Ctx) -> int:
        return suit_count(ctx, self.suit)

    def before(self, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
        if cards is None:
            return None  # lookout cards that count anyway
        suit = self.suit
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
            total += card_count(c, self.suit, named)
        return total


class AnySuitOp(Count):
    steady = True

    def count(self, ctx: Ctx) -> int:
        return suit_count(ctx, ctx.any_suits[self.key])

    def now(self, ctx: Ctx) -> int | None:
        suit = ctx.any_suits.get(self.key)
        return None if suit is None else suit_count(ctx, suit)


class FixedOp(Count):
    steady = True

    def __init__(self, node: n.Fixed) -> None:
        super().__init__(node)
        self.n: int = node.n

    def count(self, ctx: Ctx) -> int:
        return self.n

    def before(self, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
        return self.n


class _PlayerCount(Count):
    """A count of the performer's own board, known before a play whatever is chosen in it."""

    def count(self, ctx: Ctx) -> int:
        return self.of(ctx.player)

    def of(self, p: Player) -> int:
        raise NotImplementedError

    def before(self, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
        return self.of(p)


class PackSizeOp(_PlayerCount):
    def of(self, p: Player) -> int:
        pizza, toy = p.pack.values()
        return pizza + toy


class FortLevelOp(_PlayerCount):
    def of(self, p: Player) -> int:
        return p.level


class LookoutSizeOp(_PlayerCount):
    def of(self, p: Player) -> int:
        return len(p.lookout)


class TallyOp(Count):
    """Core C5: the performer's own zone or tokens, or another vocabulary's quantity, counted
    by the measure its word declares when the repetition starts; never judged before (a search
    decides)."""

    def __init__(self, node: n.Tally) -> None:
        super().__init__(node)
        measure = quantity_spec(node).measure  # Fort's or another vocabulary's word
        assert measure is not None, f"the quantity {node.what!r} declares no measure"
        self.measure: Callable[[Any], int] = measure

    def count(self, ctx: Ctx) -> int:
        # ``who``: the performer at any game's table (``player``, the same object, is set
        # only at Fort's; Frantic's `x place` is measured on its seat)
        return self.measure(ctx.who)


_COUNTS: Final[dict[type, Callable[[Any], Count]]] = {
    n.SuitCount: SuitCountOp,
    n.AnySuit: AnySuitOp,
    n.PackSize: PackSizeOp,
    n.FortLevel: FortLevelOp,
    n.LookoutSize: LookoutSizeOp,
    n.Fixed: FixedOp,
    n.Tally: TallyOp,
}


# -- actions ------------------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Op:
    """One node of an action, compiled. The defaults are those of a node nothing is known of:
    never sure, never certain to fail, may free anything, touches tokens and cards.

    Another vocabulary's primitive may bring its own subclass (registry ``PrimitiveSpec.op``),
    made with its node. Its flags (``straight``, ``exact_once``, ``touches``, ...) are instance
    attributes: a subclass sets them in ``__init__`` (compiled, a class attribute of an
    interpreted subclass is not read)."""

    #: ``now`` (once) and ``repeated`` (``times`` in a row) are exact for a follower performing
    #: the op alone (not on their turn, so no perk widens it, R15): in full if and only if.
    exact_once = False
    exact_repeated = False
    #: When not ``short``, a follower performs it in full for certain (its ``short`` is exact).
    short_exact = False
    #: Only scores, or only takes what another part might need (tokens from the supply into the
    #: stuff, cards from the hand, a yard or the park), never gives it back; composites: if all
    #: their parts are (see ThenOp.unhelped).
    unhelpful = False
    touches = TOKENS_TOUCHED | CARDS_MOVED
    needs = EVERYTHING
    lowers = EVERYTHING
    #: It never offers a choice: ``once`` performs it and says whether in full, with no
    #: continuation, so a repetition or a sequence of such ops is a loop (no Python recursion
    #: that grows with a repetition count, and nothing to try at a choice point).
    straight = False
    #: Its choices only say how, never whether: every option of its choice points performs it
    #: in full with an effect once it can be (a card moved from any zone, any token packed or
    #: swapped, any payment of a level), so ``always`` is ``now`` and ``always_repeated`` is
    #: ``repeated``. True of a straight op too (it has one way).
    uniform = False
    #: An "on your turn" perk may widen it (R15: Sticky Fingers, Bribe): see ``idle``.
    on_turn = False

    def __init__(self, node: n.Action) -> None:
        self.node = node
        self.key = id(node)  # the leader's choices that bind followers are kept by it (R6.4)
        spec = spec_of(type(node))  # a primitive's declaration says whether it may free
        self.frees: bool = spec is None or spec.frees
        #: and whether, performed by you, it may free a rival (a composite: by its parts)
        self.frees_rivals: bool = spec is not None and spec.frees_rivals
        self._counts_suits = -1  # counts_suits(), worked out once asked (-1: not yet)
        self._turn_matters = -1  # turn_matters(), likewise

    def run(self, ctx: Ctx, k: K) -> bool:
        """Perform the node, then ``k(full)``; returns whether the whole move succeeded. A
        straight op need not define it: it is its ``once``, then ``k``."""
        if self.straight:
            return resume(k, self.once(ctx))
        raise NotImplementedError

    def once(self, ctx: Ctx) -> bool:
        """A ``straight`` op performed: whether in full."""
        raise NotImplementedError

    def now(self, s: Judgement) -> bool:
        """Whether the node, performed now, is certain to be performed in full with an effect."""
        return False

    def repeated(self, s: Judgement, times: int) -> bool:
        """Whether it is, ``times`` (2 or more) times in a row (the body of `x`, R13.1)."""
        return False

    def always(self, s: Judgement) -> bool:
        """Whether the node, performed now, is certain to be performed in full with an effect
        (none needed unless ``s.effect``) whatever is chosen at its choice points: a move made
        for real need not try its options (every one of them ends the node alike)."""
        return (self.uniform or self.straight) and self.now(s)

    def always_repeated(self, s: Judgement, times: int) -> bool:
        """:meth:`always`, ``times`` (2 or more) times in a row, whatever is chosen each time."""
        return (self.uniform or self.straight) and self.repeated(s, times)

    def short(self, s: Judgement) -> bool:
        """Whether a follower performing it alone now is certain NOT to perform it in full
        (R6.2); False: not known."""
        return self.exact_once and not self.now(s)

    def idle(self, s: Judgement) -> bool:
        """Whether the leader, performing it now on their turn, is certain not to perform it in
        full with an effect whatever is chosen (R5.4: it cannot make the play legal): it
        changes nothing (``void``), or it falls short (``short``, a follower's form: not
        judged when an "on your turn" perk the leader holds may widen a part of it, R15)."""
        if self.void(s):
            return True
        turn = self.turn_matters()
        if turn == 2 or turn and s.p.perks:  # another vocabulary's op may read the turn itself
            return False
        return self.short(s)

    def void(self, s: Judgement) -> bool:
        """Whether it is certain to change nothing, performed now whatever is chosen."""
        return False

    def turn_matters(self) -> int:
        """Whether a part of it may do more on its performer's turn: 0 no, 1 with a perk
        (``on_turn``), 2 not known (an op of another vocabulary)."""
        if self._turn_matters < 0:
            ops = self.walk()
            self._turn_matters = (
                2 if any(isinstance(x, Declared) or type(x).__module__ != __name__ for x in ops)
                else 1 if any(x.on_turn for x in ops) else 0)
        return self._turn_matters

    def never_full(self, game: Game, p: Player) -> bool:
        """It cannot be performed in full at any time of a play that only gains tokens."""
        return False  # a repetition may be performed zero times, in full

    def never_done(self, game: Game, p: Player) -> bool:
        """It cannot be performed in full with an effect (R5.4) in such a play."""
        return self.never_full(game, p)

    def may_free(self, game: Game, p: Player) -> bool:
        """It may run a primitive that makes room, refills the supply or changes the pack
        (assuming none has run before): as its registry declaration says (``frees``), unless
        the op knows better."""
        return self.frees

    def effective_at_most(self, game: Game, p: Player) -> int | None:
        """How many of its repetitions can have an effect, at most, in a play that only gains
        tokens (None: no bound known)."""
        return None

    def counted_suit(self, ctx: Ctx) -> Suit | None:
        """The suit an `x suit` or `x any` (as chosen, R5.7) counts, if it is one."""
        return None

    def parts(self) -> tuple[Op, ...]:
        """The ops directly below this one."""
        return ()

    def walk(self) -> list[Op]:
        """This op and every op below it, pre-order (as ``Node.walk``)."""
        out: list[Op] = []
        stack: list[Op] = [self]
        while stack:
            op = stack.pop()
            out.append(op)
            stack.extend(reversed(op.parts()))
        return out

    def counts_suits(self) -> bool:
        """Whether performing it may record repetitions by a suit (R5.5): an `x suit` or
        `x any` inside, or an op of another vocabulary (not known)."""
        if self._counts_suits < 0:
            self._counts_suits = int(any(
                isinstance(x, RepeatOp) and (x.suit is not None or x.any)
                or not isinstance(x, RepeatOp) and (isinstance(x, Declared)
                                                    or type(x).__module__ != __name__)
                for x in self.walk()))
        return self._counts_suits == 1


class Declared(Op):
    """A primitive another vocabulary declares, performed by its declaration's ``effect(node,
    ctx, k)``; nothing is known of it without a search."""

    def __init__(self, node: n.Action, effect: Callable[..., bool]) -> None:
        super().__init__(node)
        self.effect = effect

    def run(self, ctx: Ctx, k: K) -> bool:
        return bool(self.effect(self.node, ctx, k))


# -- operators (R13.3-R13.5, `or`, core C6-C7) --------------------------------------------------


class _Cont(Cont):
    """A continuation of this module. Compiled, a subclass in another module than
    :class:`~fortlang.engine.interpreter.Cont` must define ``__call__`` itself: mypyc points the
    inherited slot at the other module's wrapper, which it does not export."""

    def __call__(self, full: bool) -> bool:
        return self.go(full)



#: Every suit, for `x any` (R5.7), made once.
ALL_SUITS: Final = tuple(Suit)


class _RepeatAgain(Then):
    """``x any`` once its suit is chosen: the repetition itself (a thunk for choose_suit)."""

    def __init__(self, op: RepeatOp, ctx: Ctx, k: K) -> None:
        self.op = op
        self.ctx = ctx
        self.k = k

    def apply(self, i: int) -> bool:
        return self.op.run(self.ctx, self.k)


#: What a quantity after `x` reads that an action may change (the others stay as they are: the
#: cards counted are set before any action, a fixed number never changes).
_COUNT_READS: Final[dict[type, int]] = {
    SuitCountOp: 0, AnySuitOp: 0, FixedOp: 0, PackSizeOp: PACK, FortLevelOp: LEVEL,
    LookoutSizeOp: LOOKOUT}


def _needs_lowers(items: Sequence[Op]) -> tuple[int, int]:
    needs = lowers = 0
    for x in items:
        needs |= x.needs
        lowers |= x.lowers
    return needs, lowers


class RepeatOp(Op):
    """R13.3 ``body x count``; a group repeats as a whole (R13.5)."""

    def __init__(self, node: n.Repeat) -> None:
        super().__init__(node)
        self.body: Op = program(node.body)
        self.count: Count = count_of(node.count)
        q = node.count
        self.suit: Suit | None = q.suit if type(q) is t.SuitCount else None  # type: ignore[attr-defined]
        self.any: bool = type(q) is t.AnySuit
        self.touches = self.body.touches
        self.unhelpful = self.body.unhelpful
        self.straight = self.body.straight and not self.any  # `x any` asks for its suit
        self.needs = self.body.needs | _COUNT_READS.get(type(self.count), EVERYTHING)
        self.lowers = self.body.lowers

    def parts(self) -> tuple[Op, ...]:
        return (self.body,)

    def run(self, ctx: Ctx, k: K) -> bool:
        suit = self.suit
        if suit is not None:
            times = suit_count(ctx, suit)
        elif self.any:
            suit = ctx.any_suits.get(self.count.key)
            if suit is None:  # R5.7: chosen when used
                return choose_suit(ctx, ctx.any_suits, self.count.key, ALL_SUITS,
                                   _RepeatAgain(self, ctx, k))
            times = suit_count(ctx, suit)
        else:
            times = self.count.count(ctx)
        if self.body.straight:
            return resume(k, _repeat_loop(self.body, suit, times, ctx))
        return _repeat_step(self.body, suit, times, 0, 0, ctx, k)

    def once(self, ctx: Ctx) -> bool:
        suit = self.suit
        return _repeat_loop(self.body, suit,
                            suit_count(ctx, suit) if suit is not None else self.count.count(ctx),
                            ctx)

    def counted_suit(self, ctx: Ctx) -> Suit | None:
        return ctx.any_suits.get(self.count.key) if self.any else self.suit

    def now(self, s: Judgement) -> bool:
        times = s.times(self.count)
        if times is None:
            return False  # not known yet
        n_times: int = times  # a native int from here: compared in C, not as objects
        if n_times == 0:
            return not s.effect  # performed in full zero times, with no effect
        if n_times == 1:
            return self.body.now(s)
        return n_times >= 1 and self.body.repeated(s, n_times)

    def always(self, s: Judgement) -> bool:
        times = s.times(self.count)
        if times is not None:
            return self._always(s, times)
        ctx = s.ctx
        if not self.any or ctx is None:
            return False  # not known yet
        for suit in ALL_SUITS:  # R5.7: its suit is still to be chosen, whichever it is
            if not self._always(s, suit_count(ctx, suit)):
                return False
        return True

    def _always(self, s: Judgement, times: int) -> bool:
        if times == 0:
            return not s.effect  # performed in full zero times, with no effect
        if times == 1:
            return self.body.always(s)
        return self.body.always_repeated(s, times)

    def short(self, s: Judgement) -> bool:
        times = s.times(self.count)
        if not times:  # not known, or zero times: in full
            return False
        body = self.body
        if times == 1:
            return body.short(s)
        return body.exact_repeated and not body.repeated(s, times)

    def void(self, s: Judgement) -> bool:
        times = s.times(self.count)
        if times is None:
            return False  # not known yet
        return times == 0 or self.body.void(s)  # a body that changes nothing, however often

    def idle(self, s: Judgement) -> bool:
        """Zero times, or a body idle now: each way of a repetition either falls short (so does
        the whole) or changes nothing (the next one meets the same state); else ``short``."""
        times = s.times(self.count)
        if times is None:
            return False  # not known yet
        if times == 0 or self.body.idle(s):
            return True
        return super().idle(s)

    def never_done(self, game: Game, p: Player) -> bool:
        return self.body.never_full(game, p)  # zero times has no effect, once or more fails

    def may_free(self, game: Game, p: Player) -> bool:
        return self.body.may_free(game, p)


def _repeat_step(body: Op, suit: Suit | None, times: int, i: int, effective: int, ctx: Ctx,
                 k: K) -> bool:
    """Repetition ``i`` of ``times``, ``effective`` of the ones before having changed the state:
    R5.5 counts only those (a repetition performed in full that changes nothing, such as copying
    an empty pack, makes no added card useful)."""
    if i == times:
        if suit is not None:
            ctx.table.note(ctx.records, (suit, times, effective))
        return resume(k, True)
    if suit is None and i == times - 1:  # the last one, nothing to record: in full if it is
        return body.run(ctx, k)
    return body.run(ctx, _RepeatNext(body, suit, times, i, effective, ctx.table.mark(), ctx, k))


class _Repetition(Step):
    """Repetition ``i`` handed to the driver (interpreter.jump): one repetition never runs
    inside the frames of the one before (issue 13.3)."""

    def __init__(self, body: Op, suit: Suit | None, times: int, effective: int, ctx: Ctx,
                 k: K) -> None:
        self.body = body
        self.suit = suit
        self.times = times
        self.effective = effective
        self.ctx = ctx
        self.k = k

    def apply(self, i: int) -> bool:
        return _repeat_step(self.body, self.suit, self.times, i, self.effective, self.ctx,
                            self.k)

    def options(self) -> Sequence[Option]:
        return ()


def _repeat_loop(body: Op, suit: Suit | None, times: int, ctx: Ctx) -> bool:
    """:func:`_repeat_step` for a straight body, as a loop: the same repetitions, the same
    record of how many changed the state (R5.5), whether in full."""
    game = ctx.table
    effective = 0
    for i in range(times):
        if suit is None and i == times - 1:  # the last one, nothing to record
            return body.once(ctx)
        mark = game.mark()
        full = body.once(ctx)
        if suit is not None:
            effective += game.changed_since(mark)
        if not full:
            if suit is not None:
                game.note(ctx.records, (suit, times, effective))
            return False
    if suit is not None:
        game.note(ctx.records, (suit, times, effective))
    return True


class _RepeatNext(_Cont):
    """After repetition ``i``: the next one, or the end of the repetition (R13.3)."""

    def __init__(self, body: Op, suit: Suit | None, times: int, i: int, effective: int,
                 mark: int, ctx: Ctx, k: K) -> None:
        self.body = body
        self.suit = suit
        self.times = times
        self.i = i
        self.effective = effective
        self.mark = mark
        self.ctx = ctx
        self.k = k

    def done(self) -> int:
        """The repetitions so far that changed the state, this one included (R5.5 counts them
        for an `x suit`; 0 for any other count)."""
        return self.effective + self.ctx.table.changed_since(self.mark) \
            if self.suit is not None else 0

    def go(self, full: bool) -> bool:
        ctx, suit = self.ctx, self.suit
        done = self.done()
        if full:
            if ctx.search and explored(ctx, self, True):
                return False  # been here, in this state: no legal completion (issue 13.3)
            return jump(ctx, _Repetition(self.body, suit, self.times, done, ctx, self.k),
                        self.i + 1)
        if suit is not None:
            ctx.table.note(ctx.records, (suit, self.times, done))
        return resume(self.k, False)

    def fails_short(self) -> bool:
        return fails_short(self.k)  # it goes on with k(False)

    def key(self, keep: dict[int, Any]) -> object:
        k = key_of(self.k, keep)
        if k is None:
            return None
        # the suit by identity: an enum member hashes by a Python-level __hash__, and keys are
        # hashed at every place a search remembers (issue 31.7)
        return (_RepeatNext, self.body, id(self.suit), self.times, self.i, self.done(), k)


class ThenOp(Op):
    """R13.4: the left is required for the right; the right is required if possible."""

    def __init__(self, node: n.Then) -> None:
        super().__init__(node)
        self.items: tuple[Op, ...] = tuple(program(x) for x in node.items)
        touches = 0
        unhelpful = True
        for x in self.items:
            touches |= x.touches
            unhelpful = unhelpful and x.unhelpful
        self.touches = touches
        self.unhelpful = unhelpful
        self.straight = all(x.straight for x in self.items)
        self.needs, self.lowers = _needs_lowers(self.items)
        #: No part can change what another needs: at most one part touches tokens, at most one
        #: moves cards (a level gained only widens the lookout, R10.2), the others only score,
        #: and every count stays as it is (no `x pack`, `x level`, `x lookout`).
        self.independent: bool = (
            sum(1 for x in self.items if x.touches & TOKENS_TOUCHED) <= 1
            and sum(1 for x in self.items if x.touches & CARDS_MOVED) <= 1
            and all(x.count.steady for x in self.walk() if isinstance(x, RepeatOp)))
        #: No part can make another possible: each part certain to fail now fails when its turn
        #: comes (their counts stay as they are, and no part gives anything back).
        self.unhelped: bool = self.independent and unhelpful
        #: Exact parts, none helping another: each part's repetitions meet only the states its
        #: own left, so the whole is in full ``times`` in a row exactly when each part is.
        self.exact_repeated = self.unhelped and all(x.exact_repeated for x in self.items)

    def parts(self) -> tuple[Op, ...]:
        return self.items

    def run(self, ctx: Ctx, k: K) -> bool:
        if self.straight:
            return resume(k, self.once(ctx))
        return _then_step(self.items, 0, ctx, k)

    def once(self, ctx: Ctx) -> bool:
        items = self.items
        last = len(items) - 1
        for i in range(last):
            if not items[i].once(ctx):
                return False  # R13.4: the left is required for the right
        return items[last].once(ctx)  # the whole is in full exactly when the last part is

    def now(self, s: Judgement) -> bool:
        """Every part sure now, and no part changes what another needs."""
        if not self.independent:
            return False
        for x in self.items:
            if not x.now(s):
                return False
        return True

    def repeated(self, s: Judgement, times: int) -> bool:
        """Every part sure ``times`` in a row, and no part changes what another needs: the
        repetitions of the others, in between, leave each part as it found it."""
        if not self.independent:
            return False
        for x in self.items:
            if not x.repeated(s, times):
                return False
        return True

    def always(self, s: Judgement) -> bool:
        if not self.independent:
            return False
        for x in self.items:
            if not x.always(s):
                return False
        return True

    def always_repeated(self, s: Judgement, times: int) -> bool:
        if not self.independent:
            return False
        for x in self.items:
            if not x.always_repeated(s, times):
                return False
        return True

    def void(self, s: Judgement) -> bool:
        """No part changes anything, so each meets the state as it is now."""
        for x in self.items:
            if not x.void(s):
                return False
        return True

    def idle(self, s: Judgement) -> bool:
        """Every part idle now: each way of a part either falls short (so does the whole, R13.4)
        or changes nothing (the next part meets the state as it is now); else ``short``."""
        for x in self.items:
            if not x.idle(s):
                return super().idle(s)
        return True

    def short(self, s: Judgement) -> bool:
        # R13.4: in full only if every part is; the first meets the state as it is now, and so
        # does every part of an unhelped sequence
        if self.unhelped:
            return any(x.short(s) for x in self.items)
        return self.items[0].short(s)

    def never_full(self, game: Game, p: Player) -> bool:
        return any(x.never_full(game, p) for x in self.items)

    def may_free(self, game: Game, p: Player) -> bool:
        for x in self.items:
            if x.may_free(game, p):
                return True
            if x.never_full(game, p):
                return False  # what follows is never reached (R13.4)
        return False


def _then_step(items: tuple[Op, ...], i: int, ctx: Ctx, k: K) -> bool:
    if i == len(items) - 1:  # the last part: the whole is in full exactly when it is
        return items[i].run(ctx, k)
    return items[i].run(ctx, _ThenNext(items, i, ctx, k))


class _ThenNext(_Cont):
    def __init__(self, items: tuple[Op, ...], i: int, ctx: Ctx, k: K) -> None:
        self.items = items
        self.i = i
        self.ctx = ctx
        self.k = k

    def go(self, full: bool) -> bool:
        if not full:  # R13.4: the left is required for the right
            return resume(self.k, False)
        ctx = self.ctx
        if ctx.search and explored(ctx, self, True):
            return False  # been here, in this state: no legal completion (issue 13.3)
        return _then_step(self.items, self.i + 1, ctx, self.k)

    def fails_short(self) -> bool:
        return fails_short(self.k)  # it goes on with k(False)

    def key(self, keep: dict[int, Any]) -> object:
        k = key_of(self.k, keep)
        return None if k is None else (_ThenNext, self.items, self.i, k)


class ChoiceOp(Op):
    """`a or b`: one branch, chosen; branches that differ only in the resource bind (R12.1,
    R6.4)."""

    def __init__(self, node: n.Choice) -> None:
        super().__init__(node)
        self.items: tuple[Op, ...] = tuple(program(x) for x in node.items)
        self.binding: bool = bool(is_resource_choice(node))
        self.options: tuple[Option, ...] = tuple(Option(text(x), i)
                                                 for i, x in enumerate(node.items))
        touches = 0
        unhelpful = True
        for x in self.items:
            touches |= x.touches
            unhelpful = unhelpful and x.unhelpful
        self.touches = touches
        self.unhelpful = unhelpful
        self.needs, self.lowers = _needs_lowers(self.items)

    def parts(self) -> tuple[Op, ...]:
        return self.items

    def run(self, ctx: Ctx, k: K) -> bool:
        items = self.items
        if self.binding:
            key = self.key
            fixed = ctx.bound.get(key, ctx.chosen.get(key))
            if fixed is not None:  # R6.4, and never a mix across repetitions (R12.1)
                return items[fixed].run(ctx, k)
        return decide_at(ctx, K_CHOICE, len(items), _Branch(self, ctx, k))

    def fixed(self, s: Judgement) -> Op | None:
        """The branch the leader chose, binding a follower (R6.4), or None."""
        if s.bound and self.binding:
            fixed = s.bound.get(self.key)
            if fixed is not None:
                return self.items[fixed]
        return None

    def now(self, s: Judgement) -> bool:
        fixed = self.fixed(s)
        if fixed is not None:
            return fixed.now(s)
        for x in self.items:
            if x.now(s):
                return True
        return False

    def always(self, s: Judgement) -> bool:
        fixed = self.fixed(s)
        if fixed is not None:
            return fixed.always(s)
        for x in self.items:
            if not x.always(s):
                return False
        return True

    def always_repeated(self, s: Judgement, times: int) -> bool:
        """Only a binding choice: one branch for every repetition (R12.1); other choices may
        mix branches, one of which may change what another needs."""
        if not self.binding:
            return False
        fixed = self.fixed(s)
        if fixed is not None:
            return fixed.always_repeated(s, times)
        for x in self.items:
            if not x.always_repeated(s, times):
                return False
        return True

    def short(self, s: Judgement) -> bool:
        fixed = self.fixed(s)
        if fixed is not None:
            return fixed.short(s)
        return all(x.short(s) for x in self.items)

    def void(self, s: Judgement) -> bool:
        fixed = self.fixed(s)
        if fixed is not None:
            return fixed.void(s)
        for x in self.items:
            if not x.void(s):
                return False
        return True

    def idle(self, s: Judgement) -> bool:
        fixed = self.fixed(s)
        if fixed is not None:
            return fixed.idle(s)
        for x in self.items:
            if not x.idle(s):
                return False
        return True

    def never_full(self, game: Game, p: Player) -> bool:
        return all(x.never_full(game, p) for x in self.items)

    def never_done(self, game: Game, p: Player) -> bool:
        return all(x.never_done(game, p) for x in self.items)

    def may_free(self, game: Game, p: Player) -> bool:
        return any(x.may_free(game, p) for x in self.items)


class _Branch(Step):
    """`a or b`: which branch; a resource choice binds (R12.1, R6.4)."""

    def __init__(self, op: ChoiceOp, ctx: Ctx, k: K) -> None:
        self.op = op
        self.ctx = ctx
        self.k = k

    def apply(self, i: int) -> bool:
        ctx, op = self.ctx, self.op
        if op.binding:
            ctx.table.note_item(ctx.chosen, op.key, i)
        return op.items[i].run(ctx, self.k)

    def options(self) -> Sequence[Option]:
        return self.op.options


class ConditionalOp(Op):
    """Core C7: a false test performs nothing and is not in full (R5.4); a follower tests it
    for themselves (R6.2: they need it in full, so only while it holds for them)."""

    def __init__(self, node: n.Conditional) -> None:
        super().__init__(node)
        self.test = node.test
        self.body: Op = program(node.body)
        self.straight = self.body.straight
        self.lowers = self.body.lowers  # its test may read anything (needs: everything)

    def parts(self) -> tuple[Op, ...]:
        return (self.body,)

    def run(self, ctx: Ctx, k: K) -> bool:
        return self.body.run(ctx, k) if self.holds(ctx) else resume(k, False)

    def once(self, ctx: Ctx) -> bool:
        return self.body.once(ctx) if self.holds(ctx) else False

    def holds(self, ctx: Ctx) -> bool:
        """The comparison, counted now for whoever performs the action."""
        return bool(evaluate(self.test, ctx.game, ctx.player))

    def may_free(self, game: Game, p: Player) -> bool:
        return self.body.may_free(game, p)


# -- who performs an action (core C6: `each rival ->`, `a rival ->`, `each player ->`) ----------

_Who = tuple[int, SeatCounts, bool, dict[int, Any], dict[int, Any]]


def _put(ctx: Ctx, v: _Who) -> None:
    """Who performs, in the undo log: a choice point gone back to inside the body finds the
    performer it was reached with (the driver's rollback restores them). At Fort's table its
    ``player`` too, the same object as ``who``."""
    note = ctx.table.note_attr
    note(ctx, "seat", v[0])
    note(ctx, "who", v[1])
    if ctx.fort:
        note(ctx, "player", v[1])
    note(ctx, "leader", v[2])
    note(ctx, "chosen", v[3])
    note(ctx, "bound", v[4])


class _AsPlayerBack(_Cont):
    """The end of ``body`` performed by another player: back to the original performer."""

    def __init__(self, ctx: Ctx, saved: _Who, k: K) -> None:
        self.ctx = ctx
        self.saved = saved
        self.k = k

    def go(self, full: bool) -> bool:
        _put(self.ctx, self.saved)
        return resume(self.k, full)

    def fails_short(self) -> bool:
        return fails_short(self.k)  # it goes on with k(False)

    def key(self, keep: dict[int, Any]) -> object:
        k = key_of(self.k, keep)
        if k is None:
            return None
        seat, player, leader, chosen, bound = self.saved
        # the saved tables by identity, kept alive with the key (so their ids are not reused)
        keep[id(chosen)] = chosen
        keep[id(bound)] = bound
        return (_AsPlayerBack, seat, player, leader, id(chosen), id(bound), k)


def as_player(ctx: Ctx, seat: int, body: Op, k: K) -> bool:
    """``body`` performed by the player at ``seat`` as themselves: their zones and tokens, their
    decisions (asked of their agent), no "on your turn" perk (it is not their turn), and their
    own pizza-or-toy choices (R12.1 binds one performer, R6.4 binds followers to the leader,
    not rivals to each other). ``k`` continues as the original performer. Swapping the fields
    in place (not a new Ctx) keeps one search flag for the whole move, so a continuation run
    inside a trial is still a trial."""
    if ctx.points is None:  # under a driver, which puts the performer back if the move ends
        return drive(ctx, _AsPlayer(ctx, seat, body, k), 0)  # inside the body
    saved: _Who = (ctx.seat, ctx.who, ctx.leader, ctx.chosen, ctx.bound)
    _put(ctx, (seat, seat_of(ctx.table, seat), False, {}, {}))
    return body.run(ctx, _AsPlayerBack(ctx, saved, k))


class _AsPlayer(Then):
    """:func:`as_player` as a thunk: what its driver starts with."""

    def __init__(self, ctx: Ctx, seat: int, body: Op, k: K) -> None:
        self.ctx = ctx
        self.seat = seat
        self.body = body
        self.k = k

    def apply(self, i: int) -> bool:
        return as_player(self.ctx, self.seat, self.body, self.k)


class _EachNext(_Cont):
    """After seat ``i`` performed the body: the next seat (each does as much as they can; in
    full if all did)."""

    def __init__(self, body: Op, seats: tuple[int, ...], i: int, full: bool, ctx: Ctx,
                 k: K) -> None:
        self.body = body
        self.seats = seats
        self.i = i
        self.full = full
        self.ctx = ctx
        self.k = k

    def go(self, full: bool) -> bool:
        return _each_step(self.body, self.seats, self.i + 1, self.full and full, self.ctx, self.k)

    def fails_short(self) -> bool:
        return fails_short(self.k)  # it goes on with k(False)

    def key(self, keep: dict[int, Any]) -> object:
        k = key_of(self.k, keep)
        return None if k is None else (_EachNext, self.body, self.seats, self.i, self.full, k)


def _each_step(body: Op, seats: tuple[int, ...], i: int, full: bool, ctx: Ctx, k: K) -> bool:
    if i == len(seats) or (not full and ctx.search and fails_short(k)):
        # Once a performer fell short, a move that needs the action in full fails whatever
        # the others do: searching, their choices are not tried (for real, they still act).
        return resume(k, full)
    after = _EachNext(body, seats, i, full, ctx, k)
    if seats[i] == ctx.seat:
        return body.run(ctx, after)
    return as_player(ctx, seats[i], body, after)


class _ARival(Step):
    """`a rival -> body`: which rival performs it."""

    def __init__(self, ctx: Ctx, seats: tuple[int, ...], body: Op, k: K) -> None:
        self.ctx = ctx
        self.seats = seats
        self.body = body
        self.k = k

    def apply(self, i: int) -> bool:
        return as_player(self.ctx, self.seats[i], self.body, self.k)

    def options(self) -> Sequence[Option]:
        return [Option(player_name(s), Seat(s)) for s in self.seats]


class TargetOp(Op):
    """Who performs the body: the seats its selector gives (fortlang.vocabulary.Selector),
    from a read-only view of the table, each in turn, or the one of them the actor chooses."""

    def __init__(self, node: n.Target) -> None:
        super().__init__(node)
        self.who = node.who
        selector = selector_of(node.who)
        self.seats = selector.checked_seats
        self.chosen = selector.picks == "chosen" or selector.ties == "chooser"
        #: Fort's selectors (each rival, a rival, each player) read natively: at a table that
        #: declares no direction of play (Game declares none), the core's ``others`` and
        #: ``everyone`` give the rivals from the actor's left, with the actor first for
        #: ``everyone``; no view nor call per performance (tests/test_selectors.py holds the
        #: two ways equal).
        self.native = 1 if selector.seats is others else 2 if selector.seats is everyone else 0
        self.body: Op = program(node.body)

    def parts(self) -> tuple[Op, ...]:
        return (self.body,)

    def performers(self, table: Journal, seat: int) -> tuple[int, ...]:
        """The seats that perform the body for ``seat``, in the order they act. At Fort's table
        through its view; another game's table is its own view (its ``seat_count``,
        ``direction`` and ``players``: fortlang.vocabulary.TableView)."""
        native = self.native
        if native and type(table) is Game:
            rivals = tuple(q.seat for q in table.rivals(seat))
            return rivals if native == 1 else (seat, *rivals)
        if isinstance(table, Game):
            return self.seats(GameView(table, seat), Acting(seat))
        return self.seats(cast(TableView, table), Acting(seat))

    def run(self, ctx: Ctx, k: K) -> bool:
        seats = self.performers(ctx.table, ctx.seat)
        if self.chosen:
            return decide_at(ctx, K_RIVAL, len(seats), _ARival(ctx, seats, self.body, k))
        return _each_step(self.body, seats, 0, True, ctx, k)

    def may_free(self, game: Game, p: Player) -> bool:
        """Core C6: what its performers do may free you, whoever performs it: their own freeing
        (giving back to the supply), or taking from you (``frees_rivals``)."""
        body = self.body
        for x in body.walk():
            if x.frees_rivals:
                return True
        for q in game.players:
            if body.may_free(game, q):
                return True
        return False


# -- tokens (R12.1, R12.2, R12.9, R12.11-R12.13, core C3-C4) ------------------------------------

RESOURCE_OPTIONS: Final = tuple(Option(r.value, r) for r in TOKENS)


class _KindPick(Step):
    """Choosing pizza or toy for a node (R12.1): remembered for the node, then performed."""

    def __init__(self, op: _TokensOp, ctx: Ctx, k: K) -> None:
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

    touches = TOKENS_TOUCHED

    def __init__(self, node: n.Gain | n.Spend | n.Take | n.Give) -> None:
        super().__init__(node)
        self.amount: int = node.amount
        self.resource: Resource = node.resource
        self.kinds: tuple[Resource, ...] = TOKENS if node.resource is EITHER else (node.resource,)
        self.exact_once = self.exact_repeated = node.amount >= 1  # 0 tokens: always in full

    def run(self, ctx: Ctx, k: K) -> bool:
        res = self.resource
        if res is not EITHER:
            return self.perform(ctx, res, k)
        # pizza/toy: bound by the leader (R6.4), already chosen by this node (never a mix,
        # R12.1), or chosen now
        key = self.key
        fixed = ctx.bound.get(key, ctx.chosen.get(key))
        if fixed is not None:
            return self.perform(ctx, fixed, k)
        return decide_at(ctx, K_RESOURCE, len(TOKENS), _KindPick(self, ctx, k))

    def perform(self, ctx: Ctx, res: Resource, k: K) -> bool:
        """Its effect, with pizza/toy resolved to ``res``."""
        raise NotImplementedError

    def kinds_now(self, s: Judgement) -> tuple[Resource, ...]:
        if s.bound:
            fixed = s.bound.get(self.key)  # the leader's pizza or toy (R6.4)
            if fixed is not None:
                return (fixed,)
        return self.kinds

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

    def perform(self, ctx: Ctx, res: Resource, k: K) -> bool:
        return resume(k, gain_tokens(ctx, res, self.amount))

    def once(self, ctx: Ctx) -> bool:
        return gain_tokens(ctx, self.resource, self.amount)

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, s: Judgement, times: int) -> bool:
        """Every token fits in the stuff and is in the supply, for one kind."""
        need = self.amount * times
        if self.amount < 1:
            return False
        game, p = s.game, s.p
        for r in self.kinds_now(s):
            if game.gainable(p, r) >= need:
                return True
        return False

    def every_kind(self, s: Judgement, times: int) -> bool:
        """Every token fits in the stuff and is in the supply, for each kind."""
        need = self.amount * times
        if self.amount < 1:
            return False
        game, p = s.game, s.p
        for r in self.kinds_now(s):
            if game.gainable(p, r) < need:
                return False
        return True

    def never_full(self, game: Game, p: Player) -> bool:
        return self.amount >= 1 and not any(game.gainable(p, r) >= self.amount
                                            for r in self.kinds)

    def effective_at_most(self, game: Game, p: Player) -> int | None:
        """One while a token of its kind still fits."""
        if self.amount < 1:
            return None
        return max(-(-game.gainable(p, r) // self.amount) for r in self.kinds)


class SpendOp(_TokensOp):
    """R12.9: from stuff and/or pack back to the supply."""

    needs = HELD
    lowers = HELD | STUFF | PACK

    def perform(self, ctx: Ctx, res: Resource, k: K) -> bool:
        return _spend_kind(ctx, res, self.amount, k)

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, s: Judgement, times: int) -> bool:
        need = self.amount * times
        if self.amount < 1:
            return False
        p = s.p
        for r in self.kinds_now(s):
            if s.game.spendable(p, r) >= need:
                return True
        return False

    def every_kind(self, s: Judgement, times: int) -> bool:
        """Enough of each kind in stuff and pack; every split between them is in full."""
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

    def __init__(self, ctx: Ctx, res: Resource, got: int, amount: int, low: int, high: int,
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


def _spend_kind(ctx: Ctx, res: Resource, amount: int, k: K) -> bool:
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

    def __init__(self, ctx: Ctx, pools: list[tuple[Pool, Resource, str, Any]], perk: Perk | None,
                 k: K) -> None:
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

    touches = TOKENS_TOUCHED
    exact_once = True
    exact_repeated = True
    uniform = True  # any token, from anywhere: one packed
    on_turn = True
    needs = STUFF | PACK_ROOM | LEVEL
    lowers = STUFF | PACK | PACK_ROOM  # from the supply only with a perk (see on_turn)

    def run(self, ctx: Ctx, k: K) -> bool:
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

    def repeated(self, s: Judgement, times: int) -> bool:
        """Room in the pack and tokens in the stuff, one per repetition."""
        p = s.p
        return (s.game.pack_room(p) >= times
                and p.stuff[PIZZA] + p.stuff[TOY] >= times)

    def never_full(self, game: Game, p: Player) -> bool:
        return not _can_pack(game, p)

    def may_free(self, game: Game, p: Player) -> bool:
        return _can_pack(game, p)


def _copies(game: Game, p: Player, pack: Pool) -> bool:
    """Each kind of ``pack`` fits in ``p``'s stuff and is in the supply."""
    return all(not pack[r] or game.gainable(p, r) >= pack[r] for r in TOKENS)


class CopyPackOp(Op):
    """R12.11: gain what is in your own pack."""

    touches = TOKENS_TOUCHED
    needs = ROOM | LEVEL | PACK
    lowers = ROOM
    short_exact = True
    straight = True

    def once(self, ctx: Ctx) -> bool:
        return copy_tokens(ctx, ctx.player.pack.values())

    def now(self, s: Judgement) -> bool:
        """Each kind of the pack fits and is in the supply; an empty pack copies nothing."""
        return self.repeated(s, 1)

    def repeated(self, s: Judgement, times: int) -> bool:
        """The pack stays as it is: each kind of it ``times`` over."""
        game, p = s.game, s.p
        pack = p.pack
        if s.effect and not pack[PIZZA] and not pack[TOY]:
            return False
        for r in TOKENS:
            if pack[r] and game.gainable(p, r) < pack[r] * times:
                return False
        return True

    def short(self, s: Judgement) -> bool:
        return not _copies(s.game, s.p, s.p.pack)

    def void(self, s: Judgement) -> bool:
        pack = s.p.pack
        return not pack[PIZZA] and not pack[TOY]

    def never_full(self, game: Game, p: Player) -> bool:
        return not _copies(game, p, p.pack)

    def never_done(self, game: Game, p: Player) -> bool:
        if p.pack.values() == (0, 0):
            return True  # copying an empty pack changes nothing
        return self.never_full(game, p)


class _RivalPack(Step):
    """R12.12: whose pack to copy, one option per distinct content."""

    def __init__(self, ctx: Ctx, packs: list[tuple[int, tuple[int, int]]], k: K) -> None:
        self.ctx = ctx
        self.packs = packs
        self.k = k

    def apply(self, i: int) -> bool:
        return resume(self.k, copy_tokens(self.ctx, self.packs[i][1]))

    def options(self) -> Sequence[Option]:
        return [Option(f"{player_name(seat)}'s pack ({pizza} pizza, {toy} toy)", Seat(seat))
                for seat, (pizza, toy) in self.packs]


class CopyRivalPackOp(Op):
    """R12.12: gain what is in a rival's pack of your choosing (nothing is taken from them)."""

    touches = TOKENS_TOUCHED
    needs = ROOM | LEVEL  # and the rivals' packs, which only their own actions change
    lowers = ROOM
    short_exact = True

    def run(self, ctx: Ctx, k: K) -> bool:
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
        return decide_at(ctx, K_RIVAL_PACK, len(packs), _RivalPack(ctx, packs, k))

    def short(self, s: Judgement) -> bool:
        """The pack of a rival of their choosing (the leader included, for a follower)."""
        return not any(_copies(s.game, s.p, q.pack) for q in s.game.rivals(s.p.seat))

    def always(self, s: Judgement) -> bool:
        """Whichever rival's pack is chosen, it is copied in full (and is not empty)."""
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

    def void(self, s: Judgement) -> bool:
        """Every rival's pack is empty: whichever is copied, nothing is gained."""
        for q in s.game.rivals(s.p.seat):
            pack = q.pack
            if pack[PIZZA] or pack[TOY]:
                return False
        return True

    def idle(self, s: Judgement) -> bool:
        """Every rival's pack is empty or does not fit: none is copied in full with an effect."""
        game, p = s.game, s.p
        for q in game.rivals(p.seat):
            pack = q.pack
            if (pack[PIZZA] or pack[TOY]) and _copies(game, p, pack):
                return False
        return True


class _Swap(Step):
    """R12.13: which token to swap: (pool, where, the token given)."""

    def __init__(self, ctx: Ctx, swaps: list[tuple[Pool, str, Resource]], k: K) -> None:
        self.ctx = ctx
        self.swaps = swaps
        self.k = k

    def apply(self, i: int) -> bool:
        game = self.ctx.game
        pool, _, r = self.swaps[i]
        game.transfer(pool, game.supply, r, 1)
        game.transfer(game.supply, pool, OTHER[r], 1)
        return resume(self.k, True)

    def options(self) -> Sequence[Option]:
        return [Option(f"a {r} in your {where} for a {OTHER[r]}", (where, r))
                for _, where, r in self.swaps]


def _can_convert(game: Game, p: Player) -> bool:
    """R12.13, now or once gains have filled the stuff: a token of the other kind in the supply,
    and room for it in the stuff or a token to give in the pack."""
    return any(game.supply[OTHER[r]] and (game.stuff_room(p, OTHER[r]) or p.pack[r])
               for r in TOKENS)


class ConvertOp(Op):
    """R12.13: swap one token in stuff or pack for the other kind (finite supply, stuff cap)."""

    touches = TOKENS_TOUCHED
    exact_once = True
    exact_repeated = True
    uniform = True  # any swap offered is one made
    needs = ROOM | HELD | STUFF | PACK | LEVEL
    lowers = ROOM | HELD | STUFF | PACK

    def run(self, ctx: Ctx, k: K) -> bool:
        game, p = ctx.game, ctx.player
        swaps: list[tuple[Pool, str, Resource]] = []
        for pool, where in ((p.stuff, "stuff"), (p.pack, "pack")):
            for r in TOKENS:
                if can_swap(game, p, pool, r):
                    swaps.append((pool, where, r))
        if not swaps:
            return resume(k, False)
        return decide_at(ctx, K_CONVERT, len(swaps), _Swap(ctx, swaps, k))

    def now(self, s: Judgement) -> bool:
        p, game = s.p, s.game
        for pool in (p.stuff, p.pack):
            for r in TOKENS:
                if can_swap(game, p, pool, r):
                    return True
        return False

    def repeated(self, s: Judgement, times: int) -> bool:
        return self.now(s)  # a convert can always be converted back

    def never_full(self, game: Game, p: Player) -> bool:
        return not _can_convert(game, p)

    def may_free(self, game: Game, p: Player) -> bool:
        return _can_convert(game, p)


class _RivalMove(Step):
    """C3, C4: which rival gives or gets: (rival, how many move)."""

    def __init__(self, ctx: Ctx, res: Resource, amount: int, taking: bool,
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


def _rival_tokens(ctx: Ctx, res: Resource, amount: int, taking: bool, k: K) -> bool:
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

    def perform(self, ctx: Ctx, res: Resource, k: K) -> bool:
        return _rival_tokens(ctx, res, self.amount, self.taking, k)


class TakeOp(_RivalTokensOp):
    taking = True
    lowers = ROOM


class GiveOp(_RivalTokensOp):
    taking = False
    lowers = HELD | STUFF


# -- cards (R12.3-R12.6, R12.10, core C1) --------------------------------------------------------


class _CardsOp(Op):
    touches = CARDS_MOVED


class LookoutOp(_CardsOp):
    """R12.3 (capacity R10.2); Bribe (R15) widens the sources on your turn to the places its
    data names: the park, the park deck, rivals' yards, your discard pile."""

    unhelpful = True
    exact_once = True
    exact_repeated = True  # for a follower: no perk widens it (R15)
    uniform = True  # a card from any place offered: one more in the lookout
    on_turn = True
    needs = HAND | LOOKOUT | LEVEL
    lowers = HAND | LOOKOUT  # other places only with a perk (see on_turn)

    def run(self, ctx: Ctx, k: K) -> bool:
        game, p = ctx.game, ctx.player
        if game.lookout_room(p) <= 0:
            return k(False)
        places: list[tuple[list, str, Any]] = [(p.hand, "from your hand", ("hand",))]
        perk = p.perk(LOOKOUT_FROM_ANYWHERE) if ctx.leader and p.perks else None
        if perk is None:
            return card_moves(ctx, places, p.lookout, K_LOOKOUT, k, refill_park=True)
        sources = perk_places(perk)
        if "park" in sources:
            places.append((game.park, "from the park", ("park",)))
        if "park_deck" in sources:
            places.append((game.park_deck, "", ()))
        if "yard" in sources:
            places += [yard_place(q) for q in game.rivals(ctx.seat)]
        if "discard" in sources:
            places.append((p.discard, "from your discard", ("discard",)))

        def used(zone: list) -> None:
            if zone is not p.hand:
                game.use_perk(p, perk)

        return card_moves(ctx, places, p.lookout, K_LOOKOUT, k, refill_park=True, used=used)

    def now(self, s: Judgement) -> bool:
        return s.game.lookout_room(s.p) > 0 and len(s.p.hand) > s.leaving

    def repeated(self, s: Judgement, times: int) -> bool:
        """Room for each card, and a hand card for each (a perk's other places only leave
        more in the hand)."""
        return s.game.lookout_room(s.p) >= times and len(s.p.hand) - s.leaving >= times


def _in_play(p: Player) -> list[tuple[str, str]]:
    """The cards `destroy card` never offers (``Game.explain``): played or added (R12.4). A
    module function with a partial, not a closure: compiled, a closure's environment is one more
    object and a reference cycle."""
    return [(f"{p.in_play[i].name} (played or added: in play)", "R12.4")
            for i in distinct(p.in_play)]


class _Refusals:
    """``_in_play`` of one player, as a thunk."""

    def __init__(self, p: Player) -> None:
        self.p = p

    def __call__(self) -> list[tuple[str, str]]:
        return _in_play(self.p)


class DestroyCardOp(_CardsOp):
    """R12.4: hand or discard pile, never the deck; played and added cards are in play."""

    def run(self, ctx: Ctx, k: K) -> bool:
        p = ctx.player
        places = [(p.hand, "from your hand", ("hand",)),
                  (p.discard, "from your discard", ("discard",))]
        return card_moves(ctx, places, ctx.game.box, K_DESTROY, k, refused=_Refusals(p))

    uniform = True  # a card from either place: one destroyed
    needs = HAND | DISCARD
    lowers = HAND | DISCARD

    def now(self, s: Judgement) -> bool:
        return len(s.p.hand) > s.leaving or bool(s.p.discard)

    def repeated(self, s: Judgement, times: int) -> bool:
        """A card for each, from the hand and the discard pile together."""
        return len(s.p.hand) - s.leaving + len(s.p.discard) >= times


class RecruitOp(_CardsOp):
    """R12.6: as the recruit phase (R7.1)."""

    unhelpful = True
    exact_once = True

    def run(self, ctx: Ctx, k: K) -> bool:
        return card_moves(ctx, recruit_places(ctx.game), ctx.player.discard, K_RECRUIT, k,
                          refill_park=True)

    uniform = True  # a card from any place: one recruited
    exact_repeated = True
    needs = SOURCES
    lowers = SOURCES  # and adds to the discard pile

    def now(self, s: Judgement) -> bool:
        game = s.game
        return bool(game.park or game.park_deck or any(q.yard for q in game.players))

    def repeated(self, s: Judgement, times: int) -> bool:
        """A card for each among the park, the park deck (refilling the park keeps their sum)
        and the yards (R7.1); none comes back to them."""
        game = s.game
        total = len(game.park) + len(game.park_deck)
        for q in game.players:
            total += len(q.yard)
        return total >= times


class DestroyRivalOp(_CardsOp):
    """R12.10: box a card from a rival's yard."""

    unhelpful = True
    exact_once = True

    def run(self, ctx: Ctx, k: K) -> bool:
        game = ctx.game
        places = [yard_place(q) for q in game.rivals(ctx.seat)]
        return card_moves(ctx, places, game.box, K_DESTROY_RIVAL, k)

    uniform = True  # a card from any rival's yard: one boxed
    exact_repeated = True
    needs = SOURCES
    lowers = SOURCES

    def now(self, s: Judgement) -> bool:
        return any(q.yard for q in s.game.rivals(s.p.seat))

    def repeated(self, s: Judgement, times: int) -> bool:
        """A card for each in the rivals' yards together."""
        total = 0
        for q in s.game.rivals(s.p.seat):
            total += len(q.yard)
        return total >= times


class DrawOp(_CardsOp):
    """Core C1: from the top of the deck into the hand; an empty deck is not refilled (a
    reshuffle is random, and only the draw phase does it, R9.1): in full if N were drawn."""

    straight = True
    needs = DECK
    lowers = DECK  # and adds to the hand

    def __init__(self, node: n.Draw) -> None:
        super().__init__(node)
        self.amount: int = node.amount

    def once(self, ctx: Ctx) -> bool:
        game, p = ctx.game, ctx.player
        got = min(self.amount, len(p.deck))
        for _ in range(got):
            game.move(p.deck, len(p.deck) - 1, p.hand)
        return got == self.amount

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, s: Judgement, times: int) -> bool:
        """Enough cards in the deck for every draw (it is not refilled meanwhile)."""
        return self.amount >= 1 and len(s.p.deck) >= self.amount * times


class DestroyThisOp(Op):
    """R12.5: the leader's card is boxed once the followers are done (see play.py). A follower
    has no "this card" of their own: for them it does nothing (interpretation)."""

    touches = 0
    unhelpful = True
    straight = True
    needs = 0
    lowers = 0

    def once(self, ctx: Ctx) -> bool:
        if ctx.play is not None:
            ctx.game.set(ctx.play, "destroy_this", True)
        return True

    def now(self, s: Judgement) -> bool:
        return True  # the leader's card is marked; a follower does nothing


# -- the victory track (R12.8, core C2) ---------------------------------------------------------


class ScoreOp(Op):
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

    def run(self, ctx: Ctx, k: K) -> bool:
        ctx.game.add_vp(ctx.player, self.amount)
        return resume(k, True)

    def once(self, ctx: Ctx) -> bool:
        ctx.game.add_vp(ctx.player, self.amount)
        return True

    def now(self, s: Judgement) -> bool:
        return True  # a VP change is always recorded

    def repeated(self, s: Judgement, times: int) -> bool:
        return True


class LoseOp(Op):
    """Core C2: down the victory track, never below 0: in full if N were lost."""

    touches = 0
    needs = VP
    lowers = VP
    straight = True

    def __init__(self, node: n.Lose) -> None:
        super().__init__(node)
        self.amount: int = node.amount

    def once(self, ctx: Ctx) -> bool:
        p = ctx.player
        got = min(self.amount, p.vp)
        if got:
            ctx.game.add_vp(p, -got)
        return got == self.amount

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, s: Judgement, times: int) -> bool:
        """Enough VP for every loss."""
        return self.amount >= 1 and s.p.vp >= self.amount * times


# -- advance fort (R10, R12.7, R13.2) -----------------------------------------------------------


def _plan_label(plan: tuple[int, int, int, int]) -> str:
    parts = [f"{m} {r} from {where}" for m, r, where in zip(
        plan, ("pizza", "pizza", "toy", "toy"), ("stuff", "pack", "stuff", "pack"), strict=True)
        if m]
    return "pay " + (", ".join(parts) if parts else "nothing")


def _plans_now(game: Game, p: Player, modifier: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every way for ``p`` to pay the next level now (R10.1, R13.2)."""
    tokens, stuff, pack = game.tokens, p.stuff.at, p.pack.at
    return plans_for(game.costs[p.level], modifier, tokens[stuff], tokens[stuff + 1],
                     tokens[pack], tokens[pack + 1])


class _Pay(Step):
    """R10.1, R13.2: how to pay an advance, then the level's rewards (R10.3)."""

    def __init__(self, ctx: Ctx, plans: tuple[tuple[int, int, int, int], ...], k: K) -> None:
        self.ctx = ctx
        self.plans = plans
        self.k = k

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        game, p = ctx.game, ctx.player
        stuff, pack = p.stuff.at, p.pack.at
        # a plan: pizza from the stuff, from the pack, toy from the stuff, from the pack
        # (unpacked, not zipped: compiled, a zip is a generic iterator over boxed tuples)
        pizza_stuff, pizza_pack, toy_stuff, toy_pack = self.plans[i]
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
        return [Option(_plan_label(pl), pl) for pl in self.plans]


class AdvanceOp(Op):
    """R10.1: pay the cost to the next level from stuff and/or pack (R13.2: one more or less),
    then the level's rewards (R10.3). It touches tokens; the level it gains only widens the
    lookout (R10.2), which no other part of a `then` can lose room in."""

    touches = TOKENS_TOUCHED
    exact_once = True
    uniform = True  # any plan pays the level; a reward is always taken (R10.3)
    needs = HELD | LEVEL  # a plan: each kind in stuff and pack together (R10.1)
    lowers = HELD | STUFF | PACK | LEVEL

    def __init__(self, node: n.Advance) -> None:
        super().__init__(node)
        self.modifier: int = node.modifier

    def run(self, ctx: Ctx, k: K) -> bool:
        game, p = ctx.game, ctx.player
        if p.level >= game.max_level:
            return resume(k, False)
        plans = _plans_now(game, p, self.modifier)
        if not plans:
            return resume(k, False)
        return decide_at(ctx, K_PAYMENT, len(plans), _Pay(ctx, plans, k))

    def now(self, s: Judgement) -> bool:
        """Below the top level with a way to pay; a reward is always taken in full (R10.3)."""
        p, game = s.p, s.game
        return p.level < game.max_level and bool(_plans_now(game, p, self.modifier))


# -- compiling ---------------------------------------------------------------------------------


#: The op class of each node class of the language (exact classes: a subclass of a node class
#: is another primitive, which brings its own effect).
OPS: Final[dict[type, Callable[[Any], Op]]] = {
    n.Repeat: RepeatOp,
    n.Then: ThenOp,
    n.Choice: ChoiceOp,
    n.Conditional: ConditionalOp,
    n.Target: TargetOp,
    n.Gain: GainOp,
    n.Spend: SpendOp,
    n.Pack: PackOp,
    n.CopyPack: CopyPackOp,
    n.CopyRivalPack: CopyRivalPackOp,
    n.Convert: ConvertOp,
    n.Take: TakeOp,
    n.Give: GiveOp,
    n.Lookout: LookoutOp,
    n.DestroyCard: DestroyCardOp,
    n.Recruit: RecruitOp,
    n.DestroyRival: DestroyRivalOp,
    n.Draw: DrawOp,
    n.DestroyThis: DestroyThisOp,
    n.Score: ScoreOp,
    n.Lose: LoseOp,
    n.Advance: AdvanceOp,
}
COMPILED_QUANTITIES: Final = frozenset(_COUNTS)


def _compile(node: n.Action) -> Op:
    build = OPS.get(type(node))
    if build is not None:
        return build(node)
    spec = spec_of(type(node))
    if spec is not None and spec.op is not None:  # another vocabulary's op: effect and forms
        op = spec.op(node)
        if not isinstance(op, Op):
            raise TypeError(f"primitive {spec.name}: its op {op!r} is not an engine Op")
        return op
    if spec is None or spec.effect is None:
        raise TypeError(f"no engine op for {type(node).__name__}")
    return Declared(node, spec.effect)


def count_of(q: n.Quantity) -> Count:
    build = _COUNTS.get(type(q))
    if build is None:
        raise TypeError(f"no count for the quantity {type(q).__name__}")
    return build(q)


#: Ops by the id of their node; an entry keeps its node alive, so ids are never reused
#: (engine/memo.py). A card's ops are also kept on its CardDef (:func:`box_ops`).
_PROGRAMS: Final[dict[int, tuple[n.Action, Op]]] = {}


def program(action: n.Action) -> Op:
    """The op of ``action``, compiled once per node (its children's with it)."""
    hit = _PROGRAMS.get(id(action))
    if hit is None:
        hit = bounded_put(_PROGRAMS, id(action), (action, _compile(action)))
    return hit[1]


def programs_size() -> int:
    return len(_PROGRAMS)


def reads_moved_cards(actions: Sequence[Op]) -> bool:
    """Whether, performing ``actions`` in any order, a test may read which cards are where after
    an action moved a card: an `if` over a metric, or an `x` over a quantity, that reads the
    suits of the cards you have (R14, the registry's ``reads_cards``), performed after a card
    move (a later part of a `then`, the next repetition or performer, another action); an op of
    another vocabulary may (not known). If not, any card of a zone an action moves ends the move
    alike (interpreter.EQUIVALENT_OPTIONS): a test read before any move sees the same cards."""
    flows = [_card_flow(x) for x in actions]
    if any(after for _, _, after in flows):
        return True
    return any(a[0] and b[1] for i, a in enumerate(flows) for j, b in enumerate(flows)
               if i != j)


_SUIT_OF_WORD: Final = {s.value: s for s in Suit}


def suits_named(actions: Sequence[Op]) -> frozenset[Suit] | None:
    """The suits the text of ``actions`` names (`x shovel`, a metric such as `crown` that counts
    a suit's icons, R14); None if an op of another vocabulary may read any suit. Every other
    suit plays the same part in them: one not on any card either can stand for another
    (games.fort.play's choice of an `x any` suit, R5.7)."""
    named: set[Suit] = set()
    for action in actions:
        for op in action.walk():
            if isinstance(op, Declared) or type(op).__module__ != __name__:
                return None
        for node in action.node.walk():
            for f in fields(node):
                value = getattr(node, f.name)
                if isinstance(value, Suit):
                    named.add(value)
                elif isinstance(value, str) and value in _SUIT_OF_WORD:
                    named.add(_SUIT_OF_WORD[value])
    return frozenset(named)


def _card_flow(op: Op) -> tuple[bool, bool, bool]:
    """(may move a card, may read cards, may read them after moving one) for ``op``."""
    if isinstance(op, Declared) or type(op).__module__ != __name__:
        return True, True, True
    own = _reads_cards_first(op)
    parts = op.parts()
    if not parts:
        return bool(op.touches & CARDS_MOVED), own, False
    flows = [_card_flow(x) for x in parts]
    moves = any(m for m, _, _ in flows)
    reads = own or any(r for _, r, _ in flows)
    after = any(a for _, _, a in flows)
    if isinstance(op, ThenOp):  # the parts in turn
        moved = False
        for m, r, _ in flows:
            after = after or (moved and r)
            moved = moved or m
    elif isinstance(op, (RepeatOp, TargetOp)):  # the body again, after itself
        m, r, _ = flows[0]
        after = after or (m and r)
    return moves, reads, after


def _reads_cards_first(op: Op) -> bool:
    """What ``op`` itself reads of the cards before its parts run: an `if`'s test, an `x`'s
    count (read when the repetition starts)."""
    if isinstance(op, ConditionalOp):
        for e in op.test.walk():
            if isinstance(e, t.Metric):
                spec = METRIC_BY_WORD.get(e.name)
                if spec is None or spec.reads_cards:
                    return True
    elif isinstance(op, RepeatOp):
        q = op.node.count  # type: ignore[attr-defined]
        return not isinstance(q, t.Fixed) and quantity_spec(q).reads_cards
    return False


def run(action: n.Action, ctx: Ctx, k: K) -> bool:
    """Perform ``action`` (its program), then ``k(full)``."""
    return program(action).run(ctx, k)


def box_ops(card: CardInstance) -> tuple[Op | None, Op | None]:
    """The programs of a card's public and private actions (None: a blank box), kept on its
    CardDef (one per card, shared by every game): compiled once per card, read natively."""
    defn = card.defn
    kept = defn.ops
    if kept is None:
        pub, priv = defn.public, defn.private
        kept = defn.ops = (program(pub) if pub is not None else None,
                           program(priv) if priv is not None else None)
    ops: tuple[Op | None, Op | None] = kept
    return ops
