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
from dataclasses import dataclass, field
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
    manifest: Manifest
    #: Fort's cards by kind (its kids, made-up rules and perks, and its board): the fields its
    #: sets' content hashes were first made of, so they keep their names and order in the repr
    #: (fortlang.cardset.table.content_hash). Fort's code reads them as its own classes
    #: (fortlang.games.fort.model); the core, as :class:`Card` values.
    kids: tuple[Card, ...] = ()
    rules: tuple[ScoredCard, ...] = ()
    perks: tuple[Card, ...] = ()
    board: object | None = None
    #: The cards of a game module's own kinds (a set whose game is not Fort). Not in the repr:
    #: Fort's content hashes stay what logs already record (content_hash adds them).
    cards: tuple[GameCard, ...] = field(default=(), repr=False)

    @property
    def id(self) -> str:
        return self.manifest.id

    # Worked out once per set (every game's set-up reads them): cached in the instance's
    # __dict__, which a frozen dataclass allows (cached_property does not call __setattr__).
    # Fort's (R1.1, R1.2): a card with no ``best_friend`` mark is a park card.
    @cached_property
    def park_kids(self) -> tuple[Card, ...]:
        return tuple(k for k in self.kids if not getattr(k, "best_friend", False))

    @cached_property
    def best_friends(self) -> tuple[Card, ...]:
        return tuple(k for k in self.kids if getattr(k, "best_friend", False))
