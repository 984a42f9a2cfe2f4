"""The engine's runtime: moves in continuation-passing style, choice points, shared mutations.

A card's actions run as programs (engine/program.py: one op per AST node, which holds its rule's
effect and closed form). An op's ``run(ctx, k)`` does its own work, then calls the continuation
``k(full)`` with whether it was performed in full; the return value says whether the whole move
(up to its legality check) succeeded. That shape gives the engine what R5.4 and STYLE #10 need
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

This module holds what the ops share: :class:`Ctx`, continuations (:class:`Cont`), choice points
(:func:`decide_at` over a :class:`Step`), suit counts (R5.3, R5.6), card moves (R7.1, R12.3-R12.6,
R12.10), token moves (R1.4, R1.5), the ways to pay an advance (R10.1, R13.2) and its rewards
(R10.3). The hot objects are native when compiled (mypyc): a continuation is a :class:`Cont`
(``go``), a thunk a :class:`Then` (``apply(0)``), a choice point's options a :class:`Step`
(``apply(i)``, and ``options()`` for the labels, built only when an agent is asked). Plain
callables are still accepted wherever a continuation or thunk is.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from fortlang.engine.chance import Distribution
from fortlang.engine.choices import (
    K_ANY_SUIT,
    K_COIN_SUIT,
    K_PERK,
    K_RULE,
    Decision,
    Kind,
    Option,
    player_name,
)
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.memo import bounded_put
from fortlang.engine.state import (
    OTHER,
    PERK_LEVEL,
    PIZZA,
    RULE_LEVEL,
    SUPPLY_AT,
    TOY,
    CardDef,
    CardInstance,
    Game,
    Player,
    Pool,
    token_index,
)
from fortlang.model import Perk, PerkHook
from fortlang.nodes import Resource, Suit
from fortlang.printer import to_text

#: Enum members as module constants: reading ``Suit.COIN`` goes through the enum metaclass and
#: costs ten times a global, in the innermost loops of the search.
COIN: Final = Suit.COIN
EITHER: Final = Resource.EITHER
PACK_FROM_SUPPLY: Final = PerkHook.PACK_FROM_SUPPLY
LOOKOUT_FROM_ANYWHERE: Final = PerkHook.LOOKOUT_FROM_ANYWHERE
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
    """The player at ``seat`` of any game's table: Fort's natively, another game's from its
    ``players`` (the :class:`fortlang.vocabulary.TableView` every table shows its selectors).
    Read when a move starts and when a selector hands the action to another performer."""
    if isinstance(table, Game):
        return table.players[seat]
    who: SeatCounts = cast(Any, table).players[seat]
    return who


class Ctx:
    """One player's execution of a move: who, in which mode, and the bookkeeping the legality
    checks need. Its lists and dicts change only through ``table.note*``, so rollback restores
    them.

    The table is any game's (issue 33): the core (choice points, drivers, searches, the
    operators and selectors of engine/program.py, a module's primitives) reads it as ``table``,
    a :class:`~fortlang.engine.journal.Journal`, and the performer as ``who``, a
    :class:`~fortlang.engine.journal.SeatCounts`. At Fort's table the same objects are also
    ``game`` (a :class:`~fortlang.engine.state.Game`) and ``player`` (a
    :class:`~fortlang.engine.state.Player`), natively typed for Fort's ops; at another game's
    they are never set (reading them raises AttributeError). Compiled, each attribute is checked
    against its type, so none is typed ``Any``: a non-Fort table is accepted, Fort's reads stay
    native. Whoever changes the performer changes both (:func:`drive`, ``program.as_player``)."""

    __slots__ = ("table", "who", "fort", "game", "seat", "player", "search", "safe", "fail",
                 "leader", "sources", "named", "any_suits", "chosen", "bound", "records", "play",
                 "context", "points", "jump", "jump_i", "alike", "chanced")

    #: Fort's table and performer: set only at Fort's table (``fort``).
    game: Game
    player: Player

    def __init__(self, table: Journal, seat: int, *, leader: bool,
                 bound: dict[int, Any] | None = None, play: Any = None) -> None:
        self.table = table
        self.seat = seat
        if isinstance(table, Game):
            self.fort = True
            self.game = table
            player = table.players[seat]
            self.player = player
            self.who: SeatCounts = player
        else:
            self.fort = False
            self.who = seat_of(table, seat)
        self.search = False
        #: Every completion from here is legal (nothing left can fail): no need to try options.
        self.safe = False
        self.fail: str | None = None
        self.leader = leader  # "on your turn" perks (Bribe, Sticky Fingers) apply
        self.sources: list[CardInstance] = []  # cards whose suits count for `x suit` (R5.3, R6.5)
        self.named: dict[int, Suit] = {}  # card uid -> the suit its coin stands for (R5.6)
        self.any_suits: dict[int, Suit] = {}  # id(AnySuit node) -> the suit chosen (R5.7)
        self.chosen: dict[int, Any] = {}  # id(node) -> resource or branch chosen (R12.1, R6.4)
        self.bound: dict[int, Any] = bound or {}  # the leader's choices, binding a follower (R6.4)
        self.records: list[tuple[Suit, int, int]] = []  # (suit, times, with an effect) per `x suit`
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
#: built only when ``Game.explain`` asks for them.
Refused = Callable[[], Sequence[tuple[str, str]]]


def _no_refusals() -> Sequence[tuple[str, str]]:
    return ()


def decide(ctx: Ctx, kind: Kind, options: Options, thunks: Sequence[Thunk],
           known: Sequence[bool] = (), same: Sequence[int] = (),
           refused: Refused = _no_refusals) -> bool:
    """A choice point: each thunk applies one option and runs the rest of the move. ``known``
    marks options certain to be legal (see engine.certain): offered without being tried.
    ``same[i] = j`` (j <= i) says option i ends exactly as option j: while searching only j is
    tried, and j's trial tells whether i is legal. ``refused``: the options never offered, for
    ``Game.explain`` (which also asks a decision with a single option)."""
    if len(thunks) == 1 and (ctx.search or not ctx.table.explain):  # the hot path first
        return thunks[0]()
    return decide_at(ctx, kind, len(thunks), _Thunks(options, thunks), known, same, refused)


#: Empty, never changed: decide_at's defaults as lists.
_NONE_B: Final[list[bool]] = []
_NONE_I: Final[list[int]] = []
_NONE_S: Final[list[str]] = []


def decide_at(ctx: Ctx, kind: Kind, count: int, step: Step, known: Sequence[bool] = (),
              same: Sequence[int] = (), refused: Refused = _no_refusals,
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
        point = Point(step, count, same_l, game.mark())
        ctx.points.append(point)
        return jump(ctx, step, point.next())
    blind = game.blind()  # a random bot at every seat, nobody reading: no labels, no decision
    if ctx.safe:
        if blind:
            return jump(ctx, step, game.ask_blind(ctx.seat, kind, count))
        return jump(ctx, step, game.ask(Decision(ctx.seat, kind, tuple(step.options()),
                                                 ctx.context,
                                                 tuple(refused()) if explain else ())))
    legal: list[int] = []
    excluded: list[tuple[str, str]] = list(refused()) if explain else []
    # per option: legal, or the rule that forbids it; kept only for options that end alike
    alike = len(same_l) > 0
    oks: list[bool] = [] if alike else _NONE_B
    rules: list[str] = [] if alike else _NONE_S
    options: Sequence[Option] | None = None
    refusals = 0  # options found illegal, when blind (no excluded list, no label)
    for i in range(count):
        if i < len(known_l) and known_l[i]:
            ok, rule = True, ""
        elif i < len(same_l) and same_l[i] != i:
            ok, rule = oks[same_l[i]], rules[same_l[i]]
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
            oks.append(ok)
            rules.append(rule)
        if ok:
            legal.append(i)
        elif blind:
            refusals += 1
        else:
            if options is None:
                options = step.options()
            excluded.append((options[i].label, rule))
    if not legal:
        return False
    if len(legal) == 1 and not excluded and not refusals and not explain:
        pick = legal[0]
    elif blind:  # asked as below, by count
        pick = legal[game.ask_blind(ctx.seat, kind, len(legal))]
    else:  # asked even with one legal option when others were excluded, to say why (R5.4/R5.5)
        if options is None:
            options = step.options()
        decision = Decision(ctx.seat, kind, tuple(options[i] for i in legal), ctx.context,
                            tuple(excluded))
        pick = legal[game.ask(decision)]
    return jump(ctx, step, pick)


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
        _CHOICES[0] += 1
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
    from the yard then the park meet in one place (``zones``: Game.card_zones)."""

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
_CHOICES: list[int] = [0]
#: The points of the driver whose search turned the cyclic garbage collector off (see
#: explored), for that driver to turn it back on when it returns, however it returns: not the
#: move's outermost driver, which may ask an agent (a person) meanwhile.
_PAUSED_BY: list[list[Point] | None] = [None]


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
    points: list[Point] = []
    ctx.points = points
    who: tuple[int, SeatCounts, bool, dict[int, Any], dict[int, Any]] = (
        ctx.seat, ctx.who, ctx.leader, ctx.chosen, ctx.bound)
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
        swapped = ctx.who is not who[1]  # a performer's body left unfinished (as_player)
        ctx.seat, ctx.who, ctx.leader, ctx.chosen, ctx.bound = who
        if swapped and ctx.fort:  # Fort's performer in step with the core's
            ctx.player = ctx.game.players[ctx.seat]
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
    drawn (or asked, ``Game.chance_asked``) and logged; the rest of the move goes on with it
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
                 same: Sequence[int] = (), refused: Refused = _no_refusals,
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


