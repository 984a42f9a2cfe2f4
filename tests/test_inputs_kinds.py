"""Issue 31 item 4 and the procfs item: a file that is not a regular file on a disk (a FIFO, a
device, a procfs file) is refused by its kind before a byte is read, in every command, and a
failing file is quoted from the text its loader read, never opened again."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.inputs import NotRegular, open_regular

FORTLANG = [sys.executable, "-c", "from fortlang.cli import main; main()"]
SECRET = "hunter2-do-not-print"


def make_set(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "manifest.yaml").write_text(
        'id: my-expansion\nname: Mine\nversion: "1"\nrequires: [fort-base]\n', encoding="utf-8")
    (folder / "kids.yaml").write_text(
        "kids:\n  - {id: newbie, name: Newbie, suits: [book], public: score x book, "
        "source: provisional}\n", encoding="utf-8")
    return folder


def fortlang(*args: str, cwd: Path, memory: int | None = None) -> subprocess.CompletedProcess:
    """The command in a child (a hang is a timeout, not a stuck test run)."""
    def limit() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    return subprocess.run([*FORTLANG, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, preexec_fn=limit)


def test_docs_build_with_a_fifo_in_the_set_reports_it_and_does_not_hang(tmp_path: Path):
    cards = make_set(tmp_path / "set")
    os.mkfifo(cards / "more.yaml")
    proc = fortlang("docs", "build", "--out", str(tmp_path / "site"), "--lang", "en",
                    "--sets", str(cards), cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert f"{cards / 'more.yaml'}: error[E300]: not a regular file: a FIFO" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_docs_pnp_with_a_link_to_dev_zero_is_reported_in_little_memory(tmp_path: Path):
    cards = make_set(tmp_path / "set")
    (cards / "zero.yaml").symlink_to("/dev/zero")
    proc = fortlang("docs", "pnp", "--out", str(tmp_path / "c.pdf"), "--sets", str(cards),
                    cwd=tmp_path, memory=1536 * 1024 * 1024)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr
    assert f"{cards / 'zero.yaml'}: error[E330]" in proc.stderr
    assert not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize("command", [["docs", "pnp", "--out", "c.pdf", "--sets"],
                                     ["simulate", "--games", "1", "--sets"]])
def test_a_nul_bytes_line_is_never_quoted(tmp_path: Path, command: list[str],
                                          monkeypatch: pytest.MonkeyPatch):
    cards = make_set(tmp_path / "set")
    (cards / "more.yaml").write_bytes(f"kids:\n  - secret: {SECRET}\0\n".encode())
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [*command, str(cards)])
    assert result.exit_code == 1, result.output
    assert "error[E103]: binary file: a NUL byte is not text" in result.output
    assert SECRET not in result.output


# -- the one safe reader -------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/proc/self/status", "/proc/self/environ",
                                  "/sys/kernel/uevent_seqnum"])
def test_procfs_and_sysfs_files_are_refused_though_they_claim_to_be_regular(path: str):
    if not os.path.isfile(path):
        pytest.skip(f"{path} is not here")
    with pytest.raises(NotRegular, match="a kernel file"):
        open_regular(path)


def test_a_link_to_a_procfs_file_is_refused_by_its_target(tmp_path: Path):
    (tmp_path / "status.yaml").symlink_to("/proc/self/status")
    with pytest.raises(NotRegular, match="a kernel file"):
        open_regular(tmp_path / "status.yaml")


def test_a_fifo_is_refused_without_blocking(tmp_path: Path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(NotRegular, match="a FIFO"):
        open_regular(tmp_path / "pipe")


@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"], ["replay"],
                                     ["explain", "--file"], ["test"]])
def test_every_command_refuses_a_procfs_file_by_kind(tmp_path: Path, command: list[str]):
    proc = fortlang(*command, "/proc/self/status", cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output
    assert re.search(r"^/proc/self/status: error\[E300\]: not a regular file: a kernel file",
                     output, re.M), output
    assert "VmRSS" not in output  # nothing of it read, nothing quoted


@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"], ["replay"],
                                     ["explain", "--file"], ["test"]])
def test_every_command_refuses_a_fifo_by_kind(tmp_path: Path, command: list[str]):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    proc = fortlang(*command, str(fifo), cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output
    assert re.search(rf"^{re.escape(str(fifo))}: error\[E300\]: not a regular file: a FIFO",
                     output, re.M), output
