"""The engine's runtime: moves in continuation-passing style, choice points, shared mutations.

A card's actions run as programs (engine/program.py: one op per AST node, which holds its rule's
effect and closed form; a primitive's op is its game's, Fort's in games/fort/ops/). An op's
``run(ctx, k)`` does its own work, then calls the continuation ``k(full)`` with whether it was
performed in full; the return value says whether the whole move (up to its legality check)
succeeded. That shape gives the engine what R5.4 and STYLE #10 need
with no deep copies:

* at a choice point, :func:`decide_at` *tries* each option (the rest of the move included)
  inside the game's undo log, rolls back, and offers the agent only the options that can still
  end legally; options the ops' closed forms settle (games/fort/certain.py) are not tried;
* while trying ("search" mode), choice points simply explore their options depth-first; a
  large search remembers the places it left without a legal completion and does not try them
  again (:func:`explored`), so its work stays polynomial in a repetition count (issue 13.3).

Nothing of that nests a Python frame per step (issue 13.3): a choice point does not call its
option, it hands it to the move's driver (:func:`drive`, one loop per move or trial), and a
repetition hands over its next one; a failed path while searching goes back to the latest
choice point with an option left (its undo mark), as the nested calls did. The frames between a
choice point and its driver are therefore tail calls: an op returns what its continuation or
choice point returns, and code that needs an outcome before going on (a trial, a search) runs
its own driver. So the stack's depth depends on the action's size, never on a repetition count.

Execution is "as much as possible" (R5.4's *in part*): a primitive that cannot be completed does
what it can and reports ``full=False``; the caller's final check decides whether that was allowed
(a leader needs one action in full, R5.4; a follower needs it in full, R6.2).

This module holds what the ops of any game share: :class:`Ctx`, continuations (:class:`Cont`),
choice points (:func:`decide_at` over a :class:`Step`), drivers, searches and chance points. Fort's
own moves (suit counts, card and token moves, the ways to pay an advance and its rewards) are in
games/fort/moves.py, its primitives' ops in games/fort/ops/. The hot objects are native when
compiled (mypyc): a continuation is a :class:`Cont` (``go``), a thunk a :class:`Then`
(``apply(0)``), a choice point's options a :class:`Step` (``apply(i)``, and ``options()`` for the
labels, built only when an agent is asked). Plain callables are still accepted wherever a
continuation or thunk is.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Sequence
from typing import Any, Final

from mypy_extensions import i64

from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.memo import bounded_put
from fortlang.printer import to_text

#: Compiled, a Final module name is a C static (``partial`` imported would be looked up).
partial: Final = functools.partial


K = Callable[[bool], bool]
Thunk = Callable[[], bool]
#: A choice point's options, or a function that builds them: labels are only needed when an
#: agent is asked, never while searching.
Options = Sequence[Option] | Callable[[], Sequence[Option]]

_MEMOS: Final[dict[str, dict]] = {}


def memo_sizes() -> dict[str, int]:
    """How many entries each identity memo table holds (tests, diagnostics)."""
    return {name: len(table) for name, table in _MEMOS.items()}


def by_identity(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Memoise a function of an AST node or card by object identity: hashing a frozen tree by
    value costs as much as walking it. The table keeps each key alive, so ids are never reused."""
    table: dict[int, tuple[Any, Any]] = {}
    _MEMOS[fn.__name__] = table

    def memo(obj: Any) -> Any:
        hit = table.get(id(obj))
        if hit is None:
            hit = bounded_put(table, id(obj), (obj, fn(obj)))
        return hit[1]

    memo.__doc__ = fn.__doc__
    return memo


#: The canonical text of a node, for option labels and contexts.
text = by_identity(to_text)

#: When several rules forbid an option, the most specific one is reported.
_PRIORITY: Final = {"R5.5": 3, "R6.2": 2, "R5.4": 1}


def seat_of(table: Journal, seat: int) -> SeatCounts:
    """The player at ``seat`` of any game's table (``Journal.seat_counts``). Read when a move
    starts and when a selector hands the action to another performer."""
    return table.seat_counts(seat)