# -- counting suits (R5.3, R5.6, R6.5, R13.1) --------------------------------------------------


def card_count(card: CardInstance, suit: Suit, named: dict[int, Suit]) -> int:
    """How many times ``card`` shows ``suit``; a coin counts as coin, or as its named suit."""
    total = 0
    coins = 0
    for s in card.suits:
        if s is suit:
            total += 1
        elif s is COIN:
            coins += 1
    if coins and named.get(card.uid) is suit:  # the table only for a card with a coin
        total += coins
    return total


def suit_count(ctx: Ctx, suit: Suit) -> int:
    named = ctx.named
    total = 0
    for c in ctx.sources:
        total += card_count(c, suit, named)
    return total


SUIT_OPTION: Final = {s: Option(s.value, s) for s in Suit}


class _SuitPick(Step):
    """Naming a suit: stored in ``table[key]`` (undone on rollback), then ``then``."""

    def __init__(self, ctx: Ctx, table: dict, key: int, suits: Sequence[Suit],
                 then: Step) -> None:
        self.ctx = ctx
        self.table = table
        self.key = key
        self.suits = suits
        self.then = then

    def apply(self, i: int) -> bool:
        self.ctx.game.note_item(self.table, self.key, self.suits[i])
        return self.then.apply(0)

    def options(self) -> Sequence[Option]:
        return [SUIT_OPTION[s] for s in self.suits]


