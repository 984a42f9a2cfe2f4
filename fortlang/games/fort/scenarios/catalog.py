"""Finding cards, perks and made-up rules by id or name: the loaded sets plus a scenario file's
own cards (which win over a set's card of the same id or name)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from fortlang.games.fort.model import KidCard, MadeUpRule, Perk, kids_of, perks_of, rules_of
from fortlang.model import CardSet
from fortlang.scenario.names import CardIndex

T = TypeVar("T", KidCard, Perk, MadeUpRule)


class Catalog:
    def __init__(self, sets: Sequence[CardSet], inline: Sequence[KidCard] = ()) -> None:
        self._kids = CardIndex([*inline, *(k for s in sets for k in kids_of(s))])
        self._perks = CardIndex(p for s in sets for p in perks_of(s))
        self._rules = CardIndex(r for s in sets for r in rules_of(s))

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
