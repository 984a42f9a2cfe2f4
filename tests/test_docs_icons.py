"""The icon set covers the registry's vocabulary (R1.1 suits, R12 actions, R13.1 quantities)."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from fortlang.docsite.icons import (
    OPERATORS,
    QUANTITIES,
    RESOURCES,
    action_icon,
    action_icons,
    every_icon,
)
from fortlang.docsite.strip import Glyph, glyphs
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.docs import DOCS
from fortlang.games.fort.docs.icons import SUITS
from fortlang.games.fort.nodes import Suit
from fortlang.nodes import ALL_NODES, EXPR_NODES
from fortlang.parser import parse_action

ACTIONS = action_icons()  # Fort's primitives' icons, from their declarations


def test_r1_1_every_suit_has_an_icon() -> None:
    assert set(SUITS) == set(Suit)


def test_r12_every_primitive_has_an_icon() -> None:
    assert {p.name for p in fort_words.PRIMITIVES} == set(ACTIONS)


def test_issue_33_2_a_fort_primitive_s_icon_is_its_declaration_s() -> None:
    """One path: Fort's primitives' icons are drawn from their declarations, as a plugin's
    are; no table of the docs holds an icon of a primitive."""
    from fortlang.docsite import icons

    for spec in fort_words.PRIMITIVES:
        icon = ACTIONS[spec.name]
        assert (icon.name, icon.colour, icon.body) == (spec.name, spec.colour, spec.drawing)
    tables = [v for v in vars(icons).values() if isinstance(v, dict)]
    drawn = {i.name for table in tables for i in table.values() if isinstance(i, icons.Icon)}
    assert drawn.isdisjoint(fort_words.PRIMITIVE_BY_NAME)


def test_issue_33_2_a_fort_word_s_icon_is_its_declaration_s() -> None:
    """Resources and quantities after `x` are drawn from their words' declarations too."""
    for table, words in ((RESOURCES, fort_words.RESOURCES), (QUANTITIES, fort_words.QUANTITIES)):
        drawn = {w.word: (w.icon_name or w.word, w.colour, w.drawing) for w in words if w.drawing}
        assert {word: (i.name, i.colour, i.body) for word, i in table.items()} == drawn
    assert set(RESOURCES) == set(fort_words.RESOURCE_WORD.values())
    with pytest.raises(ValueError, match="drawing"):
        dataclasses.replace(fort_words.QUANTITY_BY_WORD["pack"], drawing='<use href="#x"/>')


def test_issue_33_2_a_drawing_holds_only_shapes() -> None:
    """A declaration's drawing is paths, circles and rects with plain values: markup that
    could script a page is refused where it is declared."""
    gain = fort_words.PRIMITIVE_BY_NAME["gain"]
    for bad in ('<script>alert(1)</script>', '<path d="M0 0" onload="x()"/>',
                '<path d="M0 0"/><image href="http://x/y.png"/>', '<path d="M0 0" fill="a<b"/>'):
        with pytest.raises(ValueError, match="drawing"):
            dataclasses.replace(gain, drawing=bad)


def test_r12_1_every_resource_spelling_has_an_icon() -> None:
    assert set(fort_words.RESOURCE_WORD.values()) <= set(RESOURCES)


def test_r13_1_every_non_suit_quantity_has_an_icon() -> None:
    assert {w for w in fort_words.QUANTITY_BY_WORD if w not in set(Suit)} == set(QUANTITIES)


@pytest.mark.parametrize("name", sorted(every_icon()))
def test_icon_is_well_formed_svg_with_a_title(name: str) -> None:
    root = ET.fromstring(every_icon()[name].svg())
    assert root.find("{http://www.w3.org/2000/svg}title").text == name


def test_every_action_and_quantity_node_has_a_strip_handler() -> None:
    """The core's nodes by the strip's table; a game's primitives and quantities by their
    declarations (issue 33: Fort's as a plugin's)."""
    from fortlang.docsite import strip

    assert set(ALL_NODES) - set(EXPR_NODES) <= set(strip._HANDLERS)
    for spec in fort_words.PRIMITIVES:
        assert glyphs(spec.node())[0] == Glyph(action_icon(spec)), spec.name


