"""Face functions a test game module names (``GameModule.face``): one that draws, one that
fails, one that gives something other than a Face."""

from __future__ import annotations

from fortlang.docsite.face import Face, Text
from fortlang.model import GameCard


def stamped(card: GameCard, lang: str) -> Face:
    return Face(card.id, ('<rect width="10" height="10"/>',),
                (Text(10, 40, 30, f"STAMPED {card.name_in(lang)} {lang}"),))


def broken(card: GameCard, lang: str) -> Face:
    raise ValueError("out of ink")


def not_a_face(card: GameCard, lang: str) -> str:
    return "<svg/>"
