"""`fortlang test` through click's CliRunner: one line per scenario, diffs under failures, the
summary alone on the last line, exit codes, json output, diagnostics for broken files."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from fortlang.cli import main

RULEBOOK = Path(__file__).parent / "scenarios" / "rulebook"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")

GOOD = """scenarios:
  - name: Bug digs
    given: {players: [{hand: [Bug]}]}
    when: [{play: Bug, use: public only}]
    then: {players: [{stuff: {pizza: 1}}]}
"""
WRONG = GOOD.replace("name: Bug digs", "name: Bug digs deeper").replace("pizza: 1", "pizza: 2")


def run(*args: str):
    return CliRunner().invoke(main, ["test", *args])


def test_shipped_rulebook_scenarios_all_pass():
    result = run(str(RULEBOOK))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    passed, failed = map(int, SUMMARY.match(lines[-1]).groups())
    assert failed == 0 and passed == len(lines) - 1 >= 30
    assert all(line.startswith("PASS  ") for line in lines[:-1])


def test_failure_shows_path_expected_got_and_exits_1(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD + WRONG.replace("scenarios:\n", ""), encoding="utf-8")
    result = run(str(tmp_path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"PASS  {tmp_path / 'a.yaml'}:2  Bug digs"
    assert lines[1] == f"FAIL  {tmp_path / 'a.yaml'}:6  Bug digs deeper"
    assert lines[2].strip() == "player1.stuff.pizza: expected 2, got 1"
    assert lines[-1] == "1 passed, 1 failed"


def test_json_format(tmp_path):
    (tmp_path / "a.yaml").write_text(WRONG, encoding="utf-8")
    result = run("--format", "json", str(tmp_path / "a.yaml"))
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert (data["passed"], data["failed"]) == (0, 1)
    [sc] = data["scenarios"]
    assert sc["status"] == "failed" and sc["name"] == "Bug digs deeper"
    assert sc["diffs"] == [{"path": "player1.stuff.pizza", "expected": 2, "got": 1}]


def test_broken_file_is_a_diagnostic_not_a_traceback(tmp_path):
    (tmp_path / "bad.yaml").write_text(GOOD.replace("[Bug]}]}", "[Bgu]}]}"), encoding="utf-8")
    (tmp_path / "ok.yaml").write_text(GOOD, encoding="utf-8")
    result = run(str(tmp_path))
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"{tmp_path / 'bad.yaml'}:3:31: error[E701]: unknown card `Bgu`" in result.output
    assert "hint: did you mean `Bug` or `Bud`?" in result.output
    assert result.output.splitlines()[-1] == "1 passed, 1 failed"


def test_json_diagnostics(tmp_path):
    (tmp_path / "bad.yaml").write_text("scenarios:\n  - name: x\n    when: [{plya: Bug}]\n"
                                       "    then: {}\n", encoding="utf-8")
    data = json.loads(run("--format", "json", str(tmp_path)).output)
    [d] = data["diagnostics"]
    assert (d["code"], d["line"], d["hint"]) == ("E311", 3, "did you mean `play`?")


def test_missing_path_is_a_diagnostic(tmp_path):
    result = run(str(tmp_path / "nope.yaml"))
    assert result.exit_code == 1 and "error[E300]: no such file" in result.output
