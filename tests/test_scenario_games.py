"""Scenario files for any game module (issue 33 item 5, the seam): a module declares its
scenario rules (``GameModule.scenarios``, a ``ScenarioRules``) and ``fortlang test`` reads and
runs its scenario files; the core keeps the files, the positions, the sets, the seats' answers
and the chance answers, the comparison and the report. A toy game, `dice`, is installed here
the way pip lays a package out (tests/plugin_site.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_site import forget_games, install

from fortlang.cli import main

#: A dice game: a move `roll: N` rolls N dice (each a chance point of the engine's journal)
#: and may `keep` them or not (a decision of the mover); `then` compares the total kept.
DICE = '''
from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.journal import Journal
from fortlang.module import ACTION, Attribute, CardKind, GameModule
from fortlang.scenario.rules import ScenarioRules

D6 = Distribution.uniform([Option(f"face {f}", f) for f in range(1, 7)])
FACE = CardKind("face", "faces", (Attribute("value", {"type": "integer"}),))

def read(scenario, report):
    for i, move in enumerate(scenario.moves):
        if move.fields.get("roll", 0) > 5:
            report("E711", "at most 5 dice", scenario.at("when", "roll"))
    return scenario.given.get("start", 0)

def run(scenario, start, script):
    table = Journal(asker=script)
    table.chance_asked = True
    total = start
    for move in scenario.moves:
        script.begin(move)
        faces = [D6.outcomes[table.chance(D6, "roll a die", move.seat)].value
                 for _ in range(move.fields["roll"])]
        keep = table.ask(Decision(move.seat, Kind.CHOICE, (Option("keep", True),
                                                           Option("drop", False)), "keep?"))
        if keep == 0:
            total += sum(faces)
    return {"total": total, "rolls": len(scenario.moves)}

SCENARIOS = ScenarioRules(
    given={"additionalProperties": False, "properties": {"start": {"type": "integer"}}},
    when={"required": ["roll"], "properties": {"roll": {"type": "integer", "minimum": 1}}},
    then={"additionalProperties": False, "properties": {"total": {"type": "integer"},
                                                        "rolls": {"type": "integer"}}},
    read=read, run=run)
GAME = GameModule(name="dice", titles={"en": "Dice"}, players=range(1, 3), cards=(FACE,),
                  scenarios="dice_game:SCENARIOS")
'''
#: The same game without scenario rules.
BARE = DICE.replace(',\n                  scenarios="dice_game:SCENARIOS")', ")")


@pytest.fixture(autouse=True)
def fresh_games() -> Iterator[None]:
    forget_games()
    yield
    forget_games()


def _installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> Path:
    site = install(tmp_path / "site", name="dice", module="dice_game", source=None, code=code,
                   group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    folder = tmp_path / "dice-set"
    folder.mkdir()
    (folder / "manifest.yaml").write_text("id: dice-set\nname: Dice\nversion: '1'\n"
                                          "game: dice\n", encoding="utf-8")
    (folder / "faces.yaml").write_text("faces:\n  - id: six\n    name: Six\n    value: 6\n",
                                       encoding="utf-8")
    return folder


@pytest.fixture
def dice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return _installed(tmp_path, monkeypatch, DICE)


def scenario_file(folder: Path, body: str, sets: str = "[dice-set]") -> Path:
    path = folder.parent / "dice.yaml"
    path.write_text(f"sets: {sets}\nscenarios:\n{body}", encoding="utf-8")
    return path


def ftest(*args: str):
    return CliRunner().invoke(main, ["test", *args])


ROLL_TWO = """  - name: two dice kept
    given: {start: 1}
    when: {roll: 2, chance: [6, face 3], choose: [keep]}
    then: {total: 10, rolls: 1}
