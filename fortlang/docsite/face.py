"""The SVG face of a kid card (R1.1): name, suit icons, the public (top) and private (bottom)
boxes drawn as icons with their canonical text, the best-friend star (R1.2), the provenance.

A face is laid out once as shapes plus text runs (:class:`Face`); ``to_svg`` writes both, and the
print-and-play sheet draws the shapes through fpdf2's SVG converter and the text with PDF fonts,
so the two can never disagree about where things are. Units: tenths of a millimetre on a
63 x 88 mm card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fortlang import registry as reg
from fortlang.docsite import safe
from fortlang.docsite.icons import ACTIONS, RESOURCES, STAR, SUITS, tint
from fortlang.docsite.strip import Glyph, glyphs
from fortlang.model import Board, KidCard, MadeUpRule, Perk
from fortlang.nodes import Action
from fortlang.printer import to_text

WIDTH, HEIGHT = 630, 880
MARGIN = 30
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_CHAR = 0.58  # average glyph width as a fraction of the font size, for wrapping
CAPTION = 30  # a box's caption ("public action"): 14 px on a 300 px wide face
DSL, DSL_MIN = 34, 26  # a box's canonical text, shrunk to this before it wraps
_DSL_CHAR = 0.52  # DejaVu Sans over lower-case DSL text (measured: 0.50 em a character)


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    size: float
    text: str
    anchor: str = "start"  # or "middle"
    bold: bool = False
    colour: str = "#212529"

    def svg(self) -> str:
        weight = ' font-weight="bold"' if self.bold else ""
        return (f'<text x="{self.x:g}" y="{self.y:g}" font-size="{self.size:g}" '
                f'text-anchor="{self.anchor}" fill="{self.colour}"{weight}>'
                f"{safe.xml(self.text)}</text>")


@dataclass(frozen=True)
class Face:
    card_id: str
    shapes: tuple[str, ...]
    texts: tuple[Text, ...]

    def to_svg(self, with_text: bool = True, title: str = "") -> str:
        body = "".join(self.shapes)
        if with_text:
            body += f'<g font-family="{FONT}">' + "".join(t.svg() for t in self.texts) + "</g>"
        head = f"<title>{safe.xml(title)}</title>" if title else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" '
                f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
                f'data-card="{safe.xml(self.card_id)}">{head}{body}</svg>\n')


@dataclass(frozen=True)
class Captions:
    """The few words a face prints, in the language of the page that shows it."""

    public: str = "public"
    private: str = "private"
    source: str = ""  # e.g. "provisional"


def wrap(text: str, size: float, width: float, max_lines: int = 3,
         char: float = _CHAR) -> list[str]:
    """Greedy word wrap by estimated width; the last line ends with an ellipsis if cut. Words
    are split at plain spaces only: a no-break space keeps two words on one line."""
    per_line = max(4, int(width / (size * char)))
    lines: list[str] = []
    for word in filter(None, text.replace("\n", " ").split(" ")):
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][: per_line - 1] + "…"
    return lines


def _glyph_width(g: Glyph, size: float) -> float:
    return size if g.icon is not None else len(g.text) * size * 0.62 + size * 0.1


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


def _strip(row: tuple[Glyph, ...], width: float) -> tuple[list[tuple[Glyph, float, float, float]],
                                                             float]:
    """Place the glyphs in centred lines from y = 0: one line, shrinking the icons down to
    ``STRIP_ONE_LINE``; else two lines broken where the longer one is shortest (never inside
    ``x QUANTITY``); returns (glyph, x, y, size) placements and the height used."""
    unit = [_glyph_width(g, 1.0) for g in row]
    lines: list[tuple[Glyph, ...]] = [row]
    size = min(STRIP_MAX, width / max(sum(unit), 1e-9))
    if size < STRIP_ONE_LINE and len(row) > 1:
        cut = min(_cuts(row), key=lambda i: max(sum(unit[:i]), sum(unit[i:])))
        lines = [row[:cut], row[cut:]]
        size = min(STRIP_MAX, width / max(sum(unit[:cut]), sum(unit[cut:])))
    size = max(STRIP_MIN, size)
    placed: list[tuple[Glyph, float, float, float]] = []
    y = 0.0
    for line in lines:
        x = (width - sum(_glyph_width(g, size) for g in line)) / 2
        for g in line:
            placed.append((g, x, y, size))
            x += _glyph_width(g, size)
        y += size * 1.1
    return placed, y


def _box(action: Action | None, top: float, bottom: float, caption: str, public: bool,
         colour: str, shapes: list[str], texts: list[Text]) -> None:
    x, w = MARGIN, WIDTH - 2 * MARGIN
    fill, dash = ("#ffffff", "") if public else ("#f1f3f5", ' stroke-dasharray="14 8"')
    shapes.append(f'<rect x="{x}" y="{top}" width="{w}" height="{bottom - top}" rx="18" '
                  f'fill="{fill}" stroke="{colour}" stroke-width="5"{dash}/>')
    texts.append(Text(x + 18, top + 38, CAPTION, caption, colour="#495057"))
    if action is None:  # R1.1: a blank box
        return
    placed, strip_h = _strip(glyphs(action), w - 24)
    # the canonical text: one line if a slightly smaller size fits it, else wrapped, a
    # quantity kept with its `x` and what it counts (no-break spaces): no lone `x water_gun`
    dsl = to_text(action).replace(" x ", "\u00a0x\u00a0")
    font = max(DSL_MIN, min(DSL, (w - 30) / (len(dsl) * _DSL_CHAR)))
    lines = [line.replace("\u00a0", " ") for line in wrap(dsl, font, w - 30, char=_DSL_CHAR)]
    step = font * 1.2
    inner_top = top + 48
    y0 = inner_top + max(0.0, (bottom - 8 - inner_top - strip_h - step * len(lines)) / 2)
    for g, gx, gy, size in placed:
        if g.icon is not None:
            shapes.append(g.icon.group(x + 12 + gx, y0 + gy, size))
        else:
            texts.append(Text(x + 12 + gx + _glyph_width(g, size) / 2, y0 + gy + size * 0.78,
                              size * 0.9, g.text, "middle", bold=True))
    y = y0 + strip_h
    for line in lines:
        y += step
        texts.append(Text(WIDTH / 2, y, font, line, "middle", colour="#343a40"))


def strip_svg(action: Action, size: float = 40) -> str:
    """An action's icon row alone, on one line (the language reference shows it)."""
    row = glyphs(action)
    parts, x = [], 0.0
    for g in row:
        if g.icon is not None:
            parts.append(g.icon.group(x, 0, size))
        else:
            parts.append(Text(x + _glyph_width(g, size) / 2, size * 0.78, size * 0.9, g.text,
                              "middle", bold=True).svg())
        x += _glyph_width(g, size)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{x:g}" height="{size:g}" '
            f'viewBox="0 0 {x:g} {size:g}" font-family="{FONT}" role="img">'
            f"<title>{safe.xml(to_text(action))}</title>{''.join(parts)}</svg>")


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
    size = min(54.0, (right - left) / max(1, len(name) * _CHAR * 1.12))  # bold is wider
    texts.append(Text((left + right) / 2, MARGIN + 6 + icon / 2 + size * 0.35, size, name,
                      "middle", bold=True))
    _box(card.public, 150, 480, captions.public, True, colour, shapes, texts)
    _box(card.private, 500, 810, captions.private, False, colour, shapes, texts)
    if captions.source:
        texts.append(Text(WIDTH - MARGIN - 6, HEIGHT - 30, CAPTION, captions.source, "end",
                          colour="#495057"))
    return Face(card.id, tuple(shapes), tuple(texts))


