"""The scenario language's answers (the scenario-language issue, items 3-7): every answer
written is used, a refused answer names the rule the engine gives, a coin per card, cards by
identity, and given tables the rules cannot reach are positioned errors."""

from __future__ import annotations

import pytest

from fortlang.cardset import load_bundled
from fortlang.engine.choices import Kind
from fortlang.errors import FortError
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.scenarios import load_text, run_scenario
from fortlang.games.fort.sim.pull import GameState
from fortlang.games.fort.table import Game

DIGGER = """
cards:
  - {name: Digger, suits: [coin], public: gain pizza x shovel, private: gain toy x glue}
"""


def outcome(body: str, cards: str = ""):
    [scenario] = load_text(cards + "scenarios:\n  - name: x\n" + body)
    return run_scenario(scenario)


def test_item5_an_answer_never_asked_for_fails_naming_it():
    result = outcome("    given: {players: [{hand: [Bug]}]}\n"
                     "    when: [{play: Bug, use: public only, choose: [pizza]}]\n"
                     "    then: {players: [{stuff: {pizza: 1}}]}\n")
    assert not result.passed and not result.diffs  # the move was made
    assert result.message == ("line 4 `play Bug`: answers left over, never asked for: "
                              "choose `pizza`")


def test_item5_the_played_card_as_the_destroy_target_is_refused_not_replaced_r12_4():
    # Before: the answer was ignored and the only legal card (Worm) was destroyed.
    result = outcome("    given: {players: [{hand: [Rusty], discard: [Worm]}]}\n"
                     "    when: [{play: Rusty, use: private only, choose: [Rusty]}]\n"
                     "    then: {box: []}\n")
    assert not result.passed and not result.diffs  # nothing happened: Worm is not boxed
    assert "breaks R12.4" in result.message


def test_item5_an_unused_coin_fails():
    result = outcome("    given: {players: [{hand: [Bug]}]}\n"
                     "    when: [{play: Bug, coin: [glue], use: public only}]\n    then: {}\n")
    assert not result.passed and "coin glue" in result.message


def test_item3_one_suit_names_every_coin_a_list_names_each():
    table = ("    given: {players: [{hand: [Digger, Ace]}]}\n"
             "    when: [{play: Digger, coin: COIN, add: [Ace], use: public first}]\n"
             "    then: {players: [{stuff: {pizza: 1, toy: 1}}]}\n")
    assert outcome(table.replace("COIN", "[glue, shovel]"), DIGGER).passed
    both_glue = outcome(table.replace("COIN", "glue"), DIGGER)
    assert [(d.path, d.got) for d in both_glue.diffs] == [("player1.stuff.pizza", 0),
                                                         ("player1.stuff.toy", 2)]


@pytest.mark.parametrize(("rule", "hand", "move"), [
    ("R5.3", "[Bug, Bones]", "{play: Bug, add: [Bones]}"),
    ("R13.3", "[Giggles, Tink]", "{play: Giggles, add: [Tink]}"),
    ("R12.4", "[Rusty]", "{play: Rusty, use: private only, choose: [Rusty]}"),
])
def test_item4_a_refused_answer_names_the_engines_rule(rule, hand, move):
    body = (f"    given: {{players: [{{hand: {hand}, discard: [Worm]}}]}}\n"
            f"    when: [{move}]\n    then: THEN\n")
    unexpected = outcome(body.replace("THEN", "{}"))
    assert f"breaks {rule}" in unexpected.message
    assert outcome(body.replace("THEN", f"{{error: {rule}}}")).passed
    wrong = outcome(body.replace("THEN", "{error: R5.5}"))
    assert f"breaks {rule}, expected R5.5" in wrong.message


def test_item4_expecting_a_refusal_fails_when_the_answer_is_legal():
    result = outcome("    given: {players: [{hand: [Bug, The Moles]}]}\n"
                     "    when: [{play: Bug, add: [The Moles], use: public only}]\n"
                     "    then: {error: R5.3}\n")
    assert result.message == "expected a move to break R5.3, but every move was legal"


def test_item4_r6_1_follow_with_another_suit_while_a_card_matches():
    body = ("    given: {players: [{hand: [Bug]}, {hand: [Bones, Worm]}]}\n"
            "    when: [{play: Bug, use: public only}, {follow: Bones}]\n    then: THEN\n")
    assert "`follow Bones` breaks R6.1" in outcome(body.replace("THEN", "{}")).message
    assert outcome(body.replace("THEN", "{error: R6.1, players: [{stuff: {pizza: 1}}, "
                                "{hand: [Bones, Worm]}]}")).passed