"""


def test_a_module_scenario_runs_with_chance_answers_by_value_and_label(dice) -> None:
    result = ftest(str(scenario_file(dice, ROLL_TWO)))
    assert result.exit_code == 0, result.output
    assert "PASS" in result.output and "1 passed, 0 failed" in result.output


def test_a_wrong_expectation_fails_with_the_field_line(dice) -> None:
    path = scenario_file(dice, ROLL_TWO.replace("total: 10", "total: 11"))
    result = ftest("--format", "json", str(path))
    assert result.exit_code == 1
    [outcome] = json.loads(result.output)["scenarios"]
    assert outcome["diffs"] == [{"path": "total", "expected": 11, "got": 10, "line": 6}]
    text = ftest(str(path)).output
    assert "line 6: total: expected 11, got 10" in text


def test_a_missing_chance_answer_fails_listing_the_outcomes(dice) -> None:
    result = ftest(str(scenario_file(dice, ROLL_TWO.replace("[6, face 3]", "[6]"))))
    assert result.exit_code == 1
    assert "line 5 `roll: 2`: player 1: `roll a die` meets a chance point; say which outcome" \
           in result.output
    assert "face 1, face 2, face 3, face 4, face 5, face 6" in result.output


def test_a_leftover_chance_answer_or_choice_fails(dice) -> None:
    result = ftest(str(scenario_file(dice, ROLL_TWO.replace("[6, face 3]", "[6, 3, 2]"))))
    assert result.exit_code == 1
    assert "line 5 `roll: 2`: never asked for: chance 2" in result.output
    result = ftest(str(scenario_file(dice, ROLL_TWO.replace("[keep]", "[keep, drop]"))))
    assert "never asked for: player 1: choose `drop`" in result.output


def test_a_face_not_on_the_die_and_an_unanswered_choice_fail(dice) -> None:
    result = ftest(str(scenario_file(dice, ROLL_TWO.replace("[6, face 3]", "[6, 7]"))))
    assert "chance 7 is not an outcome of `roll a die`" in result.output
    result = ftest(str(scenario_file(dice, ROLL_TWO.replace(", choose: [keep]", ""))))
    assert result.exit_code == 1
    assert "no `choose` answer left for it (say e.g. `choose: [keep]`)" in result.output


def test_answers_per_seat_and_several_moves(dice) -> None:
    body = """  - name: two players
    when:
      - {roll: 1, chance: [4], choose: [keep]}
      - {roll: 1, by: 2, chance: [5], answers: {2: [drop]}}
    then: {total: 4, rolls: 2}
"""
    result = ftest(str(scenario_file(dice, body)))
    assert result.exit_code == 0, result.output


def test_the_module_schema_and_read_give_positioned_errors(dice) -> None:
    body = ROLL_TWO.replace("rolls: 1", "rolls: 1, luck: 3")
    result = ftest(str(scenario_file(dice, body)))
    assert result.exit_code == 1
    assert "dice.yaml:6:" in result.output and "luck" in result.output
    result = ftest(str(scenario_file(dice, ROLL_TWO.replace("roll: 2", "roll: 9"))))
    assert "dice.yaml:5:18: error[E711]: at most 5 dice" in result.output


def test_a_game_without_scenario_rules_is_e710_at_its_sets(tmp_path, monkeypatch) -> None:
    folder = _installed(tmp_path, monkeypatch, BARE)
    result = ftest(str(scenario_file(folder, ROLL_TWO)))
    assert result.exit_code == 1
    assert "dice.yaml:1:7: error[E710]: the game `dice` (Dice) has no scenario rules" \
           in result.output
    assert "Traceback" not in result.output


def test_sets_of_two_games_in_one_scenario_file_are_e352(dice) -> None:
    result = ftest(str(scenario_file(dice, ROLL_TWO, sets="[dice-set, fort-base]")))
    assert result.exit_code == 1
    assert "dice.yaml:1:18: error[E352]: set `dice-set` is a set of the game `dice` and set " \
           "`fort-base` of the game `fort`" in result.output


def test_a_module_card_file_in_a_scanned_folder_is_skipped(dice) -> None:
    scenario_file(dice, ROLL_TWO)
    (dice / "scenarios.yaml").write_text(
        "sets: [.]\nscenarios:\n" + ROLL_TWO, encoding="utf-8")
    result = ftest(str(dice))
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output
    named = ftest(str(dice / "faces.yaml"))
    assert named.exit_code == 1 and "error[E708]" in named.output


def test_the_scenario_rules_docstring_example() -> None:
    import doctest

    import fortlang.scenario.rules

    result = doctest.testmod(fortlang.scenario.rules)
    assert result.attempted >= 2 and result.failed == 0


#: A game whose scenario files have a shape of their own (as Fort's have): its rules read a
#: whole file (``read_file``) and run what they read (``run_read``), and declare no ``read`` or
#: ``run``; each line `- NAME: pass|fail` of its file is a scenario.
WHOLE = '''
from dataclasses import dataclass

from fortlang.module import Attribute, CardKind, GameModule
from fortlang.scenario.outcome import Diff, Outcome
from fortlang.scenario.rules import ScenarioRules

FACE = CardKind("face", "faces", (Attribute("value", {"type": "integer"}),))

@dataclass(frozen=True)
class Line:
    name: str
    file: str
    line: int
    passes: bool

def read_file(path, text):
    return [Line(row.split(":")[0].strip("- "), str(path), i + 1, row.endswith("pass"))
            for i, row in enumerate(text.splitlines()) if row.startswith("  - ")]

def run_read(line):
    return Outcome(line, () if line.passes else (Diff("verdict", "pass", "fail"),))

SCENARIOS = ScenarioRules(given={}, when={}, then={}, read_file=read_file,
                          run_read=run_read)
GAME = GameModule(name="dice", titles={"en": "Dice"}, players=range(1, 3), cards=(FACE,),
                  scenarios="dice_game:SCENARIOS")
'''


def test_a_game_that_reads_its_files_whole_is_read_and_run_by_its_own_rules(
        tmp_path, monkeypatch) -> None:
    """The seam Fort's scenarios go through (issue 33 item 5): the core picks the game from
    the file's sets and hands the whole file to the game's ``read_file``, each scenario to
    its ``run_read``; it reports their outcomes as any game's."""
    folder = _installed(tmp_path, monkeypatch, WHOLE)
    path = scenario_file(folder, "  - first one: pass\n  - second one: fail\n")
    result = ftest("--format", "json", str(path))
    assert result.exit_code == 1, result.output
    outcomes = json.loads(result.output)["scenarios"]
    assert [(o["name"], o["line"], o["status"]) for o in outcomes] == [
        ("first one", 3, "passed"), ("second one", 4, "failed")]
    assert outcomes[1]["diffs"] == [{"path": "verdict", "expected": "pass", "got": "fail"}]