class Ctx:
    """One player's execution of a move: who, in which mode, and the bookkeeping the legality
    checks need. Its lists and dicts change only through ``table.note*``, so rollback restores
    them.

    The table is any game's (issue 33): the core (choice points, drivers, searches, the
    operators and selectors of engine/program.py, a module's primitives) reads it as ``table``,
    a :class:`~fortlang.engine.journal.Journal`, and the performer as ``who``, a
    :class:`~fortlang.engine.journal.SeatCounts`. A game whose moves need more bookkeeping
    subclasses it (Fort's ``FortCtx``, games/fort/context.py: its table and performer natively
    typed, the cards whose suits count, the suits named), and its table makes its moves'
    contexts (``Journal.new_ctx``). Whoever changes the performer changes ``seat`` and ``who``
    and tells the context (:meth:`note_performer`, :meth:`performer_back`)."""

    __slots__ = ("table", "who", "seat", "search", "safe", "fail", "leader", "chosen", "bound",
                 "records", "play", "context", "points", "jump", "jump_i", "alike", "chanced")

    def __init__(self, table: Journal, seat: int, *, leader: bool,
                 bound: dict[int, Any] | None = None, play: Any = None) -> None:
        self.table = table
        self.seat = seat
        self.who: SeatCounts = seat_of(table, seat)
        self.search = False
        #: Every completion from here is legal (nothing left can fail): no need to try options.
        self.safe = False
        self.fail: str | None = None
        self.leader = leader  # "on your turn" perks (Bribe, Sticky Fingers) apply
        self.chosen: dict[int, Any] = {}  # id(node) -> resource or branch chosen (R12.1, R6.4)
        self.bound: dict[int, Any] = bound or {}  # the leader's choices, binding a follower (R6.4)
        #: (what it records by, times, how many had an effect) for each repetition by a count
        #: that records (``Count.records_by``: Fort's `x suit`, its suit, R5.5).
        self.records: list[tuple[Any, int, int]] = []
        self.play = play  # the leader's play record (destroy this, R12.5), or None
        self.context = ""
        #: The driver's: its choice points with options left (while searching), or None when
        #: no driver runs; and the step to go on with, handed over by :func:`jump`.
        self.points: list[Point] | None = None
        self.jump: Step | None = None
        self.jump_i = 0
        #: Any card of a zone an action moves ends the move alike: no test reads the cards
        #: after one moved (program.reads_moved_cards); set by whoever starts the move.
        self.alike = True
        #: The move has passed a chance point (:func:`chance_at`): what follows is performed
        #: as far as it goes, and the move stands whatever its end (design §4.2).
        self.chanced = False

    def note_performer(self, who: SeatCounts) -> None:
        """The performer became ``who`` (``program.as_player``, in the undo log): a subclass
        that keeps its own view of the performer logs it too."""

    def performer_back(self) -> None:
        """The driver put ``seat`` and ``who`` back after a performer's body left unfinished
        (:func:`drive`): a subclass that keeps its own view of the performer follows."""

    def fails(self, rule: str) -> bool:
        """Record why a completion is illegal (the most specific rule wins); returns False."""
        if self.fail is None or _PRIORITY.get(rule, 0) > _PRIORITY.get(self.fail, 0):
            self.fail = rule
        return False

    def failed(self, default: str) -> str:
        """The rule :meth:`fails` recorded, else ``default``. A call, not ``ctx.fail`` inline:
        after ``ctx.fail = None`` mypy narrows the attribute to None across the trial's calls,
        and mypyc compiles that narrowing into a run-time type check."""
        return self.fail or default


def new_ctx(table: Journal, seat: int, *, leader: bool, bound: dict[int, Any] | None = None,
            play: Any = None) -> Ctx:
    """The context of a move by ``seat`` at ``table``: its game's (``Journal.new_ctx``), else
    a :class:`Ctx`."""
    made = table.new_ctx(seat, leader=leader, bound=bound, play=play)
    if made is not None:
        return made
    return Ctx(table, seat, leader=leader, bound=bound, play=play)


