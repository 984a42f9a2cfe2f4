"""SVG card faces (R1.1, R1.2): name, suit icons, both boxes as icons and text, best-friend star."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fortlang.docsite.face import Captions, card_face, wrap
from fortlang.model import KidCard
from fortlang.nodes import Suit
from fortlang.parser import parse_action

SVG = "{http://www.w3.org/2000/svg}"

BUG = KidCard("bug", "Bug", (Suit.SHOVEL,), parse_action("gain pizza x shovel"),
              parse_action("score x level"))
FRIEND = KidCard("bitsy", "Bitsy", (Suit.GLUE,), None, parse_action("recruit"),
                 best_friend=True, names={"ru": "Битси"})


def _icons(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("class").split("fl-icon-")[1] for g in root.iter(f"{SVG}g")
            if "fl-icon" in (g.get("class") or "")]


def _texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_r1_1_face_shows_name_suit_and_both_boxes() -> None:
    svg = card_face(BUG).to_svg()
    texts = _texts(svg)
    assert "Bug" in texts
    assert "gain pizza x shovel" in texts and "score x level" in texts
    # the suit in the corner, then the public box's icons, then the private box's
    assert _icons(svg) == ["shovel", "gain", "pizza", "times", "shovel",
                           "score", "times", "level"]


def test_r1_2_best_friend_gets_the_star_and_others_do_not() -> None:
    assert "best_friend" in _icons(card_face(FRIEND).to_svg())
    assert "best_friend" not in _icons(card_face(BUG).to_svg())


def test_r1_1_blank_box_draws_no_action() -> None:
    svg = card_face(FRIEND).to_svg()
    assert _icons(svg) == ["glue", "best_friend", "recruit"]


def test_face_uses_the_page_language_for_name_and_captions() -> None:
    svg = card_face(FRIEND, "ru", Captions("открытое", "личное", "предварительная")).to_svg()
    assert {"Битси", "открытое", "личное", "предварительная"} <= set(_texts(svg))


def test_face_without_text_keeps_the_shapes_for_the_pdf() -> None:
    face = card_face(BUG)
    assert _texts(face.to_svg(with_text=False)) == []
    assert _icons(face.to_svg(with_text=False)) == _icons(face.to_svg())


def test_wrap_cuts_long_text_with_an_ellipsis() -> None:
    lines = wrap("gain pizza " * 30, 28, 540, max_lines=3)
    assert len(lines) == 3 and lines[-1].endswith("…")


BLITZ = KidCard("blitz", "Blitz", (Suit.WATER_GUN,),
                parse_action("(recruit then gain toy) x water_gun"), parse_action("gain pizza"))


def test_r13_3_a_quantity_stays_with_what_it_counts() -> None:
    """Blitz: the icons on one line, the text on one line; never `x water_gun` alone."""
    from fortlang.docsite.face import MARGIN, WIDTH, _strip
    from fortlang.docsite.strip import glyphs

    placed, _ = _strip(glyphs(BLITZ.public), WIDTH - 2 * MARGIN - 24)
    assert len({y for _, _, y, _ in placed}) == 1
    assert "(recruit then gain toy) x water_gun" in _texts(card_face(BLITZ).to_svg())
    long = parse_action("(recruit then gain toy then gain pizza then score 2) x water_gun "
                        "then destroy this")
    lines = wrap("(recruit then gain toy then gain pizza then score 2)\u00a0x\u00a0water_gun", 34,
                 540)
    assert not any(line.startswith("x") or line.endswith(" x") for line in lines)
    placed, _ = _strip(glyphs(long), WIDTH - 2 * MARGIN - 24)
    rows: dict[float, list[str]] = {}
    for g, _, y, _ in placed:
        rows.setdefault(y, []).append(g.icon.name if g.icon else g.text)
    assert len(rows) == 2
    for row in rows.values():  # a line neither starts nor ends inside `x water_gun`
        assert row[0] not in ("times", "water_gun") and row[-1] != "times"


def test_r10_the_board_face_shows_each_level_its_cost_and_points() -> None:
    from fortlang.cardset import load_bundled
    from fortlang.docsite import faces

    board = next(iter(load_bundled().values())).board
    assert board is not None
    svg = faces.board(board, "en").to_svg()
    texts = _texts(svg)
    for level, points in enumerate(board.points):
        assert str(level) in texts and str(points) in texts
    costs = [i for i in _icons(svg) if i in ("pizza", "toy", "pizza_or_toy")]
    assert len(costs) == sum(len(c) for c in board.costs)  # R10.1: one icon per resource
    assert _icons(svg).count("score") == len(board.points)  # R10.4: points beside a trophy


def test_r14_r15_rules_and_perks_have_faces_in_the_page_language() -> None:
    from test_docs_glossary import sample_set

    from fortlang.docsite import faces
    from fortlang.phrasebook import perk_text

    cs = sample_set()
    perk = _texts(faces.perk(cs.perks[0], "fr").to_svg())
    assert "Avantage" in perk and cs.perks[0].name in perk
    assert " ".join(perk_text(cs.perks[0], "fr").split()[:3]) in " ".join(perk)
    rule = _texts(faces.rule(cs.rules[0], "ru").to_svg())
    assert "Придуманное правило" in rule and "8 if cards > rival cards else 4 if cards = " \
        "rival cards" in " ".join(rule)
