"""A card's SVG face, of any game: Fort's (fortlang.games.fort.docs.face, reached through its
module's ``face``) and the generic face of a module's card (:mod:`fortlang.docsite.gameface`)
are drawn on it.

A face is laid out once as shapes plus text runs (:class:`Face`); ``to_svg`` writes both, and the
print-and-play sheet draws the shapes through fpdf2's SVG converter and the text with PDF fonts,
so the two can never disagree about where things are. Text is wrapped by its measured width
(:mod:`fortlang.docsite.metrics`), so a long French or Russian sentence wraps inside its box.
Units: tenths of a millimetre on a 63 x 88 mm card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fortlang.docsite import safe
from fortlang.docsite.gamedocs import NONE, GameDocs
from fortlang.docsite.icons import Icon, tint
from fortlang.docsite.metrics import em_width, text_width
from fortlang.docsite.strip import Glyph, glyphs
from fortlang.nodes import Action
from fortlang.printer import to_text

WIDTH, HEIGHT = 630, 880
MARGIN = 30
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
CAPTION = 30  # a box's caption ("public action"): 14 px on a 300 px wide face


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
         bold: bool = False) -> list[str]:
    """Greedy word wrap by measured width (DejaVu Sans); the last line ends with an ellipsis
    if cut. Words are split at plain spaces only: a no-break space keeps two words on one line.
    A word wider than the line on its own is cut between characters."""
    room = width / size  # in ems: each word is measured once, at size 1
    space = em_width(" ", bold)
    lines: list[str] = []
    used = 0.0  # the width of lines[-1], in ems
    for word in filter(None, text.replace("\n", " ").split(" ")):
        wide = em_width(word, bold)
        if lines and used + space + wide <= room:
            lines[-1] += " " + word
            used += space + wide
            continue
        while wide > room and len(word) > 1:  # no room for it on any line: cut it
            cut = 1
            while cut < len(word) and em_width(word[:cut + 1], bold) <= room:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
            wide = em_width(word, bold)
        lines.append(word)
        used = wide

    def fits(line: str) -> bool:
        return text_width(line, size, bold) <= width

    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and not fits(last + "…"):
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return lines


def _glyph_width(g: Glyph, size: float) -> float:
    return size if g.icon is not None else len(g.text) * size * 0.62 + size * 0.1



def strip_svg(action: Action, size: float = 40, docs: GameDocs = NONE) -> str:
    """An action's icon row alone, on one line (the language reference shows it); ``docs``:
    the pictures of the game whose action it is (:func:`fortlang.docsite.strip.glyphs`)."""
    row = glyphs(action, docs=docs)
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


def text_card(card_id: str, colour: str, kind: str, title: str,
              blocks: Sequence[tuple[str, float, str]], footer: str = "") -> Face:
    """A card of words (perk, made-up rule, board): a coloured band with the kind and the
    title, then ``blocks`` of (text, font size, colour) wrapped to the card's width."""
    shapes = [f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="36" '
              f'fill="{tint(colour, 0.9)}" stroke="{colour}" stroke-width="8"/>',
              f'<rect x="4" y="4" width="{WIDTH - 8}" height="190" rx="36" fill="{colour}"/>',
              f'<rect x="4" y="150" width="{WIDTH - 8}" height="44" fill="{colour}"/>']
    texts = [Text(WIDTH / 2, 64, 30, safe.visible(kind), "middle", colour="#ffffff")]
    title = safe.visible(title)
    size = min(54.0, (WIDTH - 2 * MARGIN) / max(1.0, text_width(title, 1.0, bold=True)))
    if size >= 34:
        texts.append(Text(WIDTH / 2, 140, size, title, "middle", bold=True, colour="#ffffff"))
    else:  # a long name: two lines rather than tiny letters
        for i, line in enumerate(wrap(title, 40, WIDTH - 2 * MARGIN, 2, bold=True)):
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


def back_face(set_name: str, game: str = "FORT", pattern: Sequence[Icon] = ()) -> Face:
    """The back of every card of a set: a pattern of the game's own icons (Fort's suits:
    ``GameModule.docs``; none for a game without), the game's and set's names (``game``: a
    module's title, in capitals as Fort's)."""
    shapes = [f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="36" '
              'fill="#343a40" stroke="#212529" stroke-width="8"/>']
    for row in range(7 if pattern else 0):
        for col in range(5):
            icon = pattern[(row * 5 + col) % len(pattern)]
            shapes.append(icon.group(50 + col * 112 + (row % 2) * 56 - 28, 60 + row * 112, 56))
    shapes.append(f'<rect x="90" y="330" width="{WIDTH - 180}" height="220" rx="30" '
                  'fill="#f8f9fa" stroke="#e8a400" stroke-width="8"/>')
    name = safe.visible(set_name)
    title = safe.visible(game.upper())
    size = min(96.0, (WIDTH - 220) / max(1.0, text_width(title, 1.0, bold=True)))
    texts = [Text(WIDTH / 2, 440, size, title, "middle", bold=True, colour="#212529")]
    for i, line in enumerate(wrap(name, 30, WIDTH - 220, 2)):
        texts.append(Text(WIDTH / 2, 490 + i * 36, 30, line, "middle", colour="#495057"))
    return Face("back", tuple(shapes), tuple(texts))
