"""Every face a set prints, in one language: kids (R1.1), made-up rules (R14), perks (R15), the
board (R10) and the card back. The site writes them as SVG files next to the glossary; the
print-and-play sheet draws the same :class:`Face` objects, so both show the same cards. Fort
draws them (``GameModule.face``: fortlang.games.fort.docs.face); the back repeats its suits'
icons (``GameModule.docs``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from fortlang.docsite import face as core_face
from fortlang.docsite import lexicon as lx
from fortlang.docsite.face import Captions, Face
from fortlang.docsite.gamedocs import default_docs, default_face
from fortlang.model import Card, CardSet, Source

if TYPE_CHECKING:
    from fortlang.games.fort.model import Board, KidCard, MadeUpRule, Perk


@dataclass(frozen=True)
class Printed:
    path: str  # relative to the site's assets folder
    face: Face
    title: str  # the card's name in the page language (the SVG's <title>)
    kind: str  # "kid", "rule", "perk", "board" or "back"
    card: KidCard | None = None  # a kid's card: its copies, and where its file is


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


def captions(card: KidCard, lang: str) -> Captions:
    """The face's captions; a card of the set's own design carries no provenance stamp, as a
    printed card would not (issue 36)."""
    stamp = "" if card.source is Source.ORIGINAL else lx.ui(card.source.value, lang)
    return Captions(lx.term("public_action", lang), lx.term("private_action", lang), stamp)


def _drawn(card: KidCard | MadeUpRule | Perk | Board, lang: str) -> Face:
    """The default game's drawing of ``card`` (Fort's ``GameModule.face``)."""
    face = default_face()(card, lang)
    assert isinstance(face, Face)
    return face


def kid(card: KidCard, lang: str) -> Face:
    return _drawn(card, lang)


def rule(r: MadeUpRule, lang: str) -> Face:
    return _drawn(r, lang)


def perk(p: Perk, lang: str) -> Face:
    return _drawn(p, lang)


def board(b: Board, lang: str) -> Face:
    return _drawn(b, lang)


def back_face(set_name: str) -> Face:
    """The back of a set's cards, patterned with the default game's suit icons."""
    return core_face.back_face(set_name, pattern=tuple(default_docs().words.values()))


def every_face(card_set: CardSet, lang: str) -> list[Printed]:
    """The set's faces in print order: kids, made-up rules, perks, board, then the back."""
    kids = cast("tuple[KidCard, ...]", card_set.kids)
    rules = cast("tuple[MadeUpRule, ...]", card_set.rules)
    perks = cast("tuple[Perk, ...]", card_set.perks)
    out = [Printed(kid_path(card_set.id, k), kid(k, lang), k.name_in(lang), "kid", k)
           for k in kids]
    out += [Printed(rule_path(card_set.id, r), rule(r, lang), r.names.get(lang, r.name), "rule")
            for r in rules]
    out += [Printed(perk_path(card_set.id, p), perk(p, lang), p.names.get(lang, p.name), "perk")
            for p in perks]
    if card_set.board is not None:
        out.append(Printed(board_path(card_set.id), board(cast("Board", card_set.board), lang),
                           lx.ui("board", lang), "board"))
    out.append(Printed(back_path(card_set.id), back_face(card_set.manifest.name),
                       card_set.manifest.name, "back"))
    return out
