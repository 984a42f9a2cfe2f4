"""The playtest server as a person meets it: `fortlang playtest` started as a user starts it,
a client answering the person's seat over HTTP (the first option, as fast as the server
answers), bots playing the other seats at once (``--pace 0``).

Prints, per game, the decisions served per second (every seat's, the bots' included, over the
wall clock of the whole game), the person's round trips per second (an answer posted and the
next view received), and the server's resident memory at the end (VmRSS of the child).

Usage: python bench/bench_playtest.py [--games 3] [--players 2] [--bots greedy]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

FORTLANG = Path(sys.executable).with_name("fortlang")


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_game(seed: int, players: int, bots: str) -> tuple[float, float, float, int]:
    """(decisions/s, round trips/s, server MiB, decisions) of one game."""
    proc = subprocess.Popen([str(FORTLANG), "playtest", "--no-browser", "--pace", "0",
                             "--seed", str(seed), "--players", str(players), "--bots", bots],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        link = ""
        for line in proc.stdout:
            if line.startswith("  player 1: "):
                link = line.split(": ", 1)[1].strip()
                break
        time.sleep(0.3)
        start = time.perf_counter()
        trips = 0
        view = json.load(urllib.request.urlopen(link + "view", timeout=60))
        while view["over"] is None:
            if view["decision"] is None:
                view = json.load(urllib.request.urlopen(
                    f"{link}view?since={view['version']}", timeout=60))
                continue
            body = json.dumps({"number": view["decision"]["number"], "option": 0}).encode()
            request = urllib.request.Request(link + "act", data=body,
                                             headers={"Content-Type": "application/json"})
            view = json.load(urllib.request.urlopen(request, timeout=60))
            trips += 1
        took = time.perf_counter() - start
        decisions = view["version"]
        return decisions / took, trips / took, _rss_mib(proc.pid), decisions
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy")
    args = parser.parse_args()
    rates, trips, memory = [], [], []
    for seed in range(1, args.games + 1):
        rate, trip, mib, decisions = one_game(seed, args.players, args.bots)
        print(f"game {seed}: {decisions} decisions, {rate:.0f} decisions/s served, "
              f"{trip:.0f} answers/s (round trips), server {mib:.0f} MiB", flush=True)
        rates.append(rate)
        trips.append(trip)
        memory.append(mib)
    print(f"median: {statistics.median(rates):.0f} decisions/s, "
          f"{statistics.median(trips):.0f} round trips/s, {statistics.median(memory):.0f} MiB")


if __name__ == "__main__":
    main()
