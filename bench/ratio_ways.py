"""Options a play's search tries against the checker's count, card by card (issue 31 item 7):
for each action of an at-bound pool (the one ``fuzz_cards.py --at-bound`` draws, by ``--seed``)
or given on the command line, a kid whose public box it is is played by the leader from random
tables (tests/builders.random_table) with a hand holding cards of every suit it counts (R5.3:
the counts the cards added give, at their largest), and the options the engine's search tries
(``interpreter._CHOICES``, every ``Point.next``) are set against checker.play_ways (E202's
figure). Each play runs in a child process with a time limit, so that a stall is a figure.

    python bench/ratio_ways.py --seed 1 --pool 200 --leaves 6 --tables 3
    python bench/ratio_ways.py --action '(pack or draw) x 6 then score x shovel'

Prints one line per action, worst ratio first: tried, figure, tried/figure, CPU seconds."""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing as mp
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from fortlang import nodes as n
from fortlang.cardset import base_set
from fortlang.checker import search_ways
from fortlang.engine import interpreter
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.checks import play_ways
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.play import play_card, why_not
from fortlang.parser import parse_action
from fortlang.printer import to_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from builders import random_table  # noqa: E402 (the tests' helpers)
from engine_strategies import at_bound_actions  # noqa: E402

BASE = base_set()


def counted_suits(action: n.Action) -> set[fn.Suit]:
    """The suits ``action`` counts (`x shovel`; every suit for `x any`, R5.7)."""
    suits: set[fn.Suit] = set()
    for x in action.walk():
        if isinstance(x, n.Repeat) and isinstance(x.count, fn.SuitCount):
            suits.add(x.count.suit)
        elif isinstance(x, n.Repeat) and isinstance(x.count, fn.AnySuit):
            suits.update(fn.Suit)
    return suits


def one_play(text: str, table: int, coin: bool, per_suit: int = 4) -> tuple[int, float, bool]:
    """(options tried, CPU seconds, playable) for one play of ``text`` from table ``table``."""
    action = parse_action(text)
    suits = (fn.Suit.SHOVEL, fn.Suit.COIN) if coin else (fn.Suit.SHOVEL,)
    kid = dataclasses.replace(kids_of(BASE)[-1], id="tried", name="Tried", suits=suits,
                              public=action, private=None)
    game = random_table(BASE, 3, table)
    hand = game.players[0].hand
    for suit in counted_suits(action) | ({fn.Suit.SHOVEL} if coin else set()):
        with_suit = [k for k in kids_of(BASE) if suit in k.suits and not k.best_friend]
        for i in range(per_suit):
            game.new_card(with_suit[i % len(with_suit)], hand)
    card = game.new_card(kid, hand)
    before = interpreter._CHOICES[0]
    start = time.process_time()
    legal = why_not(game, 0, card) is None
    if legal:
        play_card(game, 0, card, follow=False, checked=True)
    return interpreter._CHOICES[0] - before, time.process_time() - start, legal


def _child(text: str, table: int, coin: bool, per_suit: int, out) -> None:
    out.put(one_play(text, table, coin, per_suit))


def measured(text: str, table: int, coin: bool, limit: float,
             per_suit: int = 4) -> tuple[int, float, bool] | None:
    """:func:`one_play` in a child process, or None past ``limit`` seconds (a stall)."""
    out: mp.Queue = mp.Queue()
    child = mp.Process(target=_child, args=(text, table, coin, per_suit, out))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return None
    return out.get()


def pool_of(seed: int, size: int, leaves: int) -> list[n.Action]:
    pool: list[n.Action] = []

    @hypothesis_seed(seed)
    @settings(max_examples=size, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(at_bound_actions(leaves))
    def draw(action: n.Action) -> None:
        pool.append(action)

    draw()
    return pool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pool", type=int, default=200)
    parser.add_argument("--leaves", type=int, default=6)
    parser.add_argument("--tables", type=int, default=3, help="random tables per action")
    parser.add_argument("--per-suit", type=int, default=4,
                        help="cards of each suit counted put in the hand")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds a play may take")
    parser.add_argument("--action", action="append", help="an action to measure (repeatable)")
    parser.add_argument("--top", type=int, default=40, help="lines printed")
    args = parser.parse_args()
    actions = [parse_action(a) for a in args.action] if args.action else \
        pool_of(args.seed, args.pool, args.leaves)
    rows = []
    for action in actions:
        text = to_text(action)
        figure = play_ways([action], True)
        whole = play_ways([action], True, search_ways)
        worst = (0, 0.0)
        for table in range(args.tables):
            got = measured(text, table, True, args.limit, args.per_suit)
            if got is None:
                worst = (-1, args.limit)
                break
            worst = max(worst, got[:2])
        ratio = float("inf") if worst[0] < 0 else worst[0] / figure
        rows.append((ratio, worst, figure, whole, text))
        print(f"{'STALL' if worst[0] < 0 else worst[0]:>9} tried {figure:>9,} counted "
              f"(whole {whole:,}) {ratio:7.2f}x {worst[1]:6.2f} s  {text}", flush=True)
    rows.sort(key=lambda r: -r[0])
    print("== worst ratios")
    for ratio, (tried, took), figure, whole, text in rows[:args.top]:
        print(f"{ratio:7.2f}x {tried:>9} tried {figure:>9,} counted (whole {whole:,}) "
              f"{took:6.2f} s  {text}")


if __name__ == "__main__":
    main()