class Cont:
    """A continuation as a native object: ``go(full)`` goes on with the move once a node is done.
    Calling it does the same, so anything that takes a plain callable ``k`` takes one; inside the
    interpreter :func:`resume` calls ``go`` directly (a C call under mypyc, where calling a
    closure is a generic call that parses its arguments). One object per step, no environment
    object and no reference cycle for the collector to find."""

    def go(self, full: bool) -> bool:
        raise NotImplementedError

    def __call__(self, full: bool) -> bool:
        return self.go(full)

    def fails_short(self) -> bool:
        """Whether ``go(False)`` fails whatever the state by then: the move needs this part
        in full (R6.2, ``perform(full=True)``), so a search need not try what is left once it
        falls short. False when not known (the safe answer)."""
        return False

    def key(self, keep: dict[int, Any]) -> object:
        """What ``go`` does, as a hashable value, given the game state when it is called:
        equal keys in equal states end alike (what the continuations after this one do
        included), so a search that failed from one need not try the other (:func:`explored`).
        None when not known (the safe answer): nothing is remembered. An object the key names
        by identity goes into ``keep``, which outlives the key."""
        return None


def fails_short(k: K) -> bool:
    """:meth:`Cont.fails_short` of ``k`` (False for a plain callable: not known)."""
    return isinstance(k, Cont) and k.fails_short()


def key_of(k: K, keep: dict[int, Any]) -> object:
    """:meth:`Cont.key` of ``k`` (None for a plain callable: not known)."""
    return k.key(keep) if isinstance(k, Cont) else None


def resume(k: K, full: bool) -> bool:
    """``k(full)``, directly when ``k`` is a :class:`Cont`."""
    if isinstance(k, Cont):
        return k.go(full)
    return k(full)


class Step:
    """The options of one choice point as one native object: ``apply(i)`` performs option ``i``
    and the rest of the move; ``options()`` builds the labelled options, asked only when an agent
    is (no thunk per option, no label while searching)."""

    def apply(self, i: int) -> bool:
        raise NotImplementedError

    def options(self) -> Sequence[Option]:
        raise NotImplementedError


class Then(Step):
    """A thunk as a native object: a step with one option, ``apply(0)`` going on with the move.
    Compiled, ``then.apply(0)`` is a direct C call where calling a partial or a closure is a
    generic one (the partial, then the callee's argument parsing); a driver starts with one as
    is. Not callable: whatever takes one also takes a plain thunk (:func:`then_step`)."""

    def options(self) -> Sequence[Option]:
        return ()


def then_step(then: Step | Thunk) -> Step:
    """``then`` as a step: a plain thunk (a plugin's, a test's) wrapped in :class:`Call`."""
    return then if isinstance(then, Step) else Call(then)


class _Thunks(Step):
    """Options given as a list of thunks (``decide``'s callers outside this module)."""

    def __init__(self, labels: Options, thunks: Sequence[Thunk]) -> None:
        self.labels = labels
        self.thunks = thunks

    def apply(self, i: int) -> bool:
        return self.thunks[i]()

    def options(self) -> Sequence[Option]:
        labels = self.labels
        return labels() if callable(labels) else labels


#: Options a choice point never offers, with the rule that refuses each: (label, rule) pairs,
#: built only when ``Journal.explain`` asks for them.
Refused = Callable[[], Sequence[tuple[str, str]]]


def _no_refusals() -> Sequence[tuple[str, str]]:
    return ()


#: The default ``refused`` as a Final: compiled, a C static, where the function's own name as
#: a default is looked up in the module's dict at every call that leaves it out.
_NO_REFUSALS: Final[Refused] = _no_refusals


def decide(ctx: Ctx, kind: Kind, options: Options, thunks: Sequence[Thunk],
           known: Sequence[bool] = (), same: Sequence[int] = (),
           refused: Refused = _NO_REFUSALS) -> bool:
    """A choice point: each thunk applies one option and runs the rest of the move. ``known``
    marks options certain to be legal (a game's closed forms: Fort's games/fort/certain.py):
    offered without being tried.
    ``same[i] = j`` (j <= i) says option i ends exactly as option j: while searching only j is
    tried, and j's trial tells whether i is legal. ``refused``: the options never offered, for
    ``Journal.explain`` (which also asks a decision with a single option)."""
    if len(thunks) == 1 and (ctx.search or not ctx.table.explain):  # the hot path first
        return thunks[0]()
    return decide_at(ctx, kind, len(thunks), _Thunks(options, thunks), known, same, refused)


