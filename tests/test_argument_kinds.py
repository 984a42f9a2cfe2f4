"""Issue 33 stage 5, first slice: typed argument kinds. A vocabulary plugin (tests/
kinds_plugin.py, installed the way pip lays a package out) declares COLOUR (blue, red, green,
yellow), NUMBER 1..9, their union WISH and `wish [WISH]`, and a face pattern for `test SKILL
FACE [N]`; the grammar, the builder, the printer, the checks, the sentences in en/fr/ru, the
language server's completion and the engine's decision all come from those declarations."""

from __future__ import annotations

import doctest
import sys
from collections.abc import Iterator
from dataclasses import make_dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_site import forget, install
from strategies import actions_of, parses_or_says_where, prints_and_parses_back

from fortlang import nodes as n
from fortlang import plugins, vocabulary
from fortlang import registry as reg
from fortlang.cardset.dsl import ACTION
from fortlang.checker import check
from fortlang.cli import main
from fortlang.engine import ScriptedAgent
from fortlang.errors import FortSyntaxError
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.play import perform
from fortlang.games.fort.table import Game
from fortlang.lsp.completion import language_items
from fortlang.parser import Language, compose_grammar, language
from fortlang.parser_cache import cache_file
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.sim.seats import Seats
from fortlang.vocabulary import ArgKind, Word

PLUGIN = Path(__file__).parent / "kinds_plugin.py"


@pytest.fixture(scope="module")
def wishes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, Language]]:
    """The plugin installed in a private folder on ``sys.path``; its module and language."""
    site = install(tmp_path_factory.mktemp("site"), name="wishes", module="fortlang_wishes",
                   code=PLUGIN.read_text(encoding="utf-8"))
    forget()
    sys.path.insert(0, str(site))
    try:
        vocab = plugins.vocabulary(["wishes"])
        yield sys.modules["fortlang_wishes"], language(vocab)
    finally:
        sys.path.remove(str(site))
        forget()


def _error(words: Language, text: str) -> Any:
    with pytest.raises(FortSyntaxError) as err:
        words.parse_action(text)
    (d, *_) = err.value.diagnostics
    return d


def test_an_argument_parses_to_its_typed_value(wishes) -> None:
    m, words = wishes
    assert words.parse_action("wish red") == m.Wish(m.Colour.RED)
    assert words.parse_action("wish 7") == m.Wish(7)
    assert words.parse_action("wish") == m.Wish(None)  # left out: the player chooses
    assert words.parse_action("wish blue then wish x book").items[0].wish is m.Colour.BLUE
    assert words.parse_action("test agility 5+ 2") == m.SkillTest(m.Skill.AGILITY, 5, 2)
    assert words.parse_action("test lore 3+") == m.SkillTest(m.Skill.LORE, 3, 1)


def test_fort_has_no_such_arguments() -> None:
    with pytest.raises(FortSyntaxError):
        language().parse_action("wish red")


@pytest.mark.parametrize("text", ["wish red", "wish 7", "wish", "test agility 5+ 2",
                                  "(wish yellow or wish 9) then test combat 2+ x book",
                                  "test cunning 6+"])
def test_it_prints_canonically_and_round_trips(wishes, text: str) -> None:
    _, words = wishes
    ast = words.parse_action(text)
    assert to_text(ast) == text
    assert words.parse_action(to_text(ast)) == ast
    assert to_text(words.parse_action(to_text(ast))) == to_text(ast)  # fmt is idempotent


def test_an_unknown_word_is_e101_at_the_argument_with_the_kinds_did_you_mean(wishes) -> None:
    _, words = wishes
    d = _error(words, "score then wish blu")
    assert (d.code, d.span.line, d.span.column) == ("E101", 1, 17)
    assert d.message == "unknown colour or number `blu`" and "`blue`" in (d.hint or "")
    d = _error(words, "wish black")  # not a wish colour (F7.2)
    assert d.code == "E101" and d.span.column == 6
    d = _error(words, "test agilty 4+")
    assert (d.code, d.span.column) == ("E101", 6) and "`agility`" in (d.hint or "")