def test_item6_identical_cards_are_one_option_by_identity():
    body = ("    given: {players: [{hand: [Bug]}, {hand: [Worm, Worm], perks: [Copy Cat]}]}\n"
            "    when: [{play: Bug, use: public only}, {follow: Worm}]\n"
            "    then: {players: [{}, {stuff: {pizza: 1}, hand: [Worm]}]}\n")
    assert outcome(body).passed


def test_item1_a_card_not_in_hand_breaks_r5_1_in_a_turn():
    result = outcome("    given: {players: [{hand: [Bones]}], park: [Tink]}\n"
                     "    when: [{turn: Bug, recruit: Tink}]\n    then: {error: R5.1}\n")
    assert result.passed, result.message


def diagnostics(text: str):
    with pytest.raises(FortError) as err:
        load_text(text, "s.yaml")
    return err.value


def test_item7_given_tables_over_a_capacity_or_with_unseated_players_are_positioned():
    err = diagnostics("scenarios:\n  - name: x\n    given:\n      macaroni: 3\n"
                      "      players:\n        - stuff: {pizza: 5}\n"
                      "          pack: {toy: 2}\n          lookout: [Bug, Worm]\n"
                      "    when: [{recruit: Bug, from: yard of player 9}]\n    then: {}\n")
    assert [(d.code, d.span.line, d.span.column) for d in err.diagnostics] == [
        ("E707", 4, 17), ("E706", 6, 26), ("E706", 7, 17), ("E706", 8, 20), ("E707", 9, 33)]
    assert "R1.5" in err.diagnostics[1].message and "R10.2" in err.diagnostics[2].message


def test_issue32_item3_a_best_friend_in_a_yard_is_an_impossible_table_r1_2():
    """R1.2, R8.1: a best friend never goes to a yard, so no rival can recruit it; before,
    the table was set up and player 2 recruited player 1's friend."""
    err = diagnostics("scenarios:\n  - name: x\n    given:\n      players:\n"
                      "        - yard: [Bug, Worm]\n        - {}\n"
                      "    when: [{recruit: Worm, by: 2, from: yard of player 1}]\n"
                      "    then: {}\n")
    [d] = err.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E706", 5, 23)
    assert "R1.2" in d.message and "Worm" in d.message


def test_issue32_item4_birthday_party_from_a_yard_is_refused_by_the_perk_r15():
    """What forbids the second recruit from a rival's yard is Birthday Party (R15), not R7.1:
    the card is there, and the first recruit could take it."""
    result = outcome("    given: {players: [{perks: [Birthday Party]}, {yard: [Chef]}], "
                     "park: [Tink], park_deck: [Zip]}\n"
                     "    when: [{recruit: [Tink, Chef]}]\n    then: {}\n")
    assert not result.passed
    assert "breaks R15" in result.message and "Birthday Party" in result.message


def test_issue32_item5_a_lookout_card_discarded_to_follow_breaks_r6_2():
    """R6.2: a follower never discards from the lookout; before, "not an option" with no rule,
    so `error: R6.2` could not be asserted."""
    result = outcome("    given: {players: [{hand: [Bug]}, {lookout: [Worm], hand: [Tink]}]}\n"
                     "    when: [{play: Bug, use: public only}, {follow: Worm}]\n"
                     "    then: {error: R6.2}\n")
    assert result.passed, result.message


def test_issue32_item5_copy_cat_discarding_three_cards_is_refused_by_the_rule():
    """R15 Copy Cat: up to 2 cards; three is a refusal by the perk (before: a schema error,
    E3xx, and nothing ran); without Copy Cat, R6.2."""
    body = ("    given: {players: [{hand: [Bug]}, {hand: [The Moles, Worm, Scout], PERKS}]}\n"
            "    when: [{play: Bug, use: public only}, {follow: [The Moles, Worm, Scout]}]\n"
            "    then: {error: RULE}\n")
    result = outcome(body.replace("PERKS", "perks: [Copy Cat]").replace("RULE", "R15"))
    assert result.passed, result.message
    result = outcome(body.replace(", PERKS", "").replace("RULE", "R6.2"))
    assert result.passed, result.message


