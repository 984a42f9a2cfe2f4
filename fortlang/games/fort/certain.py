"""Plays that are legal, or impossible, for certain: the ops' closed forms composed into the
shortcuts of the legality search (R5.4, R5.5, R6.2).

Searching for a legal way to play a card replays the whole move in the undo log, yet most plays
are legal for a plain reason: one of the card's actions, performed first with no card added, is
sure to be performed in full with an effect. Each op knows that of its own node (``Op.now``,
``Op.repeated``: games/fort/ops/, beside its effect), so this module holds no rule of a
primitive: only how a play, a follower or an added card is judged from them. A True answer is
given only when the search would find a legal play; False means "not known": search.

Three places use :func:`surely_playable` (before any search, ``legal_plays``), :func:`surely_first`
and :func:`surely_followed` (inside one, where the rest of a move need not be explored once it is
known to succeed; a follower needs the action in full, with or without an effect, R6.2). Nothing
is offered more or less often because of this: a search is cut short, never replaced.
A move made for real tries each option of its choice points until nothing left can fail: an
action certain to be performed in full (with an effect, for the leader) whatever is chosen in it
(:func:`surely_done_any_way`, :func:`surely_followed_any_way`, from ``Op.always``) makes every
option left legal, so none is tried. A search for an order of actions gives up on the last one
when it is certain not to be performed so (:func:`surely_not_done`, ``Op.idle``): R5.4, the
rule every way of performing it would end with.
The leader's order of actions (R5.2) is judged by :func:`surely_first` for the action performed
first and by :func:`surely_second` for the one performed after another that cannot make it fall
short (:func:`spares`); the boost (R5.3) by the same, once per card that may be added.
``tests/test_engine_certain.py`` checks every True against the search on many states.

A follower's options are settled before any trial by :func:`follow_verdict`: for a follower
performing an action alone, several ops' closed forms are exact (``exact_once``,
``exact_repeated``), so it answers both ways (legal for certain, or excluded for R6.2 for
certain, as the trial would end) and only the rest is tried.
``tests/test_engine_follow_shortcuts.py`` checks every answer against the search;
``tests/test_fort_certain_fast.py`` checks the quicker forms of a verdict and of a hand's judge
against the ones they stand for (:func:`_verdict_by_forms`, :func:`surely_playable`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from fortlang import nodes as n
from fortlang.engine.memo import bounded_put
from fortlang.engine.program import EVERYTHING, Judgement, Op, RepeatOp, ThenOp, program
from fortlang.games.fort.context import FortCtx, FortJudgement, card_ops
from fortlang.games.fort.model import PerkHook
from fortlang.games.fort.moves import COIN, card_count, suit_count
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.ops import HELD, LEVEL, PACK, PACK_ROOM, ROOM, STUFF
from fortlang.games.fort.ops.counts import FortCount, SuitCountOp
from fortlang.games.fort.ops.tokens import PACK_FROM_SUPPLY, GainOp, PackOp, SpendOp
from fortlang.games.fort.ops.track import AdvanceOp
from fortlang.games.fort.table import CardInstance, Game, Player

if TYPE_CHECKING:  # the leader's play in progress (FortCtx.play): play.py imports this module
    from fortlang.games.fort.play import _Play

# Compiled, an enum member read through its class is a generic attribute read: constants.
_MODIFY: Final = PerkHook.MODIFY
_ACTION_PERK: Final = PerkHook.ACTION

#: No binding choices: the leader's own play (R6.4 binds followers only).
_UNBOUND: Final[Mapping[int, Any]] = {}


#: The last judgement :func:`_in_move` made (at most one): kept here, not on its context, which
#: it refers to (a cycle left to the collector, tests/test_match_gc.py).
_KEPT: Final[list[FortJudgement]] = []


def _in_move(ctx: FortCtx) -> FortJudgement:
    """The leader's judgement inside a move in progress (effects needed, R5.4; no binding
    choices): counts as the move counts for ``ctx``. Every field but the performer is the
    move's for its whole length and a judgement is only read, so the last one made is used
    again for the same move and performer instead of one made per closed-form check (issue
    38). It keeps that move alive until the next one is judged."""
    kept = _KEPT
    if kept:
        s = kept[0]
        if s.ctx is ctx and s.p is ctx.player:
            return s
        s = kept[0] = FortJudgement(ctx.game, ctx.player, None, 0, _UNBOUND, True, ctx)
        return s
    s = FortJudgement(ctx.game, ctx.player, None, 0, _UNBOUND, True, ctx)
    kept.append(s)
    return s


def sure(action: n.Action, s: Judgement) -> bool:
    """Whether ``action``, performed now, is certain to be performed in full with an effect."""
    return program(action).now(s)


def surely_playable(game: Game, seat: int, card: CardInstance) -> bool:
    """True if ``card`` can certainly be played legally (R5.4: one action in full with an effect;
    R5.5 holds with no card added); False if only a search can tell."""
    counted = (card,) if game.rules.lookout_optional else None  # else lookout cards count too
    s = FortJudgement(game, game.players[seat], None, 1, _UNBOUND, True, None, counted)
    defn = card_ops(card)
    pub, priv = defn.pub_op, defn.priv_op
    return (pub is not None and pub.now(s)) or (priv is not None and priv.now(s))


class HandJudge(FortJudgement):
    """:func:`surely_playable` of each card of one hand, in turn (``legal_plays``): one
    judgement for them all, its cards counted a one-card list refilled per card, instead of a
    judgement and a tuple made per card (issue 38). The judge is that judgement itself (a
    FortJudgement with the hand's fields besides: one object made per hand, not two). A box
    that repeats by a suit (`x suit`, R13.3) counts the played card alone (R5.3: nothing added
    yet), so how many times is known from the card: its body is judged that many times
    (:func:`_hand_forms`), as ``RepeatOp.now`` would after counting the card.
    :meth:`unplayable` judges :func:`surely_unplayable` on it too, no card counted known. A
    judge is made per hand: kept longer (by the game, or the thread) it would keep a game alive
    after its end, or in a cycle with it (tests/test_game_pull.py, tests/test_match_gc.py)."""

    __slots__ = ("one", "optional")

    def __init__(self, game: Game, seat: int) -> None:
        one: list[CardInstance] = []
        self.one = one
        optional = game.rules.lookout_optional
        self.optional = optional
        # FortJudgement's fields set here (as it sets the core's): no call made per hand; no
        # card counted known but the one judged if lookout cards need not count (R5.3)
        self.leaving = 1
        self.bound = _UNBOUND
        self.effect = True
        self.ctx = None
        self.game = game
        self.p = game.players[seat]
        self.named = None
        self.cards = one if optional else None  # else lookout cards too

    def playable(self, card: CardInstance) -> bool:
        """:func:`surely_playable` of ``card`` in the hand judged."""
        defn = card.defn
        if not defn.hand_made:
            _hand_forms(card)
        optional = self.optional
        if optional:
            one = self.one
            if one:
                one[0] = card
            else:
                one.append(card)
        return _box_sure(self, defn.pub_op, defn.pub_body, defn.pub_times, optional) \
            or _box_sure(self, defn.priv_op, defn.priv_body, defn.priv_times, optional)

    def unplayable(self, card: CardInstance) -> bool:
        """:func:`surely_unplayable` of ``card`` in the hand judged, on the judge itself with
        no card known to count (:func:`_all_inert`'s judgement: its other fields are those of
        the one :func:`surely_unplayable` makes), not a second judgement (issue 38)."""
        if self.cards is None:
            return _unplayable(self.game, self.p, card, self)
        self.cards = None
        try:
            return _unplayable(self.game, self.p, card, self)
        finally:
            self.cards = self.one


#: A box judged by its own closed form (see :func:`_hand_forms`).
_OWN_FORM: Final = -1
#: A box whose count is not known before the play: a coin to name (R5.6).
_NOT_KNOWN: Final = -2


def _box_sure(s: FortJudgement, op: Op | None, body: Op | None, times: int,
              optional: bool) -> bool:
    """``op.now(s)`` of a box of a card judged in a hand (None: blank), by what
    :func:`_hand_forms` kept: ``RepeatOp.now`` with its count known."""
    if op is None:
        return False
    if times == _OWN_FORM or body is None:
        return op.now(s)
    if not optional or times <= 0:
        return False  # lookout cards count (not known), a coin to name, or zero times (R5.4)
    if times == 1:
        return body.now(s)
    return body.repeated(s, times)


def _hand_forms(card: CardInstance) -> None:
    """Keep on ``card``'s CardDef how a hand judges each box: an `x suit` (a ``RepeatOp`` by a
    ``SuitCountOp``, those classes exactly) counts the card alone, so its count is the card's
    share of the suit (``SuitCountOp.before`` of the card: -2, not known, for a coin still to
    name, R5.6), and the body is judged that many times; any other box by its closed form."""
    defn = card_ops(card)
    defn.pub_body, defn.pub_times = _hand_form(card, defn.pub_op)
    defn.priv_body, defn.priv_times = _hand_form(card, defn.priv_op)
    defn.hand_made = True


def _hand_form(card: CardInstance, op: Op | None) -> tuple[Op | None, int]:
    if op is None or type(op) is not RepeatOp:
        return None, _OWN_FORM
    count = op.count
    if type(count) is not SuitCountOp:
        return None, _OWN_FORM
    suit = count.counted
    if suit is not COIN and COIN in card.suits:
        return op.body, _NOT_KNOWN  # a coin counts as the suit it will be named (R5.6)
    return op.body, card_count(card, suit, _NO_NAMES)


def surely_first(ctx: FortCtx, op: Op) -> bool:
    """True if the play is certain to be legal when the leader performs ``op`` now, as its first
    action: in full with an effect (R5.4), and, if cards were added, as an `x suit` that every
    added card counts for, so that each of its repetitions has an effect (R5.5)."""
    return op.now(_in_move(ctx)) and _each_added_counted(ctx, op)


def surely_stops(ctx: FortCtx, pub: Op | None, priv: Op | None) -> bool:
    """:func:`surely_first` of either box of the played card (``pub``, ``priv``; None: blank),
    judged on one Judgement: stopping the boost now is certain to be legal (R5.2-R5.5)."""
    s = _in_move(ctx)
    return (pub is not None and pub.now(s) and _each_added_counted(ctx, pub)) \
        or (priv is not None and priv.now(s) and _each_added_counted(ctx, priv))


#: :func:`stops_after_advance`'s answers: not known; legal with the public box first, then the
#: private one (R5.2); with the private one first.
NO_ORDER: Final = 0
PUBLIC_THEN_PRIVATE: Final = 1
PRIVATE_THEN_PUBLIC: Final = 2


def stops_after_advance(ctx: FortCtx, pub: Op | None, priv: Op | None) -> int:
    """Stopping the boost now is certain to be legal in an order of both boxes (R5.2) that
    :func:`surely_stops` does not judge: an advance first, then a repeated pack that it leaves
    in full (:func:`_packs_after_advance`); which order, or NO_ORDER."""
    if pub is None or priv is None:
        return NO_ORDER
    s = _in_move(ctx)
    if _packs_after_advance(ctx, s, priv, pub):
        return PRIVATE_THEN_PUBLIC
    if _packs_after_advance(ctx, s, pub, priv):
        return PUBLIC_THEN_PRIVATE
    return NO_ORDER


def _packs_after_advance(ctx: FortCtx, s: FortJudgement, first: Op, second: Op) -> bool:
    """``first`` is an advance (alone, or in a `then` whose other parts leave the stuff, the
    pack and the level as they are) sure to be performed in full now, and ``second`` a whole box
    `pack x ...` every added card counts for (Dot, Ant, Rocket Bros: R5.2, R12.2, R12.7) that it
    leaves in full: the advance raises the pack's capacity by one and its payment may only take
    tokens from the pack (R10.1, R10.2), so the room after it is at least one more than now,
    and the stuff holds at least what it holds now less the cost paid (R13.2). Performed in
    that order, both are in full with an effect (R5.4) and each repetition of the pack packs a
    token, each added card counting (R5.5): the play is legal. A level-2 perk won (R10.3) only
    widens the pack or where it packs from; one of the language's is not judged."""
    if type(second) is not RepeatOp:
        return False
    x = cast(RepeatOp, second)
    if type(x.body) is not PackOp:
        return False
    advance = _lone_advance(first)
    if advance is None:
        return False
    times = s.times(x.count)
    if times is None or times < 1:
        return False
    game, p = ctx.game, ctx.player
    if game.pack_room(p) + 1 < times:
        return False
    at = p.stuff.at
    tokens = game.tokens
    if tokens[at] + tokens[at + 1] - advance.pays(game, p) < times:
        return False
    if p.level == 1 and any(perk.hook is _ACTION_PERK for perk in game.perk_row):
        return False
    return first.now(s) and _each_added_counted(ctx, x)