def test_a_number_out_of_range_is_e200_at_the_argument(wishes) -> None:
    m, words = wishes
    d = _error(words, "score then\n  wish 11")
    assert (d.code, d.span.line, d.span.column) == ("E200", 2, 8)
    assert d.message == "number `11` is out of range (1 to 9)"
    d = _error(words, "test combat 7+")
    assert (d.code, d.span.column) == ("E200", 13)
    assert d.message == "target face `7+` is out of range (2+ to 6+)"
    d = _error(words, "wish 0")
    assert d.code == "E200"
    # the core's `[N]` in the plugin's primitive is judged by the checker, as Fort's amounts
    (zero,) = check(words.parse_action("test lore 4+ 0"))
    assert zero.code == "E200" and "`test 0` does nothing" in zero.message
    assert check(words.parse_action("wish 9 then test lore 4+ 3")) == []
    # an AST built otherwise (not parsed) is held to the same bounds by the checker
    (eleven,) = check(m.Wish(11))
    assert eleven.code == "E200" and eleven.message == "number `11` is out of range (1 to 9)"
    (seven,) = check(m.SkillTest(m.Skill.LORE, 7))
    assert seven.message == "target face `7+` is out of range (2+ to 6+)"
    assert check(m.Wish(m.Colour.RED)) == [] and check(m.Wish()) == []


def _set(folder: Path, *actions: str) -> Path:
    folder.mkdir()
    (folder / "manifest.yaml").write_text(
        "id: wishing\nname: Wishing\nversion: '0.1.0'\nrequires: [fort-base]\n"
        "uses: [wishes]\n", encoding="utf-8")
    (folder / "kids.yaml").write_text("kids:\n" + "".join(
        f"  - id: k{i}\n    name: K{i}\n    suits: [book]\n    public: {action}\n"
        for i, action in enumerate(actions)), encoding="utf-8")
    return folder


def test_check_reports_them_with_file_line_and_column(wishes, tmp_path: Path) -> None:
    folder = _set(tmp_path / "wishing", "wish blu", "score then wish 11")
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(folder)])
    assert result.exit_code == 1
    assert "kids.yaml:5:18: error[E101]: unknown colour or number `blu`" in result.output
    assert "did you mean `blue`?" in result.output
    assert "kids.yaml:9:29: error[E200]: number `11` is out of range (1 to 9)" in result.output
    assert "Traceback" not in result.output


def test_fmt_writes_the_canonical_form_and_is_idempotent(wishes, tmp_path: Path) -> None:
    folder = _set(tmp_path / "wishing", "wish   red ▶ test agility  5+ 2", "wish x book")
    assert CliRunner().invoke(main, ["check", "--no-warnings", str(folder)]).exit_code == 0
    kids = folder / "kids.yaml"
    for _ in range(2):
        result = CliRunner().invoke(main, ["fmt", str(kids)])
        assert result.exit_code == 0, result.output
        assert "public: wish red then test agility 5+ 2\n" in kids.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang, text, said", [
    ("en", "wish red", "Wish for red."),
    ("fr", "wish red", "Faites le vœu rouge."),
    ("ru", "wish red", "Загадайте красный."),
    ("en", "wish 7", "Wish for 7."),
    ("en", "wish", "Wish for a colour or a number of your choice."),
    ("fr", "wish", "Faites le vœu une couleur ou un nombre de votre choix."),
    ("ru", "wish", "Загадайте цвет или число на ваш выбор."),
    ("en", "test agility 5+ 2", "Pass a agility test on 5+ with 2 successes."),
    ("fr", "test agility 5+ 2", "Réussissez un test d'agilité sur 5+ avec 2 succès."),
    ("ru", "test lore 3+", "Пройдите проверку знаний на 3+ с успехами: 1."),
])
def test_it_explains_itself_in_three_languages(wishes, lang: str, text: str, said: str) -> None:
    _, words = wishes
    assert sentence(words.parse_action(text), lang) == said


def test_completion_after_the_verb_lists_the_kinds_words(wishes) -> None:
    _, words = wishes
    labels = {i.label for i in language_items("score then wish ", ACTION, words.vocab)}
    assert {"blue", "red", "green", "yellow"} <= labels and "black" not in labels
    labels = {i.label for i in language_items("test ", ACTION, words.vocab)}
    assert {"combat", "agility", "cunning", "lore"} <= labels


class _Wisher(ScriptedAgent):
    """Answers a decision by the typed value of an option, never its label."""

    def __init__(self, wanted: object) -> None:
        super().__init__()
        self.wanted = wanted
        self.asked: list[Any] = []

    def choose(self, view: Any, decision: Any) -> int:
        self.asked.append(decision)
        return [o.value for o in decision.options].index(self.wanted)


@pytest.mark.parametrize("wanted, points", [("green", 3), (7, 7)])
def test_left_out_the_player_chooses_among_typed_values(wishes, wanted, points) -> None:
    m, words = wishes
    wanted = m.Colour(wanted) if isinstance(wanted, str) else wanted
    agent = _Wisher(wanted)
    game = Game(2, asker=Seats([agent, ScriptedAgent()]), debug=True)
    assert perform(game, 0, words.parse_action("wish"))
    (decision,) = agent.asked
    assert str(decision.kind) == "primitive"
    assert [o.value for o in decision.options] == [*m.Colour, *range(1, 10)]
    assert [o.label for o in decision.options][:5] == ["blue", "red", "green", "yellow", "1"]
    assert game.players[0].vp == points


