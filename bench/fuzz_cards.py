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
import dataclasses
import random
import time
import traceback

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.cardset import base_set
from fortlang.checker import check
from fortlang.game import make_bots, run_game
from fortlang.printer import to_text

BASE = base_set()

leaves = st.one_of(
    st.builds(n.Gain, amount=st.integers(1, 3), resource=st.sampled_from(n.Resource)),
    st.builds(n.Spend, amount=st.integers(1, 2), resource=st.sampled_from(n.Resource)),
    st.builds(n.Score, amount=st.integers(1, 2)),
    st.builds(n.Advance, modifier=st.sampled_from((0, *reg.MODIFIERS))),
    *(st.builds(spec.node) for spec in reg.PRIMITIVES
      if spec.node not in (n.Gain, n.Spend, n.Score, n.Advance)),
)
quantities = st.one_of(
    st.builds(n.Fixed, n=st.integers(0, reg.MAX_AMOUNT)),
    *(st.builds(cls) for cls in (n.AnySuit, n.PackSize, n.FortLevel, n.LookoutSize)),
    st.builds(n.SuitCount, suit=st.sampled_from(n.Suit)),
)
tests = st.builds(n.Compare, st.sampled_from(reg.COMPARE_OPS),
                  st.builds(n.Metric, st.sampled_from([m.word for m in reg.METRICS])),
                  st.builds(n.Number, st.integers(0, 4)))


def _composites(kids: st.SearchStrategy) -> st.SearchStrategy:
    several = st.lists(kids, min_size=2, max_size=4).map(tuple)
    return st.one_of(st.builds(n.Repeat, kids, quantities), several.map(n.Then),
                     several.map(n.Choice), st.builds(n.Conditional, tests, kids),
                     st.builds(n.Target, st.sampled_from(n.Who), kids))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--leaves", type=int, default=10, help="primitives per action, at most")
    parser.add_argument("--cards", type=int, default=6, help="boxes replaced per game, at most")
    parser.add_argument("--slow", type=float, default=3.0, help="seconds a game may take")
    args = parser.parse_args()
    accepted = st.recursive(leaves, _composites, max_leaves=args.leaves).filter(
        lambda a: not any(d.code.startswith("E") for d in check(a)))
    played = [0]

    @settings(max_examples=args.examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(boxes=st.lists(accepted, min_size=1, max_size=args.cards),
           seed=st.integers(0, 10**6), players=st.integers(2, 4),
           bots=st.sampled_from(["random", "greedy"]))
    def game(boxes: list[n.Action], seed: int, players: int, bots: str) -> None:
        rng = random.Random(seed)
        kids = list(BASE.kids)
        park = [i for i, k in enumerate(kids) if not k.best_friend]
        replaced = []
        for action in boxes:
            i, box = rng.choice(park), rng.choice(["public", "private"])
            kids[i] = dataclasses.replace(kids[i], **{box: action})
            replaced.append(f"{kids[i].name}.{box}: {to_text(action)}")
        cardset = dataclasses.replace(BASE, kids=tuple(kids))
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
