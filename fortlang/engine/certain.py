"""Plays that are legal for certain, known without a search (shortcuts for the search of R5.4).

Searching for a legal way to play a card (R5.4, R5.5) replays the whole move in the undo log,
yet most plays are legal for a plain reason: one of the card's actions, performed first with no
card added, is sure to be performed in full with an effect. :func:`sure` checks that with a few
reads of the state, mirroring each handler's own first check in the interpreter. It answers True
only when the search would find a legal play; False means "not known": search.

Three places use it: :func:`surely_playable` before any search (``legal_plays``), and
:func:`surely_first` and :func:`surely_followed` inside one, where the rest of a move need not be
explored once it is known to succeed (a follower needs the action in full, with or without an
effect, R6.2). Nothing is offered more or less often because of this: a search is cut short, never
replaced. ``tests/test_engine_certain.py`` checks every True against the search on many states.

A follower's options are settled before any trial by :func:`follow_verdict`: for a follower
performing an action alone, several of these checks are exact, so it answers both ways (legal
for certain, or excluded for R6.2 for certain, as the trial would end) and only the rest is
tried. ``tests/test_engine_follow_shortcuts.py`` checks every answer against the search.

Node kinds are told apart by exact type (``type(a) is t.Then``), as the interpreter dispatches
(``run``): a subclass of a node class is another primitive, which neither knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from fortlang import nodes as n
from fortlang.engine import node_types as t
from fortlang.engine.interpreter import (
    COIN,
    EITHER,
    Ctx,
    by_identity,
    can_swap,
    card_count,
    count,
    is_resource_choice,
    payment_plans,
    suit_count,
)
from fortlang.engine.memo import bounded_put
from fortlang.engine.node_types import TOKENS
from fortlang.engine.state import OTHER, PIZZA, TOY, CardInstance, Game, Player
from fortlang.model import KidCard
from fortlang.nodes import Resource, Suit
from fortlang.registry import spec_of


class _Play:
    """A play being judged: the table, the player, how ``x quantity`` counts now (see
    :meth:`times`), how many cards still in the hand will have left it (the played card, before
    the play starts) by the time the action is performed, the leader's choices that bind a
    follower (R6.4), and whether the action must have an effect (R5.4) or not (R6.2).

    Counting is data, not a closure: ``ctx`` (a move in progress counts as the interpreter does)
    or ``cards`` (only those cards count, None: not known) with ``named``, the suits their coins
    are named (a follower's, R5.6; None: not known yet). A closure or partial per judgement
    would allocate and be called through a generic pointer at each count."""

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

    def times(self, q: n.Quantity) -> int | None:
        """What ``x q`` counts now, or None if it is not known yet."""
        ctx = self.ctx
        if ctx is not None:
            return count(q, ctx)
        return _follower_count(self.p, self.cards, self.named, q)


#: No binding choices: the leader's own play (R6.4 binds followers only).
_UNBOUND: Final[Mapping[int, Any]] = {}


def _in_move(ctx: Ctx, bound: Mapping[int, Any], effect: bool) -> _Play:
    """A judgement inside a move in progress: counts as the interpreter counts for ``ctx``."""
    return _Play(ctx.game, ctx.player, None, 0, bound, effect, ctx)


def _kinds(res: Resource) -> tuple[Resource, ...]:
    return TOKENS if res is EITHER else (res,)


def _counted(q: n.Quantity, p: Player, cards: Sequence[CardInstance] | None) -> int | None:
    """A repetition count for ``p`` with ``cards`` the only cards counted (None: not known), or
    None if it depends on a choice still to make."""
    kind = type(q)
    if kind is t.SuitCount:
        if cards is None:
            return None  # lookout cards that count anyway
        suit = q.suit  # type: ignore[attr-defined]
        total = 0
        for c in cards:
            if suit is not COIN and COIN in c.suits:
                return None  # a coin counts as the suit it will be named (R5.6)
            total += card_count(c, suit, _NO_NAMES)
        return total
    measure = _MEASURED.get(kind)
    return None if measure is None else measure(q, p)  # None: `x any` (R5.7), a tally


_NO_NAMES: Final[dict[int, Suit]] = {}

#: Counts known before a play whatever is chosen in it (R13.1).
_MEASURED: Final[dict[type, Callable[[Any, Player], int]]] = {
    n.Fixed: lambda q, p: q.n,
    n.FortLevel: lambda q, p: p.level,
    n.PackSize: lambda q, p: p.pack[PIZZA] + p.pack[TOY],
    n.LookoutSize: lambda q, p: len(p.lookout),
}


# -- judges: what `sure` knows of each node, read from the AST once ------------------------------
#
# A judge is a compiled object made once per AST node (memoised by identity): its fields are read
# as C struct fields and its methods called directly, where the AST's frozen dataclasses cost a
# dictionary lookup per attribute and a dispatch per node. Each kind of node has one judge class,
# built from the table _JUDGES; a node without one is never known to be sure.


class _Judge:
    """A node with no known shortcut: never sure (only a search can tell)."""

    def now(self, s: _Play) -> bool:
        """Whether the node, performed now, is certain to be performed in full with an effect."""
        return False

    def repeated(self, s: _Play, times: int) -> bool:
        """Whether it is, ``times`` (2 or more) times in a row (the body of `x`, R13.1)."""
        return False


_UNKNOWN: Final = _Judge()


class _Score(_Judge):
    def now(self, s: _Play) -> bool:
        return True  # a VP change is always recorded

    def repeated(self, s: _Play, times: int) -> bool:
        return True


class _DestroyThis(_Judge):
    def now(self, s: _Play) -> bool:
        return True  # the leader's card is marked; a follower does nothing


class _Tokens(_Judge):
    """A gain or spend: ``amount`` tokens of one kind (pizza/toy: either, never a mix, R12.1)."""

    def __init__(self, node: n.Gain | n.Spend) -> None:
        self.node = node  # kept alive: ``key`` is its id, the leader's choices' key (R6.4)
        self.key = id(node)
        self.amount = node.amount
        self.kinds = _kinds(node.resource)

    def kinds_now(self, s: _Play) -> tuple[Resource, ...]:
        if s.bound:
            fixed = s.bound.get(self.key)  # the leader's pizza or toy (R6.4)
            if fixed is not None:
                return (fixed,)
        return self.kinds

    def now(self, s: _Play) -> bool:
        return self.repeated(s, 1)


class _Gain(_Tokens):
    def repeated(self, s: _Play, times: int) -> bool:
        """R12.1: every token fits in the stuff and is in the supply, for one kind."""
        need = self.amount * times
        if self.amount < 1:
            return False
        game, p = s.game, s.p
        for r in self.kinds_now(s):
            if game.gainable(p, r) >= need:
                return True
        return False


class _Spend(_Tokens):
    def repeated(self, s: _Play, times: int) -> bool:
        need = self.amount * times
        if self.amount < 1:
            return False
        p = s.p
        for r in self.kinds_now(s):
            if s.game.spendable(p, r) >= need:
                return True
        return False


class _Pack(_Judge):
    def now(self, s: _Play) -> bool:
        return self.repeated(s, 1)

    def repeated(self, s: _Play, times: int) -> bool:
        """R12.2: room in the pack and tokens in the stuff, one per repetition."""
        p = s.p
        return (s.game.pack_room(p) >= times
                and p.stuff[PIZZA] + p.stuff[TOY] >= times)


class _Convert(_Judge):
    def now(self, s: _Play) -> bool:
        p, game = s.p, s.game
        for pool in (p.stuff, p.pack):
            for r in TOKENS:
                if can_swap(game, p, pool, r):
                    return True
        return False

    def repeated(self, s: _Play, times: int) -> bool:
        return self.now(s)  # a convert can always be converted back


class _Repeat(_Judge):
    def __init__(self, node: n.Repeat) -> None:
        self.count = node.count
        self.body = judge(node.body)

    def now(self, s: _Play) -> bool:
        times = s.times(self.count)
        if times is None:
            return False  # not known yet
        n_times: int = times  # a native int from here: compared in C, not as objects
        if n_times == 0:
            return not s.effect  # performed in full zero times, with no effect
        if n_times == 1:
            return self.body.now(s)
        return n_times >= 1 and self.body.repeated(s, n_times)


class _Then(_Judge):
    def __init__(self, node: n.Then) -> None:
        self.items = tuple(judge(x) for x in node.items)
        self.independent = _independent_parts(node)

    def now(self, s: _Play) -> bool:
        """Every part sure now, and no part changes what another needs."""
        if not self.independent:
            return False
        for x in self.items:
            if not x.now(s):
                return False
        return True


class _Choice(_Judge):
    def __init__(self, node: n.Choice) -> None:
        self.node = node  # kept alive: ``key`` is its id (R6.4)
        self.key = id(node)
        self.binding = bool(is_resource_choice(node))
        self.items = tuple(judge(x) for x in node.items)

    def now(self, s: _Play) -> bool:
        if s.bound and self.binding:
            fixed = s.bound.get(self.key)  # R6.4
            if fixed is not None:
                return self.items[fixed].now(s)
        for x in self.items:
            if x.now(s):
                return True
        return False


class _Recruit(_Judge):
    def now(self, s: _Play) -> bool:
        game = s.game
        return bool(game.park or game.park_deck or any(q.yard for q in game.players))


class _Lookout(_Judge):
    def now(self, s: _Play) -> bool:
        return s.game.lookout_room(s.p) > 0 and len(s.p.hand) > s.leaving


class _DestroyCard(_Judge):
    def now(self, s: _Play) -> bool:
        return len(s.p.hand) > s.leaving or bool(s.p.discard)


class _DestroyRival(_Judge):
    def now(self, s: _Play) -> bool:
        return any(q.yard for q in s.game.rivals(s.p.seat))


class _Advance(_Judge):
    def __init__(self, node: n.Advance) -> None:
        self.modifier = node.modifier

    def now(self, s: _Play) -> bool:
        """R10: below the top level with a way to pay; a reward is always taken in full
        (R10.3)."""
        p, game = s.p, s.game
        return p.level < game.max_level and bool(payment_plans(
            game.costs[p.level], self.modifier, (p.stuff[PIZZA], p.stuff[TOY]),
            (p.pack[PIZZA], p.pack[TOY])))


#: Primitives that read or change tokens, and those that move cards between zones.
_TOKEN_ACTIONS: Final = (n.Gain, n.Spend, n.Pack, n.Convert, n.Advance, n.CopyPack, n.CopyRivalPack)
_CARD_ACTIONS: Final = (n.Recruit, n.Lookout, n.DestroyCard, n.DestroyRival)


def _touches(a: n.Action, kinds: tuple[type, ...]) -> bool:
    return any(isinstance(x, kinds) for x in a.walk())


#: Counts that stay the same while actions are performed (the counted cards are set before).
_STEADY_COUNTS: Final = (n.Fixed, n.SuitCount, n.AnySuit)


@by_identity
def _independent_parts(a: n.Then) -> bool:
    """No part can change what another needs: at most one part touches tokens, at most one moves
    cards (a level gained only widens the lookout, R10.2), the others only score, and every count
    stays as it is (no `x pack`, `x level`, `x lookout`). Walking the tree is slow: once a node."""
    items = a.items
    return (sum(_touches(x, _TOKEN_ACTIONS) for x in items) <= 1
            and sum(_touches(x, _CARD_ACTIONS) for x in items) <= 1
            and all(isinstance(x.count, _STEADY_COUNTS) for x in a.walk()
                    if isinstance(x, t.Repeat)))


def _same(judge: _Judge) -> Callable[[Any], _Judge]:
    """A builder for nodes without fields the judge needs: one judge serves them all."""
    return lambda node: judge


_JUDGES: Final[dict[type, Callable[[Any], _Judge]]] = {
    n.Score: _same(_Score()),
    n.Gain: _Gain,
    n.Spend: _Spend,
    n.Repeat: _Repeat,
    n.Then: _Then,
    n.Choice: _Choice,
    n.DestroyThis: _same(_DestroyThis()),
    n.Recruit: _same(_Recruit()),
    n.Lookout: _same(_Lookout()),
    n.DestroyCard: _same(_DestroyCard()),
    n.DestroyRival: _same(_DestroyRival()),
    n.Pack: _same(_Pack()),
    n.Convert: _same(_Convert()),
    n.Advance: _Advance,
}


def _build(action: n.Action) -> _Judge:
    build = _JUDGES.get(type(action))
    return _UNKNOWN if build is None else build(action)


#: Judges by the id of their node; an entry keeps its key alive, so ids are never reused
#: (engine/memo.py). Read inline: a by_identity memo is a generic call, twice the cost of a
#: judgement of a plain action. A card's judges are kept on its CardDef (:func:`box_judges`).
_NODE_JUDGES: Final[dict[int, tuple[n.Action, _Judge]]] = {}


def judge(action: n.Action) -> _Judge:
    """The judge of ``action``, made once per node."""
    hit = _NODE_JUDGES.get(id(action))
    if hit is None:
        hit = bounded_put(_NODE_JUDGES, id(action), (action, _build(action)))
    return hit[1]


def sure(action: n.Action, s: _Play) -> bool:
    """Whether ``action``, performed now, is certain to be performed in full with an effect."""
    return judge(action).now(s)


def box_judges(card: CardInstance) -> tuple[_Judge | None, _Judge | None]:
    """The judges of a card's public and private actions (None: a blank box), kept on its
    CardDef (one per card, shared by every game): made once per card, read natively."""
    defn = card.defn
    kept = defn.judges
    if kept is None:
        pub, priv = defn.public, defn.private
        kept = defn.judges = (judge(pub) if pub is not None else None,
                              judge(priv) if priv is not None else None)
    judges: tuple[_Judge | None, _Judge | None] = kept
    return judges


def surely_playable(game: Game, seat: int, card: CardInstance) -> bool:
    """True if ``card`` can certainly be played legally (R5.4: one action in full with an effect;
    R5.5 holds with no card added); False if only a search can tell."""
    counted = (card,) if game.rules.lookout_optional else None  # else lookout cards count too
    s = _Play(game, game.players[seat], None, 1, _UNBOUND, True, None, counted)
    pub, priv = box_judges(card)
    return (pub is not None and pub.now(s)) or (priv is not None and priv.now(s))


def surely_first(ctx: Ctx, action: n.Action, j: _Judge | None = None) -> bool:
    """True if the play is certain to be legal when the leader performs ``action`` now, as its
    first action: in full with an effect (R5.4), and, if cards were added, as an `x suit` that
    every added card counts for, so that each of its repetitions has an effect (R5.5). ``j``:
    the action's judge when the caller has it (:func:`box_judges`)."""
    if j is None:
        j = judge(action)
    if not j.now(_in_move(ctx, _UNBOUND, True)):
        return False
    added = ctx.play.added
    if not added:
        return True
    suit = _counted_suit(action, ctx)
    return suit is not None and all(card_count(c, suit, ctx.named) for c in added)


def _counted_suit(action: n.Action, ctx: Ctx) -> Suit | None:
    """The suit an `x suit` or `x any` (as chosen, R5.7) counts, if ``action`` is one."""
    if type(action) is not t.Repeat:
        return None
    q = action.count
    if type(q) is t.SuitCount:
        return q.suit
    return ctx.any_suits.get(id(q)) if type(q) is t.AnySuit else None


#: Primitives whose check is exact for a follower performing them alone, not only sufficient: in
#: full if and only if it holds (a follower is not on their turn, so no perk widens them, R15):
#: once (each judge's ``now``) for these...
_EXACT_ONCE: Final = frozenset({n.Score, n.Gain, n.Spend, n.Pack, n.Convert, n.Lookout,
                                n.Recruit, n.DestroyRival, n.Advance})
#: ... and ``times`` in a row (its ``repeated``: the pizza-or-toy is chosen once, R12.1; a swap can
#: be swapped back, R12.13) for these.
_EXACT_REPEATED: Final = frozenset({n.Score, n.Gain, n.Spend, n.Pack, n.Convert})


def _exact(a: n.Action, kinds: frozenset[type]) -> bool:
    if type(a) not in kinds:
        return False
    kind = type(a)
    if kind is t.Gain or kind is t.Spend:
        return a.amount >= 1  # type: ignore[attr-defined]  # 0 tokens: always in full
    return True


def _short(a: n.Action, s: _Play) -> bool:
    """Whether a follower performing ``a`` alone now is certain NOT to perform it in full
    (R6.2); False: not known."""
    if type(a) is t.Repeat:
        times = s.times(a.count)
        if not times:  # not known, or zero times: in full
            return False
        body = a.body
        if times == 1:
            return _short(body, s)
        return _exact(body, _EXACT_REPEATED) and not judge(body).repeated(s, times)
    if type(a) is t.Choice:
        fixed = s.bound.get(id(a)) if is_resource_choice(a) else None  # R6.4
        if fixed is not None:
            return _short(a.items[fixed], s)
        return all(_short(x, s) for x in a.items)
    if type(a) is t.Then:  # R13.4: in full only if every part is; the first meets the state
        if _unhelped_parts(a):  # as it is now, and so does every part of these
            return any(_short(x, s) for x in a.items)
        return _short(a.items[0], s)
    if type(a) is t.CopyPack or type(a) is t.CopyRivalPack:
        return not _copies(a, s)
    return _exact(a, _EXACT_ONCE) and not judge(a).now(s)


#: What a part of a sequence may hold for :func:`_unhelped_parts`: primitives that only score,
#: or only take what another part might need (tokens from the supply into the stuff, cards from
#: the hand, a yard or the park), never give it back (no spend, give, pack, convert, draw...,
#: and no advance: a level widens the lookout, R10.2, and may bring a perk, R10.3).
_UNHELPFUL: Final = (n.Then, n.Repeat, n.Choice, n.Quantity, n.Score, n.Gain, n.Lookout,
                     n.Recruit, n.DestroyRival, n.DestroyThis)


@by_identity
def _unhelped_parts(a: n.Then) -> bool:
    """No part can make another possible: each part certain to fail now fails when its turn
    comes (their counts stay as they are, :func:`_independent_parts`)."""
    return _independent_parts(a) and all(isinstance(x, _UNHELPFUL) for x in a.walk())


def _copies(a: n.CopyPack | n.CopyRivalPack, s: _Play) -> bool:
    """R12.11, R12.12: a pack copied in full (each kind fits): the player's own, or the pack of
    a rival of their choosing (the leader included, for a follower)."""
    game, p = s.game, s.p
    if type(a) is t.CopyPack:
        return not _never_full(a, game, p)
    return any(all(not q.pack[r] or _fits(p, game, r, q.pack[r]) for r in TOKENS)
               for q in game.rivals(p.seat))


def _follower_count(p: Player, cards: Sequence[CardInstance] | None,
                    named: dict[int, Suit] | None, q: n.Quantity) -> int | None:
    """A repetition count for a follower who discarded ``cards``, their coins named as ``named``
    (None: not known yet, R5.6); None if not known (:func:`_counted` without ``named``)."""
    if named is not None and cards is not None and type(q) is t.SuitCount:
        total = 0
        for c in cards:
            total += card_count(c, q.suit, named)
        return total
    return _counted(q, p, cards)


def _verdict(game: Game, p: Player, cards: Sequence[CardInstance], action: n.Action,
             bound: Mapping[int, Any], named: dict[int, Suit] | None) -> bool | None:
    s = _Play(game, p, named, len(cards), bound, False, None, cards)
    if sure(action, s):
        return True
    if _short(action, s):
        return False
    if type(action) is t.CopyPack or type(action) is t.CopyRivalPack:
        return True  # not short: copied in full
    return None


#: The most ways of naming a follower's coins that :func:`follow_verdict` judges one by one.
MOST_NAMINGS: Final = 64


def follow_verdict(game: Game, seat: int, cards: Sequence[CardInstance], action: n.Action,
                   bound: Mapping[int, Any],
                   names: Sequence[Sequence[Suit]] | None = None) -> bool | None:
    """Following with ``cards`` (no lookout card counted, R6.7), bound by the leader's choices
    (R6.4): True if certain to perform ``action`` in full (R6.2), False if certain not to (the
    search would exclude it for R6.2), None if only a search can tell. ``names[i]``: the suits a
    coin on ``cards[i]`` may stand for (R5.6; empty: none to name), as the search offers them
    (names that end alike may be left out); the follower may name them any way, so one naming in
    full is enough."""
    p = game.players[seat]
    if names is None:
        return _verdict(game, p, cards, action, bound, None)
    namings: list[dict[int, Suit]] = [{}]
    for i in range(len(cards)):
        choices = names[i]
        if choices:
            if len(namings) * len(choices) > MOST_NAMINGS:
                return None  # a perk's many discards, each with a coin: left to the search
            uid = cards[i].uid
            namings = [{**named, uid: suit} for named in namings for suit in choices]
    unknown = False
    for named in namings:
        verdict = _verdict(game, p, cards, action, bound, named)
        if verdict:
            return True
        if verdict is None:
            unknown = True
    return None if unknown else False


def surely_followed(ctx: Ctx, action: n.Action) -> bool:
    """True if a follower, having discarded their card(s), is certain to perform ``action`` in
    full (R6.2), bound by the leader's choices (R6.4), when performed now."""
    return sure(action, _Play(ctx.game, ctx.player, None, 0, ctx.bound, False, ctx))


# -- plays that are impossible for certain ------------------------------------------------------
#
# Most plays only gain tokens: then the room in the stuff and the supply only shrink, the pack and
# the level stay, and what cannot be gained now never can. A play "only gains" when no primitive
# that could make room, refill the supply or change the pack can ever run: none is in the card,
# or each one that is can never do anything (a full pack, no way to convert) or sits after a part
# of a `then` that can never be performed in full (so it is never reached). The functions below
# answer under that assumption, which :func:`surely_unplayable` checks first.


def _fits(p: Player, game: Game, r: Resource, need: int) -> bool:
    return game.gainable(p, r) >= need


def _can_pack(game: Game, p: Player) -> bool:
    return game.pack_room(p) > 0


def _can_convert(game: Game, p: Player) -> bool:
    """R12.13, now or once gains have filled the stuff: a token of the other kind in the supply,
    and room for it in the stuff or a token to give in the pack."""
    return any(game.supply[OTHER[r]] and (game.stuff_room(p, OTHER[r]) or p.pack[r])
               for r in TOKENS)


def _never_full(a: n.Action, game: Game, p: Player) -> bool:
    """``a`` cannot be performed in full at any time of a play that only gains tokens."""
    if type(a) is t.Gain:
        return a.amount >= 1 and not any(_fits(p, game, r, a.amount) for r in _kinds(a.resource))
    if type(a) is t.CopyPack:  # R12.11: each kind in the pack must fit
        return any(p.pack[r] and not _fits(p, game, r, p.pack[r]) for r in TOKENS)
    if type(a) is t.Pack:
        return not _can_pack(game, p)
    if type(a) is t.Convert:
        return not _can_convert(game, p)
    if type(a) is t.Then:
        return any(_never_full(x, game, p) for x in a.items)
    if type(a) is t.Choice:
        return all(_never_full(x, game, p) for x in a.items)
    return False  # a repetition may be performed zero times, in full


def _never_done(a: n.Action, game: Game, p: Player) -> bool:
    """``a`` cannot be performed in full with an effect (R5.4) in a play that only gains tokens."""
    if type(a) is t.Repeat:  # zero times has no effect, once or more fails the first time
        return _never_full(a.body, game, p)
    if type(a) is t.CopyPack and not (p.pack[PIZZA] or p.pack[TOY]):
        return True  # copying an empty pack changes nothing
    if type(a) is t.Choice:
        return all(_never_done(x, game, p) for x in a.items)
    return _never_full(a, game, p)


def _may_free(a: n.Action, game: Game, p: Player) -> bool:
    """Whether ``a`` may run a primitive that makes room, refills the supply or changes the pack
    (assuming, as for every check here, that none has run before)."""
    if type(a) is t.Then:
        for x in a.items:
            if _may_free(x, game, p):
                return True
            if _never_full(x, game, p):
                return False  # what follows is never reached (R13.4)
        return False
    if type(a) is t.Choice:
        return any(_may_free(x, game, p) for x in a.items)
    if type(a) is t.Repeat or type(a) is t.Conditional:
        return _may_free(a.body, game, p)
    if type(a) is t.Pack:
        return _can_pack(game, p)
    if type(a) is t.Convert:
        return _can_convert(game, p)
    if type(a) is t.Target:
        return True  # another player's actions may take from you (core C6)
    return _frees(type(a))


#: Whether each primitive's declaration says it may free (registry.spec_of is interpreted: it
#: is asked once per node class). A class's declaration never changes; a plugin's new class
#: is asked when first seen. Bounded as the memo tables are.
_FREES: Final[dict[type, bool]] = {}


def _frees(kind: type) -> bool:
    frees = _FREES.get(kind)
    if frees is None:
        spec = spec_of(kind)  # each primitive declares whether it may free (a plugin's too)
        frees = bounded_put(_FREES, kind, spec is None or spec.frees)
    return frees


def surely_unplayable(game: Game, seat: int, card: CardInstance) -> bool:
    """True if no way of playing ``card`` performs an action in full with an effect: every
    completion fails R5.4 (which is then the rule reported); False if only a search can tell."""
    p = game.players[seat]
    actions = [a for a in (card.defn.public, card.defn.private) if a is not None]
    return not any(_may_free(a, game, p) for a in actions) \
        and all(_never_done(a, game, p) for a in actions)


# -- cards added in vain (R5.5) ----------------------------------------------------------------


def _effective_at_most(body: n.Action, game: Game, p: Player) -> int | None:
    """How many repetitions of ``body`` can have an effect, at most, in a play that only gains
    tokens (None: no bound known). A gain has one while a token of its kind still fits."""
    if type(body) is not t.Gain or body.amount < 1:
        return None
    return max(-(-game.gainable(p, r) // body.amount)
               for r in _kinds(body.resource))


@by_identity
def _repeats(kid: KidCard) -> tuple[n.Repeat, ...]:
    return tuple(x for a in (kid.public, kid.private) if a is not None for x in a.walk()
                 if isinstance(x, t.Repeat))


def surely_in_vain(ctx: Ctx, card: CardInstance) -> bool:
    """True if ``card``, just added by the leader (R5.3), can never be useful (R5.5) whatever is
    added or chosen next, while some action is sure to be performed in full with an effect: then
    every completion fails, and some fails R5.5 (the rule reported) rather than only R5.4.

    Usefulness needs an `x suit` counting one of the card's suits to have more repetitions with an
    effect than it has without the card. In a play that only gains tokens, a repeated gain has
    effect at most while its tokens fit, and cards added later only raise the count. A coin is
    judged once named (R5.6), as the suit named and as a coin."""
    game, p, played = ctx.game, ctx.player, ctx.play.card
    if COIN in card.suits and card.uid not in ctx.named:
        return False  # its suit is still to be named (R5.6)
    kid = played.card
    actions = [a for a in (played.defn.public, played.defn.private) if a is not None]
    if any(_may_free(a, game, p) for a in actions):
        return False
    for x in _repeats(kid):
        q = x.count
        suit = q.suit if type(q) is t.SuitCount else \
            ctx.any_suits.get(id(q)) if type(q) is t.AnySuit else None
        share = card_count(card, suit, ctx.named) if suit is not None else 0
        if suit is None or not share:
            continue
        most = _effective_at_most(x.body, game, p)
        if most is None or most > suit_count(ctx, suit) - share:
            return False
    s = _in_move(ctx, _UNBOUND, True)
    return any(sure(a, s) for a in actions)
