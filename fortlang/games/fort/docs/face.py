"""Fort's card faces (R1.1, R10, R14, R15): a kid card's name, suit icons, the public (top) and
private (bottom) boxes drawn as icons with what the action does as a sentence in the page's
language (the one ``fortlang explain --lang`` prints) and, in small grey letters below it, the
card's DSL text for designers; the best-friend star (R1.2), the provenance; a made-up rule, a perk
and the fort track. Laid out on the core's :class:`~fortlang.docsite.face.Face` (shapes plus text
runs), so the site and the print-and-play sheet draw the same card.
"""

from __future__ import annotations

from fortlang import registry as reg
from fortlang.docsite import safe
from fortlang.docsite.face import (
    CAPTION,
    HEIGHT,
    MARGIN,
    WIDTH,
    Captions,
    Face,
    Text,
    _glyph_width,
    text_card,
    wrap,
)
from fortlang.docsite.faces import Printed
from fortlang.docsite.icons import RESOURCES, action_icons, tint
from fortlang.docsite.metrics import text_width
from fortlang.docsite.strip import Glyph, glyphs
from fortlang.games.fort.docs import DOCS
from fortlang.games.fort.docs.icons import STAR, SUITS
from fortlang.games.fort.docs.paths import board_path, kid_path, perk_path, rule_path
from fortlang.games.fort.model import (
    Board,
    KidCard,
    MadeUpRule,
    Perk,
    board_of,
    kids_of,
    perks_of,
    rules_of,
)
from fortlang.games.fort.phrasebook import perk_text, rule_text
from fortlang.model import CardSet, Source
from fortlang.nodes import Action
from fortlang.phrasebook import sentence
from fortlang.printer import to_text

#: A box's sentence: the largest size first, shrunk step by step until the box holds it.
SAY_SIZES = (34.0, 32.0, 30.0, 28.0, 26.0, 24.0, 22.0)
DSL = 22.0  # the DSL line under the sentence: small, grey, dropped first when room is short
LEADING = 1.2  # line height as a multiple of the font size
PAD = 15.0  # the text's inset from each side of its box
#: Where the boxes are (top, bottom) on the card; both span the card's width inside MARGIN.
PUBLIC_BOX, PRIVATE_BOX = (150.0, 480.0), (500.0, 810.0)



#: The largest and smallest icon sizes of a box's strip (face units), and the one below which
#: a strip goes on two lines rather than shrink further.
STRIP_MAX, STRIP_MIN, STRIP_ONE_LINE = 72.0, 34.0, 46.0