def test_given_it_asks_nothing(wishes) -> None:
    m, words = wishes
    agent = _Wisher(None)
    game = Game(2, asker=Seats([agent, ScriptedAgent()]), debug=True)
    assert perform(game, 0, words.parse_action("wish red"))
    assert agent.asked == [] and game.players[0].vp == 2


# -- the declarations themselves -------------------------------------------------------------


def test_a_plugin_without_kinds_cannot_say_wish_red() -> None:
    """Issue 33: before argument kinds, `wish red` was E100 in any vocabulary."""
    d = _error(language(), "wish red")
    assert d.code == "E100"


def test_a_syntax_token_no_kind_declares_is_refused(wishes) -> None:
    m, _ = wishes
    spec = reg.PrimitiveSpec("hope", m.Wish, "hope [HOPE]", "X", "Hope.", "hope")
    with pytest.raises(ValueError, match="`\\[HOPE\\]` in its syntax is neither"):
        fort_words.FORT.extended("fort+hope", primitives=(spec,))


def test_a_kinds_terminal_may_not_be_a_keywords(wishes) -> None:
    m, _ = wishes
    odd = ArgKind("ODD", "wish", "WISH", words=(Word("odd", 1),))
    spec = reg.PrimitiveSpec("wish", m.Wish, "wish [ODD]", "X", "Odd.", "wish")
    with pytest.raises(ValueError, match="is also a keyword's"):
        fort_words.FORT.extended("fort+odd", primitives=(spec,), kinds=(odd,))


def test_the_parser_cache_key_changes_with_a_plugins_kinds(wishes) -> None:
    """The LALR tables are cached by the grammar text (fortlang.parser_cache); a kind's
    pattern and its words are in that text, so another declaration never loads stale tables."""
    m, words = wishes
    fort = compose_grammar(fort_words.FORT)
    assert "WISHED" not in fort and "WISHED" in words.grammar
    assert cache_file(words.grammar) != cache_file(fort) or cache_file(fort) is None
    fewer = ArgKind.union("WISH", "wish", ArgKind(
        "COLOUR", "colour", "COLOUR", name="colour",
        words=(Word("blue", m.Colour.BLUE), Word("red", m.Colour.RED))), m.NUMBER,
        terminal="WISHED")
    wider = ArgKind.union("WISH", "wish", m.COLOUR, ArgKind(
        "NUM", "number", "NUMBER", pattern=r"[0-9]{1,2}", parse=int, lo=1, hi=10),
        terminal="WISHED")
    grammars = {words.grammar}
    for kind in (fewer, wider):
        node = make_dataclass("Hope", [("wish", object, None)], bases=(n.Action,),
                              frozen=True, slots=True)  # a node of this vocabulary's own
        spec = reg.PrimitiveSpec("wish", node, "wish [WISH]", "F7.2", "Wish.", "wish",
                                 effect=m.WISH_P.effect)
        vocab = reg.Vocabulary("other", (*fort_words.FORT.primitives, spec), fort_words.RESOURCES,
                               fort_words.QUANTITIES, reg.OPERATORS, fort_words.METRICS,
                               (*fort_words.FORT_KINDS, kind))
        grammars.add(compose_grammar(vocab))
    assert len(grammars) == 3
    keys = {cache_file(g) for g in grammars}
    assert None in keys or len(keys) == 3


def test_a_plugin_whose_words_cannot_be_said_in_every_language_fails_to_load(
        tmp_path: Path) -> None:
    code = PLUGIN.read_text(encoding="utf-8").replace(', "ru": _SAID[c][1]}', "}")
    site = install(tmp_path / "site", name="wishes", module="fortlang_wishes", code=code)
    forget()
    sys.path.insert(0, str(site))
    try:
        with pytest.raises(plugins.PluginError) as err:
            plugins.vocabulary(["wishes"])
    finally:
        sys.path.remove(str(site))
        forget()
    assert err.value.code == "E341"
    assert "argument kind `COLOUR` word `blue` declares no ru phrase" in err.value.message


@pytest.mark.parametrize("pattern", ["[0-9]+\n%import common.WORD", "[0-9]+\r"])
def test_a_pattern_cannot_write_grammar_lines(pattern: str) -> None:
    with pytest.raises(ValueError, match="line break or a control character"):
        ArgKind("DICE", "dice", "DICE", pattern=pattern, parse=int)


