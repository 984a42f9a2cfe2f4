"""Frantic's phrasebooks (issue 33: a game's words are its own): the nouns the core's sentences
count with in Frantic's words (a point, a card, a turn: :mod:`fortlang.games.frantic.words`),
so a scoring sentence of Frantic's scores Frantic's points (F4.3), never another game's. Its
primitives say themselves in their declarations (:mod:`fortlang.games.frantic.vocabulary`).

>>> from fortlang import nodes as n
>>> from fortlang.phrasebook import sentence
>>> [sentence(n.Number(3), lang, "frantic") for lang in ("en", "fr", "ru")]
['Score 3 points.', 'Marquez 3 points.', 'Получите 3 очка.']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fortlang.games.frantic.words import LANGS, NOUNS
from fortlang.phrasebook.grammar import Noun, RuNoun


@dataclass(frozen=True)
class Lexicon:
    """One language's words of Frantic's, as :func:`fortlang.phrasebook.base.adopt` reads a
    game's phrasebook: its nouns by lexicon key."""

    NOUNS: dict[str, Noun | RuNoun] = field(default_factory=dict)


def _lexicon(lang: str) -> Lexicon:
    return Lexicon({key: forms[LANGS.index(lang)] for key, forms in NOUNS.items()})


EN, FR, RU = (_lexicon(lang) for lang in ("en", "fr", "ru"))