def _lone_advance(op: Op) -> AdvanceOp | None:
    """``op`` itself if an advance; the advance of a `then` (R13.4) made of one advance and parts
    that leave the stuff, the pack, its room and the level as they are; else None."""
    if isinstance(op, AdvanceOp):
        return op
    if type(op) is not ThenOp:
        return None
    found: AdvanceOp | None = None
    for item in cast(ThenOp, op).items:
        if isinstance(item, AdvanceOp):
            if found is not None:
                return None
            found = item
        elif item.lowers & (STUFF | PACK | PACK_ROOM | LEVEL | HELD):
            return None
    return found


def _each_added_counted(ctx: FortCtx, op: Op) -> bool:
    """No card added, or ``op`` is an `x suit` that every added card counts for: once each of
    its repetitions has an effect, each added card was useful (R5.5)."""
    # typed: compiled, the play (the core's context holds it untyped) and its list are read
    # natively, not by a generic attribute look-up (issue 38)
    play: _Play = ctx.play
    added: list[CardInstance] = play.added
    if not added:
        return True
    suit = op.counted_suit(ctx)
    return suit is not None and all(card_count(c, suit, ctx.named) for c in added)


def surely_done_any_way(ctx: FortCtx, op: Op) -> bool:
    """True if the leader, performing ``op`` now for real, is certain to perform it in full with
    an effect whatever is chosen in it (R5.4), every added card counting for it (R5.5): R5.4
    and R5.5 then hold whatever comes after (records and uses only add up), so every option
    left in the play is legal and none need be tried."""
    return op.always(_in_move(ctx)) and _each_added_counted(ctx, op)


