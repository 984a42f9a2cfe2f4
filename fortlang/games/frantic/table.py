"""Frantic's table (issue 34 item 3; docs/games/frantic.md F1, F2, F5): the seats, the draw
pile, the discard pile, the event deck, the direction of play, the wish and the round's state,
as a :class:`fortlang.engine.journal.Journal`, so the engine can perform the cards' actions
on it, try them and undo them. Every change made during a move goes through the journal
(``move``, ``take``, ``put``, ``set``, ``add_vp``); the match loop (:mod:`.match`) changes it
between moves only.

Piles are lists whose top is their last item. ``vp`` of a seat is its total of points over the
rounds played (F4.3: points are bad, the lowest total wins)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fortlang.engine.journal import Journal, SeatCounts
from fortlang.games.frantic.flow import arm_bomb, bomb_left, looping_at, make_flow
from fortlang.games.frantic.kinds import Colour
from fortlang.model import CardSet, GameCard
from fortlang.nodes import Action

#: F2.3: the hand dealt (``frantic.hand_size``, 7 by default, never fewer than 4).
HAND_SIZE = 7
LEAST_HAND = 4
#: F1.2: the four colours, in the order a wish offers them (black is none, F5.3).
COLOURS: tuple[str, ...] = tuple(c.value for c in Colour)


def text_of(card: GameCard, field: str) -> Action | None:
    """A field of the card written in Frantic's words, parsed by the card loader."""
    text = card.texts.get(field)
    return text if isinstance(text, Action) else None


class PlayCard:
    """One copy of a play card (F1.1): its card's data, read once. Compared by identity: two
    copies of Blue 1 are two cards, each in exactly one place."""

    __slots__ = ("uid", "card", "id", "name", "kind", "colours", "number", "points",
                 "action", "reaction", "when", "hand", "under", "symbol")

    def __init__(self, uid: int, card: GameCard) -> None:
        fields = card.fields
        self.uid = uid
        self.card = card
        self.id = card.id
        self.name = card.name
        self.kind: str = str(fields.get("kind", "number"))
        self.colours: tuple[str, ...] = tuple(fields.get("colours", ()) or ())
        number = fields.get("number")
        self.number: int | None = int(number) if isinstance(number, int) else None
        self.points: int = int(fields.get("points", 0))
        self.action = text_of(card, "action")
        self.reaction = text_of(card, "reaction")
        self.when: str = str(fields.get("when", ""))
        hand = fields.get("hand")
        self.hand: int | None = int(hand) if isinstance(hand, int) else None
        self.under: bool = bool(fields.get("under", False))
        # F5.4 "the same symbol": the same special whatever its colour (Gift on Gift)
        self.symbol: str = card.name if self.kind != "number" else ""

    @property
    def black(self) -> bool:
        """F1.2, F5.3: a number card with no colour."""
        return self.kind == "number" and not self.colours

    def __repr__(self) -> str:
        return f"<{self.name}#{self.uid}>"


class EventCard:
    """One event card (F1.6, F9)."""

    __slots__ = ("uid", "id", "name", "action")

    def __init__(self, uid: int, card: GameCard) -> None:
        self.uid = uid
        self.id = card.id
        self.name = card.name
        self.action = text_of(card, "action")

    def __repr__(self) -> str:
        return f"<event {self.name}>"


class FranticSeat(SeatCounts):
    """A player: their total points over the rounds (``vp``), their hand, whether they miss
    their next turn (F6.4, the flow's clock counts it), and the cards an event passes them,
    taken in hand once every player has passed theirs (F9.10)."""

    def __init__(self, seat: int, table: FranticTable) -> None:
        super().__init__()
        self.seat = seat
        self.table = table
        self.hand: list[PlayCard] = []
        self.incoming: list[PlayCard] = []
        #: Emptied their hand while Time Bomb ticked (F9.14).
        self.finished = False

    @property
    def skipped(self) -> bool:
        """F6.4: they miss their next turn (a skip the flow's clock holds for them)."""
        return self.table.flow.clock.skips[self.seat] > 0

    @property
    def hand_size(self) -> int:
        """What Frantic's selectors measure (`the player with most cards`)."""
        return len(self.hand)

    @property
    def place(self) -> int:
        """`x place` (F9.9): this seat's place in the order of the effect resolving, from the
        next player of the one who set it off (1) to that player (last)."""
        return self.table.place_of(self.seat)