#: Empty, never changed: decide_at's defaults as lists.
_NONE_B: Final[list[bool]] = []
_NONE_I: Final[list[int]] = []
_NONE_S: Final[list[str]] = []
_NONE_X: Final[list[tuple[str, str]]] = []
#: decide_at keeps the legal options as bits of an i64 when there are at most this many.
_MOST_BITS: Final = 62
_ONE: Final[i64] = 1


def _nth_bit(mask: i64, n: int) -> int:
    """The index of the ``n``-th (from 0) bit set in ``mask``, lowest first."""
    i = 0
    while True:
        if mask >> i & 1:
            if n == 0:
                return i
            n -= 1
        i += 1


def decide_at(ctx: Ctx, kind: Kind, count: int, step: Step, known: Sequence[bool] = (),
              same: Sequence[int] = (), refused: Refused = _NO_REFUSALS,
              settled: Sequence[str] = ()) -> bool:
    """:func:`decide` over ``count`` options that ``step`` applies and labels. ``settled[i]``,
    if not empty: the rule option i's trial would certainly fail with, at once (its step fails
    for that rule before changing anything): it is excluded for it without the trial."""
    if ctx.points is None:  # the move's first choice point: its driver starts here
        return drive(ctx, DecideAt(ctx, kind, count, step, known, same, refused, settled), 0)
    if count == 1 and (ctx.search or not ctx.table.explain):  # the hot path first
        return jump(ctx, step, 0)
    if not count:
        return False
    # As lists: compiled, indexing a list is a direct read, a Sequence a generic call.
    known_l: list[bool] = known if isinstance(known, list) else list(known) if known else _NONE_B
    same_l: list[int] = same if isinstance(same, list) else list(same) if same else _NONE_I
    settled_l: list[str] = (settled if isinstance(settled, list) else list(settled) if settled
                            else _NONE_S)
    game = ctx.table
    explain = game.explain and not ctx.search
    if ctx.search:  # depth-first: the driver goes on with the first option, the rest later
        points = ctx.points
        if points is _NO_POINTS:  # searching under a driver started for real: a driver its own
            return drive(ctx, DecideAt(ctx, kind, count, step, known, same, refused, settled), 0)
        point = Point(step, count, same_l, game.mark())
        points.append(point)
        return jump(ctx, step, point.next())
    blind = game.blind()  # a random bot at every seat, nobody reading: no labels, no decision
    if ctx.safe:
        if blind:
            return jump(ctx, step, game.ask_blind(ctx.seat, kind, count))
        return jump(ctx, step, game.ask(Decision(ctx.seat, kind, tuple(step.options()),
                                                 ctx.context,
                                                 tuple(refused()) if explain else ())))
    # The legal options: a bit each (i64, compiled a machine int) when they fit, else a list;
    # the list is made from the bits only for a decision that names them.
    bits = count <= _MOST_BITS
    mask: i64 = 0
    legal_count = 0
    legal: list[int] = _NONE_I if bits else []
    # the options excluded, with their rules, for a decision: none listed when blind
    excluded: list[tuple[str, str]] = (list(refused()) if explain else _NONE_X if blind
                                       else [])
    # per option: legal, or the rule that forbids it; kept only for options that end alike:
    # whether legal read from the mask when it is kept as bits, the rule only to list it
    alike = len(same_l) > 0
    oks: list[bool] = [] if alike and not bits else _NONE_B
    rules: list[str] = [] if alike and not blind else _NONE_S
    options: Sequence[Option] | None = None
    refusals = 0  # options found illegal, when blind (no excluded list, no label)
    for i in range(count):
        if i < len(known_l) and known_l[i]:
            ok, rule = True, ""
        elif i < len(same_l) and same_l[i] != i:
            first = same_l[i]
            ok = (mask >> first & 1) != 0 if bits else oks[first]
            rule = "" if blind else rules[first]
        elif i < len(settled_l) and settled_l[i]:
            ok, rule = False, settled_l[i]
            ctx.fail = rule  # as its trial leaves it
        else:
            mark = game.mark()
            ctx.search, ctx.fail = True, None
            try:
                ok = drive(ctx, step, i)  # a trial: to the end of the move, its own driver
            except BaseException:
                game.unwind(mark)
                ctx.search = False
                raise
            game.rollback(mark)
            ctx.search = False
            rule = ctx.failed("cannot be completed")
        if alike:
            if not bits:
                oks.append(ok)
            if not blind:
                rules.append(rule)
        if ok:
            legal_count += 1
            if bits:
                mask |= _ONE << i
            else:
                legal.append(i)
        elif blind:
            refusals += 1
        else:
            if options is None:
                options = step.options()
            excluded.append((options[i].label, rule))
    if not legal_count:
        return False
    if legal_count == 1 and not excluded and not refusals and not explain:
        pick = _nth_bit(mask, 0) if bits else legal[0]
    elif blind:  # asked as below, by count
        nth = game.ask_blind(ctx.seat, kind, legal_count)
        pick = _nth_bit(mask, nth) if bits else legal[nth]
    else:  # asked even with one legal option when others were excluded, to say why (R5.4/R5.5)
        if bits:
            legal = [i for i in range(count) if mask >> i & 1]
        if options is None:
            options = step.options()
        decision = Decision(ctx.seat, kind, tuple(options[i] for i in legal), ctx.context,
                            tuple(excluded))
        pick = legal[game.ask(decision)]
    return jump(ctx, step, pick)


