"""Any fortlang AST as a sentence in English, French or Russian, in the rulebooks' own words.

>>> from fortlang.parser import parse_action
>>> [sentence(parse_action("gain pizza x shovel"), lang) for lang in LANGUAGES]
['Gain 1 pizza for each shovel.', 'Gagnez autant de pizzas que de pelles.', \
'Получите столько пицц, сколько у вас лопаток.']
>>> plural("ru", "pizza", 5)
'5 пицц'

One module per language (:mod:`.en`, :mod:`.fr`, :mod:`.ru`) holds the core's words (the
operators, a number of times, the scoring sub-language's structure) and a dispatch table from
the operators', numbers' and scoring's node classes to a handler; every primitive and quantity,
Fort's as a plugin's, says itself in its declaration (``PrimitiveSpec.phrases``,
``WordSpec.phrases``) with that book. A game's own words (Fort's nouns, glossary, suits, perks
and made-up rules) are its phrasebooks, which its module declares (``GameModule.phrasebooks``)
and :func:`book` adopts (:func:`.base.adopt`): the default game's always, another's once it is
loaded. :mod:`.base` holds the sentence structure they share. The helpers below are what the
docs reuse, so the site and ``fortlang explain`` say everything the same way.
"""

from __future__ import annotations

import importlib
import sys
from typing import cast

from fortlang.games import GameError, game_named, installed
from fortlang.model import MadeUpRule, Perk
from fortlang.module import DEFAULT_GAME
from fortlang.nodes import Node, Resource, Suit
from fortlang.phrasebook import en, fr, ru
from fortlang.phrasebook.base import Book, adopt
from fortlang.phrasebook.grammar import finish
from fortlang.registry import LANGUAGES

_BOOKS = {"en": en, "fr": fr, "ru": ru}
#: Per language, what its book adopted: the installed games' table, the games loaded then, and
#: how many modules were imported when it last looked (a game is loaded by an import).
_ADOPTED: dict[str, tuple[object, tuple[str, ...], int]] = {}


def book(lang: str) -> Book:
    """The phrasebook module of ``lang``, with the words of the games' phrasebooks in it; an
    unknown language is a ValueError."""
    try:
        module = _BOOKS[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}") \
            from None
    table, modules = _games()
    known = _ADOPTED.get(lang)
    if known is not None and known[0] is table and known[2] == len(sys.modules):
        return cast(Book, module)  # nothing installed, nothing imported since: as adopted
    loaded = tuple(name for name, where in modules if not where or where in sys.modules)
    if known is None or known[0] is not table or known[1] != loaded:
        adopt(module, _phrasebooks(lang, loaded))
    _ADOPTED[lang] = (table, loaded, len(sys.modules))
    return cast(Book, module)


_MODULES: list[tuple[object, tuple[tuple[str, str], ...]]] = []


def _games() -> tuple[object, tuple[tuple[str, str], ...]]:
    """The installed games' table, and each game's name with the module its entry point names
    ("" for the default game, whose words are always adopted, as the registry loads them)."""
    table = installed()
    if not _MODULES or _MODULES[0][0] is not table:
        _MODULES[:] = [(table, tuple((name, "" if name == DEFAULT_GAME else ep.module)
                                     for name, ep in table.items()))]
    return _MODULES[0]


def _phrasebooks(lang: str, names: tuple[str, ...]) -> list[object]:
    """The phrasebooks in ``lang`` of the games ``names`` (the default game's first), each
    imported from its module's reference; a game that cannot be had (the default game not
    installed) brings none, one whose phrasebook fails to load is its E351."""
    found: list[object] = []
    for name in sorted(names, key=lambda g: (g != DEFAULT_GAME, g)):
        try:
            game = game_named(name)
        except GameError:
            continue
        ref = game.phrasebooks.get(lang)
        if not ref:
            continue
        module, _, attr = ref.partition(":")
        try:
            words: object = importlib.import_module(module)
            for part in attr.split(".") if attr else ():
                words = getattr(words, part)
        except Exception as e:  # a broken module is the user's report, never our traceback
            raise GameError("E351", f"game module `{name}`: its {lang} phrasebook fails to "
                            f"load: {type(e).__name__}: {e}", f"it is `{ref}`") from None
        found.append(words)
    return found


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
