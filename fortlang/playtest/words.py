"""The playtest page's fixed words (its script fills them in), from the interface catalogue:
the core's frame around any game's table; a game's page adds its own (its title, its final
score's headings: Fort's ``pt.*`` keys, declared by its module, fortlang.i18n)."""

from __future__ import annotations

from collections.abc import Iterable

from fortlang.i18n import ui

WORDS = ("you_are", "host", "waiting", "over", "refused", "undo", "save", "log", "table",
         "links", "no_answer")


def page_words(lang: str, names: Iterable[str] = WORDS) -> dict[str, str]:
    """The page's words ``names`` (each the catalogue's ``pt.<name>``) in ``lang``."""
    return {w: ui(lang, f"pt.{w}") for w in names}
