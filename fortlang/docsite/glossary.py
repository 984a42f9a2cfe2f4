"""The card glossary of one set: every kid card (R1.1) with its face, suits, both actions in
canonical DSL and as a sentence, copies, best-friend mark (R1.2) and provenance; then the made-up
rules (R14) and perks (R15) with texts generated from their expressions and data, and the board.
"""

from __future__ import annotations

from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite.face import Captions
from fortlang.docsite.icons import STAR, SUITS
from fortlang.model import Board, CardSet, KidCard, Perk
from fortlang.nodes import Action
from fortlang.printer import to_text

ASSETS = "../assets"  # relative to a glossary page (glossary/<set>.md)


def face_path(set_id: str, card: KidCard) -> str:
    """Where a card's face lives, relative to the site's docs folder."""
    return f"assets/faces/{set_id}/{card.id}.svg"


def captions(card: KidCard, lang: str) -> Captions:
    return Captions(lx.term("public_action", lang), lx.term("private_action", lang),
                    lx.ui(card.source.value, lang))


def badge(card: KidCard, lang: str) -> str:
    source = card.source.value
    note = f" {card.note}" if card.note else ""
    return (f'<span class="fl-badge fl-badge-{source}" data-source="{source}">'
            f"{lx.ui(source, lang)}</span>{note}")


def _action(name: str, action: Action | None, lang: str) -> str:
    head = lx.label_text(name, lang)
    if action is None:  # a blank box (R1.1)
        return f"{head} —\n"
    return f"{head}\n\n{md.code(to_text(action))}\n{lx.sentence(action, lang)}\n"


def kid_section(set_id: str, card: KidCard, lang: str) -> str:
    name = card.name_in(lang)
    title = name if name == card.name else f"{name} ({card.name})"
    suits = " ".join(
        md.icon(f"{ASSETS}/icons/{SUITS[s].name}.svg", s.value, lx.suit_name(s, lang))
        + f" {lx.suit_name(s, lang)}" for s in card.suits)
    marks = [suits]
    if card.best_friend:
        marks.append(md.icon(f"{ASSETS}/icons/{STAR.name}.svg", "best_friend",
                             lx.term("best_friend", lang)) + f" {lx.term('best_friend', lang)}")
    marks.append(badge(card, lang))
    return "\n".join([
        md.heading(3, title, card.id),
        f'<div class="fl-card" data-card="{card.id}" markdown>',
        f"![{name}]({ASSETS}/faces/{set_id}/{card.id}.svg){{ .fl-face }}\n",
        '<div class="fl-card-text" markdown>',
        " · ".join(marks) + "\n",
        _action(lx.term("public_action", lang), card.public, lang),
        _action(lx.term("private_action", lang), card.private, lang),
        f"{lx.label('copies', lang)} {lx.count(card.copies, 'card', lang)}\n",
        "</div>\n</div>\n",
    ])


def _param(value: object) -> str:
    """A perk parameter as the card file writes it: ``park``, ``park_deck``; ``false``; ``2``."""
    if isinstance(value, list | tuple):
        return ", ".join(_param(v) for v in value)
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


def perk_section(perk: Perk, lang: str) -> str:
    if perk.action is not None:  # a perk in the language: its moment and its action
        rows = [("`when`", f"`{perk.when}`"),
                ("`action`", md.inline(to_text(perk.action)))]
    else:
        rows = [(lx.ui("hook", lang), f"`{perk.hook.value}`")]
    rows += [(f"`{k}`", _param(v)) for k, v in perk.params.items()]
    if perk.single_use:
        rows.append((lx.ui("single_use", lang), lx.ui("yes", lang)))
    return "\n".join([md.heading(3, perk.names.get(lang, perk.name), f"perk-{perk.id}"),
                      lx.perk_text(perk, lang) + "\n",
                      md.table([lx.ui("parameters", lang), lx.ui("value", lang)], rows)])


def board_section(board: Board, lang: str) -> str:
    rows = []
    for level, points in enumerate(board.points):
        cost = " + ".join(lx.resource(r, lang) for r in board.costs[level - 1]) if level else ""
        rows.append((level, cost, points))
    out = [md.heading(2, lx.ui("board", lang), "board"),
           md.table([lx.ui(k, lang) for k in ("level", "cost", "points")], rows)]
    if board.provisional:
        out.append(f'<span class="fl-badge fl-badge-provisional">{lx.ui("provisional", lang)}'
                   f"</span> {board.note}\n")
    return "\n".join(out)


def glossary_page(card_set: CardSet, lang: str) -> str:
    kids, friends = card_set.park_kids, card_set.best_friends
    out = [md.heading(1, f"{card_set.manifest.name} — {lx.ui('glossary', lang)}"),
           f"{lx.label('kids', lang)} {len(kids)} "
           f"({lx.count(sum(k.copies for k in kids), 'card', lang)}) · "
           f"{lx.count(len(friends), 'best_friend', lang)}\n",
           md.heading(2, lx.cap(lx.ui("kids", lang)), "kids")]
    out += [kid_section(card_set.id, k, lang) for k in kids]
    if friends:
        out.append(md.heading(2, lx.cap(lx.ui("best_friends", lang)), "best-friends"))
        out += [kid_section(card_set.id, k, lang) for k in friends]
    if card_set.rules:
        out.append(md.heading(2, lx.ui("rules", lang), "made-up-rules"))
        for rule in card_set.rules:
            out += [md.heading(3, rule.names.get(lang, rule.name), f"rule-{rule.id}"),
                    md.code(to_text(rule.score), md.SCORING_LEXER),
                    lx.rule_text(rule, lang) + "\n"]
    if card_set.perks:
        out.append(md.heading(2, lx.ui("perks", lang), "perks"))
        out += [perk_section(p, lang) for p in card_set.perks]
    if card_set.board is not None:
        out.append(board_section(card_set.board, lang))
    return "\n".join(out)
