"""Walks an action's AST against the game state (R12, R13), in continuation-passing style.

Every handler takes ``(node, ctx, k)`` and, once its own work is done, calls the continuation
``k(full)`` with whether the node was performed in full; the return value says whether the whole
move (up to its legality check) succeeded. That shape gives the engine what R5.4 and STYLE #10
need with no deep copies:

* at a choice point, :func:`decide` *tries* each option (the rest of the move included) inside the
  game's undo log, rolls back, and offers the agent only the options that can still end legally;
* while trying ("search" mode), choice points simply explore their options depth-first.

Execution is "as much as possible" (R5.4's *in part*): a primitive that cannot be completed does
what it can and reports ``full=False``; the caller's final check decides whether that was allowed
(a leader needs one action in full, R5.4; a follower needs it in full, R6.2). Dispatch is a table
from node class to handler (STYLE #8), run by position with direct calls.

The hot objects are native when compiled (mypyc): a continuation is a :class:`Cont` (``go``), a
choice point's options a :class:`Step` (``apply(i)``, and ``options()`` for the labels, built only
when an agent is asked). Plain callables are still accepted wherever a continuation or thunk is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final

from fortlang import nodes as n
from fortlang.engine import node_types as t
from fortlang.engine.choices import (
    K_ANY_SUIT,
    K_CHOICE,
    K_COIN_SUIT,
    K_CONVERT,
    K_DESTROY,
    K_DESTROY_RIVAL,
    K_LOOKOUT,
    K_PACK,
    K_PAYMENT,
    K_PERK,
    K_RECRUIT,
    K_RESOURCE,
    K_RIVAL,
    K_RIVAL_PACK,
    K_RULE,
    K_SPEND,
    Decision,
    Kind,
    Option,
)
from fortlang.engine.memo import bounded_put
from fortlang.engine.metrics import evaluate
from fortlang.engine.node_types import TOKENS
from fortlang.engine.state import (
    OTHER,
    PERK_LEVEL,
    PIZZA,
    RULE_LEVEL,
    TOY,
    CardDef,
    CardInstance,
    Game,
    Player,
)
from fortlang.model import Perk, PerkHook
from fortlang.nodes import Resource, Suit
from fortlang.printer import to_text
from fortlang.registry import QUANTITY_BY_WORD, spec_of

#: Enum members as module constants: reading ``Suit.COIN`` goes through the enum metaclass and
#: costs ten times a global, in the innermost loops of the search.
COIN: Final = Suit.COIN
EITHER: Final = Resource.EITHER
A_RIVAL: Final = n.Who.A_RIVAL
EACH_PLAYER: Final = n.Who.EACH_PLAYER
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


class Ctx:
    """One player's execution of a move: who, in which mode, and the bookkeeping the legality
    checks need. Its lists and dicts change only through ``game.note*``, so rollback restores
    them."""

    __slots__ = ("game", "seat", "player", "search", "safe", "fail", "leader", "sources", "named",
                 "any_suits", "chosen", "bound", "records", "play", "context")

    def __init__(self, game: Game, seat: int, *, leader: bool,
                 bound: dict[int, Any] | None = None, play: Any = None) -> None:
        self.game = game
        self.seat = seat
        self.player = game.players[seat]
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


def run(node: n.Action, ctx: Ctx, k: K) -> bool:
    """Perform ``node``, then ``k(full)``: a code per node class and direct calls, no lookup of
    a handler to call generically; a primitive of another vocabulary brings its effect."""
    code = _CODES.get(type(node), -1)
    if code == 0:
        return _repeat(node, ctx, k)  # type: ignore[arg-type]
    elif code == 1:
        return _then(node, ctx, k)  # type: ignore[arg-type]
    elif code == 2:
        return _gain(node, ctx, k)  # type: ignore[arg-type]
    elif code == 3:
        return _score(node, ctx, k)  # type: ignore[arg-type]
    elif code == 4:
        return _choice(node, ctx, k)  # type: ignore[arg-type]
    elif code == 5:
        return _pack(node, ctx, k)  # type: ignore[arg-type]
    elif code == 6:
        return _recruit(node, ctx, k)  # type: ignore[arg-type]
    elif code == 7:
        return _lookout(node, ctx, k)  # type: ignore[arg-type]
    elif code == 8:
        return _advance(node, ctx, k)  # type: ignore[arg-type]
    elif code == 9:
        return _spend(node, ctx, k)  # type: ignore[arg-type]
    elif code == 10:
        return _destroy_card(node, ctx, k)  # type: ignore[arg-type]
    elif code == 11:
        return _destroy_this(node, ctx, k)  # type: ignore[arg-type]
    elif code == 12:
        return _destroy_rival(node, ctx, k)  # type: ignore[arg-type]
    elif code == 13:
        return _copy_pack(node, ctx, k)  # type: ignore[arg-type]
    elif code == 14:
        return _copy_rival_pack(node, ctx, k)  # type: ignore[arg-type]
    elif code == 15:
        return _convert(node, ctx, k)  # type: ignore[arg-type]
    elif code == 16:
        return _conditional(node, ctx, k)  # type: ignore[arg-type]
    elif code == 17:
        return _target(node, ctx, k)  # type: ignore[arg-type]
    elif code == 18:
        return _draw(node, ctx, k)  # type: ignore[arg-type]
    elif code == 19:
        return _lose(node, ctx, k)  # type: ignore[arg-type]
    elif code == 20:
        return _take(node, ctx, k)  # type: ignore[arg-type]
    elif code == 21:
        return _give(node, ctx, k)  # type: ignore[arg-type]
    spec = spec_of(type(node))
    if spec is None or spec.effect is None:
        raise TypeError(f"no interpreter handler for {type(node).__name__}")
    return bool(spec.effect(node, ctx, k))


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
    if len(thunks) == 1 and (ctx.search or not ctx.game.explain):  # the hot path first
        return thunks[0]()
    return decide_at(ctx, kind, len(thunks), _Thunks(options, thunks), known, same, refused)


#: Empty, never changed: decide_at's defaults as lists.
_NONE_B: Final[list[bool]] = []
_NONE_I: Final[list[int]] = []


def decide_at(ctx: Ctx, kind: Kind, count: int, step: Step, known: Sequence[bool] = (),
              same: Sequence[int] = (), refused: Refused = _no_refusals) -> bool:
    """:func:`decide` over ``count`` options that ``step`` applies and labels."""
    if count == 1 and (ctx.search or not ctx.game.explain):  # the hot path first
        return step.apply(0)
    if not count:
        return False
    # As lists: compiled, indexing a list is a direct read, a Sequence a generic call.
    known_l: list[bool] = known if isinstance(known, list) else list(known) if known else _NONE_B
    same_l: list[int] = same if isinstance(same, list) else list(same) if same else _NONE_I
    game = ctx.game
    explain = game.explain and not ctx.search
    if ctx.search:
        for i in range(count):
            if i < len(same_l) and same_l[i] != i:
                continue  # ends as an option already tried, which failed
            mark = game.mark()
            if step.apply(i):
                return True
            game.rollback(mark)
        return False
    if ctx.safe:
        return step.apply(game.ask(Decision(ctx.seat, kind, tuple(step.options()), ctx.context,
                                            tuple(refused()) if explain else ())))
    legal: list[int] = []
    excluded: list[tuple[str, str]] = list(refused()) if explain else []
    oks: list[bool] = []  # per option: legal, or the rule that forbids it
    rules: list[str] = []
    options: Sequence[Option] | None = None
    for i in range(count):
        if i < len(known_l) and known_l[i]:
            ok, rule = True, ""
        elif i < len(same_l) and same_l[i] != i:
            ok, rule = oks[same_l[i]], rules[same_l[i]]
        else:
            mark = game.mark()
            ctx.search, ctx.fail = True, None
            try:
                ok = step.apply(i)
            finally:
                game.rollback(mark)
                ctx.search = False
            rule = ctx.failed("cannot be completed")
        oks.append(ok)
        rules.append(rule)
        if ok:
            legal.append(i)
        else:
            if options is None:
                options = step.options()
            excluded.append((options[i].label, rule))
    if not legal:
        return False
    if len(legal) == 1 and not excluded and not explain:
        pick = legal[0]
    else:  # asked even with one legal option when others were excluded, to say why (R5.4/R5.5)
        if options is None:
            options = step.options()
        decision = Decision(ctx.seat, kind, tuple(options[i] for i in legal), ctx.context,
                            tuple(excluded))
        pick = legal[game.ask(decision)]
    return step.apply(pick)


def search(ctx: Ctx, thunk: Thunk) -> bool:
    """Whether ``thunk`` can complete legally; the state is left unchanged."""
    game = ctx.game
    mark = game.begin()
    ctx.search, ctx.fail = True, None
    try:
        return thunk()
    finally:
        game.abort(mark)
        ctx.search = False


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


def _any_suit(q: n.AnySuit, ctx: Ctx) -> int:
    return suit_count(ctx, ctx.any_suits[id(q)])


def count(q: n.Quantity, ctx: Ctx) -> int | None:
    """What ``x q`` counts now, or None for an `x any` whose suit is not chosen yet (R5.7)."""
    tq = type(q)
    if tq is t.SuitCount:  # the commonest, without a call through the table
        return suit_count(ctx, q.suit)  # type: ignore[attr-defined]
    if tq is t.AnySuit and id(q) not in ctx.any_suits:
        return None
    return _COUNTS[tq](q, ctx)


_COUNTS: Final[dict[type, Callable[[Any, Ctx], int]]] = {
    n.SuitCount: lambda q, ctx: suit_count(ctx, q.suit),
    n.AnySuit: _any_suit,
    n.PackSize: lambda q, ctx: ctx.player.pack[PIZZA] + ctx.player.pack[TOY],
    n.FortLevel: lambda q, ctx: ctx.player.level,
    n.LookoutSize: lambda q, ctx: len(ctx.player.lookout),
    n.Fixed: lambda q, ctx: q.n,
    # core C5: the performer's own zone or tokens, as the registry declares the word
    n.Tally: lambda q, ctx: QUANTITY_BY_WORD[q.what].measure(ctx.player),  # type: ignore[misc]
}

SUIT_OPTION: Final = {s: Option(s.value, s) for s in Suit}


class _SuitPick(Step):
    """Naming a suit: stored in ``table[key]`` (undone on rollback), then ``then()``."""

    def __init__(self, ctx: Ctx, table: dict, key: int, suits: Sequence[Suit],
                 then: Thunk) -> None:
        self.ctx = ctx
        self.table = table
        self.key = key
        self.suits = suits
        self.then = then

    def apply(self, i: int) -> bool:
        self.ctx.game.note_item(self.table, self.key, self.suits[i])
        return self.then()

    def options(self) -> Sequence[Option]:
        return [SUIT_OPTION[s] for s in self.suits]


def choose_suit(ctx: Ctx, table: dict, key: int, suits: Sequence[Suit], then: Thunk,
                same: Sequence[int] = ()) -> bool:
    """Ask for a suit, store it in ``table[key]`` and continue (``same``: as for decide)."""
    return decide_at(ctx, K_COIN_SUIT if table is ctx.named else K_ANY_SUIT, len(suits),
                     _SuitPick(ctx, table, key, suits, then), same=same)


# -- operators (R13.3-R13.5, `or`) -------------------------------------------------------------


# The steps of a repetition or a sequence are Cont objects, not closures that call themselves: a
# closure referring to itself is a reference cycle, which only the cyclic garbage collector can
# free, and a search makes thousands of them per game.

#: Every suit, for `x any` (R5.7), made once.
ALL_SUITS: Final = tuple(Suit)


class _RepeatAgain:
    """``x any`` once its suit is chosen: the repetition itself (a thunk for choose_suit)."""

    def __init__(self, node: n.Repeat, ctx: Ctx, k: K) -> None:
        self.node = node
        self.ctx = ctx
        self.k = k

    def __call__(self) -> bool:
        return _repeat(self.node, self.ctx, self.k)


def _repeat(node: n.Repeat, ctx: Ctx, k: K) -> bool:
    q = node.count
    tq = type(q)
    if tq is t.SuitCount:
        suit: Suit | None = q.suit  # type: ignore[attr-defined]
        times = suit_count(ctx, q.suit)  # type: ignore[attr-defined]
    elif tq is t.AnySuit:
        suit = ctx.any_suits.get(id(q))
        if suit is None:  # R5.7: chosen when used
            return choose_suit(ctx, ctx.any_suits, id(q), ALL_SUITS, _RepeatAgain(node, ctx, k))
        times = suit_count(ctx, suit)
    else:
        suit = None
        times = _COUNTS[tq](q, ctx)
    return _repeat_step(node.body, suit, times, 0, 0, ctx, k)


def _repeat_step(body: n.Action, suit: Suit | None, times: int, i: int, effective: int, ctx: Ctx,
                 k: K) -> bool:
    """Repetition ``i`` of ``times``, ``effective`` of the ones before having changed the state:
    R5.5 counts only those (a repetition performed in full that changes nothing, such as copying
    an empty pack, makes no added card useful)."""
    if i == times:
        if suit is not None:
            ctx.game.note(ctx.records, (suit, times, effective))
        return resume(k, True)
    if suit is None and i == times - 1:  # the last one, nothing to record: in full if it is
        return run(body, ctx, k)
    return run(body, ctx, _RepeatNext(body, suit, times, i, effective, ctx.game.mark(), ctx, k))


class _RepeatNext(Cont):
    """After repetition ``i``: the next one, or the end of the repetition (R13.3)."""

    def __init__(self, body: n.Action, suit: Suit | None, times: int, i: int, effective: int,
                 mark: int, ctx: Ctx, k: K) -> None:
        self.body = body
        self.suit = suit
        self.times = times
        self.i = i
        self.effective = effective
        self.mark = mark
        self.ctx = ctx
        self.k = k

    def go(self, full: bool) -> bool:
        ctx, suit = self.ctx, self.suit
        done = self.effective + ctx.game.changed_since(self.mark) if suit is not None else 0
        if full:
            return _repeat_step(self.body, suit, self.times, self.i + 1, done, ctx, self.k)
        if suit is not None:
            ctx.game.note(ctx.records, (suit, self.times, done))
        return resume(self.k, False)


def holds(test: n.Compare, ctx: Ctx) -> bool:
    """``if test -> ...``: the comparison, counted now for whoever performs the action; false,
    the action is not performed in full (R5.4)."""
    return bool(evaluate(test, ctx.game, ctx.player))


def _conditional(node: n.Conditional, ctx: Ctx, k: K) -> bool:
    """Core C7: a false test performs nothing and is not in full (R5.4); a follower tests it
    for themselves (R6.2: they need it in full, so only while it holds for them)."""
    return run(node.body, ctx, k) if holds(node.test, ctx) else resume(k, False)


# -- who performs an action (core C6: `each rival ->`, `a rival ->`, `each player ->`) ----------

_Who = tuple[int, Player, bool, dict[int, Any], dict[int, Any]]


def _put(ctx: Ctx, v: _Who) -> None:
    ctx.seat, ctx.player, ctx.leader, ctx.chosen, ctx.bound = v


class _AsPlayerBack(Cont):
    """The end of ``body`` performed by another player: back to the original performer."""

    def __init__(self, ctx: Ctx, saved: _Who, theirs: _Who, k: K) -> None:
        self.ctx = ctx
        self.saved = saved
        self.theirs = theirs
        self.k = k

    def go(self, full: bool) -> bool:
        _put(self.ctx, self.saved)
        try:
            return resume(self.k, full)
        finally:  # the body may try another option after this continuation returns
            _put(self.ctx, self.theirs)


def as_player(ctx: Ctx, seat: int, body: n.Action, k: K) -> bool:
    """``body`` performed by the player at ``seat`` as themselves: their zones and tokens, their
    decisions (asked of their agent), no "on your turn" perk (it is not their turn), and their
    own pizza-or-toy choices (R12.1 binds one performer, R6.4 binds followers to the leader,
    not rivals to each other). ``k`` continues as the original performer. Swapping the fields
    in place (not a new Ctx) keeps one search flag for the whole move, so a continuation run
    inside a trial is still a trial."""
    saved: _Who = (ctx.seat, ctx.player, ctx.leader, ctx.chosen, ctx.bound)
    theirs: _Who = (seat, ctx.game.players[seat], False, {}, {})
    _put(ctx, theirs)
    try:
        return run(body, ctx, _AsPlayerBack(ctx, saved, theirs, k))
    finally:
        _put(ctx, saved)


class _EachNext(Cont):
    """After seat ``i`` performed the body: the next seat (each does as much as they can; in
    full if all did)."""

    def __init__(self, body: n.Action, seats: tuple[int, ...], i: int, full: bool, ctx: Ctx,
                 k: K) -> None:
        self.body = body
        self.seats = seats
        self.i = i
        self.full = full
        self.ctx = ctx
        self.k = k

    def go(self, full: bool) -> bool:
        return _each_step(self.body, self.seats, self.i + 1, self.full and full, self.ctx, self.k)


def _each_step(body: n.Action, seats: tuple[int, ...], i: int, full: bool, ctx: Ctx,
               k: K) -> bool:
    if i == len(seats):
        return resume(k, full)
    after = _EachNext(body, seats, i, full, ctx, k)
    if seats[i] == ctx.seat:
        return run(body, ctx, after)
    return as_player(ctx, seats[i], body, after)


class _ARival(Step):
    """`a rival -> body`: which rival performs it."""

    def __init__(self, ctx: Ctx, seats: tuple[int, ...], body: n.Action, k: K) -> None:
        self.ctx = ctx
        self.seats = seats
        self.body = body
        self.k = k

    def apply(self, i: int) -> bool:
        return as_player(self.ctx, self.seats[i], self.body, self.k)

    def options(self) -> Sequence[Option]:
        return [Option(f"seat {s}", s) for s in self.seats]


def _target(node: n.Target, ctx: Ctx, k: K) -> bool:
    game = ctx.game
    rivals = tuple(q.seat for q in game.rivals(ctx.seat))  # turn order, from the left
    if node.who is A_RIVAL:
        return decide_at(ctx, K_RIVAL, len(rivals), _ARival(ctx, rivals, node.body, k))
    seats = (ctx.seat, *rivals) if node.who is EACH_PLAYER else rivals
    return _each_step(node.body, seats, 0, True, ctx, k)


def _then(node: n.Then, ctx: Ctx, k: K) -> bool:
    """R13.4: the left is required for the right; the right is required if possible."""
    return _then_step(node.items, 0, ctx, k)


def _then_step(items: tuple[n.Action, ...], i: int, ctx: Ctx, k: K) -> bool:
    if i == len(items) - 1:  # the last part: the whole is in full exactly when it is
        return run(items[i], ctx, k)
    return run(items[i], ctx, _ThenNext(items, i, ctx, k))


class _ThenNext(Cont):
    def __init__(self, items: tuple[n.Action, ...], i: int, ctx: Ctx, k: K) -> None:
        self.items = items
        self.i = i
        self.ctx = ctx
        self.k = k

    def go(self, full: bool) -> bool:
        if not full:  # R13.4: the left is required for the right
            return resume(self.k, False)
        return _then_step(self.items, self.i + 1, self.ctx, self.k)


def _shape(node: n.Node) -> tuple:
    return tuple((type(x), getattr(x, "amount", None), getattr(x, "modifier", None),
                  getattr(x, "n", None), getattr(x, "suit", None)) for x in node.walk())


@by_identity
def is_resource_choice(node: n.Choice) -> bool:
    """`gain 2 pizza or gain 2 toy`: branches that differ only in the resource (R12.1, R6.4)."""
    shapes = {_shape(item) for item in node.items}
    return len(shapes) == 1 and any(isinstance(x, (t.Gain, t.Spend, t.Take, t.Give))
                                    for x in node.walk())


@by_identity
def branch_options(node: n.Choice) -> tuple[Option, ...]:
    return tuple(Option(text(item), i) for i, item in enumerate(node.items))


class _Branch(Step):
    """`a or b`: which branch; a resource choice binds (R12.1, R6.4)."""

    def __init__(self, node: n.Choice, items: tuple[n.Action, ...], binding: bool, ctx: Ctx,
                 k: K) -> None:
        self.node = node
        self.items = items
        self.binding = binding
        self.ctx = ctx
        self.k = k

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        if self.binding:
            ctx.game.note_item(ctx.chosen, id(self.node), i)
        return run(self.items[i], ctx, self.k)

    def options(self) -> Sequence[Option]:
        return branch_options(self.node)


def _choice(node: n.Choice, ctx: Ctx, k: K) -> bool:
    key = id(node)
    items = node.items
    binding = is_resource_choice(node)
    if binding:
        fixed = ctx.bound.get(key, ctx.chosen.get(key))
        if fixed is not None:  # R6.4, and never a mix across repetitions (R12.1)
            return run(items[fixed], ctx, k)
    return decide_at(ctx, K_CHOICE, len(items), _Branch(node, items, binding, ctx, k))


# -- primitives (R12) --------------------------------------------------------------------------

RESOURCE_OPTIONS: Final = tuple(Option(r.value, r) for r in TOKENS)


class WithKind:
    """What to do once pizza/toy is resolved to one kind (see :func:`_kind_of`)."""

    def go(self, res: Resource) -> bool:
        raise NotImplementedError


class _KindPick(Step):
    """Choosing pizza or toy for a node (R12.1): remembered for the node, then ``then``."""

    def __init__(self, ctx: Ctx, key: int, then: WithKind) -> None:
        self.ctx = ctx
        self.key = key
        self.then = then

    def apply(self, i: int) -> bool:
        r = TOKENS[i]
        self.ctx.game.note_item(self.ctx.chosen, self.key, r)
        return self.then.go(r)

    def options(self) -> Sequence[Option]:
        return RESOURCE_OPTIONS


def _kind_of(node: n.Gain | n.Spend | n.Take | n.Give, ctx: Ctx, then: WithKind) -> bool:
    """Resolve pizza/toy to one kind: bound by the leader (R6.4), already chosen by this node
    (never a mix, R12.1), or chosen now."""
    key = id(node)
    fixed = ctx.bound.get(key, ctx.chosen.get(key))
    if fixed is not None:
        return then.go(fixed)
    return decide_at(ctx, K_RESOURCE, len(TOKENS), _KindPick(ctx, key, then))


def gain_tokens(ctx: Ctx, res: Resource, amount: int) -> bool:
    """Take up to ``amount`` from the finite supply (R1.4) into stuff (4 of each, R1.5)."""
    game, p = ctx.game, ctx.player
    # A two-argument min: compiled, min(a, b) of ints is a comparison, min(a, b, c) a generic
    # call of the builtin (looked up, its arguments packed in a tuple).
    got = min(amount, game.gainable(p, res))
    if got > 0:
        game.transfer(game.supply, p.stuff, res, got)
    return got == amount


class _GainKind(WithKind):
    def __init__(self, amount: int, ctx: Ctx, k: K) -> None:
        self.amount = amount
        self.ctx = ctx
        self.k = k

    def go(self, res: Resource) -> bool:
        return resume(self.k, gain_tokens(self.ctx, res, self.amount))


def _gain(node: n.Gain, ctx: Ctx, k: K) -> bool:
    res = node.resource
    if res is not EITHER:
        return resume(k, gain_tokens(ctx, res, node.amount))
    return _kind_of(node, ctx, _GainKind(node.amount, ctx, k))


class _PackPick(Step):
    """R12.2: which token to pack, from the stuff or (Sticky Fingers) the supply."""

    def __init__(self, ctx: Ctx, pools: list[tuple[dict, Resource, str, Any]], perk: Perk | None,
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


def _pack(node: n.Pack, ctx: Ctx, k: K) -> bool:
    """R12.2; Sticky Fingers (R15) may take from the supply on your turn."""
    game, p = ctx.game, ctx.player
    if game.pack_room(p) <= 0:
        return resume(k, False)
    pools = [(p.stuff, r, "your stuff", ("stuff", r)) for r in TOKENS if p.stuff[r]]
    perk = p.perk(PACK_FROM_SUPPLY) if ctx.leader and p.perks else None
    if perk is not None:
        pools += [(game.supply, r, "the supply", ("supply", r)) for r in TOKENS if game.supply[r]]
    if not pools:
        return resume(k, False)
    return decide_at(ctx, K_PACK, len(pools), _PackPick(ctx, pools, perk, k))


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
    searching = ctx.search and EQUIVALENT_OPTIONS
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
        if len(picks) > 1 or game.explain:  # as decide() asks (a lone option only to explain)
            index = game.ask(Decision(ctx.seat, kind, tuple(step.options()), ctx.context,
                                      tuple(refused()) if game.explain else ()))
        return step.apply(index)
    same: list[int] = []
    if EQUIVALENT_OPTIONS:  # the first option of each zone stands for the zone
        first: dict[int, int] = {}
        for j, pick in enumerate(picks):
            same.append(first.setdefault(id(pick[0]), j))
    return decide_at(ctx, kind, len(picks), step, same=same, refused=refused)


def _lookout(node: n.Lookout, ctx: Ctx, k: K) -> bool:
    """R12.3 (capacity R10.2); Bribe (R15) widens the sources on your turn to the places its
    data names: the park, the park deck, rivals' yards, your discard pile."""
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


