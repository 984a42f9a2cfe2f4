"""Print-and-play: every kid card's face, nine per A4 page with cut marks, as a PDF (fpdf2).

The faces' shapes go through fpdf2's SVG converter; their text runs are set with a PDF font at the
positions the face layout chose (see :mod:`fortlang.docsite.face`), so the sheet matches the
glossary's images. DejaVu Sans is used when the system has it (any script); otherwise Helvetica,
with text outside Latin-1 replaced.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path

from fortlang.docsite.face import HEIGHT, WIDTH, Captions, Face, Text
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.model import KidCard
from fortlang.nodes import Span

PAGE_W, PAGE_H = 210.0, 297.0  # A4, mm
CARD_W, CARD_H = WIDTH / 10, HEIGHT / 10  # 63 x 88 mm
COLS = ROWS = 3
PER_PAGE = COLS * ROWS
LEFT = (PAGE_W - COLS * CARD_W) / 2
TOP = (PAGE_H - ROWS * CARD_H) / 2
MARK = 5.0  # length of a cut mark, mm, drawn outside the grid only
_DEJAVU = (Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
           Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))


def deck(cards: Iterable[KidCard], one_each: bool = False) -> list[KidCard]:
    """The cards to print: every copy (a playable park deck), or one of each."""
    return [c for c in cards for _ in range(1 if one_each else max(1, c.copies))]


def slot(index: int) -> tuple[float, float]:
    """Top-left corner (mm) of the ``index``-th card on its page."""
    i = index % PER_PAGE
    return LEFT + (i % COLS) * CARD_W, TOP + (i // COLS) * CARD_H


def cut_marks() -> list[tuple[float, float, float, float]]:
    """Line segments (x1, y1, x2, y2) in the page margins, in line with every card edge."""
    marks = []
    for c in range(COLS + 1):
        x = LEFT + c * CARD_W
        marks += [(x, TOP - MARK - 1, x, TOP - 1),
                  (x, TOP + ROWS * CARD_H + 1, x, TOP + ROWS * CARD_H + MARK + 1)]
    for r in range(ROWS + 1):
        y = TOP + r * CARD_H
        marks += [(LEFT - MARK - 1, y, LEFT - 1, y),
                  (LEFT + COLS * CARD_W + 1, y, LEFT + COLS * CARD_W + MARK + 1, y)]
    return marks


def render(faces: Sequence[Face], title: str = "fortlang print-and-play",
           cards: Sequence[KidCard] = ()) -> bytes:
    """The PDF bytes: ``faces`` in reading order, nine per page, cut marks on every page.
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
    for i, face in enumerate(faces):
        if i % PER_PAGE == 0:
            pdf.add_page()
            _draw_marks(pdf)
        x, y = slot(i)
        try:
            pdf.image(io.BytesIO(face.to_svg(with_text=False).encode()), x=x, y=y, w=CARD_W,
                      h=CARD_H)
            for text in face.texts:
                _draw_text(pdf, family, x, y, text)
        except (Exception, RecursionError) as e:  # fpdf2 refuses what it cannot lay out
            raise _undrawable(face, cards[i] if cards else None, e) from None
    if not faces:
        pdf.add_page()
        _draw_marks(pdf)
    return bytes(pdf.output())


def _undrawable(face: Face, card: KidCard | None, error: BaseException) -> FortError:
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


def faces_for(cards: Iterable[KidCard], lang: str = "en",
              captions: Captions | None = None) -> list[Face]:
    from fortlang.docsite.face import card_face

    return [card_face(c, lang, captions) for c in cards]
