"""SVG card faces (R1.1, R1.2): name, suit icons, both boxes as icons and text, best-friend star."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fortlang.docsite.face import Captions, wrap
from fortlang.games.fort.docs.face import card_face
from fortlang.games.fort.model import KidCard, board_of, kids_of, perks_of, rules_of
from fortlang.games.fort.nodes import Suit
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
    from fortlang.docsite.face import MARGIN, WIDTH
    from fortlang.docsite.strip import glyphs
    from fortlang.games.fort.docs import DOCS
    from fortlang.games.fort.docs.face import _strip

    placed, _ = _strip(glyphs(BLITZ.public, docs=DOCS), WIDTH - 2 * MARGIN - 24)
    assert len({y for _, _, y, _ in placed}) == 1
    assert "(recruit then gain toy) x water_gun" in _texts(card_face(BLITZ).to_svg())
    long = parse_action("(recruit then gain toy then gain pizza then score 2) x water_gun "
                        "then destroy this")
    lines = wrap("(recruit then gain toy then gain pizza then score 2)\u00a0x\u00a0water_gun", 34,
                 540)
    assert not any(line.startswith("x") or line.endswith(" x") for line in lines)
    placed, _ = _strip(glyphs(long, docs=DOCS), WIDTH - 2 * MARGIN - 24)
    rows: dict[float, list[str]] = {}
    for g, _, y, _ in placed:
        rows.setdefault(y, []).append(g.icon.name if g.icon else g.text)
    assert len(rows) == 2
    for row in rows.values():  # a line neither starts nor ends inside `x water_gun`
        assert row[0] not in ("times", "water_gun") and row[-1] != "times"


def test_r10_the_board_face_shows_each_level_its_cost_and_points() -> None:
    from fortlang.cardset import load_bundled
    from fortlang.games.fort.docs.face import face as fort_face

    board = board_of(next(iter(load_bundled().values())))
    assert board is not None
    svg = fort_face(board, "en").to_svg()
    texts = _texts(svg)
    for level, points in enumerate(board.points):
        assert str(level) in texts and str(points) in texts
    costs = [i for i in _icons(svg) if i in ("pizza", "toy", "pizza_or_toy")]
    assert len(costs) == sum(len(c) for c in board.costs)  # R10.1: one icon per resource
    assert _icons(svg).count("score") == len(board.points)  # R10.4: points beside a trophy


def test_r14_r15_rules_and_perks_have_faces_in_the_page_language() -> None:
    from test_docs_glossary import sample_set

    from fortlang.games.fort.docs.face import face as fort_face
    from fortlang.games.fort.phrasebook import perk_text

    cs = sample_set()
    perk = _texts(fort_face(perks_of(cs)[0], "fr").to_svg())
    assert "Avantage" in perk and perks_of(cs)[0].name in perk
    assert " ".join(perk_text(perks_of(cs)[0], "fr").split()[:3]) in " ".join(perk)
    rule = _texts(fort_face(rules_of(cs)[0], "ru").to_svg())
    assert "Придуманное правило" in rule and "8 if cards > rival cards else 4 if cards = " \
        "rival cards" in " ".join(rule)


def _box_lines(face, box: tuple[float, float]) -> list:
    """The text runs a kid face draws inside ``box`` (top, bottom), caption excluded."""
    top, bottom = box
    return [t for t in face.texts if top < t.y < bottom and t.anchor == "middle"
            and t.size < 40 and not t.bold]


def test_r1_1_a_french_face_says_its_actions_in_french() -> None:
    from fortlang.games.fort.docs.face import PRIVATE_BOX, PUBLIC_BOX
    from fortlang.phrasebook import sentence

    face = card_face(BUG, "fr")
    public = " ".join(t.text for t in _box_lines(face, PUBLIC_BOX))
    private = " ".join(t.text for t in _box_lines(face, PRIVATE_BOX))
    assert sentence(BUG.public, "fr") == "Gagnez autant de pizzas que de pelles."
    assert public.startswith("Gagnez autant de pizzas que de pelles.")
    assert private.startswith(sentence(BUG.private, "fr"))
    assert "gain pizza x shovel" in public  # the DSL stays below, for designers
    en = " ".join(t.text for t in _box_lines(card_face(BUG), PUBLIC_BOX))
    assert en.startswith(sentence(BUG.public, "en")) and "Gagnez" not in en


def _inside(face, box: tuple[float, float], lang: str, card_id: str) -> None:
    from fortlang.docsite.face import MARGIN, WIDTH
    from fortlang.docsite.metrics import text_width

    top, bottom = box
    for t in face.texts:
        if not top < t.y < bottom:
            continue
        width = text_width(t.text, t.size, t.bold)
        left = {"start": t.x, "middle": t.x - width / 2, "end": t.x - width}[t.anchor]
        where = f"{card_id} ({lang}): {t.text!r}"
        assert MARGIN + 5 <= left and left + width <= WIDTH - MARGIN - 5, where
        assert t.y + t.size * 0.25 <= bottom - 5, where  # descenders above the frame


def test_no_bundled_face_overflows_its_box_in_any_language() -> None:
    """Every kid card of every bundled set, in every language: each laid-out line, measured
    with the layout's own font widths, lies inside its box, and the whole sentence is there."""
    from fortlang.cardset import load_bundled
    from fortlang.games.fort.docs.face import PRIVATE_BOX, PUBLIC_BOX
    from fortlang.games.fort.docs.face import face as fort_face
    from fortlang.phrasebook import LANGUAGES as LANGS
    from fortlang.phrasebook import sentence

    for card_set in load_bundled().values():
        for card in kids_of(card_set):
            for lang in LANGS:
                face = fort_face(card, lang)
                for box, action in ((PUBLIC_BOX, card.public), (PRIVATE_BOX, card.private)):
                    _inside(face, box, lang, card.id)
                    if action is not None:
                        said = " ".join(t.text for t in _box_lines(face, box))
                        assert said.startswith(sentence(action, lang)), (card.id, lang)


def test_a_long_action_is_cut_with_an_ellipsis_and_still_fits() -> None:
    from fortlang.games.fort.docs.face import PUBLIC_BOX

    long = parse_action(" then ".join(["gain pizza x shovel", "advance +1", "score x crown"] * 6))
    card = KidCard("long", "Long", (Suit.SHOVEL,), long, None)
    for lang in ("en", "fr", "ru"):
        face = card_face(card, lang)
        _inside(face, PUBLIC_BOX, lang, "long")
        assert _box_lines(face, PUBLIC_BOX)[-1].text.endswith("…")


def test_wrap_cuts_a_word_wider_than_the_line() -> None:
    from fortlang.docsite.metrics import text_width

    lines = wrap("a " + "x" * 200, 30, 300, max_lines=99)
    assert lines[0] == "a" and len(lines) > 2
    assert all(text_width(line, 30) <= 300 for line in lines)


def test_the_width_table_knows_every_character_the_faces_print() -> None:
    """An unknown character is measured as a full em (safe but loose); the three languages'
    letters must all be in the table, or French and Russian faces would wrap too early."""
    from fortlang.cardset import load_bundled
    from fortlang.docsite import faces
    from fortlang.docsite.metrics import _table
    from fortlang.docsite.site import site_game
    from fortlang.phrasebook import LANGUAGES as LANGS

    known = _table(False).keys() & _table(True).keys()
    for card_set in load_bundled().values():
        for lang in LANGS:
            for printed in faces.every_face(site_game([card_set]), card_set, lang):
                for t in printed.face.texts:
                    assert set(t.text) <= known, (printed.path, lang, set(t.text) - known)