#: The choice points of every driver started performing for real: none, ever (see drive).
_NO_POINTS: Final[list[Point]] = []


class Point:
    """A choice point while searching: its options, the one being tried (``i``) and the undo
    mark to go back to before the next. The driver's first point also holds what its search
    has explored (:func:`explored`), which lasts as long as that point: its driver's search."""

    __slots__ = ("step", "count", "same", "mark", "i", "visits", "explored")

    def __init__(self, step: Step, count: int, same: list[int], mark: int) -> None:
        self.step = step
        self.count = count
        self.same = same
        self.mark = mark
        self.i = -1
        self.visits = 0
        self.explored: Explored | None = None

    def next(self) -> int:
        """The next option to try, or -1: one that ends as an option tried before is not."""
        _CHOICES[0] = _CHOICES[0] + 1  # as ints, not a generic in-place add (see Journal.rollback)
        same, count = self.same, self.count
        i = self.i + 1
        while i < count and i < len(same) and same[i] != i:
            i += 1
        self.i = i
        return i if i < count else -1


class Explored:
    """Where a search has been: (continuation key, whether in full, the game state) for each
    place it checked, and the objects those keys name by identity, kept alive. The zones of
    cards are known by their cards, in no order (no move reads it: the options of a card move
    are the same, in another order, and a search's outcome does not depend on the order it
    tries them); in a move where any card of a zone ends it alike (``Ctx.alike``,
    :data:`EQUIVALENT_OPTIONS`), by their sizes: recruiting from the park then a yard and
    from the yard then the park meet in one place (``zones``: Journal.card_zones)."""

    __slots__ = ("seen", "keep", "zones", "forgotten", "choices")

    def __init__(self, zones: dict[int, bool]) -> None:
        self.seen: set[tuple[object, bool, frozenset]] = set()
        self.keep: dict[int, Any] = {}
        self.zones = zones
        self.forgotten = 0  # times it reached MOST_EXPLORED places and forgot them
        #: _CHOICES when it last keyed a place: unchanged, nothing was chosen since.
        self.choices = -1


#: A search remembers where it has been once it has passed this many places: most searches are
#: smaller, and keying a place costs more than exploring it. Past it, the work stays polynomial
#: (issue 13.3): `(give pizza or spend toy or copy rival pack) x 10` unfolds into 3^10 paths
#: but reaches few states.
EXPLORE_AFTER: Final = 200
#: The most places one search remembers (issue 31.7): a search at E202's bound reached 5.9 to
#: 8 GB remembering every place. Past it the search forgets them all and remembers again: what
#: it forgets is only where it failed before, so it may search a place again and fail again,
#: never decide otherwise (tests/test_engine_explored.py).
MOST_EXPLORED: Final = 200_000
#: Options taken at choice points while searching, in all (Point.next): between two places
#: a search reaches with no option taken in between, the move went straight on, so the second
#: follows from the first (see explored).
#: Both Final (compiled: C statics, not a lookup in the module's dict at every use).
_CHOICES: Final[list[int]] = [0]
#: The points of the driver whose search turned the cyclic garbage collector off (see
#: explored), for that driver to turn it back on when it returns, however it returns: not the
#: move's outermost driver, which may ask an agent (a person) meanwhile.
_PAUSED_BY: Final[list[list[Point] | None]] = [None]


