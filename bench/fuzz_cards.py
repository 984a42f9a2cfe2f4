"""Whole games with random cards that `check` accepts: prints each game that crashes or runs
slowly, with what to replay it by (nothing the checker accepts may crash or stall the engine).

    python bench/fuzz_cards.py --examples 2000 --leaves 16 --cards 12

Random actions (every primitive and quantity, the operators, `if`, `each rival ->`) replace
boxes of random park kids of the base set; 2-4 players, random or greedy bots. A line reads
``CRASH`` or ``SLOW <seconds>``, then the seed, players, bots and the replaced boxes
(``Name.public: action``). The suite runs 25 such games (tests/test_engine_random_cards.py);
this runs as many as asked, each example drawn anew (no database, no fixed seed)."""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortlang import nodes as n
from fortlang.cardset import base_set
from fortlang.game import make_bots, run_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from engine_strategies import accepted_actions, with_boxes  # noqa: E402 (the tests' helpers)

BASE = base_set()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--leaves", type=int, default=10, help="primitives per action, at most")
    parser.add_argument("--cards", type=int, default=6, help="boxes replaced per game, at most")
    parser.add_argument("--slow", type=float, default=3.0, help="seconds a game may take")
    args = parser.parse_args()
    played = [0]

    @settings(max_examples=args.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(boxes=st.lists(accepted_actions(args.leaves), min_size=1, max_size=args.cards),
           seed=st.integers(0, 10**6), players=st.integers(2, 4),
           bots=st.sampled_from(["random", "greedy"]))
    def game(boxes: list[n.Action], seed: int, players: int, bots: str) -> None:
        cardset, replaced = with_boxes(BASE, boxes, seed)
        start = time.perf_counter()
        try:
            run_game(cardset, players, make_bots([bots], players, seed), seed=seed)
        except Exception as e:  # what is looked for: reported, and the run goes on
            print("CRASH", type(e).__name__, seed, players, bots, replaced, flush=True)
            traceback.print_exc(limit=3)
            return
        played[0] += 1
        took = time.perf_counter() - start
        if took > args.slow:
            print(f"SLOW {took:.2f}", seed, players, bots, replaced, flush=True)

    game()
    print(f"{played[0]} games played to the end")


if __name__ == "__main__":
    main()
