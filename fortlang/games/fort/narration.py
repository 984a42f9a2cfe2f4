"""What a stretch of play did, as the table saw it (issue 36): the difference between two
snapshots of the game, as events a terminal or a server words in its own language.

Cards are followed by their instance id, so a card that moved is told by where it went: drawn,
recruited, put in a lookout or a yard, boxed. Only what ``watcher`` may see is named (R10.3,
as :mod:`~fortlang.games.fort.disclosure`): a card that goes from a deck to a rival's hand is
counted, never named; a made-up rule taken by a rival is told without its name. Cards moving
between a seat's hand, its cards in play and its discard pile (playing a card, the end of a turn)
are not told: the decision that played them already was; nor is the clean-up (a seat's yard to
its discard pile, R4.1) or a discard pile shuffled into the deck.
"""

from __future__ import annotations

from dataclasses import dataclass

from fortlang.games.fort.model import KidCard
from fortlang.games.fort.table import Game

#: Where a card is: (seat or None for a shared zone, the zone's name).
Place = tuple[int | None, str]
#: The zones whose cards every seat sees.
_FACE_UP = frozenset({"discard", "yard", "lookout", "in_play", "park", "box"})
#: Moves that say nothing new (the play and the turn's end are told by their decisions).
_QUIET = frozenset({("hand", "in_play"), ("in_play", "discard"), ("hand", "discard"),
                    ("lookout", "in_play"), ("in_play", "lookout"), ("yard", "discard"),
                    ("discard", "deck")})


@dataclass(frozen=True)
class Seat:
    vp: int
    level: int
    stuff: tuple[int, ...]
    pack: tuple[int, ...]
    perks: tuple[str, ...]
    rule: str | None


@dataclass(frozen=True)
class Snapshot:
    places: dict[int, Place]
    cards: dict[int, KidCard]
    seats: tuple[Seat, ...]
    resources: tuple[str, ...]


def snapshot(game: Game) -> Snapshot:
    """The game as the narration compares it (call it between decisions)."""
    places: dict[int, Place] = {}
    cards: dict[int, KidCard] = {}

    def put(seat: int | None, zone: str, instances: list) -> None:
        for c in instances:
            places[c.uid] = (seat, zone)
            cards[c.uid] = c.card

    for p in game.players:
        for zone, instances in p.zones():
            put(p.seat, zone, instances)
    put(None, "park", game.park)
    put(None, "park_deck", game.park_deck)
    put(None, "box", game.box)
    first = game.players[0]
    return Snapshot(places, cards, tuple(
        Seat(p.vp, p.level, tuple(p.stuff.values()), tuple(p.pack.values()),
             tuple(k.name for k in p.perks), p.rule.name if p.rule is not None else None)
        for p in game.players), tuple(str(r) for r in dict(first.stuff)))


@dataclass(frozen=True)
class Event:
    """One thing a seat's stretch of play did. ``what``: ``draw`` (count; cards when the
    watcher may see them), ``recruit`` (cards, ``source``: park, park_deck or the seat of a
    yard), ``lookout``, ``yard``, ``box``, ``gain``/``lose`` (count of ``resource`` in
    ``pool``: stuff or pack), ``vp`` and ``level`` (``before`` → ``count``), ``perk``
    (``name``), ``rule`` (``name`` when the watcher may see it)."""

    seat: int
    what: str
    count: int = 0
    cards: tuple[KidCard, ...] = ()
    source: str = ""
    resource: str = ""
    pool: str = ""
    before: int = 0
    name: str = ""


def changes(before: Snapshot, after: Snapshot, watcher: int) -> list[Event]:
    """What happened between two snapshots, seat by seat, as ``watcher`` may see it."""
    events: list[Event] = []
    moved: dict[tuple[int, str, str], list[KidCard]] = {}
    for uid, (seat, zone) in after.places.items():
        old = before.places.get(uid)
        if old is None or old == (seat, zone):
            continue
        if seat is None:  # a card boxed (destroyed) from a seat's zone
            if zone == "box" and old[0] is not None:
                moved.setdefault((old[0], "box", ""), []).append(after.cards[uid])
            continue
        key = _move(old, zone)
        if key is None or (old[0] == seat and (old[1], zone) in _QUIET):
            continue
        moved.setdefault((seat, *key), []).append(after.cards[uid])
    for seat, (b, a) in enumerate(zip(before.seats, after.seats, strict=True)):
        events += _cards(seat, moved, watcher)
        events += _tokens(seat, b, a, after.resources)
        if a.vp != b.vp:
            events.append(Event(seat, "vp", a.vp, before=b.vp))
        if a.level != b.level:
            events.append(Event(seat, "level", a.level, before=b.level))
        events += [Event(seat, "perk", name=k) for k in a.perks if k not in b.perks]
        if a.rule is not None and b.rule is None:
            events.append(Event(seat, "rule", name=a.rule if seat == watcher else ""))
    return events


def _move(old: Place, zone: str) -> tuple[str, str] | None:
    """(what, source) of a card that came from ``old`` into a seat's ``zone``."""
    seat, where = old
    if zone == "hand" and where == "deck":
        return "draw", ""
    if zone == "discard" and where in ("park", "park_deck", "yard"):
        return "recruit", where if seat is None else f"yard:{seat}"
    if zone in ("lookout", "yard"):
        return zone, ""
    if zone == "discard" and seat is not None:
        return "discard", ""
    return None


def _cards(seat: int, moved: dict[tuple[int, str, str], list[KidCard]],
           watcher: int) -> list[Event]:
    out = []
    for (who, what, source), cards in sorted(moved.items(), key=lambda kv: kv[0][1:]):
        if who != seat:
            continue
        shown = tuple(cards) if what != "draw" or seat == watcher else ()
        out.append(Event(seat, what, len(cards), shown, source))
    return out


def _tokens(seat: int, b: Seat, a: Seat, resources: tuple[str, ...]) -> list[Event]:
    out = []
    for pool, old, new in (("stuff", b.stuff, a.stuff), ("pack", b.pack, a.pack)):
        for resource, x, y in zip(resources, old, new, strict=True):
            if y != x:
                out.append(Event(seat, "gain" if y > x else "lose", abs(y - x),
                                 resource=resource, pool=pool))
    return out
