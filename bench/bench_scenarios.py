"""Scenario runner speed, this tree against an earlier commit in the same run: milliseconds per
scenario for the rulebook's worked examples (tests/scenarios/rulebook, which both trees run),
files read once and every scenario run ``--repeat`` times per run; then this tree alone on all
of tests/scenarios.

    python bench/bench_scenarios.py [--base 6c511b3] [--runs 5] [--repeat 5]

The base commit's code is exported with `git archive` into a temporary folder and run in a
subprocess (nothing is installed); every figure is the median of ``--runs`` interleaved runs.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from trees import export  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

#: Run in a subprocess with the code under test first on sys.path; prints JSON.
PROBE = r"""
import json, sys, time
try:  # Fort's reader and runner: in Fort's folder since issue 33 item 5, the core's before
    from fortlang.games.fort.scenarios import load_file, run_scenario
except ImportError:
    from fortlang.scenario import load_file, run_scenario
from fortlang.scenario import scenario_files
folder, repeat = sys.argv[1], int(sys.argv[2])
scenarios = [sc for path in scenario_files([folder]) for sc in load_file(path)]
for sc in scenarios:  # warm-up (imports, memo tables)
    run_scenario(sc)
start = time.perf_counter()
for _ in range(repeat):
    for sc in scenarios:
        assert run_scenario(sc).passed, sc.name
elapsed = time.perf_counter() - start
print(json.dumps({"ms": 1000 * elapsed / (repeat * len(scenarios)), "n": len(scenarios)}))
"""


def probe(code: Path, folder: Path, repeat: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(code), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", PROBE, str(folder), str(repeat)], env=env,
                         check=True, capture_output=True, text=True, cwd=code)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="6c511b3")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rulebook = ROOT / "tests" / "scenarios" / "rulebook"
    rows: dict[str, list[dict]] = {"base": [], "this": [], "all": []}
    with tempfile.TemporaryDirectory(prefix="fortlang-base-") as tmp:
        base = export(args.base, Path(tmp))
        for _ in range(args.runs):  # interleaved, so machine load hits both alike
            rows["base"].append(probe(base, rulebook, args.repeat))
            rows["this"].append(probe(ROOT, rulebook, args.repeat))
            rows["all"].append(probe(ROOT, ROOT / "tests" / "scenarios", args.repeat))
    med = {k: statistics.median(r["ms"] for r in v) for k, v in rows.items()}
    n = rows["this"][0]["n"]
    print(f"scenarios, one core, median of {args.runs} runs x {args.repeat} repeats")
    print(f"  rulebook ({n} scenarios), base {args.base}: {med['base']:6.2f} ms/scenario")
    print(f"  rulebook ({n} scenarios), this tree: {med['this']:9.2f} ms/scenario")
    print(f"  ratio this/base: {med['this'] / med['base']:.2f}x")
    print(f"  all of tests/scenarios ({rows['all'][0]['n']} scenarios), this tree: "
          f"{med['all']:.2f} ms/scenario")


if __name__ == "__main__":
    main()
