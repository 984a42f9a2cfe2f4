"""Whose turn it is (design §5.1): the turn and round numbers, the seat, the direction of play
and each seat's skipped turns. Every change goes through the journal, so it is undone with the
move that made it.

>>> clock = Clock(4, direction=-1)  # counter-clockwise, as Frantic starts (F2.6)
>>> clock.next_seat(0), clock.order_from(1)
(3, [0, 3, 2, 1])
"""

from __future__ import annotations

from typing import Final

from fortlang.engine.journal import Journal
from fortlang.flow.events import NO_SEAT

#: Bound on one seat's pending skipped turns (a counter read from card data is bounded).
MAX_SKIPS: Final = 1000


class Clock:
    """``turn``: turns begun in the game, a skipped one included (F11.3); ``round``: rounds
    begun; ``seat``: whose turn it is (:data:`NO_SEAT` before the first); ``direction``: 1 or
    -1; ``skips``: each seat's turns still to skip; ``skipping``: the current turn is skipped;
    ``fresh``: a round has started and its first turn not yet."""

    __slots__ = ("seats", "turn", "round", "seat", "direction", "skips", "skipping", "fresh",
                 "_no_skips")

    def __init__(self, seats: int, direction: int = 1) -> None:
        if seats < 1:
            raise ValueError(f"a flow needs at least one seat, not {seats}")
        self.seats = seats
        self.turn = 0
        self.round = 0
        self.seat = NO_SEAT
        self.direction = direction
        self.skips: tuple[int, ...] = (0,) * seats
        self._no_skips = self.skips  # skips is this very tuple until a seat is skipped
        self.skipping = False
        self.fresh = False

    def resume(self, turn: int, round: int, seat: int, opens_round: bool) -> None:
        """Set a new clock where a game resumed between two turns stands (a copy of the game
        taken at a turn's start, continued): ``turn`` turns and ``round`` rounds begun, the
        next turn ``seat``'s, the first of its round if ``opens_round`` (its round begun, as
        :meth:`start_round` leaves it), no skips pending. Not journaled: the flow is being set
        up, no move is under way."""
        if not 0 <= seat < self.seats or turn < 0 or round < 0:
            raise ValueError(f"cannot resume at turn {turn}, round {round}, seat {seat}")
        self.turn = turn
        self.round = round
        self.seat = seat if opens_round else self.next_seat(seat, -1)
        self.fresh = opens_round

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play."""
        if steps == 1:  # every turn: no multiplication nor floored remainder of tagged ints
            after = seat + self.direction
            if 0 <= after < self.seats:
                return after
        return (seat + self.direction * steps) % self.seats

    def order_from(self, seat: int) -> list[int]:
        """Every seat in the direction of play from the one after ``seat``, ``seat`` last
        (F9.2: an effect on several players starts with the next one)."""
        return [self.next_seat(seat, i) for i in range(1, self.seats + 1)]

    def start_round(self, journal: Journal, first: int) -> None:
        """A new round: its first turn is ``first``'s."""
        if not 0 <= first < self.seats:
            raise ValueError(f"the first seat is 0 to {self.seats - 1}, not {first}")
        if not journal.recording():  # between moves: nothing to undo to (Journal.set's way)
            self.round += 1
            self.seat = first
            self.fresh = True
            return
        journal.set(self, "round", self.round + 1)
        journal.set(self, "seat", first)
        journal.set(self, "fresh", True)

    def pass_turn(self, journal: Journal) -> bool:
        """Begin the next turn: the next seat's (the round's first seat's after
        :meth:`start_round`), consuming one of its skips; whether that turn is skipped.
        Between moves (no transaction: a game's turn loop) the clock is written as
        :meth:`Journal.set <fortlang.engine.journal.Journal.set>` would, without its
        ``setattr`` by name at every turn."""
        seat = self.seat
        if not self.fresh:  # next_seat(seat), inlined: at every turn
            seat += self.direction
            if seat < 0 or seat >= self.seats:
                seat %= self.seats
        skipped = self.skips is not self._no_skips and self.skips[seat] > 0
        if not journal.recording():
            self.fresh = False
            self.seat = seat
            self.turn += 1
            if skipped:
                self.skips = _changed(self.skips, seat, -1)
            self.skipping = skipped
            return skipped
        if self.fresh:
            journal.set(self, "fresh", False)
        else:
            journal.set(self, "seat", seat)
        journal.set(self, "turn", self.turn + 1)
        if skipped:
            journal.set(self, "skips", _changed(self.skips, seat, -1))
        if skipped != self.skipping:
            journal.set(self, "skipping", skipped)
        return skipped

    def reverse(self, journal: Journal) -> None:
        """Play goes the other way from now on (Frantic S: Looping)."""
        journal.set(self, "direction", -self.direction)

    def skip(self, journal: Journal, seat: int, turns: int = 1) -> None:
        """``seat`` misses its next ``turns`` turns (F6.4); they still count as turns."""
        if not 0 <= seat < self.seats or turns < 1 or self.skips[seat] + turns > MAX_SKIPS:
            raise ValueError(f"cannot skip {turns} turns of seat {seat}")
        journal.set(self, "skips", _changed(self.skips, seat, turns))

    def snapshot(self) -> tuple:
        return (self.turn, self.round, self.seat, self.direction, self.skips, self.skipping,
                self.fresh)


def _changed(counts: tuple[int, ...], at: int, by: int) -> tuple[int, ...]:
    return counts[:at] + (counts[at] + by,) + counts[at + 1:]