def _destroy_card(node: n.DestroyCard, ctx: Ctx, k: K) -> bool:
    """R12.4: hand or discard pile, never the deck; played and added cards are in play."""
    p = ctx.player
    places = [(p.hand, "from your hand", ("hand",)), (p.discard, "from your discard", ("discard",))]
    return card_moves(ctx, places, ctx.game.box, K_DESTROY, k, refused=partial(_in_play, p))


def _in_play(p: Player) -> list[tuple[str, str]]:
    """The cards `destroy card` never offers (``Game.explain``): played or added (R12.4). A
    module function with a partial, not a closure: compiled, a closure's environment is one more
    object and a reference cycle."""
    return [(f"{p.in_play[i].name} (played or added: in play)", "R12.4")
            for i in distinct(p.in_play)]


#: A yard as a place to take a card from: (where-label, where-value) by seat, made once.
_YARD_LABELS: Final = tuple(f"from seat {seat}'s yard" for seat in range(4))
_YARD_VALUES: Final = tuple(("yard", seat) for seat in range(4))


def yard_place(q: Player) -> tuple[list, str, Any]:
    seat = q.seat
    return (q.yard, _YARD_LABELS[seat], _YARD_VALUES[seat])


#: Where the recruit phase takes a card from (R7.1); a perk's ``from`` names some of them.
RECRUIT_SOURCES: Final = frozenset({"park", "yard", "park_deck"})


