"""Fortune and Glory's test sub-language (issue 35 item 1): `test DICE FACE need N` with its
modifiers parses to typed nodes with the core's parser, prints back, explains in en/fr/ru, and
refuses a wrong skill, a target of 7 and a number too many at the place they are written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import parses_or_says_where, prints_and_parses_back

from fortlang import nodes as n
from fortlang.checker import check
from fortlang.errors import FortSyntaxError
from fortlang.games import game_named
from fortlang.games.fortune import GAME
from fortlang.games.fortune.nodes import Rolls, Skill, SkillTest
from fortlang.games.fortune.vocabulary import (
    MOST_BONUS,
    MOST_DICE,
    MOST_FORTUNE,
    MOST_NEEDED,
    MOST_REROLLS,
    VOCABULARY,
)
from fortlang.parser import Language, language
from fortlang.phrasebook import sentence
from fortlang.printer import to_text

WORDS: Language = language(VOCABULARY)

PARSED = [
    ("test combat 5+ need 2", SkillTest(Skill.COMBAT, 5, 2)),
    ("test 3 dice 5+ need 2 keep_rolling", SkillTest(3, 5, 2, rolls=Rolls.KEEP_ROLLING)),
    ("test 1 die 6+ need 1 once", SkillTest(1, 6, 1, rolls=Rolls.ONCE)),
    ("(test lore 4+ need 1) or (test agility 5+ need 2)",
     n.Choice((SkillTest(Skill.LORE, 4, 1), SkillTest(Skill.AGILITY, 5, 2)))),
    ("test cunning 6+ need 1 then test combat 5+ need 2",
     n.Then((SkillTest(Skill.CUNNING, 6, 1), SkillTest(Skill.COMBAT, 5, 2)))),
    ("test combat 4+ need 3 +2 dice reroll spend 2 fortune once",
     SkillTest(Skill.COMBAT, 4, 3, bonus=2, rerolls=1, fortune=2, rolls=Rolls.ONCE)),
    ("test agility 3+ need 2 reroll 2", SkillTest(Skill.AGILITY, 3, 2, rerolls=2)),
    ("test lore 5+ need 1 x 2", n.Repeat(SkillTest(Skill.LORE, 5, 1), n.Fixed(2))),
]


@pytest.mark.parametrize(("text", "ast"), PARSED, ids=[t for t, _ in PARSED])
def test_a_test_parses_to_its_typed_node(text: str, ast: n.Action) -> None:
    assert WORDS.parse_action(text) == ast


CANONICAL = [
    ("test  combat 5+  need 2", "test combat 5+ need 2"),
    ("test 1 dice 5+ need 1 +1 dice", "test 1 die 5+ need 1 +1 die"),
    ("(test lore 4+ need 1) or (test agility 5+ need 2)",
     "test lore 4+ need 1 or test agility 5+ need 2"),
    ("test lore 4+ need 1 ▶ test 2 dice 6+ need 1 reroll 1",
     "test lore 4+ need 1 then test 2 dice 6+ need 1 reroll"),
    ("(test combat 5+ need 1 or test lore 5+ need 1) x 2",
     "(test combat 5+ need 1 or test lore 5+ need 1) x 2"),
]


@pytest.mark.parametrize(("text", "canonical"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_a_test_prints_in_its_canonical_form(text: str, canonical: str) -> None:
    assert to_text(WORDS.parse_action(text)) == canonical
    prints_and_parses_back(WORDS.parse_action, WORDS.parse_action(text))


TESTS = st.builds(
    SkillTest,
    st.sampled_from(list(Skill)) | st.integers(1, MOST_DICE),
    st.integers(2, 6), st.integers(1, MOST_NEEDED),
    st.just(0) | st.integers(1, MOST_BONUS), st.just(0) | st.integers(1, MOST_REROLLS),
    st.just(0) | st.integers(1, MOST_FORTUNE), st.sampled_from([None, *Rolls]))
ACTIONS = st.recursive(TESTS, lambda kids: st.one_of(
    st.lists(kids, min_size=2, max_size=3).map(tuple).map(n.Then),
    st.lists(kids, min_size=2, max_size=3).map(tuple).map(n.Choice),
    st.builds(n.Repeat, kids, st.integers(2, 5).map(n.Fixed))), max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_every_test_ast_prints_and_parses_back(ast: n.Action) -> None:
    prints_and_parses_back(WORDS.parse_action, ast)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="test combat lore 0123456789+ need dice reroll spend fortune once()x",
               max_size=60))
def test_any_text_is_a_test_or_a_positioned_error(text: str) -> None:
    parses_or_says_where(WORDS.parse_action, text)


def test_a_test_written_without_modifiers_checks_clean() -> None:
    """The core checker judges another kind's numbers on the node; an optional argument left
    at its default (no bonus dice: 0, below the kind's 1) is not out of range."""
    assert list(check(WORDS.parse_action("test combat 5+ need 2 or test 3 dice 6+ need 1"))) \
        == []
    bad = SkillTest(Skill.COMBAT, 5, 2, bonus=MOST_BONUS + 1)  # built by hand, not parsed
    assert [d.code for d in check(bad)] == ["E200"]


def _error(text: str):
    with pytest.raises(FortSyntaxError) as err:
        WORDS.parse_action(text)
    (d, *_) = err.value.diagnostics
    return d


def test_a_wrong_skill_name_is_e101_at_the_word_with_did_you_mean() -> None:
    d = _error("test combatt 5+ need 2")
    assert (d.code, d.span.line, d.span.column, d.span.end_column) == ("E101", 1, 6, 13)
    assert "combatt" in d.message and d.hint == "did you mean `combat`?"


def test_a_target_of_7_is_e200_at_the_target() -> None:
    d = _error("test combat 7+ need 2")
    assert (d.code, d.span.column, d.span.end_column) == ("E200", 13, 15)
    assert "2+ to 6+" in d.message


def test_four_numbers_where_three_are_expected_is_e100_at_the_fourth() -> None:
    d = _error("test 3 dice 5+ need 2 1")
    assert (d.code, d.span.column) == ("E100", 23)
    assert "unexpected `1`" in d.message


@pytest.mark.parametrize(("text", "code", "column"), [
    ("test 13 dice 5+ need 1", "E200", 6),
    ("test combat 1+ need 1", "E200", 13),
    ("test combat 5+ need 13", "E200", 21),
    ("test combat 5+ need 2 +7 dice", "E200", 23),
    ("test combat 5+ need 2 reroll 4", "E200", 23),
    ("test combat 5+ need 2 spend 7 fortune", "E200", 23),
    ("test combat 5+ 2", "E100", 16),
    ("test combat need 2", "E100", 13),
    ("test 3 5+ need 1", "E100", 6),
], ids=lambda v: str(v))
def test_bad_numbers_and_missing_words_are_positioned(text: str, code: str, column: int) -> None:
    d = _error(text)
    assert (d.code, d.span.column) == (code, column)


EXPLAINED = {
    "en": ("Pass a combat test: roll your Combat in dice and 1 die more, each die showing 5 or "
           "more is a success, 2 successes needed; you may roll 1 die again; keep rolling while "
           "each roll brings a success."),
    "fr": ("Réussissez un test de combat : lancez autant de dés que votre combat et 1 dé de "
           "plus, chaque dé à 5 ou plus est un succès, 2 succès nécessaires ; vous pouvez "
           "relancer 1 dé ; continuez à lancer tant que chaque jet donne un succès."),
    "ru": ("Пройдите проверку боя: бросьте столько кубиков, сколько у вас навыка «бой» и ещё "
           "1 кубик, каждый кубик на 5 или больше — успех, нужно успехов: 2; можно "
           "перебросить 1 кубик; бросайте снова, пока каждый бросок приносит успех."),
}


@pytest.mark.parametrize("lang", sorted(EXPLAINED))
def test_a_test_explains_in_each_language(lang: str) -> None:
    test = WORDS.parse_action("test combat 5+ need 2 +1 die reroll keep_rolling")
    assert sentence(test, lang) == EXPLAINED[lang]


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_combinations_explain_with_the_cores_operators(lang: str) -> None:
    either = sentence(WORDS.parse_action("test lore 4+ need 1 or test 2 dice 6+ need 1"), lang)
    both = sentence(WORDS.parse_action("test lore 4+ need 1 then test 2 dice 6+ need 1"), lang)
    assert either != both
    assert {"en": " or ", "fr": " ou ", "ru": " или "}[lang] in either
    for text in (either, both):
        assert {"en": "2 dice", "fr": "2 dés", "ru": "2 кубика"}[lang] in text


def test_fort_knows_no_test_and_its_grammar_is_unchanged() -> None:
    with pytest.raises(FortSyntaxError):
        language().parse_action("test combat 5+ need 2")
    assert "TEST" not in language().grammar


def test_the_game_module_is_installed_under_its_manifest_name() -> None:
    found = game_named("fortune-and-glory")
    assert found is GAME or found == GAME
    assert found.piece("vocabulary") is VOCABULARY
    assert [k.key for k in found.cards] == ["heroes", "dangers", "enemies", "artifacts"]
    assert {found.title(lang) for lang in ("en", "fr", "ru")} == {"Fortune and Glory"}
    assert (found.new_table, found.run) == ("", "")  # no table yet: simulate says E906
