"""A wrong scenario fails, saying what differs (field path, expected, got) or which move broke
which rule; it never raises."""

from __future__ import annotations

from fortlang.games.fort.scenarios import load_text, run_scenario

BUG_TABLE = """
scenarios:
  - name: bug
    given:
      players:
        - hand: [Bug, The Moles]
          lookout: [Scout]
    when:
      - play: Bug
        add: [The Moles]
        use: public only
    then:
"""


def outcome(then: str, table: str = BUG_TABLE):
    [scenario] = load_text(table + then)
    return run_scenario(scenario)


def test_r5_3_right_expectation_passes():
    assert outcome("      players: [{stuff: {pizza: 3}, hand: []}]").passed


def test_r5_3_wrong_token_count_is_a_diff_with_its_path():
    result = outcome("      players: [{stuff: {pizza: 4, toy: 0}}]")
    assert not result.passed and result.message is None
    assert [(d.path, d.expected, d.got) for d in result.diffs] == [("player1.stuff.pizza", 4, 3)]
    assert result.diffs[0].render() == "player1.stuff.pizza: expected 4, got 3"


def test_zone_diff_lists_card_names_in_any_order():
    ok = outcome("      players: [{in_play: [The Moles, Bug]}]")
    assert ok.passed
    bad = outcome("      players: [{in_play: [Bug]}, {hand: [Bug]}]")
    assert [(d.path, d.expected, d.got) for d in bad.diffs] == [
        ("player1.in_play", ["Bug"], ["Bug", "The Moles"]),
        ("player2.hand", ["Bug"], []),
    ]


def test_only_listed_fields_are_compared():
    assert outcome("      players: [{vp: 0}]").passed
    assert outcome("      supply: {pizza: 27}").passed
    assert not outcome("      supply: {pizza: 30}").passed


def test_r5_4_expected_error_that_does_not_happen_fails():
    result = outcome("      error: R5.4")
    assert not result.passed
    assert "expected a move to break R5.4, but every move was legal" in result.message


DOODLES = """
cards:
  - {name: Doodles, suits: [glue], public: gain toy x glue, private: score}
scenarios:
  - name: doodles
    given: {players: [{hand: [Doodles, Tink, Puddin], stuff: {toy: 2}}]}
    when: [{play: Doodles, add: [Tink, Puddin]}]
    then:
"""


def test_r5_5_the_expected_rule_passes_and_another_rule_fails():
    assert outcome("      error: R5.5", DOODLES).passed
    wrong = outcome("      error: R5.4", DOODLES)
    assert not wrong.passed
    assert "breaks R5.5, expected R5.4" in wrong.message
    assert "line 7 `play Doodles`" in wrong.message


def test_r5_5_unexpected_rules_violation_fails_naming_the_rule():
    result = outcome("      players: [{stuff: {toy: 4}}]", DOODLES)
    assert not result.passed
    assert "`play Doodles` breaks R5.5" in result.message


def test_unanswered_choice_fails_with_the_options():
    table = """
scenarios:
  - name: bud
    given: {players: [{hand: [Bud]}]}
    when: [{play: Bud, use: public only}]
    then:
"""
    result = outcome("      players: [{stuff: {pizza: 2}}]", table)
    assert not result.passed
    assert "cannot be made" in result.message and "say `coin: <suit>`" in result.message


def test_card_not_in_hand_is_r5_1():
    table = """
scenarios:
  - name: missing
    when: [{play: Bug}]
    then:
"""
    assert outcome("      error: R5.1", table).passed


def test_an_add_the_engine_never_asks_for_fails():
    table = """
scenarios:
  - name: never asked
    given: {players: [{hand: [Bug, Doc]}]}
    when: [{play: Bug, add: [Doc]}]
    then:
"""
    result = outcome("      players: [{stuff: {pizza: 1}}]", table)
    assert not result.passed and "add Doc" in result.message


JULIE = """
scenarios:
  - name: julie
    given:
      players:
        - {vp: 17, level: 5, rule: Popularity, lookout: [Bug, Worm, Doc, Ghost]}
        - {vp: 34, level: 4}
      macaroni: 1
    then:
"""


def test_r11_4_final_score_and_winners_are_compared():
    assert outcome("      players: [{score: 48}, {score: 48}]\n      winners: [1]", JULIE).passed
    bad = outcome("      players: [{score: 44}]\n      winners: [1, 2]", JULIE)
    assert [(d.path, d.expected, d.got) for d in bad.diffs] == [
        ("player1.score", 44, 48), ("winners", [1, 2], [1])]


def test_an_unanswered_question_counts_players_from_1_and_lists_the_answers():
    table = """
scenarios:
  - name: player 2 gains pizza or toy
    when:
      - perform: gain pizza/toy
        by: 2
    then:
"""
    result = outcome("      players: [{}, {stuff: {pizza: 1}}]", table)
    assert not result.passed
    assert "seat" not in result.message
    assert "player 2 (" in result.message and "  - " in result.message
