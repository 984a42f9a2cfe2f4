"""Frantic's words (issue 34 item 2; docs/games/frantic.md): every primitive, argument kind
and selector of fortlang.games.frantic.vocabulary parses, prints back to itself and explains in
en, fr and ru; planted mistakes give a positioned error with its code and a did-you-mean."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import actions_of, parses_or_says_where, prints_and_parses_back

from fortlang.checker import check
from fortlang.errors import FortSyntaxError
from fortlang.games.frantic import nodes as f
from fortlang.games.frantic.kinds import Colour, Whom, Wishable
from fortlang.games.frantic.vocabulary import PRIMITIVES, VOCABULARY
from fortlang.parser import Language, language
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.registry import LANGUAGES
from fortlang.vocabulary import Acting


@pytest.fixture(scope="module")
def frantic() -> Language:
    return language(VOCABULARY)


def _error(lang: Language, text: str) -> tuple[str, int, int, str | None]:
    with pytest.raises(FortSyntaxError) as caught:
        lang.parse_action(text)
    d = caught.value.diagnostics[0]
    assert d.span is not None
    return d.code, d.span.line, d.span.column, d.hint


# -- the core's grammar under another game's words -------------------------------------------


@pytest.mark.parametrize("text, column", [("each rival -> draw", 1), ("a rival -> draw", 1),
                                          ("draw then each player -> draw", 11)])
def test_a_performer_of_forts_grammar_is_an_unknown_word_in_frantic(
        frantic: Language, text: str, column: int) -> None:
    """The base grammar writes Fort's three performers; under a vocabulary that does not
    declare them they are an unknown word at their place, never a KeyError."""
    code, line, col, hint = _error(frantic, text)
    assert (code, line, col) == ("E101", 1, column)
    assert hint is not None and "every player" in hint or "each other player" in str(hint)


# -- every word: parse, print back, explain ---------------------------------------------------

#: One text per primitive form, argument word and selector (the cards' own are in
#: tests/test_frantic_cards.py).
TEXTS = [
    "draw", "draw 3", "draw to most", "draw to mine", "give 2 to another", "give all to next",
    "give 1 to each", "give all to others", "take 1 from most", "take 2 from previous",
    "exchange 2 with another", "swap hands with fewest", "discard 2", "discard all",
    "discard doubles", "discard last_colour", "skip another", "play or draw", "wish",
    "wish colour", "wish red", "wish blue", "wish green", "wish yellow", "wish 1", "wish 9",
    "deal 4 to others then wish", "counter then wish colour", "trigger event", "end round",
    "end round uncounted", "score 50", "show hand", "shuffle hands", "gamble", "draft",
    "time bomb", "time bomb 5", "nothing", "reverse", "reverse until_next_turn",
    "reverse until_round_end", "every player -> draw x place",
    "every player -> (discard all then draw 3)", "each other player -> draw",
    "the player with most cards -> swap hands with fewest",
    "the player with fewest cards -> draw 2",
    "a player with fewer cards -> draw to mine then wish colour",
    "each player without cards -> draw 3 then wish colour", "next player -> skip next",
    "previous player -> draw", "a player -> draw 2", "(draw or discard 1) x 2",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_form_prints_back_to_itself_and_explains_in_three_languages(
        frantic: Language, text: str) -> None:
    action = frantic.parse_action(text)
    assert to_text(action) == text
    assert frantic.parse_action(to_text(action)) == action
    said = {lang: sentence(action, lang) for lang in LANGUAGES}
    assert all(s.endswith(".") and "{" not in s for s in said.values()), said
    assert len(set(said.values())) == 3, said  # each language its own words


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_ast_of_frantic_prints_parses_back_and_explains(frantic: Language,
                                                              data: st.DataObject) -> None:
    """The round-trip property (tests/strategies.py) over Frantic's words, and every AST
    said in the three languages."""
    ast = data.draw(actions_of(VOCABULARY))
    prints_and_parses_back(frantic.parse_action, ast)
    for lang in LANGUAGES:
        assert sentence(ast, lang).endswith(".")


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet="drawgivetkspluncohmx0123456789 ->()", max_size=40))
def test_any_text_is_a_frantic_ast_or_a_positioned_error(frantic: Language, text: str) -> None:
    parses_or_says_where(frantic.parse_action, text)


def test_every_primitive_is_written_by_some_form() -> None:
    written = {type(x) for t in TEXTS for x in language(VOCABULARY).parse_action(t).walk()}
    assert {p.node for p in PRIMITIVES} <= written


def test_the_examples_of_the_declarations_parse(frantic: Language) -> None:
    for spec in PRIMITIVES:
        assert any(isinstance(x, spec.node) for x in frantic.parse_action(spec.example).walk())
    for sel in VOCABULARY.selectors:
        if sel.rule.startswith("F"):  # Frantic's own (the core's examples are Fort's)
            frantic.parse_action(f"{sel.syntax} -> {sel.example}")


def test_the_values_are_typed(frantic: Language) -> None:
    assert frantic.parse_action("wish red") == f.Wish(Colour.RED)
    assert frantic.parse_action("wish 7") == f.Wish(7)
    assert frantic.parse_action("wish colour") == f.Wish(Wishable.COLOUR)
    assert frantic.parse_action("wish") == f.Wish(None)
    assert frantic.parse_action("give 2 to another") == f.Give(2, Whom.ANOTHER)


def test_declarations_are_complete() -> None:
    for spec in PRIMITIVES:
        assert set(spec.phrases) == set(LANGUAGES), spec.name
        assert set(spec.meanings) == {"fr", "ru"}, spec.name
        assert spec.rule.startswith("F") and spec.meaning and spec.example
        assert spec.effect is not None and spec.op is None, spec.name  # effects.py
    for sel in VOCABULARY.selectors:
        assert set(sel.phrases) == set(LANGUAGES) and set(sel.meanings) >= {"en", "fr", "ru"}


def test_black_is_not_a_colour(frantic: Language) -> None:
    """F5.3: black cannot be wished; the hint says why rather than offering `blue`."""
    code, _, column, hint = _error(frantic, "wish black")
    assert (code, column) == ("E101", 6)
    assert hint == "black is not a colour and cannot be wished (F5.3): write blue, red, " \
        "green or yellow"


# -- planted mistakes (issue 34, done when) ---------------------------------------------------


def test_a_misspelt_colour_says_which_was_meant(frantic: Language) -> None:
    assert _error(frantic, "draw then wish rde") == ("E101", 1, 16, "did you mean `red`?")


@pytest.mark.parametrize("text, column", [("wish 11", 6), ("draw 11", 6), ("wish 0", 6),
                                          ("deal 11 to others", 6), ("time bomb 10", 11)])
def test_a_number_out_of_range_is_refused_at_the_number(frantic: Language, text: str,
                                                        column: int) -> None:
    code, line, col, _ = _error(frantic, text)
    assert (code, line, col) == ("E200", 1, column)


def test_an_unknown_verb_says_which_was_meant(frantic: Language) -> None:
    code, line, column, hint = _error(frantic, "draw 2 then\n  giv 2 to another")
    assert (code, line, column) == ("E100", 2, 3)
    assert hint == "did you mean `give`?"


def test_an_unknown_player_word_says_which_was_meant(frantic: Language) -> None:
    assert _error(frantic, "give 2 to anotehr") == (
        "E101", 1, 11, "did you mean `another` or `others`?")


def test_a_runaway_repeat_is_refused_by_the_checker(frantic: Language) -> None:
    """`x place` is bounded by the table (8 players): repeats nested by it run away (E202);
    fixed multipliers past the core's bound are E200."""
    runaway = frantic.parse_action("((draw x place) x place) x place")
    found = check(runaway)
    assert [d.code for d in found] == ["E202"]
    assert found[0].span is not None and found[0].span.column == 1
    assert [d.code for d in check(frantic.parse_action("draw 3 x 9"))] == ["E200"]
    assert check(frantic.parse_action("every player -> draw x place")) == []