def surely_in_full(ctx: FortCtx, op: Op) -> bool:
    """True if the leader, performing ``op`` now, is certain to perform it in full with an
    effect (R5.4), whatever cards were added (R5.5 aside: unlike :func:`surely_first`)."""
    return op.now(_in_move(ctx))


def surely_not_done(ctx: FortCtx, op: Op) -> bool:
    """True if the leader, performing ``op`` now, is certain not to perform it in full with an
    effect whatever is chosen in it (``Op.idle``): as the last action of an order with none
    performed so, the play fails R5.4 however it is performed."""
    return op.idle(_in_move(ctx))


def spares(first: Op, second: Op) -> bool:
    """Whether ``first``, performed in whole or in part, cannot make ``second`` fall short nor
    lose its effect: nothing it may lower or change is what ``second``'s closed forms read
    (``Op.lowers``, ``Op.needs``: a gain only takes room and supply, so a pack or a payment
    after it finds as many tokens or more; a pack only takes stuff tokens and pack room, so a
    gain after it finds as much room or more; what an `x pack`, `x level`, `x lookout` counts
    is read), unless a perk of the leader's widens ``first`` (see :func:`spared`)."""
    return not first.lowers & second.needs


def spared(ctx: FortCtx, first: Op, spares_ops: bool) -> bool:
    """:func:`spares` (``spares_ops``, worked out once per card) for the leader now: an "on your
    turn" perk (R15) may widen what ``first`` takes (Sticky Fingers packs from the supply,
    Bribe looks out from the park and the yards), held now or won by an advance inside
    ``first`` (R10.3: a perk at level 2; ``first`` may raise the level)."""
    return spares_ops and not ((ctx.player.perks or first.lowers & LEVEL)
                               and first.turn_matters() > 0)


def surely_second(ctx: FortCtx, first: Op, second: Op, spares_ops: bool) -> bool:
    """True if the play is certain to be legal when the leader performs ``first`` now, in whole
    or in part, then ``second`` (R5.2): ``first`` cannot make ``second`` fall short
    (:func:`spared`), and ``second`` is :func:`surely_first` now, so it is still performed in
    full with an effect after ``first`` (R5.4), every added card counting for it (R5.5)."""
    return spared(ctx, first, spares_ops) and surely_first(ctx, second)


def _verdict(op: Op, s: Judgement) -> bool | None:
    """A follower's verdict of ``op`` alone (R6.2): True in full for certain, False short for
    certain, None not known. :func:`_verdict_by_forms` is the reference; an `x` (the most
    frequent) is judged by :func:`_repeat_verdict`, its count read once, and no op's ``now``
    is judged twice (:func:`_short_not_now`, issue 38)."""
    if type(op) is RepeatOp:
        return _repeat_verdict(cast(RepeatOp, op), s)
    if op.now(s):
        return True
    if _short_not_now(op, s):
        return False
    if op.short_exact:
        return True  # not short: performed in full
    return None


