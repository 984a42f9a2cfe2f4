"""Time to lay out every card face of the bundled sets in English, French and Russian (what
`fortlang docs build` and `fortlang docs pnp` do before writing SVG or PDF), median of runs.

With ``--baseline DIR`` (another checkout, e.g. ``git archive HEAD~3 | tar -x -C DIR``) both
trees are measured in the same run, alternating, each in its own process with its tree first
on ``PYTHONPATH``, and printed side by side with their ratio.

Usage: python bench/bench_faces.py [--runs N] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: One process: load the sets once, then time N layouts of every face in the three languages.
MEASURE = """
import json, sys, time
from fortlang.cardset import load_bundled
from fortlang.docsite.faces import every_face
from fortlang.docsite.site import site_game
sets = [(site_game([s]), s) for s in load_bundled().values()]
every_face(*sets[0], "en")  # warm-up: imports, parser tables
times = []
for _ in range(int(sys.argv[1])):
    start = time.perf_counter()
    count = sum(len(every_face(g, s, lang)) for g, s in sets for lang in ("en", "fr", "ru"))
    times.append(time.perf_counter() - start)
print(json.dumps({"times": times, "faces": count}))
"""


def measure(tree: Path, runs: int) -> tuple[list[float], int]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", MEASURE, str(runs)], env=env, cwd=tree,
                         check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    return data["times"], data["faces"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--baseline", type=Path)
    args = parser.parse_args()
    trees = {"new": ROOT, **({"old": args.baseline.resolve()} if args.baseline else {})}
    times: dict[str, list[float]] = {name: [] for name in trees}
    faces = 0
    for _ in range(3):  # alternate the trees in rounds, so a load spike hits both
        for name, tree in trees.items():
            got, faces = measure(tree, args.runs)
            times[name] += got
    medians = {name: statistics.median(t) * 1000 for name, t in times.items()}
    for name, ms in medians.items():
        print(f"{name}: {faces} faces laid out in {ms:.1f} ms (median of {len(times[name])})")
    if "old" in medians:
        print(f"new / old: {medians['new'] / medians['old']:.2f}")


if __name__ == "__main__":
    main()
