"""The card browser: a grid of every kid card's face (R1.1) across the sets, with filters by
suit, by action primitive (R12) and by provenance. The filters are plain ``<select>`` elements
read by ``fortlang-cards.js``; each face carries its values in ``data-`` attributes whose words
come from the registry and the model (never from a card file's free text).
"""

from __future__ import annotations

from collections.abc import Sequence

from fortlang import registry as reg
from fortlang.docsite import faces, safe
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.model import CardSet, KidCard, Source
from fortlang.nodes import Suit

PAGE = "cards.md"


def actions_of(card: KidCard) -> list[str]:
    """The primitives (registry names) the card's two boxes use, in registry order."""
    used = {spec.name for box in (card.public, card.private) if box is not None
            for node in box.walk() if (spec := reg.spec_of(type(node))) is not None}
    return [spec.name for spec in reg.PRIMITIVES if spec.name in used] + sorted(
        used - {spec.name for spec in reg.PRIMITIVES})


def _select(key: str, label: str, options: Sequence[tuple[str, str]], lang: str) -> str:
    items = "".join(f'<option value="{value}">{text}</option>' for value, text in options)
    return (f'<label class="fl-filter">{label} <select data-filter="{key}">'
            f'<option value="">{lx.ui("all", lang)}</option>{items}</select></label>')


def _card(set_id: str, card: KidCard, lang: str) -> str:
    name = safe.markdown(card.name_in(lang))
    suits = " ".join(dict.fromkeys(s.value for s in card.suits))
    return (f'<figure class="fl-grid-card" data-suit="{suits}" '
            f'data-action="{" ".join(actions_of(card))}" data-source="{card.source.value}">'
            f'<img class="fl-face" src="assets/{faces.kid_path(set_id, card)}" alt="{name}" '
            f'loading="lazy"><figcaption><a href="glossary/{set_id}.html#{card.id}">{name}</a>'
            "</figcaption></figure>")


def browser_page(sets: Sequence[CardSet], lang: str) -> str:
    kids = [(s.id, k) for s in sets for k in s.kids]
    used = {a for _, k in kids for a in actions_of(k)}
    suits = [(s.value, lx.suit_name(s, lang)) for s in Suit]
    actions = [(spec.name, spec.syntax.split(" [")[0]) for spec in reg.PRIMITIVES
               if spec.name in used]
    sources = [(s.value, lx.ui(s.value, lang)) for s in Source]
    filters = "".join([_select("suit", lx.ui("suit", lang), suits, lang),
                       _select("action", lx.ui("action", lang), actions, lang),
                       _select("source", lx.ui("provenance", lang), sources, lang)])
    return "\n".join([
        md.heading(1, lx.ui("browser", lang), "card-browser"),
        lx.ui("browser_intro", lang) + "\n",
        f'<div class="fl-filters">{filters}<span class="fl-grid-status">{lx.ui("shown", lang)} '
        f'<span class="fl-grid-count">{len(kids)}</span></span></div>\n',
        '<div class="fl-grid">' + "".join(_card(sid, k, lang) for sid, k in kids) + "</div>\n",
    ])
