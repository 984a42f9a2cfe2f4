"""Cold-process wall time of `fortlang check` (median of several runs).

Two figures, each a fresh Python process as a user would start it:
- the bundled sets (`fortlang check`, no path): target < 250 ms;
- a generated set of 10,000 kid cards in 10 files (actions drawn from the fort-base cards and
  from generated variants, so texts repeat as in a real set): target < 3 s.

With ``--baseline DIR`` (another checkout of fortlang, e.g. ``git archive HEAD~3 | tar -x -C
DIR``), the bundled-set figure is measured for both trees in the same run, alternating, and
printed side by side with their ratio; both run as ``python -c`` with their tree first on
``PYTHONPATH`` (one warm-up run each writes the ``.pyc`` files).

With ``--cold BASE`` (issue 38), each run is what a user's first `fortlang check` of the bundled
sets meets: a fresh process with empty caches (its own new ``XDG_CACHE_HOME``: no parser table
cache, no remembered valid card files; the ``.pyc`` files are written by one warm-up run). This
tree and commit BASE (exported, bench/trees.py; ``--compiled``: both built by mypyc) take turns
run by run; the medians, their spread (lowest-highest) and the median of the paired ratios are
printed, wall and CPU time.

Usage: python bench/bench_check.py [--runs N] [--baseline DIR] [--skip-big]
       python bench/bench_check.py --cold BASE [--runs N] [--compiled]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fortlang.games.fort.model import kids_of

CARDS, FILES = 10_000, 10
SUITS = ["skateboard", "shovel", "glue", "water_gun", "crown", "book", "coin"]


def fortlang_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("fortlang")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "fortlang.cli"]


ROOT = Path(__file__).resolve().parent.parent
RUN = "import sys; from fortlang.cli import main; sys.argv[0] = 'fortlang'; main()"


def tree_cmd(tree: Path) -> tuple[list[str], dict[str, str]]:
    """`fortlang` run from the checkout ``tree`` (its package first on the path; run from
    ``tree`` too, since ``python -c`` puts the working folder before ``PYTHONPATH``)."""
    return [sys.executable, "-c", RUN], {**os.environ, "PYTHONPATH": str(tree)}


def side_by_side(baseline: Path, runs: int) -> None:
    """Cold `fortlang check` of the bundled sets, this tree and ``baseline`` alternating."""
    cmds = {"new": tree_cmd(ROOT), "old": tree_cmd(baseline)}
    times: dict[str, list[float]] = {"new": [], "old": []}
    cpu: dict[str, list[float]] = {"new": [], "old": []}
    for cmd, env in cmds.values():  # warm-up: .pyc files, parser table cache
        subprocess.run([*cmd, "check"], env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, cwd=env["PYTHONPATH"])
    for _ in range(runs):
        for name, (cmd, env) in cmds.items():
            used = _children_cpu()
            start = time.perf_counter()
            subprocess.run([*cmd, "check"], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, cwd=env["PYTHONPATH"])
            times[name].append(time.perf_counter() - start)
            cpu[name].append(_children_cpu() - used)
    print(f"fortlang check (bundled sets), cold, python -c, alternating, {runs} runs each:")
    for label, figures in (("wall", times), ("cpu (user+sys)", cpu)):
        new, old = (statistics.median(figures[k]) for k in ("new", "old"))
        low_new, low_old = min(figures["new"]), min(figures["old"])
        print(f"  {label:>15}: this tree median {new * 1000:5.0f} ms (min {low_new * 1000:.0f}), "
              f"baseline median {old * 1000:5.0f} ms (min {low_old * 1000:.0f}), "
              f"ratio new/old {new / old:.2f}")


def truly_cold(args: argparse.Namespace) -> None:
    """`fortlang check` of the bundled sets, each run a fresh process with empty caches, this
    tree and ``args.cold`` in turn."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from trees import sides

    args.base = args.cold
    with tempfile.TemporaryDirectory(prefix="fortlang-bench-check-") as tmp:
        trees = sides(args, Path(tmp))
        walls: dict[str, list[float]] = {name: [] for name in trees}
        cpus: dict[str, list[float]] = {name: [] for name in trees}
        codes: set[int] = set()
        for run in range(-1, args.runs):  # run -1: the warm-up (.pyc files)
            for name, tree in trees.items():
                caches = Path(tmp) / f"cache-{name}-{run}"  # new and empty: a first run
                caches.mkdir()
                env = {**os.environ, "PYTHONPATH": str(tree), "XDG_CACHE_HOME": str(caches)}
                env.pop("FORTLANG_PURE", None)
                used = _children_cpu()
                start = time.perf_counter()
                code = subprocess.run([sys.executable, "-c", RUN, "check"], env=env, cwd=tree,
                                      stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL).returncode
                if run >= 0:
                    walls[name].append(time.perf_counter() - start)
                    cpus[name].append(_children_cpu() - used)
                    codes.add(code)
    build = "compiled" if args.compiled else "pure Python"
    print(f"fortlang check (bundled sets), truly cold (fresh process, empty caches), {build}, "
          f"this tree vs {args.cold}, {args.runs} paired runs (exit {sorted(codes)}):")
    for label, figures in (("wall", walls), ("cpu (user+sys)", cpus)):
        mine, theirs = figures["this"], figures["base"]
        ratio = statistics.median(a / b for a, b in zip(mine, theirs, strict=True))
        print(f"  {label:>15}: this tree {_ms(mine)}, base {_ms(theirs)}, "
              f"ratio this/base {ratio:.2f} (median of runs)")


