"""Any fortlang AST as a sentence in English, French or Russian, in the rulebooks' own words.

>>> from fortlang.parser import parse_action
>>> [sentence(parse_action("gain pizza x shovel"), lang) for lang in LANGUAGES]
['Gain 1 pizza for each shovel.', 'Gagnez autant de pizzas que de pelles.', \
'Получите столько пицц, сколько у вас лопаток.']
>>> plural("ru", "pizza", 5)
'5 пицц'

One module per language (:mod:`.en`, :mod:`.fr`, :mod:`.ru`) holds a lexicon (nouns, counting)
and a dispatch table from the operators', suits', numbers' and scoring's node classes to a
handler; every primitive and quantity, Fort's as a plugin's, says itself in its declaration
(``PrimitiveSpec.phrases``, ``WordSpec.phrases``) with that lexicon. :mod:`.base` holds the
sentence structure they share. The helpers below are what the docs reuse, so the site and
``fortlang explain`` say everything the same way.
"""

from __future__ import annotations

from fortlang.model import MadeUpRule, Perk
from fortlang.nodes import Node, Resource, Suit
from fortlang.phrasebook import en, fr, ru
from fortlang.phrasebook.base import Book
from fortlang.phrasebook.grammar import finish
from fortlang.registry import LANGUAGES

_BOOKS: dict[str, Book] = {"en": en, "fr": fr, "ru": ru}


def book(lang: str) -> Book:
    """The phrasebook module of ``lang``; an unknown language is a ValueError."""
    try:
        return _BOOKS[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}") \
            from None


def sentence(node: Node, lang: str = "en") -> str:
    """An action, quantity or scoring expression as one capitalised sentence with a period."""
    b = book(lang)
    return b.polish(finish(b.say(node)))


def phrase(node: Node, lang: str = "en") -> str:
    """The same words as :func:`sentence`, as a clause (lower case, no period), to embed."""
    b = book(lang)
    return b.polish(b.say(node))


def plural(lang: str, noun_key: str, n: int) -> str:
    """``n`` and the noun in the right plural form: ``plural("ru", "pizza", 21) == "21 пицца"``.

    Keys: resources (``pizza``, ``toy``, ``resource``), suits (``shovel``...), ``point``,
    ``card``, ``best_friend``, ``level``, ``time``...
    """
    return book(lang).count(noun_key, n)


def suit_name(suit: Suit | str, lang: str, n: int | None = None) -> str:
    """The glossary name of a suit (``pelle``), or with ``n`` its counted form (``2 pelles``)."""
    key = Suit(suit).value
    b = book(lang)
    return b.TERMS[key] if n is None else b.count(key, n)


def resource_name(resource: Resource | str, lang: str, n: int | None = None) -> str:
    """``pizza``, ``jouet``, ``пицца или игрушка``; with ``n``: ``2 pizzas or 2 toys``."""
    return book(lang).resource(Resource(resource), n)


def term(key: str, lang: str) -> str:
    """A glossary term of FORT-RULES.md in ``lang``: ``term("lookout", "fr") == "Observatoire"``."""
    terms = book(lang).TERMS
    try:
        return terms[key]
    except KeyError:
        raise KeyError(f"no term {key!r}; known terms: {', '.join(sorted(terms))}") from None


def perk_text(perk: Perk, lang: str) -> str:
    """What a perk does (R15), generated from its hook and parameters."""
    b = book(lang)
    return b.polish(finish(b.perk(perk)))


def rule_text(rule: MadeUpRule, lang: str) -> str:
    """What a made-up rule scores at the end of the game (R14), from its scoring expression."""
    b = book(lang)
    return b.polish(finish(b.RULE_INTRO + b.say(rule.score)))


__all__ = ["LANGUAGES", "book", "perk_text", "phrase", "plural", "resource_name", "rule_text",
           "sentence", "suit_name", "term"]
