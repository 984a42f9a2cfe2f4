"""Face functions a test game module names (``GameModule.face``): one that draws, one that
fails, one that gives something other than a Face; and the pictures, faces, glossary pages,
hand-written pages and texts a test module declares (``GameModule.docs``)."""

from __future__ import annotations

from fortlang.docsite.face import Face, Text
from fortlang.docsite.faces import Printed
from fortlang.docsite.gamedocs import GameDocs
from fortlang.docsite.icons import Icon
from fortlang.model import CardSet, GameCard


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


def own_faces(card_set: CardSet, lang: str) -> list[Printed]:
    """A module's own list of faces (``GameDocs.faces``): each card stamped, under its own
    file name, in print order."""
    return [Printed(f"faces/{card_set.id}/own-{card.id}.svg", stamped(card, lang),
                    card.name_in(lang), card.kind, card) for card in card_set.cards]


def own_glossary(card_set: CardSet, lang: str) -> str:
    """A module's own glossary page (``GameDocs.glossary``): its cards, linked to its faces."""
    lines = [f"# The sty of {card_set.id} ({lang})", ""]
    lines += [f"![{card.id}](../assets/faces/{card_set.id}/own-{card.id}.svg)"
              for card in card_set.cards]
    return "\n".join(lines) + "\n"


def own_texts(key: str, lang: str) -> str | None:
    """A module's own site texts (``GameDocs.texts``): its name, and the word on its backs."""
    return {"site": f"The Sty ({lang})", "back": "Oink", "home": "Pigs love mud."}.get(key)


#: What a test game module declares for its whole site: its pictures, its own faces and
#: glossary pages, the one hand-written page it carries, and its texts.
HOOKED = GameDocs(words=PICTURES.words, marks=PICTURES.marks, faces=own_faces,
                  glossary=own_glossary, pages=(("games", "games.md"),), texts=own_texts)
