"""Parse throughput and CLI start-up, measured in one run (issue 2 figures).

Prints the median actions/s of fortlang's parse -> typed AST and of a raw Lark LALR parse of the
same grammar on the same inputs (parse tree only), their ratio (target >= 0.8), and the median cold
wall time of `fortlang explain` in a fresh process (target < 250 ms).

    python bench/bench_parse.py [--rounds 7] [--cold 11]
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
    start = time.perf_counter()
    for _ in range(repeat):
        for text in actions:
            parse(text)
    return repeat * len(actions) / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--cold", type=int, default=11)
    args = ap.parse_args()

    actions = inputs()
    raw = Lark(language().grammar, parser="lalr",
               start=["action", "scoring"])

    def raw_parse(text: str):
        return raw.parse(text, start="action")

    ours, theirs, ratios = [], [], []
    for _ in range(args.rounds):  # interleaved, so both see the same machine state
        a = rate(parse_action, actions, args.repeat)
        b = rate(raw_parse, actions, args.repeat)
        ours.append(a)
        theirs.append(b)
        ratios.append(a / b)
    print(f"inputs: {len(actions)} actions x {args.repeat} repeats, {args.rounds} rounds")
    print(f"fortlang parse -> AST : {statistics.median(ours):>10,.0f} actions/s (median)")
    print(f"raw lark LALR parse   : {statistics.median(theirs):>10,.0f} actions/s (median)")
    print(f"ratio AST / raw       : {statistics.median(ratios):.2f} (target >= 0.8)")

    exe = shutil.which("fortlang") or str(Path(sys.executable).parent / "fortlang")
    walls = []
    for _ in range(args.cold):
        start = time.perf_counter()
        subprocess.run([exe, "explain", "gain pizza x shovel"], check=True,
                       capture_output=True)
        walls.append(time.perf_counter() - start)
    print(f"cold `fortlang explain`: {statistics.median(walls) * 1000:.0f} ms wall (median of "
          f"{args.cold}; target < 250 ms)")


if __name__ == "__main__":
    main()