def recruit_places(game: Game, sources: frozenset[str] = RECRUIT_SOURCES
                   ) -> list[tuple[list, str, Any]]:
    """R7.1: the park, any player's yard, or the top of the park deck (those in ``sources``)."""
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


def _recruit(node: n.Recruit, ctx: Ctx, k: K) -> bool:
    return card_moves(ctx, recruit_places(ctx.game), ctx.player.discard, K_RECRUIT, k,
                       refill_park=True)


def _destroy_rival(node: n.DestroyRival, ctx: Ctx, k: K) -> bool:
    game = ctx.game
    places = [yard_place(q) for q in game.rivals(ctx.seat)]
    return card_moves(ctx, places, game.box, K_DESTROY_RIVAL, k)


def _score(node: n.Score, ctx: Ctx, k: K) -> bool:
    ctx.game.set(ctx.player, "vp", ctx.player.vp + node.amount)
    return resume(k, True)


class _SpendKind(WithKind):
    def __init__(self, amount: int, ctx: Ctx, k: K) -> None:
        self.amount = amount
        self.ctx = ctx
        self.k = k

    def go(self, res: Resource) -> bool:
        return _spend_kind(self.ctx, res, self.amount, self.k)


def _spend(node: n.Spend, ctx: Ctx, k: K) -> bool:
    res = node.resource
    if res is not EITHER:
        return _spend_kind(ctx, res, node.amount, k)
    return _kind_of(node, ctx, _SpendKind(node.amount, ctx, k))


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
        if a:
            game.transfer(p.stuff, game.supply, res, a)
        if self.got - a:
            game.transfer(p.pack, game.supply, res, self.got - a)
        return resume(self.k, self.got == self.amount)

    def options(self) -> Sequence[Option]:
        got, res = self.got, self.res
        return [Option(f"{a} {res} from stuff, {got - a} from pack", (a, got - a))
                for a in range(self.low, self.high + 1)]


