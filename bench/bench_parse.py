"""Parse throughput and CLI start-up, measured in one run (issue 2 figures).

Prints the median actions/s of fortlang's parse -> typed AST and of a raw Lark LALR parse of the
same grammar on the same inputs (parse tree only, and parse tree with positions, as the AST has
spans), the ratios (issue 18.5's target: >= 1.0 against the plain tree), and the median cold wall
time of `fortlang explain` in a fresh process (target < 250 ms).

    python bench/bench_parse.py [--rounds 7] [--cold 11] [--chains 10000,40000,200000]
    python bench/bench_parse.py --long [--base main] [--rounds 7] [--compiled]

``--chains`` also times long `then` chains (issue 31 item 8): the median CPU seconds of
fortlang's parse and of Lark's own tree per length, and each length's time over the previous
one's (a linear parse grows as the length does: x4 for 4 times the items; the old
`left.items + items` grew x16).

``--long`` (issue 38) times what users write at its longest, this tree against ``--base`` in the
same run (bench/trees.py: each side one process, the sides taking turns round by round): actions
of 50, 200 and 1,000 `then`-chained parts, and parentheses nested one short of the bound (R13.4,
E102), each parsed, checked and printed. It prints the microseconds per part of each step, the
median of the rounds and their spread (lowest-highest), for both sides and their paired ratio: a
step that is linear keeps its time per part as the action grows; a quadratic one grows with it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
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
    ap.add_argument("--long", action="store_true",
                    help="long actions, this tree against --base, time per part")
    ap.add_argument("--base", default="main", help="the commit --long compares with")
    ap.add_argument("--compiled", action="store_true", help="--long: both sides built by mypyc")
    args = ap.parse_args()
    if args.long:
        long_actions(args)
        return
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


#: The parts of a long chain, in turn (each a primitive a card uses).
PARTS = ("gain pizza", "score", "spend toy", "pack", "gain toy x shovel", "recruit")
#: Parentheses nested one short of the parser's bound (registry.MAX_DEPTH = 32, E102).
NESTED = 31


def long_texts() -> list[tuple[str, str, int]]:
    """(name, text, parts) of each long action."""
    out = [(f"then x{k}", " then ".join(PARTS[i % len(PARTS)] for i in range(k)), k)
           for k in (50, 200, 1000)]
    text = "score"
    for i in range(NESTED):  # `or` and `then` in turn, so no level merges with the next
        text = f"(gain pizza {'or' if i % 2 else 'then'} {text})"
    out.append((f"nested {NESTED}", text, NESTED + 1))
    return out


#: One side of --long, run with its tree first on sys.path; argv: the texts as JSON. Each stdin
#: line is a round: every text parsed, checked and printed, CPU seconds per part of each step.
PROBE = r"""
import json, sys, time
import fortlang.parser as parser
from fortlang.checker import check
from fortlang.printer import to_text
texts = json.loads(sys.argv[1])
compiled = not parser.__file__.endswith(".py")
def per_part(step, arg, parts):
    repeat = max(1, 4000 // parts)  # about the same work for every length
    start = time.process_time()
    for _ in range(repeat):
        step(arg)
    return (time.process_time() - start) / (repeat * parts)
for name, text, parts in texts:  # warm-up: the parser's tables, imports
    check(parser.parse_action(text))
for line in sys.stdin:
    row = {"compiled": compiled}
    for name, text, parts in texts:
        action = parser.parse_action(text)
        row[name] = [per_part(parser.parse_action, text, parts), per_part(check, action, parts),
                     per_part(to_text, action, parts)]
    print(json.dumps(row), flush=True)
"""


def long_actions(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from trees import paired_rounds, sides

    texts = long_texts()
    with tempfile.TemporaryDirectory(prefix="fortlang-bench-parse-") as tmp:
        trees = sides(args, Path(tmp))
        rows = paired_rounds(trees, PROBE, json.dumps(texts), args.rounds, 0, args.compiled)
    build = "compiled" if args.compiled else "pure Python"
    print(f"long actions, {build}, this tree vs {args.base}, {args.rounds} paired rounds: "
          "microseconds per part, median (lowest-highest); ratio this/base, median of rounds")
    print(f"{'action':<12} {'step':<6} {'this tree':>22} {'base':>22} {'ratio':>6}")
    for name, _, _ in texts:
        for i, step in enumerate(("parse", "check", "print")):
            mine = [r[name][i] * 1e6 for r in rows["this"]]
            theirs = [r[name][i] * 1e6 for r in rows["base"]]
            ratio = statistics.median(a / b for a, b in zip(mine, theirs, strict=True) if b)
            print(f"{name:<12} {step:<6} {_spread(mine):>22} {_spread(theirs):>22} "
                  f"{ratio:>6.2f}")


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


if __name__ == "__main__":
    main()