def _verdict_by_forms(op: Op, s: Judgement) -> bool | None:
    """:func:`_verdict` by the op's ``now``, then its ``short``."""
    if op.now(s):
        return True
    if op.short(s):
        return False
    if op.short_exact:
        return True  # not short: performed in full
    return None


#: ``Op.short`` itself: an op whose class keeps it is short exactly when ``exact_once`` and not
#: ``now`` (read once, as a class's method: compiled, the same descriptor unless overridden).
_OP_SHORT: Final = Op.short


def _short_not_now(op: Op, s: Judgement) -> bool:
    """``op.short(s)`` once ``op.now(s)`` was found False (closed forms only read the table):
    for an op whose class keeps ``Op.short`` (``exact_once and not now``), its ``exact_once``,
    ``now`` not judged a second time (issue 38); else its own ``short``."""
    if type(op).short is _OP_SHORT:
        return op.exact_once
    return op.short(s)


def _repeat_verdict(x: RepeatOp, s: Judgement) -> bool | None:
    """:func:`_verdict_by_forms` of an `x` (R13.3), ``RepeatOp.now`` and ``RepeatOp.short``
    fused: its count read once, and its body's ``repeated`` judged once (``short`` judges again
    what ``now`` found False; both read the same table). An `x` is never ``short_exact``."""
    times = s.times(x.count)
    if times is None:
        return None  # not known yet: neither sure nor short
    n_times: int = times
    body = x.body
    if n_times == 0:
        return True if not s.effect else None  # zero times: in full, with no effect
    if n_times == 1:
        if body.now(s):
            return True
        return False if _short_not_now(body, s) else None
    if n_times < 0:
        return _verdict_by_forms(x, s)  # never counted so: as the forms answer
    if body.repeated(s, n_times):
        return True
    return False if body.exact_repeated else None


#: No coin named: a follower's card without one (never changed).
_NO_NAMES: Final[dict[int, Suit]] = {}

#: The most ways of naming a follower's coins that :func:`follow_verdict` judges one by one.
MOST_NAMINGS: Final = 64


#: The judgement :func:`follow_verdict` reads (at most one), refilled per verdict (its fields
#: set afresh each time, its ``effect`` and ``ctx`` never changed): one judgement made for all
#: followers instead of one per option and naming (issue 38). Claimed while judging: taken
#: out (:func:`_claim`), put back after (:func:`_put_back`), so that a verdict of another game
#: meanwhile (another thread's) makes its own instead of refilling it (:func:`_kept_list`).
_PAD: Final = 8
#: The most items a kept list holds past its padding (threads that claimed at once).
_MOST_KEPT: Final = _PAD + 4


def _kept_list() -> list[Any]:
    """A list of kept items, claimed by a pop and put back by an append (each one step that no
    other thread can split). It starts with ``_PAD`` Nones, never popped for good: a list's
    pop of its last item reallocates its buffer to 0 bytes, a C library block that every
    later append reallocates again (a hundred instructions each), where a pop from 9 items
    to 8 reallocates nothing."""
    return [None] * _PAD


def _claim(kept: list[Any]) -> Any:
    """An item of ``kept`` taken out, or None if none is kept (a padding None, put back)."""
    item = kept.pop()
    if item is None:
        kept.append(None)
    return item


def _put_back(kept: list[Any], item: Any) -> None:
    """``item``, claimed from ``kept`` (or made for want of one), kept for the next claim
    (a few at most: others made meanwhile by other threads go)."""
    if len(kept) < _MOST_KEPT:
        kept.append(item)


_KEPT_VERDICT: Final[list[Any]] = _kept_list()
#: The names of the coin :func:`follow_verdict_one` judges: one dict, emptied per card, claimed
#: as :data:`_KEPT_VERDICT`.
_ONE_NAMED: Final[list[Any]] = _kept_list()


def _verdict_judgement(game: Game, p: Player, named: dict[int, Suit], n: int,
                       bound: Mapping[int, Any], cards: Sequence[CardInstance]) -> FortJudgement:
    """A follower's judgement before following (no effect needed, R6.2; no move: ``ctx``
    None) with ``cards`` discarded (``n`` of them leaving the hand), their coins ``named``:
    the kept one claimed and refilled (put back by the caller, :func:`_put_back`), or a new
    one if another verdict holds it."""
    s: FortJudgement | None = _claim(_KEPT_VERDICT)
    if s is not None:
        s.game = game
        s.p = p
        s.named = named
        s.leaving = n
        s.bound = bound
        s.cards = cards
        return s
    return FortJudgement(game, p, named, n, bound, False, None, cards)


def follow_verdict(game: Game, seat: int, cards: Sequence[CardInstance], op: Op,
                   bound: Mapping[int, Any],
                   names: Sequence[Sequence[Suit]] | None = None) -> bool | None:
    """Following with ``cards`` (no lookout card counted, R6.7), bound by the leader's choices
    (R6.4): True if certain to perform ``op`` in full (R6.2), False if certain not to (the
    search would exclude it for R6.2), None if only a search can tell. ``names[i]``: the suits a
    coin on ``cards[i]`` may stand for (R5.6; empty: none to name), as the search offers them
    (names that end alike may be left out); the follower may name them any way, so one naming in
    full is enough."""
    p = game.players[seat]
    if names is None:
        return _verdict(op, FortJudgement(game, p, None, len(cards), bound, False, None, cards))
    if len(cards) == 1:  # one card, the most frequent: its namings without the product's dicts
        choices = names[0]
        if not choices:  # no coin: one way, nothing named (never changed: read only)
            return _verdict_alone(op, game, p, _NO_NAMES, 1, bound, cards)
        uid = cards[0].uid
        named: dict[int, Suit] = {}  # one dict, its name changed per naming (read only)
        return _verdict_named(op, _verdict_judgement(game, p, named, 1, bound, cards), named,
                              uid, choices)
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
        verdict = _verdict_alone(op, game, p, named, len(cards), bound, cards)
        if verdict:
            return True
        if verdict is None:
            unknown = True
    return None if unknown else False


