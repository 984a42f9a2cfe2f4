"""Cards as objects against cards as ints (issue 13, item 2): the cost of the engine's commonest
card read, a suit count over a hand, with a card held as a native object (a game-unique uid and
its shared definition, as the engine holds it) or as an int into a definition table.

    python bench/bench_card_refs.py [--runs 5] [--reps 1000000]

The three ways are one small module, run pure and compiled with mypyc (as `pip install .`
compiles the engine) in a temporary folder; figures are medians of ``--runs`` interleaved runs
of process CPU time, in nanoseconds per count of a five-card hand.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

MODULE = '''
from __future__ import annotations

import time


class Defn:
    __slots__ = ("suits", "name")

    def __init__(self, suits: tuple[str, ...], name: str) -> None:
        self.suits = suits
        self.name = name


class Inst:
    __slots__ = ("uid", "suits", "defn")

    def __init__(self, uid: int, defn: Defn) -> None:
        self.uid = uid
        self.suits = defn.suits
        self.defn = defn


def count_objects(hand: list[Inst], suit: str) -> int:
    n = 0
    for c in hand:
        if suit in c.suits:
            n += 1
    return n


def count_ints(hand: list[int], defs: list[Defn], suit: str) -> int:
    n = 0
    for c in hand:
        if suit in defs[c].suits:
            n += 1
    return n


def count_int_columns(hand: list[int], suits: list[tuple[str, ...]], suit: str) -> int:
    n = 0
    for c in hand:
        if suit in suits[c]:
            n += 1
    return n


def run(reps: int) -> list[float]:
    kinds = [Defn(("book", "glue"), "a"), Defn(("crown",), "b"), Defn(("shovel", "book"), "c")]
    defs = [kinds[i % 3] for i in range(60)]
    suits = [d.suits for d in defs]
    objects = [Inst(i, defs[i]) for i in range(60)]
    held = [3, 17, 22, 41, 59]
    hand = [objects[i] for i in held]
    out = []
    t = time.process_time()
    for _ in range(reps):
        count_objects(hand, "book")
    out.append(time.process_time() - t)
    t = time.process_time()
    for _ in range(reps):
        count_ints(held, defs, "book")
    out.append(time.process_time() - t)
    t = time.process_time()
    for _ in range(reps):
        count_int_columns(held, suits, "book")
    out.append(time.process_time() - t)
    return out
'''

WAYS = ("objects (uid + shared definition)", "ints into a definition table",
        "ints into a suits column")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--reps", type=int, default=1_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fortlang-cardrefs-") as tmp:
        pure, compiled = Path(tmp) / "pure", Path(tmp) / "compiled"
        for folder in (pure, compiled):
            folder.mkdir()
            (folder / "cardrefs.py").write_text(MODULE)
        subprocess.run([sys.executable, "-m", "mypyc", "cardrefs.py"], cwd=compiled, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        (compiled / "cardrefs.py").unlink()  # the extension module only
        probe = f"import json, cardrefs; print(json.dumps(cardrefs.run({args.reps})))"
        runs: dict[str, list[list[float]]] = {"pure": [], "compiled": []}
        for _ in range(args.runs):
            for name, folder in (("pure", pure), ("compiled", compiled)):
                out = subprocess.run([sys.executable, "-c", probe], cwd=folder, check=True,
                                     capture_output=True, text=True).stdout
                runs[name].append(json.loads(out))
    print(f"ns per suit count of a 5-card hand, median of {args.runs} runs")
    for name, results in runs.items():
        for i, way in enumerate(WAYS):
            ns = sorted(r[i] for r in results)[len(results) // 2] * 1e9 / args.reps
            print(f"  {name:>8}  {way:<36} {ns:7.1f}")


if __name__ == "__main__":
    main()
