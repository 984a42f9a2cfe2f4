"""A game's own checks are its module's (issue 33: "a game module declares its vocabulary, ...
checks"; docs/design/game-modules.md §2.1): Fort's rules (R1.5 stuff, R12.5 `destroy this`,
R13.2 cost modifier, R5.3/R5.6/R5.7 deciding a play) live in fortlang.games.fort.checks,
which Fort's GameModule declares; the core checker runs the language's checks plus those of the
game whose words an action was read in. Another game's action is never judged by Fort's rules,
and Fort's still are, byte for byte."""

from __future__ import annotations

import pytest

from fortlang import checker
from fortlang.cardset.dsl import ACTION, parse_text
from fortlang.checker import NO_CHECKS, GameChecks, check, game_checks
from fortlang.errors import FortSyntaxError
from fortlang.games import game_named
from fortlang.games.fort import checks as fort_checks
from fortlang.games.fort import vocabulary as fort_words
from fortlang.parser import language, parse_action, written_numbers
from fortlang.registry import MAX_PLAY_WAYS, PrimitiveSpec, Vocabulary, vocabulary_of
from fortlang.vocabulary import ArgKind

FRANTIC = vocabulary_of("frantic")
FORTUNE = vocabulary_of("fortune-and-glory")

#: Frantic: `x place` repeats up to 8 times (F9.2), each time one of five primitives that offer
#: choices; Fort's play bound (the suits named, the cards added, R5.3) would count 18,156,204
#: ways. Frantic plays it as it goes (nothing in it is searched ahead: games/frantic/match.py).
FRANTIC_PLAY = ("(skip another or give 2 to another or draw 2 or discard 2 or deal 2 to others)"
                " x place")
#: Fortune and Glory: a `then` repeated 10 times; its tests are performed as they come.
_TEST = "test combat 5+ need 2"
FORTUNE_PLAY = f"({_TEST} then {_TEST} then {_TEST} then {_TEST}) x 10"


def test_forts_module_declares_its_checks() -> None:
    fort = game_named("fort")
    assert fort.checks == "fortlang.games.fort.checks"
    assert fort.piece("checks") is fort_checks
    assert game_checks() is fort_checks.CHECKS
    assert game_checks(fort_words.FORT) is fort_checks.CHECKS


def test_other_games_declare_none_of_forts() -> None:
    """Frantic and Fortune and Glory declare no checks of their own: the language's alone."""
    assert game_checks(FRANTIC) is NO_CHECKS
    assert game_checks(FORTUNE) is NO_CHECKS


def test_words_of_no_installed_game_get_the_languages_checks_only() -> None:
    class Words:
        name = "no-such-game"

    assert game_checks(Words()) is NO_CHECKS  # type: ignore[arg-type]


@pytest.mark.parametrize("vocab, text", [(FRANTIC, FRANTIC_PLAY), (FORTUNE, FORTUNE_PLAY)],
                         ids=["frantic", "fortune"])
def test_another_games_action_is_not_judged_by_forts_play_bound(vocab: Vocabulary,
                                                                text: str) -> None:
    """Fort's R5.3/R5.7 bound (E202 "with the suits the leader names and the counts the cards
    added give") refused these before; it is Fort's play, not theirs."""
    action = language(vocab).parse_action(text)
    assert fort_checks.play_ways([action]) > MAX_PLAY_WAYS  # Fort's would refuse
    assert check(action, vocabulary=vocab) == []
    node, found = parse_text(text, ACTION, vocab)  # as a card file's text is checked
    assert node == action and found == ()


def test_the_languages_own_checks_judge_every_game() -> None:
    """Nested repeats by quantities (E202) and multipliers (E200) are the language's."""
    frantic = language(FRANTIC)
    runaway = check(frantic.parse_action("((draw x place) x place) x place"), vocabulary=FRANTIC)
    assert [d.code for d in runaway] == ["E202"]
    assert [d.code for d in check(frantic.parse_action("draw 3 x 9"), vocabulary=FRANTIC)] \
        == ["E200"]


