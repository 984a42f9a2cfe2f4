"""Engine cost in machine instructions per game, counted by valgrind's callgrind: deterministic,
so it is the same on a busy shared machine and a change of a few percent shows (issue 13). The
trees compared: an earlier commit and this tree, both in pure Python (the base exported with
``git archive``), or with ``--compiled`` both compiled (mypyc; ``--this-site`` / ``--base-site``
take builds already made, as bench_simulate.py does).

    python bench/bench_instructions.py [--base 0239877] [--games 10] [--compiled]
                                       [--bots random] [--this-site DIR] [--base-site DIR]
                                       [--top 25] [--keep DIR]

Only the instructions spent inside ``run_game`` are counted (set-up of the process, imports and
the card set's loading are not), over ``--games`` four-player games after one
warm-up game (memo tables filled), random bots at every seat or the line-up ``--bots`` names
(``greedy``, ``greedy,random``: repeated in seat order, as ``make_bots`` seats them).
``--top N`` prints, for this tree, the N functions of the
engine with the most instructions, their callees included (compiled: the C functions; pure:
nothing, the interpreter's frames cannot be told apart). ``--keep DIR`` leaves callgrind's
output files there (``callgrind_annotate --inclusive=yes FILE``). Needs ``valgrind`` on the
PATH. The probe finds ``run_game`` and ``make_bots`` where each layout kept them (fortlang/game/
before issue 33, games/fort/ and agents/ after), so an old base runs as it is.
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

from trees import sides

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import sys
from fortlang.cardset import base_set
try:  # the layout of issue 33 (games as modules)
    try:  # Fort's bots in Fort's folder (issue 33 item 5)
        from fortlang.games.fort.agents.bots import make_bots
    except ImportError:  # in the core's agents/ (stage 3)
        from fortlang.agents.bots import make_bots
    from fortlang.games.fort.match import run_game
except ImportError:  # before it
    from fortlang.game.agents import make_bots
    from fortlang.game.match import run_game
cardset = base_set()
games = int(sys.argv[1])
lineup = sys.argv[2].split(",")
for i in range(games + 1):  # game 0 warms up
    run_game(cardset, 4, make_bots(lineup, 4, 100 + i), seed=100 + i)
"""

#: The function callgrind counts inside: run_game's C body when compiled, else the
#: interpreter's frame evaluation of its code object cannot be singled out, so the pure sides
#: count the whole process twice (0 games and N) and take the difference. A wildcard, so that
#: a base from before the move (fortlang/game/match.py) and Fort's module today
#: (fortlang/games/fort/match.py) are both counted.
COMPILED_ENTRY = "CPyDef_fortlang___*match___run_game"


def callgrind(path: Path, games: int, out: Path, toggle: str | None,
              bots: str = "random") -> int:
    """Instructions counted for ``games`` games (+ the warm-up) run from ``path``."""
    # a fixed hash seed: the order of sets of strings (and so how soon a search finds its
    # answer) is then the same in every run
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    env.pop("FORTLANG_PURE", None)
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    if toggle:
        cmd.append(f"--toggle-collect={toggle}")
    result = subprocess.run([*cmd, sys.executable, "-c", PROBE, str(games), bots], env=env,
                            cwd=path, capture_output=True, text=True, check=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if match is None:
        raise SystemExit(f"callgrind printed no total:\n{result.stderr[-2000:]}")
    return int(match.group(1))


def per_game(path: Path, games: int, into: Path, name: str, compiled: bool,
             bots: str = "random") -> float:
    if compiled:  # one run, counting inside run_game only (warm-up game included)
        total = callgrind(path, games, into / f"{name}.out", COMPILED_ENTRY, bots)
        warm = callgrind(path, 0, into / f"{name}-0.out", COMPILED_ENTRY, bots)
        return (total - warm) / games
    # counted whole, the two processes must start alike: a first run fills the caches a
    # process writes once (the parser's grammar cache), which would else count in one only
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    env.pop("FORTLANG_PURE", None)
    subprocess.run([sys.executable, "-c", PROBE, "0", bots], env=env, cwd=path, check=True,
                   capture_output=True)
    total = callgrind(path, games, into / f"{name}.out", None, bots)
    warm = callgrind(path, 0, into / f"{name}-0.out", None, bots)
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
    parser.add_argument("--compiled", action="store_true",
                        help="compare the two trees compiled (mypyc), not pure Python")
    parser.add_argument("--this-site", type=Path, help="this tree already built (compiled)")
    parser.add_argument("--base-site", type=Path, help="the base already built (compiled)")
    parser.add_argument("--bots", default="random",
                        help="the line-up, comma-separated (greedy; greedy,random), in seat order")
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--keep", type=Path)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="fortlang-instr-") as tmp:
        outs = args.keep or Path(tmp) / "out"
        outs.mkdir(parents=True, exist_ok=True)
        trees = sides(args, Path(tmp))
        counts = {name: per_game(trees[name], args.games, outs, name, args.compiled, args.bots)
                  for name in ("base", "this")}
        build = "compiled" if args.compiled else "pure Python"
        print(f"instructions per 4-player {args.bots}-bot game (callgrind, {args.games} games, "
              f"both sides {build})")
        labels = {"base": f"base {args.base}", "this": "this tree"}
        for name, count in counts.items():
            ratio = counts["base"] / count
            print(f"  {labels[name]:>16}: {count / 1e6:7.3f} M   base/this {ratio:6.3f}x")
        if args.top and args.compiled:
            print(f"the compiled engine's {args.top} costliest functions (callees included):")
            top(outs / "this.out", args.top)


if __name__ == "__main__":
    main()
