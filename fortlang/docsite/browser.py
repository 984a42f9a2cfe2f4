"""The card browser: a grid of every face across the sets (kids R1.1, best friends R1.2,
made-up rules R14, perks R15, the board R10), with filters by kind, by suit, by action
primitive (R12) and by provenance (a game module's sets: :func:`game_browser_page`, with the
filters their cards have). The filters are plain ``<select>`` elements read by
``fortlang-cards.js``; each face carries its values in ``data-`` attributes whose words come
from the registry and the model (never from a card file's free text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fortlang import registry as reg
from fortlang.docsite import faces, safe
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite.gameface import kind_name
from fortlang.docsite.gameglossary import face_path
from fortlang.model import CardSet, GameCard, Source
from fortlang.module import GameModule

PAGE = "cards.md"

#: the kinds of face, each with the lexicon key of its name
KINDS = {"kid": "kids", "best-friend": "best_friends", "rule": "rules", "perk": "perks",
         "board": "board"}


def actions_of(card: Any) -> list[str]:
    """The primitives (registry names) the card's two boxes use, in registry order."""
    used = {spec.name for box in (card.public, card.private) if box is not None
            for node in box.walk() if (spec := reg.spec_of(type(node))) is not None}
    fort = reg.default_vocabulary().primitives  # Fort's cards: Fort is installed
    return [spec.name for spec in fort if spec.name in used] + sorted(
        used - {spec.name for spec in fort})


def _select(key: str, label: str, options: Sequence[tuple[str, str]], lang: str) -> str:
    items = "".join(f'<option value="{value}">{text}</option>' for value, text in options)
    return (f'<label class="fl-filter">{label} <select data-filter="{key}">'
            f'<option value="">{lx.ui("all", lang)}</option>{items}</select></label>')


def _figure(kind: str, src: str, name: str, link: str, suits: str = "", actions: str = "",
            source: str = "") -> str:
    """One face of the grid; ``name`` is escaped already, the other values are words of the
    registry and the model."""
    return (f'<figure class="fl-grid-card" data-kind="{kind}" data-suit="{suits}" '
            f'data-action="{actions}" data-source="{source}">'
            f'<img class="fl-face" src="assets/{src}" alt="{name}" loading="lazy">'
            f'<figcaption><a href="{link}">{name}</a></figcaption></figure>')


def _kid(set_id: str, card: Any, lang: str) -> str:
    return _figure("best-friend" if card.best_friend else "kid", faces.kid_path(set_id, card),
                   safe.markdown(card.name_in(lang)), f"glossary/{set_id}.html#{card.id}",
                   " ".join(dict.fromkeys(s.value for s in card.suits)),
                   " ".join(actions_of(card)), card.source.value)


def _perk_actions(perk: Any) -> str:
    used = {spec.name for node in (perk.action.walk() if perk.action is not None else ())
            if (spec := reg.spec_of(type(node))) is not None}
    return " ".join(spec.name for spec in reg.default_vocabulary().primitives if spec.name in used)


def _faces(card_set: CardSet, lang: str) -> list[str]:
    """The set's faces in the glossary's order: kids, made-up rules, perks, board."""
    sid, page = card_set.id, f"glossary/{card_set.id}.html"
    out = [_kid(sid, k, lang) for k in card_set.kids]
    out += [_figure("rule", faces.rule_path(sid, r), safe.markdown(r.names.get(lang, r.name)),
                    f"{page}#rule-{r.id}") for r in card_set.rules]
    out += [_figure("perk", faces.perk_path(sid, p), safe.markdown(p.names.get(lang, p.name)),
                    f"{page}#perk-{p.id}", actions=_perk_actions(p)) for p in card_set.perks]
    if card_set.board is not None:
        out.append(_figure("board", faces.board_path(sid), safe.markdown(lx.ui("board", lang)),
                           f"{page}#board"))
    return out


def browser_page(sets: Sequence[CardSet], lang: str) -> str:
    kids = [k for s in sets for k in s.kids]
    used = {a for k in kids for a in actions_of(k)}
    kinds = [(kind, lx.cap(lx.ui(key, lang))) for kind, key in KINDS.items()]
    suits = [(w.word, lx.suit_name(w.word, lang))  # the suits: Fort's family of quantities
             for w in reg.default_vocabulary().quantities if w.family == "suit"]
    actions = [(spec.name, spec.syntax.split(" [")[0])
               for spec in reg.default_vocabulary().primitives if spec.name in used]
    sources = [(s.value, lx.ui(s.value, lang)) for s in Source]
    filters = "".join([_select("kind", lx.ui("kind", lang), kinds, lang),
                       _select("suit", lx.ui("suit", lang), suits, lang),
                       _select("action", lx.ui("action", lang), actions, lang),
                       _select("source", lx.ui("provenance", lang), sources, lang)])
    return _grid("browser_intro", filters, [f for s in sets for f in _faces(s, lang)], lang)


def _grid(intro: str, filters: str, figures: Sequence[str], lang: str) -> str:
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
        _select("kind", lx.ui("kind", lang),
                [(k, lx.cap(safe.markdown(kind_name(k, game.cards, lang)))) for k in kinds
                 if any(c.kind == k for _, c in cards)], lang),
        _select("action", lx.ui("action", lang),
                [(spec.name, safe.markdown(spec.syntax.split(" [")[0]))
                 for spec in vocab.primitives if spec.name in used], lang),
        _select("source", lx.ui("provenance", lang),
                [(s.value, lx.ui(s.value, lang)) for s in Source
                 if any(c.source is s for _, c in cards)], lang)])
    figures = [_figure(c.kind, face_path(sid, c), safe.markdown(c.name_in(lang)),
                       f"glossary/{sid}.html#{c.id}", "",
                       " ".join(game_actions_of(c, vocab)), c.source.value)
               for sid, c in cards]
    return _grid("game_browser_intro", filters, figures, lang)