@pytest.mark.parametrize("text, code, message", [
    ("destroy this then destroy this", "E201",
     "`destroy this` twice in one action: a card is boxed once (R12.5)"),
    ("each rival -> destroy this", "E203",
     "`destroy this` under `each rival ->`: this card is yours, another player cannot box it "
     "(R12.5)"),
    ("advance +2", "E200", "cost modifier +2 is out of range (R13.2: -1 or +1)"),
    ("gain 5 pizza", "W200",
     "stuff holds at most 4 of each resource (R1.5), so `gain 5` can never be performed in full"),
    ("gain pizza x any then gain toy x any then score x any", "E202",
     "3 `x any` to name a suit for before adding cards, and deciding a play may try every set of "
     "suits with every set of cards added (R5.7, R5.3; at most 2 on a card)"),
    ("(copy rival pack or recruit or advance) x any", "E202",
     "`(copy rival pack or recruit or advance) x any` can unfold in 226,018,632,840 ways with the "
     "suits the leader names and the counts the cards added give, and deciding a play may search "
     "each of them (R5.3, R5.7, R13.4; at most 1,000,000 ways)"),
])
def test_forts_checks_still_judge_forts_actions(text: str, code: str, message: str) -> None:
    """Read in Fort's words (by default, named, or extended by a plugin): Fort's rules, with
    their codes and messages unchanged."""
    plugin = fort_words.FORT.extended("fort+nothing")
    for vocab in (None, fort_words.FORT, plugin):
        action = language(vocab).parse_action(text) if vocab else parse_action(text)
        found = [(d.code, d.message) for d in check(action, vocabulary=vocab)]
        assert found == [(code, message)], vocab


def test_a_games_own_checks_run_on_its_actions_only() -> None:
    """A game's GameChecks: its node, argument and tree checks run for its words, and not for
    Fort's, where they are none of Fort's."""
    seen: list[str] = []

    def tree(root: object) -> list[object]:
        seen.append(type(root).__name__)
        return []

    own = GameChecks(tree=(tree,))  # type: ignore[arg-type]
    checker._GAME_CHECKS["frantic"] = (game_named("frantic"), own)
    try:
        check(language(FRANTIC).parse_action("draw 2"), vocabulary=FRANTIC)
        check(parse_action("gain pizza"))
    finally:
        del checker._GAME_CHECKS["frantic"]
    assert seen == ["Draw"]


# -- the cost modifier's words come from the vocabulary (R13.2) -----------------------------------


def test_the_cost_modifiers_numbers_are_its_kinds() -> None:
    assert fort_words.MODIFIERS == (-1, 1)
    assert written_numbers(fort_words.MODIFIER) == ["-1", "+1"]
    with pytest.raises(FortSyntaxError) as caught:
        parse_action("advance 1")
    assert "a cost modifier (-1, +1)" in caught.value.diagnostics[0].message


def test_the_parsers_words_and_completion_follow_the_vocabularys_kind() -> None:
    """A made-up game whose `MODIFIER` terminal reads another kind, -2 to +2: the parser's
    words and the completion's say its numbers and its rule, not Fort's."""
    from dataclasses import make_dataclass

    from fortlang import nodes as n
    from fortlang.lsp.completion import language_items

    shift = make_dataclass("Shift", [("by", int, 0)], bases=(n.Action,), frozen=True)
    wide = ArgKind("SHIFT", "by", "MODIFIER", pattern=r"[+-][0-9]+", parse=int, lo=-2, hi=2,
                   default=0, name="shift", show=lambda v: f"{v:+d}", rule="X9")
    spec = PrimitiveSpec("shift", shift, "shift [SHIFT]", "X9", "Shift.", "shift -2")
    words = Vocabulary("shifting", (spec,), (), (), fort_words.OPERATORS, (), kinds=(wide,))
    with pytest.raises(FortSyntaxError) as caught:
        language(words).parse_action("shift 1")
    assert "a shift (-2, -1, +1, +2)" in caught.value.diagnostics[0].message
    items = language_items("shift ", ACTION, words)
    assert [(i.label, i.detail) for i in items if i.detail and i.detail.startswith("shift")] \
        == [("-2", "shift (X9)"), ("-1", "shift (X9)"), ("+1", "shift (X9)"), ("+2", "shift (X9)")]


@pytest.mark.parametrize("module", [checker, fort_checks], ids=lambda m: m.__name__)
def test_docstring_examples_run(module: object) -> None:
    import doctest

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted >= 1 and result.failed == 0
