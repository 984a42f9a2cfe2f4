"""`--backend ray`: batches of games as Ray tasks on a local instance (2 CPUs) give figures
byte-identical to one process; Ray is shut down afterwards. CI installs fortlang[ray]."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from fortlang.cli import main

try:
    import ray
except ImportError:  # a developer's machine without the extra; CI (.ci/run) installs it
    ray = None

needs_ray = pytest.mark.skipif(ray is None and not os.environ.get("CI"),
                               reason="the ray extra is not installed")


@needs_ray
def test_ray_backend_gives_the_same_bytes_as_one_process_and_shuts_down(tmp_path):
    assert ray is not None, "CI installs fortlang[ray]: .ci/run"
    args = ["simulate", "--games", "60", "--players", "3", "--seed", "5", "--json"]
    local = CliRunner().invoke(main, args + ["--workers", "1"])
    log = tmp_path / "ray.jsonl"
    remote = CliRunner().invoke(main, args + ["--backend", "ray", "--workers", "2",
                                              "--log", str(log)])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert remote.stdout == local.stdout  # byte-identical figures
    assert len(log.read_text().splitlines()) == 60  # every game logged, in order
    assert not ray.is_initialized()  # the instance it started is gone


def _sessions(folder) -> set[str]:
    return set(os.listdir(folder)) if os.path.isdir(folder) else set()


@needs_ray
def test_a_local_ray_keeps_its_files_private_and_leaves_none(monkeypatch):
    """Ray's default folder (/tmp/ray) is shared by every user of the machine, and Ray keeps
    pickled objects and sockets there: a local instance fortlang starts uses a private folder
    (0700, made for this run) and removes it after the shutdown."""
    import tempfile

    temp = tempfile.mkdtemp(dir="/tmp")  # short: Ray's socket paths must fit in 107 bytes
    monkeypatch.setattr(tempfile, "tempdir", temp)  # where the private folder is made
    shared = os.path.join(os.environ.get("RAY_TMPDIR", "/tmp"), "ray")
    before = _sessions(shared)
    made: list[tuple[str, int]] = []
    real_mkdtemp = tempfile.mkdtemp

    def spy(*args, **kwargs):
        path = real_mkdtemp(*args, **kwargs)
        made.append((path, os.stat(path).st_mode & 0o777))
        return path

    monkeypatch.setattr(tempfile, "mkdtemp", spy)
    import subprocess
    import sys

    # A child of the caller's own, running before Ray starts: the clean-up leaves it alone.
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        result = CliRunner().invoke(main, ["simulate", "--games", "4", "--players", "2",
                                           "--backend", "ray", "--workers", "1"])
        assert other.poll() is None
    finally:
        other.kill()
        other.wait()
    assert result.exit_code == 0, result.output
    assert _sessions(shared) == before  # nothing new in the shared folder
    assert [mode for _, mode in made] == [0o700]
    assert not os.path.exists(made[0][0])  # removed after the shutdown
    assert os.listdir(temp) == []
    os.rmdir(temp)


def test_ray_backend_without_the_extra_is_a_diagnostic(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("no ray here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 1
    assert "the Ray backend needs the ray extra" in result.stderr
    assert "fortlang[ray]" in result.stderr and "Traceback" not in result.output


def _start(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except OSError:
        return None


def _family(pid: int) -> dict[int, str]:
    """The processes ``pid`` started, and theirs (pid -> start time)."""
    from fortlang.sim.ray_watchdog import descendants

    return {p: s for p in descendants({pid: _start(pid) or ""}) - {pid}
            if (s := _start(p)) is not None}


def _running(family: dict[int, str]) -> list[int]:
    def alive(pid: int, start: str) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            return False
        return fields[0] != "Z" and fields[19] == start
    return [p for p, s in family.items() if alive(p, s)]


#: A listening socket's local address in /proc/net/tcp and tcp6: 127.0.0.1, ::ffff:127.0.0.1, ::1
LOOPBACK = ("0100007F", "0000000000000000FFFF00000100007F", "00000000000000000000000001000000")


def _listening(pids) -> list[str]:
    """The local addresses (hex, as /proc/net shows them) the processes listen on."""
    inodes = set()
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:["):
                    inodes.add(link[8:-1])
        except OSError:
            continue
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for row in f.read().splitlines()[1:]:
                fields = row.split()
                if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                    found.append(fields[1])
    return found


@needs_ray
def test_ray_workers_import_nothing_from_the_folder_fortlang_runs_from(tmp_path):
    """Ray puts the driver's folder first on each worker's sys.path: run from a card set's
    folder, a greenlet.py there would run in every worker."""
    import subprocess
    import tempfile

    from hostile_modules import fortlang_script, plant

    folder, markers = tmp_path / "my-set", tmp_path / "markers"
    plant(folder, markers, ("greenlet", "lark", "yaml", "fortlang"))
    temp = tempfile.mkdtemp(dir="/tmp")  # short: Ray's socket paths must fit in 107 bytes
    try:
        done = subprocess.run([fortlang_script(), "simulate", "--games", "8", "--players", "2",
                               "--backend", "ray", "--workers", "1", "--json"], cwd=folder,
                              env={**os.environ, "TMPDIR": temp}, capture_output=True,
                              text=True, timeout=600)
        assert os.listdir(markers) == [], done.stderr
        assert done.returncode == 0, done.stderr
        assert '"games": 8' in done.stdout
        assert os.listdir(temp) == []  # Ray's folder is gone with the run
    finally:
        import shutil

        shutil.rmtree(temp, ignore_errors=True)


@needs_ray
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table in /proc")
@pytest.mark.parametrize("signum", [15, 9])  # SIGTERM, SIGKILL
def test_a_killed_ray_run_leaves_no_process_and_no_folder(tmp_path, signum):
    """During the run Ray's folder is 0700 (Ray makes its own 0777, inside ours) and every
    Ray process listens on the loopback address only; killed,
    the run leaves nothing running (nor listening) and no folder: on SIGTERM the driver shuts
    Ray down itself (no C stack dump), on SIGKILL the watchdog does."""
    import shutil
    import subprocess
    import tempfile
    import time

    from hostile_modules import fortlang_script

    temp = tempfile.mkdtemp(dir="/tmp")
    try:
        proc = subprocess.Popen([fortlang_script(), "simulate", "--games", "1000000",
                                 "--players", "4", "--backend", "ray", "--workers", "1"],
                                cwd=tmp_path, env={**os.environ, "TMPDIR": temp},
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 300  # only to detect a hang
        family: dict[int, str] = {}
        while proc.poll() is None and time.monotonic() < deadline:
            family = _family(proc.pid)
            names = [open(f"/proc/{p}/cmdline", "rb").read() for p in family
                     if os.path.exists(f"/proc/{p}/cmdline")]
            if any(n.startswith(b"ray::run_chunk") for n in names):
                break  # Ray is up and playing
            time.sleep(0.2)
        (root,) = os.listdir(temp)
        assert os.stat(os.path.join(temp, root)).st_mode & 0o777 == 0o700
        family.update(_family(proc.pid))
        addresses = _listening([proc.pid, *family])
        assert addresses and [a for a in addresses if a.split(":")[0] not in LOOPBACK] == []
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=120)
        if signum == 15:
            assert proc.returncode == 143 and "terminated" in err, err
            assert "SIGTERM received" not in err  # Ray's C stack dump
        while (_running(family) or os.listdir(temp)) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _running(family) == [] and os.listdir(temp) == []
    finally:
        shutil.rmtree(temp, ignore_errors=True)
