"""Issue 31 items 5 and 6: every number from input is bounded before it is converted or used,
with a positioned error (a 5,000-digit integer was a ValueError traceback; a replay line with
`"players": 1000000000` took 21 s and 7.8 GB before refusing)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main

HUGE = "9" * 5000


def make_set(folder: Path, copies: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "manifest.yaml").write_text(
        'id: my-expansion\nname: Mine\nversion: "1"\nrequires: [fort-base]\n', encoding="utf-8")
    (folder / "kids.yaml").write_text(
        f"kids:\n  - id: a\n    name: A\n    suits: [shovel]\n    copies: {copies}\n"
        "    public: gain pizza\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("number", [HUGE, "0x" + "f" * 5000])
@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"]])
def test_a_huge_integer_in_a_card_file_is_a_positioned_error(tmp_path: Path, number: str,
                                                             command: list[str]):
    cards = make_set(tmp_path / "set", number)
    result = CliRunner().invoke(main, [*command, str(cards / "kids.yaml")])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == 1
    assert re.search(rf"kids.yaml:5:13: error\[E313\]: number `{number[:12]}…` has more than "
                     r"20 digits", result.output), result.output
    assert "E310" not in result.output  # said once, not again as an empty value


def test_a_huge_integer_in_a_played_set_is_a_positioned_error(tmp_path: Path):
    cards = make_set(tmp_path / "set", HUGE)
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--sets", str(cards)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1 and "error[E313]" in result.output


def replay_line(tmp_path: Path, **changes: object) -> Path:
    log = tmp_path / "games.jsonl"
    assert CliRunner().invoke(main, ["simulate", "--games", "1", "--players", "2", "--log",
                                     str(log)]).exit_code == 0
    entry = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    entry.update(changes)
    log.write_text(json.dumps(entry) + "\n", encoding="utf-8")
    return log


@pytest.mark.parametrize("field, value", [("players", 1_000_000_000), ("players", 1),
                                          ("seed", 2 ** 64), ("seed", -1),
                                          ("game", 2 ** 63),
                                          ("decisions", [["recruit", 10 ** 12]])])
def test_a_replay_line_with_an_out_of_range_number_is_refused_before_playing(
        tmp_path: Path, field: str, value: object):
    log = replay_line(tmp_path, **{field: value})
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(log))}:1:\d+: error\[E901\]: not a replay line: "
                     rf"`{field}`", result.output), result.output


def test_a_replay_line_with_a_huge_integer_is_refused(tmp_path: Path):
    log = tmp_path / "games.jsonl"
    log.write_text('{"seed": ' + HUGE + ', "players": 2, "decisions": []}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 1
    assert f"{log}:1:10: error[E901]: not a replay line: a number of more than" in result.output


@pytest.mark.parametrize("args", [["--games", "100000000000"], ["--workers", "1000000"],
                                  ["--seed", "1" + "0" * 30], ["--bots", "mcts:1000000000"],
                                  ["--bots", "mcts:" + HUGE]])
@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_run_options_are_bounded_before_any_game(command: str, args: list[str], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch):
    from fortlang.cli import simulate

    played: list[object] = []
    monkeypatch.setattr(simulate, "_play", lambda *a: played.append(a))
    extra = ["--out", str(tmp_path / "r")] if command == "balance" else []
    result = CliRunner().invoke(main, [command, *args, *extra])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code in (1, 2) and not played, result.output
    assert re.search(r"error\[E(807|904)\]", result.output), result.output
