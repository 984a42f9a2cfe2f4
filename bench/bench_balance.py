"""The balance workflow's figures: wall time and peak memory of ``fortlang simulate`` over N
four-player games of base + an expansion, with ``--workers 2`` and with ``--backend ray``, in
one run (alternated, medians), and their ratio. Peak memory is the largest sum of the resident
sets of the command's whole process tree (workers, Ray's raylet and workers included), sampled
from /proc every 50 ms (Linux).

Usage: python bench/bench_balance.py [--games 2000] [--runs 1] [--sets fort-base,./my-set]
       [--backends workers2,ray]

The default expansion is cards/backyard (install its vocabulary plugin first:
``pip install examples/vocabulary-plugin``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORTLANG = str(Path(sys.executable).with_name("fortlang"))
BACKENDS = {
    "workers1": ["--workers", "1"],
    "workers2": ["--workers", "2"],
    "ray": ["--backend", "ray", "--workers", "2"],
}


def _tree_rss_kb(root: int) -> int:
    """The summed VmRSS of ``root`` and every descendant (by /proc parent links)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
        except OSError:
            continue
        pid, ppid = int(entry), int(fields.get("PPid", "0").strip())
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0])
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, ()))
    return total


def measure(args: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak tree RSS in MB and stdout of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss_kb(proc.pid))
        time.sleep(0.05)
    out = proc.stdout.read() if proc.stdout else ""
    wall = time.perf_counter() - start
    if proc.returncode:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(args)}")
    return wall, peak / 1024, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--sets", default=str(ROOT / "cards" / "backyard"))
    parser.add_argument("--backends", default="workers2,ray")
    opts = parser.parse_args()
    names = opts.backends.split(",")
    base = [FORTLANG, "simulate", "--games", str(opts.games), "--players", "4", "--sets",
            opts.sets, "--seed", "1", "--json"]
    walls: dict[str, list[float]] = {n: [] for n in names}
    peaks: dict[str, list[float]] = {n: [] for n in names}
    outputs: dict[str, str] = {}
    for _ in range(opts.runs):
        for name in names:  # alternated, so load changes hit both alike
            wall, peak, out = measure(base + BACKENDS[name])
            walls[name].append(wall)
            peaks[name].append(peak)
            outputs[name] = out
    print(f"{opts.games} four-player games, sets {opts.sets}, {opts.runs} run(s), "
          f"load average {os.getloadavg()[0]:.1f}")
    for name in names:
        wall = statistics.median(walls[name])
        print(f"  {name:9} wall {wall:7.1f} s ({opts.games / wall:6.1f} games/s)  "
              f"peak memory {statistics.median(peaks[name]):7.1f} MB")
    if len(names) == 2:
        a, b = names
        wall_ratio = statistics.median(walls[b]) / statistics.median(walls[a])
        memory_ratio = statistics.median(peaks[b]) / statistics.median(peaks[a])
        print(f"  ratio {b}/{a}: wall {wall_ratio:.2f}, memory {memory_ratio:.2f}")
    same = len(set(outputs.values())) == 1
    print(f"  figures byte-identical across backends: {same}")


if __name__ == "__main__":
    main()
