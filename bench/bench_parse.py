"""Parse throughput and CLI start-up, measured in one run (issue 2 figures).

Prints the median actions/s of fortlang's parse -> typed AST and of a raw Lark LALR parse of the
same grammar on the same inputs (parse tree only, and parse tree with positions, as the AST has
spans), the ratios (issue 18.5's target: >= 1.0 against the plain tree), and the median cold wall
time of `fortlang explain` in a fresh process (target < 250 ms).

    python bench/bench_parse.py [--rounds 7] [--cold 11] [--chains 10000,40000,200000]

``--chains`` also times long `then` chains (issue 31 item 8): the median CPU seconds of
fortlang's parse and of Lark's own tree per length, and each length's time over the previous
one's (a linear parse grows as the length does: x4 for 4 times the items; the old
`left.items + items` grew x16).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from lark import Lark

from fortlang.parser import language, parse_action

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "identity.txt"


def inputs() -> list[str]:
    lines = FIXTURES.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def rate(parse, actions: list[str], repeat: int) -> float:
    """Actions per second of this process's CPU time: on a machine other jobs share, wall time
    swings by 30% from one round to the next, CPU time by a few percent."""
    start = time.process_time()
    for _ in range(repeat):
        for text in actions:
            parse(text)
    return repeat * len(actions) / (time.process_time() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--cold", type=int, default=11)
    ap.add_argument("--chains", default="",
                    help="comma-separated chain lengths to time, e.g. 10000,40000,200000")
    args = ap.parse_args()
    if args.chains:
        chains([int(k) for k in args.chains.split(",")], args.rounds)
        return

    actions = inputs()
    raw = Lark(language().grammar, parser="lalr",
               start=["action", "scoring"])
    placed = Lark(language().grammar, parser="lalr", start=["action", "scoring"],
                  propagate_positions=True)

    def raw_parse(text: str):
        return raw.parse(text, start="action")

    def placed_parse(text: str):
        return placed.parse(text, start="action")

    ours, theirs, placed_rates, ratios, placed_ratios = [], [], [], [], []
    for _ in range(args.rounds):  # interleaved, so all see the same machine state
        a = rate(parse_action, actions, args.repeat)
        b = rate(raw_parse, actions, args.repeat)
        c = rate(placed_parse, actions, args.repeat)
        ours.append(a)
        theirs.append(b)
        placed_rates.append(c)
        ratios.append(a / b)
        placed_ratios.append(a / c)
    print(f"inputs: {len(actions)} actions x {args.repeat} repeats, {args.rounds} rounds")
    print(f"fortlang parse -> AST         : {statistics.median(ours):>10,.0f} actions/s (median)")
    print(f"raw lark LALR parse tree      : {statistics.median(theirs):>10,.0f} actions/s (median)")
    print(f"raw lark tree with positions  : {statistics.median(placed_rates):>10,.0f} actions/s "
          "(median)")
    print(f"ratio AST / raw tree          : {statistics.median(ratios):.2f} (target >= 1.0)")
    print(f"ratio AST / tree w/ positions : {statistics.median(placed_ratios):.2f}")

    exe = shutil.which("fortlang") or str(Path(sys.executable).parent / "fortlang")
    walls = []
    for _ in range(args.cold):
        start = time.perf_counter()
        subprocess.run([exe, "explain", "gain pizza x shovel"], check=True,
                       capture_output=True)
        walls.append(time.perf_counter() - start)
    print(f"cold `fortlang explain`: {statistics.median(walls) * 1000:.0f} ms wall (median of "
          f"{args.cold}; target < 250 ms)")


def chains(lengths: list[int], rounds: int) -> None:
    raw = Lark(language().grammar, parser="lalr", start=["action", "scoring"])
    print(f"{'items':>8} {'fortlang s':>11} {'lark tree s':>12} {'growth':>7}")
    previous = None
    for k in lengths:
        text = " then ".join(["gain pizza"] * k)
        ours, theirs = [], []
        for _ in range(max(1, rounds // 2)):
            start = time.process_time()
            parse_action(text)
            ours.append(time.process_time() - start)
            start = time.process_time()
            raw.parse(text, start="action")
            theirs.append(time.process_time() - start)
        mine = statistics.median(ours)
        growth = f"x{mine / previous:.1f}" if previous else ""
        print(f"{k:>8} {mine:>11.2f} {statistics.median(theirs):>12.2f} {growth:>7}")
        previous = mine


if __name__ == "__main__":
    main()
