"""`fortlang simulate` and `fortlang replay` through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.games.fort.invariants import InvariantError


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_simulate_json_reports_every_figure():
    result = run("simulate", "--games", "6", "--players", "3", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    f = json.loads(result.stdout)
    assert f["games"] == 6
    assert set(f["seats"]) == {"0", "1", "2"}
    assert set(f["bots"]) == {"greedy", "random"}
    assert f["bots"]["greedy"]["games"] == 12  # seats 0 and 2
    low, high = f["bots"]["greedy"]["ci95"]
    assert low <= f["bots"]["greedy"]["win_rate"] <= high
    # one win a game (a shared win, R11.3, splits it; rates are rounded to 4 places)
    wins = sum(t["win_rate"] * t["games"] for t in f["seats"].values())
    assert wins == pytest.approx(6, abs=1e-3)
    assert f["end_triggers"] and f["cards"]
    assert all(c["played"] >= 0 for c in f["cards"].values())


def test_simulate_same_seed_same_figures_whatever_the_workers():
    args = ("simulate", "--games", "30", "--players", "2", "--json", "--seed")
    one = json.loads(run(*args, "8").stdout)
    two = json.loads(run(*args, "8", "--workers", "2").stdout)
    other = json.loads(run(*args, "9").stdout)
    assert one == two
    del one["seed"], other["seed"]
    assert one != other


def test_simulate_text_output_has_the_tables():
    result = run("simulate", "--games", "3", "--players", "2", "--seed", "1")
    assert result.exit_code == 0
    assert "win rate per bot" in result.stdout and "95% CI" in result.stdout
    assert "end triggers" in result.stdout


def test_simulate_unknown_bot_is_a_positioned_diagnostic():
    result = run("simulate", "--games", "2", "--bots", "greedy,randum")
    assert result.exit_code == 1
    assert "--bots:1:8: error[E902]: unknown bot `randum`" in result.stderr
    assert "did you mean `random`" in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_log_is_identical_and_a_changed_decision_is_caught(tmp_path):
    log = tmp_path / "games.jsonl"
    result = run("simulate", "--games", "4", "--players", "4", "--seed", "2", "--log", str(log),
                 "--check-invariants", "--json")
    assert result.exit_code == 0
    lines = log.read_text().splitlines()
    assert len(lines) == 4
    ok = run("replay", str(log))
    assert ok.exit_code == 0 and "4 identical, 0 different" in ok.stdout
    entry = json.loads(lines[1])
    for d in entry["decisions"]:  # answer some decision differently
        if d[0] == "play" and d[1] > 0:
            d[1] = 0
            break
    lines[1] = json.dumps(entry)
    log.write_text("\n".join(lines) + "\n")
    bad = run("replay", str(log))
    assert bad.exit_code == 1 and "3 identical, 1 different" in bad.stdout


def test_replay_of_a_missing_or_broken_file_is_an_error(tmp_path):
    assert run("replay", str(tmp_path / "none.jsonl")).exit_code == 1
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    result = run("replay", str(broken))
    assert result.exit_code == 1 and f"{broken}:1:1" in result.stderr


def test_a_failing_game_is_saved_as_a_replay_and_named(tmp_path, monkeypatch):
    import fortlang.games.fort.sim.batch as batch

    def broken(*args, game=None, **kw):
        game.log.append(("play", 0))
        raise InvariantError("tokens are not conserved")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(batch, "run_game", broken)
    result = run("simulate", "--games", "3", "--players", "2", "--seed", "5")
    assert result.exit_code == 1
    assert "game 0" in result.stderr and "InvariantError: tokens are not conserved" in result.stderr
    saved = tmp_path / "fortlang-failed-seed5-game0.jsonl"
    assert saved.name in result.stderr
    entry = json.loads(saved.read_text())
    assert entry["decisions"] == [["play", 0]] and entry["players"] == 2


def test_simulate_log_in_a_missing_folder_is_a_diagnostic(tmp_path):
    result = run("simulate", "--games", "1", "--players", "2", "--log",
                 str(tmp_path / "none" / "x.jsonl"))
    assert result.exit_code == 1 and "cannot write" in result.stderr
    assert "Traceback" not in result.output


def test_simulate_log_is_the_same_whatever_the_workers(tmp_path):
    logs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.jsonl"
        result = run("simulate", "--games", "30", "--players", "2", "--seed", "3", "--json",
                     "--workers", workers, "--log", str(path))
        assert result.exit_code == 0
        logs.append(path.read_text())
    assert logs[0] == logs[1] and logs[0].count("\n") == 30
