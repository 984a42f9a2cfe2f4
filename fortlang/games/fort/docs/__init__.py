"""Fort's pictures and words for its docs site and print-and-play sheet: its card faces
(``face.py``), its sets' glossary pages (``glossary.py``), the icons its words' declarations
do not draw (``icons.py``: suits, the best-friend star) and its suits' meanings
(``meanings.py``)."""

from __future__ import annotations

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


#: Fort's ``GameModule.docs``: its suits' icons by suit word (R1.1), the star (R1.2), its
#: suits' meanings in French and Russian, its cards' faces and its sets' glossary pages (both
#: loaded when first drawn).
DOCS = GameDocs(words={suit.value: icon for suit, icon in SUITS.items()},
                marks={STAR.name: STAR}, meaning=meaning, faces=_faces, glossary=_glossary)