def choose_suit(ctx: Ctx, table: dict, key: int, suits: Sequence[Suit], then: Step | Thunk,
                same: Sequence[int] = ()) -> bool:
    """Ask for a suit, store it in ``table[key]`` and continue with ``then`` (a :class:`Then`,
    or a plain thunk); ``same``: as for decide."""
    return decide_at(ctx, K_COIN_SUIT if table is ctx.named else K_ANY_SUIT, len(suits),
                     _SuitPick(ctx, table, key, suits, then_step(then)), same=same)


# -- what the ops share (engine/program.py) ---------------------------------------------------


def gain_tokens(ctx: Ctx, res: Resource, amount: int) -> bool:
    """Take up to ``amount`` from the finite supply (R1.4) into stuff (4 of each, R1.5)."""
    game, p = ctx.game, ctx.player
    # A two-argument min: compiled, min(a, b) of ints is a comparison, min(a, b, c) a generic
    # call of the builtin (looked up, its arguments packed in a tuple).
    got = min(amount, game.gainable(p, res))
    if got > 0:
        r = token_index(res)
        game.shift(SUPPLY_AT + r, p.stuff.at + r, got)
    return got == amount


def distinct(zone: list[CardInstance]) -> list[int]:
    """Indices of the first instance of each card definition: copies are interchangeable, so
    they are offered once."""
    out: list[int] = []
    if len(zone) > 16:  # a set for a long zone (a deck, a discard pile)
        seen: set[CardDef] = set()
        for i, c in enumerate(zone):
            defn = c.defn
            if defn not in seen:
                seen.add(defn)
                out.append(i)
        return out
    firsts: list[CardDef] = []  # else compared by identity: no set made, nothing hashed
    for i, c in enumerate(zone):
        defn = c.defn
        for d in firsts:
            if d is defn:
                break
        else:
            firsts.append(defn)
            out.append(i)
    return out


