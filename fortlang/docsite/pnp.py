"""Print-and-play: every face of a set (Fort's kids, made-up rules, perks and board; a game
module's cards), nine per A4 page with a gap between cards and cut marks around each, then
(for two-sided printing) a page of card backs mirrored left to right, so each back lands
behind its front. A PDF (fpdf2).

The faces' shapes go through fpdf2's SVG converter; their text runs are set with a PDF font at the
positions the face layout chose (see :mod:`fortlang.docsite.face`), so the sheet matches the
glossary's images. DejaVu Sans is used when the system has it (any script); otherwise Helvetica,
with text outside Latin-1 replaced.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path

from fortlang.docsite import safe
from fortlang.docsite.face import HEIGHT, WIDTH, Face, Text
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.model import CardSet, DeckCard
from fortlang.module import GameModule
from fortlang.nodes import Span

PAGE_W, PAGE_H = 210.0, 297.0  # A4, mm
CARD_W, CARD_H = WIDTH / 10, HEIGHT / 10  # 63 x 88 mm
COLS = ROWS = 3
PER_PAGE = COLS * ROWS
GAP = 4.0  # mm between two cards: one cut per edge, no card trimmed by its neighbour's cut
GRID_W, GRID_H = COLS * CARD_W + (COLS - 1) * GAP, ROWS * CARD_H + (ROWS - 1) * GAP
LEFT = (PAGE_W - GRID_W) / 2
TOP = (PAGE_H - GRID_H) / 2
MARK = 5.0  # length of a cut mark, mm, drawn outside the grid only
_DEJAVU = (Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
           Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))


def deck(cards: Iterable[DeckCard], one_each: bool = False) -> list[DeckCard]:
    """The cards to print: every copy (a playable park deck), or one of each."""
    return [c for c in cards for _ in range(1 if one_each else max(1, c.copies))]


def slot(index: int, mirrored: bool = False) -> tuple[float, float]:
    """Top-left corner (mm) of the ``index``-th card on its page; ``mirrored``: on the back of
    the sheet, where the columns run right to left."""
    i = index % PER_PAGE
    col = COLS - 1 - i % COLS if mirrored else i % COLS
    return LEFT + col * (CARD_W + GAP), TOP + (i // COLS) * (CARD_H + GAP)


def edges() -> tuple[list[float], list[float]]:
    """The x of every card's left and right edge, the y of every top and bottom edge (mm)."""
    xs = [LEFT + c * (CARD_W + GAP) + d for c in range(COLS) for d in (0.0, CARD_W)]
    ys = [TOP + r * (CARD_H + GAP) + d for r in range(ROWS) for d in (0.0, CARD_H)]
    return xs, ys


def cut_marks() -> list[tuple[float, float, float, float]]:
    """Line segments (x1, y1, x2, y2) in the page margins, in line with every card edge."""
    marks = []
    xs, ys = edges()
    for x in xs:
        marks += [(x, TOP - MARK - 1, x, TOP - 1),
                  (x, TOP + GRID_H + 1, x, TOP + GRID_H + MARK + 1)]
    for y in ys:
        marks += [(LEFT - MARK - 1, y, LEFT - 1, y),
                  (LEFT + GRID_W + 1, y, LEFT + GRID_W + MARK + 1, y)]
    return marks


def render(faces: Sequence[Face], title: str = "fortlang print-and-play",
           cards: Sequence[DeckCard | None] = (), back: Face | None = None) -> bytes:
    """The PDF bytes: ``faces`` in reading order, nine per page, cut marks on every page; with
    ``back``, each page of fronts is followed by a page of backs, mirrored for duplex printing.
    ``cards`` (the faces' cards) let an error point at the card file."""
    try:  # the docs extra; imported here so the rest of fortlang needs none
        from fpdf import FPDF
    except ImportError:
        raise FortError(Diagnostic(ERROR, "E602", "fpdf2 is not installed",
                                   hint="pip install 'fortlang[docs]'")) from None

    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_title(title)
    pdf.set_creator("fortlang docs pnp")
    family = _fonts(pdf)
    for start in range(0, max(1, len(faces)), PER_PAGE):
        page = faces[start:start + PER_PAGE]
        pdf.add_page()
        _draw_marks(pdf)
        for i, face in enumerate(page):
            _draw_face(pdf, family, face, *slot(i), cards[start + i] if cards else None)
        if back is not None and page:
            pdf.add_page()
            _draw_marks(pdf)
            for i in range(len(page)):
                _draw_face(pdf, family, back, *slot(i, mirrored=True), None)
    return bytes(pdf.output())