def _verdict_alone(op: Op, game: Game, p: Player, named: dict[int, Suit], n: int,
                   bound: Mapping[int, Any], cards: Sequence[CardInstance]) -> bool | None:
    """:func:`_verdict` of ``op`` on the kept verdict judgement so filled, then put back."""
    s = _verdict_judgement(game, p, named, n, bound, cards)
    verdict = _verdict(op, s)
    _put_back(_KEPT_VERDICT, s)
    return verdict


def _verdict_named(op: Op, s: FortJudgement, named: dict[int, Suit], uid: int,
                   names: Sequence[Suit]) -> bool | None:
    """The verdict of following with one card whose coin (card ``uid``) may be named each of
    ``names`` (R5.6), on ``s`` (claimed, reading ``named``; put back here): True if one naming
    is in full for certain, False if none can be, None if only a search can tell."""
    unknown = False
    verdict: bool | None = False
    for suit in names:  # at most the six suits: fewer than MOST_NAMINGS
        named[uid] = suit
        verdict = _verdict(op, s)
        if verdict:
            break
        if verdict is None:
            unknown = True
    _put_back(_KEPT_VERDICT, s)
    if verdict:
        return True
    return None if unknown else False


def follow_verdict_one(game: Game, seat: int, one: list[CardInstance], op: Op,
                       bound: Mapping[int, Any], names: tuple[Suit, ...]) -> bool | None:
    """:func:`follow_verdict` of following with the one card in ``one``, whose coin may be
    named each of ``names`` (empty: no coin, R5.6): the same verdict (R6.2), its names read
    as a native tuple and named in one kept dict (issue 38)."""
    p = game.players[seat]
    if not names:  # no coin: one way, nothing named (never changed: read only)
        return _verdict_alone(op, game, p, _NO_NAMES, 1, bound, one)
    kept = _ONE_NAMED
    named: dict[int, Suit] | None = _claim(kept)  # claimed, as the judgement
    if named is None:
        named = {}
    named.clear()
    verdict = _verdict_named(op, _verdict_judgement(game, p, named, 1, bound, one), named,
                             one[0].uid, names)
    _put_back(kept, named)
    return verdict


#: The last judgement :func:`_following` made (at most one), claimed while read as
#: :data:`_KEPT_VERDICT` is.
_KEPT_FOLLOWING: Final[list[Any]] = _kept_list()


def _following(ctx: FortCtx) -> FortJudgement:
    """A follower's judgement inside their move in progress (no effect needed, R6.2; bound by
    the leader's choices, R6.4), the last one made used again, as :func:`_in_move`'s, and
    refilled for another move, performer or binding: claimed (put back by the caller)."""
    s: FortJudgement | None = _claim(_KEPT_FOLLOWING)
    if s is not None:
        if s.ctx is not ctx or s.p is not ctx.player or s.bound is not ctx.bound:
            # refilled: its other fields are the same for every follower (no names, no cards
            # leaving, no effect needed: issue 38)
            s.ctx = ctx
            s.game = ctx.game
            s.p = ctx.player
            s.bound = ctx.bound
        return s
    return FortJudgement(ctx.game, ctx.player, None, 0, ctx.bound, False, ctx)


def surely_followed(ctx: FortCtx, op: Op) -> bool:
    """True if a follower, having discarded their card(s), is certain to perform ``op`` in full
    (R6.2), bound by the leader's choices (R6.4), when performed now."""
    s = _following(ctx)
    sure = op.now(s)
    _put_back(_KEPT_FOLLOWING, s)
    return sure


def surely_followed_named(ctx: FortCtx, op: Op, card: CardInstance, names: Sequence[Suit],
                          same: Sequence[int]) -> list[bool]:
    """Per name in ``names`` of the coin on ``card`` (R5.6), the follower's one card, already
    discarded (R6.1), bound by the leader's choices (R6.4): True if, the coin so named, the
    follower is certain to perform ``op`` in full (R6.2; the same closed forms as
    :func:`follow_verdict`, the card no longer in hand), so that option is legal without a
    trial. A name that ends as an earlier one (``same[i] != i``) is left to that one (False)."""
    named: dict[int, Suit] = {}  # one dict, its name changed per naming (read only)
    s = _verdict_judgement(ctx.game, ctx.player, named, 0, ctx.bound, [card])
    uid = card.uid
    out: list[bool] = []
    for i in range(len(names)):
        if i < len(same) and same[i] != i:
            out.append(False)
            continue
        named[uid] = names[i]
        out.append(_verdict(op, s) is True)
    _put_back(_KEPT_VERDICT, s)
    return out


def surely_followed_any_way(ctx: FortCtx, op: Op) -> bool:
    """:func:`surely_followed` whatever the follower chooses in ``op``: every option left in
    their move is legal (R6.2), and none need be tried."""
    s = _following(ctx)
    sure = op.always(s)
    _put_back(_KEPT_FOLLOWING, s)
    return sure


# -- plays that are impossible for certain ------------------------------------------------------
#
# Most plays only gain tokens: then the room in the stuff and the supply only shrink, the pack and
# the level stay, and what cannot be gained now never can. A play "only gains" when no primitive
# that could make room, refill the supply or change the pack can ever run: none is in the card,
# or each one that is can never do anything (a full pack, no way to convert) or sits after a part
# of a `then` that can never be performed in full (so it is never reached). The ops answer under
# that assumption (``never_full``, ``never_done``, ``effective_at_most``), which ``may_free``
# checks first.


