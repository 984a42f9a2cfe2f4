"""The oracle over thousands of games (issue 13 item 5): the same game played by the engine's
own turn loop and through the pull API (tests/oracle.py), compared at every decision: whose
decision, its kind, the legal options as values, the excluded options' rules, and the whole
state. Configurations cycle through 2, 3 and 4 players, basic and draft set-up (R2.5), random,
greedy and mixed bots; the games in which each perk was held or used are counted, so the
report shows every perk was in play.

    python bench/oracle_games.py [--games 2000] [--seed 0]

Exit status 1 at the first difference, printing it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from fortlang.games.fort.model import perks_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from oracle import compare, configs  # noqa: E402  (test-only harness, outside the package)

from fortlang.cardset import base_set  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    cardset = base_set()
    perks: Counter = Counter()
    by_config: Counter = Counter()
    decisions = 0
    start = time.perf_counter()
    for players, seed, draft, bots in configs(args.games, args.seed):
        mismatch, n, used = compare(cardset, players, seed, draft, bots)
        if mismatch is not None:
            print(f"MISMATCH {mismatch}")
            return 1
        decisions += n
        perks.update(used)
        by_config[(players, "draft" if draft else "basic", "+".join(bots))] += 1
    elapsed = time.perf_counter() - start
    all_perks = {k.id for k in perks_of(cardset)}
    print(f"{args.games} games, {decisions} decisions compared: all identical "
          f"({elapsed:.1f} s)")
    for key, count in sorted(by_config.items()):
        print(f"  {key[0]} players, {key[1]}, {key[2]}: {count} games")
    print("games with each perk in play: "
          + ", ".join(f"{k} {perks[k]}" for k in sorted(all_perks)))
    missing = all_perks - set(perks)
    if missing:
        print(f"perks never in play: {sorted(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
