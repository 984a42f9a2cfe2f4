"""The interface's own words in each language (issue 36): one catalogue module per language
(:mod:`.en`, :mod:`.fr`, :mod:`.ru`), each a flat table of ``str.format`` templates under the
same keys (a test holds them in step). Card sentences come from :mod:`fortlang.phrasebook`;
these are the words around them: prompts, headings, narration, help.

The core's catalogues hold the words any game's table says (seats, the prompt, diagnostics, the
playtest page's frame); a game's own words (Fort's columns, options, narration) are its
catalogues, which its module declares (``GameModule.ui``) and :func:`ui` reads after the
core's, through the registry of installed games (fortlang.games): the core imports no game.

>>> ui("fr", "plays_first", seat="place 2")
'place 2 joue en premier'
>>> [counted("ru", "n.error", n) for n in (1, 3, 5, 21)]
['1 ошибка', '3 ошибки', '5 ошибок', '21 ошибка']
>>> language_from_env({"LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "fr_FR.UTF-8"})
'ru'
>>> language_from_env({"LANG": "C.UTF-8"})
'en'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from fortlang.i18n.core import CATALOGUES as _CATALOGUES
from fortlang.i18n.core import LANGUAGES

#: The installed games' declared catalogues by language, loaded once for the installed games
#: they were read from (fortlang.games.installed(), which a test's forgetting renews); a game's
#: import is paid only when a key is not the core's.
_GAMES: dict[str, tuple[object, tuple[dict[str, str], ...]]] = {}


def _games(lang: str) -> tuple[dict[str, str], ...]:
    """The catalogues in ``lang`` the installed games declare (``GameModule.ui``), the default
    game's first then by name; a game that cannot be had brings none, one whose catalogue
    fails to load is its E351."""
    from fortlang.games import GameError, game_named, installed

    games = installed()
    known = _GAMES.get(lang)
    if known is None or known[0] is not games:
        from fortlang.module import DEFAULT_GAME

        books: list[dict[str, str]] = []
        for name in sorted(games, key=lambda g: (g != DEFAULT_GAME, g)):
            try:
                game = game_named(name)
            except GameError:
                continue
            try:
                words = game.piece_in("ui", lang, "UI")
            except Exception as e:  # a broken module is the user's report, never our traceback
                raise GameError("E351", f"game module `{name}`: its {lang} interface words fail "
                                f"to load: {type(e).__name__}: {e}",
                                f"they are `{game.ui[lang]}`") from None
            if words is None:
                continue
            books.append(dict(cast("Mapping[str, str]", words)))
        known = _GAMES[lang] = (games, tuple(books))
    return known[1]


def catalogue(lang: str) -> dict[str, str]:
    """Every template of ``lang`` by key, the core's and the installed games' (an unknown
    language: English)."""
    lang = lang if lang in _CATALOGUES else "en"
    merged: dict[str, str] = {}
    for book in reversed(_games(lang)):
        merged.update(book)
    merged.update(_CATALOGUES[lang])
    return merged


def _template(lang: str, key: str) -> str | None:
    core = _CATALOGUES.get(lang)
    if core is None:
        return None
    found = core.get(key)
    if found is None:
        found = next((book[key] for book in _games(lang) if key in book), None)
    return found


def ui(lang: str, key: str, **values: object) -> str:
    """The template ``key`` in ``lang`` filled with ``values``: the core's, else an installed
    game's (English where ``lang`` lacks it, so a key added in English only still shows; a
    KeyError where no catalogue has it)."""
    template = _template(lang, key)
    if template is None:
        template = _template("en", key)
        if template is None:
            raise KeyError(key)
    return template.format(**values) if values else template


def counted(lang: str, key: str, n: int) -> str:
    """``n`` and the noun ``key`` (its forms ``one|few|many``) in the plural ``n`` takes."""
    from fortlang.phrasebook.grammar import FEW, ONE, PLURAL_CATEGORY

    forms = ui(lang, key).split("|")
    category = PLURAL_CATEGORY.get(lang, PLURAL_CATEGORY["en"])(n)
    return f"{n} {forms[0 if category == ONE else 1 if category == FEW else 2]}"


def language_from_env(env: Mapping[str, str]) -> str:
    """The language the locale asks for, as gettext reads it: the first set of LC_ALL,
    LC_MESSAGES, LANG; ``fr_FR.UTF-8`` -> ``fr``. English when none names a known language."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.split("_")[0].split(".")[0].split("@")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


__all__ = ["LANGUAGES", "catalogue", "counted", "language_from_env", "ui"]
