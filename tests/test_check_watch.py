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


def _until(lines: queue.Queue[str], needle: str, seconds: float = 20) -> list[str]:
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


def _save_until(path: Path, text: str, lines: queue.Queue[str], needle: str) -> str:
    """Save ``text`` into ``path`` until the check runs again (the watcher may still be
    starting when "watching" is printed); what that check printed."""
    for _ in range(40):
        saved = path.with_name(".saving")  # saved whole, as editors do: no half-written file
        saved.write_text(text, encoding="utf-8")
        saved.replace(path)
        try:
            return "".join(_until(lines, needle, seconds=1))
        except AssertionError:
            continue
    raise AssertionError(f"no check after saving {path}")


def test_watch_checks_again_on_save(tmp_path: Path) -> None:
    folder = tmp_path / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", folder)
    proc = subprocess.Popen([*_fortlang(), "check", "--watch", "--no-warnings", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out: queue.Queue[str] = queue.Queue()
    err: queue.Queue[str] = queue.Queue()
    for stream, q in ((proc.stdout, out), (proc.stderr, err)):
        threading.Thread(target=_lines, args=(stream, q), daemon=True).start()
    try:
        assert "0 errors" in _until(out, "checked 12 files")[-1]
        _until(err, "watching")
        kids = folder / "kids-shovel.yaml"
        good = kids.read_text(encoding="utf-8")
        bad = good.replace("public: gain pizza x shovel", "public: gain pizza x shovle", 1)
        printed = _save_until(kids, bad, out, "checked 12 files")
        assert "kids-shovel.yaml:8:26: error[E101]: unknown suit or quantity `shovle`" in printed
        assert printed.rstrip().endswith("1 error")
        (folder / "notes.txt").write_text("not YAML: no check")  # filtered out
        assert _save_until(kids, good, out, "checked 12 files").rstrip().endswith("0 errors")
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=20)
    assert code == 0, (list(out.queue), list(err.queue))  # the last check's
    rest = "".join(iter(lambda: err.get(timeout=1) if not err.empty() else "", ""))
    assert "Traceback" not in rest
