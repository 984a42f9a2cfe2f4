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
and :func:`book` adopts (:func:`.base.adopt`) into a book of that game's own, made per game
and language (``game=None``: the default game's); the core's modules are never changed.
:mod:`.base` holds the sentence structure they share. The helpers below are what the docs
reuse, so the site and ``fortlang explain`` say everything the same way.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import cast

from fortlang.games import GameError, game_named, installed
from fortlang.module import DEFAULT_GAME
from fortlang.nodes import Node
from fortlang.phrasebook import en, fr, ru
from fortlang.phrasebook.base import Book, adopt
from fortlang.phrasebook.grammar import finish
from fortlang.registry import LANGUAGES, vocabulary_of

_BOOKS = {"en": en, "fr": fr, "ru": ru}
#: The books made, per (game, language): the installed games' table each was made for, and the
#: book (a copy of the core's language module with that game's words in it).
_MADE: dict[tuple[str | None, str], tuple[object, Book]] = {}


def book(lang: str, game: str | None = None) -> Book:
    """The phrasebook of ``lang`` for ``game`` (None: the default game, when installed): the
    core's words with that game's phrasebook's over them, made once per game and language, and
    never the core's modules changed (so one game's "point" is not another's). A game that
    declares no phrasebooks says its things in the core's words if it has a vocabulary of its
    own, else in the default game's (:func:`_speaker`). An unknown language is a ValueError."""
    try:
        core = _BOOKS[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}") \
            from None
    table = installed()
    name = _speaker(game, table)
    made = _MADE.get((name, lang))
    if made is not None and made[0] is table:
        return made[1]
    fresh = _fresh(core, name)
    adopt(fresh, _phrasebooks(lang, () if name is None else (name,)))
    _MADE[(name, lang)] = (table, cast(Book, fresh))
    return cast(Book, fresh)


def _speaker(game: str | None, table: Mapping[str, object]) -> str | None:
    """Whose phrasebooks say ``game``'s things: its own if it declares some; none (the core's
    words, and their fallbacks: a plain "point") for a game with a vocabulary of its own and no
    phrasebook, whose words are not the default game's; else the default game's (if
    installed), whose words a game without a vocabulary writes its cards in."""
    if game is not None and game != DEFAULT_GAME:
        try:
            module = game_named(game)
        except GameError:
            module = None
        if module is not None and module.phrasebooks:
            return game
        if module is not None and module.vocabulary:
            return None
    return DEFAULT_GAME if DEFAULT_GAME in table else None


def _fresh(core: ModuleType, game: str | None) -> ModuleType:
    """A new copy of a core language module (its own NOUNS, TABLE...; its handlers bound to
    them), for ``game``'s words to go into without touching the core's."""
    name = f"{core.__name__}[{game or ''}]"
    spec = importlib.util.spec_from_file_location(name, core.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the module finds itself there (its LEXICON)
    spec.loader.exec_module(module)
    return module


def _phrasebooks(lang: str, names: tuple[str, ...]) -> list[object]:
    """The phrasebooks in ``lang`` of the games ``names``, each
    imported from its module's reference; a game that cannot be had (the default game not
    installed) brings none, one whose phrasebook fails to load is its E351."""
    found: list[object] = []
    for name in sorted(names, key=lambda g: (g != DEFAULT_GAME, g)):
        try:
            game = game_named(name)
        except GameError:
            continue
        try:
            words = game.piece_in("phrasebooks", lang)
        except Exception as e:  # a broken module is the user's report, never our traceback
            raise GameError("E351", f"game module `{name}`: its {lang} phrasebook fails to "
                            f"load: {type(e).__name__}: {e}",
                            f"it is `{game.phrasebooks[lang]}`") from None
        if words is not None:
            found.append(words)
    return found


def sentence(node: Node, lang: str = "en", game: str | None = None) -> str:
    """An action, quantity or scoring expression as one capitalised sentence with a period."""
    b = book(lang, game)
    return b.polish(finish(b.say(node)))


def phrase(node: Node, lang: str = "en", game: str | None = None) -> str:
    """The same words as :func:`sentence`, as a clause (lower case, no period), to embed."""
    b = book(lang, game)
    return b.polish(b.say(node))


def plural(lang: str, noun_key: str, n: int, game: str | None = None) -> str:
    """``n`` and the noun in the right plural form: ``plural("ru", "pizza", 21) == "21 пицца"``.

    Keys: the core's (``time``, ``point``) and the game's nouns (its phrasebook's ``NOUNS``:
    Fort's resources, suits, ``card``, ``level``...).
    """
    return book(lang, game).count(noun_key, n)


def resource_name(resource: object, lang: str, n: int | None = None,
                  game: str | None = None) -> str:
    """``pizza``, ``jouet``, ``пицца или игрушка``; with ``n``: ``2 pizzas or 2 toys``.
    ``resource`` is a resource's value or its word, as the game's words declare it
    (``WordSpec.build``: Fort's ``pizza/toy`` is ``Resource.EITHER``)."""
    try:
        declared = vocabulary_of(game or DEFAULT_GAME).resource_by_word.get(str(resource))
    except GameError:  # no words to read it with: the value as it is
        declared = None
    return book(lang, game).resource(declared.build() if declared is not None else resource, n)


def term(key: str, lang: str, game: str | None = None) -> str:
    """A term of the game's glossary (its phrasebook's ``TERMS``) in ``lang``:
    ``term("lookout", "fr") == "Observatoire"`` (Fort's)."""
    terms = book(lang, game).TERMS
    try:
        return terms[key]
    except KeyError:
        raise KeyError(f"no term {key!r}; known terms: {', '.join(sorted(terms))}") from None


__all__ = ["LANGUAGES", "book", "phrase", "plural", "resource_name", "sentence", "term"]