#: Options that end alike are tried once (``same`` in :func:`decide`). One card per zone is enough
#: when an action moves a card: which card never changes how the rest of a move ends. Legality
#: reads tokens, levels, perks, the sizes of zones and the suits of the cards played, added or
#: discarded to follow, never those of cards an action moves; taking any card of a zone leaves
#: the same sizes. Trying them all only multiplies a search (a recruit in an `x suit` tries ~10
#: cards per repetition). Agents are still offered every card. Tests compare with this off.
#: A move that reads the suits of the cards you have (an `if crown >= 1`, R14) is the exception:
#: for it (``Ctx.alike`` False) every card is tried.
EQUIVALENT_OPTIONS: Final = True


_DECK_TOP: Final = Option("the top of the park deck", ("park_deck",))
def _move_option(c: CardInstance, where: str, value: tuple) -> Option:
    """"Name from where": made once per card definition and place (an option is immutable)."""
    moves = c.defn.moves
    option = moves.get(where)
    if option is None:
        option = moves[where] = Option(f"{c.name} {where}", (*value, c.card.id))
    return option


class _CardMove(Step):
    """Moving one card of ``picks`` (zone, index or -1 for a deck's top, where-label,
    where-value) to ``dst``; the park is refilled (R7.1) when asked to."""

    def __init__(self, ctx: Ctx, picks: list[tuple[list, int, str, Any]], dst: list,
                 refill_park: bool, used: Callable[[list], object] | None, k: K) -> None:
        self.ctx = ctx
        self.picks = picks
        self.dst = dst
        self.refill_park = refill_park
        self.used = used
        self.k = k

    def apply(self, j: int) -> bool:
        game = self.ctx.game
        zone, i, _, _ = self.picks[j]
        game.move(zone, len(zone) - 1 if i < 0 else i, self.dst)
        if self.used is not None:
            self.used(zone)
        if self.refill_park and zone is game.park and game.park_deck:
            game.move(game.park_deck, len(game.park_deck) - 1, game.park)  # R7.1 refill
        return resume(self.k, True)

    def options(self) -> Sequence[Option]:
        out: list[Option] = []
        for zone, i, where, value in self.picks:
            if i < 0:
                out.append(_DECK_TOP)
            else:
                c: CardInstance = zone[i]
                out.append(_move_option(c, where, value))
        return out


def card_moves(ctx: Ctx, places: list[tuple[list, str, Any]], dst: list, kind: Kind, k: K,
                refill_park: bool = False, used: Callable[[list], object] | None = None,
                refused: Refused = _no_refusals) -> bool:
    """Offer to move one card from any of ``places`` (zone, where-label, where-value) to ``dst``;
    ``used(zone)`` is told where the card came from (a perk that widened the places is used)."""
    game = ctx.game
    picks: list[tuple[list, int, str, Any]] = []  # (zone, index, where-label, where-value)
    alike = EQUIVALENT_OPTIONS and ctx.alike
    searching = ctx.search and alike
    for zone, where, value in places:
        if not zone:
            continue
        if zone is game.park_deck:
            picks.append((zone, -1, where, value))
        elif searching:
            picks.append((zone, 0, where, value))  # no labels needed while searching
        else:
            for i in distinct(zone):
                picks.append((zone, i, where, value))
    if not picks:
        return resume(k, False)
    step = _CardMove(ctx, picks, dst, refill_park, used, k)
    if ctx.safe and not ctx.search:  # every option completes: nothing to try, ask and move
        index = 0
        if len(picks) > 1 and game.blind():
            index = game.ask_blind(ctx.seat, kind, len(picks))
        elif len(picks) > 1 or game.explain:  # as decide() asks (a lone option only to explain)
            index = game.ask(Decision(ctx.seat, kind, tuple(step.options()), ctx.context,
                                      tuple(refused()) if game.explain else ()))
        return jump(ctx, step, index)
    same: list[int] = []
    if alike:  # the first option of each zone stands for the zone
        first: dict[int, int] = {}
        for j, pick in enumerate(picks):
            same.append(first.setdefault(id(pick[0]), j))
    return decide_at(ctx, kind, len(picks), step, same=same, refused=refused)