def test_forts_words_are_unknown_in_frantic(frantic: Language) -> None:
    code, *_ = _error(frantic, "gain pizza")
    assert code == "E100"


# -- who performs: the selectors' seats ---------------------------------------------------------


def _table(hands: tuple[int, ...], direction: int = -1) -> SimpleNamespace:
    """A read-only view of a table: Frantic plays counter-clockwise (F2.6: direction -1)."""
    return SimpleNamespace(seat_count=len(hands), direction=direction,
                           players=tuple(SimpleNamespace(hand_size=h) for h in hands))


@pytest.mark.parametrize("syntax, hands, actor, seats", [
    ("every player", (3, 3, 3, 3), 1, (0, 3, 2, 1)),  # F9.2: the next first, the actor last
    ("each other player", (3, 3, 3, 3), 1, (0, 3, 2)),
    ("a player with fewer cards", (2, 5, 5, 1), 1, (0, 3)),  # F7.5: only fewer, not equal
    ("each player without cards", (0, 4, 0, 2), 3, (2, 0)),  # F7.6, in turn order
    ("the player with most cards", (6, 2, 6, 1), 2, (0,)),  # F9.3: ties to the first in turn
    ("the player with fewest cards", (1, 2, 6, 1), 2, (0,)),  # seats 0 and 3: 0 comes first
])
def test_frantics_selectors_give_the_seats_the_rules_name(syntax: str, hands: tuple[int, ...],
                                                          actor: int,
                                                          seats: tuple[int, ...]) -> None:
    selector = next(s for s in VOCABULARY.selectors if s.syntax == syntax)
    assert selector.performers(_table(hands), Acting(actor)) == seats


# -- what the docs and the language server read -----------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reference_of_frantics_words_renders(lang: str) -> None:
    """The reference's sections over Frantic's vocabulary: every primitive with its syntax,
    the `place` quantity by its own example, every selector by its example in Frantic's
    words (the core's three declare Fort's `gain toy`)."""
    from fortlang.docsite import reference

    primitives = reference.primitives(lang, VOCABULARY)
    assert all(f"`{p.syntax}`" in primitives for p in PRIMITIVES)
    assert "every player -> draw x place" in reference.quantities(lang, VOCABULARY)
    selectors = reference.selectors(lang, VOCABULARY)
    assert all(f"`{s.syntax} ->`" in selectors for s in VOCABULARY.selectors)
    assert "gain" not in selectors


def test_completion_offers_frantics_words() -> None:
    from fortlang.lsp.completion import language_items

    labels = {item.label for item in language_items("", "action", VOCABULARY)}
    assert {"give to", "wish", "every player ->", "draw to", "time bomb"} <= labels