@pytest.mark.parametrize("word", [w.word for w in fort_words.QUANTITIES])
def test_a_quantity_is_drawn_with_its_declared_icon(word: str) -> None:
    """`x shovel` with the suit's picture (Fort's ``GameModule.docs``), `x pack` and `x hand`
    with their declarations' drawings (``WordSpec.drawing``)."""
    *_, last = glyphs(parse_action(f"score x {word}"), docs=DOCS)
    expected = SUITS[Suit(word)] if word in set(Suit) else QUANTITIES[word]
    assert last.icon == expected


def test_r13_5_group_repeated_as_a_whole_is_drawn_in_parentheses() -> None:
    row = glyphs(parse_action("(recruit then gain toy) x water_gun"), docs=DOCS)
    names = [g.icon.name if g.icon else g.text for g in row]
    assert names == ["lpar", "recruit", "then", "gain", "toy", "rpar", "times", "water_gun"]


def test_r12_amounts_and_modifiers_are_written_next_to_their_icon() -> None:
    row = glyphs(parse_action("gain 2 pizza or advance -1 then score 2"))
    names = [g.icon.name if g.icon else g.text for g in row]
    assert names == ["gain", "2", "pizza", "or", "advance", "-1", "then", "score", "2"]


def test_quantities_do_not_look_like_the_actions_of_the_same_name() -> None:
    """`x pack` and `x lookout` (R13.3) are framed counts, not the actions `pack` and `lookout`
    (R12.2, R12.3); the score trophy (R12.8) is not the best-friend star (R1.2)."""
    from fortlang.docsite.icons import QUANTITIES
    from fortlang.games.fort.docs.icons import STAR

    for word in ("pack", "lookout"):
        assert QUANTITIES[word].body != ACTIONS[word].body
        assert "stroke-dasharray" in QUANTITIES[word].body
        assert "stroke-dasharray" not in ACTIONS[word].body
    assert ACTIONS["score"].body not in STAR.body and "M12 2l3 6.5" not in ACTIONS["score"].body


def test_r12_1_pizza_or_toy_shows_a_slice_and_a_ball_in_their_own_colours() -> None:
    from fortlang.docsite.icons import RESOURCES

    either = RESOURCES["pizza/toy"].elements()
    assert RESOURCES["pizza"].colour in either and RESOURCES["toy"].colour in either


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_a_condition_is_drawn_in_symbols_and_the_face_language(lang: str) -> None:
    """Issue 36: `if toy >= 3 ->` was written out in English (`if toy >= 3`) on every face."""
    from fortlang.phrasebook import plural

    def row(action: str) -> list[object]:
        return [g.icon.name if g.icon else g.text
                for g in glyphs(parse_action(action), lang, DOCS)]

    when, rival = OPERATORS["if ->"].name, OPERATORS["a rival ->"].name
    assert row("if toy >= 3 -> score 2") == [
        when, "≥", "3", QUANTITIES["toy"].name, "→", ACTIONS["score"].name, "2"]
    assert row("if crown < 2 -> gain pizza") == [
        when, "<", "2", SUITS[Suit.CROWN].name, "→", ACTIONS["gain"].name,
        RESOURCES["pizza"].name]
    assert row("if 4 <= hand -> draw")[:4] == [when, "≥", "4", QUANTITIES["hand"].name]
    # a count with no icon is said in the face's language
    assert row("if cards > 9 -> score")[:3] == [when, ">", plural(lang, "card", 9)]
    # against the best rival: the rival's icon before what is compared
    assert row("if hand > rival hand -> score")[:6] == [
        when, QUANTITIES["hand"].name, ">", rival, QUANTITIES["hand"].name, "→"]
    assert row("if cards > rival cards -> score")[:5] == [
        when, plural(lang, "card", 2)[2:], ">", rival, plural(lang, "card", 2)[2:]]
    for action in ("if toy >= 3 -> score 2", "if cards > 9 -> score"):
        texts = [g.text for g in glyphs(parse_action(action), lang) if g.icon is None]
        assert not any("if" in t or ">=" in t or "toy" in t for t in texts), texts