def test_the_modules_examples_run() -> None:
    result = doctest.testmod(vocabulary)
    assert result.attempted >= 5 and result.failed == 0


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_print_then_parse_is_identity_in_the_plugins_vocabulary(wishes, data) -> None:
    """The round-trip property of every vocabulary (tests/strategies.py), its kinds' values
    drawn from their declarations."""
    _, words = wishes
    prints_and_parses_back(words.parse_action, data.draw(actions_of(words.vocab)))


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet="wishtegaly rdbu0123456789+-x()", max_size=30))
def test_any_text_is_an_ast_or_a_positioned_error(wishes, text: str) -> None:
    _, words = wishes
    parses_or_says_where(words.parse_action, text)


def test_explain_says_it_through_the_cli(wishes) -> None:
    result = CliRunner().invoke(main, ["explain", "--uses", "wishes", "--lang", "ru",
                                       "wish yellow then test cunning 4+"])
    assert result.exit_code == 0, result.output
    assert "загадайте жёлтый" in result.output.lower() and "хитрости на 4+" in result.output


def test_the_icon_strip_shows_the_argument_as_cards_write_it(wishes) -> None:
    from fortlang.docsite.strip import glyphs

    _, words = wishes
    assert [g.text for g in glyphs(words.parse_action("wish red"))] == ["wish", "red"]
    assert [g.text for g in glyphs(words.parse_action("wish"))] == ["wish"]
    assert [g.text for g in glyphs(words.parse_action("test lore 5+ 2"))] == [
        "test", "lore", "5+", "2"]


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_generated_reference_lists_what_a_card_may_write(wishes, lang: str) -> None:
    from fortlang.docsite.reference import primitives

    _, words = wishes
    page = primitives(lang, words.vocab)
    assert "### `wish [WISH]`" in page
    assert "`[WISH]`: `blue`, `red`, `green`, `yellow`, `1…9`" in page
    assert "`FACE`: `2+…6+`" in page
    assert "`[WISH]`" not in primitives(lang)  # Fort's reference is unchanged


@pytest.mark.parametrize("word", ["", "two words", "`x`", "<b>", "a" * 41])
def test_a_word_is_what_a_card_can_write(word: str) -> None:
    with pytest.raises(ValueError, match="not letters, digits"):
        ArgKind("ODD", "odd", "ODD", words=(Word(word, 1),))


def test_a_refused_word_gets_its_own_hint_through_a_union() -> None:
    """A word a card may write by mistake (`black` for a colour) says why it is refused, in
    place of a did-you-mean (`blue`); declaring a word both ways is a ValueError."""
    colour = vocabulary.ArgKind("HUE", "hue", "HUE", name="colour",
                                words=(vocabulary.Word("blue", 1),),
                                refused={"black": "black is not a colour"})
    number = vocabulary.ArgKind("DIGIT", "digit", "DIGIT", pattern="[0-9]", parse=int, lo=1, hi=9)
    either = vocabulary.ArgKind.union("HUEORDIGIT", "either", colour, number)
    for kind in (colour, either):
        with pytest.raises(vocabulary.BadArgument) as caught:
            kind.read("black")
        assert (caught.value.code, caught.value.hint) == ("E101", "black is not a colour")
    with pytest.raises(vocabulary.BadArgument) as caught:
        either.read("blu")
    assert caught.value.hint == "did you mean `blue`?"
    with pytest.raises(ValueError, match="declared and refused"):
        vocabulary.ArgKind("HUE", "hue", "HUE", words=(vocabulary.Word("black", 0),),
                           refused={"black": "no"})


@pytest.mark.parametrize("order", [0, 1])
def test_a_unions_terminal_takes_the_whole_token_whatever_its_members_order(order: int
                                                                             ) -> None:
    """The terminal of a union is one regular expression whose alternatives are tried in
    order: a member reading one digit before one reading several took `1` of `10` and left
    `0` to a syntax error. Each alternative now ends where a token ends."""
    import re

    digit = vocabulary.ArgKind("DIGIT", "digit", "DIGIT", pattern="[0-9]", parse=int, lo=1,
                               hi=9)
    tens = vocabulary.ArgKind("TENS", "tens", "TENS", pattern="[0-9]+", parse=int, lo=10,
                              hi=99)
    dice = vocabulary.ArgKind("DIE", "die", "DIE", pattern="d[0-9]+", parse=lambda t: t,
                              lo=None, hi=None)
    colour = vocabulary.ArgKind("HUE", "hue", "HUE", words=(vocabulary.Word("blue", 1),))
    members = [digit, tens, dice, colour]
    union = vocabulary.ArgKind.union("ANY", "any", *(members if order else members[::-1]))
    for text in ("10", "7", "d12", "blue", "99"):
        found = re.match(union.regex(), text + " then")
        assert found is not None and found.group(0) == text, (text, union.regex())
    assert union.read("10") == 10 and union.read("7") == 7 and union.read("d12") == "d12"
