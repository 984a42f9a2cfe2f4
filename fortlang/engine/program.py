"""A card's actions compiled into programs: one op per AST node, made once, that knows its rule.

Each node of an action's AST becomes, once (:func:`program`), an :class:`Op` (or, for a quantity
after ``x``, a :class:`Count`): a compiled object holding the node's fields and its children's
ops. The op of a primitive is the engine's one declaration of that primitive's rule (issue 13,
items 1-2, 5), side by side in one class:

* ``run(ctx, k)``, its effect: performed on ``ctx.table`` through the undo log, offering its
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

This module holds the core's part: :class:`Op`, :class:`Count` and :class:`Judgement`, the
operators (:class:`RepeatOp`, :class:`ThenOp`, :class:`ChoiceOp`, :class:`ConditionalOp`,
:class:`TargetOp`), a number and a tally after ``x``, and :func:`program`. It names no game's
primitive: each primitive brings its op in its declaration (registry ``PrimitiveSpec.op``: a
subclass of :class:`Op`, closed forms included; Fort's are games/fort/ops/, compiled with the
engine), or only its effect (``PrimitiveSpec.effect``), run as a :class:`Declared` op that is
never judged sure (a search decides); a game's quantity brings its count (``WordSpec.count``).
The legality shortcuts (games/fort/certain.py) compose the closed forms; the choice points
(engine/interpreter.py) try options where they cannot tell. Dispatch is by the op's class (a
native method call compiled), so running a program reads no AST field and looks nothing up.

>>> from fortlang.parser import parse_action
>>> op = program(parse_action("gain pizza x shovel"))
>>> type(op).__name__, type(op.body).__name__, op.body.amount
('RepeatOp', 'GainOp', 1)
>>> program(op.node) is op  # made once per node
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from fortlang import nodes as n
from fortlang.engine import node_types as t
from fortlang.engine.choices import K_CHOICE, K_RIVAL, Option, Seat, player_name
from fortlang.engine.interpreter import (
    Cont,
    Ctx,
    Step,
    Then,
    decide_at,
    drive,
    explored,
    fails_short,
    jump,
    key_of,
    resume,
    seat_of,
    text,
)
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.memo import bounded_put
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
#: lower or change (``lowers``), finer than ``touches``: one bit per thing of the table, which a
#: game's ops name (Fort's: games/fort/ops/__init__.py); an op or a count that says nothing
#: reads and lowers all of them.
EVERYTHING: Final = 4095


class Judgement:
    """A play being judged without a search: how ``x quantity`` counts now (see :meth:`times`),
    how many cards still in the hand will have left it (the played card, before the play
    starts) by the time the action is performed, the leader's choices that bind a follower
    (R6.4), and whether the action must have an effect (R5.4) or not (R6.2). A game that judges
    its plays without a search subclasses it with its table and performer (Fort's
    ``FortJudgement``, games/fort/context.py), which its ops' closed forms read.

    Counting is data, not a closure: ``ctx`` (a move in progress counts as it runs), else what
    the count itself knows of the judgement (:meth:`Count.judged`)."""

    __slots__ = ("leaving", "bound", "effect", "ctx")

    def __init__(self, leaving: int, bound: Mapping[int, Any], effect: bool,
                 ctx: Ctx | None = None) -> None:
        self.leaving = leaving
        self.bound = bound
        self.effect = effect
        self.ctx = ctx

    def times(self, q: Count) -> int | None:
        """What ``x q`` counts now, or None if it is not known yet."""
        ctx = self.ctx
        if ctx is not None:
            return q.now(ctx)
        return q.judged(self)

    def turn_perks(self) -> bool:
        """Whether the performer holds a perk that may widen an op on their turn (Fort's R15);
        none by default."""
        return False


# -- quantities after `x` (R13.1, R5.3, R5.7, core C5) ------------------------------------------


class Count:
    """A quantity after ``x``: what it counts during a move (``count``), and what is known of
    it before one (``before``: with ``cards`` the only cards counted, None: not known)."""

    #: The count stays the same while actions are performed (the counted cards are set before).
    steady = False
    #: What it reads that an action may change, as an op's ``needs`` (a fixed number, or cards
    #: counted that are set before any action: nothing); unless the count says less, anything.
    reads = EVERYTHING
    #: It is chosen when a repetition by it starts (Fort's `x any`, R5.7): :meth:`choose` asks,
    #: its choice is kept by the move under ``key`` (:meth:`chosen_now`), and :meth:`outcomes`
    #: lists what it may count.
    chosen = False

    def __init__(self, node: n.Quantity) -> None:
        self.node = node
        self.key = id(node)  # `x any`: the key of the suit chosen (R5.7)
        #: What a repetition by it records by (``Ctx.records``), if it records: Fort's
        #: `x suit` its suit (R5.5). None: nothing recorded.
        self.suit: Any = None

    def count(self, ctx: Ctx) -> int:
        raise NotImplementedError

    def now(self, ctx: Ctx) -> int | None:
        """What it counts now, or None for an `x any` whose suit is not chosen yet (R5.7)."""
        return self.count(ctx)

    def judged(self, s: Judgement) -> int | None:
        """What it counts for a play judged without a search (``s``, no move in progress), or
        None: it depends on a choice still to make, or on cards not known."""
        return None

    def choose(self, ctx: Ctx, then: Then) -> bool:
        """A ``chosen`` count: ask for its choice, keep it, then ``then``."""
        raise NotImplementedError

    def outcomes(self, ctx: Ctx) -> list[int]:
        """A ``chosen`` count: what it counts now for each choice it may be given."""
        raise NotImplementedError

    def chosen_now(self, ctx: Ctx) -> Any:
        """A ``chosen`` count: its choice in this move (what a repetition by it records by),
        or None while not chosen yet."""
        raise NotImplementedError


class FixedOp(Count):
    steady = True
    reads = 0

    def __init__(self, node: n.Fixed) -> None:
        super().__init__(node)
        self.n: int = node.n

    def count(self, ctx: Ctx) -> int:
        return self.n

    def judged(self, s: Judgement) -> int | None:
        return self.n


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


#: The core's counts (a game's quantities bring theirs: their declaration's ``count``).
_COUNTS: Final[dict[type, Callable[[Any], Count]]] = {
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
    #: Its flags and closed forms tell all it does: the core's operators and the ops of a game
    #: module compiled with the engine (Fort's, games/fort/ops/) say so. False, the default:
    #: another vocabulary's op, of which ``turn_matters``, ``counts_suits``,
    #: :func:`suits_named` and :func:`reads_moved_cards` assume the worst.
    known = False

    def __init__(self, node: n.Action) -> None:
        self.node = node
        self.key = id(node)  # the leader's choices that bind followers are kept by it (R6.4)
        spec = spec_of(type(node))  # a primitive's declaration says whether it may free
        self.frees: bool = spec is None or spec.frees
        #: and whether, performed by you, it may free a rival (a composite: by its parts)
        self.frees_rivals: bool = spec is not None and spec.frees_rivals
        #: and whether it may move cards and read which cards are where: the checker's bound on
        #: the search reads the same declaration (checker.card_flow), so the engine does too for
        #: an op it does not know (see _card_flow); undeclared, both (the safe default)
        self.moves_cards: bool = spec is None or spec.moves_cards
        self.reads_cards: bool = spec is None or spec.reads_cards
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

    def feeds(self, nxt: Op) -> bool:
        """Whether it knows, exactly, what performing it gives ``nxt`` right after it (a `then`
        of the two, R13.4): its :meth:`now_feeding` and :meth:`always_feeding` then stand for
        the pair's ``now`` and ``always``."""
        return False

    def now_feeding(self, s: Judgement, nxt: Op) -> bool:
        """``now`` of this op then ``nxt`` (:meth:`feeds`), exact."""
        return False

    def always_feeding(self, s: Judgement, nxt: Op) -> bool:
        """``always`` of this op then ``nxt`` (:meth:`feeds`), exact."""
        return False

    def idle(self, s: Judgement) -> bool:
        """Whether the leader, performing it now on their turn, is certain not to perform it in
        full with an effect whatever is chosen (R5.4: it cannot make the play legal): it
        changes nothing (``void``), or it falls short (``short``, a follower's form: not
        judged when an "on your turn" perk the leader holds may widen a part of it, R15)."""
        if self.void(s):
            return True
        turn = self.turn_matters()
        if turn == 2 or turn and s.turn_perks():  # another vocabulary's op may read the turn itself
            return False
        return self.short(s)

    def void(self, s: Judgement) -> bool:
        """Whether it is certain to change nothing, performed now whatever is chosen."""
        return False

    def stuck(self, s: Judgement) -> bool:
        """Whether the leader, performing it now on their turn, is certain to change nothing
        and not to perform it in full, whatever is chosen (``void`` and short): a `then` whose
        left part is stuck never reaches its right part (R13.4)."""
        return False

    def turn_matters(self) -> int:
        """Whether a part of it may do more on its performer's turn: 0 no, 1 with a perk
        (``on_turn``), 2 not known (an op of another vocabulary)."""
        if self._turn_matters < 0:
            ops = self.walk()
            self._turn_matters = (
                2 if any(not x.known for x in ops)
                else 1 if any(x.on_turn for x in ops) else 0)
        return self._turn_matters

    def never_full(self, game: Journal, p: SeatCounts) -> bool:
        """It cannot be performed in full at any time of a play that only gains tokens."""
        return False  # a repetition may be performed zero times, in full

    def never_done(self, game: Journal, p: SeatCounts) -> bool:
        """It cannot be performed in full with an effect (R5.4) in such a play."""
        return self.never_full(game, p)

    def may_free(self, game: Journal, p: SeatCounts) -> bool:
        """It may run a primitive that makes room, refills the supply or changes the pack
        (assuming none has run before): as its registry declaration says (``frees``), unless
        the op knows better."""
        return self.frees

    def effective_at_most(self, game: Journal, p: SeatCounts) -> int | None:
        """How many of its repetitions can have an effect, at most, in a play that only gains
        tokens (None: no bound known)."""
        return None

    def drains_at_most(self, game: Journal, p: SeatCounts) -> int | None:
        """How many tokens it can return to the supply from its performer's stuff and pack, at
        most, performed once now (None: no bound known); none unless it may free (``frees``)."""
        return None if self.frees else 0

    def effective_drained(self, game: Journal, p: SeatCounts, drained: int) -> int | None:
        """:meth:`effective_at_most` once ``drained`` tokens at most went back to the supply
        from the stuff and pack before it runs (None: no bound known)."""
        return None

    def counted_suit(self, ctx: Ctx) -> Any:
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
                or not isinstance(x, RepeatOp) and not x.known
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



class _RepeatAgain(Then):
    """``x any`` once its suit is chosen: the repetition itself (a thunk for choose_suit)."""

    def __init__(self, op: RepeatOp, ctx: Ctx, k: K) -> None:
        self.op = op
        self.ctx = ctx
        self.k = k

    def apply(self, i: int) -> bool:
        return self.op.run(self.ctx, self.k)


def _needs_lowers(items: Sequence[Op]) -> tuple[int, int]:
    needs = lowers = 0
    for x in items:
        needs |= x.needs
        lowers |= x.lowers
    return needs, lowers


class RepeatOp(Op):
    """R13.3 ``body x count``; a group repeats as a whole (R13.5)."""

    known = True

    def __init__(self, node: n.Repeat) -> None:
        super().__init__(node)
        self.body: Op = program(node.body)
        self.count: Count = count_of(node.count)
        self.suit: Any = self.count.suit
        self.any: bool = self.count.chosen
        self.touches = self.body.touches
        self.unhelpful = self.body.unhelpful
        self.straight = self.body.straight and not self.any  # `x any` asks for its suit
        self.needs = self.body.needs | self.count.reads
        self.lowers = self.body.lowers

    def parts(self) -> tuple[Op, ...]:
        return (self.body,)

    def run(self, ctx: Ctx, k: K) -> bool:
        count = self.count
        suit = self.suit
        if self.any:
            suit = count.chosen_now(ctx)
            if suit is None:  # R5.7: chosen when used
                return count.choose(ctx, _RepeatAgain(self, ctx, k))
        times = count.count(ctx)
        if self.body.straight:
            return resume(k, _repeat_loop(self.body, suit, times, ctx))
        return _repeat_step(self.body, suit, times, 0, 0, ctx, k)

    def once(self, ctx: Ctx) -> bool:
        return _repeat_loop(self.body, self.suit, self.count.count(ctx), ctx)

    def counted_suit(self, ctx: Ctx) -> Any:
        return self.count.chosen_now(ctx) if self.any else self.suit

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
        for times in self.count.outcomes(ctx):  # R5.7: still to be chosen, whichever it is
            if not self._always(s, times):
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
        body = self.body
        if body.void(s) or body.stuck(s):
            return True  # a body that changes nothing, however often (whatever the count)
        return s.times(self.count) == 0

    def stuck(self, s: Judgement) -> bool:
        times = s.times(self.count)
        if not times:
            return False  # not known yet, or zero times: in full
        return self.body.stuck(s)  # the first repetition changes nothing and falls short

    def idle(self, s: Judgement) -> bool:
        """Zero times, or a body idle now: each way of a repetition either falls short (so does
        the whole) or changes nothing (the next one meets the same state); else ``short``."""
        times = s.times(self.count)
        if times is None:
            return False  # not known yet
        if times == 0 or self.body.idle(s):
            return True
        return super().idle(s)

    def never_done(self, game: Journal, p: SeatCounts) -> bool:
        return self.body.never_full(game, p)  # zero times has no effect, once or more fails

    def may_free(self, game: Journal, p: SeatCounts) -> bool:
        return self.body.may_free(game, p)


def _repeat_step(body: Op, suit: Any, times: int, i: int, effective: int, ctx: Ctx,
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

    def __init__(self, body: Op, suit: Any, times: int, effective: int, ctx: Ctx,
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


def _repeat_loop(body: Op, suit: Any, times: int, ctx: Ctx) -> bool:
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

    def __init__(self, body: Op, suit: Any, times: int, i: int, effective: int,
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

    known = True

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
        #: No part can make a later one fall short nor lose its effect: nothing a part may
        #: lower or change is what a later part's closed forms read (``lowers``, ``needs``),
        #: and no perk can widen a part before the last (``turn_matters``): each part sure now
        #: is still sure when its turn comes, once (repetitions interleave the parts).
        last = len(self.items) - 1
        self.chained: bool = all(
            not self.items[i].lowers & self.items[j].needs
            for i in range(last) for j in range(i + 1, last + 1)) and all(
            self.items[i].turn_matters() == 0 for i in range(last))
        #: No part can make another possible: each part certain to fail now fails when its turn
        #: comes (their counts stay as they are, and no part gives anything back).
        self.unhelped: bool = self.independent and unhelpful
        #: Exact parts, none helping another: each part's repetitions meet only the states its
        #: own left, so the whole is in full ``times`` in a row exactly when each part is.
        self.exact_repeated = self.unhelped and all(x.exact_repeated for x in self.items)
        #: Two parts, the left knowing exactly what it gives the right (``Op.feeds``: Tink's
        #: `gain toy then pack` packs the toy gained): its forms judge the pair.
        self.fed: bool = len(self.items) == 2 and self.items[0].feeds(self.items[1])

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
        """Every part sure now, and no part changes what another needs, or what a later one
        needs (``chained``); or, ``fed``, as the left part judges the pair."""
        if self.fed:
            return self.items[0].now_feeding(s, self.items[1])
        if not self.independent and not self.chained:
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
        if self.fed:
            return self.items[0].always_feeding(s, self.items[1])
        if not self.independent and not self.chained:
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
        """No part changes anything, so each meets the state as it is now; or one is stuck
        (:meth:`stuck`): the parts after it are never reached (R13.4)."""
        for x in self.items:
            if x.stuck(s):
                return True
            if not x.void(s):
                return False
        return True

    def stuck(self, s: Judgement) -> bool:
        """A part is stuck, each one before it changing nothing (it meets the state as it is
        now): the whole changes nothing and is not in full (R13.4)."""
        for x in self.items:
            if x.stuck(s):
                return True
            if not x.void(s):
                return False
        return False

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

    def never_full(self, game: Journal, p: SeatCounts) -> bool:
        return any(x.never_full(game, p) for x in self.items)

    def may_free(self, game: Journal, p: SeatCounts) -> bool:
        for x in self.items:
            if x.may_free(game, p):
                return True
            if x.never_full(game, p):
                return False  # what follows is never reached (R13.4)
        return False

    def drains_at_most(self, game: Journal, p: SeatCounts) -> int | None:
        total = 0
        for x in self.items:
            most = x.drains_at_most(game, p)
            if most is None:
                return None
            total += most
        return total


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

    known = True

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

    def stuck(self, s: Judgement) -> bool:
        fixed = self.fixed(s)
        if fixed is not None:
            return fixed.stuck(s)
        for x in self.items:
            if not x.stuck(s):
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

    def never_full(self, game: Journal, p: SeatCounts) -> bool:
        return all(x.never_full(game, p) for x in self.items)

    def never_done(self, game: Journal, p: SeatCounts) -> bool:
        return all(x.never_done(game, p) for x in self.items)

    def may_free(self, game: Journal, p: SeatCounts) -> bool:
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

    known = True

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
        """The comparison, counted now for whoever performs the action, by the metrics the
        table's game declares (``Journal.evaluate``)."""
        return bool(ctx.table.evaluate(self.test, ctx.seat))

    def may_free(self, game: Journal, p: SeatCounts) -> bool:
        return self.body.may_free(game, p)


# -- who performs an action (core C6: `each rival ->`, `a rival ->`, `each player ->`) ----------

_Who = tuple[int, SeatCounts, bool, dict[int, Any], dict[int, Any]]


def _put(ctx: Ctx, v: _Who) -> None:
    """Who performs, in the undo log: a choice point gone back to inside the body finds the
    performer it was reached with (the driver's rollback restores them), and so does the
    context's own view of it (``Ctx.note_performer``: Fort's ``player``)."""
    note = ctx.table.note_attr
    note(ctx, "seat", v[0])
    note(ctx, "who", v[1])
    ctx.note_performer(v[1])
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

    known = True

    def __init__(self, node: n.Target) -> None:
        super().__init__(node)
        self.who = node.who
        selector = selector_of(node.who)
        self.seats = selector.checked_seats
        self.chosen = selector.picks == "chosen" or selector.ties == "chooser"
        #: The core's ``others`` and ``everyone`` read natively at a table that knows its turn
        #: order (``Journal.turn_order``): the rivals from the actor's left, with the actor
        #: first for ``everyone``; no view nor selector call per performance.
        self.native = 1 if selector.seats is others else 2 if selector.seats is everyone else 0
        self.body: Op = program(node.body)

    def parts(self) -> tuple[Op, ...]:
        return (self.body,)

    def performers(self, table: Journal, seat: int) -> tuple[int, ...]:
        """The seats that perform the body for ``seat``, in the order they act: the table's
        turn order when it knows it natively (``Journal.turn_order``: a table that declares no
        direction of play, Fort's), else through the view it shows a seat's selectors
        (``Journal.selector_view``; another game's table is its own view: its
        ``seat_count``, ``direction`` and ``players``, fortlang.vocabulary.TableView)."""
        native = self.native
        if native:
            rivals = table.turn_order(seat)
            if rivals is not None:
                return rivals if native == 1 else (seat, *rivals)
        return self.seats(cast(TableView, table.selector_view(seat)), Acting(seat))

    def run(self, ctx: Ctx, k: K) -> bool:
        seats = self.performers(ctx.table, ctx.seat)
        if self.chosen:
            return decide_at(ctx, K_RIVAL, len(seats), _ARival(ctx, seats, self.body, k))
        return _each_step(self.body, seats, 0, True, ctx, k)

    def may_free(self, game: Journal, p: SeatCounts) -> bool:
        """Core C6: what its performers do may free you, whoever performs it: their own freeing
        (giving back to the supply), or taking from you (``frees_rivals``)."""
        body = self.body
        for x in body.walk():
            if x.frees_rivals:
                return True
        for q in game.everyone():
            if body.may_free(game, q):
                return True
        return False


# -- compiling ---------------------------------------------------------------------------------


#: The op class of each of the core's operators (exact classes). A primitive's op is its
#: declaration's (registry ``PrimitiveSpec.op``, Fort's as any game's or plugin's), or its
#: ``effect`` run as a :class:`Declared` op.
OPS: Final[dict[type, Callable[[Any], Op]]] = {
    n.Repeat: RepeatOp,
    n.Then: ThenOp,
    n.Choice: ChoiceOp,
    n.Conditional: ConditionalOp,
    n.Target: TargetOp,
}


def _compile(node: n.Action) -> Op:
    build = OPS.get(type(node))
    if build is not None:
        return build(node)
    spec = spec_of(type(node))
    if spec is not None and spec.op is not None:  # the primitive's op: effect and forms
        op = spec.op(node)
        if not isinstance(op, Op):
            raise TypeError(f"primitive {spec.name}: its op {op!r} is not an engine Op")
        return op
    if spec is None or spec.effect is None:
        raise TypeError(f"no engine op for {type(node).__name__}")
    return Declared(node, spec.effect)


def count_of(q: n.Quantity) -> Count:
    """The count of a quantity after `x`: the core's (a number, a tally by its word's
    ``measure``), or the one its word declares (registry ``WordSpec.count``: Fort's suits,
    `any`, `pack`, `level`, `lookout`)."""
    build = _COUNTS.get(type(q))
    if build is not None:
        return build(q)
    make = quantity_spec(q).count
    if make is None:
        raise TypeError(f"no count for the quantity {type(q).__name__}")
    count = make(q)
    if not isinstance(count, Count):
        raise TypeError(f"quantity {type(q).__name__}: its count {count!r} is not an engine Count")
    return count


#: Ops by the id of their node; an entry keeps its node alive, so ids are never reused
#: (engine/memo.py). A card's ops are also kept on its CardDef (Fort's :func:`card_ops`).
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


def _card_flow(op: Op) -> tuple[bool, bool, bool]:
    """(may move a card, may read cards, may read them after moving one) for ``op``."""
    if not op.known:  # another vocabulary's: what its declaration says, a composite the worst
        if op.parts():
            return True, True, True
        moves, reads = op.moves_cards, op.reads_cards
        return moves, reads, moves and reads
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