def _ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1000:5.0f} ms "
            f"({min(values) * 1000:.0f}-{max(values) * 1000:.0f})")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def wall(cmd: list[str], runs: int) -> tuple[float, int]:
    times = []
    code = 0
    for _ in range(runs):
        start = time.perf_counter()
        code = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        times.append(time.perf_counter() - start)
    return statistics.median(times), code


def action_pool(rng: random.Random) -> list[str]:
    from fortlang.cardset import base_set
    from fortlang.printer import to_text

    pool = {to_text(a) for k in kids_of(base_set()) for a in (k.public, k.private) if a is not None}
    for suit in SUITS:
        for n in range(1, 4):
            pool.add(f"gain {n} pizza x {suit}")
            pool.add(f"score {n} then gain toy x {suit}")
            pool.add(f"(pack then gain {n} toy) x {suit}")
    return sorted(pool)


def generate(folder: Path, rng: random.Random) -> None:
    pool = action_pool(rng)
    (folder / "manifest.yaml").write_text(
        'id: bench-big\nname: Benchmark\nversion: "1"\nrequires: [fort-base]\n', encoding="utf-8")
    per_file = CARDS // FILES
    for f in range(FILES):
        lines = ["kids:"]
        for i in range(f * per_file, (f + 1) * per_file):
            suits = [rng.choice(SUITS)] if rng.random() < 0.9 else [rng.choice(SUITS)] * 2
            lines += [
                f"  - id: kid-{i}",
                f"    name: Kid {i}",
                f"    suits: [{', '.join(suits)}]",
                f"    public: {rng.choice(pool)}",
                f"    private: {rng.choice(pool)}",
                "    source: public",
                f"    note: generated card {i}",
            ]
        (folder / f"kids-{f:02d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with")
    parser.add_argument("--skip-big", action="store_true", help="no 10,000-card figure")
    parser.add_argument("--cold", metavar="BASE",
                        help="truly cold runs (empty caches), this tree against commit BASE")
    parser.add_argument("--compiled", action="store_true",
                        help="--cold: both sides built by mypyc")
    args = parser.parse_args()
    if args.cold is not None:
        truly_cold(args)
        return
    if args.baseline is not None:
        side_by_side(args.baseline, args.runs)
    cmd = fortlang_cmd()
    median, code = wall([*cmd, "check"], args.runs)
    print(f"fortlang check (bundled sets), cold:    median {median * 1000:7.0f} ms "
          f"over {args.runs} runs (exit {code}; target < 250 ms)")
    if args.skip_big:
        return
    folder = Path(tempfile.mkdtemp(prefix="fortlang-bench-"))
    try:
        generate(folder, random.Random(2026))
        median, code = wall([*cmd, "check", str(folder)], max(3, args.runs // 2))
        print(f"fortlang check ({CARDS:,} cards), cold:   median {median * 1000:7.0f} ms "
              f"over {max(3, args.runs // 2)} runs (exit {code}; target < 3000 ms)")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