def _spend_kind(ctx: Ctx, res: Resource, amount: int, k: K) -> bool:
    """R12.9: from stuff and/or pack back to the supply."""
    p = ctx.player
    got = min(amount, ctx.game.spendable(p, res))
    if got == 0:
        return resume(k, amount == 0)
    low = max(0, got - p.pack[res])
    high = min(got, p.stuff[res])
    return decide_at(ctx, K_SPEND, high + 1 - low,
                     _SpendFrom(ctx, res, got, amount, low, high, k))


def copy_tokens(ctx: Ctx, pack: dict[Resource, int]) -> bool:
    full = True
    for r in TOKENS:
        if pack[r] and not gain_tokens(ctx, r, pack[r]):
            full = False
    return full


def _copy_pack(node: n.CopyPack, ctx: Ctx, k: K) -> bool:
    return resume(k, copy_tokens(ctx, dict(ctx.player.pack)))


class _RivalPack(Step):
    """R12.12: whose pack to copy, one option per distinct content."""

    def __init__(self, ctx: Ctx, packs: list[tuple[int, dict[Resource, int]]], k: K) -> None:
        self.ctx = ctx
        self.packs = packs
        self.k = k

    def apply(self, i: int) -> bool:
        return resume(self.k, copy_tokens(self.ctx, self.packs[i][1]))

    def options(self) -> Sequence[Option]:
        return [Option(f"seat {seat}'s pack ({pack[PIZZA]} pizza, {pack[TOY]} toy)", seat)
                for seat, pack in self.packs]


