"""Perks as language (issue 18 item 3): a perk says `when:` (a trigger the registry declares)
and `action:` (an action of the card language); the turn loop offers it at that moment with no
hook of its own. DIY (R15), written this way, plays exactly as the hook does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import Recorder
from click.testing import CliRunner

from fortlang.cardset import base_set, load_set
from fortlang.cardset.schema import SCHEMA_DIR
from fortlang.cli import main
from fortlang.engine import Kind
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.model import Perk, PerkHook, board_of, kids_of, perks_of, rules_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.phrasebook import perk_text
from fortlang.games.fort.table import Game
from fortlang.games.fort.turn import TurnRecord, diy, play_phase, play_turn, timed_perks
from fortlang.parser import parse_action
from fortlang.resources import data_dir
from fortlang.sim.seats import Seats

CARDSET = base_set()
PIZZA, TOY = Resource.PIZZA, Resource.TOY


def perk(when: str, action: str, single_use: bool = False, pid: str = "lang-perk") -> Perk:
    return Perk(pid, "Lang Perk", PerkHook.ACTION, single_use=single_use, when=when,
                action=parse_action(action))


def table(*answers, players=2) -> Game:
    agents = [Recorder(answers)] + [Recorder() for _ in range(players - 1)]
    return Game(players, board_of(CARDSET), asker=Seats(agents), debug=True)


def test_the_schemas_triggers_are_the_registrys() -> None:
    schema = json.loads((SCHEMA_DIR / "perks.schema.json").read_text(encoding="utf-8"))
    enum = schema["$defs"]["perk"]["properties"]["when"]["enum"]
    assert enum == [t.name for t in fort_words.TRIGGERS]


def test_a_perk_at_its_trigger_is_offered_and_performed_with_no_hook() -> None:
    game = table(("perk_action", 1))
    p = game.players[0]
    p.perks.append(perk("turn_start", "gain pizza x hand"))
    game.new_cards([kids_of(CARDSET)[0]] * 2, p.hand)
    record = TurnRecord(0)
    assert timed_perks(game, 0, "turn_start", record)
    assert p.stuff[PIZZA] == 2 and record.perks_used == ["lang-perk"]
    (asked,) = game.asker.agents[0].seen
    assert asked.kind == Kind.PERK_ACTION
    assert asked.options[1].label == "use the perk to gain pizza x hand"
    assert p.perks  # a perk that stays
    assert not timed_perks(game, 0, "turn_end", record)  # another moment: not offered


def test_a_perk_whose_action_cannot_be_done_in_full_is_not_offered_r5_4() -> None:
    game = table()
    p = game.players[0]
    p.perks.append(perk("after_recruit", "spend 2 toy then score 3"))
    game.give(p, TOY, 1)
    assert not timed_perks(game, 0, "after_recruit", TurnRecord(0))
    assert game.log == [] and p.vp == 0


def test_a_single_use_perk_is_boxed_when_used() -> None:
    game = table(("perk_action", 1))
    p = game.players[0]
    lang_perk = perk("turn_end", "score 2", single_use=True)
    p.perks.append(lang_perk)
    assert timed_perks(game, 0, "turn_end", TurnRecord(0))
    assert p.vp == 2 and not p.perks and lang_perk in game.boxed_perks


def test_diy_written_in_the_language_plays_as_the_hook_r15() -> None:
    """DIY: "on your turn, instead of playing a card, destroy this perk to advance your fort
    paying one extra resource"; as `when: instead_of_play`, `action: advance +1`."""
    outcomes = []
    for the_perk, answer in ((perks_of(CARDSET)[[q.id for q in perks_of(CARDSET)].index("diy")],
                              ("diy", 1)),
                             (perk("instead_of_play", "advance +1", single_use=True),
                              ("perk_action", 1))):
        game = table(answer)
        p = game.players[0]
        p.perks.append(the_perk)
        game.give(p, TOY, 2)  # level 0 -> 1 costs a toy, one more for the +1
        game.rule_pile.append(rules_of(CARDSET)[0])
        game.new_cards([kids_of(CARDSET)[0]], p.hand)
        record = TurnRecord(0)
        play_phase(game, 0, record)  # no card is played: the perk replaced the play
        assert_invariants(game)
        outcomes.append((p.level, dict(p.stuff), len(p.perks), len(p.hand), record.plays))
    assert outcomes[0] == outcomes[1] == (1, {PIZZA: 0, TOY: 0}, 0, 1, [])