def _text_card(card_id: str, colour: str, kind: str, title: str,
               blocks: Sequence[tuple[str, float, str]], footer: str = "") -> Face:
    """A card of words (perk, made-up rule, board): a coloured band with the kind and the
    title, then ``blocks`` of (text, font size, colour) wrapped to the card's width."""
    shapes = [f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="36" '
              f'fill="{tint(colour, 0.9)}" stroke="{colour}" stroke-width="8"/>',
              f'<rect x="4" y="4" width="{WIDTH - 8}" height="190" rx="36" fill="{colour}"/>',
              f'<rect x="4" y="150" width="{WIDTH - 8}" height="44" fill="{colour}"/>']
    texts = [Text(WIDTH / 2, 64, 30, safe.visible(kind), "middle", colour="#ffffff")]
    title = safe.visible(title)
    size = min(54.0, (WIDTH - 2 * MARGIN) / max(1, len(title) * _CHAR * 1.12))
    if size >= 34:
        texts.append(Text(WIDTH / 2, 140, size, title, "middle", bold=True, colour="#ffffff"))
    else:  # a long name: two lines rather than tiny letters
        for i, line in enumerate(wrap(title, 40, WIDTH - 2 * MARGIN, 2)):
            texts.append(Text(WIDTH / 2, 118 + i * 46, 40, line, "middle", bold=True,
                              colour="#ffffff"))
    # the blocks wrapped first, then centred in the body of the card
    body_top, body_bottom = 230.0, HEIGHT - 70.0
    laid: list[tuple[str, float, str, float]] = []  # (line, size, colour, height)
    used = 0.0
    for text, size, tone in blocks:
        room = int((body_bottom - body_top - used) / (size * 1.3))
        for line in wrap(safe.visible(text), size, WIDTH - 2 * MARGIN - 20, max(1, room)):
            laid.append((line, size, tone, size * 1.3))
            used += size * 1.3
        laid.append(("", size, tone, size * 0.6))
        used += size * 0.6
    y = body_top + max(0.0, (body_bottom - body_top - used) / 2)
    for line, size, tone, height in laid:
        y += height
        if line:
            texts.append(Text(WIDTH / 2, y - size * 0.3, size, line, "middle", colour=tone))
    if footer:
        texts.append(Text(WIDTH - MARGIN - 6, HEIGHT - 30, CAPTION, safe.visible(footer), "end",
                          colour="#495057"))
    return Face(card_id, tuple(shapes), tuple(texts))


