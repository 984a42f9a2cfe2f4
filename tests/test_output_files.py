"""Every writer (simulate --log, docs pnp, docs build, fmt) writes the safe way: atomically over
regular files through symlinks, streaming to pipes and devices, keeping the mode, refusing
folders up front, never overwriting a concurrent edit, and leaving no temporary file behind."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.errors import FortError
from fortlang.output import TEMP_SUFFIX, clean_leftovers, open_output, write_output

FORTLANG = [sys.executable, "-c", "from fortlang.cli import main; main()"]


def said(output: str, where: object, code: str, message: str) -> bool:
    """``where: error[CODE]: message``."""
    return re.search(rf"^{re.escape(str(where))}: error\[{code}\]: {re.escape(message)}",
                     output, re.M) is not None


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def _simulate_log(target: Path, games: int = 1):
    return CliRunner().invoke(main, ["simulate", "--games", str(games), "--players", "2",
                                     "--log", str(target), "--json"])


def _pnp(target: Path):
    return CliRunner().invoke(main, ["docs", "pnp", "--one-each", "--out", str(target)])


WRITERS = {"simulate --log": _simulate_log, "docs pnp": _pnp}


@pytest.mark.parametrize("writer", WRITERS)
def test_a_symlink_is_followed_not_replaced(tmp_path, writer):
    real = tmp_path / "real"
    real.write_text("old")
    link = tmp_path / "link"
    link.symlink_to("real")
    result = WRITERS[writer](link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "real"
    assert real.read_bytes() != b"old"
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_the_old_mode_is_kept(tmp_path, writer):
    target = tmp_path / "out"
    target.write_text("old")
    target.chmod(0o644)
    assert WRITERS[writer](target).exit_code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_a_new_file_honours_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_output(tmp_path / "new", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o640


@pytest.mark.parametrize("writer", WRITERS)
def test_a_fifo_is_streamed_to_not_replaced(tmp_path, writer):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = WRITERS[writer](fifo)
    reader.join(timeout=60)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert got and got[0]


def test_a_character_device_is_streamed_to(tmp_path):
    """As root, renaming over /dev/null made it a regular file; a private copy shows it."""
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        pytest.skip("cannot create a device node here")
    assert _simulate_log(null).exit_code == 0
    assert stat.S_ISCHR(null.lstat().st_mode)
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_a_folder_is_refused_up_front(tmp_path, writer):
    folder = tmp_path / "d"
    folder.mkdir()
    result = WRITERS[writer](folder)
    assert result.exit_code == 1
    assert said(result.output, folder, "E800", "is a folder, not a file")
    assert "Traceback" not in result.output and not isinstance(result.exception, OSError)
    assert _leftovers(tmp_path) == []


def test_simulate_refuses_the_folder_before_playing(tmp_path):
    start = time.perf_counter()
    result = _simulate_log(tmp_path, games=100_000)
    assert result.exit_code == 1 and said(result.output, tmp_path, "E800", "is a folder")
    assert time.perf_counter() - start < 10


def test_an_edit_made_after_reading_is_not_overwritten(tmp_path):
    target = tmp_path / "cards.yaml"
    target.write_text("read")
    with pytest.raises(FortError) as e:
        with open_output(target, expect=b"read") as f:
            f.write(b"formatted")
            target.write_text("edited meanwhile")
    assert e.value.first.code == "E802"
    assert target.read_text() == "edited meanwhile"
    assert _leftovers(tmp_path) == []


def test_a_failing_writer_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "out"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with open_output(target) as f:
            f.write(b"half")
            raise RuntimeError("boom")
    assert target.read_text() == "old"
    assert _leftovers(tmp_path) == []


def test_leftovers_of_dead_runs_are_removed_at_the_next_write(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    stale_file = tmp_path / f".log.jsonl.{dead}.abc{TEMP_SUFFIX}"
    stale_dir = tmp_path / f".site.{dead}.newabc{TEMP_SUFFIX}"
    live = tmp_path / f".log.jsonl.{os.getpid()}.abc{TEMP_SUFFIX}"  # a run still going
    stale_file.write_text("half")
    stale_dir.mkdir()
    (stale_dir / "index.html").write_text("half")
    live.write_text("in progress")
    write_output(tmp_path / "log.jsonl", "x")
    assert not stale_file.exists() and not stale_dir.exists() and live.exists()
    clean_leftovers(tmp_path / "missing")  # a missing folder is no error


def _wait_for_games(proc: subprocess.Popen) -> None:
    """Until the run has logged games into its temporary file, so that the signal lands while
    the log is being written. Waited for, not slept: a fixed 0.5 s after the file appeared
    was a few games on an idle machine but none under load. The start is not what is checked
    (under load it took many times its usual second): bounded generously."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if _writing(proc):
            return
        time.sleep(0.1)
    proc.kill()  # not left playing 100,000 games (and loading the machine) after a failure
    raise AssertionError("simulate never started writing")


