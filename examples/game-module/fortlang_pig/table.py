"""Pig's table and its game loop (the rules, P1 to P6, are in ../README.md).

The table is a :class:`fortlang.engine.journal.Journal`: every change made while a card's action
is performed goes through the journal, so fortlang's engine can try an action and undo it (to
judge which cards can be played in full, P4) and roll the die as an explicit chance event
(P3). The loop asks its decisions through the journal's asker, so the same code serves bots,
scenario scripts, replays and a player at the terminal."""

from __future__ import annotations

from typing import Any

from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.perform import can_perform, perform
from fortlang.model import CardSet, GameCard
from fortlang.module import Outcome

#: P1: each player starts with three cards.
HAND = 3
#: P6: the first to reach this many points wins at once.
TARGET = 20
#: Turns at most, whatever the cards (a bound: a set of cards that never score still ends).
MOST_TURNS = 400


class Seat(SeatCounts):
    """A player: their points (``vp``, journaled) and their hand."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.hand: list[GameCard] = []


class PigTable(Journal):
    """The deck, the discard pile and the seats."""

    def __init__(self, cards: list[GameCard], n_players: int, *, seed: int = 0,
                 asker: Any = None) -> None:
        super().__init__(seed=seed, asker=asker)
        self.players = [Seat(i) for i in range(n_players)]
        self.deck = list(cards)
        self.cards = len(cards)  # every copy, wherever it is
        self.discard: list[GameCard] = []
        self.turn = 0
        self.direction = 1

    def check_invariants(self) -> None:
        """Every copy is in one place: the deck, the discard pile or one hand (checked
        at every decision with ``simulate --check-invariants``)."""
        places = [self.deck, self.discard, *(p.hand for p in self.players)]
        held = sum(len(place) for place in places)
        if held != self.cards:
            raise AssertionError(f"{held} cards on the table, {self.cards} in the game")

    # What the core's selectors read (fortlang.vocabulary.TableView): the seat count, the
    # direction of play (``direction``, +1: seat order) and ``players``.
    @property
    def seat_count(self) -> int:
        return len(self.players)


def new_table(cardset: CardSet, n_players: int, *, seed: int = 0, asker: Any = None
              ) -> PigTable:
    """P1: shuffle every copy of every card, deal three to each player."""
    cards = [c for c in cardset.cards for _ in range(c.copies)]
    table = PigTable(cards, n_players, seed=seed, asker=asker)
    table.rng.shuffle(table.deck)
    for _ in range(HAND):
        for p in table.players:
            if table.deck:
                p.hand.append(table.deck.pop())
    return table


def play_turn(table: PigTable, seat: int, plays: dict[str, int]) -> None:
    """P2-P5: draw a card, then play one you can do in full; with none, discard one."""
    p = table.players[seat]
    if table.deck:
        p.hand.append(table.deck.pop())
    if not p.hand:
        return
    playable = [i for i, c in enumerate(p.hand) if can_perform(table, seat, c.texts["action"])]
    if playable:
        options = tuple(Option(p.hand[i].name, p.hand[i].id) for i in playable)
        excluded = tuple((c.name, "P4") for i, c in enumerate(p.hand) if i not in playable)
        pick = playable[table.ask(Decision(seat, Kind.PLAY, options, "play a card", excluded))]
        card = p.hand.pop(pick)
        table.discard.append(card)
        plays[card.id] = plays.get(card.id, 0) + 1
        perform(table, seat, card.texts["action"])
    else:  # P5
        options = tuple(Option(c.name, c.id) for c in p.hand)
        table.discard.append(p.hand.pop(table.ask(Decision(seat, Kind.PLAY, options,
                                                           "discard a card (P5)"))))


def run_game(cardset: CardSet, n_players: int, *, seed: int = 0, asker: Any = None,
             debug: bool = False) -> Outcome:
    """A whole game (P6): turns in seat order until someone reaches the target, or every card
    is played. With ``debug``, the invariants are checked at every decision."""
    table = new_table(cardset, n_players, seed=seed, asker=asker)
    table.debug = debug
    plays: dict[str, int] = {}
    turns = 0
    while turns < MOST_TURNS:
        seat = turns % n_players
        play_turn(table, seat, plays)
        turns += 1
        if any(p.vp >= TARGET for p in table.players):
            break
        if not table.deck and not any(p.hand for p in table.players):
            break
    scores = tuple(p.vp for p in table.players)
    best = max(scores)
    return Outcome(scores=scores, winners=tuple(i for i, s in enumerate(scores) if s == best),
                   turns=turns, plays=plays)
