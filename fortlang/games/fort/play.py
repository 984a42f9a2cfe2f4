"""Playing a card as the leader (R5), following it (R6) and `destroy this` (R12.5).

The leader's play is one move made of choice points, in this order: the suit a coin on the played
card stands for (R5.6, R6.3), the suit of each `x any` (R5.7), the cards added from hand or
counted from the lookout (R5.3), which actions in which order (R5.2), then the actions
themselves. Its legality is checked at its end: one action performed in full with an effect
(R5.4) and every added card changing an effect (R5.5). Because every choice point only offers
options that can still end legally, an agent can never make an illegal play.

Interpretations (FORT-RULES says the rulebook is silent; the first three are switches in
:class:`~fortlang.games.fort.table.Rules`):
* lookout suits count only if the leader chooses to count each card (the French and Russian
  Bug example: "she could have added only the second shovel from her lookout"); R5.5 applies
  to added cards from hand only;
* a follower's lookout does not count (R6.7);
* an action "performed in full" that changed nothing (e.g. `score x level` at level 0) does not
  satisfy R5.4, like a blank box;
* the leader's choice of pizza or toys (a `pizza/toy` gain or spend, or an `or` whose branches
  differ only in the resource) binds followers (R6.4); other `or` choices do not;
* a coin on a follower's card matches any suit (R5.6) and counts as the suit being followed;
* "in part" means as much as possible; in `a then b` the right part needs the left in full;
* `destroy this` followed by a follower does nothing for them (it is the leader's card);
* Bribe's lookout card taken from the park is replaced at once, as a recruit would be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, Final

from fortlang import nodes as n
from fortlang.engine import interpreter
from fortlang.engine import node_types as t
from fortlang.engine.choices import (
    K_BOOST,
    K_COIN_SUIT,
    K_FOLLOW,
    K_ORDER,
    K_PLAY,
    K_RECRUIT,
    K_ROUGH_HOUSING,
    Decision,
    IllegalMove,
    Option,
    player_name,
)
from fortlang.engine.interpreter import (
    Cont,
    DecideAt,
    Step,
    Then,
    by_identity,
    decide,
    decide_at,
    drive,
    partial,
    search,
    text,
)
from fortlang.engine.memo import bounded_put

# can_perform and perform: Fort's callers (turn.py, scenarios, tests) import them from here
from fortlang.engine.perform import can_perform, debug_check, perform, transaction  # noqa: F401
from fortlang.engine.program import Op, program, reads_moved_cards
from fortlang.games.fort import node_types as ft
from fortlang.games.fort.certain import (
    FAILS,
    IN_VAIN,
    NO_ORDER,
    NOT_KNOWN,
    PUBLIC_THEN_PRIVATE,
    HandJudge,
    added_verdict,
    follow_verdict,
    follow_verdict_one,
    spared,
    spares,
    stops_after_advance,
    surely_done_any_way,
    surely_first,
    surely_followed,
    surely_followed_any_way,
    surely_followed_named,
    surely_in_full,
    surely_in_vain,
    surely_never_done,
    surely_not_done,
    surely_playable,
    surely_second,
    surely_stops,
    surely_unplayable,
)
from fortlang.games.fort.context import FortCtx, card_ops, suits_named
from fortlang.games.fort.model import KidCard, Perk, PerkHook
from fortlang.games.fort.moves import (
    COIN,
    RECRUIT_SOURCES,
    SUIT_OPTION,
    ask_card,
    card_count,
    choose_suit,
    distinct,
    recruit_places,
    take_card,
)
from fortlang.games.fort.node_types import PLAIN_SUITS
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.table import CardInstance, Game, Rules
from fortlang.printer import to_text

PUBLIC: Final = "public"
PRIVATE: Final = "private"

# Compiled, a module-level name is a dictionary lookup at each use, a Final one a C static.
_FOLLOW_DISCARD_MORE: Final = PerkHook.FOLLOW_DISCARD_MORE  # an enum member read via its
_ROUGH_HOUSING: Final = PerkHook.ROUGH_HOUSING  # class is a generic call (EnumType.__getattr__)


#: The caches of a play before it writes one (shared, never changed): most plays write none,
#: and each container made per play is an allocation and a deallocation (issue 38).
_NO_TRIED: Final[dict[tuple, tuple[bool, str | None]]] = {}
_NO_ORDERS: Final[dict[tuple, int]] = {}
_NO_FAILED: Final[dict[tuple, str | None]] = {}
_NO_DEAD: Final[set[tuple[bool, tuple[int, ...]]]] = set()


class _Play:
    """The leader's bookkeeping for one play (changed through ``game.note*`` / ``game.set``)."""

    __slots__ = ("card", "added", "lookout_used", "used", "destroy_this", "tried", "orders",
                 "order_at", "first_failed", "searching", "blind", "dead", "trial_step",
                 "trial_i", "trial_ok")

    def __init__(self, card: CardInstance) -> None:
        self.card = card
        self.added: list[CardInstance] = []
        self.lookout_used: list[CardInstance] = []
        self.used: list[tuple[str, bool, bool]] = []  # (public|private, in full, had an effect)
        self.destroy_this = False
        #: What stopping the boost ended with, tried once per set of added cards (see _stop).
        #: A cache, not state: never rolled back.
        self.tried: dict[tuple, tuple[bool, str | None]] = _NO_TRIED  # its own once written
        #: Per key of ``tried`` whose search found a legal order: that order (its index in the
        #: card's sequences, R5.2), known legal when the move made for real reaches it (_order).
        self.orders: dict[tuple, int] = _NO_ORDERS  # its own once written
        self.order_at = -1  # the order a search tried last (_OrderStep.apply)
        #: Per key of ``tried`` whose search went on to the second order (R5.2): the rule the
        #: first one failed with alone (None: none recorded), as its trial would report it.
        self.first_failed: dict[tuple, str | None] = _NO_FAILED  # its own once written
        self.searching: tuple | None = None  # the key _stop's own search is for, meanwhile
        #: Whether :data:`dead` is kept: the game is blind (``Journal.blind``: nobody reads
        #: the rule an excluded option reports, only which options are legal), options that
        #: end alike are tried once (interpreter.EQUIVALENT_OPTIONS: a card is known by what
        #: it gives, :func:`_gives`) and :func:`_stop` searches on its own driver (its outcome
        #: tells whether a trial of the boost succeeded). Set by :func:`_leader_ctx`.
        self.blind = False
        #: What the cards no legal play can add any more give (:func:`_dead_key`): a trial of
        #: adding one at a boost made for real failed (R5.3-R5.5), so every set of cards
        #: counted with it, from that boost on, fails (the move made for real only counts
        #: more). Searches leave them out and later boosts exclude them without a trial
        #: (issue 38). A cache, not state: never rolled back.
        self.dead: set[tuple[bool, tuple[int, ...]]] = _NO_DEAD  # its own once written
        #: The trial of a boost made for real running (its step and option), and whether a
        #: stop in it found a legal play (:func:`_trial_starts`).
        self.trial_step: _BoostStep | None = None
        self.trial_i = 0
        self.trial_ok = False


class PlayResult:
    """What happened in one play, for the turn loop, statistics and UIs. Immutable, compared by
    value: a plain class, for the reason :class:`~fortlang.engine.choices.Option` gives (compiled,
    a frozen dataclass sets each field through ``object.__setattr__``: ~8,000 instructions a
    play). Compiled, writing a field raises AttributeError; mypy rejects it (``Final``)."""

    __slots__ = ("seat", "card", "coin", "added", "lookout", "used", "bindings", "followers",
                 "destroyed")

    def __init__(self, seat: int, card: CardInstance, coin: Suit | None,
                 added: tuple[CardInstance, ...], lookout: tuple[CardInstance, ...],
                 used: tuple[tuple[str, bool, bool], ...], bindings: Mapping[int, Any],
                 followers: tuple[tuple[int, tuple[CardInstance, ...]], ...] = (),
                 destroyed: bool = False) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.coin: Final = coin  # what the played card's coin stood for (R6.3)
        self.added: Final = added
        self.lookout: Final = lookout  # lookout cards whose suits were counted
        self.used: Final = used  # (public|private, in full, had an effect)
        self.bindings: Final = bindings  # the leader's choices binding followers (R6.4)
        self.followers: Final = followers
        self.destroyed: Final = destroyed  # the played card went to the box (R12.5, Rough Housing)

    def _fields(self) -> tuple:
        return (self.seat, self.card, self.coin, self.added, self.lookout, self.used,
                self.bindings, self.followers, self.destroyed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayResult):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (f"PlayResult(seat={self.seat!r}, card={self.card!r}, coin={self.coin!r}, "
                f"added={self.added!r}, lookout={self.lookout!r}, used={self.used!r}, "
                f"followers={self.followers!r}, destroyed={self.destroyed!r})")


# -- static facts about a card's actions -------------------------------------------------------


class _CardFacts:
    """What a play reads of a card definition, worked out once per card and kept on its CardDef
    (one per card, shared by every game), so that a play reads native fields instead of asking
    an identity memo (an id boxed, a dictionary lookup and a generic call) for each of them."""

    __slots__ = ("quantities", "any_nodes", "coin_names", "coin_alike", "sequences", "orders",
                 "play_option", "add_options", "coin_context", "any_context", "order_context",
                 "unboosted_context", "boost_contexts", "public_context", "private_context",
                 "alike", "ops", "named", "named_known", "fixed_suits", "public_spares",
                 "private_spares", "follow", "fixed_set")

    def __init__(self, card: KidCard) -> None:
        self.quantities: Final = _card_quantities(card)
        self.any_nodes: Final = _any_nodes(card)
        #: The suits its `x suit` count (R5.3), once each, in order: see :func:`_stop_key`.
        self.fixed_suits: Final = tuple(sorted({q.suit for q in self.quantities
                                                if type(q) is ft.SuitCount}))  # type: ignore[attr-defined]
        #: The suits its boost counts when it has no `x any` (:func:`boosted_suits`), made
        #: once instead of at every play (issue 38).
        self.fixed_set: Final = frozenset(self.fixed_suits)
        # typed, not left to the memos' Any: compiled, they are then read natively at each play
        self.coin_names: Final[tuple[int, ...]] = _coin_names(card)
        #: Every name of its coin ends a play alike (no `x` counts what it names, R5.6): the
        #: play made for real, legal from its start (the card was found playable), is legal
        #: whichever name is given, so the names are offered without a trial (issue 38).
        self.coin_alike: Final = all(same == 0 for same in self.coin_names)
        sequences, orders = order_options(card)
        self.sequences: Final[tuple[tuple[str, ...], ...]] = sequences
        self.orders: Final[tuple[Option, ...]] = orders
        self.play_option: Final = _play_option(card)
        self.add_options: Final = _add_options(card)
        # What is being done, for the decisions an agent is asked (their context).
        name = card.name
        self.coin_context: Final = f"{name}: the suit its coin stands for (R5.6, R6.3)"
        self.any_context: Final = f"{name}: the suit `x any` counts (R5.7)"
        self.order_context: Final = f"{name}: which actions, in which order (R5.2)"
        self.unboosted_context: Final = f"{name}: no card can be added (R5.3, R13.3)"
        #: The boost's context for each set of suits it counts (_boost_context): at most one
        #: per set of suits the card's `x` can count.
        self.boost_contexts: Final[dict[frozenset[Suit], str]] = {}
        pub, priv = card.public, card.private
        self.public_context: Final = f"{name} ({PUBLIC}): {text(pub)}" if pub is not None else ""
        self.private_context: Final = f"{name} ({PRIVATE}): {text(priv)}" if priv is not None \
            else ""
        #: No test of its boxes reads the cards after one moved: any card of a zone they
        #: move ends a play alike.
        ops = [program(a) for a in (pub, priv) if a is not None]
        self.alike: Final = not reads_moved_cards(ops)
        #: Its boxes' programs, from which :meth:`named_suits` works out the suits they name
        #: when first asked (a card with an `x any` only): reading every node's fields costs
        #: about as much as the rest of these facts (issue 38).
        self.ops: Final[list[Op]] = ops
        self.named: frozenset[Suit] | None = None
        self.named_known = False
        #: The public box, performed first, cannot make the private one fall short; and the
        #: other way round (certain.spares, surely_second).
        self.public_spares: Final = len(ops) == 2 and spares(ops[0], ops[1])
        self.private_spares: Final = len(ops) == 2 and spares(ops[1], ops[0])
        #: What its followers share, per name of its coin (:func:`_kept_facts`, R6), once asked.
        self.follow: list[_Facts | None] | None = None

    def named_suits(self) -> frozenset[Suit] | None:
        """The suits its boxes name, or None (see :func:`_any_alike`), worked out once."""
        if not self.named_known:
            self.named = suits_named(self.ops)
            self.named_known = True
        return self.named


def _facts(card: CardInstance) -> _CardFacts:
    defn = card.defn
    kept = defn.facts
    if kept is None:
        kept = defn.facts = _CardFacts(card.card)
    facts: _CardFacts = kept
    return facts


def _quantities(card: CardInstance) -> tuple[n.Quantity, ...]:
    return _facts(card).quantities


@by_identity
def _card_quantities(card: KidCard) -> tuple[n.Quantity, ...]:
    out: list[n.Quantity] = []
    for action in (card.public, card.private):
        if action is not None:
            out += [x.count for x in action.walk() if isinstance(x, t.Repeat)]
    return tuple(out)


