"""The undo journal every game's table is built on (issue 33, docs/design/game-modules.md §2.2):
nestable transactions, the mutations that record their inverses, state keys, chance points and
decisions. Nothing here knows a game: a game's table subclasses :class:`Journal` (Fort's is
:class:`fortlang.games.fort.table.Game`) and keeps its own zones, counters and seats.

Every mutation goes through a :class:`Journal` method that, inside a transaction, records its
inverse in an undo log. The interpreter uses that to answer "can this be done in full?" (R5.4) by
trying it and rolling back, instead of deep-copying the state per step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from mypy_extensions import i64, mypyc_attr

from fortlang.engine.asker import Asker, CountAsker, NoAsker, RandomAsker
from fortlang.engine.chance import Distribution, seeded
from fortlang.engine.choices import (
    K_BOOST,
    K_FOLLOW,
    K_ORDER,
    K_PLAY,
    K_RECRUIT,
    K_RESOURCE,
    Decision,
    Kind,
)

if TYPE_CHECKING:  # the interpreter builds on the journal: a move's context, by its table
    from fortlang.engine.interpreter import Ctx


# Both open to interpreted subclasses: a game module's table and seats (Pig's PigTable, Seat) are
# pure Python classes built on the compiled core. A native subclass (Fort's Game, Player) still
# calls their methods through the vtable, an interpreted one through a shadow vtable.
@mypyc_attr(allow_interpreted_subclasses=True)
class SeatCounts:
    """A score and a stage any game's seat may have (Fort's VP and fort level, R10): the two
    counts the journal changes with typed entries of their own (:meth:`Journal.add_vp`,
    :meth:`Journal.level_up`), so that undoing them is a native attribute write, not a
    ``setattr`` by name. A game's seat subclasses it (Fort's ``Player``)."""

    __slots__ = ("vp", "level")

    def __init__(self) -> None:
        self.vp: int = 0
        self.level: int = 0


#: A decision kind as the log writes it (``str(kind)``, made once).
_KIND_TEXT: Final[dict[Kind, str]] = {kind: str(kind) for kind in Kind}
#: A chance point's outcome as the log writes it (Journal.chance): no decision kind has this name.
CHANCE_KIND: Final = "chance"
#: Answers below this many are logged as entries made once per kind (:data:`_ENTRIES`).
_SHARED_ENTRIES: Final = 64
#: Every kind, the most frequent in a game first (Fort's random and greedy 4p: the follow, the
#: recruit, the play, an order, a boost, then a few each): Journal._logged finds a kind here by
#: identity, not by a lookup in a dict keyed by enum members (hashed, then compared: ~140
#: instructions), in 3 to 4 steps on average.
_FREQUENT_KINDS: Final = (Kind.FOLLOW, Kind.RECRUIT, Kind.PLAY, Kind.ORDER, Kind.BOOST,
                          Kind.RESOURCE, Kind.PACK, Kind.PAYMENT, Kind.LOOKOUT, Kind.RULE,
                          Kind.PERK, Kind.CHOICE, Kind.CONVERT, Kind.COIN_SUIT)
_KINDS: Final[list[Kind]] = [*_FREQUENT_KINDS,
                             *[kind for kind in Kind if kind not in _FREQUENT_KINDS]]
#: The log's entries ``(str(kind), index)`` of each kind of :data:`_KINDS` (same position) for
#: the indices below :data:`_SHARED_ENTRIES`, made once: a log entry is an immutable pair that
#: equals a fresh one, so the log holds these instead of a tuple made per decision (an
#: allocation, two stores, a deallocation when the log goes: a few hundred a game, issue 38).
#: Typed Any: compiled, an item typed ``tuple[str, int]`` is unboxed when read, then boxed again
#: (a new tuple) when appended.
_ENTRIES: Final[list[list[Any]]] = [
    [(_KIND_TEXT[kind], index) for index in range(_SHARED_ENTRIES)] for kind in _KINDS]
#: The rows of :data:`_ENTRIES` of the six most frequent kinds, each its own constant:
#: Journal._logged tells these kinds by identity with a constant each, then reads one list
#: (no walk of :data:`_KINDS` counting the position, no read of the row from the table).
_FOLLOW_ENTRIES: Final[list[Any]] = _ENTRIES[_KINDS.index(Kind.FOLLOW)]
_RECRUIT_ENTRIES: Final[list[Any]] = _ENTRIES[_KINDS.index(Kind.RECRUIT)]
_PLAY_ENTRIES: Final[list[Any]] = _ENTRIES[_KINDS.index(Kind.PLAY)]
_ORDER_ENTRIES: Final[list[Any]] = _ENTRIES[_KINDS.index(Kind.ORDER)]
_BOOST_ENTRIES: Final[list[Any]] = _ENTRIES[_KINDS.index(Kind.BOOST)]
_RESOURCE_ENTRIES: Final[list[Any]] = _ENTRIES[_KINDS.index(Kind.RESOURCE)]
#: The other kinds and their rows, walked by Journal._logged (those six not walked again).
_TOLD: Final = 6
_OTHER_KINDS: Final[list[Kind]] = _KINDS[_TOLD:]
_OTHER_ENTRIES: Final[list[list[Any]]] = _ENTRIES[_TOLD:]


# -- the undo log ------------------------------------------------------------------------------
# A flat list: each entry is its operands then its operation code (last, so a rollback walking
# back reads the code first and knows how many operands precede it). No tuple per entry: a trial
# writes and undoes thousands of entries per game, and a tuple is an allocation, five reference
# counts and a deallocation, where an item of the list is one store. Undone by one branch of
# Journal.rollback: no call through a stored function (a generic call under mypyc, a frame in pure
# Python), and a transfer is one entry.
#
# The list is a buffer kept for the table's life: the log is its first ``Journal._top`` slots.
# A write stores into slots already there; a rollback only moves ``_top`` back: no list regrown
# from empty at every move and cut (reallocated) at every trial, as CPython does a list cleared
# or cut below half of its room. An undone trial's slots keep what they held (nothing reads
# them) until written over or until the outermost commit sets every slot the move used that
# may hold an object back to None (``_high``; Journal._release: the ints and names of the log's
# entries are left): setting them to None at every rollback cost as much as the slice deletion
# it replaced (callgrind, 2.6 M instructions in 11 games), and never clearing them left
# reference cycles to the collector (the game's own objects, from the table's buffer). An entry
# joins the log once whole (``_top`` moves past it last): a signal between two stores leaves no
# half entry to undo.

_MOVE: Final = 0  # src list, index, dst list: put dst's last item back at src[index]
_ADD: Final = 1  # from, to, n: n tokens moved from tokens[from] to tokens[to], move them back
_SETATTR: Final = 2  # object, attribute, old value
_INSERT: Final = 3  # list, index, item
_POP: Final = 4  # list: remove the last item
_SETITEM: Final = 5  # dict, key, old value
_DELITEM: Final = 6  # dict, key
_VP: Final = 7  # seat, old VP (Journal.add_vp: set by attribute name, a generic lookup each way)
_LEVEL: Final = 8  # seat, old level (Journal.level_up)
# Interpreter bookkeeping (Journal.note, Journal.note_attr, and _SETITEM, _DELITEM of note_item),
# undone as _POP and _SETATTR are but no change of the game state (Journal.changed_since).
_NOTE: Final = 9  # list: remove the last item
_NOTE_ATTR: Final = 10  # object, attribute, old value
# The generator's state before a chance point's draw (Journal.chance): neither the table's state
# nor bookkeeping, but a rollback restores it, so an undone move leaves the generator as it found
# it.
_RNG: Final = 11  # the state rng.getstate() gave
#: By operation code: how many operands precede it, as Journal.state_key reads the log back.
#: Journal.rollback steps back by the same counts written in its branches, and
#: Journal._change_before by them for the codes that are no change of the game state (_NOTE,
#: _NOTE_ATTR, _SETITEM, _DELITEM, _RNG): a table read there costs ~1% of a compiled game;
#: tests/test_engine_state.py rolls back through every code and checks they agree.
_OPERANDS: Final[tuple[int, ...]] = (3, 3, 3, 3, 1, 3, 2, 2, 2, 1, 3, 1)

#: Journal.state_key's value of a key a table does not hold.
_ABSENT: Final = object()


#: The most items after the one :meth:`Journal.move` takes that it moves left one by one
#: (past them, a pop from inside the list: a slice deletion).
_SHIFTED_MOST: Final = 12


def _pop_last(lst: list) -> Any:
    """``lst.pop()``, a list of one item emptied by ``clear()``: its buffer let go (NULL), not
    reallocated to 0 bytes as a pop leaves it (CPython's and mypyc's list_resize), a block
    pymalloc hands to the C library (``malloc(1)``), which every later growth of the list then
    reallocates through the C library (issue 38; tests/test_list_buffers.py)."""
    if len(lst) == 1:
        item = lst[0]
        lst.clear()
        return item
    return lst.pop()


def _pop_at(lst: list, index: int) -> Any:
    """``lst.pop(index)``, a list of one item emptied as :func:`_pop_last` does (an index out of
    range raises IndexError all the same)."""
    if len(lst) == 1:
        item = lst[index]
        lst.clear()
        return item
    return lst.pop(index)


def _frozen(value: Any, keep: dict[int, Any]) -> Any:
    """``value`` as part of a hashable key: itself when it hashes (a card instance, a player and
    a perk by identity; a count, a name, a tuple of those by value), else its identity, with
    the object kept alive in ``keep`` (a dict, a list: who performs, R6.4's bindings)."""
    try:
        hash(value)
    except TypeError:
        if isinstance(value, tuple):  # a zone's content: each item as itself or by identity
            return tuple([_frozen(item, keep) for item in value])
        keep[id(value)] = value
        return (_ABSENT, id(value))
    return value


class _KeyScan:
    """What :meth:`Journal.state_key` read of the log from ``base`` up to ``end``: the net token
    changes and the places touched (each by id, with the object). A later key on the same path
    reads on from the newest scan whose stretch of the log is still there, not from ``base``
    (issue 31.7: a search at E202's bound spent 210 of 345 s rereading the log)."""

    __slots__ = ("base", "end", "counts", "lists", "attrs", "items")

    def __init__(self, base: int, end: int, counts: dict[int, int], lists: dict[int, list],
                 attrs: dict[tuple[int, str], Any], items: dict[tuple[int, Any], dict]) -> None:
        self.base = base
        self.end = end
        self.counts = counts
        self.lists = lists
        self.attrs = attrs
        self.items = items


#: The most scans Journal.state_key keeps (one per keyed place on the path searched): past it the
#: older half goes, and a key reads from the newest scan left, or from its base.
_MOST_SCANS: Final = 256
#: How many of the newest scans a key looks through for its own base (a search nested in another
#: keys from another base).
_SCANS_LOOKED: Final = 4


@mypyc_attr(allow_interpreted_subclasses=True)
class Journal:
    """The machinery every game's table needs and no game owns: the undo log and its
    transactions, the mutations that record their inverses, :meth:`state_key`, chance points
    (:meth:`chance`) and decisions (:meth:`ask`), with the seeded generator ``rng``, the
    decision ``log`` and the :class:`~fortlang.engine.asker.Asker` that answers (the agents
    live in the match layer, e.g. :class:`fortlang.sim.seats.Seats`, never in the game).

    ``tokens`` is the table's flat list of counters, which :meth:`shift` moves between and a
    rollback restores (Fort keeps its supply, stuff and packs there; another game any counts).

    ``log`` receives ``(kind, index)`` for every decision the asker answered and
    ``("chance", index)`` for every chance point's outcome (:meth:`chance`), which is all a
    replay needs: inside a move the engine draws random numbers only at chance points, which a
    search never crosses (interpreter.chance_at).
    """

    def __init__(self, *, seed: int = 0, asker: Asker | None = None,
                 debug: bool = False) -> None:
        self.rng = seeded(seed)  # random.Random(seed), seeded natively
        #: Every counter of the table, by index (see shift); the subclass fills it.
        self.tokens: list[int] = []
        #: Who answers the decisions (see ask); nobody by default: asking is then an error.
        self.asker: Asker = asker if asker is not None else NoAsker()
        self.log: list[tuple[str, int]] = []
        #: Check the table's invariants at every decision (check_invariants).
        self.debug = debug
        #: Ask every decision, even one with a single option, and list with it the options the
        #: rules never offer (a card of another suit, the played card...) with the rule that
        #: refuses each: scenarios (fortlang.scenario) see every question and name the rule of a
        #: refused answer. Off in games: it would add decisions to the log.
        self.explain = False
        #: Called with (decision, index) after every answered decision (replays, UIs).
        self.on_decision: Callable[[Any, int], None] | None = None
        #: Whether chance points ask the asker's ``chance`` (the pull API's explicit chance,
        #: OpenSpiel's chance player) instead of drawing from ``rng`` (see chance).
        self.chance_asked = False
        #: The log's buffer: operands, then the operation (see _MOVE...), in its first ``_top``
        #: slots; stale operands or None past them (_grow makes more).
        self._undo: list[Any] = []
        #: The positions and the depth are i64 (compiled, native machine ints: no tag checks,
        #: no reference counts on every write of an entry).
        self._top: i64 = 0
        #: The most slots the open move has used (as far as rollbacks have seen: _cut_log),
        #: which its commit empties of objects (_release).
        self._high: i64 = 0
        #: Where in ``_undo`` the latest change of the game state (not interpreter bookkeeping)
        #: was recorded, -1 if none: a native int, where a list of them boxed each position.
        self._last_change: i64 = -1
        self._depth: i64 = 0
        #: The scans of the log state_key made (see _KeyScan), and the shortest the log has been
        #: since the latest: a scan up to ``end`` <= ``_cut`` still reads the log as it is.
        self._scans: list[_KeyScan] = []
        self._cut: i64 = 0
        #: Log entries state_key has read, in all (the work of keying places, for tests and bench).
        self.key_reads = 0

    def view(self, seat: int) -> Any:
        """What the agent at ``seat`` is shown when it is asked (``choose(view, decision)``:
        fortlang.sim.seats.Seats): the table as that seat may see it, read-only, for a table
        whose bots read one (Fort's: fortlang.games.fort.view.GameView); None here, for bots
        that read the decision only."""
        return None

    def check_invariants(self) -> None:
        """Raise if the table breaks one of its game's invariants: called before every decision
        when ``debug`` is set. A game's table overrides it (Fort's: games/fort/invariants.py);
        the journal has none of its own."""

    def card_zones(self, sized: bool) -> dict[int, bool]:
        """The lists of cards :meth:`state_key` may key by their cards in no order (False) or by
        their sizes (True), by id: the zones whose order no move reads. A game's table names
        its own (Fort's: Game.card_zones); none by default, every list then keyed in order."""
        return {}

    # -- what the core's operators and selectors read of any game's table -----------------------

    def new_ctx(self, seat: int, *, leader: bool, bound: dict[int, Any] | None = None,
                play: Any = None) -> Ctx | None:
        """The context of a move by ``seat`` at this table, for a game whose moves keep more
        bookkeeping than the interpreter's :class:`~fortlang.engine.interpreter.Ctx` (Fort's
        ``FortCtx``); None, the default: the interpreter's (``interpreter.new_ctx``)."""
        return None

    def seat_counts(self, seat: int) -> SeatCounts:
        """The player at ``seat``: the table's ``players[seat]`` (the
        :class:`fortlang.vocabulary.TableView` every table shows its selectors). A game's table
        may read it natively (Fort's Game does)."""
        who: SeatCounts = cast(Any, self).players[seat]
        return who

    def everyone(self) -> Sequence[SeatCounts]:
        """Every seat's player, by seat: the table's ``players``."""
        players: Sequence[SeatCounts] = cast(Any, self).players
        return players

    def turn_order(self, seat: int) -> tuple[int, ...] | None:
        """The other seats from ``seat``'s left (the next seat up) in turn order, when the table
        knows them without a view: a table whose direction of play never changes (Fort's: turns
        go clockwise, R3). None, the default: the core's selectors read :meth:`selector_view`."""
        return None

    def selector_view(self, seat: int) -> object:
        """What a selector reads of the table for ``seat`` (a
        :class:`fortlang.vocabulary.TableView`): the table itself, unless its game shows a
        seat's view (Fort's :class:`~fortlang.games.fort.view.GameView`)."""
        return self

    def evaluate(self, expr: object, seat: int) -> int:
        """The value of a comparison (an `if`'s test) or a scoring expression for the player at
        ``seat``, by the metrics its game declares (Fort's R14: games/fort/metrics.py). A table
        whose game counts none raises."""
        raise NotImplementedError(f"{type(self).__name__} counts no metric: {expr!r}")

    # -- transactions ------------------------------------------------------------------------------

    def begin(self) -> int:
        """Open a (nestable) transaction; returns the mark for :meth:`rollback`/:meth:`commit`."""
        self._depth += 1
        return self._top

    def commit(self, mark: int) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._release()
            self._top = 0
            self._high = 0
            self._last_change = -1
            self._cut = 0

    def _release(self) -> None:
        """No object of the move kept alive by the buffer (the outermost commit): each entry's
        operands that are objects set to None; its operation code, and the ints and names it
        holds (an index, a count, an attribute's name), left for the next writes: they keep
        nothing of the game alive. Read back entry by entry, as a rollback reads the log: about
        a third of its slots need a store. Past the log, the slots of undone trials (their
        entries not known) are all set to None."""
        undo = self._undo
        top: i64 = self._top
        used: i64 = self._high
        while used > top:
            used -= 1
            undo[used] = None
        i: i64 = top - 1
        while i >= 0:
            op: int = undo[i]
            # the most frequent first, as in rollback
            if op == _NOTE or op == _POP or op == _RNG:  # list / state
                undo[i - 1] = None
                i -= 2
            elif op == _ADD:  # ints only
                i -= 4
            elif op == _MOVE or op == _SETATTR or op == _NOTE_ATTR or op == _INSERT:
                undo[i - 3] = None  # src / object / list
                undo[i - 1] = None  # dst / old value / item
                i -= 4
            elif op == _VP or op == _LEVEL:  # seat, old count
                undo[i - 2] = None
                i -= 3
            elif op == _SETITEM:  # dict, key, old value
                undo[i - 3] = None
                undo[i - 2] = None
                undo[i - 1] = None
                i -= 4
            else:  # _DELITEM: dict, key
                undo[i - 2] = None
                undo[i - 1] = None
                i -= 3

    def _cut_log(self, mark: int) -> None:
        """The log cut back to ``mark``: its slots past it left for the next writes (and the
        outermost commit) to overwrite."""
        if self._top > self._high:
            self._high = self._top
        self._top = mark

    def _grow(self) -> list[Any]:
        """The buffer, doubled (at least 64 slots): a table's log grows a few times in a game,
        then never again. Each write calls it when fewer than its slots are left."""
        undo = self._undo
        undo.extend([None] * max(len(undo), 64))
        return undo

    def rollback(self, mark: int) -> None:
        """Undo everything since ``mark`` (the transaction stays open)."""
        undo = self._undo
        i: i64 = self._top - 1
        if i < mark:
            return
        if mark < self._cut:
            self._cut = mark
        tokens = self.tokens
        while i >= mark:
            op: int = undo[i]
            # Typed names, not the items themselves: compiled, a list's or a dict's own
            # operations are direct calls; on an untyped operand they are generic lookups. The
            # most frequent first (a random game's trials: notes, transfers, moves).
            if op == _NOTE or op == _POP:
                grown: list = undo[i - 1]
                if len(grown) == 1:  # as _pop_last (inline: the most frequent entry)
                    grown.clear()
                else:
                    grown.pop()
                i -= 2
            elif op == _ADD:
                gave: int = undo[i - 3]
                got: int = undo[i - 2]
                n: int = undo[i - 1]
                # not ``tokens[got] -= n``: mypyc compiles an augmented assignment to a list
                # item as a generic in-place operation (PyNumber_InPlaceSubtract), this as ints
                tokens[got] = tokens[got] - n
                tokens[gave] = tokens[gave] + n
                i -= 4
            elif op == _MOVE:
                src: list = undo[i - 3]
                at: int = undo[i - 2]
                dst: list = undo[i - 1]
                src.insert(at, _pop_last(dst))
                i -= 4
            elif op == _SETATTR or op == _NOTE_ATTR:
                setattr(undo[i - 3], undo[i - 2], undo[i - 1])
                i -= 4
            elif op == _VP:
                scorer: SeatCounts = undo[i - 2]
                scorer.vp = undo[i - 1]
                i -= 3
            elif op == _LEVEL:
                builder: SeatCounts = undo[i - 2]
                builder.level = undo[i - 1]
                i -= 3
            elif op == _RNG:
                self.rng.setstate(undo[i - 1])
                i -= 2
            elif op == _SETITEM:
                table: dict = undo[i - 3]
                table[undo[i - 2]] = undo[i - 1]
                i -= 4
            elif op == _DELITEM:
                added: dict = undo[i - 2]
                del added[undo[i - 1]]
                i -= 3
            else:  # _INSERT
                shrunk: list = undo[i - 3]
                where: int = undo[i - 2]
                shrunk.insert(where, undo[i - 1])
                i -= 4
        self._cut_log(mark)
        if self._last_change >= mark:
            self._last_change = self._change_before(mark)

    def _change_before(self, end: int) -> int:
        """Where the latest change of the game state before ``end`` was recorded (-1: none),
        read back from the log: each entry ends with its operation, which says how many
        operands precede it."""
        undo = self._undo
        i: i64 = end - 1
        while i >= 0:
            op: int = undo[i]
            # the codes that change no game state, compared as native ints (as in rollback)
            if op == _NOTE or op == _RNG:
                i -= 2
            elif op == _NOTE_ATTR or op == _SETITEM:
                i -= 4
            elif op == _DELITEM:
                i -= 3
            else:
                return i - _OPERANDS[op]
        return -1

    def state_key(self, base: int, keep: dict[int, Any], zones: dict[int, bool] | None = None
                  ) -> frozenset:
        """What the game (and the interpreter's bookkeeping) has become since ``base``, as a
        hashable value: equal keys from the same state at ``base`` mean equal states now. Each
        place the log since ``base`` touched is read as it is now (a token count as its net
        change, so a token given and taken back leaves no trace); a list in ``zones`` (by id)
        as its length if True there, else as the set of its cards by their ``uid`` (a zone of
        cards that no move reads in order; the table names its zones, as Fort's
        ``Game.card_zones`` does). A place or value without a value's equality is keyed by identity
        and kept alive in ``keep`` (so its id is never reused while the key is). Read back like
        :meth:`_change_before`; the searches that remember where they failed
        (interpreter.explored) call it, nothing on the hot path. It reads on from its latest
        scan of the same ``base`` whose stretch of the log is still there (the path a depth-first
        search is on), so a key costs the entries since the last place keyed on that path and
        the places touched, not the whole log since ``base`` (:class:`_KeyScan`)."""
        undo = self._undo
        end = self._top
        scans = self._scans
        cut = self._cut
        while scans and scans[-1].end > cut:  # scans of a stretch since rolled back
            scans.pop()
        self._cut = end
        start: _KeyScan | None = None
        j = len(scans) - 1
        while j >= 0 and j >= len(scans) - _SCANS_LOOKED:
            if scans[j].base == base:
                start = scans[j]
                break
            j -= 1
        if start is not None:
            counts: dict[int, int] = dict(start.counts)
            lists: dict[int, list] = dict(start.lists)
            attrs: dict[tuple[int, str], Any] = dict(start.attrs)
            items: dict[tuple[int, Any], dict] = dict(start.items)
            stop = start.end
        else:
            counts = {}
            lists = {}
            attrs = {}
            items = {}
            stop = base
        self.key_reads += end - stop
        i = end - 1
        while i >= stop:
            op: int = undo[i]
            if op == _ADD:
                gave: int = undo[i - 3]
                got: int = undo[i - 2]
                n: int = undo[i - 1]
                counts[gave] = counts.get(gave, 0) - n
                counts[got] = counts.get(got, 0) + n
            elif op == _MOVE:
                src: list = undo[i - 3]
                dst: list = undo[i - 1]
                lists[id(src)] = src
                lists[id(dst)] = dst
            elif op == _POP or op == _NOTE:
                lists[id(undo[i - 1])] = undo[i - 1]
            elif op == _INSERT:
                lists[id(undo[i - 3])] = undo[i - 3]
            elif op == _SETATTR or op == _NOTE_ATTR:
                attrs[(id(undo[i - 3]), undo[i - 2])] = undo[i - 3]
            elif op == _VP:
                attrs[(id(undo[i - 2]), "vp")] = undo[i - 2]
            elif op == _LEVEL:
                attrs[(id(undo[i - 2]), "level")] = undo[i - 2]
            elif op == _RNG:
                pass  # the generator is no part of a place: a search never draws (chance_at)
            else:  # _SETITEM, _DELITEM
                at = 2 if op == _DELITEM else 3
                items[(id(undo[i - at]), undo[i - at + 1])] = undo[i - at]
            i -= _OPERANDS[op] + 1
        if start is None or end > start.end:
            if len(scans) >= _MOST_SCANS:
                del scans[:_MOST_SCANS // 2]
            scans.append(_KeyScan(base, end, counts, lists, attrs, items))
        parts: list[Any] = [(0, at, n) for at, n in counts.items() if n]
        for key, lst in lists.items():
            keep[key] = lst
            sized = zones.get(key) if zones is not None else None
            if sized is None:
                parts.append((1, key, _frozen(tuple(lst), keep)))
            elif sized:
                parts.append((1, key, len(lst)))
            else:
                cards: list[Any] = lst  # pieces with an int uid (Fort's CardInstance)
                parts.append((1, key, tuple(sorted([c.uid for c in cards]))))
        for (key, attr), obj in attrs.items():
            keep[key] = obj
            parts.append((2, key, attr, _frozen(getattr(obj, attr), keep)))
        for (key, item), table in items.items():
            keep[key] = table
            parts.append((3, key, item, _frozen(table.get(item, _ABSENT), keep)))  # a key hashes
        return frozenset(parts)

    def abort(self, mark: int) -> None:
        self.rollback(mark)
        self.commit(mark)

    def unwind(self, mark: int, *, close: bool = False) -> None:
        """Undo to ``mark`` (and close the transaction with ``close``) while an exception
        propagates: an agent's error leaves a whole log, undone as by rollback; a signal
        (KeyboardInterrupt, output.Terminated) may cut an entry short, and then the log cannot
        be read back: the game, being given up, is left as it is, so that the caller sees the
        exception in flight, not an error of the undoing."""
        try:
            self.rollback(mark)
        except Exception:  # noqa: BLE001 - the exception in flight is the one to report
            self._cut_log(mark)
            self._last_change = self._change_before(mark)  # the log is whole up to mark
            self._cut = min(self._cut, mark)
        if close:
            self.commit(mark)

    def mark(self) -> int:
        return self._top

    def recording(self) -> bool:
        """Whether a transaction is open (mutations record their inverses): outside one, a
        plain write is what :meth:`set` does (the flow's clock between two turns)."""
        return self._depth > 0

    def changed_since(self, mark: int) -> bool:
        """Whether the game state (not interpreter bookkeeping) changed since ``mark``."""
        return self._last_change >= mark

    # -- mutations (each records its inverse inside a transaction) ---------------------------------

    def move(self, src: list, index: int, dst: list) -> Any:
        """Move ``src[index]`` to the end of ``dst`` (a negative index counts from the end)."""
        size: i64 = len(src)
        at: i64 = index  # (not a conditional expression: compiled, it boxed the int)
        if at < 0:
            at += size
        # the log's index, counted from the front: the rollback's ``insert`` reads a negative
        # one otherwise than ``pop`` does (an index out of range raises below, unlogged)
        where: i64 = at
        if size == 1:  # as _pop_at (inline: a call's cost at every move)
            item = src[index]
            src.clear()
        elif 0 <= at < size - 1 and size - at <= _SHIFTED_MOST:
            # a card from inside a short zone (a hand, the park): the items after it moved
            # one left, the last slot popped: compiled, cheaper than the slice deletion a pop
            # from inside makes (a generic one, with a buffer of the items removed)
            item = src[at]
            last = size - 1
            while at < last:
                src[at] = src[at + 1]
                at += 1
            src.pop()
        else:
            item = src.pop(index)
        dst.append(item)
        if self._depth:
            undo = self._undo
            top = self._top
            if top + 4 > len(undo):
                undo = self._grow()
            undo[top] = src
            undo[top + 1] = where
            undo[top + 2] = dst
            undo[top + 3] = _MOVE
            self._top = top + 4
            self._last_change = top
        return item

    def move_all(self, src: list, dst: list) -> None:
        """Move every item of ``src``, first to last, to the end of ``dst``: what
        ``while src: move(src, 0, dst)`` does (a zone emptied into another: R4.1, R8.1), the
        same lists and the same entries in the log, without a ``pop(0)`` per item (a slice
        deletion each, moving every item left along)."""
        if src is dst:
            raise ValueError("move_all: a list cannot be moved to its own end")
        count = len(src)
        if not count:
            return
        dst.extend(src)
        src.clear()
        if self._depth:
            undo = self._undo
            top = self._top
            while top + 4 * count > len(undo):
                undo = self._grow()
            end = top + 4 * count
            while top < end:  # one _MOVE from index 0 per item, as move writes them
                undo[top] = src
                undo[top + 1] = 0
                undo[top + 2] = dst
                undo[top + 3] = _MOVE
                top += 4
            self._top = top
            self._last_change = top - 4

    def shift(self, src: int, dst: int, n: int = 1) -> None:
        """Move ``n`` tokens from ``tokens[src]`` to ``tokens[dst]`` (the engine's transfer:
        Fort's Game.transfer names its pools by token kind)."""
        tokens = self.tokens
        tokens[src] = tokens[src] - n  # native int arithmetic compiled (see rollback)
        tokens[dst] = tokens[dst] + n
        if self._depth:
            undo = self._undo
            top = self._top
            if top + 4 > len(undo):
                undo = self._grow()
            undo[top] = src
            undo[top + 1] = dst
            undo[top + 2] = n
            undo[top + 3] = _ADD
            self._top = top + 4
            self._last_change = top

    def set(self, obj: Any, attr: str, value: Any) -> None:
        if self._depth:
            # Each write below names its operation code: compiled, a literal is a boxed
            # constant, where a code passed to a shared helper was boxed at every write.
            old = getattr(obj, attr)  # read first: if it raises, no slot holds a stray operand
            undo = self._undo
            top = self._top
            if top + 4 > len(undo):
                undo = self._grow()
            undo[top] = obj
            undo[top + 1] = attr
            undo[top + 2] = old
            undo[top + 3] = _SETATTR
            self._top = top + 4
            self._last_change = top
        setattr(obj, attr, value)

    def add_vp(self, p: SeatCounts, n: int) -> None:
        """``p`` scores ``n`` VP (loses them if negative): ``set(p, "vp", p.vp + n)``."""
        if self._depth:
            self._player_change(p, p.vp, True)
        p.vp += n

    def level_up(self, p: SeatCounts) -> None:
        """``p`` goes up one stage (Fort: its fort, R10.1): ``set(p, "level", p.level + 1)``."""
        if self._depth:
            self._player_change(p, p.level, False)
        p.level += 1

    def _player_change(self, p: SeatCounts, old: int, vp: bool) -> None:
        """Record a change of one of ``p``'s counts (its VP if ``vp``, else its level) from
        ``old``."""
        undo = self._undo
        top = self._top
        if top + 3 > len(undo):
            undo = self._grow()
        undo[top] = p
        undo[top + 1] = old
        undo[top + 2] = _VP if vp else _LEVEL
        self._top = top + 3
        self._last_change = top

    def take(self, lst: list, index: int) -> Any:
        """Remove and return ``lst[index]`` (rules, perks: pieces that are not card instances)."""
        item = _pop_at(lst, index)
        if self._depth:
            undo = self._undo
            top = self._top
            if top + 4 > len(undo):
                undo = self._grow()
            undo[top] = lst
            undo[top + 1] = index
            undo[top + 2] = item
            undo[top + 3] = _INSERT
            self._top = top + 4
            self._last_change = top
        return item

    def put(self, lst: list, item: Any) -> None:
        lst.append(item)
        if self._depth:
            undo = self._undo
            top = self._top
            if top + 2 > len(undo):
                undo = self._grow()
            undo[top] = lst
            undo[top + 1] = _POP
            self._top = top + 2
            self._last_change = top

    def note(self, lst: list, item: Any) -> None:
        """Append interpreter bookkeeping to ``lst`` (undone on rollback, not a state change)."""
        lst.append(item)
        if self._depth:
            undo = self._undo
            top = self._top
            if top + 2 > len(undo):
                undo = self._grow()
            undo[top] = lst
            undo[top + 1] = _NOTE
            self._top = top + 2

    def note_attr(self, obj: Any, attr: str, value: Any) -> None:
        """Set interpreter bookkeeping ``obj.attr = value`` (undone on rollback)."""
        if self._depth:
            old = getattr(obj, attr)  # read first: if it raises, no slot holds a stray operand
            undo = self._undo
            top = self._top
            if top + 4 > len(undo):
                undo = self._grow()
            undo[top] = obj
            undo[top + 1] = attr
            undo[top + 2] = old
            undo[top + 3] = _NOTE_ATTR
            self._top = top + 4
        setattr(obj, attr, value)

    def note_item(self, d: dict, key: Any, value: Any) -> None:
        """Set interpreter bookkeeping ``d[key] = value`` (undone on rollback)."""
        if self._depth:
            held = key in d  # first: an unhashable key raises before any slot is written
            undo = self._undo
            top = self._top
            if top + 4 > len(undo):
                undo = self._grow()
            undo[top] = d
            undo[top + 1] = key
            if held:
                undo[top + 2] = d[key]
                undo[top + 3] = _SETITEM
                self._top = top + 4
            else:
                undo[top + 2] = _DELITEM
                self._top = top + 3
        d[key] = value

    # -- decisions ---------------------------------------------------------------------------------

    def chance(self, dist: Distribution, context: str = "", seat: int = -1) -> int:
        """A chance point's outcome (issue 33 stage 6, design §4.2): an index into
        ``dist.outcomes``, drawn from ``rng`` or, with ``chance_asked``, answered by the
        asker's ``chance(game, dist, context, seat)`` (the generator is drawn from either
        way; ``seat`` is whose action rolls, -1 for the table's own chance);
        logged as ``("chance", index)``. Inside a
        transaction the generator's state is journaled first, so rolling the move back
        restores it. The interpreter calls it through ``chance_at``, never while searching."""
        if self._depth:
            undo = self._undo
            top = self._top
            if top + 2 > len(undo):
                undo = self._grow()
            undo[top] = self.rng.getstate()
            undo[top + 1] = _RNG
            self._top = top + 2
        index = dist.draw(self.rng)
        if self.chance_asked:
            # Drawn all the same, then answered: the generator moves on as in a sampled game,
            # so the table's own chance after this point (R9.1 reshuffles) is the same whoever
            # answers, and a sampled game's answers replay it exactly.
            index = self.asker.chance(self, dist, context, seat)  # type: ignore[attr-defined]
            if not isinstance(index, int) or not 0 <= index < len(dist.outcomes):
                raise ValueError(f"the chance player answered {index!r} to a chance event "
                                 f"with {len(dist.outcomes)} outcomes")
        self.log.append((CHANCE_KIND, index))
        return index

    def blind(self) -> bool:
        """Whether every answer depends on the number of options alone: every seat a random bot
        (:class:`RandomAsker`) and nobody reading the decision (no ``on_decision``, ``debug``
        or ``explain``). The engine then asks by count (:meth:`ask_blind`), without making the
        options' labels nor the decision."""
        return (type(self.asker) is RandomAsker and self.on_decision is None and not self.debug
                and not self.explain)

    def _logged(self, kind: Kind, index: int) -> None:
        """Append ``(str(kind), index)`` to the log: for an index below
        :data:`_SHARED_ENTRIES` and a member of :class:`Kind`, the entry made once
        (:data:`_ENTRIES`), an equal pair."""
        log: list[Any] = self.log
        if 0 <= index < _SHARED_ENTRIES:
            row: list[Any] | None = None  # the kind's entries: the six told by identity
            if kind is K_FOLLOW:
                row = _FOLLOW_ENTRIES
            elif kind is K_RECRUIT:
                row = _RECRUIT_ENTRIES
            elif kind is K_PLAY:
                row = _PLAY_ENTRIES
            elif kind is K_ORDER:
                row = _ORDER_ENTRIES
            elif kind is K_BOOST:
                row = _BOOST_ENTRIES
            elif kind is K_RESOURCE:
                row = _RESOURCE_ENTRIES
            if row is not None:
                log.append(row[index])
                return
            at = 0
            for known in _OTHER_KINDS:  # compiled, each item read without a bounds check
                if known is kind:
                    entry: Any = _OTHER_ENTRIES[at][index]
                    log.append(entry)
                    return
                at += 1
        log.append((_KIND_TEXT[kind], index))

    def ask_blind(self, seat: int, kind: Kind, count: int) -> int:
        """:meth:`ask` of ``seat``'s decision of ``kind`` among ``count`` options, when
        :meth:`blind`: the same answer, logged the same."""
        asker = self.asker
        assert type(asker) is RandomAsker
        random_asker: RandomAsker = asker
        index = random_asker.agents[seat].draw_below(count)  # RandomAsker.decide_count, inline
        self._logged(kind, index)
        return index

    def ask_count(self, seat: int, kind: Kind, count: int, items: list[Any] | None = None
                  ) -> int:
        """:meth:`ask` of ``seat``'s decision of ``kind`` among ``count`` options that its agent
        may answer from their count alone (the rules settled them without a trial: Fort's follow,
        R6.1, R6.2) or from ``items``, one per option, what the option names (Fort: the card
        it plays or takes, else the value it carries: the play R5.1, the recruit R7.1), without
        making the decision: the same answer, logged the same. The asker answers through its
        ``decide_by_count(seat, kind, count, items)`` (a :class:`RandomAsker` natively;
        :class:`~fortlang.sim.seats.Seats`, a :class:`CountAsker`, asks its agent's
        ``answer_by_count``). -1 when only the decision can tell: someone reads it
        (``on_decision``, ``debug``, ``explain``), or the asker or its agent reads more than the
        count and items (the search bot, a person, a script)."""
        if self.on_decision is not None or self.debug or self.explain:
            return -1
        asker = self.asker
        if type(asker) is RandomAsker:  # every seat a random bot: as blind() asks
            return self.ask_blind(seat, kind, count)
        if isinstance(asker, CountAsker):  # compiled: a direct call, not a generic one
            count_asker: CountAsker = asker
            index = count_asker.decide_by_count(seat, kind, count, items)
        else:
            by_count = getattr(asker, "decide_by_count", None)
            if by_count is None:
                return -1
            index = by_count(seat, kind, count, items)
        if index < 0:
            return -1
        if not 0 <= index < count:
            raise ValueError(f"agent for seat {seat} answered {index!r} to a {kind} "
                             f"decision with {count} options")
        self._logged(kind, index)
        return index

    def ask(self, decision: Decision) -> int:
        """Ask the game's asker for the deciding player's choice; log and return its index."""
        if self.debug:
            self.check_invariants()
        asker = self.asker
        if type(asker) is RandomAsker:  # compiled with the engine: a direct call, not a generic one
            random_asker: RandomAsker = asker
            index = random_asker.decide(self, decision)
        else:
            index = asker.decide(self, decision)
        seat = decision.player
        if not isinstance(index, int) or not 0 <= index < len(decision.options):
            raise ValueError(f"agent for seat {seat} answered {index!r} to a "
                             f"{decision.kind} decision with {len(decision.options)} options")
        self._logged(decision.kind, index)
        if self.on_decision is not None:
            self.on_decision(decision, index)
        return index