#: A yard as a place to take a card from: (where-label, where-value) by seat, made once.
_YARD_LABELS: Final = tuple(f"from {player_name(seat)}'s yard" for seat in range(4))
_YARD_VALUES: Final = tuple(("yard", seat) for seat in range(4))


def yard_place(q: Player) -> tuple[list, str, Any]:
    seat = q.seat
    return (q.yard, _YARD_LABELS[seat], _YARD_VALUES[seat])


#: Where the recruit phase takes a card from (R7.1); a perk's ``from`` names some of them.
RECRUIT_SOURCES: Final = frozenset({"park", "yard", "park_deck"})


def recruit_places(game: Game, sources: frozenset[str] = RECRUIT_SOURCES
                   ) -> list[tuple[list, str, Any]]:
    """R7.1: the park, any player's yard, or the top of the park deck (those in ``sources``).
    Every source's list is made once per game (its zones are the game's own lists, never
    replaced) and shared: read it, never change it."""
    if sources is RECRUIT_SOURCES:
        kept = game.recruit_from
        if kept is None:
            kept = game.recruit_from = _recruit_places(game, sources)
        every: list[tuple[list, str, Any]] = kept
        return every
    return _recruit_places(game, sources)


def _recruit_places(game: Game, sources: frozenset[str]) -> list[tuple[list, str, Any]]:
    places: list[tuple[list, str, Any]] = []
    if "park" in sources:
        places.append((game.park, "from the park", ("park",)))
    if "yard" in sources:
        places += [yard_place(q) for q in game.players]
    if "park_deck" in sources:
        places.append((game.park_deck, "", ()))
    return places


def perk_places(perk: Perk) -> frozenset[str]:
    """The places a perk's ``from`` names (R15 Birthday Party, Bribe)."""
    value = perk.param("from")
    if isinstance(value, str):
        return frozenset((value,))
    return frozenset(str(v) for v in value) if isinstance(value, list | tuple) else frozenset()


def copy_tokens(ctx: Ctx, pack: tuple[int, int]) -> bool:
    """R12.11, R12.12: gain a pack's content (its pizza and toy counts, read before the gain)."""
    pizza, toy = pack  # unpacked, not zipped: compiled, a zip is a generic iterator
    full = True
    if pizza and not gain_tokens(ctx, PIZZA, pizza):
        full = False
    if toy and not gain_tokens(ctx, TOY, toy):
        full = False
    return full


def can_swap(game: Game, p: Player, pool: Pool, r: Resource) -> bool:
    """R12.13: a token ``r`` in ``pool`` (stuff or pack) can be swapped for the other kind: one is
    in the supply and, in the stuff, there is room for it."""
    other = OTHER[r]
    return bool(pool[r] and game.supply[other] and (pool is p.pack or game.stuff_room(p, other)))


# -- advance fort (R10, R12.7, R13.2): the ways to pay, and a level's rewards ------------------


Plans = tuple[tuple[int, int, int, int], ...]

#: plans_for's memo: by cost tuple (its id; the entry keeps the tuple alive), then by the five
#: small numbers. Bounded by the board's levels and the tokens a player can hold.
_PlanTable = dict[tuple[int, int, int, int, int], Plans]
_PLANS: Final[dict[int, tuple[tuple[Resource, ...], _PlanTable]]] = {}


