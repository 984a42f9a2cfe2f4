"""Fort's words at its table's interface (en, fr, ru), declared by its module
(``GameModule.ui``) and read through :func:`fortlang.i18n.ui` after the core's."""

from __future__ import annotations

#: The words Fort's playtest page is sent (each the catalogue's ``pt.<name>``): the core's frame
#: (fortlang.playtest.words) and Fort's title and final score's, in the page's order.
PAGE_WORDS = ("title", "you_are", "host", "waiting", "over", "refused", "undo", "save", "log",
              "table", "final", "winner", "links", "total", "track", "fort", "no_answer")
