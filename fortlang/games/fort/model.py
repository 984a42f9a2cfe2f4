"""Fort's card model (R1, R10, R14, R15): the frozen definitions a Fort set's files build
(``fortlang.games.fort.kinds`` declares them; ``fortlang.games.fort.cards`` builds them) and
the engine, its bots and its docs read: kid cards (best friends among them), made-up rules,
perks and the player board. The core holds any game's set (:class:`fortlang.model.CardSet`) and
reads these through its :class:`~fortlang.model.Card` protocol only.

These are definitions, not game pieces: the engine makes one distinct instance per copy.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import cast

from fortlang.games.fort.nodes import Resource, Suit
from fortlang.model import CardSet, Manifest, Origin, Source
from fortlang.nodes import Action, Expr


@dataclass(frozen=True)
class KidCard:
    """A kid card (R1.1); best friends (R1.2) are kid cards with ``best_friend`` set."""

    id: str
    name: str
    suits: tuple[Suit, ...]  # one or two, possibly the same suit twice
    public: Action | None = None  # None: a blank box
    private: Action | None = None
    copies: int = 1
    best_friend: bool = False
    source: Source = Source.PROVISIONAL
    note: str = ""
    names: Mapping[str, str] = field(default_factory=dict, compare=False)  # {"fr": ..., "ru": ...}
    origin: Origin | None = field(default=None, compare=False, repr=False)
    notes: Mapping[str, str] = field(default_factory=dict, compare=False)  # the note translated

    def __post_init__(self) -> None:
        # The engine keys a box's choices (pizza or toy, `or`, `x any`) by the nodes of that box,
        # so a node's identity must be its place in the card (box + path). The loader parses
        # each text once, so two boxes with the same text would share one tree and one choice
        # (R12.1, R5.7, R6.4): the private box gets a tree of its own.
        if self.private is not None and self.public is not None and _shares_nodes(
                self.public, self.private):
            object.__setattr__(self, "private", copy.deepcopy(self.private))

    def name_in(self, lang: str) -> str:
        return self.names.get(lang, self.name)

    def note_in(self, lang: str) -> str:
        """The note in ``lang``, or as written when it has no translation."""
        return self.notes.get(lang, self.note)


def _shares_nodes(a: Action, b: Action) -> bool:
    mine = {id(x) for x in a.walk()}
    return any(id(x) in mine for x in b.walk())


@dataclass(frozen=True)
class MadeUpRule:
    """An end-game scoring card (R14), its scoring written in the scoring sub-language."""

    id: str
    name: str
    score: Expr
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    text: str = field(default="", compare=False)  # the card's English text, for docs
    origin: Origin | None = field(default=None, compare=False, repr=False)
    #: The name a rulebook prints where ``names`` corrects it: {"ru": "Играть в королевство"}.
    printed: Mapping[str, str] = field(default_factory=dict, compare=False)


class PerkHook(StrEnum):
    """The engine hooks a perk may name (R15); a perk is data plus, at most, one hook."""

    MODIFY = "modify"  # pure data: e.g. {"pack_capacity": 2} (XXL Backpack)
    EXTRA_RECRUIT = "extra_recruit"  # Birthday Party: {"from": ["park", "park_deck"]}
    LOOKOUT_FROM_ANYWHERE = "lookout_from_anywhere"  # Bribe: {"from": [park, park_deck, yard]}
    FOLLOW_DISCARD_MORE = "follow_discard_more"  # Copy Cat: {"max_discards": 2}
    DIY_ADVANCE = "diy_advance"  # DIY: {"extra_cost": 1, "followable": false}
    SECOND_PLAY = "second_play"  # Do-Over
    RECYCLE = "recycle"  # Recycling: {"from": "discard", "to": "hand"}
    ROUGH_HOUSING = "rough_housing"  # Rough Housing: destroy the leader's played card
    PACK_FROM_SUPPLY = "pack_from_supply"  # Sticky Fingers
    #: A perk written in the language (issue 18.3): ``when`` a trigger, ``action`` an action;
    #: the game loop runs it at that moment with no hook of its own.
    ACTION = "action"


@dataclass(frozen=True)
class Perk:
    id: str
    name: str
    hook: PerkHook
    params: Mapping[str, object] = field(default_factory=dict, compare=False)
    single_use: bool = False  # "destroy this perk to ..."
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    text: str = field(default="", compare=False)  # the card's English text, for docs
    origin: Origin | None = field(default=None, compare=False, repr=False)
    printed: Mapping[str, str] = field(default_factory=dict, compare=False)  # as MadeUpRule's
    #: A perk in the language (hook ACTION): when it may be used (a registry trigger's name)
    #: and what it does.
    when: str = ""
    action: Action | None = None

    def param(self, key: str) -> object:
        """A hook parameter, or the base perk's value when the data leaves it out."""
        return self.params.get(key, PERK_DEFAULTS.get(self.hook, {}).get(key))


