"""Issue 33 stage 5, second slice: selectors, who performs an action, as declarations. Fort's
`each rival`, `a rival` and `each player` are declarations that parse, print, explain, check
and play as they always did; a vocabulary plugin (tests/selectors_plugin.py, installed the way
pip lays a package out) brings the core's `next player`, `previous player` and `a player` and
Frantic's `the player with most cards` / `fewest cards` (F9.3), and the grammar, the builder,
the printer, the sentences in en/fr/ru, the checker's bound, the engine and the language
server's completion all follow from those declarations."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from builders import Recorder, kid
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_site import forget, install
from strategies import actions_of, parses_or_says_where, prints_and_parses_back

from fortlang import nodes as n
from fortlang import plugins
from fortlang import registry as reg
from fortlang.cardset.dsl import ACTION
from fortlang.checker import check, search_ways
from fortlang.cli import main
from fortlang.engine import Kind
from fortlang.errors import FortSyntaxError
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import perform
from fortlang.games.fort.table import Game
from fortlang.lsp.completion import language_items
from fortlang.parser import Language, _base_selectors, compose_grammar, language, selector_rule
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.resources import grammar_path
from fortlang.sim.seats import Seats
from fortlang.vocabulary import (
    A_PLAYER,
    NEXT_PLAYER,
    PREVIOUS_PLAYER,
    Acting,
    Selector,
    everyone,
    next_seat,
)

PLUGIN = Path(__file__).parent / "selectors_plugin.py"
TOY = Resource.TOY


@pytest.fixture(scope="module")
def seats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, Language]]:
    """The plugin installed in a private folder on ``sys.path``; its module and language."""
    site = install(tmp_path_factory.mktemp("site"), name="seats", module="fortlang_seats",
                   code=PLUGIN.read_text(encoding="utf-8"))
    forget()
    sys.path.insert(0, str(site))
    try:
        vocab = plugins.vocabulary(["seats"])
        yield sys.modules["fortlang_seats"], language(vocab)
    finally:
        sys.path.remove(str(site))
        forget()


# -- Fort's three are declarations, and Fort is unchanged ------------------------------------


def test_forts_performers_are_its_vocabularys_selectors() -> None:
    assert [(s.syntax, s.picks) for s in fort_words.FORT.selectors] == [
        ("each rival", "each"), ("a rival", "chosen"), ("each player", "each")]
    assert [s.node_value for s in fort_words.FORT.selectors] == list(n.Who)
    assert all(type(s.node_value) is n.Who for s in fort_words.FORT.selectors)  # the AST's own


def test_forts_grammar_writes_exactly_its_selectors_and_composes_nothing_more() -> None:
    base = grammar_path().read_text(encoding="utf-8")
    assert _base_selectors(base) == {selector_rule(s) for s in fort_words.FORT.selectors}
    assert "%extend" not in compose_grammar(fort_words.FORT)


def test_fort_does_not_know_the_cores_other_selectors() -> None:
    for text in ("next player -> gain toy", "a player -> draw"):
        with pytest.raises(FortSyntaxError):
            language().parse_action(text)


# -- parse, print, explain --------------------------------------------------------------------

TEXTS = ("next player -> gain toy", "previous player -> lose then score",
         "a player -> draw 2", "the player with most cards -> lose",
         "the player with fewest cards -> gain pizza x 2", "each rival -> next player -> draw",
         "next player -> (gain toy or score)", "next player -> gain toy or score")


@pytest.mark.parametrize("text", TEXTS)
def test_a_selector_parses_prints_and_round_trips(seats, text: str) -> None:
    _, words = seats
    ast = words.parse_action(text)
    assert to_text(ast) == text
    assert words.parse_action(to_text(ast)) == ast


def test_the_ast_holds_the_selectors_syntax(seats) -> None:
    _, words = seats
    ast = words.parse_action("next  player ->gain toy")
    assert ast == n.Target("next player", fn.Gain(resource=TOY))
    assert reg.selector_of(ast.who) is NEXT_PLAYER
    assert n.to_json(ast)["who"] == "next player"


def test_a_misspelled_selector_is_a_positioned_error(seats) -> None:
    _, words = seats
    with pytest.raises(FortSyntaxError) as err:
        words.parse_action("the player with mots cards -> lose")
    (d, *_) = err.value.diagnostics
    assert d.code == "E100" and d.span.column == 17 and "`most`" in d.message


@pytest.mark.parametrize("lang, text, said", [
    ("en", "next player -> gain toy", "The next player: gain 1 toy."),
    ("fr", "next player -> gain toy", "Le joueur suivant : gagnez 1 jouet."),
    ("ru", "previous player -> lose", "Предыдущий игрок: потеряйте 1 ПО."),
    ("en", "a player -> draw", "A player of your choice (you too): draw 1 card."),
    ("en", "the player with most cards -> lose",
     "The player with the most cards in hand: lose 1 victory point."),
    ("fr", "the player with fewest cards -> draw",
     "Le joueur qui a le moins de cartes en main : piochez 1 carte."),
    ("ru", "the player with most cards -> lose",
     "Игрок, у которого больше всего карт в руке: потеряйте 1 ПО."),
])
def test_it_explains_itself_in_three_languages(seats, lang: str, text: str, said: str) -> None:
    _, words = seats
    assert sentence(words.parse_action(text), lang) == said


def test_completion_offers_the_selectors_words(seats) -> None:
    _, words = seats
    labels = {i.label for i in language_items("score then ", ACTION, words.vocab)}
    assert {"next player ->", "previous player ->", "a player ->",
            "the player with most cards ->", "the player with fewest cards ->",
            "each rival ->"} <= labels
    labels = {i.label for i in language_items("the player with ", ACTION, words.vocab)}
    assert labels == {"most", "fewest"}
    fort = {i.label for i in language_items("score then ", ACTION, fort_words.FORT)}
    assert "each rival ->" in fort and "next player ->" not in fort


# -- the checker's bound (E202) ----------------------------------------------------------------


@pytest.mark.parametrize("text, ways", [
    ("each rival -> gain pizza/toy", 2 ** 3),  # as before: three performers, each chooses
    ("a rival -> gain pizza/toy", 3 * 2),  # one of three, chosen
    ("each player -> gain pizza/toy", 2 ** 4),
    ("next player -> gain pizza/toy", 2),  # one performer, nobody chooses who
    ("the player with most cards -> gain pizza/toy", 2),
    ("a player -> gain pizza/toy", 4 * 2),  # one of four, you too
])
def test_a_selectors_search_bound_counts_its_performers(seats, text: str, ways: int) -> None:
    _, words = seats
    assert search_ways(words.parse_action(text)) == ways


def test_e202_bounds_an_action_with_a_selector(seats) -> None:
    _, words = seats
    body = "(gain pizza/toy or draw or lose or give pizza/toy) x 6"  # 74,613 ways
    for one in ("next player", "the player with most cards"):
        assert check(words.parse_action(f"{one} -> {body} then score")) == []
    codes = [d.code for d in check(words.parse_action(f"a player -> {body} then score"))]
    assert codes and set(codes) == {"E202"}  # 4 x 74,613: past 100,000


# -- perform ----------------------------------------------------------------------------------


def _table(players: int, *scripts: list[str]) -> Game:
    agents = [Recorder(s) for s in scripts] + [Recorder() for _ in range(players - len(scripts))]
    return Game(players, asker=Seats(agents), debug=True)


def _do(words: Language, game: Game, text: str, seat: int = 0) -> bool:
    ok = perform(game, seat, words.parse_action(text))
    assert_invariants(game)
    return ok


@pytest.mark.parametrize("players, actor, gains", [
    (3, 0, [0, 1, 0]), (3, 2, [1, 0, 0]), (4, 1, [0, 0, 1, 0]), (4, 3, [1, 0, 0, 0])])
def test_the_next_player_performs_as_themselves(seats, players, actor, gains) -> None:
    _, words = seats
    game = _table(players)
    assert _do(words, game, "next player -> gain toy", actor)
    assert [p.stuff[TOY] for p in game.players] == gains


@pytest.mark.parametrize("players, actor, gains", [
    (3, 0, [0, 0, 1]), (4, 0, [0, 0, 0, 1]), (4, 2, [0, 1, 0, 0])])
def test_the_previous_player_performs_as_themselves(seats, players, actor, gains) -> None:
    _, words = seats
    game = _table(players)
    assert _do(words, game, "previous player -> gain toy", actor)
    assert [p.stuff[TOY] for p in game.players] == gains


def test_a_player_is_chosen_by_the_actor_among_everyone_you_first(seats) -> None:
    _, words = seats
    game = _table(4, ["player 3"])
    assert _do(words, game, "a player -> gain toy")
    (asked,) = game.asker.agents[0].seen
    assert asked.player == 0 and asked.kind == Kind.RIVAL
    assert [o.label for o in asked.options] == ["player 1", "player 2", "player 3", "player 4"]
    assert [p.stuff[TOY] for p in game.players] == [0, 0, 1, 0]


def test_a_player_offers_only_who_can_complete_r5_4(seats) -> None:
    _, words = seats
    game = _table(3, ["player 2"])
    game.players[1].vp = 1
    assert _do(words, game, "a player -> lose")
    (asked,) = game.asker.agents[0].seen
    assert [o.label for o in asked.options] == ["player 2"]
    assert game.players[1].vp == 0


def _hands(game: Game, *sizes: int) -> None:
    for p, size in zip(game.players, sizes, strict=True):
        game.new_cards([kid(f"Kid {p.seat} {i}", "book") for i in range(size)], p.hand)


@pytest.mark.parametrize("sizes, actor, most, fewest", [
    ((1, 4, 2, 3), 0, 1, 0),  # no tie
    ((2, 3, 3, 1), 0, 1, 3),  # 1 and 2 tie for most: 1 comes first from 0's next
    ((2, 3, 3, 1), 1, 2, 3),  # from 1's next, 2 comes before 1 (the actor last, F9.3)
    ((3, 1, 3, 1), 2, 0, 3),  # from 2: 3, 0, 1, then 2 itself
    ((2, 2, 2, 2), 3, 0, 0),  # all tie: the actor's next
])
def test_the_player_with_most_or_fewest_cards_ties_to_the_first_in_turn_order_f9_3(
        seats, sizes, actor, most, fewest) -> None:
    _, words = seats
    for text, seat in (("the player with most cards -> gain toy", most),
                       ("the player with fewest cards -> gain toy", fewest)):
        game = _table(4)
        _hands(game, *sizes)
        assert _do(words, game, text, actor)
        assert [p.stuff[TOY] for p in game.players] == [int(i == seat) for i in range(4)]


def test_at_three_seats_most_cards_reads_the_hands_now(seats) -> None:
    _, words = seats
    game = _table(3)
    _hands(game, 1, 0, 2)
    assert _do(words, game, "the player with most cards -> gain toy")
    assert [p.stuff[TOY] for p in game.players] == [0, 0, 1]
    assert not _do(words, game, "the player with fewest cards -> lose")  # seat 1: no VP
    game.new_card(kid("Late", "book"), game.players[1].hand)
    game.players[0].vp = 1  # 0 and 1 now tie for fewest: 1 comes first from 0's next
    assert not _do(words, game, "the player with fewest cards -> lose")
    assert _do(words, game, "the player with fewest cards -> lose", seat=1)  # 0, from 1
    assert game.players[0].vp == 0


def test_ties_to_the_chooser_ask_the_actor_among_the_tied_players() -> None:
    richest = Selector.extreme("vp", lambda view, seat: view.players[seat].vp, ties="chooser",
                               phrases={"en": "the richest player you choose: {body}"})
    words = language(fort_words.FORT.extended("fort+richest", selectors=(richest,)))
    game = _table(4, ["player 3"])
    for p, vp in zip(game.players, (2, 5, 5, 1), strict=True):
        p.vp = vp
    assert _do(words, game, "the player with most vp -> gain toy")
    (asked,) = game.asker.agents[0].seen
    assert asked.kind == Kind.RIVAL and [o.label for o in asked.options] == ["player 2",
                                                                             "player 3"]
    assert [p.stuff[TOY] for p in game.players] == [0, 0, 1, 0]
    assert search_ways(words.parse_action("the player with most vp -> gain pizza/toy")) == 4 * 2


def test_a_selector_is_in_full_when_its_performer_is(seats) -> None:
    _, words = seats
    game = _table(3)
    assert not _do(words, game, "next player -> lose")
    game.players[1].vp = 2
    assert _do(words, game, "next player -> lose") and game.players[1].vp == 1


# -- the declaration -------------------------------------------------------------------------


def _view(count: int, direction: int = 1) -> Any:
    return SimpleNamespace(seat_count=count, direction=direction)


def test_the_direction_of_play_orders_the_seats() -> None:
    left, right = _view(4), _view(4, -1)
    assert next_seat(left, Acting(1)) == (2,) and next_seat(right, Acting(1)) == (0,)
    assert PREVIOUS_PLAYER.performers(right, Acting(0)) == (1,)
    assert everyone(right, Acting(2)) == (2, 1, 0, 3)
    assert reg.EACH_RIVAL.performers(right, Acting(0)) == (3, 2, 1)


def test_the_game_view_gives_the_table_and_its_direction() -> None:
    from fortlang.games.fort.view import GameView

    view = GameView(Game(3), 0)
    assert (view.seat_count, view.direction) == (3, 1)  # Fort always passes left


def test_a_table_that_declares_its_direction_reverses_the_performers(seats) -> None:
    _, words = seats
    game = _table(4)
    try:  # the pure engine; a compiled Game takes no new attribute (the flow will declare it)
        game.direction = -1  # type: ignore[attr-defined]
    except AttributeError:
        pytest.skip("a compiled Game declares no direction")
    assert _do(words, game, "next player -> gain toy then previous player -> gain pizza")
    assert [p.stuff[TOY] for p in game.players] == [0, 0, 0, 1]
    assert [p.stuff[Resource.PIZZA] for p in game.players] == [0, 1, 0, 0]
    game.players[1].vp = 1
    assert not _do(words, game, "each rival -> lose")  # 3 and 2 have none


def test_a_declarations_bad_seats_are_refused_by_name() -> None:
    rogue = Selector("rogue", "rogue player", "one", lambda view, acting: (7,))
    with pytest.raises(ValueError, match="rogue player"):
        rogue.performers(_view(3), Acting(0))
    twice = Selector("twice", "twice player", "each", lambda view, acting: (1, 1))
    with pytest.raises(ValueError, match="twice player"):
        twice.performers(_view(3), Acting(0))


def test_the_engine_checks_a_declarations_seats_and_trusts_the_cores() -> None:
    rogue = Selector("rogue", "rogue player", "one", lambda view, acting: (acting.actor + 5,),
                     phrases={"en": "rogue: {body}"})
    assert NEXT_PLAYER.checked_seats is next_seat
    words = language(fort_words.FORT.extended("fort+rogue", selectors=(rogue,)))
    with pytest.raises(ValueError, match="rogue player"):
        perform(_table(3), 0, words.parse_action("rogue player -> gain toy"))


@pytest.mark.parametrize("kwargs, match", [
    ({"syntax": "Next Player"}, "lowercase"),
    ({"syntax": "next or player"}, "lowercase"),
    ({"picks": "some"}, "picks"),
    ({"syntax": "any resource"}, "terminal"),
    ({"syntax": "an other"}, "terminal"),
    ({"phrases": {"en": "next player"}}, "body"),
])
def test_a_malformed_selector_is_refused(kwargs: dict, match: str) -> None:
    args: dict[str, Any] = {"name": "x", "syntax": "next player", "picks": "one",
                            "seats": next_seat, **kwargs}
    with pytest.raises(ValueError, match=match):
        Selector(**args)


def test_the_words_a_selector_may_not_take_are_the_base_grammars_other_terminals() -> None:
    from fortlang.vocabulary import GRAMMAR_NAMES

    base = grammar_path().read_text(encoding="utf-8")
    named = re.findall(r"^_?([A-Z][A-Z0-9_]*)(?:\.\d+)?\s*:\s*(.*)$", base, re.MULTILINE)
    others = {name.lower() for name, body in named
              if body.strip() != f"/{name.lower()}\\b/"}
    assert GRAMMAR_NAMES == others - {"arrow", "or", "then", "x"}  # operators: refused anyway


def test_two_declarations_of_one_syntax_clash() -> None:
    other = Selector("mine", "each rival", "one", next_seat)
    with pytest.raises(ValueError, match="each rival"):
        fort_words.FORT.extended("fort+clash", selectors=(other,))


def test_a_plugins_selector_must_speak_every_language(tmp_path: Path) -> None:
    code = PLUGIN.read_text(encoding="utf-8").replace(
        '"ru": "игрок, у которого больше всего карт в руке: {body}"', "")
    site = install(tmp_path / "site", name="seats", module="fortlang_seats", code=code)
    forget()
    sys.path.insert(0, str(site))
    try:
        with pytest.raises(plugins.PluginError) as err:
            plugins.vocabulary(["seats"])
        assert err.value.code == "E341" and "the player with most cards" in str(err.value)
    finally:
        sys.path.remove(str(site))
        forget()


def test_the_core_selectors_say_themselves_in_every_language() -> None:
    for sel in (NEXT_PLAYER, PREVIOUS_PLAYER, A_PLAYER):
        assert set(sel.phrases) == set(sel.meanings) == set(reg.LANGUAGES)


# -- through the command line ------------------------------------------------------------------


def _set(folder: Path, *actions: str) -> Path:
    folder.mkdir()
    (folder / "manifest.yaml").write_text(
        "id: seating\nname: Seating\nversion: '0.1.0'\nrequires: [fort-base]\n"
        "uses: [seats]\n", encoding="utf-8")
    (folder / "kids.yaml").write_text("kids:\n" + "".join(
        f"  - id: k{i}\n    name: K{i}\n    suits: [book]\n    public: {action}\n"
        for i, action in enumerate(actions)), encoding="utf-8")
    return folder


def test_check_and_fmt_read_a_plugins_selectors(seats, tmp_path: Path) -> None:
    folder = _set(tmp_path / "ok", "next  player -> gain toy", "the player with most cards->lose")
    assert CliRunner().invoke(main, ["check", "--no-warnings", str(folder)]).exit_code == 0
    kids = folder / "kids.yaml"
    for _ in range(2):
        result = CliRunner().invoke(main, ["fmt", str(kids)])
        assert result.exit_code == 0, result.output
        text = kids.read_text(encoding="utf-8")
        assert "public: next player -> gain toy\n" in text
        assert "public: the player with most cards -> lose\n" in text
    bad = _set(tmp_path / "bad", "score then the player with mots cards -> lose")
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(bad)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "kids.yaml:5:40: error[E100]: unexpected `mots`" in result.output


def test_explain_says_a_selector_through_the_cli(seats) -> None:
    result = CliRunner().invoke(main, ["explain", "--uses", "seats", "--lang", "fr",
                                       "previous player -> gain toy"])
    assert result.exit_code == 0, result.output
    assert "le joueur précédent : gagnez 1 jouet" in result.output.lower()


@pytest.mark.parametrize("lang, meaning", [
    ("en", "The player with the most cards in hand"),
    ("fr", "Le joueur qui a le plus de cartes en main"),
    ("ru", "Игрок, у которого больше всего карт в руке")])
def test_the_generated_reference_lists_a_plugins_selectors(seats, lang: str, meaning: str) -> None:
    from fortlang.docsite import safe
    from fortlang.docsite.reference import selectors

    _, words = seats
    page = selectors(lang, words.vocab)
    assert "### `the player with most cards ->`" in page and "### `next player ->`" in page
    assert safe.markdown(meaning) in page
    assert "each rival" not in page  # Fort's are operators
    assert selectors(lang) == ""  # Fort's reference is unchanged


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_print_then_parse_is_identity_with_selectors(seats, data) -> None:
    """The round-trip property of every vocabulary (tests/strategies.py), its performers drawn
    from its selectors."""
    _, words = seats
    prints_and_parses_back(words.parse_action, data.draw(actions_of(words.vocab)))


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet="nextplayrviouswhmfgsc ->()", max_size=40))
def test_any_text_is_an_ast_or_a_positioned_error(seats, text: str) -> None:
    _, words = seats
    parses_or_says_where(words.parse_action, text)



@pytest.mark.parametrize("players", [2, 3, 4])
def test_forts_selectors_read_natively_give_the_seats_their_declarations_give(players) -> None:
    """TargetOp reads Fort's three selectors natively at a Game (it declares no direction of
    play): the performers, in order, are the seats their declarations' functions give."""
    from fortlang.engine.program import TargetOp, program
    from fortlang.games.fort.view import GameView
    from fortlang.vocabulary import Acting

    for text in ("each rival -> score", "each player -> score", "a rival -> score"):
        op = program(language(fort_words.FORT).parse_action(text))
        assert isinstance(op, TargetOp) and op.native
        for seat in range(players):
            game = Game(players)
            assert op.performers(game, seat) == op.seats(GameView(game, seat), Acting(seat))
