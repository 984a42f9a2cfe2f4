"""FortError and its subclasses move (located in a file) and cross processes (pickle) intact."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.engine import IllegalMove
from fortlang.errors import FortError, FortSyntaxError
from fortlang.parser import parse_action
from fortlang.plugins import PluginError


def _syntax_error() -> FortSyntaxError:
    with pytest.raises(FortSyntaxError) as info:
        parse_action("gain piza")
    return info.value


def test_a_syntax_error_is_located_in_a_file():
    moved = _syntax_error().located("kids.yaml", 2, 10)
    assert type(moved) is FortSyntaxError
    assert (moved.first.file, moved.first.span.line, moved.first.span.column) == \
        ("kids.yaml", 3, 16)
    assert str(moved).startswith("kids.yaml:3:16: error[E101]: unknown resource `piza`")


def test_an_illegal_move_is_located_and_keeps_its_fields():
    e = IllegalMove("`Ana` is not allowed here\n  0. skip", "R5.4")
    moved = e.located("game.jsonl")
    assert (str(moved), moved.rule, moved.first.file) == (str(e), "R5.4", "game.jsonl")
    assert moved.first.notes == ("  0. skip",)


@pytest.mark.parametrize("make", [_syntax_error, lambda: IllegalMove("no\nway", "R7.1"),
                                  lambda: PluginError("E340", "vocabulary `x`", "pip install")],
                         ids=["syntax", "illegal-move", "plugin"])
def test_errors_pickle_intact(make):
    e = make()
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is type(e) and str(back) == str(e) and back.diagnostics == e.diagnostics
    assert back.__dict__ == e.__dict__
    assert isinstance(back, FortError)


def test_a_replay_line_that_is_not_utf8_is_positioned(tmp_path: Path):
    log = tmp_path / "log.jsonl"
    log.write_bytes(b'\n{"seed": "\xff"}\n')
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{log}:2:11: error[E103]: not UTF-8 text: byte 0xff"), \
        result.output
