"""Core commands on a game module's sets need no Fort (issue 33 item 5): where the entry-point
table of ``fortlang.games`` has no `fort` (a game module installed alone, or Fort's entry point
gone), `check`, `fmt`, `explain --game`, `simulate` (text, JSON, the log, the search bot),
`replay`, `balance` and `test` of Frantic's bundled set work, and Fort's package is never
imported. Each run is a fresh interpreter (a test process has Fort's words loaded already)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRANTIC = ROOT / "cards" / "frantic-base"

#: Runs fortlang's commands (argv lists, JSON on stdin) with `fort` taken out of the games'
#: entry points, through click's runner in one process; prints each exit code and output,
#: and whether Fort's package was imported.
SCRIPT = """
import json, sys
import fortlang.entrypoints as entrypoints
import fortlang.games as games

real = entrypoints.entry_points

def without_fort(group):
    found = real(group)
    return {k: v for k, v in found.items() if not (group == games.GROUP and k == "fort")}

games.entry_points = without_fort
from click.testing import CliRunner
from fortlang.cli import main

out = []
for args in json.load(sys.stdin):
    result = CliRunner().invoke(main, args)
    out.append([result.exit_code, result.output, repr(result.exception)])
out.append(sorted(m for m in sys.modules if m.startswith("fortlang.games.fort.")
                  or m == "fortlang.games.fort"))
print(json.dumps(out))
"""


def without_fort(tmp_path: Path, *commands: list[str]) -> tuple[list[list], list[str]]:
    done = subprocess.run([sys.executable, "-c", SCRIPT], input=json.dumps(commands),
                          capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          check=False)
    assert done.returncode == 0, done.stderr
    *results, imported = json.loads(done.stdout)
    return results, imported


def test_frantics_commands_need_no_fort(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    lone = tmp_path / "loose" / "events.yaml"
    lone.parent.mkdir()
    lone.write_text((FRANTIC / "events.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    sets = ["--sets", str(FRANTIC)]
    results, imported = without_fort(
        tmp_path,
        ["check", str(FRANTIC)],
        ["check", str(lone)],
        ["fmt", "--check", str(FRANTIC)],
        ["explain", "--game", "frantic", "--lang", "fr", "draw 2"],
        ["simulate", *sets, "--games", "2", "--players", "3", "--seed", "1"],
        ["simulate", *sets, "--games", "2", "--players", "3", "--seed", "1", "--json",
         "--log", str(log)],
        ["simulate", *sets, "--games", "1", "--players", "2", "--bots", "mcts:2,random",
         "--json"],
        ["replay", str(log)],
        ["balance", *sets, "--games", "2", "--players", "3", "--out", str(tmp_path / "rep")],
        ["test", str(FRANTIC / "scenarios")],
        ["simulate", "--games", "1"],  # Fort's own set: said clearly, no traceback
    )
    for (code, output, exception), expected in zip(results, [0] * 10 + [1], strict=True):
        assert code == expected, (output, exception)
        assert "Traceback" not in output
    check, lone_check, fmt, explain, text, figures, search, replay, balance, test, fort = [
        output for _, output, _ in results]
    assert check.endswith("0 errors, 0 warnings\n") and "87 cards" in check
    assert "20 cards: 0 errors" in lone_check
    assert "9 unchanged" in fmt
    assert explain == "draw 2\nPiochez 2 cartes.\n"
    assert text.startswith("2 games of Frantic, 3 players, seed 1")
    assert json.loads(figures)["game"] == "frantic" and len(log.read_text().splitlines()) == 2
    assert json.loads(search)["games"] == 1
    assert "2 game(s) replayed: 2 identical" in replay
    assert "report ->" in balance
    assert " 0 failed" in test
    assert "fort-base: error[E350]: the bundled set `fort-base` is of the game `fort`: no game " \
        "module `fort` is installed" in fort
    assert imported == []
