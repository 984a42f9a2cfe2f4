"""Engine speed: actions executed per second for every fort-base card action, with random
choices, and whole plays (legality search, boosting, following) per second.

    /tmp/v/bin/python bench/bench_engine.py [--runs 5] [--tables 40] [--per-card]

Each figure is the median of ``--runs`` runs; table set-up is not timed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from time import perf_counter

from fortlang.cardset import base_set
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.play import lead, perform
from fortlang.printer import to_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from builders import random_table  # noqa: E402  (test-only builders, outside the package)


def actions_per_second(base, actions, tables: int, players: int = 4,
                       full: bool = False) -> tuple[float, int]:
    """In part: executed as far as possible. In full: a legality search first (R5.4, R6.2),
    then, if possible, executed with every choice point offering only the legal options."""
    count, elapsed = 0, 0.0
    for seed in range(tables):
        game = random_table(base, players, seed)
        for action in actions:
            t0 = perf_counter()
            perform(game, 0, action, full=full)
            elapsed += perf_counter() - t0
            count += 1
    return count / elapsed, count


def plays_per_second(base, tables: int, players: int = 4, turns: int = 8) -> float:
    count, elapsed = 0, 0.0
    for seed in range(tables):
        game = random_table(base, players, seed)
        for turn in range(turns):
            t0 = perf_counter()
            lead(game, turn % players)
            elapsed += perf_counter() - t0
            count += 1
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--per-card", action="store_true", help="also a figure per card action")
    args = parser.parse_args()
    base = base_set()
    actions = [a for k in kids_of(base) for a in (k.public, k.private) if a is not None]
    for full in (False, True):
        runs = [actions_per_second(base, actions, args.tables, full=full)
                for _ in range(args.runs)]
        rate = statistics.median(r for r, _ in runs)
        how = "in full, with the legality search" if full else "in part"
        print(f"fort-base: {len(actions)} card actions x {args.tables} random tables "
              f"({runs[0][1]} executions per run)")
        print(f"actions executed per second, {how} (median of {args.runs}): {rate:,.0f}")
    plays = statistics.median(plays_per_second(base, args.tables) for _ in range(args.runs))
    print(f"turns of leading + following per second (median of {args.runs}): {plays:,.0f}")
    if args.per_card:
        rows = []
        for k in kids_of(base):
            for box, action in (("public", k.public), ("private", k.private)):
                if action is not None:
                    r = statistics.median(
                        actions_per_second(base, [action], args.tables, full=True)[0]
                        for _ in range(args.runs))
                    rows.append((r, f"{k.name} ({box}): {to_text(action)}"))
        print("per card action, in full (slowest first):")
        for r, label in sorted(rows):
            print(f"{r:>10,.0f}/s  {label}")


if __name__ == "__main__":
    main()