def boosted_suits(card: CardInstance, any_suits: Mapping[int, Suit]) -> frozenset[Suit]:
    """The suits that `x suit` quantities on the card count (R5.3), `x any` as chosen (R5.7)."""
    out = set()
    for q in _quantities(card):
        if type(q) is ft.SuitCount:
            out.add(q.suit)
        elif type(q) is ft.AnySuit and id(q) in any_suits:
            out.add(any_suits[id(q)])
    return frozenset(out)


def _can_boost(card: CardInstance, suits: frozenset[Suit]) -> bool:
    for s in card.suits:  # a loop, not suits.isdisjoint(): compiled, a method call is generic
        if s is COIN or s in suits:
            return True
    return False


def _suits_text(card: CardInstance) -> str:
    return _card_suits_text(card.card)


@by_identity
def _card_suits_text(card: KidCard) -> str:
    return "+".join(card.suits)  # StrEnum members are their values


# -- the leader's play (R5) --------------------------------------------------------------------


def _lead(ctx: FortCtx, card: CardInstance) -> bool:
    game, p = ctx.game, ctx.player
    game.move(p.hand, p.hand.index(card), p.in_play)
    game.note(ctx.sources, card)
    facts = _facts(card)
    any_nodes: tuple[n.Quantity, ...] = facts.any_nodes
    if COIN in card.suits:
        if not ctx.search:  # contexts are only read when an agent is asked
            _real_context(ctx, facts.coin_context)
        then = _AnySuits(ctx, any_nodes, 0)
        if not interpreter.EQUIVALENT_OPTIONS:
            return choose_suit(ctx, ctx.coins_to_name(), card.uid, PLAIN_SUITS, then)
        if facts.coin_alike and not ctx.search:  # every name legal: none need be tried
            return decide_at(ctx, K_COIN_SUIT, len(PLAIN_SUITS),
                             _CoinName(ctx, card.uid, then), _EVERY_NAME)
        same = facts.coin_names
        named = ctx.coins_to_name()
        known = _suits_known(ctx, named, card.uid, PLAIN_SUITS, same) if not ctx.search \
            else _NONE_KNOWN
        return choose_suit(ctx, named, card.uid, PLAIN_SUITS, then, same, known)
    return _any_suits(ctx, any_nodes, 0)


#: No option known legal before its trial (never changed).
_NONE_KNOWN: Final[list[bool]] = []


def _suits_known(ctx: FortCtx, table: dict[int, Suit], key: int, suits: Sequence[Suit],
                 same: Sequence[int]) -> list[bool]:
    """Per suit offered for ``table[key]`` (the played card's coin, R5.6, or an `x any`, R5.7),
    whether the play is legal for certain once it is chosen, as its trial would find (issue
    38): stopping the boost at once is then sure (:func:`_surely_stops`: an action of the card
    sure in full with an effect performed first, nothing added, R5.2-R5.5; an `x any` still to
    choose is not judged sure), whatever is chosen before the boost. Only when lookout cards
    count as the leader chooses (``Rules.lookout_optional``): else they are all counted before
    the boost, which changes what the actions count. A suit that ends as an earlier one
    (``same``) is judged with it."""
    game = ctx.game
    if not game.rules.lookout_optional:
        return _NONE_KNOWN
    known: list[bool] = []
    for i in range(len(suits)):
        if i < len(same) and same[i] != i:
            known.append(known[same[i]])
            continue
        mark = game.mark()
        game.note_item(table, key, suits[i])
        ok = _surely_stops(ctx)
        game.rollback(mark)
        known.append(ok)
    return known


#: Each name of a coin (R5.6) known to be legal (see _CardFacts.coin_alike). Never changed.
_EVERY_NAME: Final[list[bool]] = [True] * len(PLAIN_SUITS)


class _CoinName(Step):
    """Naming the played card's coin (R5.6), as :func:`choose_suit` offers it: ``PLAIN_SUITS[i]``
    stored in ``ctx.named`` (undone on rollback), then ``then``."""

    def __init__(self, ctx: FortCtx, uid: int, then: Step) -> None:
        self.ctx = ctx
        self.uid = uid
        self.then = then

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        ctx.game.note_item(ctx.coins_to_name(), self.uid, PLAIN_SUITS[i])
        return self.then.apply(0)

    def options(self) -> Sequence[Option]:
        return [SUIT_OPTION[s] for s in PLAIN_SUITS]


class _Lead(Then):
    """:func:`_lead` as a thunk: what the play's driver starts with."""

    def __init__(self, ctx: FortCtx, card: CardInstance) -> None:
        self.ctx = ctx
        self.card = card

    def apply(self, i: int) -> bool:
        return _lead(self.ctx, self.card)


@by_identity
def _any_nodes(card: KidCard) -> tuple[n.Quantity, ...]:
    """The card's `x any` quantities, each a suit to choose (R5.7)."""
    return tuple(q for q in _card_quantities(card) if type(q) is ft.AnySuit)


@by_identity
def _coin_names(card: KidCard) -> tuple[int, ...]:
    """``same`` for naming a coin (R5.6) on the card played or on a follower's card that matches
    by another suit: the name only changes the count of that suit in the played card's actions,
    so the suits no `x suit` of it counts (none, with an `x any`) end alike."""
    counted = {q.suit for q in _card_quantities(card) if type(q) is ft.SuitCount}
    if any(type(q) is ft.AnySuit for q in _card_quantities(card)):
        counted = set(PLAIN_SUITS)
    first: dict[Suit | None, int] = {}
    return tuple(first.setdefault(s if s in counted else None, i)
                 for i, s in enumerate(PLAIN_SUITS))


_ALL_SUITS: Final = tuple(Suit)  # what `x any` may count (R5.7)


def _any_suits(ctx: FortCtx, nodes: Sequence[n.Quantity], i: int) -> bool:
    play: _Play = ctx.play  # typed: compiled reads of its fields
    card = play.card
    if i < len(nodes):
        if not ctx.search:
            _real_context(ctx, _facts(card).any_context)
        key = id(nodes[i])
        same = _any_alike(ctx)
        table = ctx.suits_to_choose()
        known = _suits_known(ctx, table, key, _ALL_SUITS, same) if not ctx.search \
            else _NONE_KNOWN
        return choose_suit(ctx, table, key, _ALL_SUITS, _AnySuits(ctx, nodes, i + 1),
                           same, known)
    # no `x any`: its `x suit`s only (boosted_suits), known once per card
    suits = boosted_suits(card, ctx.any_suits) if nodes else _facts(card).fixed_set
    p = ctx.player
    if not suits:
        if ctx.game.explain and not ctx.search and p.hand:  # say why nothing can be added
            _real_context(ctx, _facts(card).unboosted_context)
            return decide(ctx, K_BOOST, [_STOP], [partial(_order, ctx)],
                          refused=partial(_unboostable, p.hand, "R13.3"))
        return _order(ctx)
    cands = tuple((c, True) for c in p.hand if _can_boost(c, suits))
    lookout = [c for c in p.lookout if _can_boost(c, suits)]
    if not ctx.search:
        _real_context(ctx, _boost_context(card, suits))
    if ctx.game.rules.lookout_optional:
        cands += tuple((c, False) for c in lookout)
        return _boost(ctx, suits, cands, 0)
    return _count_all(ctx, lookout, 0, suits, _Boost(ctx, suits, cands, 0))


def _boost_context(card: CardInstance, suits: frozenset[Suit]) -> str:
    """What the boost of ``card`` for ``suits`` is doing (R5.3), made once per card and set of
    suits (kept on its facts), not at every play."""
    contexts = _facts(card).boost_contexts
    context = contexts.get(suits)
    if context is None:
        context = contexts[suits] = f"{card.name}: add cards for " + ", ".join(sorted(suits)) \
            + " (R5.3)"
    return context


def _any_alike(ctx: FortCtx) -> list[int]:
    """``same`` for the suit of an `x any` (R5.7): the suits that no card the leader may count
    shows (the played card, the hand, the lookout; a coin as its name once named, R5.6), that
    the card's boxes do not name and that no `x any` counts yet end the play alike. Each
    plays the same part in the rest of the move: it counts nothing but the coins named after it,
    and a coin can be named after any of them. Without that, a card with three `x any` tries
    7^3 sets of suits (issue 13.3)."""
    if not interpreter.EQUIVALENT_OPTIONS:
        return []
    play: _Play = ctx.play
    distinct = _facts(play.card).named_suits()
    if distinct is None:  # an op of another vocabulary may read any suit
        return []
    shown = set(distinct)
    shown.update(ctx.any_suits.values())
    p, named = ctx.player, ctx.named
    for zone in (ctx.sources, p.hand, p.lookout):
        for c in zone:
            for s in c.suits:
                shown.add(s)  # a coin shows the coin suit (R5.7: `x any` may count coins)
                if s is COIN and c.uid in named:
                    shown.add(named[c.uid])
    same: list[int] = []
    first = -1
    for i, s in enumerate(_ALL_SUITS):
        if s in shown:
            same.append(i)
        else:
            if first < 0:
                first = i
            same.append(first)
    return same


class _AnySuits(Then):
    """:func:`_any_suits` from node ``i``, as a thunk (the suit of a coin or an `x any` named)."""

    def __init__(self, ctx: FortCtx, nodes: Sequence[n.Quantity], i: int) -> None:
        self.ctx = ctx
        self.nodes = nodes
        self.i = i

    def apply(self, i: int) -> bool:
        return _any_suits(self.ctx, self.nodes, self.i)


def _count_all(ctx: FortCtx, cards: Sequence[CardInstance], i: int, suits: frozenset[Suit],
               then: Step) -> bool:
    """Count every one of ``cards`` (lookout cards when they count automatically), naming coins,
    then go on with ``then``."""
    if i == len(cards):
        return then.apply(0)
    card = cards[i]
    ctx.game.note(ctx.sources, card)
    play: _Play | None = ctx.play
    if play is not None:
        ctx.game.note(play.lookout_used, card)
    if COIN in card.suits and suits:  # the rest as a thunk only when a suit is asked
        return choose_suit(ctx, ctx.coins_to_name(), card.uid, sorted(suits),
                           _CountAll(ctx, cards, i + 1, suits, then))
    return _count_all(ctx, cards, i + 1, suits, then)


class _CountAll(Then):
    """:func:`_count_all` from card ``i``, as a thunk."""

    def __init__(self, ctx: FortCtx, cards: Sequence[CardInstance], i: int, suits: frozenset[Suit],
                 then: Step) -> None:
        self.ctx = ctx
        self.cards = cards
        self.i = i
        self.suits = suits
        self.then = then

    def apply(self, i: int) -> bool:
        return _count_all(self.ctx, self.cards, self.i, self.suits, self.then)


def _boost(ctx: FortCtx, suits: frozenset[Suit], cands: tuple[tuple[CardInstance, bool], ...],
           start: int) -> bool:
    """Add one more card (from hand, or count one from the lookout) or stop (R5.3).

    While searching, cards are only added in list order after the last one, so each set of
    added cards is tried once, not once per permutation. The options are one choice point
    (_BoostStep), its labels made only when an agent is asked."""
    # Cards that give the `x` the same counts add alike (_gives): an added card's actions are
    # never used (R5.3), its counts are what is read (R5.5, R5.6); which card leaves the hand
    # is, as for any card an action moves, never read (interpreter.EQUIVALENT_OPTIONS, the
    # switch of that premise).
    alike = interpreter.EQUIVALENT_OPTIONS
    fresh = _addable(ctx, cands, start, alike and ctx.search)
    if ctx.search:  # stop first, then each card in turn
        return decide_at(ctx, K_BOOST, 1 + len(fresh), _BoostStep(ctx, suits, cands, fresh, True))
    return _boost_asked(ctx, suits, cands, fresh)


def _boost_judged(ctx: FortCtx, suits: frozenset[Suit],
                  cands: tuple[tuple[CardInstance, bool], ...], start: int) -> bool:
    """:func:`_boost` while searching, right after the card whose trial starts the search was
    added (:func:`_add_judged`): stopping here was judged not sure on this very table."""
    fresh = _addable(ctx, cands, start, interpreter.EQUIVALENT_OPTIONS)
    step = _BoostStep(ctx, suits, cands, fresh, True)
    step.stop_judged = True
    return decide_at(ctx, K_BOOST, 1 + len(fresh), step)


def _boost_asked(ctx: FortCtx, suits: frozenset[Suit],
                 cands: tuple[tuple[CardInstance, bool], ...], fresh: list[int]) -> bool:
    """:func:`_boost` made for real: its options judged, then asked."""
    alike = interpreter.EQUIVALENT_OPTIONS
    same: list[int] = []
    if alike:  # every card is offered; one of each count and place is tried
        first: dict[tuple[bool, tuple[int, ...]], int] = {}
        same = [0] + [first.setdefault((from_hand, _gives(ctx, c)), i)
                      for i, (c, from_hand) in enumerate([cands[j] for j in fresh], 1)]
    firsts = _firsts(ctx)
    known = [firsts & (_PUBLIC_FIRST | _PRIVATE_FIRST) != 0]  # stopping is sure (_surely_stops)
    settled = _NONE_SETTLED
    play: _Play = ctx.play
    if not known[0] and play.tried:
        hit = _stop_tried(ctx)
        if hit is not None:
            if hit[0]:
                known[0] = True
            else:
                settled = [""] * (1 + len(fresh))
                settled[0] = hit[1] or _NOT_COMPLETED
    dead = play.dead if play.blind else _NO_DEAD
    for i, j in enumerate(fresh, 1):
        c, from_hand = cands[j]
        if same and same[i] != i:  # judged by the trial of the earlier option it adds as
            known.append(False)
            continue
        if dead and _dead_key(ctx, c, from_hand) in dead:
            verdict = -2  # its trial would fail (_Play.dead): the rule is unread (blind)
        else:
            verdict = _added_verdict(ctx, c, from_hand, suits)
        known.append(verdict > 0)
        if verdict < 0:
            if not settled:
                settled = [""] * (1 + len(fresh))
            settled[i] = "R5.5" if verdict == IN_VAIN else _NOT_COMPLETED
            if play.blind and verdict != -2:  # fails whatever is added (its trial would)
                _note_dead(play, _dead_key(ctx, c, from_hand))
    step = _BoostStep(ctx, suits, cands, fresh, False)
    step.firsts = firsts
    return decide_at(ctx, K_BOOST, 1 + len(fresh), step, known, same,
                     _RefusedAdds(ctx.player.hand, suits), settled)


