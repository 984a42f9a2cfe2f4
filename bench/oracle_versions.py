"""The oracle across versions (issue 13 item 5): the engine in this tree against the engine at an
earlier commit, over thousands of games, compared at every decision: whose decision, its kind,
the legal options as values (typed values as the plain ones before them: a seat), the excluded
options' rules, and the whole state
(``Game.snapshot()``). Each side runs in its own process; the earlier commit's code is exported
with ``git archive`` (nothing is installed). Games cycle through 2, 3 and 4 players, basic and
draft set-up (R2.5), random, greedy and mixed bots (tests/oracle.py's ``configs``).

    python bench/oracle_versions.py --base 8dbd9df [--games 2000] [--seed 0] [--jobs 2]
                                    [--compiled]

``--compiled``: this tree's side is its compiled build (mypyc; the wheel ``pip install .`` builds,
unpacked into a temporary folder: bench/trees.py).

Each process prints one digest per game; at the first game whose digests differ, both sides
replay it and the first differing decision is printed. Exit status 1 on a difference.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from trees import export

ROOT = Path(__file__).resolve().parent.parent

#: Run with the code under test first on sys.path. argv: first game, games, seed, detail (the
#: index of one game whose whole trace is printed, or -1 for digests).
PROBE = r"""
import hashlib, json, sys
from fortlang.cardset import base_set
try:  # the layout since issue 33 stage 3
    try:  # Fort's bots in Fort's folder (issue 33 item 5)
        from fortlang.games.fort.agents.bots import make_bots
    except ImportError:  # in the core's agents/ (stage 3)
        from fortlang.agents.bots import make_bots
    from fortlang.games.fort.match import run_game
    from fortlang.games.fort.setup import new_game
except ImportError:  # a base commit from before it
    from fortlang.game import make_bots, run_game
    from fortlang.game.setup import new_game

BOT_MIXES = (["random"], ["greedy"], ["greedy", "random"], ["random", "greedy"])
first, games, seed, detail = (int(a) for a in sys.argv[1:5])
cardset = base_set()

def config(i):
    return 2 + i % 3, seed * 1_000_003 + i, (i // 3) % 2 == 1, BOT_MIXES[(i // 6) % 4]

TYPED = ("Seat", "Give", "Take")  # issue 33 stage 1: seats as typed values, compared as seats

def plain(value):
    return value.seat if type(value).__name__ in TYPED else value

class Recording:
    def __init__(self, agent, trace, holder):
        self.agent, self.trace, self.holder = agent, trace, holder
    def choose(self, view, d):
        self.trace.append(repr((d.player, str(d.kind), tuple(plain(o.value) for o in d.options),
                                tuple(r for _, r in d.excluded), self.holder[0].snapshot())))
        return self.agent.choose(view, d)

class Attach:
    def __init__(self, holder):
        self.holder = holder
    def attach(self, game):
        self.holder[:] = [game]

for i in range(first, first + games):
    players, game_seed, draft, bots = config(i)
    trace, holder = [], []
    agents = [Recording(a, trace, holder) for a in make_bots(bots, players, game_seed)]
    game, start = new_game(cardset, players, seed=game_seed, agents=agents, draft=draft,
                           trace=Attach(holder))
    out = run_game(cardset, players, agents, seed=game_seed, game=game, first=start)
    trace.append(repr((out.snapshot, out.log, [s.total for s in out.scores])))
    if detail == i:
        print(json.dumps(trace))
        break
    if detail < 0:
        print(i, hashlib.sha256("\n".join(trace).encode()).hexdigest(), len(trace), flush=True)
"""




def run(path: Path, first: int, games: int, seed: int, detail: int = -1) -> str:
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1")
    env.pop("FORTLANG_PURE", None)  # the compiled build runs compiled
    out = subprocess.run([sys.executable, "-c", PROBE, str(first), str(games), str(seed),
                          str(detail)], env=env, check=True, capture_output=True, text=True,
                         cwd=path)
    return out.stdout


def digests(path: Path, games: int, seed: int, jobs: int) -> dict[int, tuple[str, int]]:
    size = -(-games // jobs)
    with ThreadPoolExecutor(jobs) as pool:
        outs = list(pool.map(lambda j: run(path, j * size, min(size, games - j * size), seed),
                             range(jobs)))
    table = {}
    for out in outs:
        for line in out.splitlines():
            i, digest, n = line.split()
            table[int(i)] = (digest, int(n))
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the earlier commit (the oracle)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="processes per side")
    parser.add_argument("--compiled", action="store_true",
                        help="run this tree compiled with mypyc (built in a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.base, Path(tmp))
        this, label = ROOT, "this tree"
        if args.compiled:
            from trees import build_compiled

            this, label = build_compiled(Path(tmp) / "compiled"), "this tree, compiled"
        start = time.perf_counter()
        expected = digests(base, args.games, args.seed, args.jobs)
        got = digests(this, args.games, args.seed, args.jobs)
        decisions = sum(n for _, n in expected.values())
        for i in sorted(expected):
            if expected[i] != got.get(i):
                a = json.loads(run(base, i, 1, args.seed, i))
                b = json.loads(run(this, i, 1, args.seed, i))
                step = next((j for j, (x, y) in enumerate(zip(a, b, strict=False))
                             if x != y),
                            min(len(a), len(b)))
                print(f"game {i}: first difference at decision {step} of {len(a)}")
                print(f"  {args.base}: {a[step] if step < len(a) else None!s:.1500}")
                print(f"  {label}: {b[step] if step < len(b) else None!s:.1500}")
                return 1
        print(f"{args.games} games, {decisions} decisions: {label} identical to {args.base} "
              f"({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