@pytest.mark.parametrize("declared", ["", "read_file=read_file"])
def test_rules_that_neither_read_a_scenario_nor_a_file_are_e351(tmp_path, monkeypatch,
                                                                 declared) -> None:
    """Neither ``read`` and ``run`` nor both of ``read_file`` and ``run_read``: the module is
    broken (a file read whole that nothing runs would fail every scenario on a traceback)."""
    broken = WHOLE.replace("read_file=read_file,\n                          run_read=run_read",
                           declared)
    assert broken != WHOLE
    folder = _installed(tmp_path, monkeypatch, broken)
    result = ftest(str(scenario_file(folder, ROLL_TWO)))
    assert result.exit_code == 1
    assert "dice.yaml:1:7: error[E351]: game module `dice`: its scenario rules declare " \
           "neither `read` and `run` nor `read_file` and `run_read`" in result.output
    assert "Traceback" not in result.output


def test_fort_declares_its_scenario_rules_and_the_core_runs_fort_through_them(
        tmp_path, monkeypatch) -> None:
    """Fort's GameModule names its ScenarioRules like any game's, and ``fortlang test`` on a
    Fort file (no `sets:`) reads and runs it through them: a run_read swapped into Fort's
    declared rules is the one that runs."""
    import dataclasses

    from fortlang.games import game_named
    from fortlang.module import DEFAULT_GAME
    from fortlang.scenario.games import rules_of
    from fortlang.scenario.outcome import Outcome

    fort = game_named(DEFAULT_GAME)
    assert fort.scenarios
    rules = rules_of(DEFAULT_GAME)
    assert rules is not None and rules.read_file is not None and rules.run_read is not None
    module = fort.scenarios.partition(":")[0]
    ran: list[str] = []

    def run_read(scenario):
        ran.append(scenario.name)
        return Outcome(scenario, message="swapped in")

    monkeypatch.setattr(f"{module}.SCENARIOS", dataclasses.replace(rules, run_read=run_read))
    path = tmp_path / "bug.yaml"
    path.write_text("scenarios:\n  - name: Bug digs up pizza\n"
                    "    given: {players: [{hand: [Bug, The Moles]}]}\n"
                    "    when: [{play: Bug, add: [The Moles], use: public only}]\n"
                    "    then: {players: [{stuff: {pizza: 3}, hand: []}]}\n", encoding="utf-8")
    result = ftest(str(path))
    assert ran == ["Bug digs up pizza"]
    assert result.exit_code == 1 and "swapped in" in result.output