def test_issue32_item5_nobody_holds_the_macaroni_sculpture_is_macaroni_null():
    """R10.3: `macaroni: null` says nobody holds the sculpture (before: a schema error)."""
    assert outcome("    given: {players: [{}, {}], macaroni: null}\n"
                   "    then: {macaroni: null}\n").passed
    held = outcome("    given: {players: [{}, {}], macaroni: 2}\n    then: {macaroni: null}\n")
    assert [(d.path, d.expected, d.got) for d in held.diffs] == [("macaroni", None, 2)]


RECYCLE_AT_THE_DRAW = """    given:
      players:
        - perks: [Recycling]
          deck: [Ant, Dash, Munch, Moose, Zip]
        - {}
      park: [Tink]
    when:
      - turn: skip
        recruit: Tink        # onto the discard pile (R7.1)
        recycle: Tink        # not there at the start of the play phase: taken at the draw
        AT
    then:
      players:
        - hand: [Ant, Dash, Munch, Moose, Zip, Tink]
          perks: []
"""


def test_issue32_item5_recycling_at_any_moment_of_the_turn():
    """R15 « à tout moment pendant votre tour »: `recycle` takes the card at the first moment
    it is offered (before: only at the start of the play phase, so a card recruited this turn
    could not be named), `recycle_at` names the moment: play, do over, draw."""
    assert outcome(RECYCLE_AT_THE_DRAW.replace("        AT\n", "")).passed
    assert outcome(RECYCLE_AT_THE_DRAW.replace("AT", "recycle_at: draw")).passed
    early = outcome(RECYCLE_AT_THE_DRAW.replace("AT", "recycle_at: play"))
    assert not early.passed and "recycle Tink" in early.message


def test_issue32_item5_recruit_none_says_the_leader_recruits_nothing_r7_1():
    """R7.1 "the leader must recruit exactly one card": `recruit: none` is refused with R7.1
    when there is a card to recruit, and holds when there is none (before: E701, `none` was
    read as a card)."""
    refused = outcome("    given: {players: [{}, {}], park: [Tink]}\n"
                      "    when: [{turn: skip, recruit: none}]\n    then: {error: R7.1}\n")
    assert refused.passed, refused.message
    nothing = outcome("    given: {players: [{}, {}]}\n"
                      "    when: [{turn: skip, recruit: none}]\n    then: {}\n")
    assert nothing.passed, nothing.message


def test_issue32_item5_do_over_second_card_has_its_own_answers():
    """R15 Do-Over: the second card is boosted as usual (R5.3); its answers are the
    `do_over` mapping's (before: `do_over` was a card name only, and the move's `add` was used
    up by the first card)."""
    result = outcome("    given: {players: [{hand: [Bug, Patch, Bones], perks: [Do-Over]}]}\n"
                     "    when:\n      - play: Bug\n        use: public only\n"
                     "        do_over: {play: Patch, add: [Bones], use: public only}\n"
                     "    then: {players: [{stuff: {pizza: 1, toy: 2}, perks: []}]}\n")
    assert result.passed, result.message
    left = outcome("    given: {players: [{hand: [Bug, Patch, Bones], perks: [Do-Over]}]}\n"
                   "    when:\n      - play: Bug\n        use: public only\n"
                   "        do_over: {play: Patch, add: [Bones], use: public only, "
                   "choose: [toy]}\n    then: {}\n")
    assert "answers left over, never asked for: choose `toy`" in left.message


def test_issue32_item5_do_over_second_card_has_its_own_followers():
    """R15 Do-Over: the second card can be followed (R6.1); `of: Patch` says a follow answers
    the second card (before: unknown field, and a seat's follow answered the first card)."""
    result = outcome("    given: {players: [{hand: [Bug, Patch], perks: [Do-Over]}, "
                     "{hand: [Worm, Bones]}]}\n"
                     "    when:\n      - play: Bug\n        use: public only\n"
                     "        do_over: {play: Patch, use: public only}\n"
                     "      - follow: Worm\n      - follow: Bones\n        of: Patch\n"
                     "    then: {players: [{stuff: {pizza: 1, toy: 1}}, "
                     "{stuff: {pizza: 1, toy: 1}, discard: [Worm, Bones]}]}\n")
    assert result.passed, result.message
    only_second = outcome("    given: {players: [{hand: [Bug, Patch], perks: [Do-Over]}, "
                          "{hand: [Worm, Bones]}]}\n"
                          "    when:\n      - play: Bug\n        use: public only\n"
                          "        do_over: Patch\n"
                          "      - follow: Bones\n        of: Patch\n"
                          "    then: {players: [{}, {stuff: {toy: 1}, hand: [Worm]}]}\n")
    assert only_second.passed, only_second.message


