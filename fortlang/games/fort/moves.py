"""Fort's moves that its ops share (R5.3-R5.7, R7.1, R10, R12): counting suits and naming them,
token and card moves, the ways to pay an advance and a level's rewards.

The ops of Fort's primitives (games/fort/ops/) and its plays (play.py, turn.py) perform these on
Fort's table (``ctx.game``, ``ctx.player``) through the undo log, at the core's choice points
(:func:`~fortlang.engine.interpreter.decide_at` over a :class:`~fortlang.engine.interpreter.Step`).
Compiled with the engine (one mypyc group), so the calls between them stay native.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from fortlang.engine import interpreter
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
from fortlang.engine.interpreter import (
    Refused,
    Step,
    Then,
    Thunk,
    decide_at,
    jump,
    resume,
    then_step,
)
from fortlang.engine.memo import bounded_put
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.model import Perk
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.table import (
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

#: Enum members as module constants: reading ``Suit.COIN`` goes through the enum metaclass and
#: costs ten times a global, in the innermost loops of the search.
COIN: Final = Suit.COIN
EITHER: Final = Resource.EITHER

K = Callable[[bool], bool]


def _no_refusals() -> Sequence[tuple[str, str]]:
    return ()


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


def suit_count(ctx: FortCtx, suit: Suit) -> int:
    named = ctx.named
    total = 0
    for c in ctx.sources:
        total += card_count(c, suit, named)
    return total


SUIT_OPTION: Final = {s: Option(s.value, s) for s in Suit}


class _SuitPick(Step):
    """Naming a suit: stored in ``table[key]`` (undone on rollback), then ``then``."""

    def __init__(self, ctx: FortCtx, table: dict, key: int, suits: Sequence[Suit],
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


def choose_suit(ctx: FortCtx, table: dict, key: int, suits: Sequence[Suit], then: Step | Thunk,
                same: Sequence[int] = (), known: Sequence[bool] = ()) -> bool:
    """Ask for a suit, store it in ``table[key]`` and continue with ``then`` (a :class:`Then`,
    or a plain thunk); ``same`` and ``known``: as for decide_at."""
    return decide_at(ctx, K_COIN_SUIT if table is ctx.named else K_ANY_SUIT, len(suits),
                     _SuitPick(ctx, table, key, suits, then_step(then)), known, same)


# -- tokens and cards moved (R1.4, R1.5, R7.1, R12.1-R12.13) -----------------------------------


def gain_tokens(ctx: FortCtx, res: Resource, amount: int) -> bool:
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


_DECK_TOP: Final = Option("the top of the park deck", ("park_deck",))


def _move_option(c: CardInstance, where: str, value: tuple) -> Option:
    """"Name from where": made once per card definition and place (an option is immutable)."""
    moves = c.defn.moves
    option = moves.get(where)
    if option is None:
        option = moves[where] = Option(f"{c.name} {where}", (*value, c.card.id))
    return option


def offered(places: list[tuple[list, str, Any]], deck: list) -> int:
    """How many options :func:`card_moves` offers from ``places`` outside a search: each
    zone's distinct definitions (:func:`distinct`), a deck's top (``deck``) once, in the order
    of ``places``; counted without making them (a random bot answers from the count alone)."""
    count = 0
    for place in places:
        zone: list = place[0]  # compiled, one item read (unpacking reads and checks three)
        n = len(zone)
        if n == 1 or n and zone is deck:
            count += 1
        elif n > 16:
            count += len(distinct(zone))
        elif n:
            count += -1 - _kind_at(zone, n)  # its kinds: fewer than n + 1
    return count


def _kind_at(cards: list[CardInstance], j: int) -> int:
    """The index of the ``j``-th (from 0) card of a short zone no card before has the
    definition of (compared by identity: no set made, nothing hashed: those the search for
    their definition from the zone's start stops at); ``-1 - kinds`` when there are only
    ``kinds`` <= ``j`` of them (``j`` past the zone's length: how many kinds it holds). One
    call a zone, not one a card (issue 38); lists walked by ``for`` (compiled, an unchecked
    read an item), not indexed."""
    kinds = 0
    i = 0
    for card in cards:
        defn = card.defn
        for c in cards:
            if c.defn is defn:
                if c is card:
                    if kinds == j:
                        return i
                    kinds += 1
                break
        i += 1
    return -1 - kinds


def picked(places: list[tuple[list, str, Any]], deck: list, j: int
           ) -> tuple[list, int, str, Any]:
    """Option ``j`` of :func:`offered`'s count: (zone, index or -1 for the deck's top,
    where-label, where-value), as :func:`card_moves` lists its picks."""
    for place in places:
        zone: list = place[0]
        n = len(zone)
        if not n:
            continue
        if zone is deck:
            if not j:
                return (zone, -1, place[1], place[2])
            j -= 1
        elif n > 16:
            firsts = distinct(zone)
            if j < len(firsts):
                return (zone, firsts[j], place[1], place[2])
            j -= len(firsts)
        elif n == 1:
            if not j:
                return (zone, 0, place[1], place[2])
            j -= 1
        else:
            i = _kind_at(zone, j)
            if i >= 0:
                return (zone, i, place[1], place[2])
            j += i + 1  # less the zone's kinds
    raise IndexError(f"no card move {j} past the last")


def _picks(places: list[tuple[list, str, Any]], deck: list) -> list[tuple[list, int, str, Any]]:
    """Every option of :func:`offered`, in its order."""
    picks: list[tuple[list, int, str, Any]] = []
    for zone, where, value in places:
        if not zone:
            continue
        if zone is deck:
            picks.append((zone, -1, where, value))
        else:
            for i in distinct(zone):
                picks.append((zone, i, where, value))
    return picks


def _names(places: list[tuple[list, str, Any]], deck: list) -> list[Any]:
    """What each option of :func:`offered` names, in its order, for an agent that answers
    without the options (Journal.ask_count): the card it takes (its CardDef: its id and
    KidCard), or the value it carries (the park deck's top: a card nobody sees)."""
    out: list[Any] = []
    for place in places:
        zone: list = place[0]
        n = len(zone)
        if not n:
            continue
        if zone is deck:
            out.append(_DECK_TOP.value)
        elif n > 16:
            cards: list[CardInstance] = zone
            for i in distinct(cards):
                out.append(cards[i].defn)
        else:  # as _kinds finds them
            cards = zone
            for card in cards:
                defn = card.defn
                for c in cards:
                    if c.defn is defn:
                        if c is card:
                            out.append(defn)
                        break
    return out


def _options(picks: list[tuple[list, int, str, Any]]) -> list[Option]:
    out: list[Option] = []
    for zone, i, where, value in picks:
        if i < 0:
            out.append(_DECK_TOP)
        else:
            c: CardInstance = zone[i]
            out.append(_move_option(c, where, value))
    return out


def ask_card(game: Game, seat: int, places: list[tuple[list, str, Any]], kind: Kind,
             context: str, refused: Refused = _no_refusals) -> tuple[list, int, str, Any] | None:
    """The card ``seat`` moves from ``places`` when every option completes (nothing to try:
    R7.1's recruit, a card move once the rest of the move cannot fail), asked as
    :func:`~fortlang.engine.interpreter.decide_at` asks a safe choice point: by count when
    :meth:`Journal.blind <fortlang.engine.journal.Journal.blind>` (no option made), else from
    what the options name (Journal.ask_count), else by the decision; a lone option is taken
    unasked unless ``game.explain``. The pick as :func:`picked` gives it; None: no card."""
    deck = game.park_deck
    count = offered(places, deck)
    if not count:
        return None
    if count > 1 and game.blind():
        return picked(places, deck, game.ask_blind(seat, kind, count))
    if count == 1 and not game.explain:
        return picked(places, deck, 0)
    if not game.explain:
        # an agent that answers from the cards the options take (the greedy bot's recruit,
        # R7.1), nobody reading: no labels, no decision (Journal.ask_count)
        index = game.ask_count(seat, kind, count, _names(places, deck))
        if index >= 0:
            return picked(places, deck, index)
    picks = _picks(places, deck)
    index = game.ask(Decision(seat, kind, tuple(_options(picks)), context,
                              tuple(refused()) if game.explain else ()))
    return picks[index]


def take_card(game: Game, zone: list, i: int, dst: list, refill_park: bool) -> None:
    """Move ``zone[i]`` (-1: a deck's top) to ``dst``, then refill the park from the park
    deck if the card came from the park and ``refill_park`` (R7.1)."""
    game.move(zone, len(zone) - 1 if i < 0 else i, dst)
    if refill_park and zone is game.park and game.park_deck:
        game.move(game.park_deck, len(game.park_deck) - 1, game.park)  # R7.1 refill


class _CardMove(Step):
    """Moving one card of ``picks`` (zone, index or -1 for a deck's top, where-label,
    where-value) to ``dst``; the park is refilled (R7.1) when asked to."""

    def __init__(self, ctx: FortCtx, picks: list[tuple[list, int, str, Any]], dst: list,
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
        return _options(self.picks)


def card_moves(ctx: FortCtx, places: list[tuple[list, str, Any]], dst: list, kind: Kind, k: K,
                refill_park: bool = False, used: Callable[[list], object] | None = None,
                refused: Refused = _no_refusals) -> bool:
    """Offer to move one card from any of ``places`` (zone, where-label, where-value) to ``dst``;
    ``used(zone)`` is told where the card came from (a perk that widened the places is used)."""
    game = ctx.game
    if ctx.safe and not ctx.search:  # every option completes: nothing to try, ask and move
        pick = ask_card(game, ctx.seat, places, kind, ctx.context, refused)
        if pick is None:
            return resume(k, False)
        return jump(ctx, _CardMove(ctx, [pick], dst, refill_park, used, k), 0)
    picks: list[tuple[list, int, str, Any]] = []  # (zone, index, where-label, where-value)
    alike = interpreter.EQUIVALENT_OPTIONS and ctx.alike
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
    same: list[int] = []
    if alike and not searching:  # the first option of each zone stands for the zone
        # (searching, each zone has one option: none ends as another)
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


#: perk_places's memo, by id of the perk (the entry keeps it alive; a perk is immutable).
_PERK_PLACES: Final[dict[int, tuple[Perk, frozenset[str]]]] = {}


def perk_places(perk: Perk) -> frozenset[str]:
    """The places a perk's ``from`` names (R15 Birthday Party, Bribe): read once per perk (an
    interpreted perk's parameter lookup and the set made cost a recruit more than the rest)."""
    entry = _PERK_PLACES.get(id(perk))
    if entry is None:
        entry = (perk, _perk_places(perk))
        bounded_put(_PERK_PLACES, id(perk), entry)
    return entry[1]


def _perk_places(perk: Perk) -> frozenset[str]:
    value = perk.param("from")
    if isinstance(value, str):
        return frozenset((value,))
    return frozenset(str(v) for v in value) if isinstance(value, list | tuple) else frozenset()


def copy_tokens(ctx: FortCtx, pack: tuple[int, int]) -> bool:
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


class PlanSet:
    """The plans for some tokens held (a :class:`PayWays` entry) and, once asked, their options
    (immutable, made once: the greedy bot asks a payment's options at every advance)."""

    __slots__ = ("plans", "options")

    def __init__(self, plans: Plans) -> None:
        self.plans = plans
        self.options: tuple[Option, ...] | None = None


class PayWays:
    """The ways to pay one cost with one modifier (R10.1, R13.2), worked out once: what each
    kind must come to in stuff and pack together (``needs_pizza[i]``, ``needs_toy[i]``: one
    pair per variant of the cost and split of its eithers), so whether it can be paid is read
    from four counts without a plan made; and the plans by the tokens held, each count above
    what any variant needs of its kind counting as that most (no plan can tell them apart: a
    pair's range of pizza from the stuff is ``max(0, need - pack)..min(need, stuff)``)."""

    __slots__ = ("cost", "modifier", "needs_pizza", "needs_toy", "most_pizza", "most_toy",
                 "base", "plans_by")

    def __init__(self, cost: tuple[Resource, ...], modifier: int) -> None:
        self.cost = cost
        self.modifier = modifier
        pairs: set[tuple[int, int]] = set()
        for v in _variants(cost, modifier):
            either = v.count(EITHER)
            for ep in range(either + 1):
                pairs.add((v.count(PIZZA) + ep, v.count(TOY) + either - ep))
        ordered = sorted(pairs)
        self.needs_pizza: list[int] = [need for need, _ in ordered]
        self.needs_toy: list[int] = [need for _, need in ordered]
        self.most_pizza: int = max(self.needs_pizza, default=0)
        self.most_toy: int = max(self.needs_toy, default=0)
        self.base: int = max(self.most_pizza, self.most_toy) + 1
        #: the plans by the (clamped) counts held, as one int (see :meth:`plan_set`)
        self.plans_by: dict[int, PlanSet] = {}

    def payable(self, stuff_pizza: int, stuff_toy: int, pack_pizza: int, pack_toy: int) -> bool:
        """Some plan pays it: each kind, stuff and pack together, as some pair needs."""
        pizza = stuff_pizza + pack_pizza
        toy = stuff_toy + pack_toy
        needs_toy = self.needs_toy
        for i, need in enumerate(self.needs_pizza):
            if need <= pizza and needs_toy[i] <= toy:
                return True
        return False

    def plans(self, stuff_pizza: int, stuff_toy: int, pack_pizza: int, pack_toy: int) -> Plans:
        """Every way to pay from these tokens (:func:`payment_plans`), memoised."""
        return self.plan_set(stuff_pizza, stuff_toy, pack_pizza, pack_toy).plans

    def plan_set(self, stuff_pizza: int, stuff_toy: int, pack_pizza: int,
                 pack_toy: int) -> PlanSet:
        """:meth:`plans`, as the entry that also keeps their options."""
        most_p, most_t, base = self.most_pizza, self.most_toy, self.base
        sp = stuff_pizza if stuff_pizza < most_p else most_p
        st = stuff_toy if stuff_toy < most_t else most_t
        pp = pack_pizza if pack_pizza < most_p else most_p
        pt = pack_toy if pack_toy < most_t else most_t
        key = ((sp * base + st) * base + pp) * base + pt
        kept = self.plans_by.get(key)
        if kept is None:
            kept = PlanSet(_plans(self.cost, self.modifier, (sp, st), (pp, pt)))
            bounded_put(self.plans_by, key, kept)
        return kept


#: The ways to pay, by cost tuple (its id; the entry keeps the tuple alive), then by modifier:
#: a board has few costs, a cost at most three modifiers (-1, none, +1: R13.2).
_PAY_WAYS: Final[dict[int, tuple[tuple[Resource, ...], dict[int, PayWays]]]] = {}


def pay_ways(cost: tuple[Resource, ...], modifier: int) -> PayWays:
    """The :class:`PayWays` of ``cost`` with ``modifier``, made once."""
    # Typed, not taken from bounded_put (Any): compiled, the table and its entry are then read
    # natively, not through a generic item read and a generic method call at every payment.
    entry = _PAY_WAYS.get(id(cost))
    if entry is None:
        entry = (cost, {})
        bounded_put(_PAY_WAYS, id(cost), entry)
    by_modifier: dict[int, PayWays] = entry[1]
    ways = by_modifier.get(modifier)
    if ways is None:
        ways = PayWays(cost, modifier)
        by_modifier[modifier] = ways
    return ways


def payment_plans(cost: tuple[Resource, ...], modifier: int, stuff: tuple[int, int],
                  pack: tuple[int, int]) -> Plans:
    """Every way to pay: (pizza from stuff, pizza from pack, toy from stuff, toy from pack).
    A -1 modifier drops any one item of the cost, a +1 adds one of either kind (R13.2)."""
    return plans_for(cost, modifier, stuff[0], stuff[1], pack[0], pack[1])


def plans_for(cost: tuple[Resource, ...], modifier: int, stuff_pizza: int, stuff_toy: int,
              pack_pizza: int, pack_toy: int) -> Plans:
    """:func:`payment_plans`, memoised (a board has few costs; a player holds few tokens)."""
    return pay_ways(cost, modifier).plans(stuff_pizza, stuff_toy, pack_pizza, pack_toy)


def _variants(cost: tuple[Resource, ...], modifier: int) -> set[tuple[Resource, ...]]:
    """The cost as paid with ``modifier``: each item dropped (-1), or one either added (+1)."""
    variants = {tuple(sorted(cost))}
    for _ in range(abs(modifier)):
        if modifier > 0:
            variants = {(*v, EITHER) for v in variants}
        else:
            variants = {v[:i] + v[i + 1:] for v in variants for i in range(len(v))} or {()}
    return variants


def _plans(cost: tuple[Resource, ...], modifier: int, stuff: tuple[int, int],
           pack: tuple[int, int]) -> Plans:
    variants = _variants(cost, modifier)
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

    def __init__(self, ctx: FortCtx, then: Step) -> None:
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

    def __init__(self, ctx: FortCtx, then: Step) -> None:
        self.ctx = ctx
        self.then = then

    def apply(self, i: int) -> bool:
        game = self.ctx.game
        game.put(self.ctx.player.perks, game.take(game.perk_row, i))
        return self.then.apply(0)

    def options(self) -> Sequence[Option]:
        return [Option(q.name, q.id) for q in self.ctx.game.perk_row]


def level_rewards(ctx: FortCtx, then: Step | Thunk) -> bool:
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
