"""The card browser: a grid of a site's faces with filters, the page both kinds of site share
(:func:`grid`, :func:`select`, :func:`figure`). A game module's sets get
:func:`game_browser_page`, with the filters their cards have (kind, primitive, provenance); a
game that shows its cards its own way declares its page (``GameDocs.browser``: Fort's, with
its kinds and suits, is fortlang.games.fort.docs.browser). The filters are plain ``<select>``
elements read by ``fortlang-cards.js``; each face carries its values in ``data-`` attributes
whose words come from the registry and the model (never from a card file's free text).
"""

from __future__ import annotations

from collections.abc import Sequence

from fortlang import registry as reg
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import safe
from fortlang.docsite.gameface import kind_name
from fortlang.docsite.gameglossary import face_path
from fortlang.model import CardSet, GameCard, Source
from fortlang.module import GameModule

PAGE = "cards.md"


def select(key: str, label: str, options: Sequence[tuple[str, str]], lang: str) -> str:
    items = "".join(f'<option value="{value}">{text}</option>' for value, text in options)
    return (f'<label class="fl-filter">{label} <select data-filter="{key}">'
            f'<option value="">{lx.ui("all", lang)}</option>{items}</select></label>')


def figure(kind: str, src: str, name: str, link: str, suits: str = "", actions: str = "",
           source: str = "") -> str:
    """One face of the grid; ``name`` is escaped already, the other values are words of the
    registry and the model."""
    return (f'<figure class="fl-grid-card" data-kind="{kind}" data-suit="{suits}" '
            f'data-action="{actions}" data-source="{source}">'
            f'<img class="fl-face" src="assets/{src}" alt="{name}" loading="lazy">'
            f'<figcaption><a href="{link}">{name}</a></figcaption></figure>')


def grid(intro: str, filters: str, figures: Sequence[str], lang: str) -> str:
    """The page: its heading, the intro (a lexicon key), the filters and the faces."""
    return "\n".join([
        md.heading(1, lx.ui("browser", lang), "card-browser"),
        lx.ui(intro, lang) + "\n",
        f'<div class="fl-filters">{filters}<span class="fl-grid-status">{lx.ui("shown", lang)} '
        f'<span class="fl-grid-count">{len(figures)}</span></span></div>\n',
        '<div class="fl-grid">' + "".join(figures) + "</div>\n",
    ])


def game_actions_of(card: GameCard, vocab: reg.Vocabulary) -> list[str]:
    """The primitives of a game module's ``vocab`` the card's texts use, in declaration
    order."""
    names: dict[type, str] = {spec.node: spec.name for spec in vocab.primitives}
    used = {names[type(node)] for text in card.texts.values() for node in text.walk()
            if type(node) in names}
    return [spec.name for spec in vocab.primitives if spec.name in used]


def game_browser_page(game: GameModule, vocab: reg.Vocabulary, sets: Sequence[CardSet],
                      lang: str) -> str:
    """The card browser of a game module's sets: every face, filtered by the kinds the module
    declares, the primitives its cards use and provenance (no suits: they are Fort's)."""
    cards = [(s.id, c) for s in sets for c in s.cards]
    declared = [k.name for k in game.cards]
    kinds = declared + sorted({c.kind for _, c in cards} - set(declared))
    used = {a for _, c in cards for a in game_actions_of(c, vocab)}
    filters = "".join([
        select("kind", lx.ui("kind", lang),
               [(k, lx.cap(safe.markdown(kind_name(k, game.cards, lang)))) for k in kinds
                if any(c.kind == k for _, c in cards)], lang),
        select("action", lx.ui("action", lang),
               [(spec.name, safe.markdown(spec.syntax.split(" [")[0]))
                for spec in vocab.primitives if spec.name in used], lang),
        select("source", lx.ui("provenance", lang),
               [(s.value, lx.ui(s.value, lang)) for s in Source
                if any(c.source is s for _, c in cards)], lang)])
    figures = [figure(c.kind, face_path(sid, c), safe.markdown(c.name_in(lang)),
                      f"glossary/{sid}.html#{c.id}", "",
                      " ".join(game_actions_of(c, vocab)), c.source.value)
               for sid, c in cards]
    return grid("game_browser_intro", filters, figures, lang)