class FranticTable(Journal):
    """The piles, the seats, the direction of play (F2.6), the wish (F7.2) and the round's
    state. ``origin`` is the seat whose card or event is resolving (F9.2's "the one who
    triggered it")."""

    def __init__(self, cards: Sequence[PlayCard], events: Sequence[EventCard], n_players: int,
                 *, seed: int = 0, asker: Any = None, switches: dict[str, Any] | None = None
                 ) -> None:
        super().__init__(seed=seed, asker=asker)
        self.players: list[FranticSeat] = [FranticSeat(i, self) for i in range(n_players)]
        self.all_cards: tuple[PlayCard, ...] = tuple(cards)
        self.all_events: tuple[EventCard, ...] = tuple(events)
        self.draw_pile: list[PlayCard] = list(cards)
        self.discard: list[PlayCard] = []
        self.events: list[EventCard] = list(events)
        self.events_done: list[EventCard] = []
        #: Cards set aside while an effect resolves: stakes (Gambling Man), a market's cards
        #: (Market), an exchange's given cards (F6.2).
        self.aside: list[PlayCard] = []
        self.wish: str | int | None = None
        self.last_colour: str | None = None
        self.origin = 0
        #: Inside an event (F8.1: Fuck You may then be passed; F9.10: passed cards wait).
        self.in_event = False
        #: The hands' sizes when the event resolving was turned (F9.3, F9.11).
        self.event_sizes: tuple[int, ...] = ()
        #: Why the round ended ("" while it goes on): "empty_hand", "empty_pile", "event".
        self.round_over = ""
        self.uncounted = False  # Doomsday (F10.2)
        self.bomb_exploded = False
        #: Time Bomb was set in the turn under way (F9.14: that turn does not count).
        self.bomb_set_in_turn = False
        #: The victim whose Counterattack made the special aimed at them theirs (F7.4), -1.
        self.countered_by = -1
        #: Times each card was played and each event turned (simulate's figures).
        self.plays: dict[str, int] = {}
        #: The same by seat (balance's win rate when played).
        self.seat_plays: list[dict[str, int]] = [{} for _ in self.players]
        self.rounds = 0
        #: Who deals the round (F2.4) and plays first in it; the clock's turn when it began.
        self.dealer = 0
        self.round_turn0 = 0
        #: A round has been scored and the next not dealt yet (the game may end there, F4.4).
        self.between_rounds = False
        #: A turn is under way (from ``turn_start`` until it is settled).
        self.in_turn = False
        self.switches: dict[str, Any] = dict(SWITCHES)
        self.switches.update(switches or {})
        #: The rounds and turns (:mod:`.flow`): its clock holds the direction of play and the
        #: skipped turns.
        self.flow = make_flow(self)

    # -- what the selectors read (fortlang.vocabulary.TableView) -------------------------------

    @property
    def play_direction(self) -> int:
        """F2.6: -1, counter-clockwise (the seat before in seat order); Looping turns it (the
        flow's clock holds it)."""
        return self.flow.clock.direction

    @property
    def reversed_by(self) -> int:
        """Who reversed play `until_next_turn` (S: Looping), -1 when nobody did: it turns back
        once their next turn is over (F11.3), a lasting effect of the flow."""
        at = looping_at(self.flow)
        return self.flow.lasting[at].owner if at >= 0 else -1

    @property
    def bomb(self) -> int:
        """Time Bomb's turns left (F9.14), 0 when none ticks: a lasting effect of the flow."""
        return bomb_left(self.flow)

    @bomb.setter
    def bomb(self, turns: int) -> None:
        arm_bomb(self.flow, turns)

    @property
    def seat_count(self) -> int:
        return len(self.players)

    @property
    def direction(self) -> int:
        """Which way the players come, as the selectors read it: the direction of play, but
        clockwise (+1) while an event resolves under ``frantic.event_order = clockwise``
        (F9.2)."""
        if self.in_event and self.switches["frantic.event_order"] == "clockwise":
            return 1
        return self.play_direction

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat in the order of play from ``seat``'s next, ``seat`` last (F9.2)."""
        n, step = len(self.players), -1 if self.direction < 0 else 1
        return tuple((seat + step * i) % n for i in range(1, n + 1))

    def next_seat(self, seat: int) -> int:
        return self.order_from(seat)[0]

    def place_of(self, seat: int) -> int:
        return self.order_from(self.origin).index(seat) + 1

    @property
    def top(self) -> PlayCard | None:
        return self.discard[-1] if self.discard else None

    # -- invariants (debug) ----------------------------------------------------------------------

    def places(self) -> list[list[PlayCard]]:
        """Every list a play card may be in."""
        out = [self.draw_pile, self.discard, self.aside]
        for p in self.players:
            out += [p.hand, p.incoming]
        return out

    def check_invariants(self) -> None:
        """F1.1: every play card in exactly one place, every event in the deck or done."""
        seen = [c.uid for place in self.places() for c in place]
        if sorted(seen) != sorted(c.uid for c in self.all_cards):
            raise AssertionError(f"play cards out of place: {len(seen)} placed, "
                                 f"{len(self.all_cards)} in the game")
        events = [e.uid for e in self.events + self.events_done]
        if sorted(events) != sorted(e.uid for e in self.all_events):
            raise AssertionError("event cards out of place")


