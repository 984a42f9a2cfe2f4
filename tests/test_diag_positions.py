"""Positions survive odd input (issue 12): YAML reader errors keep their line and column with
libyaml and with the pure-Python parser; CR-only line endings and U+2028 keep the caret on the
line the header names; `check --format json` stays valid JSON for a file name that is not UTF-8."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cardset.yamlsrc import _Builder, read_document
from fortlang.cli import main

BELL = "kids:\n  - id: a\n    name: Aé\x07b\n    suits: [shovel]\n"


@pytest.mark.parametrize("pure", [False, True], ids=["libyaml", "pure-python"])
def test_yaml_reader_error_keeps_line_and_column(pure: bool):
    doc = read_document("k.yaml", "")
    doc.text = BELL
    assert _Builder(doc).build(pure=pure) is None
    [d] = doc.diagnostics
    assert d.code == "E301"
    assert (d.span.line, d.span.column) == (3, 13)
    assert "`\\x07`" in d.render() and "<unicode string>" not in d.message


def test_yaml_reader_error_has_a_caret_in_check(tmp_path: Path):
    (tmp_path / "kids.yaml").write_text(BELL, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path / "kids.yaml")])
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'kids.yaml'}:3:13: error[E301]: ")
    assert lines[1] == "      name: Aé?b" and lines[2] == "              ^"


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\u2028", "\x85"],
                         ids=["cr", "crlf", "u2028", "nel"])
def test_caret_sits_on_the_named_line_whatever_the_line_breaks(tmp_path: Path, newline: str):
    text = newline.join(["kids:", "  - id: a", "    name: A", "    suits: [shovle]", ""])
    (tmp_path / "kids.yaml").write_bytes(text.encode("utf-8"))
    result = CliRunner().invoke(main, ["check", str(tmp_path / "kids.yaml")])
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'kids.yaml'}:4:13: error[E313]: unknown suit")
    assert lines[1] == "      suits: [shovle]"
    assert lines[2] == "              ^^^^^^"


@pytest.mark.parametrize("newline", ["\r", "\u2028"], ids=["cr", "u2028"])
def test_caret_in_a_scenario_file_with_odd_line_breaks(tmp_path: Path, newline: str):
    text = newline.join(["scenarios:", "  - name: x", "    given: {players: [{hand: [Bgu]}]}",
                         "    when: [{play: Bgu}]", "    then: {players: [{stuff: {pizza: 1}}]}",
                         ""])
    (tmp_path / "sc.yaml").write_bytes(text.encode("utf-8"))
    result = CliRunner().invoke(main, ["test", str(tmp_path / "sc.yaml")])
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'sc.yaml'}:3:") and "error[E701]" in lines[0]
    assert lines[1] == "      given: {players: [{hand: [Bgu]}]}"


@pytest.mark.parametrize("newline", ["\r", "\r\n"], ids=["cr", "crlf"])
def test_explain_file_with_cr_line_endings_points_at_the_right_line(tmp_path: Path,
                                                                     newline: str):
    (tmp_path / "a.txt").write_bytes(f"gain{newline}pizza x shovle{newline}".encode())
    result = CliRunner().invoke(main, ["explain", "--file", str(tmp_path / "a.txt")])
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'a.txt'}:2:9: error[E101]: ")
    assert lines[1:3] == ["  pizza x shovle", "          ^^^^^^"]


def test_explain_unexpected_line_separator_is_positioned_on_its_line(tmp_path: Path):
    (tmp_path / "a.txt").write_text("gain\npizza\u2028x shovel", encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--file", str(tmp_path / "a.txt")])
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'a.txt'}:2:6: error[E100]: unexpected character")
    assert lines[1:3] == ["  pizza", "       ^"]


def test_check_json_is_valid_for_a_file_name_that_is_not_utf8(tmp_path: Path):
    name = os.fsdecode(b"kids-\xff\x1b.yaml")  # surrogate-escaped, as Python sees it
    bad = tmp_path / name
    bad.write_text("kids:\n  - id: a\n    name: A\n    suits: [shovle]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--format", "json", str(bad)])
    assert result.exit_code == 1
    result.stdout_bytes.decode("utf-8")  # valid UTF-8 throughout
    [d] = json.loads(result.stdout_bytes)
    assert os.fsencode(d["file"]) == os.fsencode(str(bad))  # the bytes round-trip
    assert (d["line"], d["column"], d["code"]) == (4, 13, "E313")


def test_check_text_shows_a_file_name_that_is_not_utf8_escaped(tmp_path: Path):
    bad = tmp_path / os.fsdecode(b"kids-\xff.yaml")
    bad.write_text("kids: [a, b\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(bad)])
    result.stdout_bytes.decode("utf-8")
    assert "kids-\\xff.yaml:" in result.output


@pytest.mark.parametrize("newline", ["\r", "\r\n"], ids=["cr", "crlf"])
def test_caret_in_a_folded_action_with_odd_line_breaks(tmp_path: Path, newline: str):
    text = newline.join(["kids:", "  - id: a", "    name: A", "    suits: [shovel]",
                         "    public: >", "      gain pizza", "      x shovle", ""])
    (tmp_path / "kids.yaml").write_bytes(text.encode("utf-8"))
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(tmp_path / "kids.yaml")])
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'kids.yaml'}:7:9: error[E101]: ")
    assert lines[1:3] == ["        x shovle", "          ^^^^^^"]


def test_a_line_separator_inside_a_folded_action_is_pointed_at(tmp_path: Path):
    # YAML keeps LS in a folded value, so the action holds it: the caret is where it stands
    text = "\u2028".join(["kids:", "  - id: a", "    name: A", "    suits: [shovel]",
                           "    public: >", "      gain pizza", "      x shovel", ""])
    (tmp_path / "kids.yaml").write_bytes(text.encode("utf-8"))
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(tmp_path / "kids.yaml")])
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'kids.yaml'}:6:17: error[E100]: unexpected "
                               "character `\\u2028`")
    assert lines[1:3] == ["        gain pizza", "                  ^"]
