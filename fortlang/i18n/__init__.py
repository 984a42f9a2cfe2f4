"""The interface's own words in each language (issue 36): one catalogue module per language
(:mod:`.en`, :mod:`.fr`, :mod:`.ru`), each a flat table of ``str.format`` templates under the
same keys (a test holds them in step). Card sentences come from :mod:`fortlang.phrasebook`;
these are the words around them: prompts, headings, narration, help.

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

from fortlang.i18n import en, fr, ru

#: The interface's languages (fortlang.registry.LANGUAGES, which a test holds equal: not
#: imported, so that fortlang.errors, which reads the codes' translations, stays light).
LANGUAGES: tuple[str, ...] = ("en", "fr", "ru")

_CATALOGUES: dict[str, dict[str, str]] = {"en": en.UI, "fr": fr.UI, "ru": ru.UI}


def catalogue(lang: str) -> dict[str, str]:
    """Every template of ``lang`` by key (an unknown language: English)."""
    return _CATALOGUES.get(lang, en.UI)


def ui(lang: str, key: str, **values: object) -> str:
    """The template ``key`` in ``lang`` filled with ``values`` (English where ``lang`` lacks
    it, so a key added in English only still shows)."""
    template = _CATALOGUES.get(lang, en.UI).get(key)
    if template is None:
        template = en.UI[key]
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