#: Bits of :func:`_firsts`: the public box is sure performed first, the private one is, the
#: private one was judged (only when the public one is not sure: as :func:`surely_stops`).
_PUBLIC_FIRST: Final = 1
_PRIVATE_FIRST: Final = 2
_PRIVATE_JUDGED: Final = 4
_NOT_JUDGED: Final = -1


def _firsts(ctx: FortCtx) -> int:
    """:func:`_surely_stops` box by box (R5.2-R5.5): :func:`surely_first` of the public box,
    then, if it is not sure, of the private one, as bits. A boost made for real keeps them for
    the order step that follows when the agent stops (:func:`_order`: nothing changes the
    table between them), which then judges each box once instead of twice (issue 38)."""
    play: _Play = ctx.play
    defn = card_ops(play.card)
    pub, priv = defn.pub_op, defn.priv_op
    if pub is not None and surely_first(ctx, pub):
        return _PUBLIC_FIRST
    if priv is not None and surely_first(ctx, priv):
        return _PRIVATE_FIRST | _PRIVATE_JUDGED
    return _PRIVATE_JUDGED


def _stop_tried(ctx: FortCtx) -> tuple[bool, str | None] | None:
    """How stopping the boost now (R5.3) ended when a trial of this play searched the same
    cards counted (:func:`_stop`, :func:`_stop_key`), or None: its trial would end as that
    search did, with the rule it recorded (issue 38)."""
    play: _Play = ctx.play
    return play.tried.get(_stop_key(ctx))


#: The rule a trial that recorded none reports (decide_at's).
_NOT_COMPLETED: Final = "cannot be completed"


def _surely_stops(ctx: FortCtx) -> bool:
    """Stopping the boost now (R5.3) is certain to be legal: an action of the card is sure to be
    legal performed first (as :func:`_stop` judges before its search)."""
    play: _Play = ctx.play
    defn = card_ops(play.card)
    return surely_stops(ctx, defn.pub_op, defn.priv_op) or _stops_in_order(ctx)


def _stops_in_order(ctx: FortCtx) -> bool:
    """Stopping the boost now (R5.3) is certain to be legal with both boxes in one order (R5.2:
    :func:`stops_after_advance`, an advance then a repeated pack): that order is kept as the one
    a search of these cards counted finds (_Play.orders, :func:`_stop_key`), known legal when
    the move made for real reaches it, as if searched (issue 38)."""
    play: _Play = ctx.play
    defn = card_ops(play.card)
    order = stops_after_advance(ctx, defn.pub_op, defn.priv_op)
    if order == NO_ORDER:
        return False
    key = _stop_key(ctx)
    if key not in play.orders:
        if play.orders is _NO_ORDERS:
            play.orders = {}
        # order_options: both boxes, public then private first, then private then public
        play.orders[key] = 0 if order == PUBLIC_THEN_PRIVATE else 1
    return True


def _put_added(ctx: FortCtx, play: _Play, c: CardInstance, from_hand: bool) -> None:
    """``c`` added to the play (R5.3), journaled: from the hand into play, or a lookout card
    used where it lies (R13.3); its suits then count (R5.3)."""
    game = ctx.game
    if from_hand:
        p = ctx.player
        game.move(p.hand, p.hand.index(c), p.in_play)
        game.note(play.added, c)
    else:
        game.note(play.lookout_used, c)
    game.note(ctx.sources, c)


def _added_verdict(ctx: FortCtx, c: CardInstance, from_hand: bool, suits: frozenset[Suit]) -> int:
    """How adding ``c`` (R5.3) ends, as its trial would find (with ``c`` added or counted, as
    :func:`_add` does; then rolled back): 1 legal for certain, stopping right after it is
    (:func:`_surely_stops`); -1 excluded for R5.5 at once, a card from the hand that
    :func:`_added` finds in vain (:func:`surely_in_vain`); -3, in a blind game (_Play.blind:
    the rule is unread), excluded for certain (:func:`added_verdict`: never useful, or no
    action can be performed in full any more); 0 not known. A coin is named first
    (R5.6), each boosted suit in the order :func:`_add` offers them: one name that surely stops
    makes it legal, every name in vain excludes it, every name failing too (issue 38)."""
    game = ctx.game
    play: _Play = ctx.play
    mark = game.mark()
    try:
        _put_added(ctx, play, c, from_hand)
        if COIN in c.suits:
            verdict = _named_verdict(ctx, c, suits)
        elif _surely_stops(ctx):
            verdict = 1
        else:
            verdict = added_verdict(ctx, c, play.blind)
    finally:
        game.rollback(mark)
    return verdict


def _named_verdict(ctx: FortCtx, c: CardInstance, suits: frozenset[Suit]) -> int:
    """:func:`_added_verdict` of a coin, named each of ``suits`` in turn (the naming rolled back
    by the caller)."""
    game, named, uid = ctx.game, ctx.coins_to_name(), c.uid
    blind = ctx.play.blind
    worst = IN_VAIN
    for s in sorted(suits):
        game.note_item(named, uid, s)
        if _surely_stops(ctx):
            return 1
        if worst != NOT_KNOWN:
            verdict = added_verdict(ctx, c, blind)
            if verdict == NOT_KNOWN:
                worst = NOT_KNOWN
            elif verdict == FAILS:
                worst = FAILS
    return worst


class _BoostStep(Step):
    """The boost's options: stop (0), or add ``cands[fresh[j - 1]]`` and boost on from the next
    candidate (``nxt``, while searching) or from the first (an agent was asked)."""

    def __init__(self, ctx: FortCtx, suits: frozenset[Suit],
                 cands: tuple[tuple[CardInstance, bool], ...], fresh: list[int],
                 nxt: bool) -> None:
        self.ctx = ctx
        self.suits = suits
        self.cands = cands
        self.fresh = fresh
        self.nxt = nxt
        #: :func:`_firsts` where the boost was made for real (the table it was judged on is
        #: the one the option picked starts from), else _NOT_JUDGED.
        self.firsts = _NOT_JUDGED
        #: Stopping (option 0) was judged not sure on the table this step starts from (see
        #: :func:`_boost_judged`).
        self.stop_judged = False

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        if not self.nxt:  # a boost made for real (see _Play.dead)
            play: _Play = ctx.play
            if play.blind:
                if not ctx.search:
                    _trial_ends(ctx, self)  # the option picked, after the trials
                elif not ctx.points:  # a trial's own driver starts with it
                    _trial_starts(ctx, self, i)
            if i and ctx.search and not ctx.points:  # the trial of an add, judged before it
                return _add_judged(ctx, self.suits, self.cands, self.fresh[i - 1])
        if not i:
            if not ctx.search:  # the agent stopped: the order step, judged as the boost was
                return _order_judged(ctx, self.firsts)
            return _stop(ctx, self.stop_judged)
        return _add(ctx, self.suits, self.cands, self.fresh[i - 1], self.nxt)

    def options(self) -> Sequence[Option]:
        return _boost_options([self.cands[j] for j in self.fresh])


class _RefusedAdds:
    """:func:`_refused_adds` of one boost, as a thunk (read only to explain)."""

    __slots__ = ("hand", "suits")

    def __init__(self, hand: list[CardInstance], suits: frozenset[Suit]) -> None:
        self.hand = hand
        self.suits = suits

    def __call__(self) -> list[tuple[str, str]]:
        return _refused_adds(self.hand, self.suits)


def _add(ctx: FortCtx, suits: frozenset[Suit], cands: tuple[tuple[CardInstance, bool], ...], j: int,
         nxt: bool) -> bool:
    """Add ``cands[j]`` (R5.3), name its coin (R5.6), then boost on: from the next candidate
    (``nxt``, while searching from a search) or from the first (a choice an agent was asked)."""
    play: _Play = ctx.play
    c, from_hand = cands[j]
    _put_added(ctx, play, c, from_hand)
    start = j + 1 if nxt else 0
    if COIN in c.suits:  # named first (R5.6), then judged
        return choose_suit(ctx, ctx.coins_to_name(), c.uid, sorted(suits),
                           _Added(ctx, suits, cands, start, c, from_hand))
    return _added(ctx, suits, cands, start, c, from_hand)


def _add_judged(ctx: FortCtx, suits: frozenset[Suit],
                cands: tuple[tuple[CardInstance, bool], ...], j: int) -> bool:
    """The trial of adding ``cands[j]`` at a boost made for real (R5.3): as :func:`_add` from
    the first candidate, but a card without a coin to name was judged by
    :func:`_added_verdict` on this very table, added the same way, before its trial: neither
    sure to stop (else known legal) nor surely in vain (else settled, R5.5), so neither is
    judged again (issue 38). A coin is named first (R5.6): left to :func:`_add`."""
    c, from_hand = cands[j]
    if COIN in c.suits:
        return _add(ctx, suits, cands, j, False)
    _put_added(ctx, ctx.play, c, from_hand)
    return _boost_judged(ctx, suits, cands, 0)


def _added(ctx: FortCtx, suits: frozenset[Suit], cands: tuple[tuple[CardInstance, bool], ...],
           start: int, c: CardInstance, from_hand: bool) -> bool:
    """``c`` added (its coin named): boost on, unless it can never be useful (R5.5)."""
    if ctx.search and from_hand and surely_in_vain(ctx, c):
        return ctx.fails("R5.5")  # what every completion would end with
    return _boost(ctx, suits, cands, start)


class _Added(Then):
    """:func:`_added`, as a thunk (once the added card's coin is named)."""

    def __init__(self, ctx: FortCtx, suits: frozenset[Suit],
                 cands: tuple[tuple[CardInstance, bool], ...], start: int, c: CardInstance,
                 from_hand: bool) -> None:
        self.ctx = ctx
        self.suits = suits
        self.cands = cands
        self.start = start
        self.c = c
        self.from_hand = from_hand

    def apply(self, i: int) -> bool:
        return _added(self.ctx, self.suits, self.cands, self.start, self.c, self.from_hand)


class _Boost(Then):
    """:func:`_boost` from candidate ``start``, as a thunk (once lookout cards are counted)."""

    def __init__(self, ctx: FortCtx, suits: frozenset[Suit],
                 cands: tuple[tuple[CardInstance, bool], ...], start: int) -> None:
        self.ctx = ctx
        self.suits = suits
        self.cands = cands
        self.start = start

    def apply(self, i: int) -> bool:
        return _boost(self.ctx, self.suits, self.cands, self.start)


#: Whether _stop settles a set of added cards once per play (tests compare with this off).
REMEMBER_STOPS: Final = True
#: Whether a blind play keeps the cards no legal play can add (_Play.dead; tests compare with
#: this off).
REMEMBER_DEAD: Final = True
#: Whether a follower's coin with one name it may take (R5.6) is named at once, without its
#: choice point (tests compare with this off).
NAME_ONE_AT_ONCE: Final = True
#: Whether a move made for real writes its context and ``safe`` on the context object itself,
#: not through the undo log (see :func:`_real_note`; tests compare with this off).
REAL_NOTES_PLAIN: Final = True
#: Whether the records of the actions used (R5.4) are tuples made once (tests compare with
#: this off).
USES_MADE_ONCE: Final = True
#: Whether _stop's search knows, at its order point, that neither box is sure first (see
#: :func:`_at_stop_start`; tests compare with this off).
STOP_FIRSTS_KNOWN: Final = True
#: Whether a move made for real leaves unjudged an action with no choice point (see _perform;
#: tests compare with this off).
STRAIGHT_UNJUDGED: Final = True


def _stop(ctx: FortCtx, judged: bool = False) -> bool:
    """Stop adding cards (R5.3) and perform the actions (R5.2). While searching, each set of
    cards added, counted and named is tried once per play: trials of the boost's options reach
    the same sets in other orders (adding A then B, B then A), and again at the next decision
    once the agent added one. The order cards were added in changes nothing the rest of the
    move reads (their suits are counted, in_play's order is never read), so the set, the lookout
    cards counted and the suits named (R5.6, R5.7) settle the outcome: legal or not, and the rule
    a failure reports (merged into ctx.fail as if the search had run again): :func:`_stop_key`."""
    if not ctx.search or not REMEMBER_STOPS:
        return _order(ctx)
    play: _Play = ctx.play
    defn = card_ops(play.card)  # each action can come first (R5.2)
    if not judged and (surely_stops(ctx, defn.pub_op, defn.priv_op) or _stops_in_order(ctx)):
        play.trial_ok = True  # see _trial_ends
        return True  # as _order's search would find, by the same test (rules are moot)
    key = _stop_key(ctx)
    hit = play.tried.get(key)
    if hit is None:
        outer = ctx.fail
        ctx.fail = None
        play.order_at = -1
        play.searching = key
        try:
            ok = drive(ctx, _Order(ctx), 0)  # its outcome is kept: its own driver
        finally:
            play.searching = None
        hit = (ok, _recorded(ctx))
        if play.tried is _NO_TRIED:
            play.tried = {}
        play.tried[key] = hit
        if ok and play.order_at >= 0:
            # depth first, a search ends at its first legal completion: the order it was in
            if play.orders is _NO_ORDERS:
                play.orders = {}
            play.orders[key] = play.order_at
        ctx.fail = outer
    rule = hit[1]
    if rule is not None:
        ctx.fails(rule)
    if hit[0]:
        play.trial_ok = True  # see _trial_ends
    return hit[0]