def _writing(proc: subprocess.Popen) -> bool:
    """Whether the run holds its temporary log file with games in it."""
    fds = Path(f"/proc/{proc.pid}/fd")
    try:
        return any(("fortlang-tmp" in os.readlink(fd) or "(deleted)" in os.readlink(fd))
                   and os.stat(fd).st_size > 0 for fd in fds.iterdir())
    except OSError:
        return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_simulate_leaves_nothing(tmp_path, sig):
    log = tmp_path / "games.jsonl"
    log.write_text("previous log\n")
    proc = subprocess.Popen([*FORTLANG, "simulate", "--games", "100000", "--players", "2",
                             "--log", str(log)], cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _wait_for_games(proc)
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=60)  # it must end; 60 s leaves room for load
    finally:
        proc.kill()  # a run that did not end is not left playing (a no-op once it ended)
    assert proc.returncode in (1, 130, 143), err
    assert b"Traceback" not in err
    assert log.read_text() == "previous log\n"
    assert _leftovers(tmp_path) == []


def test_sigkill_during_simulate_leaves_nothing_a_later_run_keeps(tmp_path):
    log = tmp_path / "games.jsonl"
    proc = subprocess.Popen([*FORTLANG, "simulate", "--games", "100000", "--players", "2",
                             "--log", str(log)], cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for_games(proc)
    proc.kill()
    proc.wait(timeout=30)
    assert _simulate_log(log).exit_code == 0
    assert _leftovers(tmp_path) == []


def test_sigterm_during_docs_build_leaves_the_old_site_and_no_temporary_tree(tmp_path):
    pytest.importorskip("mkdocs")
    out = tmp_path / "site"
    proc = subprocess.Popen([*FORTLANG, "docs", "build", "--lang", "en", "--out", str(out)],
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None \
            and not any(TEMP_SUFFIX in p.name for p in tmp_path.iterdir()):
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err
    time.sleep(0.5)  # nothing may reappear once the command has returned
    assert sorted(p.name for p in tmp_path.iterdir()) in ([], ["site"])


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can write another user's file")
def test_root_keeps_the_owner_of_a_replaced_file(tmp_path):
    target = tmp_path / "theirs"
    target.write_text("old")
    os.chown(target, 65534, 65534)
    write_output(target, "new")
    assert (target.stat().st_uid, target.stat().st_gid) == (65534, 65534)


def test_a_reader_that_goes_away_is_a_diagnostic(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def read_one_byte_and_leave() -> None:
        with open(fifo, "rb") as f:
            f.read(1)

    reader = threading.Thread(target=read_one_byte_and_leave, daemon=True)
    reader.start()
    with pytest.raises(FortError) as e:
        with open_output(fifo) as f:
            f.write(b"x")
            f.flush()
            reader.join(timeout=30)  # it has read its byte and closed its end
            f.write(b"x" * 1_000_000)
    assert e.value.first.code == "E801" and "Broken pipe" in e.value.first.message


def test_workers_stopped_at_the_end_of_a_logged_run_print_no_traceback(tmp_path):
    """The pool's workers inherit the writer's SIGTERM handler when they fork; the pool ends
    them with SIGTERM after the last batch. They have no file of ours to clean up: they must
    die quietly, not raise Terminated with a traceback."""
    result = subprocess.run([*FORTLANG, "simulate", "--games", "60", "--players", "2",
                             "--workers", "2", "--log", str(tmp_path / "games.jsonl")],
                            cwd=tmp_path, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr and b"Terminated" not in result.stderr
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 60


def test_simulate_log_refuses_a_read_only_file(tmp_path: Path) -> None:
    """Issue 31: --log silently replaced a read-only file (root may; the mode says no)."""
    from click.testing import CliRunner

    from fortlang.cli import main

    log = tmp_path / "keep.jsonl"
    log.write_text("mine\n")
    log.chmod(0o444)
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--log", str(log)])
    assert result.exit_code == 1
    assert f"{log}: error[E801]: cannot write: the file is read-only" in result.output
    assert log.read_text() == "mine\n"


def test_simulate_log_to_a_fifo_nobody_reads_is_refused_not_blocked(tmp_path: Path) -> None:
    import subprocess
    import sys

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-c", "from fortlang.cli import main; main()",
                           "simulate", "--games", "1", "--log", str(fifo)],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert f"{fifo}: error[E801]: cannot write: a FIFO that nobody reads" in proc.stderr