def test_item7_xxl_backpack_capacity_comes_from_the_engine():
    load_text("scenarios:\n  - name: x\n    given: {players: [{pack: {pizza: 3}, "
              "perks: [XXL Backpack]}]}\n    then: {}\n")  # no error: 1 + 2 (R15)
    err = diagnostics("scenarios:\n  - name: x\n    given: {players: [{pack: {pizza: 3}}]}\n"
                      "    then: {}\n")
    assert err.first.code == "E706"


def test_item7_negative_counts_are_schema_errors():
    err = diagnostics("scenarios:\n  - name: x\n    given: {players: [{level: -1, vp: -2, "
                      "stuff: {toy: -1}}]}\n    then: {}\n")
    assert {d.code for d in err.diagnostics} == {"E313"}
    assert len(err.diagnostics) == 3


def test_item7_players_held_beyond_the_supply():
    players = ", ".join(["{stuff: {pizza: 4}}"] * 4)
    load_text(f"scenarios:\n  - name: x\n    given: {{players: [{players}]}}\n    then: {{}}\n")
    # 16 of 30: fine; the supply itself given explicitly is never second-guessed


def test_pull_api_on_a_given_table_asks_from_outside():
    cards = {k.id: k for k in kids_of(load_bundled()["fort-base"])}
    game = Game(2)
    game.new_card(cards["bud"], game.players[0].hand)
    from fortlang.games.fort.play import play_card

    state = GameState.on_table(game, lambda g: play_card(g, 0, g.players[0].hand[0]))
    assert state.decision().kind == Kind.COIN_SUIT  # Bud's coin (R5.6)
    while not state.is_terminal():
        state.apply_action(0)
    assert len(game.players[0].in_play) == 1
    with pytest.raises(Exception, match="cannot be cloned"):
        state.clone()


def _set(folder, kids: str) -> None:
    folder.mkdir()
    (folder / "manifest.yaml").write_text("id: mine\nname: Mine\nversion: '0.1'\n"
                                          "requires: [fort-base]\n", encoding="utf-8")
    (folder / "kids.yaml").write_text(kids, encoding="utf-8")


SCENARIO_IN_SET = """sets: [fort-base, .]
scenarios:
  - name: Digger digs
    given: {players: [{hand: [Digger]}]}
    when: [{play: Digger, use: public only}]
    then: {players: [{stuff: {pizza: 1}}]}
"""


def test_item8_a_scenario_file_in_a_set_folder_is_told_apart_from_card_files(tmp_path):
    from click.testing import CliRunner

    from fortlang.cardset.load import check_paths
    from fortlang.cli import main

    _set(tmp_path / "mine", "kids:\n  - {id: digger, name: Digger, suits: [shovel], "
         "public: gain pizza x shovel, private: score, source: provisional}\n")
    (tmp_path / "mine" / "digger-scenarios.yaml").write_text(SCENARIO_IN_SET, encoding="utf-8")
    assert [d for d in check_paths([tmp_path / "mine"]) if d.is_error] == []
    ran = CliRunner().invoke(main, ["test", str(tmp_path / "mine")])
    assert ran.output.splitlines()[-1] == "1 passed, 0 failed", ran.output
    named = CliRunner().invoke(main, ["test", str(tmp_path / "mine" / "kids.yaml")])
    assert "error[E708]: this is a card file (`kids:`), not a scenario file" in named.output
    assert named.exit_code == 1


def test_item8_errors_in_a_referenced_set_quote_that_sets_own_lines(tmp_path):
    _set(tmp_path / "mine", "kids:\n  - {id: digger, name: Digger, suits: [shovel], "
         "public: gain pizza x shovle, private: score, source: provisional}\n")
    (tmp_path / "s.yaml").write_text("# one\n# two\nsets: [mine]\nscenarios:\n"
                                     "  - {name: x, then: {}}\n", encoding="utf-8")
    from fortlang.games.fort.scenarios import load_file

    with pytest.raises(FortError) as err:
        load_file(tmp_path / "s.yaml")
    assert err.value.first.file.endswith("kids.yaml")
    assert "public: gain pizza x shovle" in err.value.render()


