"""Fort's card glossary of one set (its ``GameDocs.glossary``, which the docs site writes as
``glossary/<set>.md``): every kid card (R1.1) with its face, suits, both actions in canonical
DSL and as a sentence, copies, best-friend mark (R1.2) and provenance; then the made-up rules
(R14) and perks (R15) with texts generated from their expressions and data, and the board.
"""

from __future__ import annotations

from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import safe
from fortlang.games.fort.docs import paths
from fortlang.games.fort.docs.icons import STAR, SUITS
from fortlang.games.fort.model import (
    Board,
    KidCard,
    MadeUpRule,
    Perk,
    best_friends_of,
    board_of,
    kids_of,
    park_kids_of,
    perks_of,
    printed_name,
    rules_of,
)
from fortlang.games.fort.phrasebook import perk_text, rule_text, suit_name
from fortlang.model import CardSet, Source
from fortlang.nodes import Action
from fortlang.printer import to_text

ASSETS = "../assets"  # relative to a glossary page (glossary/<set>.md)


def badge(card: KidCard, lang: str) -> str:
    source = card.source.value
    note = f" {safe.markdown(card.note_in(lang))}" if card.note else ""
    return (f'<span class="fl-badge fl-badge-{source}" data-source="{source}">'
            f"{lx.ui(source, lang)}</span>{note}")


def _action(name: str, action: Action | None, lang: str) -> str:
    head = lx.label_text(name, lang)
    if action is None:  # a blank box (R1.1)
        return f"{head} —\n"
    return f"{head}\n\n{md.code(to_text(action))}\n{lx.sentence(action, lang)}\n"


def kid_section(set_id: str, card: KidCard, lang: str) -> str:
    name = safe.markdown(card.name_in(lang))
    title = name if card.name_in(lang) == card.name else f"{name} ({safe.markdown(card.name)})"
    # the suits' icons and the star: Fort's own (its GameModule.docs declares them)
    suits = " ".join(
        md.icon(f"{ASSETS}/icons/{SUITS[s].name}.svg", s.value, suit_name(s, lang))
        + f" {suit_name(s, lang)}" for s in card.suits)
    marks = [suits]
    if card.best_friend:
        marks.append(md.icon(f"{ASSETS}/icons/{STAR.name}.svg", "best_friend",
                             lx.term("best_friend", lang)) + f" {lx.term('best_friend', lang)}")
    marks.append(badge(card, lang))
    return "\n".join([
        md.heading(3, title, card.id),
        f'<div class="fl-card" data-card="{safe.markdown(card.id)}" markdown>',
        f"![{name}]({ASSETS}/{paths.kid_path(set_id, card)}){{ .fl-face }}\n",
        '<div class="fl-card-text" markdown>',
        " · ".join(marks) + "\n",
        _action(lx.term("public_action", lang), card.public, lang),
        _action(lx.term("private_action", lang), card.private, lang),
        f"{lx.label('copies', lang)} {lx.count(card.copies, 'card', lang)}\n",
        "</div>\n</div>\n",
    ])


def perk_section(set_id: str, perk: Perk, lang: str) -> str:
    """A perk as a reader needs it (R15): its face and what it does; the engine's hook and
    parameters stay in the card file."""
    name = safe.markdown(perk.names.get(lang, perk.name))
    text = perk_text(perk, lang) + (f" {lx.ui('single_use', lang)}" if perk.single_use
                                       else "")
    if perk.action is not None:  # a perk in the language: its action as the card file says it
        text += "\n\n" + md.code(to_text(perk.action), md.ACTION_LEXER)
    return "\n".join([md.heading(3, card_title(perk, lang), f"perk-{perk.id}"),
                      '<div class="fl-card" markdown>',
                      f"![{name}]({ASSETS}/{paths.perk_path(set_id, perk)}){{ .fl-face }}\n",
                      f'<div class="fl-card-text" markdown>\n{text}\n</div>\n</div>\n'])


def card_title(card: MadeUpRule | Perk, lang: str) -> str:
    """A made-up rule's or perk's name in ``lang``, escaped, with the name the rulebook of
    ``lang`` prints beside it where we correct a mistranslation (a reader holding that box
    still recognises the card): «Подражатель (в русских правилах — «Копия кота»)»."""
    name = safe.markdown(card.names.get(lang, card.name))
    printed = printed_name(card, lang)
    if not printed:
        return name
    return lx.ui("printed_name", lang).format(name=name, printed=safe.markdown(printed))


def rule_section(set_id: str, rule: MadeUpRule, lang: str) -> str:
    name = safe.markdown(rule.names.get(lang, rule.name))
    return "\n".join([md.heading(3, card_title(rule, lang), f"rule-{rule.id}"),
                      '<div class="fl-card" markdown>',
                      f"![{name}]({ASSETS}/{paths.rule_path(set_id, rule)}){{ .fl-face }}\n",
                      '<div class="fl-card-text" markdown>',
                      md.code(to_text(rule.score), md.SCORING_LEXER),
                      rule_text(rule, lang) + "\n", *_card_text(rule.text, lang),
                      "</div>\n</div>\n"])