def perk_face(perk: Perk, lang: str, kind: str, text: str) -> Face:
    """A perk (R15): its name and what it does, in ``lang``."""
    return _text_card(perk.id, "#5f3dc4", kind, perk.names.get(lang, perk.name),
                      [(text, 32, "#212529")])


def rule_face(rule: MadeUpRule, lang: str, kind: str, text: str) -> Face:
    """A made-up rule (R14): its name, its scoring in the sub-language, what it scores."""
    return _text_card(rule.id, "#0b7285", kind, rule.names.get(lang, rule.name),
                      [(to_text(rule.score), 28, "#0b7285"), (text, 32, "#212529")])


def board_face(board: Board, title: str, footer: str = "") -> Face:
    """The fort track (R10): a row per level with its number, what reaching it costs as
    resource icons (R10.1), and what it is worth at the end (R10.4) beside a trophy."""
    face = _text_card("board", "#8d5a2b", "", title, [], footer)
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
            shapes.append(RESOURCES[reg.RESOURCE_WORD[resource]].group(
                MARGIN + 110 + i * (icon + 10), mid - icon / 2, icon))
        shapes.append(ACTIONS["score"].group(WIDTH - MARGIN - 175, mid - icon / 2, icon))
        texts.append(Text(WIDTH - MARGIN - 30, mid + 17, 48, str(points), "end", bold=True))
    return Face("board", tuple(shapes), tuple(texts))


def back_face(set_name: str) -> Face:
    """The back of every card of a set: a pattern of suit icons, the game's and set's names."""
    shapes = [f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="36" '
              'fill="#343a40" stroke="#212529" stroke-width="8"/>']
    icons = list(SUITS.values())
    for row in range(7):
        for col in range(5):
            icon = icons[(row * 5 + col) % len(icons)]
            shapes.append(icon.group(50 + col * 112 + (row % 2) * 56 - 28, 60 + row * 112, 56))
    shapes.append(f'<rect x="90" y="330" width="{WIDTH - 180}" height="220" rx="30" '
                  'fill="#f8f9fa" stroke="#e8a400" stroke-width="8"/>')
    name = safe.visible(set_name)
    texts = [Text(WIDTH / 2, 440, 96, "FORT", "middle", bold=True, colour="#212529")]
    for i, line in enumerate(wrap(name, 30, WIDTH - 220, 2)):
        texts.append(Text(WIDTH / 2, 490 + i * 36, 30, line, "middle", colour="#495057"))
    return Face("back", tuple(shapes), tuple(texts))