def payment_plans(cost: tuple[Resource, ...], modifier: int, stuff: tuple[int, int],
                  pack: tuple[int, int]) -> Plans:
    """Every way to pay: (pizza from stuff, pizza from pack, toy from stuff, toy from pack).
    A -1 modifier drops any one item of the cost, a +1 adds one of either kind (R13.2)."""
    return plans_for(cost, modifier, stuff[0], stuff[1], pack[0], pack[1])


def plans_for(cost: tuple[Resource, ...], modifier: int, stuff_pizza: int, stuff_toy: int,
              pack_pizza: int, pack_toy: int) -> Plans:
    """:func:`payment_plans`, memoised (a board has few costs; a player holds few tokens)."""
    # Typed, not taken from bounded_put (Any): compiled, the table and its entry are then read
    # natively, not through a generic item read and a generic method call at every payment.
    entry = _PLANS.get(id(cost))
    if entry is None:
        entry = (cost, {})
        bounded_put(_PLANS, id(cost), entry)
    by_tokens: _PlanTable = entry[1]
    key = (modifier, stuff_pizza, stuff_toy, pack_pizza, pack_toy)
    plans = by_tokens.get(key)
    if plans is None:
        plans = _plans(cost, modifier, (stuff_pizza, stuff_toy), (pack_pizza, pack_toy))
        bounded_put(by_tokens, key, plans)
    return plans


def _plans(cost: tuple[Resource, ...], modifier: int, stuff: tuple[int, int],
           pack: tuple[int, int]) -> Plans:
    variants = {tuple(sorted(cost))}
    for _ in range(abs(modifier)):
        if modifier > 0:
            variants = {(*v, EITHER) for v in variants}
        else:
            variants = {v[:i] + v[i + 1:] for v in variants for i in range(len(v))} or {()}
    plans: set[tuple[int, int, int, int]] = set()
    for v in variants:
        either = v.count(EITHER)
        for ep in range(either + 1):
            need_p = v.count(PIZZA) + ep
            need_t = v.count(TOY) + either - ep
            for a in range(max(0, need_p - pack[0]), min(need_p, stuff[0]) + 1):
                for c in range(max(0, need_t - pack[1]), min(need_t, stuff[1]) + 1):
                    plans.add((a, need_p - a, c, need_t - c))
    return tuple(sorted(plans))


class Finished(Then):
    """A thunk: ``k`` told that the node was performed in full."""

    def __init__(self, k: K) -> None:
        self.k = k

    def apply(self, i: int) -> bool:
        return resume(self.k, True)


class _RulePick(Step):
    """R10.3: a made-up rule from the pile (secretly)."""

    def __init__(self, ctx: Ctx, then: Step) -> None:
        self.ctx = ctx
        self.then = then

    def apply(self, i: int) -> bool:
        game = self.ctx.game
        game.set(self.ctx.player, "rule", game.take(game.rule_pile, i))
        return self.then.apply(0)

    def options(self) -> Sequence[Option]:
        return [Option(r.name, r.id) for r in self.ctx.game.rule_pile]


class _PerkPick(Step):
    """R10.3: a perk from the row."""

    def __init__(self, ctx: Ctx, then: Step) -> None:
        self.ctx = ctx
        self.then = then

    def apply(self, i: int) -> bool:
        game = self.ctx.game
        game.put(self.ctx.player.perks, game.take(game.perk_row, i))
        return self.then.apply(0)

    def options(self) -> Sequence[Option]:
        return [Option(q.name, q.id) for q in self.ctx.game.perk_row]


def level_rewards(ctx: Ctx, then: Step | Thunk) -> bool:
    """R10.3: level 1 a made-up rule from the pile (secretly), level 2 a perk from the row,
    the end level the macaroni sculpture if nobody has it; then ``then``."""
    game, p = ctx.game, ctx.player
    step = then_step(then)
    if p.level == RULE_LEVEL and game.rule_pile and p.rule is None:
        return decide_at(ctx, K_RULE, len(game.rule_pile), _RulePick(ctx, step))
    if p.level == PERK_LEVEL and game.perk_row:
        return decide_at(ctx, K_PERK, len(game.perk_row), _PerkPick(ctx, step))
    if p.level == game.end_level and game.macaroni is None:
        game.set(game, "macaroni", ctx.seat)
    return step.apply(0)


