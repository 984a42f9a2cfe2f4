"""Frantic's scenario files (issue 34 items 4 and 5): every scenario in
cards/frantic-base/scenarios passes through `fortlang test` (a child process, as a user runs
it), each quotes the passage of the rulebook it tests, and a scenario whose rule breaks fails
with a positioned message: a mutated expectation (the `then` field's line), a wrong answer (the
move's line and the options), an unknown card or seat (E711 at the name), a rule of the engine
broken on purpose."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fortlang.games.frantic import scenarios
from fortlang.scenario.games import load_scenarios
from fortlang.scenario.runner import run_game_scenario

HERE = Path(__file__).resolve().parent.parent / "cards" / "frantic-base" / "scenarios"
FILES = sorted(HERE.glob("*.yaml"))
FORTLANG = [sys.executable, "-I", "-c", "from fortlang.cli import main; main()"]
SCHEMA = (Path(scenarios.__file__).parent / "schemas" / "scenarios.schema.json")


def fortlang_test(*paths: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*FORTLANG, "test", "--format", "json", *map(str, paths)],
                          capture_output=True, text=True, cwd=cwd, timeout=600, check=False)


def test_every_frantic_scenario_passes_through_fortlang_test(tmp_path: Path) -> None:
    done = fortlang_test(HERE, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    outcomes = json.loads(done.stdout)["scenarios"]
    assert len(outcomes) >= 60  # issue 34 item 5
    assert {o["status"] for o in outcomes} == {"passed"}


def test_each_scenario_names_its_rule_and_quotes_the_rulebook() -> None:
    """Each scenario says the digest's rule (F1-F16) and quotes the French rulebook's passage
