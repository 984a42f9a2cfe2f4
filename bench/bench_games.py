"""Whole games: 4-player games per second per core with random bots (target >= 1,000), the speed-up
of ``--workers 2``, peak memory of ``fortlang simulate`` as the number of games grows (it should
stay flat), and a profile saying where the time goes.

Usage: python bench/bench_games.py [--games N] [--runs R] [--memory 1000,10000] [--profile]

``--profile`` prints the time spent in each phase of a game (legality of the hand, playing the
chosen card with its followers, recruiting...), then the functions that take the most own time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import subprocess
import sys
import time

from fortlang.cardset import base_set
from fortlang.games.fort.sim.batch import jobs, run_chunk


def games_per_second(games: int, workers: int, seed: int) -> float:
    """Wall-clock rate of ``games`` 4-player random-bot games run as `simulate` runs them."""
    start = time.perf_counter()
    all_jobs = jobs(games, 25, cardset=base_set(), seed=seed, players=4, bots=("random",))
    if workers == 1:
        for job in all_jobs:
            run_chunk(job)
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for _ in pool.imap(run_chunk, all_jobs):
                pass
    return games / (time.perf_counter() - start)


def peak_rss_mb(games: int) -> float:
    """Peak resident memory of a fresh `fortlang simulate --games N` process."""
    code = ("import resource, sys; from fortlang.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, "simulate", "--games", str(games),
                          "--players", "4", "--bots", "random", "--json"],
                         capture_output=True, text=True, check=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


#: (file, function) of the phases of a game, and what share of it each takes: nested entries
#: are parts of the one above (the engine is recursive, so the interpreter's own functions are
#: not listed: their cumulative times count each nested call again).
PHASES = [
    ("sim/batch.py", "run_chunk", "all games"),
    ("games/fort/setup.py", "new_game", "  set-up (R2)"),
    ("games/fort/turn.py", "play_turn", "  turns"),
    ("games/fort/play.py", "legal_plays", "    which cards can be played (R5.4, R5.5)"),
    ("games/fort/play.py", "why_not_by_search", "      of which searches (no shortcut knew)"),
    ("games/fort/play.py", "play_card", "    playing the chosen card, followers included"),
    ("games/fort/play.py", "follow_round", "      of which following (R6)"),
    ("games/fort/table.py", "ask", "    asking agents (all decisions)"),
    ("games/fort/turn.py", "recruit", "    recruit phase (R7)"),
    ("games/fort/turn.py", "discard", "    discard phase (R8)"),
    ("games/fort/setup.py", "draw", "    drawing (R9, set-up included)"),
    ("games/fort/match.py", "end_triggers", "  end triggers (R11.1)"),
    ("games/fort/scoring.py", "final_score", "  final scores (R11.2)"),
    ("sim/stats.py", "add", "  statistics"),
]


def print_phases(stats: pstats.Stats) -> None:
    cumulative: dict[tuple[str, str], float] = {}
    for (file, _, name), (_, _, _, ct, _) in stats.stats.items():  # type: ignore[attr-defined]
        for f, n, _ in PHASES:
            if file.endswith(f) and name == n:
                cumulative[f, n] = cumulative.get((f, n), 0.0) + ct
    total = cumulative.get(PHASES[0][:2], 0.0) or 1.0
    for file, name, label in PHASES:
        ct = cumulative.get((file, name), 0.0)
        print(f"{label:<54} {ct:7.2f} s {100 * ct / total:5.1f}%")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--memory", default="1000,10000", help="game counts for the memory figure")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    one = statistics.median(games_per_second(args.games, 1, r) for r in range(args.runs))
    print(f"4-player random-bot games, 1 process: {one:.0f} games/s (median of {args.runs} "
          f"runs of {args.games}; target >= 1000)")
    two = statistics.median(games_per_second(2 * args.games, 2, r) for r in range(args.runs))
    print(f"--workers 2: {two:.0f} games/s, speed-up x{two / one:.2f}")
    for n in (int(x) for x in args.memory.split(",") if x):
        print(f"peak RSS of `fortlang simulate --games {n}`: {peak_rss_mb(n):.0f} MB")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        games_per_second(100, 1, 99)
        prof.disable()
        stats = pstats.Stats(prof)
        print("profile of 100 games, time spent in the phases of a game (with what they call):")
        print_phases(stats)
        print("top 20 functions by own time:")
        stats.sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()
