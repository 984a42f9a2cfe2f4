"""The bits of grammar the phrasebooks share: nouns with their forms and the plural rules.

Plural categories follow CLDR: English and French have ``one``/``other`` (French counts 0 as
``one``: « 0 point »), Russian has ``one``/``few``/``many`` (1 пицца, 2 пиццы, 5 пицц, 21 пицца).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ONE, FEW, MANY, OTHER = "one", "few", "many", "other"


def _category_en(n: int) -> str:
    return ONE if n == 1 else OTHER


def _category_fr(n: int) -> str:
    return ONE if n in (0, 1) else OTHER


def _category_ru(n: int) -> str:
    last, last_two = n % 10, n % 100
    if last == 1 and last_two != 11:
        return ONE
    if 2 <= last <= 4 and not 12 <= last_two <= 14:
        return FEW
    return MANY


PLURAL_CATEGORY: dict[str, Callable[[int], str]] = {
    "en": _category_en,
    "fr": _category_fr,
    "ru": _category_ru,
}


@dataclass(frozen=True)
class Noun:
    """An English or French noun: singular, plural and (French) gender ``m``/``f``."""

    one: str
    other: str
    gender: str = "m"

    def counted(self, category: str) -> str:
        return self.one if category == ONE else self.other


@dataclass(frozen=True)
class RuNoun:
    """A Russian noun (or a noun phrase such as «масть клея») with the case forms we need.

    ``gender`` is ``m``, ``f``, ``n``, or ``ma`` for an animate masculine (its accusative is its
    genitive: «за каждого лучшего друга»). ``many`` is the form after «столько/сколько/больше»:
    the genitive plural, except for mass nouns («столько пицц»).
    """

    nom: str
    gen: str
    acc: str
    gen_pl: str
    gender: str = "f"
    few: str | None = None  # after 2-4, when not the genitive singular: «2 лучших друга»

    @property
    def many(self) -> str:
        return self.gen_pl

    def counted(self, category: str, case: str = "nom") -> str:
        """The form after a numeral: 1 пицца/пиццу, 2 пиццы, 5 пицц (genitive: 1 пиццы, 2 пицц)."""
        if case == "gen":
            return self.gen if category == ONE else self.gen_pl
        singular = self.acc if case == "acc" else self.nom
        return {ONE: singular, FEW: self.few or self.gen, MANY: self.gen_pl}[category]


def join_list(items: list[str], last: str) -> str:
    """``a, b or c`` with the language's word for the last link.

    >>> join_list(["из парка", "из колоды парка", "со двора"], "или")
    'из парка, из колоды парка или со двора'
    """
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def finish(clause: str) -> str:
    """A clause as a sentence: first letter capitalised, one final period.

    >>> finish("(gain 1 pizza or gain 1 toy), then score 1 victory point")
    '(Gain 1 pizza or gain 1 toy), then score 1 victory point.'
    """
    clause = clause.strip()
    first = len(clause) - len(clause.lstrip("([«\"'"))  # "(gain 1 pizza or ..." -> "(Gain"
    clause = clause[:first] + clause[first:first + 1].upper() + clause[first + 1:]
    return clause if clause.endswith(".") else clause + "."
