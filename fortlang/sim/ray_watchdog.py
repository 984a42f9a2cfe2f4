"""The watchdog of a local Ray instance: ``python -P -m fortlang.sim.ray_watchdog ROOT``.

The driver (``simulate``/``balance --backend ray``) starts it before Ray and writes to its
stdin the pid and start time of each process Ray started (``PID START`` lines). End of input
means the driver is done or dead (even by SIGKILL, which no ``finally`` sees): the watchdog
then stops those processes and every process they started (SIGTERM, SIGKILL after a grace
period), so nothing is left running or listening, and removes ``ROOT``, Ray's private folder.
The process table is read from ``/proc``; elsewhere only the folder is removed."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time

GRACE = 3.0  # seconds Ray's processes get to end on SIGTERM before SIGKILL


def _stat(pid: int) -> tuple[str, int, str] | None:
    """(state, parent pid, start time) of a process, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[0], int(fields[1]), fields[19]


def start_time(pid: int) -> str | None:
    stat = _stat(pid)
    return stat[2] if stat is not None else None


def _table() -> dict[int, tuple[str, int, str]]:
    table = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None:
                table[int(entry)] = stat
    return table


def descendants(roots: dict[int, str]) -> set[int]:
    """The processes of ``roots`` (pid -> start time, so a reused pid is not taken) that still
    run, with every process they started."""
    table = _table()
    family = {pid for pid, start in roots.items() if pid in table and table[pid][2] == start}
    while True:
        more = {pid for pid, (_, parent, _) in table.items() if parent in family} - family
        if not more:
            return family
        family |= more


def _alive(pid: int, start: str) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[2] == start and stat[0] != "Z"


def stop(pids: set[int]) -> None:
    """SIGTERM, then SIGKILL for what still runs after the grace period."""
    starts = {pid: start for pid in pids if (start := start_time(pid)) is not None}
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in starts:
            if _alive(pid, starts[pid]):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
        deadline = time.monotonic() + GRACE
        while any(_alive(p, s) for p, s in starts.items()) and time.monotonic() < deadline:
            time.sleep(0.05)


def main() -> None:
    root = sys.argv[1]
    for sig in (signal.SIGINT, signal.SIGHUP):  # Ctrl-C or a closed terminal: clean up first
        signal.signal(sig, signal.SIG_IGN)
    roots: dict[int, str] = {}
    for line in sys.stdin:
        pid, _, start = line.partition(" ")
        if pid.isdigit() and start.strip():
            roots[int(pid)] = start.strip()
    if os.path.isdir("/proc"):
        stop(descendants(roots) - {os.getpid()})
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