def _card_text(text: str, lang: str) -> list[str]:
    """The text a card file gives a made-up rule, as written (R14), after the generated one."""
    return [f"{lx.ui('card_text', lang)} *{safe.markdown(text)}*\n"] if text else []


def board_section(set_id: str, board: Board, lang: str) -> str:
    rows = []
    for level, points in enumerate(board.points):
        cost = " + ".join(lx.resource(r, lang) for r in board.costs[level - 1]) if level else ""
        rows.append((level, cost, points))
    out = [md.heading(2, lx.ui("board", lang), "board"),
           f"![{lx.ui('board', lang)}]({ASSETS}/{paths.board_path(set_id)}){{ .fl-face }}\n",
           md.table([lx.ui(k, lang) for k in ("level", "cost", "points")], rows)]
    if board.provisional:
        out.append(f'<span class="fl-badge fl-badge-provisional">{lx.ui("provisional", lang)}'
                   f"</span> {safe.markdown(board.note_in(lang))}\n")
    return "\n".join(out)


def kid_counts(card_set: CardSet, lang: str) -> str:
    """Every kid card, then the park's and the best friends' shares (R1.1, R1.2): the whole
    that the provisional notice counts too."""
    kids, friends = park_kids_of(card_set), best_friends_of(card_set)
    park_cards = sum(k.copies for k in kids)
    friend_cards = sum(k.copies for k in friends)
    return lx.ui("kid_counts", lang).format(
        kids=len(kids_of(card_set)), cards=lx.count(park_cards + friend_cards, "card", lang),
        park=len(kids), park_cards=lx.count(park_cards, "card", lang),
        friends=lx.count(friend_cards, "best_friend", lang))


def names_policy(card_set: CardSet, lang: str) -> str:
    """How card names are given in each language, with this set's count of Russian names; a
    set of its own designs only is not named after a rulebook (issue 36)."""
    if kids_of(card_set) and all(k.source is Source.ORIGINAL for k in kids_of(card_set)):
        return lx.ui("names_policy_original", lang)
    return lx.ui("names_policy", lang).format(
        count=sum(1 for k in kids_of(card_set) if "ru" in k.names), total=len(kids_of(card_set)))


def provisional_notice(card_set: CardSet, lang: str) -> str:
    """How many cards are provisional and what that means (R1.1), above the glossary."""
    total = sum(k.copies for k in kids_of(card_set))
    n = sum(k.copies for k in kids_of(card_set) if k.source is Source.PROVISIONAL)
    original = sum(k.copies for k in kids_of(card_set) if k.source is Source.ORIGINAL)
    notes = []
    if original:
        text = lx.ui("original_notice", lang).format(n=original, total=total)
        notes.append(f'!!! note ""\n    {text}\n')
    if n:
        text = lx.ui("provisional_notice", lang).format(n=n, total=total)
        notes.append(f'!!! warning ""\n    <span class="fl-badge fl-badge-provisional">'
                     f'{lx.ui("provisional", lang)}</span> {text} {lx.ui("enlarge", lang)}\n')
    if not notes:
        return f'!!! note ""\n    {lx.ui("none_provisional", lang)}\n'
    return "\n".join(notes)


def glossary_page(card_set: CardSet, lang: str) -> str:
    kids, friends = park_kids_of(card_set), best_friends_of(card_set)
    out = [md.heading(1, f"{safe.markdown(card_set.manifest.name_in(lang))} — "
                         f"{lx.ui('glossary', lang)}",
                      "glossary"),
           kid_counts(card_set, lang) + "\n",
           names_policy(card_set, lang) + "\n",
           provisional_notice(card_set, lang),
           md.heading(2, lx.cap(lx.ui("kids", lang)), "kids")]
    out += [kid_section(card_set.id, k, lang) for k in kids]
    if friends:
        out.append(md.heading(2, lx.cap(lx.ui("best_friends", lang)), "best-friends"))
        out += [kid_section(card_set.id, k, lang) for k in friends]
    if rules_of(card_set):
        out.append(md.heading(2, lx.ui("rules", lang), "made-up-rules"))
        out += [rule_section(card_set.id, r, lang) for r in rules_of(card_set)]
    if perks_of(card_set):
        out.append(md.heading(2, lx.ui("perks", lang), "perks"))
        if lx.ui("perks_printed", lang):  # the rulebook's own word for them (R15)
            out.append(lx.ui("perks_printed", lang) + "\n")
        out += [perk_section(card_set.id, p, lang) for p in perks_of(card_set)]
    board = board_of(card_set)
    if board is not None:
        out.append(board_section(card_set.id, board, lang))
    return "\n".join(out)