def explored(ctx: Ctx, k: Cont, full: bool) -> bool:
    """Whether the search running has already been at ``k.go(full)`` with the game in the
    same state; if not, that it has now. The driver explores depth first and stops at the
    first legal completion, and the keys (:meth:`Cont.key`) always move forward along a path
    (a repetition's, a sequence's, a performer's index grows), so a place seen before was
    left with every completion from it failed: the caller fails at once, as trying again
    would (what the first visit found, ``ctx.fail``, is already recorded)."""
    points = ctx.points
    if not points:  # points are pushed only searching
        return False
    root = points[0]  # the driver's first choice point: every path since shares the log to it
    root.visits += 1
    if root.visits < EXPLORE_AFTER:
        return False
    memo = root.explored
    game = ctx.table
    if memo is None:
        memo = root.explored = Explored(game.card_zones(EQUIVALENT_OPTIONS and ctx.alike))
        if gc.isenabled():
            # A search remembering up to MOST_EXPLORED places holds that many tuples, which the
            # cyclic collector would walk again and again (a third of a long search's time,
            # issue 31.7); it makes no cycles of its own. Its driver turns it back on.
            gc.disable()
            _PAUSED_BY[0] = points
    if memo.choices == _CHOICES[0]:
        # Nothing chosen since the last place keyed: this one follows from it, and was new
        # with it (a place seen before ends the path). Keying it would cost (issue 31.7: six
        # keys an option in `gain 2 pizza/toy x 5`) and tell nothing.
        return False
    memo.choices = _CHOICES[0]
    seen = memo.seen
    if len(seen) >= MOST_EXPLORED:  # forget, and remember again from here: a bounded memory
        seen.clear()
        memo.keep.clear()  # no key left names its objects by identity
        memo.forgotten += 1
    key = k.key(memo.keep)
    if key is None:
        return False
    place = (key, full, game.state_key(root.mark, memo.keep, memo.zones))
    if place in seen:
        return True
    seen.add(place)
    return False


def jump(ctx: Ctx, step: Step, i: int) -> bool:
    """Go on with option ``i`` of ``step``: handed to the driver, which applies it once the
    frames up to it have returned (the value returned meanwhile is never read). With no driver
    running, one starts here."""
    if ctx.points is None:
        return drive(ctx, step, i)
    ctx.jump = step
    ctx.jump_i = i
    return True


def drive(ctx: Ctx, step: Step, i: int) -> bool:
    """Option ``i`` of ``step`` and the rest of the move, to its end: whether it succeeded.

    The loop applies each step handed over (:func:`jump`). A path that fails while searching
    goes back to the latest choice point with an option left: the state rolled back to its
    mark (which also restores who performs, ``as_player`` being logged), its next option
    applied; with none left the failure goes back further, and with no point left the driver
    answers False. Nested drivers (a trial inside a move) keep their own points. The performer's
    fields are as they were when it started once it returns."""
    outer = ctx.points
    # Only a search pushes choice points (decide_at): a driver started performing for real
    # shares one empty list, never written, instead of making and freeing its own.
    points: list[Point] = [] if ctx.search else _NO_POINTS
    ctx.points = points
    # the performer's fields in native locals, not a tuple made and freed per driver
    seat = ctx.seat
    who = ctx.who
    leader = ctx.leader
    chosen = ctx.chosen
    bound = ctx.bound
    game = ctx.table
    try:
        full = step.apply(i)
        while True:
            nxt = ctx.jump
            if nxt is not None:
                ctx.jump = None
                full = nxt.apply(ctx.jump_i)
            elif full or not points:
                return full
            else:
                point = points[-1]
                game.rollback(point.mark)
                j = point.next()
                if j < 0:
                    points.pop()  # its options all failed: so did the path that reached it
                else:
                    full = point.step.apply(j)
    finally:
        ctx.points = outer
        ctx.jump = None
        swapped = ctx.who is not who  # a performer's body left unfinished (as_player)
        ctx.seat = seat
        ctx.who = who
        ctx.leader = leader
        ctx.chosen = chosen
        ctx.bound = bound
        if swapped:
            ctx.performer_back()
        if _PAUSED_BY[0] is points:
            _PAUSED_BY[0] = None
            gc.enable()