def _stop_key(ctx: FortCtx) -> tuple:
    """What the rest of a play reads of the cards counted once the boost stops: the counts the
    cards give (issue 31.7), not which cards give them. Each card counted (the played card, the
    cards added, the lookout cards counted), in no order, by its role and by how many times it
    shows each suit the card's `x` count (its share, a named coin as its suit, R5.6, R5.7): a
    repetition reads the sum (suit_count), R5.5 each added card's share (useful), and
    nothing reads a suit no `x` counts (an added card's actions are never used, R5.3; which
    card leaves the hand is never read: the premise of interpreter.EQUIVALENT_OPTIONS, without
    which, or in a play whose tests read the cards, each card is itself, with the suit its
    coin was named). So the sets of cards that count alike, the coins named alike and the
    suits that every card counted shows alike are searched once (issue 13.3: a card with three
    `x any`, or a hand with coins to name, would otherwise try each set of added cards with
    each set of suits)."""
    play: _Play = ctx.play
    named = ctx.named
    # a test reads the cards after one moved (Ctx.alike): which one was added may matter
    alike = interpreter.EQUIVALENT_OPTIONS and ctx.alike
    counted: list[tuple[tuple[int, Any, Any], CardInstance]] = []
    for c in ctx.sources:
        role = 0 if c is play.card else 1 if c in play.added else 2  # by identity
        if alike:
            counted.append(((role, _shares(ctx, c), ""), c))
        else:
            counted.append(((role, c.uid, named.get(c.uid, "")), c))
    counted.sort(key=_first)
    if alike:
        return tuple(profile for profile, _ in counted)
    each_any = tuple(tuple(card_count(c, suit, named) for _, c in counted)
                     for _, suit in sorted(ctx.any_suits.items()))
    return tuple(profile for profile, _ in counted), each_any


def _shares(ctx: FortCtx, c: CardInstance) -> tuple[int, ...]:
    """How many times ``c`` shows the suit of each `x` of the played card: each `x suit` once,
    then each `x any` in order, as chosen (R5.3, R5.6, R5.7)."""
    play: _Play = ctx.play
    facts = _facts(play.card)
    named, chosen = ctx.named, ctx.any_suits
    out = [card_count(c, s, named) for s in facts.fixed_suits]
    for q in facts.any_nodes:
        out.append(card_count(c, chosen[id(q)], named))
    return tuple(out)


def _first(pair: tuple[tuple[int, Any, Any], CardInstance]) -> tuple[int, Any, Any]:
    return pair[0]


def _recorded(ctx: FortCtx) -> str | None:
    """``ctx.fail``, read through a call: after ``ctx.fail = None`` mypy narrows the attribute to
    None across the search, and mypyc compiles that narrowing into a run-time check."""
    return ctx.fail


def _refused_adds(hand: list[CardInstance], suits: frozenset[Suit]) -> list[tuple[str, str]]:
    return _unboostable([c for c in hand if not _can_boost(c, suits)], "R5.3")


def _addable(ctx: FortCtx, cands: tuple[tuple[CardInstance, bool], ...], start: int,
             alike: bool) -> list[int]:
    """The candidates from ``start`` not added or counted yet, one per card definition and
    place (copies of a card add alike), or with ``alike`` one per count given and place."""
    play: _Play = ctx.play
    seen: set[tuple[bool, Any]] = set()
    out = []
    dead = play.dead if alike else _NO_DEAD  # keyed by what a card gives (_dead_key)
    for j in range(start, len(cands)):
        c, from_hand = cands[j]
        if (c in play.added) if from_hand else (c in play.lookout_used):
            continue
        key = (from_hand, _gives(ctx, c) if alike else id(c.card))
        if dead and key in dead:
            continue  # no legal play counts it any more (_Play.dead)
        if key not in seen:
            seen.add(key)
            out.append(j)
    return out


_NO_NAMES: Final[dict[int, Suit]] = {}  # never changed


def _dead_key(ctx: FortCtx, c: CardInstance, from_hand: bool) -> tuple[bool, tuple[int, ...]]:
    """How :func:`_addable` knows ``c`` in a search (cards that give alike add alike)."""
    return from_hand, _gives(ctx, c)


def _note_dead(play: _Play, key: tuple[bool, tuple[int, ...]]) -> None:
    if play.dead is _NO_DEAD:
        play.dead = set()
    play.dead.add(key)


def _trial_starts(ctx: FortCtx, step: _BoostStep, i: int) -> None:
    """A trial of option ``i`` of ``step``, a boost made for real, starts (decide_at tries its
    options in turn, then goes on with the one picked): the trial before it has ended."""
    _trial_ends(ctx, step)
    play: _Play = ctx.play
    play.trial_step = step
    play.trial_i = i
    play.trial_ok = False


def _trial_ends(ctx: FortCtx, step: _BoostStep) -> None:
    """The last trial of ``step`` has ended: if it added a card (R5.3) and no stop in it found
    a legal play (:func:`_stop`, the only way a boost's search ends legally), no set of cards
    counted with that card is legal from this boost on: it is dead (_Play.dead)."""
    play: _Play = ctx.play
    if play.trial_step is step and play.trial_i > 0 and not play.trial_ok:
        c, from_hand = step.cands[step.fresh[play.trial_i - 1]]
        _note_dead(play, _dead_key(ctx, c, from_hand))
    play.trial_step = None


def _gives(ctx: FortCtx, c: CardInstance) -> tuple[int, ...]:
    """What adding ``c`` gives the played card's `x` (:func:`_shares`), its coins not named yet
    (R5.6: then counted as one more of the suit named): cards that give alike add alike."""
    play: _Play = ctx.play
    facts = _facts(play.card)
    chosen = ctx.any_suits
    out = [card_count(c, s, _NO_NAMES) for s in facts.fixed_suits]
    for q in facts.any_nodes:
        out.append(card_count(c, chosen[id(q)], _NO_NAMES))
    coins = 0
    for s in c.suits:
        if s is COIN:
            coins += 1
    out.append(coins)
    return tuple(out)


def _unboostable(cards: list[CardInstance], rule: str) -> list[tuple[str, str]]:
    """Hand cards the leader may not add (``Game.explain``): R5.3 a card sharing no boosted
    suit, R13.3 any card when the action has no `x`."""
    return [(f"add {cards[i].name} ({_suits_text(cards[i])})", rule) for i in distinct(cards)]


_STOP: Final = Option("stop adding cards", None)


def _boost_options(offered: list[tuple[CardInstance, bool]]) -> list[Option]:
    options = [_STOP]
    for c, from_hand in offered:
        options.append(_facts(c).add_options[0 if from_hand else 1])
    return options


@by_identity
def _add_options(card: KidCard) -> tuple[Option, Option]:
    """Adding ``card`` from the hand, counting it from the lookout (R5.3): made once per card
    definition (an option is immutable)."""
    suits = _card_suits_text(card)
    return (Option(f"add {card.name} ({suits})", ("hand", card.id)),
            Option(f"count from your lookout {card.name} ({suits})", ("lookout", card.id)))


@by_identity
def order_options(card: KidCard) -> tuple[tuple[tuple[str, ...], ...], tuple[Option, ...]]:
    """R5.2: public, private or both, in either order; blank boxes are not offered."""
    pub, priv = card.public, card.private
    sequences: list[tuple[str, ...]] = []
    if pub is not None and priv is not None:
        sequences = [(PUBLIC, PRIVATE), (PRIVATE, PUBLIC), (PUBLIC,), (PRIVATE,)]
    elif pub is not None:
        sequences = [(PUBLIC,)]
    elif priv is not None:
        sequences = [(PRIVATE,)]
    texts = {PUBLIC: pub, PRIVATE: priv}
    options = [Option(" then ".join(f"{w} ({text(texts[w])})" for w in seq)
                      + (" only" if len(seq) == 1 and len(sequences) > 1 else ""), seq)
               for seq in sequences]
    return tuple(sequences), tuple(options)


def _order(ctx: FortCtx) -> bool:
    """The order of the actions (R5.2)."""
    return _order_judged(ctx, _NOT_JUDGED)


def _order_judged(ctx: FortCtx, firsts: int) -> bool:
    """:func:`_order`; ``firsts``: :func:`_firsts` on this table, or _NOT_JUDGED."""
    play: _Play = ctx.play
    facts = _facts(play.card)
    sequences = facts.sequences
    if not sequences:
        return ctx.fails("R5.4")  # two blank boxes: nothing can be performed in full
    if ctx.search:  # each order in turn until one completes legally
        return decide_at(ctx, K_ORDER, len(sequences), _OrderStep(ctx))
    _real_context(ctx, facts.order_context)
    # Judged once per action that can come first (R5.4, R5.5), or second after one that cannot
    # make it fall short (then it is sure whether it comes first or second).
    defn = card_ops(play.card)
    pub, priv = defn.pub_op, defn.priv_op
    if firsts == _NOT_JUDGED:
        firsts = _firsts(ctx)
    public = firsts & _PUBLIC_FIRST != 0
    private = firsts & _PRIVATE_FIRST != 0 if firsts & _PRIVATE_JUDGED \
        else priv is not None and surely_first(ctx, priv)
    after_public = private and pub is not None and spared(ctx, pub, facts.public_spares)
    after_private = public and priv is not None and spared(ctx, priv, facts.private_spares)
    known = [public or len(s) == 2 and after_public if s[0] == PUBLIC
             else private or len(s) == 2 and after_private for s in sequences]
    first_rule: str | None = None
    if play.orders and not all(known):
        # an order _stop's search found legal for the same cards counted (its key settles the
        # rest of the move, the order's too): legal now, without its trial (issue 38)
        key = _stop_key(ctx)
        found = play.orders.get(key, -1)
        if found >= 0:
            known[found] = True
            if found == 1 and not known[0]:  # the first order failed in it, for this rule
                first_rule = _first_failed(play, key)
    settled = _orders_settled(ctx, sequences, known, pub, priv)
    if first_rule is not None:
        if not settled:
            settled = [""] * len(sequences)
        settled[0] = first_rule
    step = _OrderStep(ctx)
    step.judged = True
    return decide_at(ctx, K_ORDER, len(sequences), step, known, settled=settled)


def _first_failed(play: _Play, key: tuple) -> str | None:
    """The rule the first order (R5.2) fails with, as its trial would report it (its search
    recorded none: decide_at's), when _stop's search for ``key`` went past it; else None."""
    if key not in play.first_failed:
        return None
    return play.first_failed[key] or _NOT_COMPLETED


def _orders_settled(ctx: FortCtx, sequences: tuple[tuple[str, ...], ...], known: list[bool],
                    pub: Op | None, priv: Op | None) -> list[str]:
    """Per order, the rule its trial would fail with, or "" (none: empty), for an action
    performed alone (R5.2), not sure (``known``), with no action used yet, as :func:`_perform`'s
    search finds before it performs anything (issue 38):
    * certain not to be performed in full with an effect (:func:`surely_not_done`): R5.4;
    * with cards added that it cannot make useful (:func:`_in_vain_whatever`: it repeats
      nothing by a suit, R5.5), and certain to be performed in full with an effect
      (:func:`surely_in_full`): R5.5, the rule :func:`_rule_in_vain`'s search reports when
      some way performs it so (R5.5 outranks R5.4)."""
    play: _Play = ctx.play
    if _one_in_full(play):
        return _NONE_SETTLED
    settled = _NONE_SETTLED
    added = len(play.added) > 0
    for i in range(len(sequences)):
        seq = sequences[i]
        if len(seq) != 1 or known[i]:
            continue
        op = pub if seq[0] == PUBLIC else priv
        if op is None:
            continue
        rule = ""
        if surely_not_done(ctx, op):
            rule = "R5.4"
        elif added and _in_vain_whatever(ctx, op) and surely_in_full(ctx, op):
            rule = "R5.5"
        if rule:
            if not settled:
                settled = [""] * len(sequences)
            settled[i] = rule
    return settled


class _Order(Then):
    """:func:`_order`, as a thunk: what _stop's own driver starts with."""

    def __init__(self, ctx: FortCtx) -> None:
        self.ctx = ctx

    def apply(self, i: int) -> bool:
        return _order(self.ctx)


