"""`fortlang simulate`'s own path, this tree against an earlier commit in the same run (issue 38):
games per second through ``run_chunk``, the function every backend of ``simulate`` runs per chunk
of games (bots made per game, the figures gathered, the game loop), for random and greedy bots
at 2 and 4 players, on one core.

    python bench/bench_simulate.py [--base main] [--games 40] [--runs 11] [--compiled]
        [--this-site DIR] [--base-site DIR] [--cli]

As bench_versions.py: the base commit is exported (and with ``--compiled`` both sides are built
with mypyc); each side is one long-lived process, warmed up once; the sides take turns round by
round, playing the same games (the same seeds), and times are the process's CPU time. The
ratio reported is paired: the sides of a round ran back to back, so a change of the machine's
speed between rounds cancels out; the median and quartiles of those ratios are given. The
figures of both sides are compared too (the same seeds must give the same figures).

``--cli`` times the command itself instead, end to end but for the process's start: each round
runs ``fortlang simulate --games N --players P --bots B --seed S --json`` in the probe's
process (click's ``main(..., standalone_mode=False)``, its output caught), so the figures'
merging and report, the progress bar's bookkeeping and the chunking are in the time; the
figures compared are the JSON it prints.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

from trees import paired_rounds, sides

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = (("random", 4), ("greedy", 4), ("random", 2), ("greedy", 2))

#: One side, run with the code under test first on sys.path; argv: the configs as JSON. Each
#: stdin line "seed games" plays that chunk of every config and answers with one JSON line.
PROBE = r"""
import dataclasses, hashlib, json, sys, time
from fortlang.cardset import base_set
import importlib
# Fort's drivers in Fort's folder (issue 33 item 5), in the core's sim/ (stage 3), in game/
for _where in ("fortlang.games.fort.sim.batch", "fortlang.sim.batch", "fortlang.game.batch"):
    try:
        _batch = importlib.import_module(_where)
        break
    except ImportError:  # a base commit of an older layout
        continue
Job, run_chunk = _batch.Job, _batch.run_chunk
import fortlang.engine.interpreter as engine
configs = json.loads(sys.argv[1])
cardset = base_set()
def canonical(value):
    # the figures in an order of their own: dicts sorted, objects by their fields
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{k!r}:{canonical(v)}" for k, v in value.items())) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # by its fields: a class compiled with mypyc has no __dict__ (and its repr is not
        # the interpreted one's), so a pure and a compiled side still compare
        return type(value).__name__ + canonical(
            {f.name: getattr(value, f.name) for f in dataclasses.fields(value)})
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return type(value).__name__ + canonical(vars(value))
    if hasattr(value, "__slots__"):
        return type(value).__name__ + canonical({s: getattr(value, s) for s in value.__slots__})
    return repr(value)
def chunk(bots, players, seed, games):
    job = Job(cardset=cardset, seed=seed, start=0, stop=games, players=players, bots=(bots,))
    return run_chunk(job)
for bots, players in configs:
    chunk(bots, players, 0, 2)  # warm-up (imports, memo tables)
compiled = not engine.__file__.endswith(".py")
for line in sys.stdin:
    seed, games = map(int, line.split())
    out = []
    for bots, players in configs:
        start = time.process_time()
        result = chunk(bots, players, seed, games)
        elapsed = time.process_time() - start
        # the figures as simulate reports them (Aggregate.figures), so that two sides whose
        # tallies are shaped differently inside still compare; canonical() where there is none
        agg = result.aggregate
        shown = json.dumps(agg.figures(), sort_keys=True) if hasattr(agg, "figures") \
            else canonical(agg)
        digest = hashlib.sha256(shown.encode()).hexdigest()
        out.append({"seconds": elapsed, "games": games, "figures": digest})
    print(json.dumps({"configs": out, "compiled": compiled}), flush=True)
"""


#: --cli: the same protocol, each config one ``fortlang simulate ... --json`` in the process.
PROBE_CLI = r"""
import contextlib, hashlib, io, json, sys, time
from fortlang.cli import main
import fortlang.engine.interpreter as engine
configs = json.loads(sys.argv[1])
def simulate(bots, players, seed, games):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main.main(["simulate", "--games", str(games), "--players", str(players), "--bots", bots,
                   "--seed", str(seed), "--json"], standalone_mode=False)
    return out.getvalue()
for bots, players in configs:
    simulate(bots, players, 0, 2)  # warm-up (imports, memo tables)
compiled = not engine.__file__.endswith(".py")
for line in sys.stdin:
    seed, games = map(int, line.split())
    out = []
    for bots, players in configs:
        start = time.process_time()
        printed = simulate(bots, players, seed, games)
        elapsed = time.process_time() - start
        digest = hashlib.sha256(printed.encode()).hexdigest()
        out.append({"seconds": elapsed, "games": games, "figures": digest})
    print(json.dumps({"configs": out, "compiled": compiled}), flush=True)
"""


def _quartiles(ratios: list[float]) -> str:
    ratios = sorted(ratios)
    q1, _, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratios * 3)
    return f"{statistics.median(ratios):.2f}x (quartiles {q1:.2f}-{q3:.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="the commit to compare with")
    parser.add_argument("--games", type=int, default=40, help="games per config, round, side")
    parser.add_argument("--runs", type=int, default=11, help="rounds")
    parser.add_argument("--compiled", action="store_true",
                        help="both sides built with mypyc (in a temporary folder)")
    parser.add_argument("--this-site", type=Path, help="a tree already built for this side "
                        "(build_compiled's site folder), instead of building one")
    parser.add_argument("--base-site", type=Path, help="the same, for the base side")
    parser.add_argument("--cli", action="store_true",
                        help="time `fortlang simulate ... --json` end to end, not run_chunk")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="fortlang-bench-") as tmp:
        rows = paired_rounds(sides(args, Path(tmp)), PROBE_CLI if args.cli else PROBE,
                             json.dumps(CONFIGS), args.runs, args.games, args.compiled)
    build = "compiled" if args.compiled else "pure"
    path = "`fortlang simulate --json`, in process" if args.cli else "run_chunk"
    print(f"simulate's path ({path}), {build}, one core, process CPU time: {args.runs} "
          f"rounds of {args.games} games per config, both sides the same seeds")
    print(f"  {'bots':>6} {'players':>7} {'base g/s':>9} {'this g/s':>9}  this/base, paired")
    for c, (bots, players) in enumerate(CONFIGS):
        rate = {}
        for name in rows:
            cells = [r["configs"][c] for r in rows[name]]
            rate[name] = sum(x["games"] for x in cells) / sum(x["seconds"] for x in cells)
        ratios = [b["configs"][c]["seconds"] / t["configs"][c]["seconds"]
                  for t, b in zip(rows["this"], rows["base"], strict=True)]
        same = all(t["configs"][c]["figures"] == b["configs"][c]["figures"]
                   for t, b in zip(rows["this"], rows["base"], strict=True))
        print(f"  {bots:>6} {players:>7} {rate['base']:9.1f} {rate['this']:9.1f}  "
              f"{_quartiles(ratios)}{'' if same else '  FIGURES DIFFER'}")


if __name__ == "__main__":
    main()
