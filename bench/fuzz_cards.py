"""Whole games with random cards that `check` accepts: prints each game that crashes or runs
slowly, with what to replay it by (nothing the checker accepts may crash or stall the engine).

    python bench/fuzz_cards.py --examples 2000 --leaves 16 --cards 12

Random actions (every primitive and quantity, the operators, `if`, `each rival ->`) replace
boxes of random park kids of the base set; 2-4 players, random or greedy bots. A line reads
``CRASH`` or ``SLOW <seconds>``, then the seed, players, bots and the replaced boxes
(``Name.public: action``). The suite runs 25 such games (tests/test_engine_random_cards.py);
this runs as many as asked, each example drawn anew (no database, no fixed seed).

    python bench/fuzz_cards.py --at-bound --games 40 --seed 1

``--at-bound`` (issue 31 item 7): both boxes of every kid are actions at E202's bound
(engine_strategies.at_bound_actions, a pool drawn by ``--seed``, so two trees given the same seed
and checker play the same games); each game's CPU time and its slowest decision (the CPU time
since the one before, as bench_versions.py's FUZZ_FOUND games) are printed, then the worst."""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from fortlang import nodes as n
from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.setup import new_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from engine_strategies import (  # noqa: E402 (the tests' helpers)
    accepted_actions,
    at_bound_actions,
    with_boxes,
    with_every_box,
)

BASE = base_set()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--leaves", type=int, default=10, help="primitives per action, at most")
    parser.add_argument("--cards", type=int, default=6, help="boxes replaced per game, at most")
    parser.add_argument("--slow", type=float, default=3.0, help="seconds a game may take")
    parser.add_argument("--at-bound", action="store_true",
                        help="every box at E202's bound; print each game's slowest decision")
    parser.add_argument("--games", type=int, default=40, help="with --at-bound")
    parser.add_argument("--pool", type=int, default=200, help="at-bound actions drawn")
    parser.add_argument("--seed", type=int, default=1, help="with --at-bound")
    args = parser.parse_args()
    if args.at_bound:
        at_bound(args)
        return
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


def at_bound(args: argparse.Namespace) -> None:
    pool: list[n.Action] = []

    @hypothesis_seed(args.seed)
    @settings(max_examples=args.pool, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(at_bound_actions(args.leaves))
    def draw(action: n.Action) -> None:
        pool.append(action)

    draw()
    rng = random.Random(args.seed)
    worst: tuple[float, str] = (0.0, "")
    total = 0.0
    for _ in range(args.games):
        seed, players = rng.randrange(10**6), rng.randint(2, 4)
        bots = rng.choice(["random", "greedy"])
        cardset, _ = with_every_box(BASE, pool, seed)
        took, slowest = _timed_game(cardset, players, bots, seed)
        total += took
        print(f"seed {seed}, {players} players, {bots}: game {took:.2f} s, slowest decision "
              f"{slowest[0]:.3f} s ({slowest[1][:70]})", flush=True)
        worst = max(worst, slowest)
    print(f"{args.games} games at the bound (pool of {len(pool)} actions, seed {args.seed}): "
          f"{total:.1f} s in all, slowest decision {worst[0]:.3f} s ({worst[1][:70]})")


def _timed_game(cardset, players: int, bots: str, seed: int) -> tuple[float, tuple[float, str]]:
    """A game's CPU time and its slowest decision (the CPU time since the one before)."""
    agents = make_bots([bots], players, seed)
    game, first = new_game(cardset, players, seed=seed, agents=agents)
    worst, last = [0.0, ""], [time.process_time()]

    def on_decision(decision, index) -> None:
        now = time.process_time()
        if now - last[0] > worst[0]:
            worst[:] = [now - last[0], decision.context]
        last[0] = now

    game.on_decision = on_decision
    start = time.process_time()
    run_game(cardset, players, agents, game=game, first=first)
    return time.process_time() - start, (worst[0], worst[1])


if __name__ == "__main__":
    main()
