"""Face functions a test game module names (``GameModule.face``): one that draws, one that
fails, one that gives something other than a Face; and the pictures a test module declares."""

from __future__ import annotations

from fortlang.docsite.face import Face, Text
from fortlang.docsite.gamedocs import GameDocs
from fortlang.docsite.icons import Icon
from fortlang.model import GameCard


def stamped(card: GameCard, lang: str) -> Face:
    return Face(card.id, ('<rect width="10" height="10"/>',),
                (Text(10, 40, 30, f"STAMPED {card.name_in(lang)} {lang}"),))


def broken(card: GameCard, lang: str) -> Face:
    raise ValueError("out of ink")


def not_a_face(card: GameCard, lang: str) -> str:
    return "<svg/>"


#: What a test game module draws besides its words (``GameModule.docs``): one word's icon and
#: one mark, both its own.
PICTURES = GameDocs(words={"pig_snout": Icon("pig_snout", "#e64980",
                                             '<circle cx="12" cy="12" r="9" fill="$c"/>')},
                    marks={"pig_tail": Icon("pig_tail", "#c2255c",
                                            '<path d="M4 12h16" stroke="$c"/>')})
