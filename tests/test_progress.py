"""Issue 36: long runs show progress on stderr when it is a terminal, and nothing at all
otherwise; stdout (--json) stays clean either way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

RUN = ["-I", "-c", "from fortlang.cli import main; main()", "simulate", "--games", "40",
       "--seed", "1", "--json"]


def _simulate(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("TTY_COMPATIBLE", "TTY_INTERACTIVE", "FORCE_COLOR")}
    return subprocess.run([sys.executable, *RUN], capture_output=True, text=True, timeout=300,
                          cwd=tmp_path, env={**environ, **env})


def test_no_terminal_no_progress_and_clean_json(tmp_path: Path) -> None:
    done = _simulate(tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # was a stray newline
    assert json.loads(done.stdout)["games"] == 40


def test_a_terminal_sees_the_bar_on_stderr_only(tmp_path: Path) -> None:
    done = _simulate(tmp_path, TTY_COMPATIBLE="1", TTY_INTERACTIVE="1")
    assert done.returncode == 0, done.stderr
    assert "games" in done.stderr and "/40" in done.stderr
    assert json.loads(done.stdout)["games"] == 40
