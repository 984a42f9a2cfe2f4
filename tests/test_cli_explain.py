"""`fortlang explain` through click's CliRunner: exit codes and file:line:col output (STYLE #13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, ["explain", *args], input=input)


def test_prints_canonical_form_first() -> None:
    result = run("(recruit ▶ gain toy) × water_gun")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "(recruit then gain toy) x water_gun"
    assert len(result.stdout.splitlines()) == 2


def test_json_has_the_ast_with_spans() -> None:
    result = run("--json", "gain pizza x shovel")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["canonical"] == "gain pizza x shovel"
    assert data["ast"]["type"] == "Repeat"
    assert data["ast"]["count"] == {"type": "SuitCount", "suit": "shovel",
                                    "span": {"line": 1, "column": 14, "end_line": 1,
                                             "end_column": 20}}


def test_scoring_rules_are_explained_too() -> None:
    result = run("--scoring", "8 if cards > rival cards else 4 if cards = rival cards")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "8 if cards > rival cards else 4 if cards = rival cards"


@pytest.mark.parametrize(("args", "stdin", "where"), [
    (["gain pizza x shovle"], None,
     "<action>:1:14: error[E101]: unknown suit or quantity `shovle`"),
    ([""], None, "<action>:1:1: error[E100]: empty action"),
    (["(gain pizza"], None, "<action>:1:1: error[E100]: this `(` is never closed"),
    (["gain pizza x 0"], None, "<action>:1:14: error[E200]: `x 0` never performs the action"),
    (["destroy this x book"], None, "<action>:1:1: error[E201]: `destroy this` cannot be repeated"),
    (["gain\x00pizza"], None, "<action>:1:5: error[E100]: unexpected character `\\x00`"),
    (["-"], "gain\n  pizza x\n", "<stdin>:2:10: error[E100]: unexpected end of the action"),
    (["((((gain"], None, "<action>:1:9: error"),
    (["--file", "-"], "gain pizza x\n", "<stdin>:1:13: error[E100]: unexpected end of the action"),
])
def test_bad_input_exits_1_with_position_and_no_traceback(args, stdin, where) -> None:
    result = run(*args, input=stdin)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines()[0].startswith(where)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_hostile_sizes_do_not_crash() -> None:
    nested = "(" * 100_000 + "gain pizza" + ")" * 100_000
    assert run(nested).stdout.splitlines()[0] == "gain pizza"
    unbalanced = run("(" * 100_000)
    assert unbalanced.exit_code == 1 and "Traceback" not in unbalanced.output
    huge = run("gain pizza then " * 70_000 + "score")
    assert huge.exit_code == 0  # a 1 MB action is still an action
    assert huge.stdout.startswith("gain pizza then gain pizza")


def test_warnings_go_to_stderr_and_exit_0() -> None:
    result = run("gain 5 pizza")
    assert result.exit_code == 0
    assert "warning[W200]: stuff holds at most 4" in result.stderr
    assert result.stdout.splitlines()[0] == "gain 5 pizza"


def test_file_input(tmp_path: Path) -> None:
    good = tmp_path / "bug.fort"
    good.write_text("gain pizza\n  × shovel\n", encoding="utf-8")
    assert run("--file", str(good)).stdout.splitlines()[0] == "gain pizza x shovel"


def test_file_not_utf8_is_a_positioned_error(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.fort"
    bad.write_bytes("gain pizza\nx pelle à eau".encode("latin-1"))
    result = run("--file", str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bad}:2:9: error[E103]: not UTF-8 text: byte 0xe0")
    assert "Traceback" not in result.output


@pytest.mark.parametrize("make", [lambda p: p / "missing.fort", lambda p: p])
def test_unreadable_file_is_an_error(tmp_path: Path, make) -> None:
    path = make(tmp_path)
    result = run("--file", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith((f"{path}: error[E300]: cannot read",
                                     f"{path}: error[E300]: not a regular file: a directory"))


def test_action_and_file_together_is_a_usage_error(tmp_path: Path) -> None:
    result = run("pack", "--file", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert "give either ACTION or --file PATH" in result.output


def test_not_utf8_column_counts_characters_not_bytes(tmp_path: Path) -> None:
    bad = tmp_path / "mixed.fort"
    bad.write_bytes("gain pizza × sh".encode() + b"\xe9vel")  # `×` is two bytes
    result = run("--file", str(bad))
    assert result.stderr.startswith(f"{bad}:1:16: error[E103]: not UTF-8 text: byte 0xe9")
    source, caret = result.stderr.splitlines()[1:3]
    assert source[caret.index("^")] == "\ufffd"


def test_stdin_bytes_that_are_not_utf8_are_a_positioned_error() -> None:
    result = CliRunner().invoke(main, ["explain", "--file", "-"], input=b"gain \xff")
    assert result.exit_code == 1
    assert result.stderr.startswith("<stdin>:1:6: error[E103]: not UTF-8 text: byte 0xff")