class _OrderStep(Step):
    """The orders of the played card's actions (R5.2): option ``i`` performs the actions of
    ``sequences[i]`` in turn."""

    def __init__(self, ctx: FortCtx) -> None:
        self.ctx = ctx
        #: The order step of a play made for real, whose options not known legal nor settled
        #: were judged as :func:`_perform`'s search judges its first action (see there).
        self.judged = False

    def apply(self, i: int) -> bool:
        ctx = self.ctx
        play: _Play = ctx.play
        sequences = _facts(play.card).sequences
        if self.judged and ctx.search and not ctx.points:  # a trial's own driver starts here
            return _perform(ctx, sequences[i], 0, True)
        if ctx.search:
            play.order_at = i  # the last one tried when a search succeeds: see _stop
            if i == 1 and play.searching is not None:
                _first_order_failed(ctx, self)
        if i >= 2 and ctx.search and REMEMBER_STOPS and _implied_failing(ctx, self, i):
            return False  # what its search would end with (see _implied_failing)
        if ctx.search and play.searching is not None and STOP_FIRSTS_KNOWN \
                and _at_stop_start(ctx, self, i):
            return _perform(ctx, sequences[i], 0, False, True)
        return _perform(ctx, sequences[i], 0)

    def options(self) -> Sequence[Option]:
        play: _Play = self.ctx.play
        return _facts(play.card).orders


def _at_stop_start(ctx: FortCtx, step: _OrderStep, i: int) -> bool:
    """Option ``i`` of ``step``, in _stop's own search (``_Play.searching`` set), is applied
    on the table _stop started from: its order point's (the search's first, depth first: the
    point pushed by _order's decide_at, or none when one order was jumped to), rolled back to
    its mark. There :func:`surely_stops` was False (_stop judged it before its search, or
    judged ``stop_judged``: _added_verdict found it so on that very table), so is
    :func:`surely_first` of either box (issue 38)."""
    points = ctx.points
    if not points:
        return True  # the search's first step: _order jumped to its one order
    point = points[0]
    return len(points) == 1 and point.step is step and point.i == i


def _first_order_failed(ctx: FortCtx, step: _OrderStep) -> None:
    """The second order (R5.2) of _stop's own search is tried from its first point (its
    order point, depth first: the first order failed, every way of performing it searched):
    what that search recorded since it started (``ctx.fail``, None at its start) is the rule
    the first order fails with alone, which _order excludes it for without a trial."""
    points = ctx.points
    if not points or len(points) != 1 or points[0].step is not step:
        return  # not the search's own order point (a trial, or one reached after others)
    play: _Play = ctx.play
    key = play.searching
    if key is not None:
        if play.first_failed is _NO_FAILED:
            play.first_failed = {}
        play.first_failed[key] = _recorded(ctx)


def _implied_failing(ctx: FortCtx, step: _OrderStep, i: int) -> bool:
    """Option ``i`` of a search's order point, one action alone (R5.2: ``sequences`` is both
    orders, then each action alone), need not be searched (issue 38): its search would fail
    and leave the rule recorded (``ctx.fail``) as it is.

    Reached from its point (the search's latest, trying option ``i``: not a trial started at
    it), both orders failed before it (depth first). A way of performing action A alone that
    is legal is legal followed by the other one too (after it R5.4 and R5.5 hold whatever comes
    next: :func:`_perform`), so A alone fails too. Its search can only record R5.4 (no action
    in full with an effect) or R5.5 (an added card useless; none added: never), the rules a
    leader's play fails with (:func:`_violation`, :func:`_rule_in_vain`), and the rule kept
    is the one of highest priority (``Ctx.fails``: R5.5 over R5.4): nothing it could record
    would change the one already recorded when that is R5.5, or R5.4 with no card added.
    Only with :data:`REMEMBER_STOPS` (the order searched by :func:`_stop`'s own driver):
    off, the tests' reference searches every order."""
    points = ctx.points
    if not points:
        return False
    point = points[-1]
    if point.step is not step or point.i != i:
        return False  # a trial started at this option (decide_at): nothing tried before it
    fail = ctx.fail
    if fail == "R5.5":
        return True
    play: _Play = ctx.play
    return fail == "R5.4" and not play.added


def _spares(card: CardInstance, first: str) -> bool:
    """The box ``first`` of ``card``, performed first, cannot make the other fall short."""
    facts = _facts(card)
    return facts.public_spares if first == PUBLIC else facts.private_spares


def _action(card: CardInstance, which: str) -> Op:
    defn = card_ops(card)
    op = defn.pub_op if which == PUBLIC else defn.priv_op
    assert op is not None, "blank boxes are never in an order (R5.2)"
    return op


def _perform(ctx: FortCtx, sequence: tuple[str, ...], i: int, judged: bool = False,
             unsure: bool = False) -> bool:
    """Perform action ``i`` of ``sequence`` (R5.2), then the rest. ``judged``: the trial of an
    order that _order, on this very table, neither knew legal (its first action sure first,
    or sure second after one that spares it: the test below) nor settled (an action alone
    surely not done: R5.4, below); those tests would answer False again (issue 38).
    ``unsure``: neither box is sure first on this table (:func:`_at_stop_start`), so the first
    test would answer False again."""
    if i == len(sequence):
        return _leader_check(ctx)
    game = ctx.game
    play: _Play = ctx.play
    which = sequence[i]
    action = _action(play.card, which)
    # R5.4 and R5.5 will hold after this action (sure now, whatever came before it: it records
    # an effect for every repetition, each added card counted by it), or after this one and the
    # next: a legal completion exists
    if ctx.search and not judged and not unsure and (
            surely_first(ctx, action)
            or not i and len(sequence) == 2 and surely_second(
                ctx, action, _action(play.card, sequence[1]), _spares(play.card, which))):
        return True
    if not ctx.search:
        facts = _facts(play.card)
        _real_context(ctx, facts.public_context if which == PUBLIC else facts.private_context)
    if i and not ctx.safe and _leader_satisfied(ctx):  # R5.4, R5.5 hold whatever comes next
        if ctx.search:
            return True  # a legal completion exists: no need to explore the rest
        _real_safe(ctx)
    if ctx.search:
        last = i == len(sequence) - 1
        if last and not judged and not _one_in_full(play) and surely_not_done(ctx, action):
            return ctx.fails("R5.4")  # what every way of performing it would end with
        if last and play.added and _in_vain_whatever(ctx, action):
            return _rule_in_vain(ctx, action)
    elif not ctx.safe and (not action.straight or not STRAIGHT_UNJUDGED) \
            and surely_done_any_way(ctx, action):
        # R5.4, R5.5 will hold whatever is chosen from here. Not judged for an action with no
        # choice point (straight): nothing in it is tried, and after it, if it was so, they
        # hold already (_leader_satisfied, above, makes the next one safe as this would)
        _real_safe(ctx)
    elif not ctx.safe and not play.added:
        ctx.whole = action  # see FortCtx.whole: never set in a search, so no rollback needed
    return action.run(ctx, _Performed(ctx, sequence, i, game.mark()))


def _real_context(ctx: FortCtx, context: str) -> None:
    """``ctx.context = context`` in a move made for real (never while searching): what its
    decisions say they are about."""
    if REAL_NOTES_PLAIN:
        ctx.context = context
    else:
        ctx.game.note_attr(ctx, "context", context)


def _real_safe(ctx: FortCtx) -> None:
    """``ctx.safe = True`` in a move made for real (never while searching): every completion
    from here is legal, so its choice points try nothing.

    Like ``FortCtx.whole``, set on the context itself, not through the undo log (issue 38: a
    note is a generic getattr and setattr, each of a few hundred instructions): nothing would
    ever undo it, nor :func:`_real_context`'s. A move made for real is never rolled back to a
    mark taken before a write of its own while it runs: its driver has no choice point to go
    back to (only a search pushes them), and the trials of its choice points (decide_at), the
    judgements that try a name or a card (_suits_known, _added_verdict) and _stop's search
    each roll back to a mark taken after, never writing these (only a move made for real
    does). Once the move is over, committed or undone by an error, its context (one per move:
    _leader_ctx, _follower_ctx) is not read again."""
    if REAL_NOTES_PLAIN:
        ctx.safe = True
    else:
        ctx.game.note_attr(ctx, "safe", True)


def _in_vain_whatever(ctx: FortCtx, action: Op) -> bool:
    """R5.5 fails whatever the last action does: an added card is useless now, and the action
    repeats nothing by a suit, so it adds no repetition that could make the card useful."""
    if action.counts_suits():
        return False
    play: _Play = ctx.play
    for card in play.added:
        if not useful(ctx, card):
            return True
    return False


def _rule_in_vain(ctx: FortCtx, action: Op) -> bool:
    """The play fails (R5.5 whatever the last action does): which rule every way of performing
    it would end with, without trying them all. R5.4 comes first when no action was performed
    in full with an effect (``_violation``), so the search would report R5.5 only if some way
    performs this one in full with an effect: one search for such a way tells."""
    play: _Play = ctx.play
    if _one_in_full(play):
        return ctx.fails("R5.5")
    game = ctx.game
    mark = game.mark()
    try:
        effective = drive(ctx, _Run(action, ctx, _WithEffect(game, mark)), 0)
    except BaseException:
        game.unwind(mark)
        raise
    game.rollback(mark)
    return ctx.fails("R5.5" if effective else "R5.4")


class _Run(Then):
    """``op.run(ctx, k)``, as a thunk: what a driver starts with."""

    def __init__(self, op: Op, ctx: FortCtx, k: Cont) -> None:
        self.op = op
        self.ctx = ctx
        self.k = k

    def apply(self, i: int) -> bool:
        return self.op.run(self.ctx, self.k)


class _WithEffect(Cont):
    def __init__(self, game: Game, mark: int) -> None:
        self.game = game
        self.mark = mark

    def go(self, full: bool) -> bool:
        return full and self.game.changed_since(self.mark)

    def __call__(self, full: bool) -> bool:  # defined here: see program._Cont
        return self.go(full)

    def fails_short(self) -> bool:
        return True

    def key(self, keep: dict[int, Any]) -> object:
        return (_WithEffect, self.game.changed_since(self.mark))


#: The records of an action's use (R5.4: which box, in full, with an effect), made once: by
#: box, then ``2 * full + effect``. Tuples compare by value: each is what a tuple made per
#: action would be equal to (PlayResult.used), without its allocation (issue 38). Typed as
#: objects: compiled, a ``tuple[str, bool, bool]`` is a C struct, read out of the tuple here
#: and boxed into a new tuple where it is stored.
_PUBLIC_USES: Final[tuple[object, ...]] = tuple(
    (PUBLIC, full, effect) for full in (False, True) for effect in (False, True))
_PRIVATE_USES: Final[tuple[object, ...]] = tuple(
    (PRIVATE, full, effect) for full in (False, True) for effect in (False, True))


def _use(which: str, full: bool, effect: bool) -> object:
    """``(which, full, effect)``, one of the records made once."""
    if not USES_MADE_ONCE:
        return (which, full, effect)
    at = (2 if full else 0) + (1 if effect else 0)
    return _PUBLIC_USES[at] if which == PUBLIC else _PRIVATE_USES[at]


class _Performed(Cont):
    """What follows action ``i`` of ``sequence``: record its use (R5.4), then perform the next.
    One object per action performed, searching or not: a closure takes two (its environment),
    a partial three (its arguments and keywords), each tracked by the garbage collector."""

    def __init__(self, ctx: FortCtx, sequence: tuple[str, ...], i: int, mark: int) -> None:
        self.ctx = ctx
        self.sequence = sequence
        self.i = i
        self.mark = mark
        self.seat = ctx.seat  # the leader (a rival may be performing when fails_short asks)

    def go(self, full: bool) -> bool:
        ctx = self.ctx
        game = ctx.game
        play: _Play = ctx.play
        game.note(play.used, _use(self.sequence[self.i], full, game.changed_since(self.mark)))
        return _perform(ctx, self.sequence, self.i + 1)

    def __call__(self, full: bool) -> bool:  # defined here: see program._Cont
        return self.go(full)

    def key(self, keep: dict[int, Any]) -> object:
        # the play (ctx.play) is the move's own; what it records is in the state
        return (_Performed, self.sequence, self.i, self.ctx.game.changed_since(self.mark),
                self.seat)

    def fails_short(self) -> bool:
        """None before in full with an effect, and no action left that could be (this one is
        the last, or those after it can never be in a play that only gains tokens): short,
        the play breaks R5.4 whatever is chosen next."""
        play: _Play = self.ctx.play
        if _one_in_full(play):
            return False
        rest = self.sequence[self.i + 1:]
        return not rest or surely_never_done(self.ctx.game, self.seat, play.card,
                                             [_action(play.card, which) for which in rest])


def useful(ctx: FortCtx, card: CardInstance) -> bool:
    """R5.5: without this card, fewer repetitions of some performed `x suit` would have had an
    effect."""
    for suit, times, performed in ctx.records:
        share = card_count(card, suit, ctx.named)
        if share and performed > times - share:
            return True
    return False


def _one_in_full(play: _Play) -> bool:
    """R5.4: some action was performed in full with an effect."""
    for _, full, effect in play.used:
        if full and effect:
            return True
    return False


def _violation(ctx: FortCtx) -> str | None:
    """The rule the leader's play breaks so far (R5.4, then R5.5), or None."""
    play: _Play = ctx.play
    if not _one_in_full(play):
        return "R5.4"
    for card in play.added:
        if not useful(ctx, card):
            return "R5.5"
    return None


def _leader_check(ctx: FortCtx) -> bool:
    rule = _violation(ctx)
    return True if rule is None else ctx.fails(rule)


def _leader_satisfied(ctx: FortCtx) -> bool:
    """Both checks already hold; they stay true as actions only add records and uses."""
    return _violation(ctx) is None


