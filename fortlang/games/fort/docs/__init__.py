"""Fort's pictures, words and pages for its docs site and print-and-play sheet: its card faces
(``face.py``), its sets' glossary pages (``glossary.py``), its card browser (``browser.py``),
its reference (``reference.py``), its rules page, the icons its words' declarations do not
draw (``icons.py``: suits, the best-friend star) and its suits' meanings (``meanings.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from fortlang.docsite.gamedocs import GameDocs
from fortlang.games.fort.docs.icons import STAR, SUITS
from fortlang.games.fort.docs.meanings import meaning

if TYPE_CHECKING:
    from fortlang.docsite.faces import Printed
    from fortlang.model import CardSet


def _faces(card_set: CardSet, lang: str) -> list[Printed]:
    from fortlang.games.fort.docs.face import every_face

    return every_face(card_set, lang)


def _glossary(card_set: CardSet, lang: str) -> str:
    from fortlang.games.fort.docs.glossary import glossary_page

    return glossary_page(card_set, lang)


def _rules_page(lang: str) -> str | None:
    from fortlang.docsite.rules import rules_page

    return rules_page(lang)


def _browser(sets: Sequence[CardSet], lang: str) -> str:
    from fortlang.games.fort.docs.browser import browser_page

    return browser_page(sets, lang)


def _reference(lang: str, sets: Iterable[CardSet], schema_dir: Path | None, *,
               card_format: bool, error_codes: bool) -> str:
    from fortlang.games.fort.docs.reference import reference_page

    return reference_page(lang, sets, schema_dir, card_format=card_format,
                          error_codes=error_codes)


#: Fort's ``GameModule.docs``: its suits' icons by suit word (R1.1), the star (R1.2), its
#: suits' meanings in French and Russian, its cards' faces, its sets' glossary pages, its
#: rules page (docs/rules, R1-R15), its card browser and its reference (each loaded when
#: first drawn).
DOCS = GameDocs(words={suit.value: icon for suit, icon in SUITS.items()},
                marks={STAR.name: STAR}, meaning=meaning, faces=_faces, glossary=_glossary,
                rules_page=_rules_page, browser=_browser, reference=_reference)