#: The readings of the digest (F15) the module plays, with their defaults; a table's
#: ``switches`` may change any of them.
SWITCHES: dict[str, Any] = {
    "frantic.hand_size": HAND_SIZE,  # F2.3
    "frantic.first_card_chooser": "dealer",  # F2.5
    "frantic.event_order": "next_in_play",  # F9.2
    "frantic.skip": "skip_a_turn",  # F6.4
    "frantic.limit": "at_least",  # F4.4
    "frantic.points_limit": None,  # F2.2: None, the recommended medium limit
    "frantic.second_chance": "may_draw",  # F6.1
    "frantic.fantastic_four_self": False,  # F7.3
    "frantic.event_passing": "simultaneous",  # F9.10
    "frantic.merry_christmas_self": False,  # F9.12
    "frantic.gamble_value": "points",  # F9.13
    "frantic.event_reshuffle": True,  # F9.8
    "frantic.time_bomb_turns": "player_turns",  # F9.14
}


def points_limit(table: FranticTable) -> int:
    """F2.2: the agreed limit, by default the recommended medium one (2-4 players 154, 5-8
    players 137)."""
    chosen = table.switches.get("frantic.points_limit")
    if isinstance(chosen, int) and chosen > 0:
        return chosen
    return 154 if len(table.players) <= 4 else 137


def new_table(cardset: CardSet, n_players: int, *, seed: int = 0, asker: Any = None,
              switches: dict[str, Any] | None = None) -> FranticTable:
    """F2.1: the play cards and the events shuffled apart; no hand dealt yet (a round deals,
    :func:`fortlang.games.frantic.match.deal_round`)."""
    cards: list[PlayCard] = []
    events: list[EventCard] = []
    for card in cardset.cards:
        for _ in range(card.copies):
            if card.kind == "event":
                events.append(EventCard(len(events), card))
            else:
                cards.append(PlayCard(len(cards), card))
    table = FranticTable(cards, events, n_players, seed=seed, asker=asker, switches=switches)
    hand = table.switches["frantic.hand_size"]
    if not isinstance(hand, int) or hand < LEAST_HAND:
        raise ValueError(f"frantic.hand_size is {hand!r}: F2.3 deals at least {LEAST_HAND}")
    table.rng.shuffle(table.draw_pile)
    table.rng.shuffle(table.events)
    return table
