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
    result = CliRunner().invoke(main, ["simulate", "--games", "4", "--players", "2",
                                       "--backend", "ray", "--workers", "1"])
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