def _copy_rival_pack(node: n.CopyRivalPack, ctx: Ctx, k: K) -> bool:
    seen: set[tuple[int, int]] = set()
    packs: list[tuple[int, dict[Resource, int]]] = []  # (seat, a copy of the pack)
    for q in ctx.game.rivals(ctx.seat):
        content = (q.pack[PIZZA], q.pack[TOY])
        if content in seen:
            continue
        seen.add(content)
        packs.append((q.seat, dict(q.pack)))
    if not packs:
        return resume(k, False)
    return decide_at(ctx, K_RIVAL_PACK, len(packs), _RivalPack(ctx, packs, k))


def can_swap(game: Game, p: Player, pool: dict[Resource, int], r: Resource) -> bool:
    """R12.13: a token ``r`` in ``pool`` (stuff or pack) can be swapped for the other kind: one is
    in the supply and, in the stuff, there is room for it."""
    other = OTHER[r]
    return bool(pool[r] and game.supply[other] and (pool is p.pack or game.stuff_room(p, other)))


class _Swap(Step):
    """R12.13: which token to swap: (pool, where, the token given)."""

    def __init__(self, ctx: Ctx, swaps: list[tuple[dict, str, Resource]], k: K) -> None:
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


def _convert(node: n.Convert, ctx: Ctx, k: K) -> bool:
    """R12.13: swap one token in stuff or pack for the other kind (finite supply, stuff cap)."""
    game, p = ctx.game, ctx.player
    swaps: list[tuple[dict, str, Resource]] = []
    for pool, where in ((p.stuff, "stuff"), (p.pack, "pack")):
        for r in TOKENS:
            if can_swap(game, p, pool, r):
                swaps.append((pool, where, r))
    if not swaps:
        return resume(k, False)
    return decide_at(ctx, K_CONVERT, len(swaps), _Swap(ctx, swaps, k))


