"""`fortlang fmt`: canonical actions written in place, every other byte kept, idempotent,
atomic, `--check` read-only, files with errors refused."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cardset import base_set
from fortlang.cardset.fmt import format_file, plain_safe
from fortlang.cli import main
from fortlang.errors import FortError
from fortlang.games.fort.model import kids_of
from fortlang.output import write_output
from fortlang.printer import to_text

MESSY = """\
# yaml-language-server: $schema=../../fortlang/schemas/kids.schema.json
kids:   # comments and spacing stay
  - id: bug
    name: Bug
    suits: [shovel]
    public: gain   pizza ×shovel      # plain, unicode operator
    private: 'score ×  level'   # single-quoted
    source: rulebook
  - id: bud
    name: Bud
    suits: [coin]
    public: "gain 2 resource"
    private: |
        destroy card
          ▶ score
    source: public
    note: keeps   its   spaces
  - {id: dot, name: Dot, suits: [glue], public: (pack) x glue, private: advance -1 ▶ score 2}
  - id: zip
    name: Zip
    suits: [skateboard]
    public: >-
      advance
      then score
    private: gain pizza
      or gain toy
"""
CANONICAL = """\
# yaml-language-server: $schema=../../fortlang/schemas/kids.schema.json
kids:   # comments and spacing stay
  - id: bug
    name: Bug
    suits: [shovel]
    public: gain pizza x shovel      # plain, unicode operator
    private: 'score x level'   # single-quoted
    source: rulebook
  - id: bud
    name: Bud
    suits: [coin]
    public: "gain 2 pizza/toy"
    private: |
        destroy card then score
    source: public
    note: keeps   its   spaces
  - {id: dot, name: Dot, suits: [glue], public: pack x glue, private: advance -1 then score 2}
  - id: zip
    name: Zip
    suits: [skateboard]
    public: >-
      advance then score
    private: gain pizza or gain toy
"""


def fmt(*args: str):
    return CliRunner().invoke(main, ["fmt", *args])


@pytest.fixture
def messy(tmp_path: Path) -> Path:
    path = tmp_path / "kids.yaml"
    path.write_text(MESSY, encoding="utf-8")
    return path


def test_actions_become_canonical_and_nothing_else_changes(messy: Path):
    result = fmt(str(messy))
    assert result.exit_code == 0, result.output
    assert messy.read_text(encoding="utf-8") == CANONICAL
    assert f"reformatted {messy}" in result.output


def test_idempotent(messy: Path):
    fmt(str(messy))
    assert format_file(messy).changed is False
    result = fmt("--check", str(messy))
    assert result.exit_code == 0 and "0 files would be reformatted, 1 unchanged" in result.output


def test_check_changes_nothing_and_exits_1(messy: Path):
    before = messy.stat()
    result = fmt("--check", str(messy))
    assert result.exit_code == 1
    assert f"would reformat {messy}" in result.output
    assert messy.read_text(encoding="utf-8") == MESSY
    assert messy.stat().st_mtime_ns == before.st_mtime_ns


def test_scoring_rules_are_formatted_too(tmp_path: Path):
    path = tmp_path / "rules.yaml"
    path.write_text("made_up_rules:\n  - id: loner\n    name: Loner\n"
                    "    score: 5   if best_friends=0\n", encoding="utf-8")
    assert fmt(str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8").endswith("    score: 5 if best_friends = 0\n")


def test_a_file_with_errors_is_refused(tmp_path: Path):
    path = tmp_path / "kids.yaml"
    text = "kids:\n  - {id: bug, name: Bug, suits: [shovel], public: gain  pizza x shovle}\n"
    path.write_text(text, encoding="utf-8")
    result = fmt(str(path))
    assert result.exit_code == 1
    assert "error[E101]" in result.output and "1 with errors (not formatted)" in result.output
    assert path.read_text(encoding="utf-8") == text


def test_crlf_and_bom_are_kept(tmp_path: Path):
    path = tmp_path / "kids.yaml"
    text = "\ufeffkids:\r\n  - id: bug\r\n    name: Bug\r\n    suits: [shovel]\r\n" \
           "    public: gain pizza ×shovel\r\n"
    path.write_bytes(text.encode("utf-8"))
    assert fmt(str(path)).exit_code == 0
    assert path.read_bytes().decode("utf-8") == text.replace("×shovel", "x shovel")


def test_every_bundled_action_respaced_formats_back(tmp_path: Path):
    lines = ["kids:"]
    for i, card in enumerate(kids_of(base_set())):
        messy = to_text(card.public).replace(" x ", " × ").replace(" then ", "  ▶ ") \
            .replace("(", "( ")
        lines += [f"  - id: k{i}", f"    name: K{i}", "    suits: [book]",
                  f"    public: \"{messy}\""]
    path = tmp_path / "kids.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert fmt(str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    for card in kids_of(base_set()):
        assert f'public: "{to_text(card.public)}"' in text


def test_folders_are_formatted_recursively_and_bundled_cards_are_canonical():
    """Every bundled set whose vocabulary is installed (the expansion written with a plugin is
    checked with it installed in test_expansion.py)."""
    from fortlang.cardset.load import bundled_folders

    folders, _ = bundled_folders()
    assert folders
    result = fmt("--check", *map(str, folders))
    assert result.exit_code == 0, result.output
    assert "0 files would be reformatted" in result.output


@pytest.mark.parametrize(("text", "safe"), [
    ("gain pizza x shovel", True), ("5 if best_friends = 0", True), ("5", False),
    ("true", False), ("- x", False), ("a: b", False), ("a #b", False), ("", False),
], ids=repr)
def test_plain_safe(text: str, safe: bool):
    assert plain_safe(text) is safe


def test_write_output_keeps_mode_and_leaves_no_temp_file(tmp_path: Path):
    path = tmp_path / "kids.yaml"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    write_output(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["kids.yaml"]


def test_write_output_failure_leaves_the_old_file(tmp_path: Path, monkeypatch):
    path = tmp_path / "kids.yaml"
    path.write_text("old", encoding="utf-8")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(FortError, match="disk full"):
        write_output(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["kids.yaml"]


def test_formatting_through_a_symlink_keeps_the_link(messy: Path):
    link = messy.with_name("link.yaml")
    link.symlink_to(messy.name)
    assert fmt(str(link)).exit_code == 0
    assert link.is_symlink() and messy.read_text(encoding="utf-8") == CANONICAL


def test_a_read_only_file_is_reported_and_left_alone(messy: Path, monkeypatch):
    # (root may write anywhere, so the permission is simulated)
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == messy and
                        mode == os.W_OK else real(p, mode))
    result = fmt(str(messy))
    assert result.exit_code == 1
    assert f"{messy}: error[E390]: not formatted: the file is read-only" in result.stderr
    assert "0 files reformatted, 0 unchanged, 1 with errors" in result.stderr
    assert messy.read_text(encoding="utf-8") == MESSY


def test_a_failed_write_is_a_diagnostic_not_a_traceback(messy: Path, monkeypatch):
    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    result = fmt(str(messy))
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "error[E801]: cannot write: No space left on device" in result.stderr
    assert messy.read_text(encoding="utf-8") == MESSY
    assert [p.name for p in messy.parent.iterdir()] == [messy.name]
