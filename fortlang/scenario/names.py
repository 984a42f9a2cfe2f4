"""What a game's scenario files name, for an editor (issue 33 item 5, the language server):
the places of a file whose value names a card of one of the game's kinds
(:class:`~fortlang.scenario.rules.NamePlace`, declared by its
:class:`~fortlang.scenario.rules.ScenarioRules`), and the cards of the file's sets indexed by
kind, read through the kinds the game declares (a kind's :attr:`~fortlang.module.CardKind.slot`
of the :class:`~fortlang.model.CardSet`, else its :attr:`~fortlang.model.CardSet.cards` of that
kind). The core names no game's kinds: it reads them from the declarations.

A place is a pattern of the keys under one scenario (``given.players.#.hand.#``), one segment a
key: a word is that key, ``#`` any list index, ``*`` any one key, ``**`` any keys (none too),
``a|b`` either word, ``!a`` any one key but ``a``.

>>> at = ("given", "players", 0, "hand", 2)
>>> matches("given.players.#.hand.#", at), matches("!when.**.hand.#", at)
(True, True)
>>> matches("when.**.hand.#", at), matches("given.*", ("given", "top"))
(False, True)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from fortlang.model import CardSet
from fortlang.module import CardKind

Path = tuple[Any, ...]


def matches(pattern: str, path: Path) -> bool:
    """Whether the keys ``path`` (under one scenario) are a place ``pattern`` describes."""
    return _match(_segments(pattern), tuple(path))


@cache
def _segments(pattern: str) -> tuple[str, ...]:
    return tuple(pattern.split(".")) if pattern else ()


def _match(segments: tuple[str, ...], path: Path) -> bool:
    if not segments:
        return not path
    head, rest = segments[0], segments[1:]
    if head == "**":
        return any(_match(rest, path[i:]) for i in range(len(path) + 1))
    return bool(path) and _one(head, path[0]) and _match(rest, path[1:])


def _one(segment: str, key: Any) -> bool:
    if segment == "#":
        return isinstance(key, int)
    if segment == "*":
        return True
    if segment.startswith("!"):
        return key not in segment[1:].split("|")
    return isinstance(key, str) and key in segment.split("|")


def cards_of_kind(cardset: CardSet, kind: CardKind) -> tuple[Any, ...]:
    """The cards of ``kind`` a set holds: its slot's (a Fort kind's), else its generic cards
    of that kind (a :class:`~fortlang.model.GameCard`'s ``kind`` is its kind's name)."""
    if kind.slot:
        return cardset.slot(kind.slot)
    return tuple(c for c in cardset.cards if getattr(c, "kind", None) == kind.name)


class CardIndex:
    """Cards by lowercase id and lowercase name; the first card of a key wins."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.by_key: dict[str, Any] = {}
        for item in items:
            for key in (item.id, item.name):
                if key.lower() not in self.by_key:
                    self.by_key[key.lower()] = item

    def items(self) -> list[Any]:
        """Every card once, in the order given (the first of a name wins)."""
        return list({id(v): v for v in self.by_key.values()}.values())

    def find(self, word: str) -> tuple[Any, str | None]:
        found = self.by_key.get(word.strip().lower())
        if found is not None:
            return found, None
        close = difflib.get_close_matches(word.strip().lower(), list(self.by_key), n=4,
                                          cutoff=0.6)
        names = list(dict.fromkeys(self.by_key[k].name for k in close))[:2]
        if not names:
            return None, None
        return None, "did you mean " + " or ".join(f"`{n}`" for n in names) + "?"


class CardNames:
    """The cards a scenario file can name, by the name of their kind: every kind of the
    game's, from the file's sets (and ``own``: cards the file itself defines, by kind name,
    which win over a set's of the same id or name).

    >>> from fortlang.model import GameCard, Manifest
    >>> hero = CardKind("hero", "heroes")
    >>> s = CardSet(Manifest("t", "T", "0.1"), cards=(GameCard("hero", "jo", "Jo Jones"),))
    >>> names = CardNames([s], (hero,))
    >>> names.find("hero", "JO")[0].name, [c.id for c in names.every("hero")]
    ('Jo Jones', ['jo'])
    >>> names.find("hero", "jo jone")[1], names.every("enemy")
    ('did you mean `Jo Jones`?', [])
    """

    def __init__(self, sets: Sequence[CardSet], kinds: Iterable[CardKind],
                 own: Mapping[str, Sequence[Any]] | None = None) -> None:
        own = own or {}
        self._by_kind = {
            kind.name: CardIndex([*own.get(kind.name, ()),
                               *(c for s in sets for c in cards_of_kind(s, kind))])
            for kind in kinds}

    def find(self, kind: str, word: str) -> tuple[Any, str | None]:
        """The card of ``kind`` named ``word`` (id or name, any case), or None and a
        did-you-mean hint."""
        index = self._by_kind.get(kind)
        return index.find(word) if index is not None else (None, None)

    def every(self, kind: str) -> list[Any]:
        """Every card of ``kind``, once each."""
        index = self._by_kind.get(kind)
        return index.items() if index is not None else []
