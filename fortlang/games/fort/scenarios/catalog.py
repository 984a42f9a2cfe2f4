"""Finding cards, perks and made-up rules by id or name: the loaded sets plus a scenario file's
own cards (which win over a set's card of the same id or name)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from fortlang.games.fort.model import KidCard, MadeUpRule, Perk, kids_of, perks_of, rules_of
from fortlang.model import CardSet

T = TypeVar("T", KidCard, Perk, MadeUpRule)


class _Index:
    """Definitions by lowercase id and lowercase name; the first definition of a key wins."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.by_key: dict[str, Any] = {}
        for item in items:
            for key in (item.id, item.name):
                if key.lower() not in self.by_key:
                    self.by_key[key.lower()] = item

    def items(self) -> list[Any]:
        """Every definition once, in the order given (the first of a name wins)."""
        return list({id(v): v for v in self.by_key.values()}.values())

    def find(self, word: str) -> tuple[Any, str | None]:
        found = self.by_key.get(word.strip().lower())
        if found is not None:
            return found, None
        # Close to any id or name, any case; the hint shows the card's printed name.
        close = difflib.get_close_matches(word.strip().lower(), list(self.by_key), n=4,
                                          cutoff=0.6)
        names = list(dict.fromkeys(self.by_key[k].name for k in close))[:2]
        if not names:
            return None, None
        return None, "did you mean " + " or ".join(f"`{n}`" for n in names) + "?"


class Catalog:
    def __init__(self, sets: Sequence[CardSet], inline: Sequence[KidCard] = ()) -> None:
        self._kids = _Index([*inline, *(k for s in sets for k in kids_of(s))])
        self._perks = _Index(p for s in sets for p in perks_of(s))
        self._rules = _Index(r for s in sets for r in rules_of(s))

    def kid(self, word: str) -> tuple[KidCard | None, str | None]:
        """The kid card named ``word`` (id or name, any case), or None and a did-you-mean hint."""
        return self._kids.find(word)

    def perk(self, word: str) -> tuple[Perk | None, str | None]:
        return self._perks.find(word)

    def rule(self, word: str) -> tuple[MadeUpRule | None, str | None]:
        return self._rules.find(word)

    def all_kids(self) -> list[KidCard]:
        return self._kids.items()

    def all_perks(self) -> list[Perk]:
        return self._perks.items()

    def all_rules(self) -> list[MadeUpRule]:
        return self._rules.items()