def _destroy_this(node: n.DestroyThis, ctx: Ctx, k: K) -> bool:
    """R12.5: the leader's card is boxed once the followers are done (see play.py). A follower
    has no "this card" of their own: for them it does nothing (interpretation)."""
    if ctx.play is not None:
        ctx.game.set(ctx.play, "destroy_this", True)
    return resume(k, True)


# -- the core's primitives for expansions (declared in the registry, core C1-C4) ---------------


def _draw(node: n.Draw, ctx: Ctx, k: K) -> bool:
    """C1: from the top of the deck into the hand; an empty deck is not refilled (a reshuffle
    is random, and only the draw phase does it, R9.1): in full if N were drawn."""
    game, p = ctx.game, ctx.player
    got = min(node.amount, len(p.deck))
    for _ in range(got):
        game.move(p.deck, len(p.deck) - 1, p.hand)
    return resume(k, got == node.amount)


def _lose(node: n.Lose, ctx: Ctx, k: K) -> bool:
    """C2: down the victory track, never below 0: in full if N were lost."""
    p = ctx.player
    got = min(node.amount, p.vp)
    if got:
        ctx.game.set(p, "vp", p.vp - got)
    return resume(k, got == node.amount)


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
        way = "from" if self.taking else "to"
        return [Option(f"{got} {self.res} {way} seat {q.seat}", q.seat) for q, got in self.moves]


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


