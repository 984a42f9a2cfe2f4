"""Engine cost in machine instructions per game, counted by valgrind's callgrind: deterministic,
so it is the same on a busy shared machine and a change of a few percent shows (issue 13). The
trees compared are those of bench_versions.py: an earlier commit (pure Python, exported with
``git archive``), this tree in pure Python and, with ``--compiled``, this tree compiled (mypyc).

    python bench/bench_instructions.py [--base 0239877] [--games 10] [--compiled]
                                       [--top 25] [--keep DIR]

Only the instructions spent inside ``run_game`` are counted (set-up of the process, imports and
the card set's loading are not), over ``--games`` four-player random-bot games after one
warm-up game (memo tables filled). ``--top N`` prints, for this tree (compiled when given), the
N functions of the engine with the most instructions, their callees included. ``--keep DIR``
leaves callgrind's output files there (``callgrind_annotate --inclusive=yes FILE``).
Needs ``valgrind`` on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from trees import build_compiled, export

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import sys
from fortlang.cardset import base_set
from fortlang.agents.bots import make_bots
from fortlang.games.fort.match import run_game
cardset = base_set()
games = int(sys.argv[1])
for i in range(games + 1):  # game 0 warms up
    run_game(cardset, 4, make_bots(["random"], 4, 100 + i), seed=100 + i)
"""

#: The function callgrind counts inside: run_game's C body when compiled, else the
#: interpreter's frame evaluation of its code object cannot be singled out, so the pure sides
#: count the whole process twice (0 games and N) and take the difference. A wildcard, so that
#: a base from before the move (fortlang/game/match.py) and Fort's module today
#: (fortlang/games/fort/match.py) are both counted.
COMPILED_ENTRY = "CPyDef_fortlang___*match___run_game"


def callgrind(path: Path, games: int, out: Path, toggle: str | None) -> int:
    """Instructions counted for ``games`` games (+ the warm-up) run from ``path``."""
    # a fixed hash seed: the order of sets of strings (and so how soon a search finds its
    # answer) is then the same in every run
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    env.pop("FORTLANG_PURE", None)
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    if toggle:
        cmd.append(f"--toggle-collect={toggle}")
    result = subprocess.run([*cmd, sys.executable, "-c", PROBE, str(games)], env=env, cwd=path,
                            capture_output=True, text=True, check=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if match is None:
        raise SystemExit(f"callgrind printed no total:\n{result.stderr[-2000:]}")
    return int(match.group(1))


def per_game(path: Path, games: int, into: Path, name: str, compiled: bool) -> float:
    if compiled:  # one run, counting inside run_game only (warm-up game included)
        total = callgrind(path, games, into / f"{name}.out", COMPILED_ENTRY)
        warm = callgrind(path, 0, into / f"{name}-0.out", COMPILED_ENTRY)
        return (total - warm) / games
    total = callgrind(path, games, into / f"{name}.out", None)
    warm = callgrind(path, 0, into / f"{name}-0.out", None)
    return (total - warm) / games


def top(out: Path, n: int) -> None:
    """The engine's functions with the most inclusive instructions."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", str(out)],
                          capture_output=True, text=True, check=True).stdout
    seen: dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([\d.% ]+\)\s+\S*?:(CPyDef_fortlang___\w+)", line)
        if m:
            name = m.group(2).removeprefix("CPyDef_fortlang___").replace("___", ".")
            seen.setdefault(name, int(m.group(1).replace(",", "")))
    rows = sorted(seen.items(), key=lambda kv: -kv[1])[:n]
    total = rows[0][1] if rows else 1
    for name, count in rows:
        print(f"  {count / total:6.1%}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="0239877")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--compiled", action="store_true")
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--keep", type=Path)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="fortlang-instr-") as tmp:
        outs = args.keep or Path(tmp) / "out"
        outs.mkdir(parents=True, exist_ok=True)
        sides = {"base": (export(args.base, Path(tmp) / "base"), False), "this": (ROOT, False)}
        if args.compiled:
            sides["compiled"] = (build_compiled(Path(tmp) / "compiled"), True)
        counts = {name: per_game(path, args.games, outs, name, compiled)
                  for name, (path, compiled) in sides.items()}
        labels = {"base": f"base {args.base}", "this": "this tree", "compiled": "this, compiled"}
        print(f"instructions per 4-player random-bot game (callgrind, {args.games} games)")
        for name, count in counts.items():
            ratio = counts["base"] / count
            print(f"  {labels[name]:>16}: {count / 1e6:7.2f} M   base/this {ratio:5.2f}x")
        if args.top and args.compiled:
            print(f"the compiled engine's {args.top} costliest functions (callees included):")
            top(outs / "compiled.out", args.top)


if __name__ == "__main__":
    main()