def _boxes(card: CardInstance) -> list[Op]:
    defn = card_ops(card)
    pub, priv = defn.pub_op, defn.priv_op
    out: list[Op] = []
    if pub is not None:
        out.append(pub)
    if priv is not None:
        out.append(priv)
    return out


def surely_unplayable(game: Game, seat: int, card: CardInstance) -> bool:
    """True if no way of playing ``card`` performs an action in full with an effect: every
    completion fails R5.4 (which is then the rule reported); False if only a search can tell.
    Besides :func:`surely_never_done`'s forms, a box repeated zero times by a count that stays
    as it is for the whole play is never done (:func:`_never_counted`)."""
    p = game.players[seat]
    return _unplayable(game, p, card, FortJudgement(game, p, None, 1, _UNBOUND, True))


def _unplayable(game: Game, p: Player, card: CardInstance, s: FortJudgement) -> bool:
    """:func:`surely_unplayable`, ``s`` the judgement :func:`_all_inert` reads."""
    ops = _boxes(card)
    if _all_inert(ops, s):
        return True
    for op in ops:
        if op.may_free(game, p):
            return False
    lowered = 0  # what performing the card's boxes may change (Op.lowers)
    for op in ops:
        lowered |= op.lowers
    for op in ops:
        if not (op.never_done(game, p) or _never_counted(game, p, op, lowered)):
            return False
    return True


def _all_inert(ops: list[Op], s: FortJudgement) -> bool:
    """Every box is certain to change nothing, performed now on the leader's turn whatever is
    chosen in it (``Op.void``, or ``Op.stuck``: short too), whatever cards are added (R5.3:
    no count is known, ``s`` counting no card; an added card only leaves the hand): then
    performing one first leaves the others as they are now, so no box ever has an effect
    (R5.4), in either order (R5.2) (issue 38: Zip's `advance` beside a `pack` with nothing to
    pack, Dash's empty pack)."""
    if not ops:
        return False  # blank boxes: R5.4 too, but left to the search as before
    for op in ops:
        if not (op.void(s) or op.stuck(s)):
            return False
    return True


def _never_counted(game: Game, p: Player, op: Op, lowered: int) -> bool:
    """``op`` is an `x quantity` (R13.3) that counts zero now, and its count stays zero for the
    whole play (R5.4: performed zero times, it has no effect): the count reads only the
    performer's board (the level, the pack, the lookout: ``Count.reads``, neither a suit the
    boost may add cards of, R5.3, nor what a count of another vocabulary may read), and no box
    of the card may change what it reads (``lowered``; nothing in it frees tokens either, so no
    advance raises the level, R10.1). Not judged when an "on your turn" perk the performer
    holds may widen a box (R15)."""
    if not isinstance(op, RepeatOp):
        return False
    count = op.count
    if not isinstance(count, FortCount):  # another vocabulary's count: not known here
        return False
    reads = count.reads
    if not reads or reads == EVERYTHING or reads & lowered:
        return False
    if p.perks and op.turn_matters() > 0:
        return False
    return count.before(p, None) == 0


def surely_never_done(game: Game, seat: int, card: CardInstance, ops: Sequence[Op]) -> bool:
    """True if none of ``ops`` (actions of ``card``, played by ``seat``) can be performed in
    full with an effect from now on: nothing in the card can make room, refill the supply or
    change the pack, and each of them never can in a play that only gains tokens."""
    p = game.players[seat]
    return not any(op.may_free(game, p) for op in _boxes(card)) \
        and all(op.never_done(game, p) for op in ops)


# -- cards added in vain (R5.5) ----------------------------------------------------------------


def surely_in_vain(ctx: FortCtx, card: CardInstance) -> bool:
    """True if ``card``, just added by the leader (R5.3), can never be useful (R5.5) whatever is
    added or chosen next, while some action is sure to be performed in full with an effect: then
    every completion fails, and some fails R5.5 (the rule reported) rather than only R5.4.

    Usefulness needs an `x suit` counting one of the card's suits to have more repetitions with an
    effect than it has without the card (:func:`_in_vain`). A coin is judged once named (R5.6),
    as the suit named and as a coin."""
    return _in_vain(ctx, card) and _some_now(ctx)


def _some_now(ctx: FortCtx) -> bool:
    """Some box of the played card is sure to be performed in full with an effect now."""
    s = _in_move(ctx)
    return any(op.now(s) for op in _boxes(ctx.play.card))


#: :func:`added_verdict`'s answers: not known; in vain with an action sure (R5.5 reported);
#: certain to fail, the rule not known (only a blind game may use it).
NOT_KNOWN: Final = 0
IN_VAIN: Final = -1
FAILS: Final = -3


def added_verdict(ctx: FortCtx, card: CardInstance, blind: bool) -> int:
    """How the play ends with ``card`` just added or counted by the leader (R5.3), whatever is
    added or chosen next, as far as certain: IN_VAIN as :func:`surely_in_vain` of a card added
    from the hand, ``card`` or one added before it that the count ``card`` raises leaves useless
    (R5.5 reported); with ``blind`` (nobody reads the rule a failure reports), FAILS when every
    completion fails: such a card without an action sure (R5.4 may then be the rule), or no
    action can be performed in full with an effect (:func:`_never_done_now`, R5.4); else
    NOT_KNOWN. (``card`` is among the cards added if it came from the hand, else counted from
    the lookout: R5.5 is not its own rule then.)"""
    added: list[CardInstance] = ctx.play.added  # ``card`` among them, from the hand
    vain = False
    for c in added:
        if _in_vain(ctx, c):
            vain = True
            break
    if vain and _some_now(ctx):
        return IN_VAIN
    if blind and (vain or _never_done_now(ctx)):
        return FAILS
    return NOT_KNOWN