def printed_name(card: MadeUpRule | Perk, lang: str) -> str:
    """The name the rulebook of ``lang`` prints for ``card`` where it differs from the name we
    give (a mistranslation we correct), else "" (a reader holding that box still finds the card).

    >>> from fortlang.nodes import Metric
    >>> rule = MadeUpRule("play-palace", "Play Palace", Metric("crown"),
    ...                   names={"ru": "Игровой дворец"}, printed={"ru": "Играть в королевство"})
    >>> printed_name(rule, "ru"), printed_name(rule, "fr")
    ('Играть в королевство', '')
    """
    printed = card.printed.get(lang, "")
    return "" if printed == card.names.get(lang, card.name) else printed


#: The parameters a hook uses when a perk's data leaves them out: the base game's perks' values
#: (read by the engine, and by the phrasebook to say the perk).
PERK_DEFAULTS: dict[PerkHook, dict[str, object]] = {
    PerkHook.EXTRA_RECRUIT: {"from": ["park", "park_deck"]},
    PerkHook.LOOKOUT_FROM_ANYWHERE: {"from": ["park", "park_deck", "yard"]},
    PerkHook.FOLLOW_DISCARD_MORE: {"max_discards": 2},
    PerkHook.DIY_ADVANCE: {"extra_cost": 1},
    PerkHook.RECYCLE: {"from": "discard", "to": "hand"},
}


@dataclass(frozen=True)
class Board:
    """The fort track and the limits of a player board (R1.5, R10, R11)."""

    #: costs[i]: what it costs to go from level i to i + 1; EITHER is one resource of either kind.
    costs: tuple[tuple[Resource, ...], ...]
    #: points[i]: what fort level i is worth at the end (R10.4); level 5 = 23 (R11.4).
    points: tuple[int, ...]
    stuff_capacity: int = 4  # of each resource (R1.5)
    pack_base: int = 1  # pack holds fort level + pack_base (R10.2)
    lookout_base: int = 1  # lookout holds fort level + lookout_base (R10.2)
    macaroni_points: int = 4  # R10.3, R11.4
    end_score: int = 25  # R11.1
    end_level: int = 5  # R11.1
    supply: int = 30  # tokens of each resource (R1.4)
    provisional: bool = True
    note: str = ""
    notes: Mapping[str, str] = field(default_factory=dict, compare=False)  # the note translated

    #: The top fort level, ``len(costs)`` (R10.1): a field set once, since the engine reads it
    #: at every advance it considers and a property is an interpreted call, even from compiled
    #: code (issue 13).
    max_level: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "max_level", len(self.costs))

    def note_in(self, lang: str) -> str:
        """The note in ``lang``, or as written when it has no translation."""
        return self.notes.get(lang, self.note)


# A Fort set's cards as Fort's own classes. The core's CardSet holds any game's cards (its
# fields are typed with the core's Card protocol); a Fort set's loader built these, so the
# casts only say so to the type checker.

def kids_of(cardset: CardSet) -> tuple[KidCard, ...]:
    """A Fort set's kid cards, best friends included (R1.1, R1.2): its slot ``kids``."""
    return cast("tuple[KidCard, ...]", cardset.slot("kids"))


def park_kids_of(cardset: CardSet) -> tuple[KidCard, ...]:
    """A Fort set's park cards: its kids less its best friends (R1.1)."""
    return tuple(k for k in kids_of(cardset) if not k.best_friend)


def best_friends_of(cardset: CardSet) -> tuple[KidCard, ...]:
    """A Fort set's best friends (R1.2)."""
    return tuple(k for k in kids_of(cardset) if k.best_friend)


def rules_of(cardset: CardSet) -> tuple[MadeUpRule, ...]:
    """A Fort set's made-up rules (R14): its slot ``rules``."""
    return cast("tuple[MadeUpRule, ...]", cardset.slot("rules"))


def perks_of(cardset: CardSet) -> tuple[Perk, ...]:
    """A Fort set's perks (R15): its slot ``perks``."""
    return cast("tuple[Perk, ...]", cardset.slot("perks"))


def board_of(cardset: CardSet) -> Board | None:
    """A Fort set's player board (R1.5, R10), if it brings one: its slot ``board`` (a single
    kind: one card)."""
    board = cardset.slot("board")
    return cast("Board", board[0]) if board else None


def fort_set(manifest: Manifest, kids: tuple[KidCard, ...] = (), rules: tuple[MadeUpRule, ...] = (),
             perks: tuple[Perk, ...] = (), board: Board | None = None) -> CardSet:
    """A Fort set of these cards, each kind in its slot in Fort's declared order (as
    ``fortlang.cardset.load`` builds one from files)."""
    slots = (("kids", kids), ("rules", rules), ("perks", perks),
             ("board", (board,) if board is not None else ()))
    return CardSet(manifest, slots=tuple((name, cards) for name, cards in slots if cards))
