"""The card glossary of a game module's set (issue 33 item 5): every card, kind by kind in the
order the module declares them, with its face, its key figures, each field written in the
game's language as the card file gives it and as a sentence in the page's language (the one
``fortlang explain --game GAME --lang`` prints), its copies and its provenance.

Every value from a card file goes through :mod:`fortlang.docsite.safe`; an id is used as is
only in file names, anchors and ``data-card`` once the site has checked it is an id.
"""

from __future__ import annotations

from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import safe
from fortlang.docsite.gameface import figures, kind_name
from fortlang.model import CardSet, GameCard
from fortlang.module import GameModule
from fortlang.phrasebook import sentence
from fortlang.printer import to_text

ASSETS = "../assets"  # relative to a glossary page (glossary/<set>.md)


def face_path(set_id: str, card: GameCard) -> str:
    """Where a card's face is, relative to the site's assets folder (a card id is unique in
    its set whatever its kind)."""
    return f"faces/{set_id}/{card.id}.svg"


def badge(card: GameCard, lang: str) -> str:
    """The card's provenance as Fort's glossary marks it, and its note."""
    source = card.source.value
    note = card.notes.get(lang, card.note)
    return (f'<span class="fl-badge fl-badge-{source}" data-source="{source}">'
            f"{lx.ui(source, lang)}</span>" + (f" {safe.markdown(note)}" if note else ""))


def card_section(set_id: str, card: GameCard, lang: str, game: str | None = None) -> str:
    name = safe.markdown(card.name_in(lang))
    title = name if card.name_in(lang) == card.name else f"{name} ({safe.markdown(card.name)})"
    rows = [(f"`{field}`", safe.markdown(value)) for field, value in figures(card)]
    out = [md.heading(3, title, card.id),
           f'<div class="fl-card" data-card="{card.id}" markdown>',
           f"![{name}]({ASSETS}/{face_path(set_id, card)}){{ .fl-face }}\n",
           '<div class="fl-card-text" markdown>',
           badge(card, lang) + "\n"]
    if rows:
        out.append(md.table([lx.ui("field", lang), lx.ui("value", lang)], rows))
    for field, node in card.texts.items():
        out.append(f"{lx.label_text(field, lang)}\n\n{md.code(to_text(node))}\n"
                   f"{safe.markdown(sentence(node, lang, game))}\n")
    out += [f"{lx.label('copies', lang)} {card.copies}\n", "</div>\n</div>\n"]
    return "\n".join(out)


def counts(card_set: CardSet, lang: str) -> str:
    """How many different cards the set has, and how many in all (copies counted)."""
    return lx.ui("game_card_counts", lang).format(
        cards=len(card_set.cards), copies=sum(c.copies for c in card_set.cards))


def glossary_page(game: GameModule, card_set: CardSet, lang: str) -> str:
    out = [md.heading(1, f"{safe.markdown(card_set.manifest.name_in(lang))} — "
                         f"{lx.ui('glossary', lang)}", "glossary"),
           counts(card_set, lang) + "\n"]
    kinds = [k.name for k in game.cards]
    kinds += sorted({c.kind for c in card_set.cards} - set(kinds))
    for kind in kinds:
        cards = [c for c in card_set.cards if c.kind == kind]
        if not cards:
            continue
        out.append(md.heading(2, lx.cap(safe.markdown(kind_name(kind, game.cards, lang))),
                              f"kind-{kind}"))
        out += [card_section(card_set.id, c, lang, game.name) for c in cards]
    return "\n".join(out)
