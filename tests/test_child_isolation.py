"""Child processes and workers never import from the current folder (a card set's folder, when
the user works inside it): ``docs build``'s mkdocs, the pool's workers, Ray's workers. Each
test plants modules named like the ones those children import in the folder the command runs
from, and checks that none of them ran (no marker file) while the command still worked."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from hostile_modules import fortlang_script, plant

from fortlang.cli import main

#: What the mkdocs child imports early (python -m mkdocs, its config, its Markdown).
DOCS_MODULES = ("yaml", "markdown", "jinja2", "click", "pygments")


def test_docs_build_from_a_set_folder_runs_none_of_its_code(tmp_path: Path) -> None:
    folder, markers = tmp_path / "my-set", tmp_path / "markers"
    plant(folder, markers, DOCS_MODULES, packages=("mkdocs",))
    out = tmp_path / "site"
    done = subprocess.run([fortlang_script(), "docs", "build", "--lang", "en", "--out", str(out)],
                          cwd=folder, capture_output=True, text=True, timeout=600)
    assert sorted(os.listdir(markers)) == [], done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr
    assert (out / "en" / "index.html").is_file()


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                kids.append(int(entry))
    return kids


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_signal_while_mkdocs_starts_stops_the_builds_already_started(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A signal can land between two starts: the build started first is stopped too."""
    from fortlang.docsite import site

    started: list[subprocess.Popen[str]] = []
    real = subprocess.Popen

    def popen(*args, **kwargs):  # the second start is interrupted, as by Ctrl-C
        if started:
            raise KeyboardInterrupt
        started.append(real(*args, **kwargs))
        return started[0]

    monkeypatch.setattr(site.subprocess, "Popen", popen)
    with pytest.raises(KeyboardInterrupt):
        site.run_mkdocs([tmp_path / "a" / "mkdocs.yml", tmp_path / "b" / "mkdocs.yml"])
    assert len(started) == 1 and started[0].returncode is not None  # killed and reaped


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table in /proc")
@pytest.mark.parametrize("signum", [15, 2])  # SIGTERM, SIGINT
def test_killing_docs_build_stops_mkdocs_and_leaves_no_folder(tmp_path: Path,
                                                              signum: int) -> None:
    import time

    temp = tmp_path / "tmp"
    temp.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    proc = subprocess.Popen([fortlang_script(), "docs", "build", "--out", "site"], cwd=work,
                            env={**os.environ, "TMPDIR": str(temp)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    builds: list[int] = []
    deadline = time.monotonic() + 300  # only to detect a hang
    while not builds and proc.poll() is None and time.monotonic() < deadline:
        builds = [p for p in _children(proc.pid) if b"mkdocs" in
                  Path(f"/proc/{p}/cmdline").read_bytes()]
        time.sleep(0.05)
    assert builds, "mkdocs never started"
    proc.send_signal(signum)
    proc.communicate(timeout=120)
    assert proc.returncode != 0
    time.sleep(0.5)
    assert [p for p in builds if _alive(p)] == []
    assert os.listdir(temp) == [] and os.listdir(work) == []


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_pool_workers_import_nothing_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    """A spawned worker (or the forkserver) is `python -c ...` in our current folder, which
    Python puts first on its sys.path: a multiprocessing/ there would run in each worker."""
    from fortlang.sim import backends

    folder, markers = tmp_path / "my-set", tmp_path / "markers"
    plant(folder, markers, ("greenlet", "lark", "yaml"), packages=("multiprocessing",),
          hooks=False)
    monkeypatch.setattr(backends, "START_METHOD", method)
    monkeypatch.chdir(folder)
    before = os.environ.get("PYTHONSAFEPATH")
    args = ["simulate", "--games", "8", "--players", "2", "--seed", "3", "--json"]
    pooled = CliRunner().invoke(main, [*args, "--workers", "2"])
    assert sorted(os.listdir(markers)) == [], pooled.output
    assert pooled.exit_code == 0, pooled.output
    assert pooled.stdout == CliRunner().invoke(main, [*args, "--workers", "1"]).stdout
    assert os.environ.get("PYTHONSAFEPATH") == before  # our own environment is as it was
