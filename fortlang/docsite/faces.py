"""Every face a set prints, in one language: its cards' (Fort's kids, R1.1, made-up rules,
R14, perks, R15, and board, R10; a game module's cards), then the card back. The site writes
them as SVG files next to the glossary; the print-and-play sheet draws the same :class:`Face`
objects, so both show the same cards. The game being documented lists them where it declares
its own list (``GameDocs.faces``: fortlang.games.fort.docs.face), else each of its cards is
drawn by its ``GameModule.face`` (else the generic face: :mod:`fortlang.docsite.gameface`);
the back repeats that game's own word icons (``GameDocs.words``), never another game's.
"""

from __future__ import annotations

from dataclasses import dataclass

from fortlang.docsite import face as core_face
from fortlang.docsite.face import Face
from fortlang.docsite.gamedocs import GameDocs, game_docs
from fortlang.docsite.gameface import face_of
from fortlang.docsite.gameglossary import face_path
from fortlang.model import CardSet, DeckCard
from fortlang.module import GameModule


@dataclass(frozen=True)
class Printed:
    path: str  # relative to the site's assets folder
    face: Face
    title: str  # the card's name in the page language (the SVG's <title>)
    kind: str  # the card's kind (a game's own: Fort's "kid", "rule", "perk", "board"), or "back"
    #: a dealt card's (Fort's kid's, any card of a module's): its copies, where its file is;
    #: the site counts these faces
    card: DeckCard | None = None


def back_path(set_id: str) -> str:
    return f"faces/{set_id}/back.svg"


def back_face(game: GameModule, set_name: str, lang: str,
              docs: GameDocs | None = None) -> Face:
    """The back of a set's cards: ``game``'s word in capitals (``GameDocs.texts`` "back",
    else its title in ``lang``) over a pattern of its own word icons (``GameDocs.words``:
    Fort's suits; none for a game that declares none)."""
    docs = game_docs(game) if docs is None else docs
    word = docs.own_text("back", lang) or game.title(lang)
    return core_face.back_face(set_name, word, pattern=tuple(docs.words.values()))


def every_face(game: GameModule, card_set: CardSet, lang: str) -> list[Printed]:
    """The set's faces in print order: ``game``'s list (``GameDocs.faces``: Fort's kids,
    made-up rules, perks and board), else each card as ``game`` draws it
    (:func:`fortlang.docsite.gameface.face_of`), then the back."""
    docs = game_docs(game)
    if docs.faces is not None:
        out = list(docs.faces(card_set, lang))
    else:
        out = [Printed(face_path(card_set.id, card), face_of(game, card, lang),
                       card.name_in(lang), card.kind, card) for card in card_set.cards]
    out.append(Printed(back_path(card_set.id), back_face(game, card_set.manifest.name, lang,
                                                         docs),
                       card_set.manifest.name, "back"))
    return out
