"""The search bot's strength and speed (issue 19): two-player games against greedy, seats
alternating (the lineup rotates one seat per game, as `simulate` does), at several budgets.

For each budget: the search bot's win rate (a shared win counts as a share, R11.3) with its
Wilson 95% interval, its decisions per second (decisions with more than one option, over the
processor time it spent thinking) and seconds per game on one core (the whole game, both bots:
processor time of the worker, so a busy machine does not inflate it; wall-clock time beside).

Usage: python bench/bench_mcts.py [--games 200] [--budgets 10,20,40] [--workers 2] [--seed 0]

Budgets are ``mcts`` budgets: playouts per decision (``50``) or seconds (``0.1s``); a budget in
playouts is deterministic, so the figures are the same for every ``--workers``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from typing import Any

from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.sim.batch import seat_bots
from fortlang.games.fort.sim.pull import GameState, answer, play
from fortlang.games.fort.sim.stats import wilson
from fortlang.sim.replay import game_seed


class Timed:
    """Counts a bot's decisions (more than one option) and the processor time it spends on
    them."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.decisions = 0
        self.seconds = 0.0

    def choose_in(self, state: GameState, decision: Any) -> int:
        start = time.process_time()
        index = answer(self.agent, state, decision)
        if len(decision.options) > 1:
            self.decisions += 1
            self.seconds += time.process_time() - start
        return index


def one_game(args: tuple[str, int, int]) -> tuple[float, int, float, float, float]:
    """Game ``index``: (the search bot's share of the win, its decisions, its thinking time,
    the game's processor time, the game's wall-clock time)."""
    spec, seed, index = args
    names = seat_bots([spec, "greedy"], 2, index)
    gseed = game_seed(seed, index)
    bots = [Timed(b) for b in make_bots(names, 2, gseed)]
    start, wall = time.process_time(), time.perf_counter()
    out = play(GameState(base_set(), 2, seed=gseed), bots)
    took, wall = time.process_time() - start, time.perf_counter() - wall
    me = names.index(spec)
    share = 1.0 / len(out.winners) if me in out.winners else 0.0
    return share, bots[me].decisions, bots[me].seconds, took, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budgets", default="10,20,40")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"{args.games} two-player games per budget against greedy, seats alternating, "
          f"seed {args.seed}, {args.workers} worker(s)")
    print(f"{'bot':>12} {'win rate':>9} {'95% CI':>15} {'decisions/s':>12} {'s/game':>7} "
          f"{'wall s/game':>12}")
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for budget in args.budgets.split(","):
            spec = f"mcts:{budget.strip()}"
            rows = pool.map(one_game, [(spec, args.seed, i) for i in range(args.games)],
                            chunksize=1)
            wins = sum(r[0] for r in rows)
            low, high = wilson(wins, len(rows))
            decisions, thinking = sum(r[1] for r in rows), sum(r[2] for r in rows)
            per_game = sum(r[3] for r in rows) / len(rows)
            wall = sum(r[4] for r in rows) / len(rows)
            print(f"{spec:>12} {wins / len(rows):>9.1%} {f'{low:.1%}-{high:.1%}':>15} "
                  f"{decisions / thinking:>12.1f} {per_game:>7.2f} {wall:>12.2f}", flush=True)


if __name__ == "__main__":
    main()
