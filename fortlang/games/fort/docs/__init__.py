"""Fort's pictures, words and pages for its docs site and print-and-play sheet: its card faces
(``face.py``), its sets' glossary pages (``glossary.py``), its card browser (``browser.py``),
its reference (``reference.py``), its rules page, the icons its words' declarations do not
draw (``icons.py``: suits, the best-friend star), its suits' meanings (``meanings.py``), the
hand-written pages its site carries and its site's own texts (its name, home page and notes)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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


def _reference(lang: str, sets: Iterable[CardSet], *, card_format: bool,
               error_codes: bool) -> str:
    from fortlang.games.fort.docs.reference import reference_page, schema_folder

    return reference_page(lang, sets, schema_folder(), card_format=card_format,
                          error_codes=error_codes)


#: The hand-written pages of docs/ Fort's site carries after its generated ones, as (title key
#: in the lexicon, file): the card-file format, the scenario format of `fortlang test` (with
#: its tested examples), how to write an expansion, a vocabulary plugin and a game module, the
#: simulate / balance / play / replay commands with the method behind their figures, and the
#: language server's set-up in editors.
PAGES = (("card_format", "card-format.md"), ("scenarios", "scenarios.md"),
         ("expansions", "expansions.md"), ("plugins", "plugins.md"), ("games", "games.md"),
         ("simulate", "simulate.md"), ("search_bot", "search-bot.md"),
         ("editors", "editors.md"), ("playtest", "playtest.md"))
#: Its site's texts, by the lexicon's keys: its name, its rules page's title, the home page's
#: introduction and the note that the tool is unofficial (naming Fort's publisher).
_TEXTS = {"site": "site", "rules": "the_rules", "intro": "intro", "unofficial": "unofficial"}


def _texts(key: str, lang: str) -> str | None:
    """Fort's site's own texts: the lexicon's, the home page's "how to play" overview
    (``docs/home/<lang>.md``), and FORT across its cards' backs (in every language)."""
    from fortlang.docsite import lexicon as lx

    if key == "home":
        from fortlang.docsite.site import hand_written

        return hand_written(f"home/{lang}.md")
    if key == "back":
        return "Fort"
    return lx.ui(_TEXTS[key], lang) if key in _TEXTS else None


#: Fort's ``GameModule.docs``: its suits' icons by suit word (R1.1), the star (R1.2), its
#: suits' meanings in French and Russian, its cards' faces, its sets' glossary pages, its
#: rules page (docs/rules, R1-R15), its card browser and its reference (each loaded when
#: first drawn), the hand-written pages and the texts of its site.
DOCS = GameDocs(words={suit.value: icon for suit, icon in SUITS.items()},
                marks={STAR.name: STAR}, meaning=meaning, faces=_faces, glossary=_glossary,
                rules_page=_rules_page, browser=_browser, reference=_reference, pages=PAGES,
                texts=_texts)