def _in_vain(ctx: FortCtx, card: CardInstance) -> bool:
    """``card``, just added, can never be useful (R5.5) whatever is added or chosen next: each
    `x` counting one of its suits has at most as many repetitions with an effect as the count
    without the card (cards added later only raise the count; R5.5 compares with the count
    performed). In a play that only gains tokens, a repeated gain has effect at most while its
    tokens fit (:func:`_effective_at_most`); a repeated pack while the pack has room
    (:func:`_packs_at_most`)."""
    game, p, played = ctx.game, ctx.player, ctx.play.card
    if COIN in card.suits and card.uid not in ctx.named:
        return False  # its suit is still to be named (R5.6)
    ops = _boxes(played)
    freeing = -1  # whether a box may free tokens, worked out once needed
    for x in _repeats(played):  # the card's `x`
        suit = x.counted_suit(ctx)
        share = card_count(card, suit, ctx.named) if suit is not None else 0
        if suit is None or not share:
            continue
        body = x.body
        if type(body) is PackOp:
            most = _packs_at_most(game, p, x, ops)
        else:
            if freeing < 0:
                freeing = int(any(op.may_free(game, p) for op in ops))
            if not freeing:
                most = _effective_at_most(body, game, p)
            elif p.perks:
                most = None  # a perk may widen what frees (R15)
            else:
                most = _drained_at_most(game, p, x, ops)
        if most is None and _never_reached(ctx, x, ops):
            most = 0  # never performed: none of its repetitions has an effect
        if most is None or most > suit_count(ctx, suit) - share:
            return False
    return True


def _never_reached(ctx: FortCtx, x: RepeatOp, ops: list[Op]) -> bool:
    """``x`` is a part of a box `a then ... then x` (R13.4) after a part that is stuck now
    (``Op.stuck``: it changes nothing and falls short, whatever is chosen) and stays so: nothing
    that may run before it, the other box (R5.2) or the parts before it, may change what it
    reads (``Op.lowers``, ``Op.needs``; cards added only leave the hand). The box then stops
    there and ``x`` is never performed (Puddin's `lookout then score x crown` with no card left
    in the hand)."""
    for op in ops:
        if type(op) is not ThenOp:
            continue
        items = cast(ThenOp, op).items
        j = 0
        while j < len(items) and items[j] is not x:
            j += 1
        if j == len(items):
            continue
        changed = 0
        for other in ops:
            if other is not op:
                changed |= other.lowers
        s = _in_move(ctx)
        for i in range(j):
            item = items[i]
            if not item.needs & changed and item.stuck(s):
                return True
            changed |= item.lowers
        return False
    return False


def _effective_at_most(body: Op, game: Game, p: Player) -> int | None:
    """:meth:`Op.effective_at_most` of ``body`` repeated (R13.3) in a play that only gains
    tokens; for a `then` (R13.4, Blitz's `(recruit then gain toy) x water_gun`), from its
    parts': a repetition ends the repetitions unless it is performed in full, and is in full only
    if each part is; a part's bound counts its performances with an effect, and each of those
    ops has an effect whenever it is performed in full. So at most the least of the parts' bounds
    are in full, and one more, falling short, may have an effect (None: no part bounded)."""
    if type(body) is not ThenOp:
        return body.effective_at_most(game, p)
    full = _full_at_most(body, game, p)
    return None if full is None else full + 1


def _full_at_most(op: Op, game: Game, p: Player) -> int | None:
    """How many times ``op`` can be performed in full in a play that only gains tokens, at most
    (None: no bound known): for a `then`, the least of its parts' (R13.4); else its
    :meth:`Op.effective_at_most`, defined only by ops that have an effect whenever performed in
    full (a gain of one token or more, R12.1)."""
    if type(op) is not ThenOp:
        return op.effective_at_most(game, p)
    best: int | None = None
    for item in cast(ThenOp, op).items:
        most = _full_at_most(item, game, p)
        if most is not None and (best is None or most < best):
            best = most
    return best


class _PackPlan:
    """What the box beside a whole box `pack x ...` may do to the pack before it (see
    :func:`_packs_at_most`), worked out once per pair of boxes from their ops: its advances, the
    tokens its spends take at most, whether it may add to the stuff; ``known`` False for a box
    of another kind that may change the pack or the level."""

    __slots__ = ("x", "ops", "known", "advances", "spends", "stuffed")

    def __init__(self, x: RepeatOp, ops: list[Op]) -> None:
        self.x = x
        self.ops = tuple(ops)
        self.known = False
        self.advances: list[AdvanceOp] = []
        self.spends = -1  # tokens its spends take at most; -1: no spend
        self.stuffed = False  # it may add tokens to the stuff (what takes room there)
        boxed = False
        for op in ops:
            if op is x:
                boxed = True
                continue
            for y in op.walk():
                lowers = y.lowers
                if lowers & ROOM and not y.parts():
                    self.stuffed = True
                if not lowers & (PACK | LEVEL) or type(y) is PackOp:
                    continue
                if isinstance(y, AdvanceOp):
                    self.advances.append(y)
                elif isinstance(y, SpendOp):
                    self.spends = max(self.spends, 0) + max(y.amount, 0)
                elif type(y) is not ThenOp:  # a repetition, a choice, another op: not known
                    return
        self.known = boxed


#: :class:`_PackPlan` by its `x` (at most one per box; its ops checked by identity).
_PACK_PLANS: Final[dict[int, _PackPlan]] = {}


def _pack_plan(x: RepeatOp, ops: list[Op]) -> _PackPlan:
    plan = _PACK_PLANS.get(id(x))
    if plan is not None and plan.x is x and _same_ops(plan.ops, ops):
        return plan
    plan = _PackPlan(x, ops)
    bounded_put(_PACK_PLANS, id(x), plan)
    return plan


def _same_ops(kept: tuple[Op, ...], ops: list[Op]) -> bool:
    """The same ops, by identity, in the same order (a loop: compiled, no generator)."""
    if len(kept) != len(ops):
        return False
    for i in range(len(ops)):
        if kept[i] is not ops[i]:
            return False
    return True


