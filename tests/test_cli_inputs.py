"""Inputs that would crash or stall a command: deeply nested JSON, endless or huge files, a closed
standard input, a face the PDF library cannot draw. Each is a diagnostic and exit 1."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.cli.common import MAX_INPUT

FORTLANG = [sys.executable, "-c", "from fortlang.cli import main; main()"]


def said(output: str, where: object, code: str, message: str) -> bool:
    """``where: error[CODE]: message``."""
    return re.search(rf"^{re.escape(str(where))}: error\[{code}\]: {re.escape(message)}",
                     output, re.M) is not None


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


def test_replay_of_deeply_nested_json_is_positioned(tmp_path: Path):
    log = tmp_path / "deep.jsonl"
    log.write_text("\n" + "[" * 100_000 + "\n", encoding="utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 1
    assert said(result.output, f"{log}:2:1", "E804", "JSON nested too deeply"), result.output


@pytest.mark.parametrize("command", [["replay"], ["explain", "--file"]])
def test_an_endless_device_is_refused_by_its_kind(command: list[str]):
    result = run(*command, "/dev/zero")
    assert result.exit_code == 1
    assert said(result.output, "/dev/zero", "E300", "not a regular file: a character device"), \
        result.output


@pytest.mark.parametrize("command", [["replay"], ["explain", "--file"]])
def test_a_huge_file_is_refused(tmp_path: Path, command: list[str]):
    big = tmp_path / "big"
    big.write_bytes(b"x" * (MAX_INPUT + 1))
    result = run(*command, str(big))
    assert result.exit_code == 1
    assert said(result.output, big, "E803", "input too large"), result.output


def test_explain_caps_standard_input_too():
    result = CliRunner().invoke(main, ["explain", "-"], input="x" * (MAX_INPUT + 1))
    assert result.exit_code == 1 and said(result.output, "<stdin>", "E803", "input too large")


def test_replay_reads_a_long_log_line_by_line(tmp_path: Path):
    """The cap is per line: a log may be far longer than any one game."""
    log = tmp_path / "games.jsonl"
    assert run("simulate", "--games", "3", "--players", "2", "--log", str(log)).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join(lines * 2) + "\n", encoding="utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 0 and "6 game(s) replayed: 6 identical" in result.output


def test_play_with_standard_input_closed():
    proc = subprocess.run([*FORTLANG, "play", "--seed", "1"], preexec_fn=lambda: os.close(0),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert said(proc.stderr, "<stdin>", "E805", "standard input is closed"), proc.stderr


def test_a_face_the_pdf_library_cannot_draw_is_a_diagnostic(tmp_path: Path, monkeypatch):
    fpdf = pytest.importorskip("fpdf")
    real = fpdf.FPDF.image

    def image(self, name, *args, **kwargs):  # fpdf2 gives up on one face, as on a hostile SVG
        if b"data-card=\"bug\"" in name.getvalue():
            raise fpdf.errors.FPDFException("SVG too complex")
        return real(self, name, *args, **kwargs)

    monkeypatch.setattr(fpdf.FPDF, "image", image)
    out = tmp_path / "cards.pdf"
    result = run("docs", "pnp", "--one-each", "--out", str(out))
    assert result.exit_code == 1
    assert re.search(r"kids-shovel\.yaml:\d+:\d+: error\[E806\]: the face of `bug` cannot be "
                     r"printed: SVG too complex", result.output), result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []
