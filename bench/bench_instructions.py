"""Engine cost in machine instructions per game, counted by valgrind's callgrind: deterministic,
so it is the same on a busy shared machine and a change of a few percent shows (issue 13). The
trees compared: an earlier commit and this tree, both in pure Python (the base exported with
``git archive``), or with ``--compiled`` both compiled (mypyc; ``--this-site`` / ``--base-site``
take builds already made, as bench_simulate.py does).

    python bench/bench_instructions.py [--base 0239877] [--games 10] [--compiled]
                                       [--bots random] [--this-site DIR] [--base-site DIR]
                                       [--top 25] [--keep DIR] [--whole] [--warm 1]

Only the instructions spent inside ``run_game`` are counted (set-up of the process, imports and
the card set's loading are not), over ``--games`` four-player games after ``--warm`` warm-up
games (1: memo tables filled; 30: steady state, as in a long simulate, where the per-card facts
worked out when a card is first played are paid once), random bots at every seat or the
line-up ``--bots`` names
(``greedy``, ``greedy,random``: repeated in seat order, as ``make_bots`` seats them).
``--top N`` prints, for this tree, the N functions of the
engine with the most instructions, their callees included (compiled: the C functions; pure:
nothing, the interpreter's frames cannot be told apart). ``--keep DIR`` leaves callgrind's
output files there (``callgrind_annotate --inclusive=yes FILE``). Needs ``valgrind`` on the
PATH.

``--whole`` counts what a designer runs instead (issue 38): the whole ``fortlang simulate
--players 4 --bots random --json`` process, per game: the difference of a run of
``--games`` + 25 games and one of 25 (both in 5 chunks, the warm-up and every per-run cost in
both), over ``--games``; with ``--compiled``, the part of it inside ``run_game`` too (its
inclusive count in the same runs), so what simulate pays around and between the engine's
decisions is the rest.

The probe finds ``run_game`` and ``make_bots`` where each layout kept them (fortlang/game/
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
games = int(sys.argv[1])  # warm-up games included
lineup = sys.argv[2].split(",")
for i in range(games):
    run_game(cardset, 4, make_bots(lineup, 4, 100 + i), seed=100 + i)
"""

#: ``fortlang simulate`` run in the process, its options after the code (argv).
CLI_PROBE = r"""
import sys
from fortlang.cli import main
sys.argv = ["fortlang", *sys.argv[1:]]
main()
"""
#: --whole: the shorter run's games (a warm-up, memo tables filled; 5 chunks of at most 6) and
#: the number the longer run adds (``--games``, chunks of 25: 5 chunks for 100)
WHOLE_WARM = 25

#: The function callgrind counts inside: run_game's C body when compiled, else the
#: interpreter's frame evaluation of its code object cannot be singled out, so the pure sides
#: count the whole process twice (0 games and N) and take the difference. A wildcard, so that
#: a base from before the move (fortlang/game/match.py) and Fort's module today
#: (fortlang/games/fort/match.py) are both counted.
COMPILED_ENTRY = "CPyDef_fortlang___*match___run_game"


def callgrind(path: Path, games: int, out: Path, toggle: str | None,
              bots: str = "random", whole: bool = False) -> int:
    """Instructions counted for ``games`` games (warm-up included) run from ``path``;
    ``whole``: ``games`` games of ``fortlang simulate``."""
    # a fixed hash seed: the order of sets of strings (and so how soon a search finds its
    # answer) is then the same in every run
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    env.pop("FORTLANG_PURE", None)
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    if toggle:
        cmd.append(f"--toggle-collect={toggle}")
    probe = ([CLI_PROBE, "simulate", "--games", str(games), "--players", "4", "--bots",
              bots, "--seed", "1", "--json"] if whole else [PROBE, str(games), bots])
    result = subprocess.run([*cmd, sys.executable, "-c", *probe], env=env, cwd=path,
                            capture_output=True, text=True, check=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if match is None:
        raise SystemExit(f"callgrind printed no total:\n{result.stderr[-2000:]}")
    return int(match.group(1))


def per_game(path: Path, games: int, into: Path, name: str, compiled: bool,
             bots: str = "random", warmup: int = 1) -> float:
    if compiled:  # counting inside run_game only: warm-up + games, less the warm-up alone
        total = callgrind(path, warmup + games, into / f"{name}.out", COMPILED_ENTRY, bots)
        warm = callgrind(path, warmup, into / f"{name}-0.out", COMPILED_ENTRY, bots)
        return (total - warm) / games
    # counted whole, the two processes must start alike: a first run fills the caches a
    # process writes once (the parser's grammar cache), which would else count in one only
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    env.pop("FORTLANG_PURE", None)
    subprocess.run([sys.executable, "-c", PROBE, "1", bots], env=env, cwd=path, check=True,
                   capture_output=True)
    total = callgrind(path, warmup + games, into / f"{name}.out", None, bots)
    warm = callgrind(path, warmup, into / f"{name}-0.out", None, bots)
    return (total - warm) / games


def whole(path: Path, games: int, into: Path, name: str, compiled: bool
          ) -> tuple[float, float | None]:
    """--whole: a simulate game's instructions, and (compiled) those inside ``run_game``."""
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    env.pop("FORTLANG_PURE", None)
    subprocess.run([sys.executable, "-c", CLI_PROBE, "simulate", "--games", "1"], env=env,
                   cwd=path, check=True, capture_output=True)  # caches written once, not counted
    long, short = into / f"{name}.out", into / f"{name}-0.out"
    total = callgrind(path, WHOLE_WARM + games, long, None, whole=True)
    warm = callgrind(path, WHOLE_WARM, short, None, whole=True)
    if not compiled:
        return (total - warm) / games, None
    inside = inclusive(long, COMPILED_ENTRY) - inclusive(short, COMPILED_ENTRY)
    return (total - warm) / games, inside / games


def inclusive(out: Path, pattern: str) -> int:
    """The inclusive instructions of the functions whose name matches ``pattern`` (a shell
    wildcard), summed (one function a tree: Fort's run_game)."""
    import fnmatch

    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
                          capture_output=True, text=True, check=True).stdout
    found = 0
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([\d.% ]+\)\s+\S*?:(\S+)", line)
        if m and fnmatch.fnmatchcase(m.group(2), pattern):
            found += int(m.group(1).replace(",", ""))
    return found


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
    parser.add_argument("--warm", type=int, default=1,
                        help="warm-up games before the counted ones (30: steady state)")
    parser.add_argument("--whole", action="store_true",
                        help="count a whole `fortlang simulate` process per game, not run_game")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="fortlang-instr-") as tmp:
        outs = args.keep or Path(tmp) / "out"
        outs.mkdir(parents=True, exist_ok=True)
        trees = sides(args, Path(tmp))
        if args.whole:
            report_whole(trees, args, outs)
            return
        if args.warm < 1:
            raise SystemExit("--warm: at least 1 (the first game fills the memo tables)")
        counts = {name: per_game(trees[name], args.games, outs, name, args.compiled, args.bots,
                                 args.warm)
                  for name in ("base", "this")}
        build = "compiled" if args.compiled else "pure Python"
        print(f"instructions per 4-player {args.bots}-bot game (callgrind, {args.games} games "
              f"after {args.warm} warm-up, both sides {build})")
        labels = {"base": f"base {args.base}", "this": "this tree"}
        for name, count in counts.items():
            ratio = counts["base"] / count
            print(f"  {labels[name]:>16}: {count / 1e6:7.3f} M   base/this {ratio:6.3f}x")
        if args.top and args.compiled:
            print(f"the compiled engine's {args.top} costliest functions (callees included):")
            top(outs / "this.out", args.top)


def report_whole(trees: dict[str, Path], args: argparse.Namespace, outs: Path) -> None:
    counts = {name: whole(trees[name], args.games, outs, name, args.compiled)
              for name in ("base", "this")}
    build = "compiled" if args.compiled else "pure Python"
    print(f"instructions per game of `fortlang simulate --players 4 --bots random` (callgrind, "
          f"{WHOLE_WARM + args.games} games less {WHOLE_WARM}, both sides {build})")
    labels = {"base": f"base {args.base}", "this": "this tree"}
    for name, (count, inside) in counts.items():
        ratio = counts["base"][0] / count
        split = ""
        if inside is not None:
            split = (f"   run_game {inside / 1e6:7.3f} M, around it {(count - inside) / 1e6:7.3f} M"
                     f" ({(count - inside) / count:5.1%})")
        print(f"  {labels[name]:>16}: {count / 1e6:7.3f} M   base/this {ratio:6.3f}x{split}")
    if args.top and args.compiled:
        print(f"this tree's {args.top} costliest compiled functions (callees included):")
        top(outs / "this.out", args.top)


if __name__ == "__main__":
    main()
