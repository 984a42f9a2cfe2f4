"""`fortlang check --watch`: the check runs again when a card file is saved (item 4 of the
editor-support issue), and Ctrl-C ends it with the last check's exit code, no traceback."""

from __future__ import annotations

import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _fortlang() -> list[str]:
    exe = Path(sys.executable).with_name("fortlang")
    return [str(exe)] if exe.exists() else [sys.executable, "-c",
                                            "from fortlang.cli import main; main()"]


def _lines(stream, out: queue.Queue[str]) -> None:
    for line in stream:
        out.put(line)


# How long the start and a check take is not what these tests check: on a loaded 2-core
# machine starting Python and the first check took many times their usual second, so the waits
# for them are bounded generously (a hang still fails) rather than tuned to an idle machine.
SLOW = 120


def _until(lines: queue.Queue[str], needle: str, seconds: float = SLOW) -> list[str]:
    seen: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.1)
        except queue.Empty:
            continue
        seen.append(line)
        if needle in line:
            return seen
    raise AssertionError(f"`{needle}` not printed; got {''.join(seen)!r}")


def _save_until(path: Path, text: str, lines: queue.Queue[str], previous: str) -> str:
    """Save ``text`` into ``path`` until a check reports on it; what that check printed.

    The watcher may still be starting when "watching" is printed, so the file is saved again
    every second until a report comes. Under load a check can outlast that second, and the
    save made meanwhile is checked too: its report can come after this one returned. Such a
    late report (equal to ``previous``, the report on the text saved before, already
    asserted) is skipped by the next call. A report is read whole, from the line after the
    last summary to its own: no line of it is lost between two saves."""
    deadline = time.monotonic() + SLOW
    report: list[str] = []
    save_at = 0.0
    while time.monotonic() < deadline:
        if time.monotonic() >= save_at:
            saved = path.with_name(".saving")  # saved whole, as editors do: no half-written file
            saved.write_text(text, encoding="utf-8")
            saved.replace(path)
            save_at = time.monotonic() + 1
        try:
            report.append(lines.get(timeout=0.1))
        except queue.Empty:
            continue
        if "checked 12 files" in report[-1]:
            if "".join(report) != previous:
                return "".join(report)
            report = []
    raise AssertionError(f"no check after saving {path}; got {''.join(report)!r}")


def test_watch_checks_again_on_save(tmp_path: Path) -> None:
    folder = tmp_path / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", folder)
    proc = subprocess.Popen([*_fortlang(), "check", "--watch", "--no-warnings", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out: queue.Queue[str] = queue.Queue()
    err: queue.Queue[str] = queue.Queue()
    readers = [threading.Thread(target=_lines, args=(stream, q), daemon=True)
               for stream, q in ((proc.stdout, out), (proc.stderr, err))]
    for reader in readers:
        reader.start()
    try:
        first = _until(out, "checked 12 files")
        assert "0 errors" in first[-1]
        _until(err, "watching")
        kids = folder / "kids-shovel.yaml"
        good = kids.read_text(encoding="utf-8")
        bad = good.replace("public: gain pizza x shovel", "public: gain pizza x shovle", 1)
        printed = _save_until(kids, bad, out, "".join(first))
        assert "kids-shovel.yaml:8:26: error[E101]: unknown suit or quantity `shovle`" in printed
        assert printed.rstrip().endswith("1 error")
        (folder / "notes.txt").write_text("not YAML: no check")  # filtered out
        assert _save_until(kids, good, out, printed).rstrip().endswith("0 errors")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(timeout=60)  # it must end on Ctrl-C; 60 s leaves room for load
        finally:
            proc.kill()  # a watcher that did not end is not left running (a no-op once ended)
    assert code == 0, (list(out.queue), list(err.queue))  # the last check's
    # Read to the end of both pipes (the readers stop when the process closes them): under
    # load a reader can lag behind the exit, and a traceback it had not read yet would pass.
    for reader in readers:
        reader.join(timeout=SLOW)
    assert not any(reader.is_alive() for reader in readers)
    assert "Traceback" not in "".join(err.queue)
