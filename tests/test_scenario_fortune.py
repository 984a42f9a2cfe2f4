"""Fortune and Glory's scenario files (issue 35 item 3): the shipped scenarios
(cards/fortune-base/scenarios) pass through `fortlang test`, in a separate process and in
process; each quotes the rule it checks; a wrong expectation, a die left unanswered, a die
answered too many times and a face not on a die each fail with the line and a clear message;
breaking a rule in the engine fails the scenarios that check it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.games.fortune import odds, play
from fortlang.scenario import run_paths
from fortlang.scenario.runner import Outcome

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "cards" / "fortune-base" / "scenarios"
DIGEST = ROOT / "docs" / "games" / "fortune-and-glory.md"


def outcomes(*paths: Path) -> list[Outcome]:
    found = list(run_paths(paths))
    assert all(isinstance(o, Outcome) for o in found), found
    return found  # type: ignore[return-value]


def by_name(*paths: Path) -> dict[str, Outcome]:
    return {o.scenario.name: o for o in outcomes(*paths)}


def test_the_shipped_scenarios_pass_through_fortlang_test_in_a_child_process(tmp_path):
    result = subprocess.run([sys.executable, "-P", "-c", "from fortlang.cli import main; main()",
                             "test", "--format", "json", str(SCENARIOS)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["failed"] == 0 and report["passed"] >= 15
    assert all(s["status"] == "passed" for s in report["scenarios"])


def test_the_shipped_scenarios_pass_in_process():
    found = outcomes(SCENARIOS)
    assert len(found) >= 15
    failed = [(o.scenario.name, o.message, [d.render() for d in o.diffs])
              for o in found if not o.passed]
    assert not failed


def test_each_scenario_names_its_rule_and_quotes_it():
    rules = set(re.findall(r"G\d+\.\d+", DIGEST.read_text(encoding="utf-8")))
    covered = set()
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for sc in yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"]:
            assert sc["rule"] in rules, (path.name, sc["name"])
            assert len(sc["quote"]) > 20, (path.name, sc["name"])
            covered.add(sc["rule"])
    # single roll, keep rolling, modifiers, `or`/`and`, dangers, cliffhangers, combat, escape
    assert {"G2.2", "G2.3", "G2.6", "G2.8", "G4.2", "G4.3", "G4.4", "G6.1", "G6.3", "G6.4",
            "G6.5"} <= covered


def test_both_keep_rolling_readings_and_reroll_switches_are_there():
    text = (SCENARIOS / "g2_3_keep_rolling.yaml").read_text(encoding="utf-8")
    assert "continuer à lancer les dés jusqu'à ce que vous n'obteniez pas de succés" in text
    assert "fortune.keep_rolling: failed_dice" in text and "fortune.keep_rolling: \"off\"" in text
    text = (SCENARIOS / "g2_6_reroll_and_fortune.yaml").read_text(encoding="utf-8")
    assert "fortune.reroll: once_per_test" in text and "spend 2 fortune" in text


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if needle in line)


def test_a_wrong_expectation_fails_at_its_line(tmp_path):
    path = _copy(tmp_path, "g4_dangers.yaml", "then: {result: failed, knocked_out: true, "
                 "glory: 0}", "then: {result: failed, knocked_out: false, glory: 0}")
    result = CliRunner().invoke(main, ["test", str(path)])
    assert result.exit_code == 1
    line = _line_of(path, "knocked_out: false, glory: 0")
    assert f"line {line}: knocked_out: expected False, got True" in result.output
    assert "1 failed" in result.output


@pytest.mark.parametrize(("old", "new", "said"), [
    # one die short: the third die of the roll has no answer, the outcomes are listed
    ("chance: [1, 2, 3]}\n    then: {result: failed, knocked_out: true",
     "chance: [1, 2]}\n    then: {result: failed, knocked_out: true",
     "meets a chance point; say which outcome with `chance: [<outcome>]` in the move (the "
     "outcomes are 1, 2, 3, 4, 5, 6)"),
    # a die too many: never rolled
    ("chance: [1, 2, 3]}\n    then: {result: failed, knocked_out: true",
     "chance: [1, 2, 3, 6]}\n    then: {result: failed, knocked_out: true",
     "never asked for: chance 6"),
    # a face no die has
    ("chance: [1, 2, 3]}\n    then: {result: failed, knocked_out: true",
     "chance: [1, 7, 3]}\n    then: {result: failed, knocked_out: true",
     "chance 7 is not an outcome of `test agility 4+ need 2` (the outcomes are 1, 2, 3, 4, 5, "
     "6)"),
])
def test_chance_answers_missing_left_over_or_off_the_die_fail_with_the_move(tmp_path, old, new,
                                                                             said):
    path = _copy(tmp_path, "g4_dangers.yaml", old, new)
    result = CliRunner().invoke(main, ["test", str(path)])
    assert result.exit_code == 1
    line = _line_of(path, new.split("\n")[0])
    assert f"line {line} `cliffhanger: boat_chase`: " in result.output
    assert said in result.output
    assert "Traceback" not in result.output


def test_an_unanswered_choice_lists_the_hero_options(tmp_path):
    path = _copy(tmp_path, "g6_combat.yaml", "choose: [try to escape], ", "")
    result = CliRunner().invoke(main, ["test", str(path)])
    assert result.exit_code == 1
    assert "no `choose` answer left for it (say e.g. `choose: [fight the round]`)" \
           in result.output
    assert "  - try to escape" in result.output


def test_unknown_cards_and_impossible_moves_are_positioned_errors(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("sets: [fortune-base]\nscenarios:\n  - name: bad\n"
                    "    given: {hero: duke_dudly}\n"
                    "    when:\n      - {danger: boat_chase, fight: true}\n"
                    "      - {test: test agilty 5+ need 2}\n"
                    "    then: {result: passed}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(path)])
    assert result.exit_code == 1
    assert "bad.yaml:4:19: error[E363]: no hero `duke_dudly` in the scenario's sets" \
           in result.output and "did you mean `duke_dudley`?" in result.output
    assert "bad.yaml:6:37: error[E711]: the danger `boat_chase` has no enemy to fight (G6.1)" \
           in result.output
    assert "bad.yaml:7:16: error[E101]: unknown skill or number of dice `agilty`" \
           in result.output


def test_a_then_field_the_game_does_not_have_is_a_schema_error(tmp_path):
    path = _copy(tmp_path, "g2_skill_test.yaml", "then: {result: passed, successes: 2, "
                 "rolls: 1, dice: 3}", "then: {result: passed, sucesses: 2}")
    result = CliRunner().invoke(main, ["test", str(path)])
    assert result.exit_code == 1
    assert "sucesses" in result.output and "error[E3" in result.output


# -- breaking a rule in the engine fails its scenarios ---------------------------------------------


def test_keep_rolling_all_dice_for_failed_dice_fails_the_failed_dice_scenario(monkeypatch):
    settle = odds.RollProgram.settle

    def all_dice(self, s, r, k, rr, fl):  # the switch read wrong: every die rolls again
        wrong = odds.RollProgram(self.dice, self.target, self.need, self.rerolls, self.fortune,
                                 "all_dice" if self.keep == "failed_dice" else self.keep,
                                 self.reroll)
        return settle(wrong, s, r, k, rr, fl)

    monkeypatch.setattr(odds.RollProgram, "settle", all_dice)
    found = by_name(SCENARIOS / "g2_3_keep_rolling.yaml")
    assert not found["failed_dice: only the dice that failed roll again"].passed
    assert found["all_dice (default): after a success, every die rolls again"].passed


def test_a_hit_on_5_instead_of_4_fails_the_combat_scenarios(monkeypatch):
    monkeypatch.setattr(play, "HIT", 5)
    found = by_name(SCENARIOS / "g6_combat.yaml")
    failed = {name for name, o in found.items() if not o.passed}
    assert "a round where the hero's hits beat the enemy, defence parrying one hit" in failed
    assert "a danger's fight gains the enemy's glory, not the danger's" in failed


def test_a_die_bought_with_fortune_kept_for_later_rolls_fails_its_scenario(monkeypatch):
    def keeps_bought_dice(p, ctx, k, s, r, rr, fl, j):
        if j:
            play._count(ctx, "fortune_spent", j)
            play._count(ctx, "fortune", -j)
        wider = odds.RollProgram(p.dice + j, p.target, p.need, p.rerolls, p.fortune, p.keep,
                                 p.reroll)
        return play._throw(wider, ctx, k, s, r + j, rr, fl - j)

    monkeypatch.setattr(play, "_spend", keeps_bought_dice)
    found = by_name(SCENARIOS / "g2_6_reroll_and_fortune.yaml")
    outcome = found["a die bought with fortune counts for its roll only"]
    assert not outcome.passed and "meets a chance point" in (outcome.message or "")


def test_the_language_server_reads_a_game_modules_scenario_file_as_fortlang_test_does():
    from fortlang.lsp.diagnostics import scenario_diagnostics
    from fortlang.lsp.source import Source

    path = SCENARIOS / "g4_dangers.yaml"
    text = path.read_text(encoding="utf-8")
    assert scenario_diagnostics(Source(path.as_uri(), str(path), text)) == []
    wrong = scenario_diagnostics(Source(path.as_uri(), str(path),
                                        text.replace("hero: jake_zane", "hero: jake", 1)))
    assert [(d.code, d.span.line if d.span else None) for d in wrong] == [
        ("E363", _line_of(path, "hero: jake_zane"))]


@pytest.mark.parametrize(("name", "switch", "other"), [
    ("all_dice (default): after a success, every die rolls again", "fortune.keep_rolling",
     "failed_dice"),
    ("failed_dice: only the dice that failed roll again", "fortune.keep_rolling", "all_dice"),
    ("off: one roll only", "fortune.keep_rolling", "all_dice"),
    ("once_per_roll: the re-roll comes back on the next roll", "fortune.reroll",
     "once_per_test"),
    ("once_per_test: the re-roll is spent for the whole test", "fortune.reroll",
     "once_per_roll"),
])
def test_a_switch_scenario_fails_under_the_other_reading(tmp_path, name, switch, other):
    """Each reading's scenario tells the readings apart: run under another value of its
    switch, it fails."""
    found = None
    for path in SCENARIOS.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for sc in data["scenarios"]:
            if sc["name"] == name:
                found = sc
    assert found is not None
    assert by_name(_one(tmp_path, found))[name].passed
    found["given"].setdefault("switches", {})[switch] = other
    assert not by_name(_one(tmp_path, found))[name].passed


def _one(tmp_path: Path, scenario: dict) -> Path:
    path = tmp_path / "one.yaml"
    path.write_text(json.dumps({"sets": ["fortune-base"], "scenarios": [scenario]}),
                    encoding="utf-8")
    return path


# -- the engine's dice and the exact walk are one reading of the rules -----------------------------


class _Need(Exception):
    """The prefix of faces ran out: the engine rolls another die."""


class _Prefix:
    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def decide(self, game, decision):  # no test here asks the hero anything
        raise AssertionError(decision)

    def chance(self, game, dist, context, seat):
        if not self.faces:
            raise _Need
        return dist.find(self.faces.pop(0))


def _engine_odds(text: str, hero_id: str, switches) -> object:
    """The chance of passing ``text`` summed over every way the engine's dice can fall (each
    die a success or not: its target face or the face below, weighted by their chances; every
    test of ``text`` has the same target face)."""
    from fractions import Fraction

    from fortlang.games.fortune.deck import SAMPLE, read_set
    from fortlang.games.fortune.vocabulary import VOCABULARY
    from fortlang.parser import language

    action = language(VOCABULARY).parse_action(text)
    card = read_set(SAMPLE).heroes[hero_id]
    target = int(re.search(r"(\d)\+", text).group(1))
    total = Fraction(0)
    todo: list[list[int]] = [[]]
    while todo:
        faces = todo.pop()
        table = play.FortuneTable(play.hero_seat(card), switches, asker=_Prefix(faces))
        table.chance_asked = True
        try:
            passed = play.face(table, play.test_action(action))
        except _Need:
            todo += [[*faces, target - 1], [*faces, target]]
            continue
        if passed:
            weight = Fraction(1)
            for f in faces:
                weight *= Fraction(7 - target, 6) if f >= target else Fraction(target - 1, 6)
            total += weight
    return total


@pytest.mark.parametrize("keep", ["all_dice", "failed_dice", "off"])
@pytest.mark.parametrize("text", ["test 2 dice 5+ need 2", "test agility 4+ need 3",
                                  "test 3 dice 5+ need 2 once",
                                  "test 2 dice 4+ need 2 keep_rolling",
                                  "test 1 die 4+ need 1 then test agility 4+ need 2"])
def test_the_engine_rolls_what_the_exact_walk_counts(text: str, keep: str) -> None:
    from fortlang.games.fortune.deck import SAMPLE, read_set
    from fortlang.games.fortune.switches import Switches
    from fortlang.games.fortune.vocabulary import VOCABULARY
    from fortlang.parser import language

    switches = Switches(keep_rolling=keep)
    hero = odds.Hero.from_card(read_set(SAMPLE).heroes["duke_dudley"])
    exact = odds.odds(language(VOCABULARY).parse_action(text), hero, switches)
    assert _engine_odds(text, "duke_dudley", switches) == exact
