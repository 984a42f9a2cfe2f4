"""The "Fort unchanged" gate of issue 33 (docs/design/game-modules.md §6.1, stage 0): while the
core is cut away from Fort, `fortlang simulate --json` of the same seeds stays byte-identical to
the goldens recorded at 7f3a5b7, and the replay logs written there still verify.

Regenerate (only when Fort's behaviour changes on purpose, and say so in the commit):

    FORTLANG_REGOLD=1 FORTLANG_GOLDEN_FULL=1 .venv/bin/pytest tests/test_fort_unchanged.py

`FORTLANG_REGOLD=1` writes the goldens and the replay fixtures instead of comparing;
`FORTLANG_GOLDEN_FULL=1` also runs the configurations that cost too much for every CI run (the
search bot at 3 and 4 players; all 36 take about 2.5 minutes of CPU pure, 1 compiled): run it
before merging a stage.
Goldens hold figures and decision indices only, never option labels, so relabelling an option
changes none of them (a test checks it)."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main

HERE = Path(__file__).parent
GOLDEN = HERE / "golden" / "fort-simulate"
REPLAYS = HERE / "fixtures" / "replays"
REGOLD = os.environ.get("FORTLANG_REGOLD") == "1"
FULL = os.environ.get("FORTLANG_GOLDEN_FULL") == "1" or REGOLD

SEED = 7
GAMES = 20
#: The search bot by playouts (deterministic: seeded from the game seed and its seat), a small
#: budget and few games: one game of mcts:50 at 4 players costs about 30 s of CPU.
MCTS = "mcts:4"
MCTS_GAMES = 2
LINEUPS = ("random", "greedy", MCTS, "greedy,random", f"random,{MCTS}", f"greedy,{MCTS}")


def _name(players: int, draft: bool, bots: str) -> str:
    return f"p{players}-{'draft' if draft else 'basic'}-{bots.replace(',', '+').replace(':', '')}"


def _configurations() -> list:
    out = []
    for players in (2, 3, 4):
        for draft in (False, True):
            for bots in LINEUPS:
                search = "mcts" in bots
                games = MCTS_GAMES if search else GAMES
                # every CI run: all lineups without search, and search at 2 players
                slow = search and players > 2
                marks = [pytest.mark.skipif(slow and not FULL, reason="FORTLANG_GOLDEN_FULL=1")]
                out.append(pytest.param(players, draft, bots, games, marks=marks,
                                        id=_name(players, draft, bots)))
    return out


def _simulate(*args: str) -> str:
    result = CliRunner().invoke(main, ["simulate", "--seed", str(SEED), *args])
    assert result.exit_code == 0, result.output
    return result.stdout  # the JSON alone: progress and notes go to stderr


def _compare(path: Path, actual: str) -> None:
    if REGOLD:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            f"golden/{path.name}", "now", n=2))
        pytest.fail(f"Fort's figures changed ({path.name}); if on purpose, regenerate (see this "
                    f"file's docstring):\n{diff}", pytrace=False)


@pytest.mark.parametrize(("players", "draft", "bots", "games"), _configurations())
def test_simulate_json_is_byte_identical_to_the_golden(players, draft, bots, games):
    args = ["--players", str(players), "--bots", bots, "--games", str(games), "--json"]
    _compare(GOLDEN / f"{_name(players, draft, bots)}.json",
             _simulate(*args, *(["--draft"] if draft else [])))


#: Replay fixtures: per table size and set-up, a few games of each lineup in one log.
LOGGED = (("random", 3), ("greedy", 3), ("greedy,random", 3), (f"greedy,{MCTS}", 1))


def _fixture_name(players: int, draft: bool) -> str:
    return f"p{players}-{'draft' if draft else 'basic'}.jsonl"


@pytest.mark.parametrize("draft", [False, True], ids=["basic", "draft"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_logs_written_at_the_base_still_verify(players, draft, tmp_path):
    path = REPLAYS / _fixture_name(players, draft)
    if REGOLD:
        lines: list[str] = []
        for bots, games in LOGGED:
            log = tmp_path / "log.jsonl"
            _simulate("--players", str(players), "--bots", bots, "--games", str(games),
                      "--log", str(log), *(["--draft"] if draft else []))
            lines += log.read_text(encoding="utf-8").splitlines(True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(lines), encoding="utf-8")
    games = path.read_text(encoding="utf-8").count("\n")
    assert games == sum(n for _, n in LOGGED)
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{games} game(s) replayed: {games} identical, 0 different" in result.output


def test_a_changed_decision_fails_the_replay(tmp_path):
    """The replay check can fail: one decision index changed in a fixture is reported."""
    lines = (REPLAYS / _fixture_name(2, False)).read_text(encoding="utf-8").splitlines(True)
    record = json.loads(lines[0])
    kind, index = record["decisions"][0]
    record["decisions"][0] = [kind, index + 1]
    log = tmp_path / "changed.jsonl"
    log.write_text(json.dumps(record) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 1, result.output


def test_goldens_and_logs_carry_no_option_labels():
    """Option labels are for people and may be reworded (seat numbers counted from 1): the gate
    compares figures and indices. Logs hold [kind, index] pairs; simulate --json holds numbers
    keyed by card, perk, rule, seat index and bot names."""
    for path in sorted(REPLAYS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            for kind, index in json.loads(line)["decisions"]:
                assert isinstance(kind, str) and " " not in kind and isinstance(index, int)
    texts = [p.read_text(encoding="utf-8") for p in sorted(GOLDEN.glob("*.json"))]
    assert len(texts) == 36
    for text in texts:
        assert " to seat " not in text and "seat 1" not in text.lower(), text[:200]