def _leader_ctx(game: Game, seat: int, card: CardInstance) -> FortCtx:
    play = _Play(card)
    play.blind = REMEMBER_DEAD and REMEMBER_STOPS and interpreter.EQUIVALENT_OPTIONS \
        and game.blind()
    ctx = FortCtx(game, seat, leader=True, play=play)
    ctx.alike = _facts(card).alike
    return ctx


def why_not(game: Game, seat: int, card: CardInstance,
            judge: HandJudge | None = None) -> str | None:
    """None if ``card`` can be played legally, else the rule that forbids it (R5.4, R5.5);
    ``judge``: the closed form's judgement of the hand, shared by its cards (legal_plays)."""
    if judge is not None:
        if judge.playable(card):
            return None
        if judge.unplayable(card):
            return "R5.4"
    else:
        if surely_playable(game, seat, card):
            return None
        if surely_unplayable(game, seat, card):
            return "R5.4"
    return why_not_by_search(game, seat, card)


def why_not_by_search(game: Game, seat: int, card: CardInstance) -> str | None:
    """:func:`why_not` found by trying every way of playing ``card`` (with rollback)."""
    ctx = _leader_ctx(game, seat, card)
    if search(ctx, _Lead(ctx, card)):
        return None
    return ctx.fail or "R5.4"


def refusal_text(card: KidCard, rule: str) -> str:
    """Why ``card`` cannot be played, in one sentence: for R5.4, the actions none of which can
    be performed in full with an effect now (issue 36), rather than the rule's number alone."""
    if rule != "R5.4":
        return f"{card.name} cannot be played: no legal way to use it ({rule})"
    actions = [f"`{to_text(a)}`" for a in (card.public, card.private) if a is not None]
    if not actions:
        return f"{card.name} cannot be played: both its boxes are blank ({rule})"
    which = actions[0] if len(actions) == 1 else f"neither {actions[0]} nor {actions[1]}"
    verb = "cannot" if len(actions) == 1 else "can"
    return (f"{card.name} cannot be played: {which} {verb} be performed in full with an effect "
            f"now, and a play needs one action that is ({rule})")


def legal_plays(game: Game, seat: int) -> list[CardInstance]:
    """The hand cards that can be played legally, one instance per card definition."""
    out: list[CardInstance] = []
    _legal_into(game, seat, out)
    return out


def _legal_into(game: Game, seat: int, out: list[CardInstance]) -> int:
    """:func:`legal_plays` written over the start of ``out`` (its slots overwritten, then
    appended to); how many there are. The rest of ``out`` is left as it was."""
    hand = game.players[seat].hand
    if not hand:
        return 0
    judge = HandJudge(game, seat)
    k = 0
    for i in range(len(hand)):
        card = hand[i]
        defn = card.defn
        j = 0  # a copy earlier in the hand, compared by identity: no set made, nothing hashed
        while j < i and hand[j].defn is not defn:
            j += 1
        if j == i and why_not(game, seat, card, judge) is None:
            if k < len(out):
                out[k] = card
            else:
                out.append(card)
            k += 1
    return k


def play_card(game: Game, seat: int, card: CardInstance, *, follow: bool = True,
              checked: bool = False) -> PlayResult:
    """Play ``card`` from the hand of ``seat`` as the leader (R5), then let the others follow (R6)
    and apply `destroy this` (R12.5). Raises :class:`IllegalMove` if the card cannot be played
    (``checked``: the caller already knows it can, e.g. from :func:`legal_plays`)."""
    p = game.players[seat]
    if not _holds(p.hand, card):
        raise IllegalMove(f"{card!r} is not in {player_name(seat)}'s hand", "R5.1")
    rule = None if checked else why_not(game, seat, card)
    if rule is not None:
        raise IllegalMove(refusal_text(card.card, rule), rule)
    ctx = _leader_ctx(game, seat, card)
    ok = transaction(ctx, _Lead(ctx, card))
    assert ok, "a play found legal by search must complete"
    play: _Play = ctx.play
    public_used = False
    for which, _, _ in play.used:
        if which == PUBLIC:
            public_used = True
            break
    coin = ctx.named.get(card.uid)
    # most plays add no card and count no lookout card: the empty tuple, no call made
    added = tuple(play.added) if play.added else ()
    lookout = tuple(play.lookout_used) if play.lookout_used else ()
    used = tuple(play.used)
    bindings = dict(ctx.chosen) if public_used else {}
    debug_check(game)
    if not follow:
        return PlayResult(seat, card, coin, added, lookout, used, bindings)
    # One record, made once the followers are known: a frozen dataclass is set field by field
    # through object.__setattr__ (generic calls, even compiled), so the followers are asked
    # from the play's parts, not from a first record.
    followers = _follow_round(game, seat, card, coin, bindings)
    destroyed = False
    in_play = p.in_play
    if _holds(in_play, card):
        if play.destroy_this or _rough_housing(game, seat, card, followers):
            game.move(in_play, in_play.index(card), game.box)  # R12.5, after the followers
            destroyed = True
    else:
        destroyed = _holds(game.box, card)
    debug_check(game)
    return PlayResult(seat, card, coin, added, lookout, used, bindings, tuple(followers),
                      destroyed)


def _holds(cards: list[CardInstance], card: CardInstance) -> bool:
    """``card in cards``, by identity (a card instance is equal only to itself): compiled, a
    native loop over a few cards instead of the generic containment test (issue 38)."""
    for c in cards:
        if c is card:
            return True
    return False


_SKIP: Final = Option("skip the play phase", None)


@by_identity
def _play_option(card: KidCard) -> Option:
    """"Name (suits)": made once per card definition (an option is immutable)."""
    return Option(f"{card.name} ({_card_suits_text(card)})", card.id)


def lead(game: Game, seat: int) -> PlayResult | None:
    """The play phase (R5.1): ask which card to play, or skip; then play it."""
    if game.blind():  # random bots, nobody reading: asked by count (Journal.blind), no label
        # the legal plays written over the game's list (its slots past the count stale): read
        # before anything else can run (no agent is asked in a blind game), so no list is
        # made, grown and freed per turn (issue 38)
        plays = game.blind_plays
        count = _legal_into(game, seat, plays)
        if not count:
            return None
        index = game.ask_blind(seat, K_PLAY, 1 + count)
        if index == 0:
            return None
        return play_card(game, seat, plays[index - 1], checked=True)
    cards = legal_plays(game, seat)
    excluded: tuple[tuple[str, str], ...] = ()
    if game.explain:  # every hand card that cannot be played, with the rule (R5.2, R5.4, R5.5)
        hand = game.players[seat].hand
        excluded = tuple((f"{hand[i].name} ({_suits_text(hand[i])})", rule)
                         for i in distinct(hand) if hand[i] not in cards
                         for rule in [why_not(game, seat, hand[i])] if rule is not None)
    elif not cards:
        return None
    # an agent that answers from the cards (the skip names none), nobody reading: no labels,
    # no decision (Journal.ask_count)
    index = -1 if game.explain else game.ask_count(seat, K_PLAY, 1 + len(cards),
                                                   [None, *[c.defn for c in cards]])
    if index < 0:
        options = [_SKIP]
        options += [_facts(c).play_option for c in cards]
        index = game.ask(Decision(seat, K_PLAY, tuple(options), "play a card (R5.1)",
                                  excluded))
    if index == 0:
        return None
    return play_card(game, seat, cards[index - 1], checked=True)


# -- following (R6) ----------------------------------------------------------------------------
#
# What all followers of a card share is worked out once per play (:class:`_Round`); per follower,
# each option is settled without a trial where ``follow_verdict`` knows the answer; the options
# and thunks are native objects (no closures, no reference cycles, no generic calls). A follower
# without Copy Cat writes its options in lists shared by every round (:func:`_follow_one`), and a
# follow picked by count runs in no transaction when nothing in it can be undone
# (:func:`_perform_picked`); :func:`_follow_listed` and ``_Discard`` are their references.


def _matches(card: CardInstance, suits: tuple[Suit, ...], coin_wild: bool = True) -> bool:
    """R6.1: the card shows a followed suit, or a coin when coins follow anything (R5.6). The
    suits are enum members, compared by identity (``in`` would compare them as strings)."""
    for s in card.suits:
        if coin_wild and s is COIN:
            return True
        for followed in suits:
            if followed is s:
                return True
    return False


class _Round:
    """What every follower of one played card shares (R6), worked out once per play: its public
    action, the suits to match (R6.1, R6.3), the suits its `x suit` counts (R6.5), the leader's
    binding choices (R6.4, read only) and the context of the decisions."""

    __slots__ = ("public", "played", "suits", "counted", "bound", "wild", "context",
                 "free_names", "suit_free", "alike", "one", "cards", "verdicts")

    def __init__(self, game: Game, played: KidCard, coin: Suit | None,
                 bindings: Mapping[int, Any], public: n.Action,
                 card: CardInstance | None = None) -> None:
        """``public``: ``played``'s public action; ``card``, if given, a copy of ``played``,
        on whose CardDef the facts are kept (read natively, no memo asked)."""
        self.played = played
        facts = _round_facts(played, coin) if card is None else _kept_facts(card, coin)
        self.public: Op = facts.public
        self.alike = facts.alike
        self.suits = facts.suits
        self.counted = facts.counted
        self.context = facts.context
        self.free_names = facts.free_names
        self.suit_free = facts.suit_free
        self.bound: dict[int, Any] = dict(bindings)
        self.wild = game.rules.coin_follows_any
        #: a follower's one card judged (:func:`_single_verdicts`), refilled per card; a
        #: follower's one-card options and their verdicts (:func:`_fill_matching`,
        #: :func:`_fill_verdicts`): the first n items, written over per follower, the lists only
        #: grown (issue 38: no list made nor freed per follower). The round's own, not shared
        #: between rounds: another game may follow meanwhile (a playtest table in another
        #: thread, an agent playing ahead while it answers)
        self.one: list[CardInstance] = []
        self.cards: list[CardInstance] = []
        self.verdicts: list[bool | None] = []


class _Facts:
    """A :class:`_Round`'s parts that only depend on the card played and its coin's name; those
    that do not depend on the name are worked out once per card (``base``: its facts with no
    coin named, read from there)."""

    __slots__ = ("played", "public", "plain", "counts", "suits", "counted", "context",
                 "free_names", "suit_free", "alike")

    def __init__(self, played: KidCard, coin: Suit | None, base: _Facts | None = None) -> None:
        self.played = played  # kept alive: the memo's key holds its id
        if base is None:
            self.plain: frozenset[Suit] = frozenset(s for s in played.suits if s is not COIN)
            self.counts: frozenset[Suit] = frozenset(
                q.suit for q in _card_quantities(played) if type(q) is ft.SuitCount)
            public = played.public
            self.public: Op = program(public)  # type: ignore[arg-type]  # never None here
            self.context: str = f"follow {played.name} (public): {text(public)}" if public else ""
            same = _coin_names(played)  # a coin named freely: one suit of each that ends alike
            self.free_names = tuple(s for i, s in enumerate(PLAIN_SUITS) if same[i] == i)
            #: no `x suit` or `x any` in the public action: a follower's verdict does not depend
            #: on which cards they discard, only on how many
            self.suit_free: bool = public is None or not any(
                type(x) is t.Repeat and type(x.count) in (ft.SuitCount, ft.AnySuit)
                for x in public.walk())
            #: any card of a zone it moves ends alike (_CardFacts.alike)
            self.alike: bool = public is None or not reads_moved_cards([self.public])
        else:
            self.plain = base.plain
            self.counts = base.counts
            self.public = base.public
            self.context = base.context
            self.free_names = base.free_names
            self.suit_free = base.suit_free
            self.alike = base.alike
        suits = set(self.plain)
        if coin is not None:
            suits.add(coin)
        self.suits = tuple(sorted(suits))  # sorted: the order of coin names offered (R5.6)
        self.counted = tuple(sorted(suits | self.counts))


def _kept_facts(card: CardInstance, coin: Suit | None) -> _Facts:
    """The :class:`_Facts` of ``card`` played, its coin named ``coin``, kept on its CardDef's
    facts (one slot per name): worked out once per card and name for every game."""
    kept = _facts(card)
    slots = kept.follow
    if slots is None:
        slots = kept.follow = [None] * (len(PLAIN_SUITS) + 1)
    i = 0  # no coin named: slot 0; else the suit's place, by identity (no hashing)
    if coin is not None:
        for s in PLAIN_SUITS:
            i += 1
            if s is coin:
                break
        else:  # a coin names a plain suit (R5.6): never another suit's slot
            raise ValueError(f"a coin names one of the plain suits, not {coin!r}")
    hit = slots[i]
    if hit is None:
        base = slots[0]
        if base is None:
            base = slots[0] = _Facts(card.card, None)
        hit = base if not i else _Facts(card.card, coin, base)
        slots[i] = hit
    return hit


_FACTS: Final[dict[tuple[int, Suit | None], _Facts]] = {}


def _round_facts(played: KidCard, coin: Suit | None) -> _Facts:
    key = (id(played), coin)
    hit = _FACTS.get(key)
    if hit is None:
        hit = bounded_put(_FACTS, key, _Facts(played, coin))
    return hit


def follow_round(game: Game, result: PlayResult) -> list[tuple[int, tuple[CardInstance, ...]]]:
    """Each other player in turn order may follow the public action (R6.1)."""
    return _follow_round(game, result.seat, result.card, result.coin, result.bindings)