def test_the_language_diy_is_not_offered_when_it_cannot_be_paid_as_the_hook() -> None:
    game = table()
    p = game.players[0]
    p.perks.append(perk("instead_of_play", "advance +1", single_use=True))
    game.give(p, TOY, 1)
    assert not timed_perks(game, 0, "instead_of_play", TurnRecord(0))
    assert not diy(game, 0, TurnRecord(0))


def test_whole_turns_run_with_perks_at_every_trigger() -> None:
    from fortlang.engine import RandomAgent
    from fortlang.games.fort.setup import new_game

    game, first = new_game(CARDSET, 2, seed=4, agents=[RandomAgent(1), RandomAgent(2)])
    for t in fort_words.TRIGGERS:
        game.players[first].perks.append(perk(t.name, "gain pizza or score", pid=t.name))
    for turn in range(4):
        play_turn(game, (first + turn) % 2, first_turn=turn < 2)
        assert_invariants(game)


@pytest.mark.parametrize("lang, text", [
    ("en", "At the start of your turn, if you wish: gain 1 pizza for each card in your hand."),
    ("fr", "Au début de votre tour, si vous le souhaitez : gagnez 1 pizza pour chaque carte "
           "dans votre main."),
    ("ru", "В начале вашего хода, по желанию: получите 1 пиццу за каждую карту у вас в руке."),
])
def test_its_text_is_its_trigger_and_its_action_in_each_language(lang: str, text: str) -> None:
    assert perk_text(perk("turn_start", "gain pizza x hand"), lang) == text


def test_a_single_use_perk_says_it_is_destroyed() -> None:
    assert perk_text(perk("instead_of_play", "advance +1", single_use=True), "en") == (
        "On your turn, instead of playing a card, if you wish: destroy this perk, then advance "
        "your fort, paying 1 resource more.")


def _set(tmp_path: Path, perks_yaml: str) -> Path:
    root = tmp_path / "s"
    root.mkdir()
    (root / "manifest.yaml").write_text("id: s\nname: S\nversion: '1'\nrequires: [fort-base]\n",
                                        encoding="utf-8")
    (root / "perks.yaml").write_text(perks_yaml, encoding="utf-8")
    return root


def test_a_set_loads_a_perk_in_the_language(tmp_path: Path) -> None:
    root = _set(tmp_path, "perks:\n  - id: lemonade\n    name: Lemonade Stand\n"
                          "    when: after_recruit\n    action: if pizza < 2 -> gain pizza\n")
    (loaded,) = perks_of(load_set(root, known_sets=["fort-base"]))
    assert loaded.hook is PerkHook.ACTION and loaded.when == "after_recruit"
    assert loaded.action == parse_action("if pizza < 2 -> gain pizza")


@pytest.mark.parametrize("body, code", [
    ("    when: after_recruit\n", "E312"),  # an action is needed
    ("    when: at_lunch\n    action: score\n", "E313"),  # not a trigger
    ("    when: turn_start\n    action: gain pizzza\n", "E101"),  # the action is checked
    ("    when: turn_start\n    action: score 0\n", "E200"),
])
def test_a_bad_perk_in_the_language_is_a_positioned_error(tmp_path: Path, body: str,
                                                           code: str) -> None:
    root = _set(tmp_path, "perks:\n  - id: lemonade\n    name: Lemonade Stand\n" + body)
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(root),
                                       str(data_dir("cards") / "fort-base")])
    assert result.exit_code == 1 and f"error[{code}]" in result.output, result.output
    assert "Traceback" not in result.output
