"""Print-and-play sheets: nine 63 x 88 mm cards per A4 page, cut marks in the margins."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fortlang.docsite import pnp
from fortlang.docsite.face import back_face
from fortlang.docsite.pnp import cut_marks, deck, render, slot
from fortlang.games.fort.docs.face import card_face
from fortlang.games.fort.model import KidCard, kids_of, perks_of, rules_of
from fortlang.games.fort.nodes import Suit
from fortlang.parser import parse_action

BUG = KidCard("bug", "Bug", (Suit.SHOVEL,), parse_action("gain pizza x shovel"),
              parse_action("score x level"), copies=7)
DOT = KidCard("dot", "Dot", (Suit.GLUE,), parse_action("advance -1"), None, copies=3)


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_deck_prints_every_copy_or_one_each() -> None:
    assert [c.id for c in deck([BUG, DOT])] == ["bug"] * 7 + ["dot"] * 3
    assert [c.id for c in deck([BUG, DOT], one_each=True)] == ["bug", "dot"]


@pytest.mark.parametrize(("cards", "pages"), [(1, 1), (9, 1), (10, 2), (18, 2), (19, 3)],
                         ids=lambda v: str(v))
def test_nine_cards_per_page(cards: int, pages: int) -> None:
    assert _pages(render([card_face(BUG)] * cards)) == pages


def test_grid_fits_the_a4_page_with_margins_for_the_cut_marks() -> None:
    first, last = slot(0), slot(8)
    assert first == (pnp.LEFT, pnp.TOP) and slot(9) == first
    assert last[0] + pnp.CARD_W <= pnp.PAGE_W - 6 and last[1] + pnp.CARD_H <= pnp.PAGE_H - 10
    assert pnp.LEFT > 6 and pnp.TOP > 6  # room for the 5 mm marks outside the grid


def test_cards_are_apart_so_each_edge_is_cut_once() -> None:
    for i in range(8):
        x, nx = slot(i)[0], slot(i + 1)[0]
        if i % 3 != 2:
            assert nx - (x + pnp.CARD_W) >= 3  # a gap to the right-hand neighbour
    assert slot(3)[1] - (slot(0)[1] + pnp.CARD_H) >= 3  # and to the card below


def test_backs_are_mirrored_left_to_right_for_two_sided_printing() -> None:
    for i in range(9):
        front, back = slot(i), slot(i, mirrored=True)
        assert back[1] == front[1]
        assert abs((back[0] + pnp.CARD_W / 2) - (pnp.PAGE_W - front[0] - pnp.CARD_W / 2)) < 1e-9
    faces = [card_face(BUG)] * 10
    assert _pages(render(faces, back=back_face("Fort"))) == 4  # front, back, front, back


def test_cut_marks_line_up_with_every_card_edge_and_stay_outside_the_cards() -> None:
    marks = cut_marks()
    xs = {round(x1, 3) for x1, _, x2, _ in marks if x1 == x2}
    ys = {round(y1, 3) for _, y1, _, y2 in marks if y1 == y2}
    lefts = {round(slot(i)[0], 3) for i in range(3)}
    tops = {round(slot(3 * i)[1], 3) for i in range(3)}
    assert xs == lefts | {round(x + pnp.CARD_W, 3) for x in lefts}
    assert ys == tops | {round(y + pnp.CARD_H, 3) for y in tops}
    for x1, y1, x2, y2 in marks:
        inside_x = pnp.LEFT < min(x1, x2) and max(x1, x2) < pnp.LEFT + pnp.GRID_W
        inside_y = pnp.TOP < min(y1, y2) and max(y1, y2) < pnp.TOP + pnp.GRID_H
        assert not (inside_x and inside_y)


ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


# Skipped on a developer's machine without it; in CI (.ci/run installs it) a missing pdftoppm fails.
@pytest.mark.skipif(shutil.which("pdftoppm") is None and not os.environ.get("CI"),
                    reason="poppler-utils not installed")
def test_page_renders_with_the_cards_on_it(tmp_path: Path) -> None:
    from PIL import Image

    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(render([card_face(c) for c in deck([BUG, DOT])]))
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True, timeout=60)
    image = Image.open(next(tmp_path.glob("page*.png"))).convert("RGB")
    colours = {c for _, c in image.getcolors(1 << 20)}

    def near(target: str) -> bool:
        rgb = tuple(int(target[i:i + 2], 16) for i in (1, 3, 5))
        return any(sum(abs(a - b) for a, b in zip(c, rgb, strict=True)) < 30 for c in colours)

    assert near("#8d5a2b") and near("#1c7ed6")  # the shovel and glue card borders and icons
    ARTIFACTS.mkdir(exist_ok=True)
    image.save(ARTIFACTS / "docs-pnp-page1.png")  # for a person to look at


@pytest.mark.skipif(shutil.which("pdftotext") is None and not os.environ.get("CI"),
                    reason="poppler-utils not installed")
@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_sheet_prints_every_face_in_the_chosen_language(lang: str, tmp_path: Path) -> None:
    """Kids, made-up rules (R14), perks (R15) and the board, with the page language's words."""
    from test_docs_glossary import sample_set

    from fortlang.docsite.lexicon import ui
    from fortlang.games.fort.phrasebook import perk_text
    from fortlang.phrasebook import term

    cs = sample_set()
    pdf, count = pnp.sheet([cs], lang)
    assert count == sum(k.copies for k in kids_of(cs)) + len(rules_of(cs)) + len(perks_of(cs)) + 1
    (tmp_path / "s.pdf").write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(tmp_path / "s.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    flat = " ".join(text.split())
    assert term("public_action", lang) in flat and ui("perk", lang) in flat
    assert ui("made_up_rule", lang) in flat and kids_of(cs)[0].name_in(lang) in flat
    assert " ".join(perk_text(perks_of(cs)[0], lang).split()[:2]) in flat