def _follow_round(game: Game, seat: int, card: CardInstance, coin: Suit | None,
                  bindings: Mapping[int, Any]) -> list[tuple[int, tuple[CardInstance, ...]]]:
    """:func:`follow_round` for ``card`` played by ``seat``, its coin named ``coin`` (R6.3),
    the leader's ``bindings`` (R6.4)."""
    played = card.card
    public = played.public
    if public is None:
        return []
    rnd = _Round(game, played, coin, bindings, public, card)
    out = []
    n = len(game.players)
    for i in range(1, n):  # the others in turn order, from the leader's left (Game.rivals)
        follower = (seat + i) % n
        cards = _follow(rnd, game, follower)
        if cards:
            out.append((follower, cards))
    return out


def follow_one(game: Game, result: PlayResult, seat: int) -> tuple[CardInstance, ...]:
    """Ask ``seat`` whether to follow and with which card(s); perform the action in full (R6.2).
    Returns the discarded cards (empty if declined)."""
    played = result.card.card
    public = played.public
    assert public is not None
    return _follow(_Round(game, played, result.coin, result.bindings, public, result.card),
                   game, seat)


def _follow(rnd: _Round, game: Game, seat: int) -> tuple[CardInstance, ...]:
    q = game.players[seat]
    copy_cat = q.perk(_FOLLOW_DISCARD_MORE) if q.perks else None
    if copy_cat is None:  # one card per option (R6.2), the most frequent
        return _follow_one(rnd, game, seat)
    return _follow_listed(rnd, game, seat, copy_cat)


def _follow_one(rnd: _Round, game: Game, seat: int) -> tuple[CardInstance, ...]:
    """:func:`_follow_listed` of a follower without Copy Cat, each option one card (R6.2): the
    same options, verdicts and answers, the cards and verdicts written in the round's lists
    (:func:`_fill_matching`, :func:`_fill_verdicts`) instead of lists made per follower; a
    follow picked by count is performed by :func:`_perform_picked` (issue 38)."""
    n = _fill_matching(rnd, game.players[seat].hand)
    if not n and not game.explain:
        return ()
    excluded = _fill_verdicts(rnd, game, seat, n)
    verdicts = rnd.verdicts
    unknown = False
    for i in range(n):
        if verdicts[i] is None:
            unknown = True
            break
    # as _follow_listed: every option settled, a bot answering by count is asked so
    pick = -1 if unknown else game.ask_count(seat, K_FOLLOW, n + 1 - excluded)
    if pick < 0:
        return _follow_asked(rnd, game, seat, None, rnd.cards[:n], None, verdicts[:n],
                             excluded)
    if not pick:
        return ()
    i = _legal_at(verdicts, pick)
    ctx = _follower_ctx(rnd, game, seat)
    if excluded:
        ctx.fail = "R6.2"  # as decide_at leaves it, having excluded some (unread)
    return _perform_picked(rnd, ctx, rnd.cards[i])


def _legal_at(verdicts: list[bool | None], pick: int) -> int:
    """The index of the ``pick``-th (from 1) option not excluded (its verdict not False)."""
    i = -1
    while pick:
        i += 1
        if verdicts[i] is not False:
            pick -= 1
    return i


def _follow_listed(rnd: _Round, game: Game, seat: int,
                   copy_cat: Perk | None) -> tuple[CardInstance, ...]:
    """A follower's decision (R6.1, R6.2), each option's cards a list: with Copy Cat, up to
    its number of cards, their suits counting (R15); else one card (the reference of
    :func:`_follow_one`)."""
    q = game.players[seat]
    hand = q.hand
    singles = _distinct_matching(hand, rnd.suits, rnd.wild)  # one card per option (R6.2)
    # The options' cards: with no Copy Cat, each option discards one card of ``singles`` and
    # no list is made per option unless the choice point is (issue 38).
    picks: list[list[CardInstance]] | None = None
    if copy_cat is not None:  # Copy Cat: up to 2 cards, their suits counting (R15)
        picks = [[c] for c in singles]
        extra = int(str(copy_cat.param("max_discards")))
        matching = [i for i, c in enumerate(hand) if _matches(c, rnd.suits, rnd.wild)]
        for size in range(2, extra + 1):
            seen = set()
            for combo in combinations(matching, size):
                key = tuple(sorted(id(hand[i].card) for i in combo))
                if key not in seen:
                    seen.add(key)
                    picks.append([hand[i] for i in combo])
    count = len(singles) if picks is None else len(picks)
    if not count and not game.explain:
        return ()
    verdicts = _single_verdicts(rnd, game, seat, singles) if picks is None \
        else _pick_verdicts(rnd, game, seat, picks)
    excluded = 0  # options settled as excluded
    unknown = 0  # options only a trial can settle
    for verdict in verdicts:
        if verdict is False:  # what its trial ends with: excluded for R6.2, without the trial
            excluded += 1
        elif verdict is None:
            unknown += 1
    # Every option settled: decide_at would try none and ask among the legal ones (declining
    # and those certain to be performed in full, R6.2); a bot that answers by their count
    # alone, nobody reading, is asked so here, and logged alike, without its choice point.
    # Declined, the move would change nothing: no move is made.
    pick = -1 if unknown else game.ask_count(seat, K_FOLLOW, count + 1 - excluded)
    if pick < 0:
        return _follow_asked(rnd, game, seat, copy_cat, singles, picks, verdicts, excluded)
    if not pick:
        return ()
    i = _legal_at(verdicts, pick)
    picked = [singles[i]] if picks is None else picks[i]
    ctx = _follower_ctx(rnd, game, seat)
    if excluded:
        ctx.fail = "R6.2"  # as decide_at leaves it, having excluded some (unread)
    chosen: list[CardInstance] = []
    if picks is None and _asks_nothing(rnd) and not game.rules.follower_lookout \
            and not _coin_choices(rnd, picked[0], game.rules):
        # One card, no coin to name (R5.6), no lookout card to count (R6.7), an action
        # that asks nothing (_asks_nothing): the move has no choice point, so nothing is
        # tried nor asked, and nothing can raise to be undone. Performed as its transaction
        # would perform it, without the undo log nor the driver (issue 38).
        _follow_with(rnd, ctx, None, chosen, picked)
    else:
        transaction(ctx, _Discard(rnd, ctx, copy_cat, chosen, picked))
    return tuple(chosen)


def _follow_asked(rnd: _Round, game: Game, seat: int, copy_cat: Perk | None,
                  singles: list[CardInstance], picks: list[list[CardInstance]] | None,
                  verdicts: list[bool | None], excluded: int) -> tuple[CardInstance, ...]:
    """The follower's choice point (R6.1): declining, or each option (``picks``, or with None
    one card of ``singles`` each), those whose verdict is False excluded for R6.2 without their
    trial, those True legal without it, the rest tried."""
    hand = game.players[seat].hand
    if picks is None:
        picks = [[c] for c in singles]
    count = len(picks)
    # per option, None: declined or refused; declining is always legal
    discards: list[list[CardInstance] | None] = [None]
    known = [True]
    for i in range(count):
        verdict = verdicts[i]
        discards.append(None if verdict is False else picks[i])
        known.append(verdict is True)
    settled = _NONE_SETTLED
    if excluded:  # per option, the rule it is certainly excluded for
        settled = [""] + ["" if d is not None else "R6.2" for d in discards[1:]]
    ctx = _follower_ctx(rnd, game, seat)
    chosen: list[CardInstance] = []
    step = _FollowPick(rnd, ctx, copy_cat, chosen, picks, discards)
    transaction(ctx, DecideAt(ctx, K_FOLLOW, len(discards), step, known,
                               refused=partial(_unmatched, hand, rnd.suits, rnd.wild)
                               if game.explain else _nothing_refused,
                               settled=settled))
    debug_check(game)
    return tuple(chosen)


def _perform_picked(rnd: _Round, ctx: FortCtx, card: CardInstance) -> tuple[CardInstance, ...]:
    """Discard ``card``, picked by count (R6.1), and perform the action in full (R6.2), as
    ``transaction(ctx, _Discard(...))`` would (the cards discarded returned), without the
    transaction when nothing in the move
    can be undone (issue 38): its coin, if any, has one name (no trial, nothing asked: R5.6),
    no lookout card counts (R6.7), and the action either asks nothing (:func:`_asks_nothing`)
    or, every seat a random bot (``Journal.blind``: no agent to raise), is certain to be
    performed in full whatever is chosen (``surely_followed_any_way``: its choice points ask
    without trials). Otherwise the action is performed in a transaction of its own."""
    game = ctx.game
    rules = game.rules
    names = _coin_choices(rnd, card, rules)
    quiet = _asks_nothing(rnd)
    if rules.follower_lookout or len(names) > 1 or not (quiet or game.blind()):
        chosen: list[CardInstance] = []
        transaction(ctx, _Discard(rnd, ctx, None, chosen, [card]))
        return tuple(chosen)
    _follow_direct(rnd, ctx, card, names, quiet)
    return (card,)  # what _follow_with notes in ``chosen``


def _follow_direct(rnd: _Round, ctx: FortCtx, card: CardInstance, names: tuple[Suit, ...],
                   quiet: bool) -> None:
    """:func:`_perform_picked` without the transaction: what :func:`_follow_with` does
    (discard, the coin's one name as ``_SuitPick`` stores it, :func:`_act`), no write undone."""
    game, q = ctx.game, ctx.player
    game.move(q.hand, q.hand.index(card), q.discard)
    game.note(ctx.sources, card)
    if names:  # its one name: decide_at goes on with the only option, nothing asked (R5.6)
        game.note_item(ctx.coins_to_name(), card.uid, names[0])
    public = rnd.public
    if quiet:  # no choice point: nothing to drive
        public.run(ctx, InFull(ctx))
    elif surely_followed_any_way(ctx, public):  # every option legal: asked without trials
        ctx.safe = True
        drive(ctx, _Run(public, ctx, InFull(ctx)), 0)
    else:  # choice points to try: the action's own transaction, its trials undone
        transaction(ctx, _Run(public, ctx, InFull(ctx)))


def _fill_matching(rnd: _Round, hand: list[CardInstance]) -> int:
    """:func:`_distinct_matching` written in the first items of ``rnd.cards`` (the list only
    grown): how many. Each card matched as :func:`_matches` matches it, written out here (no
    call per card)."""
    out = rnd.cards
    suits, wild = rnd.suits, rnd.wild
    n = 0
    for c in hand:
        matched = False
        for s in c.suits:
            if wild and s is COIN:
                matched = True
                break
            for followed in suits:
                if followed is s:
                    matched = True
                    break
            if matched:
                break
        if matched:
            kid = c.card
            j = 0
            while j < n and out[j].card is not kid:
                j += 1
            if j == n:
                if n < len(out):
                    out[n] = c
                else:
                    out.append(c)
                n += 1
    return n


def _fill_verdicts(rnd: _Round, game: Game, seat: int, n: int) -> int:
    """:func:`_single_verdicts` of the first ``n`` of ``rnd.cards``, written in the first items
    of ``rnd.verdicts`` (the list only grown): how many are False (excluded for R6.2)."""
    cards = rnd.cards
    out = rnd.verdicts
    while len(out) < n:
        out.append(None)
    if game.rules.follower_lookout:  # lookout cards to count (R6.7 switched off): try it
        for i in range(n):
            out[i] = None
        return 0
    rules = game.rules
    one = rnd.one
    excluded = 0
    for i in range(n):
        card = cards[i]
        if i and rnd.suit_free:  # alike whatever card is discarded
            verdict = out[0]
        else:
            suits = card.suits
            j = 0
            while j < i and cards[j].suits != suits:
                j += 1
            if j < i:
                verdict = out[j]
            else:
                if one:
                    one[0] = card
                else:
                    one.append(card)
                verdict = follow_verdict_one(game, seat, one, rnd.public, rnd.bound,
                                             _verdict_names(rnd, card, rules))
        out[i] = verdict
        if verdict is False:
            excluded += 1
    return excluded


def _single_verdicts(rnd: _Round, game: Game, seat: int,
                     singles: list[CardInstance]) -> list[bool | None]:
    """``follow_verdict`` of discarding each of ``singles`` alone (R6.2): True, False, or None
    (only a trial can tell). Cards showing the same suits follow alike (R6.5), and any card
    alike when the action counts no suit (``_Round.suit_free``): each verdict is worked out
    once, its card compared with the earlier ones (a hand is a few cards: nothing hashed)."""
    out: list[bool | None] = []
    if game.rules.follower_lookout:  # lookout cards to count (R6.7 switched off): try it
        for _ in singles:
            out.append(None)
        return out
    rules = game.rules
    one = rnd.one  # the one card judged, a list refilled per card (no list made per option)
    for i in range(len(singles)):
        card = singles[i]
        if i and rnd.suit_free:  # alike whatever card is discarded
            out.append(out[0])
            continue
        suits = card.suits
        j = 0
        while j < i and singles[j].suits != suits:
            j += 1
        if j < i:
            out.append(out[j])
            continue
        if one:
            one[0] = card
        else:
            one.append(card)
        out.append(follow_verdict_one(game, seat, one, rnd.public, rnd.bound,
                                      _verdict_names(rnd, card, rules)))
    return out


