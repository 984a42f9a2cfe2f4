"""Mistakes in a scenario file are positioned diagnostics (file:line:col, caret, hint), never
tracebacks: unknown cards with did-you-mean, bad move names, YAML errors."""

from __future__ import annotations

import pytest

from fortlang.errors import CODES, FortError
from fortlang.games.fort.scenarios import load_text


def diagnostics(text: str):
    with pytest.raises(FortError) as err:
        load_text(text, "s.yaml")
    return err.value


def test_unknown_card_has_position_and_did_you_mean():
    err = diagnostics("scenarios:\n  - name: x\n    given: {players: [{hand: [The Mole]}]}\n"
                      "    then: {}\n")
    d = err.first
    assert (d.code, d.file, d.span.line, d.span.column) == ("E701", "s.yaml", 3, 31)
    assert d.message == "unknown card `The Mole`" and d.hint == "did you mean `The Moles`?"
    assert "^^^^^^^^" in err.render()


def test_bad_move_name_is_an_unknown_field_with_did_you_mean():
    err = diagnostics("scenarios:\n  - name: x\n    when:\n      - plya: Bug\n    then: {}\n")
    d = err.first
    assert (d.code, d.span.line, d.span.column) == ("E311", 4, 9)
    assert d.hint == "did you mean `play`?"


def test_two_verbs_in_one_move_and_a_follow_without_a_play():
    err = diagnostics("scenarios:\n  - name: x\n    when:\n      - {play: Bug, recruit: Worm}\n"
                      "    then: {}\n  - name: y\n    when: [decline]\n    then: {}\n")
    assert [(d.code, d.span.line) for d in err.diagnostics] == [("E702", 4), ("E702", 7)]


def test_yaml_syntax_error_is_positioned():
    err = diagnostics("scenarios:\n  - name: [oops\n")
    assert err.first.code == "E301" and err.first.span is not None


def test_unknown_set_is_e703_and_its_cards_are_then_unknown():
    err = diagnostics("sets: [fort-bsae]\nscenarios:\n  - name: x\n"
                      "    given: {park: [Worm]}\n    then: {}\n")
    assert [d.code for d in err.diagnostics] == ["E703", "E701"]
    assert err.first.hint == "did you mean `fort-base`?"


def test_unknown_perk_rule_and_recruit_place():
    err = diagnostics("scenarios:\n  - name: x\n"
                      "    given: {players: [{perks: [Bribery], rule: Popular}]}\n"
                      "    when: [{recruit: Worm, from: the moon}]\n    then: {}\n")
    assert [(d.code, d.span.line) for d in err.diagnostics] == [
        ("E704", 3), ("E704", 3), ("E705", 4)]
    assert err.diagnostics[0].hint == "did you mean `Bribe`?"


def test_inline_card_action_error_points_into_the_file():
    err = diagnostics("cards:\n  - {name: Zed, suits: [book], public: gain pizza x shovle}\n"
                      "scenarios:\n  - name: x\n    then: {}\n")
    d = err.first
    assert d.span.line == 2 and "shovle" in d.message and d.hint == "did you mean `shovel`?"


def test_scenario_codes_are_registered():
    for code in ("E701", "E702", "E703", "E704", "E705"):
        assert code in CODES


def test_schema_errors_and_unknown_names_are_reported_in_one_run():
    err = diagnostics("scenarios:\n  - name: x\n"
                      "    given: {players: [{hand: [Bugg], stuff: {pizza: two}}]}\n"
                      "    when:\n      - play: Bug\n        use: privat only\n"
                      "        add: Bones\n      - recruit: Wrom\n"
                      "    then: {players: [{vp: '2'}]}\n")
    assert [(d.code, d.span.line) for d in err.diagnostics] == [
        ("E701", 3), ("E310", 3), ("E313", 6), ("E310", 7), ("E701", 8), ("E310", 9)]
    assert err.diagnostics[0].hint == "did you mean `Bug`?"


def test_a_tree_the_reader_cannot_walk_still_gives_the_schema_errors():
    err = diagnostics("scenarios:\n  - name: x\n    given: [1, 2]\n    when: {play: Bug}\n"
                      "    then: 3\n")
    assert {d.code for d in err.diagnostics} == {"E310"}
    assert [d.span.line for d in err.diagnostics] == [3, 4, 5]


def test_an_unknown_card_without_sets_says_the_scenario_names_no_sets():
    # issue 36: a designer's own card, in a scenario that forgot `sets:`
    err = diagnostics("scenarios:\n  - name: x\n    given: {players: [{hand: [Zorblax]}]}\n"
                      "    then: {}\n")
    d = err.first
    assert d.code == "E701" and d.message == "unknown card `Zorblax`"
    assert d.hint is not None and "names no `sets:`" in d.hint and "fort-base" in d.hint


def test_an_unknown_card_of_a_bundled_set_left_out_names_that_set(tmp_path):
    own = tmp_path / "mine"
    own.mkdir()
    (own / "manifest.yaml").write_text("id: mine\nname: Mine\nversion: '1'\n", encoding="utf-8")
    (own / "kids.yaml").write_text("kids:\n  - {id: zed, name: Zed, suits: [shovel], "
                                   "public: score, source: original}\n", encoding="utf-8")
    with pytest.raises(FortError) as err:
        load_text("sets: [mine]\nscenarios:\n  - name: x\n    given: {park: [Worm]}\n"
                  "    then: {}\n", str(tmp_path / "s.yaml"))
    d = next(d for d in err.value.diagnostics if d.code == "E701")
    assert d.hint is not None and "bundled set `fort-base`" in d.hint