class _RivalKind(WithKind):
    def __init__(self, amount: int, taking: bool, ctx: Ctx, k: K) -> None:
        self.amount = amount
        self.taking = taking
        self.ctx = ctx
        self.k = k

    def go(self, res: Resource) -> bool:
        return _rival_tokens(self.ctx, res, self.amount, self.taking, self.k)


def _take(node: n.Take, ctx: Ctx, k: K) -> bool:
    res = node.resource
    if res is not EITHER:
        return _rival_tokens(ctx, res, node.amount, True, k)
    return _kind_of(node, ctx, _RivalKind(node.amount, True, ctx, k))


def _give(node: n.Give, ctx: Ctx, k: K) -> bool:
    res = node.resource
    if res is not EITHER:
        return _rival_tokens(ctx, res, node.amount, False, k)
    return _kind_of(node, ctx, _RivalKind(node.amount, False, ctx, k))


# -- advance fort (R10, R12.7, R13.2) ----------------------------------------------------------


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
    entry = _PLANS.get(id(cost))
    if entry is None:
        entry = bounded_put(_PLANS, id(cost), (cost, {}))
    by_tokens = entry[1]
    key = (modifier, stuff_pizza, stuff_toy, pack_pizza, pack_toy)
    plans = by_tokens.get(key)
    if plans is None:
        plans = bounded_put(by_tokens, key, _plans(cost, modifier, (stuff_pizza, stuff_toy),
                                                   (pack_pizza, pack_toy)))
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


