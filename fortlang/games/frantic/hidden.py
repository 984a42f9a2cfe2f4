"""What a Frantic player sees, and a table they could imagine (issue 34 item 4): the module's
determinization (``GAME.determinization``, :class:`fortlang.sim.module_pull.Determinization`),
which the search bot deals from.

A seat sees (docs/games/frantic.md): its own hand (F2.3: hands are secret); how many cards every
other hand holds; the discard pile, face up (F2.5, F3.1); how many cards the draw pile holds,
face down; the events turned (F9.1: each is revealed when triggered) and how many are left in
the face-down event deck; every total of points (F4.3, counted aloud); the cards set aside while
an effect resolves (a market's cards are turned face up, F9.7; stakes and exchanged cards are
shown or are the decider's own); and the state of the round (direction, wish, skips, Time Bomb).

Hidden from it: rivals' hands, the cards passed during an event that wait to be taken (F9.10,
everyone's: they are taken together), the draw pile's order and content, the event deck's order,
and the table's generator (future shuffles, chance points). Not modelled: a hand shown to a
player (The All-Seeing Eye, Thief) is forgotten, and a card the seat gave a rival is not
remembered with that rival: the seat errs on the side of knowing less.

:func:`determinize` deals the hidden cards anew, uniformly among the tables with the same counts;
it never reads where a hidden card truly is (the pool is sorted by uid before shuffling)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from fortlang.games.frantic.table import EventCard, FranticTable, PlayCard

#: Points of total that make a win about three times likelier than a loss, in the estimate:
#: a round adds dozens of points to the losers (F4.3), a single card up to 42.
SCALE = 12.0


def _ids(cards: Sequence[PlayCard | EventCard]) -> tuple[str, ...]:
    return tuple(c.id for c in cards)


def observe(table: FranticTable, seat: int) -> dict[str, Any]:
    """``seat``'s observation of ``table`` as plain data: card ids and counts, no rival's hand."""
    return {
        "seat": seat,
        "hand": _ids(table.players[seat].hand),
        "players": tuple({"seat": p.seat, "hand_size": len(p.hand),
                          "incoming_size": len(p.incoming), "total": p.vp,
                          "skipped": p.skipped, "finished": p.finished}
                         for p in table.players),
        "discard": _ids(table.discard),
        "draw_pile_size": len(table.draw_pile),
        "aside": _ids(table.aside),
        "events_done": _ids(table.events_done),
        "event_deck_size": len(table.events),
        "direction": table.play_direction, "reversed_by": table.reversed_by,
        "wish": table.wish, "last_colour": table.last_colour, "origin": table.origin,
        "in_event": table.in_event, "event_sizes": table.event_sizes,
        "round_over": table.round_over, "uncounted": table.uncounted, "bomb": table.bomb,
        "bomb_exploded": table.bomb_exploded, "countered_by": table.countered_by,
        "rounds": table.rounds,
    }


def hidden_places(table: FranticTable, seat: int) -> list[list[PlayCard]]:
    """The lists whose cards ``seat`` cannot see: rivals' hands, every seat's waiting cards
    (F9.10), the draw pile."""
    places = [p.hand for p in table.players if p.seat != seat]
    places += [p.incoming for p in table.players]
    places.append(table.draw_pile)
    return places


def determinize(table: FranticTable, seat: int, rng: random.Random) -> None:
    """Deal ``table``'s hidden play cards anew into the same places with the same counts, the
    event deck in a new order, and reseed the table's generator, as ``seat`` could imagine them.
    Lists are refilled in place (a parked engine keeps references to them).

    ``table`` must be the seat's own copy (a clone's): this rewrites it."""
    places = hidden_places(table, seat)
    pool = sorted((c for place in places for c in place), key=lambda c: c.uid)
    rng.shuffle(pool)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start:start + size]
        start += size
    events = sorted(table.events, key=lambda e: e.uid)
    rng.shuffle(events)
    table.events[:] = events
    table.rng.seed(rng.getrandbits(64))  # future shuffles and chance points are unknown too


def estimate(table: FranticTable) -> list[float]:
    """Each seat's chance to win, guessed from an unfinished table: its total with its hand's
    points added (F4.3: what it would score if the round ended now; F1.7 points), as a
    logistic of its lead over the best rival (the lowest total wins, F4.4)."""
    totals = [p.vp + sum(c.points for c in p.hand) for p in table.players]
    out = []
    for s, mine in enumerate(totals):
        best = min(v for r, v in enumerate(totals) if r != s)
        out.append(1.0 / (1.0 + math.exp(-(best - mine) / SCALE)))
    return out


class FranticHidden:
    """The object ``GAME.determinization`` names: :func:`observe`, :func:`determinize` and
    :func:`estimate` as the protocol's methods."""

    def observe(self, table: FranticTable, seat: int) -> dict[str, Any]:
        return observe(table, seat)

    def determinize(self, table: FranticTable, seat: int, rng: random.Random) -> None:
        determinize(table, seat, rng)

    def estimate(self, table: FranticTable) -> list[float]:
        return estimate(table)


HIDDEN = FranticHidden()
