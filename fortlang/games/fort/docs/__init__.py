"""Fort's pictures and words for its docs site and print-and-play sheet: its card faces
(``face.py``), the icons its words' declarations do not draw (``icons.py``: suits, the
best-friend star) and its suits' meanings (``meanings.py``)."""

from __future__ import annotations

from fortlang.docsite.gamedocs import GameDocs
from fortlang.games.fort.docs.icons import STAR, SUITS
from fortlang.games.fort.docs.meanings import meaning

#: Fort's ``GameModule.docs``: its suits' icons by suit word (R1.1), the star (R1.2), and its
#: suits' meanings in French and Russian.
DOCS = GameDocs(words={suit.value: icon for suit, icon in SUITS.items()},
                marks={STAR.name: STAR}, meaning=meaning)
