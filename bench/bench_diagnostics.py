"""Diagnostics cost, this tree against an earlier commit in the same run (issue 12): `check` of
50 card files of 100 kids, each kid with an unknown suit and an unknown word in its action
(10,000 errors, each rendered with its line and caret), and rendering one diagnostic on the
last line of a 4 MB file (the caret line is found by scanning the line breaks).

    python bench/bench_diagnostics.py [--base 6c511b3] [--runs 5]

The base commit's code is exported with `git archive` into a temporary folder and run in a
subprocess (nothing is installed). Old and new runs alternate, so a busy machine slows both
alike; every figure is the median of ``--runs`` runs, and the last column is new / old.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from trees import export

#: Run with the code under test first on sys.path; prints JSON (seconds).
PROBE = r"""
import io, json, sys, time
from contextlib import redirect_stdout
from click.testing import CliRunner
from fortlang.cli import main
from fortlang.errors import ERROR, Diagnostic
from fortlang.nodes import Span

from pathlib import Path
cards, runs = sorted(map(str, Path(sys.argv[1]).glob("*.yaml"))), int(sys.argv[2])
def timed(f):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]

check = timed(lambda: CliRunner().invoke(main, ["check", "--no-warnings", *cards]))
lines = 200_000
source = "kids: [a, b, c, d, e, f, g]\n" * lines
d = Diagnostic(ERROR, "E301", "x", Span(lines, 3, lines, 4), "big.yaml")
render = timed(lambda: d.render(source))
print(json.dumps({"check": check, "render": render}))
"""


def kids_files(folder: Path, files: int = 50, kids: int = 100) -> Path:
    folder.mkdir()
    for f in range(files):
        rows = ["kids:"]
        for i in range(kids):
            rows += [f"  - id: k{f}-{i}", f"    name: Kid {f}-{i}", "    suits: [shovle]",
                     "    public: gain pizza x bok"]
        (folder / f"kids-{f}.yaml").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def probe(code: Path, cards: Path, runs: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(code), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", PROBE, str(cards), str(runs)], env=env,
                         check=True, capture_output=True, text=True, cwd=code)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="6c511b3")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        cards = kids_files(Path(tmp) / "cards")
        (Path(tmp) / "base").mkdir()
        base = export(args.base, Path(tmp) / "base")
        olds, news = [], []
        for _ in range(args.runs):
            olds.append(probe(base, cards, 1))
            news.append(probe(root, cards, 1))
        old = {k: statistics.median(r[k] for r in olds) for k in olds[0]}
        new = {k: statistics.median(r[k] for r in news) for k in news[0]}
    print(f"{'figure':<48}{'old':>10}{'new':>10}{'new/old':>9}")
    for key, what in (("check", "check: 50 files, 10,000 errors rendered (s)"),
                      ("render", "one caret on line 200,000 of 4 MB (ms)")):
        scale = 1000 if key == "render" else 1
        o, n = old[key] * scale, new[key] * scale
        print(f"{what:<48}{o:>10.3f}{n:>10.3f}{n / o:>9.2f}")


if __name__ == "__main__":
    main()