def _packs_at_most(game: Game, p: Player, x: RepeatOp, ops: list[Op]) -> int | None:
    """How many repetitions of ``x``, a whole box `pack x ...` (R12.2, R13.3), can have an
    effect, at most: each packs one token into the pack or changes nothing (no room, no token),
    so at most the room the pack has when ``x`` starts, and, packing from the stuff only (no
    Sticky Fingers, R15), the tokens the stuff holds then. The other box runs wholly before or
    after it (R5.2); before, it may widen the room: each advance raises the pack's capacity by
    one (R10.2) and its payment may take tokens from the pack (R10.1, R13.2), a spend too
    (R12.9); a pack only fills it; an advance to level 2 may win a perk from the row (R10.3) that
    widens the pack (XXL Backpack) or packs from the supply. Nothing but a gain, a copy, a take
    or a convert (what takes room in the stuff) adds to the stuff; a lone advance pays exactly
    its cost from the stuff and the pack together. None (not known) for a box of another kind
    that may change the pack or the level, a repeated one, or a perk of the language's."""
    plan = _pack_plan(x, ops)
    if not plan.known:
        return None
    room = game.pack_room(p)
    advances = plan.advances
    levels = len(advances)
    paid = max(plan.spends, 0)
    for a in advances:
        paid += a.pack_paid_at_most(game, p)
    from_stuff = not plan.stuffed and (not p.perks or p.perk(PACK_FROM_SUPPLY) is None)
    widen = 0
    if levels and p.level < 2 <= p.level + levels:
        for perk in game.perk_row:
            hook = perk.hook
            if hook is _MODIFY:
                widen = max(widen, int(perk.params.get("pack_capacity", 0)))  # type: ignore[call-overload]
            elif hook is PACK_FROM_SUPPLY:
                from_stuff = False
            elif hook is _ACTION_PERK:
                return None
    tokens, at = game.tokens, p.pack.at
    most = room + levels + widen + min(paid, tokens[at] + tokens[at + 1])
    if not from_stuff:
        return most
    at = p.stuff.at
    stuff = tokens[at] + tokens[at + 1]
    if levels != 1 or plan.spends >= 0:
        return min(most, stuff)
    # one advance: performed before, it pays its whole cost, what the pack does not from the stuff
    advance = advances[0]
    before = min(most, stuff - advance.pays(game, p) + advance.pack_paid_at_most(game, p))
    return max(min(room, stuff), before)


def _never_done_now(ctx: FortCtx) -> bool:
    """No box of the played card can be performed in full with an effect from now on (R5.4),
    whatever is added next: nothing in the card can make room, refill the supply or change the
    pack, and each box either never can in such a play (``Op.never_done``) or is an `x suit` (or
    an `x any` chosen) whose count now, which cards added later only raise, exceeds how many
    times its body can be performed in full (:func:`_full_at_most`; Blitz's water guns with
    fewer toys that fit)."""
    game, p = ctx.game, ctx.player
    ops = _boxes(ctx.play.card)
    if not ops:
        return False
    for op in ops:
        if op.may_free(game, p):
            return False
    for op in ops:
        if op.never_done(game, p):
            continue
        if type(op) is not RepeatOp:
            return False
        x = cast(RepeatOp, op)
        if not isinstance(x.count, FortCount) or x.count.reads:
            return False  # not a count of the cards counted (R5.3)
        suit = x.counted_suit(ctx)
        if suit is None:
            return False
        full = _full_at_most(x.body, game, p)
        if full is None or full >= suit_count(ctx, suit):
            return False
    return True


def _drained_at_most(game: Game, p: Player, x: RepeatOp, ops: list[Op]) -> int | None:
    """:meth:`Op.effective_at_most` of ``x``'s body when a box may free tokens (issue 38): ``x``
    is a whole box whose body frees nothing, so the other boxes run wholly before or after it
    (R5.4), and what they drain before, at most, widens its bound (R13.3); None if not known."""
    if x.body.may_free(game, p):
        return None
    drained = 0
    boxed = False
    for op in ops:
        if op is x:
            boxed = True
            continue
        most = op.drains_at_most(game, p)
        if most is None:
            return None
        drained += most
    if not boxed:
        return None
    body = x.body
    if type(body) is GainOp and cast(GainOp, body).r >= 0 and drained:
        # a gain of one kind: only tokens of that kind drained make room for it and put it
        # back in the supply (R1.4, R1.5): an advance paying pizza leaves the toys' room as it is
        drained = min(drained, _drained_of(game, p, x, ops, cast(GainOp, body).resource))
    return body.effective_drained(game, p, drained)


def _drained_of(game: Game, p: Player, x: RepeatOp, ops: list[Op], res: Resource) -> int:
    """Tokens of ``res`` the boxes beside ``x`` can return to the supply, at most, each box's
    ``drains_at_most`` known (so each is a sequence of parts that drain a known number, R13.4):
    an advance's payment as its cost allows (R10.1, R13.2), a spend of that kind or either
    (R12.9), any other part all it drains."""
    total = 0
    for op in ops:
        if op is x:
            continue
        for y in op.walk():
            if isinstance(y, AdvanceOp):
                total += y.drains_of(game, p, res)
            elif isinstance(y, SpendOp):
                total += y.drains_of(res)
            elif not y.parts():
                most = y.drains_at_most(game, p)
                total += most if most is not None else 0
    return total


def _repeats(card: CardInstance) -> tuple[RepeatOp, ...]:
    """The repetitions (`x`) of a card's boxes, kept on its CardDef."""
    defn = card.defn
    kept = defn.repeats
    if kept is None:
        kept = defn.repeats = tuple(x for op in _boxes(card) for x in op.walk()
                                    if isinstance(x, RepeatOp))
    repeats: tuple[RepeatOp, ...] = kept
    return repeats
