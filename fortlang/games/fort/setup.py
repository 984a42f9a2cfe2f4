"""Set-up (R2): seating, made-up rule pile, perk row, park deck and park, starting decks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from fortlang.engine.asker import Asker
from fortlang.engine.chance import below, shuffle
from fortlang.engine.choices import K_DRAFT, Decision, Option
from fortlang.engine.memo import bounded_put
from fortlang.games.fort.model import (
    MadeUpRule,
    Perk,
    best_friends_of,
    board_of,
    park_kids_of,
    perks_of,
    rules_of,
)
from fortlang.games.fort.table import CardDef, CardInstance, Game, card_def
from fortlang.model import CardSet
from fortlang.sim.seats import asker_for

# Final: C constants once compiled, not a module dictionary lookup at every turn's draw
HAND_SIZE: Final = 5  # R2.6, R9.1
START_KIDS: Final = 8  # R2.5
PARK_SIZE: Final = 3  # R2.4


def new_game(cardset: CardSet, n_players: int, *, seed: int = 0,
             agents: Sequence[Any] | None = None, draft: bool = False,
             debug: bool = False, trace: Any = None,
             asker: Asker | None = None) -> tuple[Game, int]:
    """A game set up by R2; returns it and the first player's seat (R2.1). Every shuffle uses
    the game's one seeded generator, ``game.rng``. The game asks ``asker``, or else the
    ``agents`` (one per seat, :func:`~fortlang.sim.seats.asker_for`), from the draft on;
    ``trace`` (a replay.StateTrace) watches every decision."""
    if not 2 <= n_players <= 4:
        raise ValueError("Fort is for 2-4 players")
    if asker is None and agents is not None:
        asker = asker_for(agents)
    kit = kit_of(cardset)
    game = Game(n_players, kit.board, seed=seed, asker=asker, debug=debug)
    if trace is not None:
        trace.attach(game)
    rng = game.rng
    first = below(rng, n_players)  # R2.1
    rules = list(kit.rules)
    perks = list(kit.perks)
    shuffle(rng, rules)
    shuffle(rng, perks)
    game.rule_pile.extend(rules[: n_players + 1])  # R2.2 (the rest stay in the box)
    game.perk_row.extend(perks[: n_players + 1])  # R2.3
    kids = list(kit.kids)  # a CardDef per copy of each park card (R2.4), in the set's order
    if len(kids) < PARK_SIZE + n_players * START_KIDS:  # an unchecked set: no IndexError
        from fortlang.errors import MessageError

        raise MessageError("E327", f"a park deck of {len(kids)} cards cannot deal "
                           f"{n_players} players: set-up takes "
                           f"{PARK_SIZE + n_players * START_KIDS} (R2.4, R2.5)")
    shuffle(rng, kids)
    # the instances as Game.new_card makes them (uids in the order made, the game's CardDef of
    # each card kept in Game._defs), from the CardDefs the kit found once for the set
    defs: dict[int, CardDef] = dict(kit.park_defs)
    uid = _new_cards(kids, game.park_deck, 0)  # R2.4
    for _ in range(PARK_SIZE):
        _top(game, game.park_deck, game.park)
    boards = sample(rng, kit.seats(n_players), n_players)  # R2.1 seating
    for i, p in enumerate(game.players):  # (no zip: a generic iterator, strict a keyword)
        board: tuple[_Friend, ...] = boards[i]  # typed: its friends' slots read natively
        for d in board:  # R1.2, R2.6: the board's two best friends
            defs[d.key] = d.defn
            p.deck.append(CardInstance(uid, d.defn.card, d.defn))  # as _new_cards
            uid += 1
    game._defs = defs
    game._uids = uid
    if draft:
        _draft(game, first)
    else:
        for i in range(n_players):  # R2.5 basic, dealt in turn order
            p = game.players[(first + i) % n_players]
            for _ in range(START_KIDS):
                _top(game, game.park_deck, p.deck)
    for p in game.players:
        shuffle(rng, p.deck)  # R2.6
        draw(game, p.seat, HAND_SIZE)
    return game, first


def seating(cardset: CardSet, n_players: int, rng: Any) -> list[tuple[Any, ...]]:
    """R2.1 random seating: each seat takes a board at random, with its best friends (R1.2:
    two per board, in the set's order). Without it a board, and its best friends, would
    always sit at the same seat."""
    friends = best_friends_of(cardset)
    boards = [friends[2 * b: 2 * b + 2] for b in range(max(n_players, (len(friends) + 1) // 2))]
    return sample(rng, boards, n_players)


class _Friend:
    """A best friend as a board seats it: its CardDef, and the key ``Game._defs`` files it
    under (``id`` of its card)."""

    __slots__ = ("defn", "key")

    def __init__(self, defn: CardDef) -> None:
        self.defn = defn
        self.key = id(defn.card)


class Kit:
    """What :func:`new_game` reads of a card set, worked out once per set (:func:`kit_of`)
    instead of once a game: its board, made-up rules and perks (R2.2, R2.3), a CardDef per copy
    of each park card in the set's order (R2.4: shuffled, they make the park deck), the park
    cards' CardDefs by ``id`` of their card (a game's ``Game._defs``), and the boards' best
    friends, two per board in the set's order (R1.2, :func:`seating`). A set's cards never
    change (CardSet is frozen, CardDef shared by every game: table.card_def)."""

    __slots__ = ("cardset", "board", "rules", "perks", "kids", "park_defs", "boards")

    def __init__(self, cardset: CardSet) -> None:
        self.cardset = cardset
        self.board = board_of(cardset)
        self.rules: tuple[MadeUpRule, ...] = rules_of(cardset)
        self.perks: tuple[Perk, ...] = perks_of(cardset)
        park = park_kids_of(cardset)
        self.kids: tuple[CardDef, ...] = tuple(card_def(k) for k in park for _ in range(k.copies))
        self.park_defs: dict[int, CardDef] = {id(k): card_def(k) for k in park}
        friends = [_Friend(card_def(k)) for k in best_friends_of(cardset)]
        self.boards: list[tuple[_Friend, ...]] = [tuple(friends[2 * b: 2 * b + 2])
                                                  for b in range((len(friends) + 1) // 2)]

    def seats(self, n_players: int) -> list[tuple[_Friend, ...]]:
        """The boards :func:`seating` draws from: one per two best friends, and empty ones up
        to one per player."""
        boards = self.boards
        if len(boards) >= n_players:
            return boards
        return boards + [()] * (n_players - len(boards))


#: Each card set's :class:`Kit`, by ``id`` of the set (the kit keeps its set alive, so the id
#: is not reused while it is here; checked by identity); bounded as the engine's memo tables.
_KITS: Final[dict[int, Kit]] = {}
_KITS_MOST: Final = 64


def kit_of(cardset: CardSet) -> Kit:
    """The :class:`Kit` of ``cardset``, made at its first game."""
    kit = _KITS.get(id(cardset))
    if kit is None or kit.cardset is not cardset:
        kit = bounded_put(_KITS, id(cardset), Kit(cardset), _KITS_MOST)
    return kit


def _new_cards(defs: list[CardDef], zone: list[CardInstance], uid: int) -> int:
    """A card instance in ``zone`` for each of ``defs``, numbered from ``uid`` in their order,
    as Game.new_card makes them; the next free uid."""
    for defn in defs:
        zone.append(CardInstance(uid, defn.card, defn))
        uid += 1
    return uid


#: The most items (and the most picks) :func:`sample` draws natively: ``Random.sample``'s pool
#: method, which it takes while the population is no larger than 21 and ``k`` at most 5.
_POOL_MOST: Final = 21
_PICKS_MOST: Final = 5


def sample(rng: Any, population: list[Any], k: int) -> list[Any]:
    """``rng.sample(population, k)``: the same picks from the same generator state, drawn
    natively (compiled) for a table's few boards, where ``Random.sample`` is interpreted
    Python (once per game); its own method otherwise."""
    n = len(population)
    if type(rng) is not random.Random or not 0 <= k <= _PICKS_MOST or n > _POOL_MOST:
        return list(rng.sample(population, k))
    pool = list(population)
    result: list[Any] = []
    for i in range(k):  # as Random.sample's pool: the last unpicked item fills the gap
        j = below(rng, n - i)
        result.append(pool[j])
        pool[j] = pool[n - i - 1]
    return result


def _top(game: Game, src: list, dst: list) -> None:
    game.move(src, len(src) - 1, dst)


def _draft(game: Game, first: int) -> None:
    """R2.5 advanced: draw 8, keep one, pass the rest left, until each has kept 8. The cards
    being drafted are held in hand, so every card stays in a zone the invariants know."""
    n_players = len(game.players)
    for p in game.players:
        for _ in range(START_KIDS):
            _top(game, game.park_deck, p.hand)
    for _ in range(START_KIDS):
        for i in range(n_players):
            p = game.players[(first + i) % n_players]
            if len(p.hand) == 1:
                pick = 0
            elif game.blind():  # random bots, nobody reading: no labels (Journal.blind)
                pick = game.ask_blind(p.seat, K_DRAFT, len(p.hand))
            else:
                # a suit is a StrEnum: its text is its value, joined as is (no interpreted
                # .value)
                options = tuple(Option(f"{c.name} ({'+'.join(c.suits)})",
                                       c.defn.id) for c in p.hand)
                pick = game.ask(Decision(p.seat, K_DRAFT, options,
                                         "draft: keep one card (R2.5)"))
            game.move(p.hand, pick, p.deck)
        packets = [list(p.hand) for p in game.players]
        for seat, p in enumerate(game.players):  # pass left: seat s gets seat s-1's cards
            p.hand[:] = packets[(seat - 1) % n_players]


def draw(game: Game, seat: int, count: int) -> int:
    """R9.1: draw from the deck, reshuffling the discard pile into it when empty; returns how
    many were drawn (fewer only if deck and discard run out)."""
    p = game.players[seat]
    if not game.recording():  # between moves (the draw phase, set-up): whole runs at once
        return _draw_unrecorded(game, p.deck, p.discard, p.hand, count)
    drawn = 0
    while drawn < count:
        if not p.deck:
            if not p.discard:
                break
            while p.discard:
                _top(game, p.discard, p.deck)
            shuffle(game.rng, p.deck)
        _top(game, p.deck, p.hand)
        drawn += 1
    return drawn


def _draw_unrecorded(game: Game, deck: list, discard: list, hand: list, count: int) -> int:
    """:func:`draw` outside a transaction (nothing to journal): each card straight from the top
    of one list to the end of the other, as the journaled moves leave them (the deck's top card
    first into the hand), without a journaled move per card; the discard pile made the new
    deck at once (R9.1), its top card first as the moves leave it: the pile reversed, before
    the shuffle. A run that takes the whole deck reads it from the top down, then clears it:
    its buffer let go, not reallocated to 0 bytes by the pop of its last card, a C library
    block that every later growth of the deck reallocates (tests/test_list_buffers.py); any
    other run pops its cards (a slice deletion costs twice the pops: a slice made, a generic
    deletion)."""
    drawn = 0
    while drawn < count:
        n = len(deck)
        if not n:
            if not discard:
                break
            deck.extend(discard)  # the deck is empty: the pile, top card first
            deck.reverse()
            discard.clear()
            shuffle(game.rng, deck)
            n = len(deck)
        run = count - drawn
        if run < n:
            while run:  # (not ``for _ in range``: compiled, ``_`` is an object, boxed)
                hand.append(deck.pop())
                run -= 1
            return count
        i = n
        while i:  # the whole deck, its top card first
            i -= 1
            hand.append(deck[i])
        deck.clear()
        drawn += n
    return drawn