(«...»), or says what the digest reads where the rulebook is silent."""
    import yaml

    rules: set[str] = set()
    for path in FILES:
        for sc in yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"]:
            assert re.fullmatch(r"F\d+\.\d+", sc["rule"]), sc["name"]
            assert "«" in sc["quote"] or "read" in sc["quote"], sc["name"]
            rules.add(sc["rule"])
    for rule in ("F2.3", "F2.5", "F3.2", "F4.1", "F4.4", "F5.3", "F6.1", "F6.2", "F6.3", "F6.4",
                 "F7.4", "F7.6", "F8.1", "F9.2", "F9.8", "F9.14", "F10.2", "F11.3"):
        assert rule in rules, rule


def test_every_switch_of_f15_is_played_both_ways() -> None:
    """A switch the module reads has a scenario with its other value (and the default's
    scenarios play the default)."""
    from fortlang.games.frantic.table import SWITCHES

    text = "".join(p.read_text(encoding="utf-8") for p in FILES)
    for switch in SWITCHES:
        if switch == "frantic.points_limit":
            assert "frantic.points_limit: 200" in text
            continue
        assert f"{{{switch}:" in text or f", {switch}:" in text, switch


def test_the_schema_file_is_what_the_rules_declare() -> None:
    """fortlang/games/frantic/schemas/scenarios.schema.json, named by each file's first line
    for editors, is what Frantic's ScenarioRules derive (regenerate it from
    ``SCENARIOS.schema_text("frantic")``)."""
    assert SCHEMA.read_text(encoding="utf-8") == scenarios.SCENARIOS.schema_text("frantic")
    for path in FILES:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == ("# yaml-language-server: $schema=../../../fortlang/games/frantic/"
                         "schemas/scenarios.schema.json"), path.name


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (HERE / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    out = tmp_path / name
    out.write_text(text.replace(old, new), encoding="utf-8")
    return out


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text in line)


def test_a_mutated_expectation_fails_at_its_line(tmp_path: Path) -> None:
    path = _copy(tmp_path, "f09_events.yaml", "      time_bomb: 12\n", "      time_bomb: 3\n")
    done = fortlang_test(path, cwd=tmp_path)
    assert done.returncode == 1
    failed = [o for o in json.loads(done.stdout)["scenarios"] if o["status"] == "failed"]
    assert [o["name"] for o in failed] == [
        "with frantic.time_bomb_turns = table_rounds, the bomb counts three times round the "
        "table (F9.14, F15)"]
    [diff] = failed[0]["diffs"]
    assert diff == {"path": "time_bomb", "expected": 3, "got": 12,
                    "line": _line_of(path, "time_bomb: 3")}


def test_a_wrong_answer_fails_naming_the_move_and_the_options(tmp_path: Path) -> None:
    path = _copy(tmp_path, "f06_one_colour_specials.yaml",
                 "3: [counterattack, yellow, player 1, green_7]",
                 "3: [counterattack, yellow, player 4, green_7]")
    done = subprocess.run([*FORTLANG, "test", str(path)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=600, check=False)
    assert done.returncode == 1
    text = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, t in enumerate(text, 1) if "Gift as the last card" in t)
    line = next(i for i, t in enumerate(text, 1) if i > start and "- turn: gift_blue" in t)
    assert f"line {line} `turn: gift_blue`: choose `player 4` is not an option" in done.stdout
    assert "- player 2\n" in done.stdout and "- player 1\n" in done.stdout


def test_a_turn_playing_a_card_that_does_not_match_fails_naming_f5(tmp_path: Path) -> None:
    path = _copy(tmp_path, "f05_matching.yaml", "when: {turn: red_3, by: 2}",
                 "when: {turn: blue_1, by: 2}")
    [outcome] = [run_game_scenario(sc) for sc in load_scenarios(path)  # type: ignore[arg-type]
                 if sc.name.startswith("a coloured number goes on the same number")]
    assert not outcome.passed
    assert "player 2 may not play blue_1 here (F5): the turn offers red_3, draw" in \
        str(outcome.message)


def test_f6_2_exchange_takes_before_the_victim_gets_yours(tmp_path: Path) -> None:
    """The cards Exchange takes face down are the victim's own: the given ones are not among
    the chance point's outcomes (F6.2 «avant qu'elle ne prenne tes cartes en main»)."""
    path = _copy(tmp_path, "f06_one_colour_specials.yaml", "chance: [green_3, green_1]",
                 "chance: [red_1, green_1]")
    [outcome] = [run_game_scenario(sc) for sc in load_scenarios(path)  # type: ignore[arg-type]
                 if sc.name.startswith("Exchange, give two")]
    assert "chance red_1 is not an outcome" in str(outcome.message)
    assert "green_1, green_2, green_3" in str(outcome.message)


def test_an_unknown_card_is_e711_at_the_name(tmp_path: Path) -> None:
    path = _copy(tmp_path, "f06_one_colour_specials.yaml",
                 "hand: [gift_blue, red_1, red_2, green_3]",
                 "hand: [gift_blue, red_1, red_22, green_3]")
    done = subprocess.run([*FORTLANG, "test", str(path)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=600, check=False)
    assert done.returncode == 1
    line = _line_of(path, "red_22")
    column = path.read_text(encoding="utf-8").splitlines()[line - 1].index("red_22") + 1
    assert (f"{path}:{line}:{column}: error[E711]: no play card of frantic-base is named "
            f"'red_22'") in done.stdout
    assert "did you mean `red_2`" in done.stdout


def test_a_move_naming_an_unknown_card_or_seat_is_e711_at_the_move(tmp_path: Path) -> None:
    path = _copy(tmp_path, "f05_matching.yaml", "when: {turn: red_3, by: 2}",
                 "when: {turn: red_33, by: 9}")
    done = subprocess.run([*FORTLANG, "test", str(path)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=600, check=False)
    assert done.returncode == 1
    line = _line_of(path, "red_33")
    column = path.read_text(encoding="utf-8").splitlines()[line - 1].index("9}") + 1
    assert f"{path}:{line}:{column}: error[E711]: player 9 is not seated" in done.stdout


def test_a_card_placed_twice_more_than_its_copies_is_e711(tmp_path: Path) -> None:
    path = _copy(tmp_path, "f06_one_colour_specials.yaml",
                 "hand: [gift_blue, red_1, red_2, green_3]",
                 "hand: [gift_blue, fuck_you, fuck_you, green_3]")
    done = subprocess.run([*FORTLANG, "test", str(path)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=600, check=False)
    assert done.returncode == 1 and "error[E711]: every copy of fuck_you" in done.stdout


def _outcome(name: str, file: str) -> object:
    [sc] = [s for s in load_scenarios(HERE / file) if s.name.startswith(name)]
    return run_game_scenario(sc)  # type: ignore[arg-type]


@pytest.mark.parametrize(("target", "broken", "name", "file"), [
    # F5.3: black covered by another black card of another number
    ("fortlang.games.frantic.effects.matches", lambda *a: True,
     "a black card is covered by its number", "f05_matching.yaml"),
    # F9.10: Earthquake's cards taken in hand at once
    ("fortlang.games.frantic.effects.give_card",
     lambda table, card, src, seat: table.move(src, src.index(card), table.players[seat].hand),
     "Earthquake, every hand goes to the player on the right", "f09_events.yaml"),
    # F2.4: the winner of the round deals instead of its loser
    ("fortlang.games.frantic.match.next_dealer", lambda table, dealer, points: dealer,
     "the player who lost the round", "f04_f10_round_and_scoring.yaml"),
])
def test_a_broken_rule_fails_its_scenario(monkeypatch: pytest.MonkeyPatch, target: str,
                                          broken: object, name: str, file: str) -> None:
    assert _outcome(name, file).passed  # type: ignore[attr-defined]
    monkeypatch.setattr(target, broken)
    assert not _outcome(name, file).passed  # type: ignore[attr-defined]
