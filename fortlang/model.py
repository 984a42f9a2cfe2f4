"""What a card set *is*, once loaded: frozen definitions shared by the loader, the engine and the
docs (STYLE #11: data from YAML, behaviour from the DSL, merged by id at load time).

These are the core's: a set's manifest, where a card was written, a card of a kind a game
module declares (:class:`GameCard`) and the set itself. A game may build its own card classes
(Fort's kids, made-up rules, perks and board: ``fortlang.games.fort.model``, built through its
card kinds' ``build``); the core reads any of them through :class:`Card`.

These are definitions, not game pieces: the engine makes one distinct instance per copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from typing import Any, Protocol

from fortlang.module import DEFAULT_GAME
from fortlang.nodes import Node


class Source(StrEnum):
    """Where a card's actions come from (shared/data/fort-base-facts.md)."""

    RULEBOOK = "rulebook"  # stated by a rulebook worked example
    PUBLIC = "public"  # stated by a public source, possibly in part
    PROVISIONAL = "provisional"  # designed by us until someone with the box verifies it
    ORIGINAL = "original"  # a card of the set's own design, not a card of the published game


@dataclass(frozen=True)
class Origin:
    """Where a definition was written, for diagnostics that point back at the card file."""

    file: str
    line: int
    column: int = 1


class Card(Protocol):
    """What the core reads of any game's card, whatever class its game builds it as (a
    :class:`GameCard`, one of Fort's): its id, its name as written and by language, and where
    it was written."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def names(self) -> Mapping[str, str]: ...

    @property
    def origin(self) -> Origin | None: ...


class DeckCard(Card, Protocol):
    """A card a set holds in copies (Fort's kids, a :class:`GameCard`): what a deck and the
    print-and-play sheet count."""

    @property
    def copies(self) -> int: ...


class ScoredCard(Card, Protocol):
    """A card its game scores at the end by a formula in the game's scoring language (Fort's
    made-up rules, R14)."""

    @property
    def score(self) -> Node: ...


@dataclass(frozen=True)
class Manifest:
    id: str
    name: str
    version: str
    languages: tuple[str, ...] = ("en",)
    requires: tuple[str, ...] = ()
    description: str = ""
    #: The vocabulary plugins its cards are written in (fortlang.plugins).
    uses: tuple[str, ...] = ()
    #: Expected totals, copies included (R1.1, R1.2); None: not checked (e.g. an expansion).
    park_size: int | None = None
    best_friend_count: int | None = None
    #: The set's name in other languages, e.g. {"fr": ..., "ru": ...}.
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    #: The game module its cards are for (fortlang.games). Not in the repr: a set's content
    #: hash (fortlang.cardset.table) stays what logs written before `game:` record.
    game: str = field(default=DEFAULT_GAME, repr=False)

    def name_in(self, lang: str) -> str:
        return self.names.get(lang, self.name)


@dataclass(frozen=True)
class GameCard:
    """A card of one of the kinds a game module declares (fortlang.module.CardKind): a
    Frantic play card, a Fortune and Glory hero. ``fields`` holds its data fields as the
    card file gives them; ``texts`` its fields written in the game's language, parsed."""

    kind: str
    id: str
    name: str
    copies: int = 1
    fields: Mapping[str, Any] = field(default_factory=dict)
    texts: Mapping[str, Node] = field(default_factory=dict)
    source: Source = Source.PROVISIONAL
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    note: str = field(default="", compare=False)
    notes: Mapping[str, str] = field(default_factory=dict, compare=False)
    origin: Origin | None = field(default=None, compare=False, repr=False)

    def name_in(self, lang: str) -> str:
        return self.names.get(lang, self.name)


@dataclass(frozen=True)
class CardSet:
    """A loaded set: its manifest and its cards. The cards of a kind that names a slot
    (:attr:`fortlang.module.CardKind.slot`: Fort's ``kids``, ``rules``, ``perks``, ``board``)
    are held by slot name in :attr:`slots`, in the order the game declares its kinds (a
    ``single`` kind's one card as a 1-tuple); the others, :class:`GameCard` values, in
    :attr:`cards`. A game reads its slots as its own classes (Fort's:
    ``fortlang.games.fort.model.kids_of`` ...); the core, as :class:`Card` values, by the
    kinds the game declares. What a log records of a set's cards is not this repr but
    ``fortlang.cardset.table.hash_text`` (frozen: "hash text v1").

    >>> s = CardSet(Manifest("t", "T", "0.1"), slots=(("kids", ("a", "b")), ("board", ("x",))))
    >>> s.slot("kids"), s.slot("perks"), s.with_slot("perks", ("p",)).slot_names
    (('a', 'b'), (), ('kids', 'board', 'perks'))
    """

    manifest: Manifest
    #: (slot name, its cards) for each slot that holds cards, in the game's declared order.
    slots: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    #: The cards of a game module's kinds that name no slot (a set whose game is not Fort).
    cards: tuple[GameCard, ...] = ()

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def slot_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.slots)

    def slot(self, name: str) -> tuple[Any, ...]:
        """The cards held in the slot ``name`` (() if none)."""
        return self._by_slot.get(name, ())

    def with_slot(self, name: str, cards: tuple[Any, ...]) -> CardSet:
        """The set with the slot ``name`` holding ``cards`` (in its place, else last)."""
        names = self.slot_names
        slots = tuple((n, cards if n == name else c) for n, c in self.slots)
        return replace(self, slots=slots if name in names else (*slots, (name, cards)))

    # Worked out once per set (a game's set-up reads its slots): cached in the instance's
    # __dict__, which a frozen dataclass allows (cached_property does not call __setattr__).
    @cached_property
    def _by_slot(self) -> dict[str, tuple[Any, ...]]:
        return dict(self.slots)
