"""The face of a game module's card (issue 33 item 5): the module's own drawing when it declares
one (``GameModule.face``), else a generic face: the kind in a coloured band, the card's name,
its key figures (number, colours, points, skills...) and, for each field written in the game's
language, what it does as a sentence in the page's language (the one ``fortlang explain
--lang`` prints) above its text in the game's words. The site and the print-and-play sheet draw
the same :class:`~fortlang.docsite.face.Face`, so they show the same card.

Every value of the card file is text on the face: :func:`~fortlang.docsite.face.Text.svg`
escapes it, and control and bidi characters are shown as ``�``.

>>> figure({"combat": 3, "lore": 2}), figure(["blue", "red"]), figure(True)
('combat 3, lore 2', 'blue, red', 'yes')
"""

from __future__ import annotations

from collections.abc import Sequence

from fortlang.docsite import lexicon as lx
from fortlang.docsite import safe
from fortlang.docsite.face import Face, text_card
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.model import GameCard, Source
from fortlang.module import CardKind, GameModule
from fortlang.nodes import Span
from fortlang.phrasebook import sentence
from fortlang.printer import to_text

#: A card's frame by the colour its card file names (Frantic's four, black, white).
NAMED_COLOURS = {"blue": "#1971c2", "red": "#c92a2a", "green": "#2b8a3e",
                 "yellow": "#e8a400", "black": "#212529", "white": "#868e96"}
#: Otherwise by its kind, in the order the module declares its kinds.
KIND_COLOURS = ("#5f3dc4", "#0b7285", "#8d5a2b", "#862e9c", "#2b8a3e", "#c92a2a")
#: The fields whose value names the card's colour.
_COLOUR_FIELDS = ("colour", "colours", "color", "colors")
#: A figure longer than this is cut: a face has room for a line or two.
_MOST = 120


def figure(value: object) -> str:
    """A field's value in a few words: ``3``, ``blue, red``, ``combat 3, lore 2``."""
    if isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, dict):
        text = ", ".join(f"{k} {figure(v)}" for k, v in value.items())
    elif isinstance(value, (list, tuple)):
        text = ", ".join(figure(v) for v in value)
    else:
        text = str(value)
    return text if len(text) <= _MOST else text[:_MOST - 1] + "…"


def figures(card: GameCard) -> list[tuple[str, str]]:
    """The card's data fields as (field, value) pairs, in the card file's order; an empty
    value (``colours: []``) is left out."""
    return [(name, figure(value)) for name, value in card.fields.items()
            if value not in ([], {}, "", None)]


def colour(card: GameCard, kinds: Sequence[CardKind]) -> str:
    for name in _COLOUR_FIELDS:
        value = card.fields.get(name)
        first = value[0] if isinstance(value, list) and value else value
        if isinstance(first, str) and first in NAMED_COLOURS:
            return NAMED_COLOURS[first]
    names = [k.name for k in kinds]
    index = names.index(card.kind) if card.kind in names else 0
    return KIND_COLOURS[index % len(KIND_COLOURS)]


def kind_name(kind: str, kinds: Sequence[CardKind], lang: str) -> str:
    """A card kind as the module names it: its ``doc`` in ``lang`` where it gives one (the
    schema's title), else its name (``event``)."""
    found = next((k for k in kinds if k.name == kind), None)
    return found.doc.get(lang, kind) if found is not None else kind


def generic_face(card: GameCard, lang: str, kinds: Sequence[CardKind] = (),
                 game: str | None = None) -> Face:
    """A card of any game: its kind, name, key figures and what each of its actions does (in
    ``game``'s words: :func:`fortlang.phrasebook.book`)."""
    blocks: list[tuple[str, float, str]] = []
    shown = figures(card)
    if shown:
        blocks.append((" · ".join(f"{name} {value}" for name, value in shown), 26, "#495057"))
    for field, node in card.texts.items():  # the field's name only where there are several
        said = sentence(node, lang, game)
        blocks.append((f"{field}: {said}" if len(card.texts) > 1 else said, 28, "#212529"))
        blocks.append((to_text(node), 22, "#868e96"))
    # provenance as Fort's faces stamp it; a card of the set's own design carries none
    stamp = "" if card.source is Source.ORIGINAL else lx.ui(card.source.value, lang)
    return text_card(card.id, colour(card, kinds), card.kind, card.name_in(lang), blocks,
                     stamp)


def face_of(game: GameModule, card: GameCard, lang: str) -> Face:
    """The face ``game`` draws for ``card`` (its ``face`` function), else the generic one. A
    module's drawing that fails, or gives no Face, is E609 at the card's file."""
    if not game.face:
        return generic_face(card, lang, game.cards, game.name)
    try:
        draw = game.piece("face")
        face = draw(card, lang)  # type: ignore[operator]
    except Exception as e:  # the module's code: its failure is the user's report
        raise _broken(game, card, f"{type(e).__name__}: {e}") from None
    if not isinstance(face, Face):
        raise _broken(game, card, f"it gave a {type(face).__name__}, not a Face")
    return face


def _broken(game: GameModule, card: GameCard, why: str) -> FortError:
    origin = card.origin
    span = Span(origin.line, origin.column, origin.line, origin.column + 1) if origin else None
    return FortError(Diagnostic(
        ERROR, "E609", f"game module `{game.name}`: its face of `{safe.visible(card.id)}` "
        f"cannot be drawn: {safe.visible(why)}", span,
        origin.file if origin else "<card set>",
        hint=f"fix `{game.face}`, or leave the module's `face` empty for the generic face"))
