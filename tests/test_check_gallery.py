"""The gallery of bad card files: each case's `fortlang check` output is golden
(tests/gallery/<case>.expected), the exit code is 1 and the files are left untouched."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main

GALLERY = Path(__file__).parent / "gallery"
CASES = sorted(p.stem if p.is_file() else p.name for p in GALLERY.iterdir()
               if p.suffix == ".yaml" or p.is_dir())


def _target(case: str) -> str:
    return f"{case}.yaml" if (GALLERY / f"{case}.yaml").exists() else case


def _digest() -> str:
    h = hashlib.sha256()
    for p in sorted(GALLERY.rglob("*")):
        if p.is_file():
            h.update(p.name.encode() + p.read_bytes())
    return h.hexdigest()


@pytest.mark.parametrize("case", CASES)
def test_gallery_case_reports_golden_diagnostics(case: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(GALLERY)
    before = _digest()
    result = CliRunner().invoke(main, ["check", _target(case)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1
    assert result.output == (GALLERY / f"{case}.expected").read_text(encoding="utf-8")
    assert _digest() == before


@pytest.mark.parametrize("case", CASES)
def test_gallery_case_json_has_positions(case: str, monkeypatch: pytest.MonkeyPatch):
    import json

    monkeypatch.chdir(GALLERY)
    result = CliRunner().invoke(main, ["check", "--format", "json", _target(case)])
    diagnostics = json.loads(result.output)
    assert any(d["severity"] == "error" for d in diagnostics)
    for d in diagnostics:
        assert set(d) >= {"file", "line", "column", "end_line", "end_column", "severity",
                          "code", "message"}
        assert d["file"].startswith(case)


def test_every_code_reported_is_registered(monkeypatch: pytest.MonkeyPatch):
    from fortlang.cardset import bundled_dir, check_paths
    from fortlang.errors import CODES

    monkeypatch.chdir(GALLERY)
    found = {d.code for d in check_paths([*map(_target, CASES), bundled_dir()])}
    assert found - set(CODES) == set()
    assert {"E301", "E302", "E303", "E310", "E311", "E312", "E313", "E320", "E322",
            "W300"} <= found