def test_item5_use_coin_and_suit_must_answer_a_question_too():
    result = outcome("    given: {players: [{hand: [Bug]}]}\n"
                     "    when: [{play: Bug, use: public only, coin: shovel, suit: crown}]\n"
                     "    then: {}\n")  # Bug has no coin and no `x any`
    assert result.message == ("line 4 `play Bug`: answers left over, never asked for: "
                              "coin shovel, suit crown")
    assert outcome("    given: {players: [{hand: [Bud]}]}\n"
                   "    when: [{play: Bud, use: public only, coin: shovel, choose: [pizza]}]\n"
                   "    then: {players: [{stuff: {pizza: 2}}]}\n").passed


def test_item1_a_turn_without_a_recruit_asks_for_one_naming_the_key():
    result = outcome("    given: {park: [Tink, Zip]}\n    when: [{turn: skip}]\n    then: {}\n")
    assert "say which card with `recruit: <card>`" in result.message
    assert "- Tink from the park" in result.message


CARDS = ["Bug", "Worm", "Bones", "Bud", "Rusty", "Giggles", "Tink", "Ace", "Kitty", "Munch",
         "Blitz", "Crash", "Puddin", "The Moles"]
PERKS = ["Birthday Party", "Bribe", "Copy Cat", "DIY", "Do-Over", "Recycling", "Rough Housing",
         "Sticky Fingers", "XXL Backpack"]


def _moves():
    from hypothesis import strategies as st

    card = st.sampled_from(CARDS)
    play = st.fixed_dictionaries({"play": card}, optional={
        "add": st.lists(card, max_size=2), "coin": st.sampled_from(["shovel", "glue"]),
        "choose": st.lists(st.one_of(card, st.sampled_from(["pizza", "toy"])), max_size=2),
        "use": st.sampled_from(["public only", "private first"]), "recycle": card,
        "do_over": card})
    turn = st.fixed_dictionaries({"turn": st.one_of(card, st.just("skip")),
                                  "recruit": st.one_of(card, st.just("top of park deck"))})
    follow = st.one_of(st.fixed_dictionaries({"follow": st.one_of(card, st.lists(
        card, min_size=2, max_size=2))}), st.just("decline"), st.just("rough housing"))
    bare = st.sampled_from(["skip", "diy", "clean up", "discard", "draw"])
    recruit = st.fixed_dictionaries({"recruit": st.one_of(card, st.lists(card, max_size=2,
                                                                        min_size=1))})
    return st.lists(st.one_of(play, turn, follow, bare, recruit), max_size=4)


def test_no_scenario_move_sequence_crashes_the_runner():
    """Whatever a schema-valid scenario says, the runner answers with a pass, a diff or a
    message, never an internal error (nothing the reader accepts may crash the engine)."""
    import json

    from hypothesis import given
    from hypothesis import strategies as st

    card = st.sampled_from(CARDS)
    player = st.fixed_dictionaries({}, optional={
        "hand": st.lists(card, max_size=4), "discard": st.lists(card, max_size=2),
        "yard": st.lists(card, max_size=2), "deck": st.lists(card, max_size=3),
        "perks": st.lists(st.sampled_from(PERKS), max_size=2, unique=True),
        "stuff": st.fixed_dictionaries({"pizza": st.integers(0, 4), "toy": st.integers(0, 4)}),
        "level": st.integers(0, 2), "vp": st.integers(0, 30)})

    @given(st.lists(player, min_size=2, max_size=3), _moves(), st.lists(card, max_size=3))
    def run(players, moves, park):
        doc = {"scenarios": [{"name": "fuzz", "given": {"players": players, "park": park,
                                                        "park_deck": park},
                              "when": moves, "then": {}}]}
        try:
            [scenario] = load_text(json.dumps(doc))
        except FortError:
            return  # e.g. a move that the reader refuses (E702) or a table over a capacity
        result = run_scenario(scenario)
        assert not (result.message or "").startswith("internal error"), result.message

    run()


def test_names_and_answers_reach_the_terminal_escaped(tmp_path):
    from click.testing import CliRunner

    from fortlang.cli import main

    (tmp_path / "s.yaml").write_text(
        'scenarios:\n  - name: "red \\e[31m"\n    given: {players: [{hand: [Bug]}]}\n'
        '    when: [{play: Bug, use: public only, choose: ["\\e[2J"]}]\n    then: {}\n',
        encoding="utf-8")
    out = CliRunner().invoke(main, ["test", str(tmp_path / "s.yaml")]).output
    assert "\x1b" not in out
    assert "red \\x1b[31m" in out and "choose `\\x1b[2J`" in out