def _draw_face(pdf, family: str, face: Face, x: float, y: float, card: DeckCard | None) -> None:
    try:
        pdf.image(io.BytesIO(face.to_svg(with_text=False).encode()), x=x, y=y, w=CARD_W,
                  h=CARD_H)
        for text in face.texts:
            _draw_text(pdf, family, x, y, text)
    except (Exception, RecursionError) as e:  # fpdf2 refuses what it cannot lay out
        raise _undrawable(face, card, e) from None


def _undrawable(face: Face, card: DeckCard | None, error: BaseException) -> FortError:
    origin = card.origin if card is not None else None
    reason = str(error) or type(error).__name__
    span = Span(origin.line, origin.column, origin.line, origin.column + 1) if origin else None
    return FortError(Diagnostic(
        ERROR, "E806", f"the face of `{face.card_id}` cannot be printed: {reason}", span,
        origin.file if origin else "<print-and-play>",
        hint="shorten the card's name or actions; `fortlang docs build` still shows it"))


def _fonts(pdf) -> str:
    if all(p.is_file() for p in _DEJAVU):
        pdf.add_font("dejavu", "", str(_DEJAVU[0]))
        pdf.add_font("dejavu", "B", str(_DEJAVU[1]))
        return "dejavu"
    return "helvetica"


def _draw_marks(pdf) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    for x1, y1, x2, y2 in cut_marks():
        pdf.line(x1, y1, x2, y2)


def _draw_text(pdf, family: str, x0: float, y0: float, text: Text) -> None:
    content = text.text
    if family == "helvetica":
        content = content.replace("…", "...").encode("latin-1", "replace").decode("latin-1")
    pdf.set_font(family, "B" if text.bold else "", size=text.size / 10 * 72 / 25.4)
    pdf.set_text_color(*(int(text.colour[i:i + 2], 16) for i in (1, 3, 5)))
    width = pdf.get_string_width(content)
    shift = {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    pdf.text(x0 + text.x / 10 - shift, y0 + text.y / 10, content)


def sheet(sets: Sequence[CardSet], lang: str = "en", one_each: bool = False,
          backs: bool = True, game: GameModule | None = None) -> tuple[bytes, int]:
    """The print-and-play PDF of ``game``'s ``sets`` (the sets' game by default) in ``lang``
    and the number of cards on it: every copy of each dealt card (or one each), then the
    faces its game prints once (Fort's made-up rules, perks and board), drawn as the site
    shows them (:func:`fortlang.docsite.faces.every_face`), the set's back behind them."""
    from fortlang.docsite import faces
    from fortlang.docsite.lexicon import ui
    from fortlang.docsite.site import site_game

    game = site_game(sets) if game is None else game
    fronts: list[Face] = []
    cards: list[DeckCard | None] = []
    for card_set in sets:
        for printed in faces.every_face(game, card_set, lang):
            if printed.kind == "back":
                continue
            card = printed.card
            copies = 1 if card is None or one_each else max(1, card.copies)
            fronts += [printed.face] * copies
            cards += [card] * copies
    back = faces.back_face(game, sets[0].manifest.name, lang) if backs and sets else None
    names = ", ".join(s.manifest.name for s in sets)
    title = f"{game.title(lang)} — {ui('faces', lang)} ({names})"
    return render(fronts, safe.visible(title), cards, back), len(fronts)