def chance_at(ctx: Ctx, dist: Distribution, step: Step) -> bool:
    """A chance point inside a move (issue 33 stage 6, design §4.2): ``step.apply(i)`` goes on
    with outcome ``i`` of ``dist``.

    A search never crosses one: a trial that reaches it is a move that can be completed up to
    there, so legality is judged on what comes before the first chance point, and the options
    offered never depend on an outcome not yet drawn (nor does drawing depend on how many
    trials ran: the generator is drawn from only here, for real). Performed, the outcome is
    drawn (or asked, ``Journal.chance_asked``) and logged; the rest of the move goes on with it
    known, as far as it goes: every later choice offers all its options (nothing after a
    roll can make the move illegal, it can only fall short), and the move stands."""
    if ctx.search:
        return True
    i = ctx.table.chance(dist, ctx.context, ctx.seat)
    ctx.chanced = True
    ctx.safe = True
    return jump(ctx, step, i)


class _Outcome(Step):
    """A chance point's continuation given as a function of the outcome's index."""

    def __init__(self, dist: Distribution, then: Callable[[int], bool]) -> None:
        self.dist = dist
        self.then = then

    def apply(self, i: int) -> bool:
        return self.then(i)

    def options(self) -> Sequence[Option]:
        return self.dist.outcomes


def chance(ctx: Ctx, dist: Distribution, then: Callable[[int], bool]) -> bool:
    """:func:`chance_at` for a primitive's effect (a vocabulary plugin's): ``then(i)`` goes on
    with outcome ``i`` and returns what the effect's continuation returns, e.g.
    ``chance(ctx, D6, lambda i: k(gain(ctx, i + 1)))``. An effect draws its chance only here,
    never from ``game.rng`` directly: a search would advance the generator (design §4.1)."""
    return chance_at(ctx, dist, _Outcome(dist, then))


class Call(Then):
    """A plain thunk as a step (its one option): what a driver starts with."""

    def __init__(self, thunk: Thunk) -> None:
        self.thunk = thunk

    def apply(self, i: int) -> bool:
        return self.thunk()


class DecideAt(Then):
    """:func:`decide_at` with these arguments, as a thunk: a move whose first step is a choice
    point starts its driver with it."""

    def __init__(self, ctx: Ctx, kind: Kind, count: int, step: Step, known: Sequence[bool] = (),
                 same: Sequence[int] = (), refused: Refused = _NO_REFUSALS,
                 settled: Sequence[str] = ()) -> None:
        self.ctx = ctx
        self.kind = kind
        self.count = count
        self.step = step
        self.known = known
        self.same = same
        self.refused = refused
        self.settled = settled

    def apply(self, i: int) -> bool:
        return decide_at(self.ctx, self.kind, self.count, self.step, self.known, self.same,
                         self.refused, self.settled)


#: Options that end alike are tried once (``same`` in :func:`decide`): a game's card moves offer
#: one card per zone while searching when no test reads which cards are where after a move
#: (``Ctx.alike``, program.reads_moved_cards). Fort's premise (games/fort/moves.card_moves):
#: legality reads tokens, levels, perks, the sizes of zones and the suits of the cards played,
#: added or discarded to follow, never those of cards an action moves; taking any card of a zone
#: leaves the same sizes. Trying them all only multiplies a search (a recruit in an `x suit`
#: tries ~10 cards per repetition). Agents are still offered every card. Tests compare with this
#: off. A move that reads the suits of the cards you have (an `if crown >= 1`, R14) is the
#: exception: for it (``Ctx.alike`` False) every card is tried.
EQUIVALENT_OPTIONS: Final = True


def search(ctx: Ctx, thunk: Step | Thunk) -> bool:
    """Whether ``thunk`` can complete legally; the state is left unchanged."""
    game = ctx.table
    mark = game.begin()
    ctx.search, ctx.fail = True, None
    try:
        ok = drive(ctx, then_step(thunk), 0)
    except BaseException:
        game.unwind(mark, close=True)
        ctx.search = False
        raise
    game.abort(mark)
    ctx.search = False
    return ok

