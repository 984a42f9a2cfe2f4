"""The playtest page's fixed words (its script fills them in), from the interface catalogue:
the same for Fort's table and a game module's."""

from __future__ import annotations

from fortlang.i18n import ui

WORDS = ("title", "you_are", "host", "waiting", "over", "refused", "undo", "save", "log",
         "table", "final", "winner", "links", "total", "track", "fort", "no_answer")


def page_words(lang: str) -> dict[str, str]:
    """The page's words in ``lang``."""
    return {w: ui(lang, f"pt.{w}") for w in WORDS}
