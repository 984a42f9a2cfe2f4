"""Legality trials a game, by step and by op (issue 38): where the searches that closed forms
(games/fort/certain.py, the ops' ``now``/``always``/``idle``/``exact_*`` in engine/program.py)
did not settle come from.

    .venv/bin/python bench/count_trials.py [--games 200] [--seed 1] [--players 4] [--top 25]
        [--options]

Random bots, the games ``run_game`` plays for seeds ``seed .. seed+games-1`` (what
bench_versions times). What a trial is: tests/trial_counter.py. Each row gives the trials a
game, the options taken inside them and their share of the time (pure Python, the counting
included: a rough share); ``--options`` adds each option tried and how its trial ended.
Counted by patching the interpreter: run it on the pure-Python tree (it refuses a compiled one).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine import interpreter
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from trial_counter import counting  # noqa: E402  (test-only harness, outside the package)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--top", type=int, default=25, help="rows of the by-op table")
    parser.add_argument("--options", action="store_true",
                        help="also each option tried, and how its trial ended")
    args = parser.parse_args()
    if native.is_compiled(interpreter):
        sys.exit("count_trials: the interpreter is compiled; run it on the pure-Python tree")
    cardset = base_set()
    games = args.games
    with counting() as tally:
        start = time.process_time()
        for i in range(games):
            seed = args.seed + i
            run_game(cardset, args.players, make_bots(["random"], args.players, seed), seed=seed)
        elapsed = time.process_time() - start
    work = sum(tally.work.values())
    print(f"{games} random {args.players}-player games from seed {args.seed}: "
          f"{tally.total() / games:.1f} trials a game, {work / games:.1f} options taken in them, "
          f"{100 * sum(tally.seconds.values()) / elapsed:.0f}% of the time (pure Python)")
    print(f"{'trials/game':>11} {'options/game':>12} {'time':>5}  where")
    for where, count in tally.trials.most_common():
        print(f"{count / games:11.2f} {tally.work[where] / games:12.1f} "
              f"{100 * tally.seconds[where] / elapsed:4.1f}%  {where}")
    print(f"\n{'trials/game':>11}  where | what (top {args.top})")
    for key, count in tally.by_what.most_common(args.top):
        print(f"{count / games:11.2f}  {key}")
    if args.options:
        print(f"\n{'trials/game':>11}  where | what | option | outcome")
        for key, count in tally.outcomes.most_common():
            print(f"{count / games:11.2f}  {key}")


if __name__ == "__main__":
    main()