def _pick_verdicts(rnd: _Round, game: Game, seat: int,
                   picks: list[list[CardInstance]]) -> list[bool | None]:
    """:func:`_single_verdicts` of options that may discard more than one card (Copy Cat, R15),
    each verdict kept by the suits of the cards discarded (or their number, ``suit_free``)."""
    out: list[bool | None] = []
    searched = game.rules.follower_lookout  # lookout cards to count (R6.7 switched off): try it
    verdicts: dict[Any, bool | None] = {}
    for cards in picks:
        verdict = None
        if not searched:
            # one card: its suits, a tuple already (no key of two cards is equal to one)
            alike: Any = (len(cards) if rnd.suit_free else cards[0].suits if len(cards) == 1
                          else tuple([c.suits for c in cards]))
            if alike in verdicts:
                verdict = verdicts[alike]
            else:
                verdict = verdicts[alike] = follow_verdict(
                    game, seat, cards, rnd.public, rnd.bound,
                    [_verdict_names(rnd, c, game.rules) for c in cards])
        out.append(verdict)
    return out


def _follower_ctx(rnd: _Round, game: Game, seat: int) -> FortCtx:
    ctx = FortCtx(game, seat, leader=False, bound=rnd.bound)
    ctx.alike = rnd.alike
    ctx.context = rnd.context
    return ctx


class _Discard(Then):
    """A follower's option chosen before the move: :func:`_follow_with` ``cards``."""

    def __init__(self, rnd: _Round, ctx: FortCtx, copy_cat: Perk | None, chosen: list[CardInstance],
                 cards: list[CardInstance]) -> None:
        self.rnd = rnd
        self.ctx = ctx
        self.copy_cat = copy_cat
        self.chosen = chosen
        self.cards = cards

    def apply(self, i: int) -> bool:
        return _follow_with(self.rnd, self.ctx, self.copy_cat, self.chosen, self.cards)


class _FollowPick(Step):
    """A follower's options (R6.1): decline (0), or discard ``discards[i]`` and perform the
    action; an option whose verdict is a failure fails at once (R6.2)."""

    def __init__(self, rnd: _Round, ctx: FortCtx, copy_cat: Perk | None, chosen: list[CardInstance],
                 picks: list[list[CardInstance]],
                 discards: list[list[CardInstance] | None]) -> None:
        self.rnd = rnd
        self.ctx = ctx
        self.copy_cat = copy_cat
        self.chosen = chosen
        self.picks = picks  # the cards option i + 1 discards, labelled only when asked
        self.discards = discards

    def apply(self, i: int) -> bool:
        if not i:
            return True
        cards = self.discards[i]
        if cards is None:
            return self.ctx.fails("R6.2")
        return _follow_with(self.rnd, self.ctx, self.copy_cat, self.chosen, cards)

    def options(self) -> Sequence[Option]:
        return [_DECLINE, *[_follow_option(cards) for cards in self.picks]]


_NONE_SETTLED: Final[list[str]] = []  # no option settled as excluded: never changed


def _nothing_refused() -> list[tuple[str, str]]:
    return []


def _follow_with(rnd: _Round, ctx: FortCtx, copy_cat: Perk | None, chosen: list[CardInstance],
                 cards: list[CardInstance]) -> bool:
    """Discard ``cards`` (R6.1: discarded, never drawn), name their coins, perform the action."""
    game, q = ctx.game, ctx.player
    if len(cards) > 1:  # more than one card: Copy Cat is used
        game.use_perk(q, copy_cat)  # type: ignore[arg-type]
    for c in cards:
        game.move(q.hand, q.hand.index(c), q.discard)
        game.note(ctx.sources, c)
        game.note(chosen, c)
    then: Step | None = None  # None: perform the action (_act), called directly
    if game.rules.follower_lookout:  # the R6.7 interpretation switched off
        then = _CountAll(ctx, list(q.lookout), 0, frozenset(rnd.counted), _Act(rnd, ctx))
    return _name_coins(ctx, rnd, cards, 0, then)


def _act(rnd: _Round, ctx: FortCtx) -> bool:
    if ctx.search:
        if surely_followed(ctx, rnd.public):
            return True  # R6.2 will hold: a legal completion exists
    elif not ctx.safe and not _asks_nothing(rnd) and surely_followed_any_way(ctx, rnd.public):
        # R6.2 will hold whatever is chosen from here (``safe`` is read at choice points only:
        # an action that asks nothing is not judged for it)
        _real_safe(ctx)
    return rnd.public.run(ctx, InFull(ctx))


def _asks_nothing(rnd: _Round) -> bool:
    """Whether the public action, performed by a follower, has no choice point: its op is
    straight (no choice at all; `destroy this` does nothing for a follower, R12.5), or it gains
    pizza or toys (R12.1) as the leader chose (R6.4 binds: no kind to choose). A coin on the
    follower's card is named before it (R5.6), lookout cards counted before it (R6.7 off)."""
    op = rnd.public
    if op.straight:
        return True
    return type(op.node) is ft.Gain and op.key in rnd.bound


class _Act(Then):
    """:func:`_act`, as a thunk."""

    def __init__(self, rnd: _Round, ctx: FortCtx) -> None:
        self.rnd = rnd
        self.ctx = ctx

    def apply(self, i: int) -> bool:
        return _act(self.rnd, self.ctx)


class InFull(Cont):
    """The end of a follower's action: it must have been performed in full (R6.2)."""

    def __init__(self, ctx: FortCtx) -> None:
        self.ctx = ctx

    def go(self, full: bool) -> bool:
        return full or self.ctx.fails("R6.2")

    def __call__(self, full: bool) -> bool:  # defined here: see program._Cont
        return self.go(full)

    def fails_short(self) -> bool:
        return True

    def key(self, keep: dict[int, Any]) -> object:
        return InFull


def _unmatched(hand: list[CardInstance], suits: tuple[Suit, ...],
               wild: bool) -> list[tuple[str, str]]:
    """``Game.explain``: the hand cards that cannot follow (R6.1)."""
    return [(f"discard {hand[i].name} ({_suits_text(hand[i])})", "R6.1")
            for i in distinct(hand) if not _matches(hand[i], suits, wild)]


_DECLINE: Final = Option("decline", None)
_FOLLOW_OPTIONS: Final[dict[int | tuple[int, ...], tuple[tuple[KidCard, ...], Option]]] = {}


def _follow_option(cards: list[CardInstance]) -> Option:
    """"discard Name (suits) and ...": made once per set of card definitions (immutable)."""
    # the entry keeps the cards alive: ids are not reused
    key = id(cards[0].card) if len(cards) == 1 else tuple([id(c.card) for c in cards])
    hit = _FOLLOW_OPTIONS.get(key)
    if hit is None:
        kids = tuple([c.card for c in cards])
        label = "discard " + " and ".join(f"{c.name} ({_card_suits_text(c)})" for c in kids)
        hit = bounded_put(_FOLLOW_OPTIONS, key, (kids, Option(label, tuple(c.id for c in kids))))
    return hit[1]


def option_table_size() -> int:
    return len(_FOLLOW_OPTIONS)


def _coin_choices(rnd: _Round, card: CardInstance, rules: Rules) -> tuple[Suit, ...]:
    """The suits a coin on a follower's card may stand for (R5.6), none if it shows no coin: a
    followed suit if the card needs it to match; else any suit (R6.5: the card follows by its
    other suit), or, with ``Rules.follower_coin_free`` off, a followed or counted suit. The
    search (:func:`_name_coins`) and the shortcut (``follow_verdict``) both ask here. The
    suits are enum members, compared by identity (as :func:`_matches`: ``in`` would compare
    them as strings, issue 38)."""
    kid_suits = card.suits
    for s in kid_suits:
        if s is COIN:
            break
    else:
        return ()
    followed = rnd.suits
    for s in kid_suits:
        for f in followed:
            if f is s:
                return PLAIN_SUITS if rules.follower_coin_free else rnd.counted
    return followed


def _verdict_names(rnd: _Round, card: CardInstance, rules: Rules) -> tuple[Suit, ...]:
    """:func:`_coin_choices` less the names that end as another does (see :func:`_coin_names`)."""
    names = _coin_choices(rnd, card, rules)
    return rnd.free_names if names is PLAIN_SUITS else names


def _name_coins(ctx: FortCtx, rnd: _Round, cards: list[CardInstance], i: int,
                then: Step | None) -> bool:
    """Name the coin of each of ``cards`` in turn (:func:`_coin_choices`), then go on with
    ``then``, or with None perform the action (:func:`_act`)."""
    if i == len(cards):
        return _act(rnd, ctx) if then is None else then.apply(0)
    card = cards[i]
    names = _coin_choices(rnd, card, ctx.game.rules)
    if not names:  # no coin: on at once, no thunk made
        return _name_coins(ctx, rnd, cards, i + 1, then)
    game = ctx.game
    if len(names) == 1 and NAME_ONE_AT_ONCE and ctx.points is not None and not game.explain:
        # One name (the followed suit the card needs, R5.6, R6.1): its choice point would go
        # on with it at once, nothing tried nor asked (decide_at: one option, a driver
        # running), so it is named here as its step would name it, with no step, no thunk
        # and no verdict per name (issue 38)
        game.note_item(ctx.coins_to_name(), card.uid, names[0])
        return _name_coins(ctx, rnd, cards, i + 1, then)
    same: Sequence[int] = ()
    if names is PLAIN_SUITS and interpreter.EQUIVALENT_OPTIONS:
        same = _coin_names(rnd.played)  # suits the played card's `x suit` does not count
    known: Sequence[bool] = ()
    if not ctx.search and not ctx.safe and then is None and len(cards) == 1 \
            and (len(names) > 1 or ctx.game.explain):
        # performed for real, one card: each name certain to be performed in full (R6.2) is
        # legal without its trial (issue 38); a single name, nobody reading, goes on without
        # reading it (decide_at's one option)
        known = surely_followed_named(ctx, rnd.public, card, names, same)
    return choose_suit(ctx, ctx.coins_to_name(), card.uid, names,
                       _NameCoins(ctx, rnd, cards, i + 1, then), same, known)


class _NameCoins(Then):
    """:func:`_name_coins` from card ``i``, as a thunk."""

    def __init__(self, ctx: FortCtx, rnd: _Round, cards: list[CardInstance], i: int,
                 then: Step | None) -> None:
        self.ctx = ctx
        self.rnd = rnd
        self.cards = cards
        self.i = i
        self.then = then

    def apply(self, i: int) -> bool:
        return _name_coins(self.ctx, self.rnd, self.cards, self.i, self.then)


def _distinct_matching(hand: list[CardInstance], suits: tuple[Suit, ...],
                       wild: bool) -> list[CardInstance]:
    """The first hand card of each definition that may follow (R6.1): the card each one-card
    option discards. A hand is a few cards, so the definitions already taken are compared by
    identity with those of the cards kept, not hashed; no list is made per card."""
    out: list[CardInstance] = []
    for c in hand:
        if _matches(c, suits, wild):
            kid = c.card
            for o in out:
                if o.card is kid:
                    break
            else:
                out.append(c)
    return out


def _rough_housing(game: Game, seat: int, card: CardInstance,
                   followers: list[tuple[int, tuple[CardInstance, ...]]]) -> bool:
    """R15 Rough Housing: instead of following, once everyone else has followed or declined,
    destroy the perk to destroy the leader's played card. The rivals in turn order from the
    leader's left (``Game.rivals``), read in place: most hold no perk, and only a holder's
    seat is looked for among the few followers (no list nor set made per play, issue 38)."""
    players = game.players
    n = len(players)
    for k in range(1, n):
        q = players[(seat + k) % n]
        if not q.perks:
            continue
        perk = q.perk(_ROUGH_HOUSING)
        if perk is None or _followed(followers, q.seat):
            continue
        if game.blind():  # random bots, nobody reading: asked by count (Journal.blind)
            used = game.ask_blind(q.seat, K_ROUGH_HOUSING, 2) == 1
        else:
            answer = game.ask_count(q.seat, K_ROUGH_HOUSING, 2)  # no, then yes (ask_count)
            if answer < 0:
                verb = "destroy the perk to" if perk.single_use else "use the perk to"
                answer = game.ask(Decision(
                    q.seat, K_ROUGH_HOUSING,
                    (Option("keep the perk" if perk.single_use else "no", False),
                     Option(f"{verb} box {card.name}", True)), f"{perk.name} against {card.name}"))
            used = answer == 1
        if used:
            game.use_perk(q, perk)
            return True
    return False


def _followed(followers: list[tuple[int, tuple[CardInstance, ...]]], seat: int) -> bool:
    """Whether ``seat`` is among those who followed (R6)."""
    for follower in followers:
        if follower[0] == seat:
            return True
    return False


# -- any action, outside a play (recruit phase R7.1, DIY, scenarios) ---------------------------


def recruit(game: Game, seat: int, *, places: frozenset[str] = RECRUIT_SOURCES) -> bool:
    """The recruit phase (R7.1): one card onto the discard pile from the park (refilled), a yard
    or the top of the park deck; ``places`` narrows them (Birthday Party's extra recruit, R15).
    False if there is nothing to recruit.

    Nothing to search for: every card offered can be recruited, the move being the whole action,
    so the agent is asked (:func:`~fortlang.games.fort.moves.ask_card`, as a safe choice point
    asks) and the card moved. No move context, no driver, no transaction: the only question
    comes before the only change, so an agent's error leaves the table as it was; inside an
    open transaction the moves are logged as any (tests/test_fort_recruit_shortcut.py holds it
    to the full choice point)."""
    pick = ask_card(game, seat, recruit_places(game, places), K_RECRUIT, RECRUIT_CONTEXT)
    if pick is None:
        return False
    zone, i, _, _ = pick
    take_card(game, zone, i, game.players[seat].discard, True)
    debug_check(game)
    return True


#: The recruit phase's question's context (Decision.context).
RECRUIT_CONTEXT: Final = "recruit a card (R7.1)"
