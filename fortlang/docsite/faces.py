"""Every face a set prints, in one language: its cards' (Fort's kids, R1.1, made-up rules,
R14, perks, R15, and board, R10), then the card back. The site writes them as SVG files next
to the glossary; the print-and-play sheet draws the same :class:`Face` objects, so both show
the same cards. The default game lists and draws them (``GameDocs.faces`` and
``GameModule.face``: fortlang.games.fort.docs.face); the back repeats its suits' icons
(``GameModule.docs``).
"""

from __future__ import annotations

from dataclasses import dataclass

from fortlang.docsite import face as core_face
from fortlang.docsite.face import Face
from fortlang.docsite.gamedocs import default_docs, default_face
from fortlang.model import Card, CardSet, DeckCard


@dataclass(frozen=True)
class Printed:
    path: str  # relative to the site's assets folder
    face: Face
    title: str  # the card's name in the page language (the SVG's <title>)
    kind: str  # "kid", "rule", "perk", "board" or "back"
    card: DeckCard | None = None  # a dealt card's (a kid's): its copies, where its file is


def kid_path(set_id: str, card: Card) -> str:
    return f"faces/{set_id}/{card.id}.svg"


def rule_path(set_id: str, rule: Card) -> str:
    return f"faces/{set_id}/rule-{rule.id}.svg"


def perk_path(set_id: str, perk: Card) -> str:
    return f"faces/{set_id}/perk-{perk.id}.svg"


def board_path(set_id: str) -> str:
    return f"faces/{set_id}/board.svg"


def back_path(set_id: str) -> str:
    return f"faces/{set_id}/back.svg"


def _drawn(card: object, lang: str) -> Face:
    """The default game's drawing of ``card`` (Fort's ``GameModule.face``)."""
    face = default_face()(card, lang)
    assert isinstance(face, Face)
    return face


def kid(card: Card, lang: str) -> Face:
    return _drawn(card, lang)


def rule(r: Card, lang: str) -> Face:
    return _drawn(r, lang)


def perk(p: Card, lang: str) -> Face:
    return _drawn(p, lang)


def board(b: object, lang: str) -> Face:
    return _drawn(b, lang)


def back_face(set_name: str) -> Face:
    """The back of a set's cards, patterned with the default game's suit icons."""
    return core_face.back_face(set_name, pattern=tuple(default_docs().words.values()))


def every_face(card_set: CardSet, lang: str) -> list[Printed]:
    """The set's faces in print order (the default game's ``GameDocs.faces``: Fort's kids,
    made-up rules, perks and board), then the back."""
    faces = default_docs().faces
    out = list(faces(card_set, lang)) if faces is not None else []
    out.append(Printed(back_path(card_set.id), back_face(card_set.manifest.name),
                       card_set.manifest.name, "back"))
    return out
