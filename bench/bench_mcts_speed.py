"""The search bot's speed, this tree against an earlier commit in the same run (issue 38):
playouts per second of ``mcts`` against greedy (two players unless ``--players``), through
``run_chunk`` as ``fortlang simulate --bots mcts:N,greedy`` plays them (the pull API, the
search bot's clones, deals and greedy playouts).

    python bench/bench_mcts_speed.py [--base main] [--games 2] [--playouts 10] [--runs 7]
        [--players 2] [--compiled] [--this-site DIR] [--base-site DIR]

As bench_simulate.py: each side is one long-lived process (trees.Probe), warmed up once; the
sides take turns round by round on the same seeds, times are the process's CPU time, and the
ratio reported is the median (quartiles) of the rounds' paired ratios. A budget in playouts is
deterministic: both sides play the same games (the figures are compared), so playouts per
second is the bot's iterations over the time.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench_simulate import _quartiles
from trees import paired_rounds, sides

PROBE = r"""
import hashlib, json, sys, time
from fortlang.cardset import base_set
try:  # Fort's drivers in Fort's folder (issue 33 item 5)
    import fortlang.games.fort.sim.batch as batch
except ImportError:  # a base commit from before it
    import fortlang.sim.batch as batch
Job, run_chunk = batch.Job, batch.run_chunk
try:  # Fort's bots in Fort's folder (issue 33 item 5)
    import fortlang.games.fort.agents.bots as bots
except ImportError:  # in the core's agents/ (stage 3)
    import fortlang.agents.bots as bots
import fortlang.engine.interpreter as engine
budget, players = map(int, sys.argv[1].split(","))
cardset = base_set()
made = []
real = bots.make_bots
def tracking(names, players, seed):  # the search bots made, for their playout counts
    out = real(names, players, seed)
    made.extend(out)
    return out
batch.make_bots = tracking
def chunk(seed, games):
    job = Job(cardset=cardset, seed=seed, start=0, stop=games, players=players,
              bots=(f"mcts:{budget}", "greedy"))
    return run_chunk(job)
chunk(99, 1)  # warm-up
compiled = not engine.__file__.endswith(".py")
for line in sys.stdin:
    seed, games = map(int, line.split())
    made.clear()
    start = time.process_time()
    result = chunk(seed, games)
    elapsed = time.process_time() - start
    playouts = sum(getattr(b, "iterations", 0) for b in made)
    digest = hashlib.sha256(json.dumps(result.aggregate.figures(), sort_keys=True).encode())
    print(json.dumps({"seconds": elapsed, "playouts": playouts, "compiled": compiled,
                      "figures": digest.hexdigest()}), flush=True)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="the commit to compare with")
    parser.add_argument("--games", type=int, default=2, help="games per round and side")
    parser.add_argument("--playouts", type=int, default=10, help="the bot's budget")
    parser.add_argument("--runs", type=int, default=7, help="rounds")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--compiled", action="store_true", help="both sides built with mypyc")
    parser.add_argument("--this-site", type=Path, help="a tree already built for this side")
    parser.add_argument("--base-site", type=Path, help="the same, for the base side")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="fortlang-bench-") as tmp:
        rows = paired_rounds(sides(args, Path(tmp)), PROBE, f"{args.playouts},{args.players}",
                             args.runs, args.games, args.compiled)
    rate = {name: sum(r["playouts"] for r in runs) / sum(r["seconds"] for r in runs)
            for name, runs in rows.items()}
    ratios = [(t["playouts"] / t["seconds"]) / (b["playouts"] / b["seconds"])
              for t, b in zip(rows["this"], rows["base"], strict=True)]
    same = all(t["figures"] == b["figures"] for t, b in zip(rows["this"], rows["base"],
                                                               strict=True))
    print(f"mcts:{args.playouts} against greedy, {args.players} players, "
          f"{'compiled' if args.compiled else 'pure'}, one core, process CPU time: "
          f"{args.runs} rounds of {args.games} games")
    print(f"  playouts/s: base {rate['base']:.0f}, this {rate['this']:.0f}; this/base, paired "
          f"{_quartiles(ratios)}{'' if same else '  FIGURES DIFFER'}")


if __name__ == "__main__":
    main()