def _cuts(row: tuple[Glyph, ...]) -> list[int]:
    """Where a line may end (before ``row[i]``): beside a ``then`` or ``or`` (R13.4) if there
    is one; never inside ``x QUANTITY`` (R13.3) or next to a parenthesis, so a quantity stays
    with what it counts and an action with its amount and resource."""
    names = [g.icon.name if g.icon is not None else "" for g in row]
    joints = [i for i in range(1, len(row)) if {names[i - 1], names[i]} & {"then", "or"}]
    if joints:
        return joints
    return [i for i in range(1, len(row))
            if not {names[i - 1], names[i]} & {"times", "lpar", "rpar"}] or [len(row) // 2]


def _strip(row: tuple[Glyph, ...], width: float, height: float = 1e9
           ) -> tuple[list[tuple[Glyph, float, float, float]], float]:
    """Place the glyphs in centred lines from y = 0: one line, shrinking the icons down to
    ``STRIP_ONE_LINE``; else two lines broken where the longer one is shortest (never inside
    ``x QUANTITY``); else, for an action longer than any printed card's, as many lines as it
    takes, the icons shrunk below ``STRIP_MIN`` if that is what keeps them within ``height``.
    Returns (glyph, x, y, size) placements and the height used."""
    unit = [_glyph_width(g, 1.0) for g in row]
    lines: list[tuple[Glyph, ...]] = [row]
    size = min(STRIP_MAX, width / max(sum(unit), 1e-9))
    if size < STRIP_ONE_LINE and len(row) > 1:
        cut = min(_cuts(row), key=lambda i: max(sum(unit[:i]), sum(unit[i:])))
        lines = [row[:cut], row[cut:]]
        size = min(STRIP_MAX, width / max(sum(unit[:cut]), sum(unit[cut:])))
    if size < STRIP_MIN:
        size = STRIP_MIN
        while True:
            lines = _greedy(row, unit, width / size)
            if len(lines) * size * 1.1 <= height or size < 8:
                break
            size *= 0.9
    placed: list[tuple[Glyph, float, float, float]] = []
    y = 0.0
    for line in lines:
        x = (width - sum(_glyph_width(g, size) for g in line)) / 2
        for g in line:
            placed.append((g, x, y, size))
            x += _glyph_width(g, size)
        y += size * 1.1
    return placed, y


def _greedy(row: tuple[Glyph, ...], unit: list[float], room: float) -> list[tuple[Glyph, ...]]:
    """``row`` in lines no wider than ``room`` (in icon sizes), each ended at a place
    :func:`_cuts` allows where one does, else wherever the line is full."""
    lines: list[tuple[Glyph, ...]] = []
    start = 0
    while start < len(row):
        end, used = start, 0.0
        while end < len(row) and (end == start or used + unit[end] <= room):
            used += unit[end]
            end += 1
        if end < len(row):
            allowed = [start + i for i in _cuts(row[start:end + 1]) if start + i <= end]
            end = max(allowed, default=end)
        lines.append(row[start:end])
        start = end
    return lines


def _lay_text(say: str, dsl: str, room: float, width: float
              ) -> tuple[list[tuple[str, float, str]], float]:
    """The lines of a box under its icons: (text, size, colour) and the height they take. The
    sentence at the largest size that lets it and the DSL line fit in ``room``; without the DSL
    line if even the smallest size leaves none for it; cut with an ellipsis only if the sentence
    alone cannot fit (an action far longer than any printed card's)."""
    dsl_lines = wrap(dsl, DSL, width, max_lines=2)
    dsl_h = (len(dsl_lines) + 0.4) * DSL * LEADING  # a little air between sentence and DSL
    for with_dsl in (True, False):
        for size in SAY_SIZES:
            lines = wrap(say, size, width, max_lines=99)
            height = len(lines) * size * LEADING + (dsl_h if with_dsl else 0.0)
            if height <= room:
                laid = [(line, size, "#212529") for line in lines]
                if with_dsl:
                    laid.append(("", DSL * 0.4, ""))
                    laid += [(line.replace("\u00a0", " "), DSL, "#868e96") for line in dsl_lines]
                return laid, height
    size = SAY_SIZES[-1]
    lines = wrap(say, size, width, max_lines=max(1, int(room / (size * LEADING))))
    return [(line, size, "#212529") for line in lines], len(lines) * size * LEADING


def _box(action: Action | None, top: float, bottom: float, caption: str, public: bool,
         colour: str, lang: str, shapes: list[str], texts: list[Text]) -> None:
    x, w = MARGIN, WIDTH - 2 * MARGIN
    fill, dash = ("#ffffff", "") if public else ("#f1f3f5", ' stroke-dasharray="14 8"')
    shapes.append(f'<rect x="{x}" y="{top}" width="{w}" height="{bottom - top}" rx="18" '
                  f'fill="{fill}" stroke="{colour}" stroke-width="5"{dash}/>')
    texts.append(Text(x + 18, top + 38, CAPTION, caption, colour="#495057"))
    if action is None:  # R1.1: a blank box
        return
    inner_top, inner_bottom = top + 48, bottom - 14  # below the caption, above the frame
    # the icons may take all but two lines of sentence: they are the card's picture
    placed, strip_h = _strip(glyphs(action, lang, DOCS), w - 24,  # DOCS: Fort's suits
                             inner_bottom - inner_top - 2 * SAY_SIZES[-1] * LEADING)
    # what the action does, in the page's language (as `explain --lang` says it); below it the
    # canonical text, a quantity kept with its `x` and what it counts (no-break spaces)
    say = safe.visible(sentence(action, lang))
    dsl = safe.visible(to_text(action)).replace(" x ", "\u00a0x\u00a0")
    laid, text_h = _lay_text(say, dsl, inner_bottom - inner_top - strip_h, w - 2 * PAD)
    y0 = inner_top + max(0.0, (inner_bottom - inner_top - strip_h - text_h) / 2)
    for g, gx, gy, size in placed:
        if g.icon is not None:
            shapes.append(g.icon.group(x + 12 + gx, y0 + gy, size))
        else:
            texts.append(Text(x + 12 + gx + _glyph_width(g, size) / 2, y0 + gy + size * 0.78,
                              size * 0.9, g.text, "middle", bold=True))
    y = y0 + strip_h
    for line, size, tone in laid:
        if not line:  # the gap before the DSL line
            y += size
            continue
        y += size * LEADING
        texts.append(Text(WIDTH / 2, y - size * 0.2, size, line, "middle", colour=tone))


def card_face(card: KidCard, lang: str = "en", captions: Captions | None = None) -> Face:
    captions = captions or Captions()
    colour = SUITS[card.suits[0]].colour
    shapes: list[str] = [
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="36" '
        f'fill="{tint(colour)}" stroke="{colour}" stroke-width="8"/>'
    ]
    texts: list[Text] = []
    # Header: suit icons on the left, the star on the right, the name between them.
    icon = 84
    for i, suit in enumerate(card.suits):
        shapes.append(SUITS[suit].group(MARGIN + i * (icon + 8), MARGIN + 6, icon))
    left = MARGIN + len(card.suits) * (icon + 8) + 6
    right = WIDTH - MARGIN - (icon + 6 if card.best_friend else 0)
    if card.best_friend:
        shapes.append(STAR.group(WIDTH - MARGIN - icon, MARGIN + 6, icon))
    name = safe.visible(card.name_in(lang))  # drawn as text in the SVG and in the PDF
    size = min(54.0, (right - left) / max(1.0, text_width(name, 1.0, bold=True)))
    texts.append(Text((left + right) / 2, MARGIN + 6 + icon / 2 + size * 0.35, size, name,
                      "middle", bold=True))
    _box(card.public, *PUBLIC_BOX, captions.public, True, colour, lang, shapes, texts)
    _box(card.private, *PRIVATE_BOX, captions.private, False, colour, lang, shapes, texts)
    if captions.source:
        texts.append(Text(WIDTH - MARGIN - 6, HEIGHT - 30, CAPTION, captions.source, "end",
                          colour="#495057"))
    return Face(card.id, tuple(shapes), tuple(texts))


def perk_face(perk: Perk, lang: str, kind: str, text: str) -> Face:
    """A perk (R15): its name and what it does, in ``lang``."""
    return text_card(perk.id, "#5f3dc4", kind, perk.names.get(lang, perk.name),
                      [(text, 32, "#212529")])


def rule_face(rule: MadeUpRule, lang: str, kind: str, text: str) -> Face:
    """A made-up rule (R14): its name, its scoring in the sub-language, what it scores."""
    return text_card(rule.id, "#0b7285", kind, rule.names.get(lang, rule.name),
                      [(to_text(rule.score), 28, "#0b7285"), (text, 32, "#212529")])


def board_face(board: Board, title: str, footer: str = "") -> Face:
    """The fort track (R10): a row per level with its number, what reaching it costs as
    resource icons (R10.1), and what it is worth at the end (R10.4) beside a trophy."""
    face = text_card("board", "#8d5a2b", "", title, [], footer)
    shapes, texts = list(face.shapes), list(face.texts)
    row_h = min(96.0, (HEIGHT - 280) / max(1, len(board.points)))
    for level, points in enumerate(board.points):
        top = 230 + level * row_h
        shapes.append(f'<rect x="{MARGIN + 10}" y="{top:g}" width="{WIDTH - 2 * MARGIN - 20}" '
                      f'height="{row_h - 12:g}" rx="14" fill="#ffffff" stroke="#8d5a2b" '
                      'stroke-width="3"/>')
        mid = top + (row_h - 12) / 2
        texts.append(Text(MARGIN + 52, mid + 17, 48, str(level), "middle", bold=True))
        icon = min(60.0, row_h - 30)
        for i, resource in enumerate(board.costs[level - 1] if level else ()):
            shapes.append(RESOURCES[reg.default_vocabulary().resource_word[resource]].group(
                MARGIN + 110 + i * (icon + 10), mid - icon / 2, icon))
        shapes.append(action_icons()["score"].group(WIDTH - MARGIN - 175, mid - icon / 2, icon))
        texts.append(Text(WIDTH - MARGIN - 30, mid + 17, 48, str(points), "end", bold=True))
    return Face("board", tuple(shapes), tuple(texts))


def captions(card: KidCard, lang: str) -> Captions:
    """The face's captions; a card of the set's own design carries no provenance stamp, as a
    printed card would not (issue 36)."""
    from fortlang.docsite import lexicon as lx

    stamp = "" if card.source is Source.ORIGINAL else lx.ui(card.source.value, lang)
    return Captions(lx.term("public_action", lang), lx.term("private_action", lang), stamp)


def every_face(card_set: CardSet, lang: str) -> list[Printed]:
    """Fort's ``GameDocs.faces``: a set's faces in print order, kids (R1.1), made-up rules
    (R14), perks (R15), the board (R10); the site adds the card back."""
    from fortlang.docsite import lexicon as lx

    out = [Printed(kid_path(card_set.id, k), face(k, lang), k.name_in(lang), "kid", k)
           for k in kids_of(card_set)]
    out += [Printed(rule_path(card_set.id, r), face(r, lang), r.names.get(lang, r.name), "rule")
            for r in rules_of(card_set)]
    out += [Printed(perk_path(card_set.id, p), face(p, lang), p.names.get(lang, p.name), "perk")
            for p in perks_of(card_set)]
    board = board_of(card_set)
    if board is not None:
        out.append(Printed(board_path(card_set.id), face(board, lang), lx.ui("board", lang),
                           "board"))
    return out


def face(card: KidCard | MadeUpRule | Perk | Board, lang: str) -> Face:
    """Fort's ``GameModule.face``: a kid (R1.1), a made-up rule (R14), a perk (R15) or the
    board (R10) as the site and the print-and-play sheet show it in ``lang``."""
    from fortlang.docsite import lexicon as lx

    if isinstance(card, KidCard):
        return card_face(card, lang, captions(card, lang))
    if isinstance(card, MadeUpRule):
        return rule_face(card, lang, lx.ui("made_up_rule", lang), rule_text(card, lang))
    if isinstance(card, Perk):
        text = perk_text(card, lang) + (f" {lx.ui('single_use', lang)}" if card.single_use
                                           else "")
        return perk_face(card, lang, lx.ui("perk", lang), text)
    return board_face(card, lx.ui("board", lang), lx.ui("provisional", lang)
                      if card.provisional else "")
