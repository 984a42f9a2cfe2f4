"""The core's catalogues of the interface's words (:mod:`.en`, :mod:`.fr`, :mod:`.ru`) and
their lookup alone, without the installed games' (:func:`fortlang.i18n.ui` reads those after
these): what the diagnostics read (fortlang.errors), which the game registry's own errors
import, so it imports no registry."""

from __future__ import annotations

import fortlang.i18n.en as en
import fortlang.i18n.fr as fr
import fortlang.i18n.ru as ru

#: The interface's languages (fortlang.registry.LANGUAGES, which a test holds equal: not
#: imported, so that fortlang.errors, which reads the codes' translations, stays light).
LANGUAGES: tuple[str, ...] = ("en", "fr", "ru")

CATALOGUES: dict[str, dict[str, str]] = {"en": en.UI, "fr": fr.UI, "ru": ru.UI}


def ui(lang: str, key: str, **values: object) -> str:
    """The core's template ``key`` in ``lang`` filled with ``values`` (English where ``lang``
    lacks it; a KeyError for a key that is not the core's)."""
    template = CATALOGUES.get(lang, en.UI).get(key)
    if template is None:
        template = en.UI[key]
    return template.format(**values) if values else template