def _plan_label(plan: tuple[int, int, int, int]) -> str:
    parts = [f"{m} {r} from {where}" for m, r, where in zip(
        plan, ("pizza", "pizza", "toy", "toy"), ("stuff", "pack", "stuff", "pack"), strict=True)
        if m]
    return "pay " + (", ".join(parts) if parts else "nothing")


class _Pay(Step):
    """R10.1, R13.2: how to pay an advance, then the level's rewards (R10.3)."""

    def __init__(self, ctx: Ctx, plans: tuple[tuple[int, int, int, int], ...], k: K) -> None:
        self.ctx = ctx
        self.plans = plans
        self.k = k

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        game, p = ctx.game, ctx.player
        plan = self.plans[i]
        pools = ((p.stuff, PIZZA), (p.pack, PIZZA), (p.stuff, TOY), (p.pack, TOY))
        for m, (pool, r) in zip(plan, pools, strict=True):
            if m:
                game.transfer(pool, game.supply, r, m)
        game.set(p, "level", p.level + 1)
        return level_rewards(ctx, _Finished(self.k))

    def options(self) -> Sequence[Option]:
        return [Option(_plan_label(pl), pl) for pl in self.plans]


class _Finished:
    """A thunk: ``k`` told that the node was performed in full."""

    def __init__(self, k: K) -> None:
        self.k = k

    def __call__(self) -> bool:
        return resume(self.k, True)


def _advance(node: n.Advance, ctx: Ctx, k: K) -> bool:
    game, p = ctx.game, ctx.player
    if p.level >= game.max_level:
        return resume(k, False)
    plans = plans_for(game.costs[p.level], node.modifier, p.stuff[PIZZA], p.stuff[TOY],
                      p.pack[PIZZA], p.pack[TOY])
    if not plans:
        return resume(k, False)
    return decide_at(ctx, K_PAYMENT, len(plans), _Pay(ctx, plans, k))


class _RulePick(Step):
    """R10.3: a made-up rule from the pile (secretly)."""

    def __init__(self, ctx: Ctx, then: Thunk) -> None:
        self.ctx = ctx
        self.then = then

    def apply(self, i: int) -> bool:
        game = self.ctx.game
        game.set(self.ctx.player, "rule", game.take(game.rule_pile, i))
        return self.then()

    def options(self) -> Sequence[Option]:
        return [Option(r.name, r.id) for r in self.ctx.game.rule_pile]


class _PerkPick(Step):
    """R10.3: a perk from the row."""

    def __init__(self, ctx: Ctx, then: Thunk) -> None:
        self.ctx = ctx
        self.then = then

    def apply(self, i: int) -> bool:
        game = self.ctx.game
        game.put(self.ctx.player.perks, game.take(game.perk_row, i))
        return self.then()

    def options(self) -> Sequence[Option]:
        return [Option(q.name, q.id) for q in self.ctx.game.perk_row]


def level_rewards(ctx: Ctx, then: Thunk) -> bool:
    """R10.3: level 1 a made-up rule from the pile (secretly), level 2 a perk from the row,
    the end level the macaroni sculpture if nobody has it."""
    game, p = ctx.game, ctx.player
    if p.level == RULE_LEVEL and game.rule_pile and p.rule is None:
        return decide_at(ctx, K_RULE, len(game.rule_pile), _RulePick(ctx, then))
    if p.level == PERK_LEVEL and game.perk_row:
        return decide_at(ctx, K_PERK, len(game.perk_row), _PerkPick(ctx, then))
    if p.level == game.end_level and game.macaroni is None:
        game.set(game, "macaroni", ctx.seat)
    return then()


#: Which handler performs each node class. ``run`` dispatches on the position in this table by
#: direct calls, in this order (tests/test_engine_state.py checks that each class reaches its
#: handler): commonest first.
_HANDLERS: Final[dict[type, Callable[[Any, Ctx, K], bool]]] = {
    n.Repeat: _repeat,
    n.Then: _then,
    n.Gain: _gain,
    n.Score: _score,
    n.Choice: _choice,
    n.Pack: _pack,
    n.Recruit: _recruit,
    n.Lookout: _lookout,
    n.Advance: _advance,
    n.Spend: _spend,
    n.DestroyCard: _destroy_card,
    n.DestroyThis: _destroy_this,
    n.DestroyRival: _destroy_rival,
    n.CopyPack: _copy_pack,
    n.CopyRivalPack: _copy_rival_pack,
    n.Convert: _convert,
    n.Conditional: _conditional,
    n.Target: _target,
    n.Draw: _draw,
    n.Lose: _lose,
    n.Take: _take,
    n.Give: _give,
}
_CODES: Final[dict[type, int]] = {cls: i for i, cls in enumerate(_HANDLERS)}

HANDLED_NODES: Final = frozenset(_HANDLERS)
COUNTED_QUANTITIES: Final = frozenset(_COUNTS)
