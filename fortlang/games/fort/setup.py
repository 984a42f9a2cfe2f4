"""Set-up (R2): seating, made-up rule pile, perk row, park deck and park, starting decks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from fortlang.engine.asker import Asker
from fortlang.engine.chance import below, shuffle
from fortlang.engine.choices import K_DRAFT, Decision, Option
from fortlang.games.fort.model import best_friends_of, board_of, park_kids_of, perks_of, rules_of
from fortlang.games.fort.table import Game
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
    game = Game(n_players, board_of(cardset), seed=seed, asker=asker, debug=debug)
    if trace is not None:
        trace.attach(game)
    rng = game.rng
    first = below(rng, n_players)  # R2.1
    # a Fort set's cards, read once a game from its slots (fortlang.games.fort.model)
    rules = list(rules_of(cardset))
    perks = list(perks_of(cardset))
    shuffle(rng, rules)
    shuffle(rng, perks)
    game.rule_pile.extend(rules[: n_players + 1])  # R2.2 (the rest stay in the box)
    game.perk_row.extend(perks[: n_players + 1])  # R2.3
    kids = [k for k in park_kids_of(cardset) for _ in range(k.copies)]
    if len(kids) < PARK_SIZE + n_players * START_KIDS:  # an unchecked set: no IndexError
        from fortlang.errors import MessageError

        raise MessageError("E327", f"a park deck of {len(kids)} cards cannot deal "
                           f"{n_players} players: set-up takes "
                           f"{PARK_SIZE + n_players * START_KIDS} (R2.4, R2.5)")
    shuffle(rng, kids)
    game.new_cards(kids, game.park_deck)  # R2.4
    for _ in range(PARK_SIZE):
        _top(game, game.park_deck, game.park)
    for p, board in zip(game.players, seating(cardset, n_players, rng), strict=True):
        game.new_cards(board, p.deck)  # R1.2, R2.6: the board's two best friends
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
    first into the hand, the discard pile's top card first onto the new deck), without a
    journaled move per card."""
    drawn = 0
    while drawn < count:
        if not deck:
            if not discard:
                break
            while discard:
                deck.append(discard.pop())
            shuffle(game.rng, deck)
        hand.append(deck.pop())
        drawn += 1
    return drawn
