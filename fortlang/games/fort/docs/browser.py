"""Fort's card browser (its ``GameDocs.browser``, which the docs site writes as ``cards.md``):
a grid of every face across the sets (kids R1.1, best friends R1.2, made-up rules R14, perks
R15, the board R10), with filters by kind, by suit, by action primitive (R12) and by
provenance. The page, its filters and its figures are the core's
(:mod:`fortlang.docsite.browser`); the words of the ``data-`` attributes come from the registry
and Fort's model, never from a card file's free text.
"""

from __future__ import annotations

from collections.abc import Sequence

from fortlang import registry as reg
from fortlang.docsite import lexicon as lx
from fortlang.docsite import safe
from fortlang.docsite.browser import figure, grid, select
from fortlang.games.fort.docs import paths
from fortlang.games.fort.model import KidCard, Perk, board_of, kids_of, perks_of, rules_of
from fortlang.games.fort.phrasebook import suit_name
from fortlang.model import CardSet, Source

#: the kinds of face, each with the lexicon key of its name
KINDS = {"kid": "kids", "best-friend": "best_friends", "rule": "rules", "perk": "perks",
         "board": "board"}


def actions_of(card: KidCard) -> list[str]:
    """The primitives (registry names) the card's two boxes use, in registry order."""
    used = {spec.name for box in (card.public, card.private) if box is not None
            for node in box.walk() if (spec := reg.spec_of(type(node))) is not None}
    fort = reg.default_vocabulary().primitives  # Fort's cards: Fort is installed
    return [spec.name for spec in fort if spec.name in used] + sorted(
        used - {spec.name for spec in fort})


def _kid(set_id: str, card: KidCard, lang: str) -> str:
    return figure("best-friend" if card.best_friend else "kid", paths.kid_path(set_id, card),
                  safe.markdown(card.name_in(lang)), f"glossary/{set_id}.html#{card.id}",
                  " ".join(dict.fromkeys(s.value for s in card.suits)),
                  " ".join(actions_of(card)), card.source.value)


def _perk_actions(perk: Perk) -> str:
    used = {spec.name for node in (perk.action.walk() if perk.action is not None else ())
            if (spec := reg.spec_of(type(node))) is not None}
    return " ".join(spec.name for spec in reg.default_vocabulary().primitives if spec.name in used)


def _faces(card_set: CardSet, lang: str) -> list[str]:
    """The set's faces in the glossary's order: kids, made-up rules, perks, board."""
    sid, page = card_set.id, f"glossary/{card_set.id}.html"
    out = [_kid(sid, k, lang) for k in kids_of(card_set)]
    out += [figure("rule", paths.rule_path(sid, r), safe.markdown(r.names.get(lang, r.name)),
                   f"{page}#rule-{r.id}") for r in rules_of(card_set)]
    out += [figure("perk", paths.perk_path(sid, p), safe.markdown(p.names.get(lang, p.name)),
                   f"{page}#perk-{p.id}", actions=_perk_actions(p)) for p in perks_of(card_set)]
    if board_of(card_set) is not None:
        out.append(figure("board", paths.board_path(sid), safe.markdown(lx.ui("board", lang)),
                          f"{page}#board"))
    return out


def browser_page(sets: Sequence[CardSet], lang: str) -> str:
    kids = [k for s in sets for k in kids_of(s)]
    used = {a for k in kids for a in actions_of(k)}
    kinds = [(kind, lx.cap(lx.ui(key, lang))) for kind, key in KINDS.items()]
    suits = [(w.word, suit_name(w.word, lang))  # the suits: Fort's family of quantities
             for w in reg.default_vocabulary().quantities if w.family == "suit"]
    actions = [(spec.name, spec.syntax.split(" [")[0])
               for spec in reg.default_vocabulary().primitives if spec.name in used]
    sources = [(s.value, lx.ui(s.value, lang)) for s in Source]
    filters = "".join([select("kind", lx.ui("kind", lang), kinds, lang),
                       select("suit", lx.ui("suit", lang), suits, lang),
                       select("action", lx.ui("action", lang), actions, lang),
                       select("source", lx.ui("provenance", lang), sources, lang)])
    return grid("browser_intro", filters, [f for s in sets for f in _faces(s, lang)], lang)
