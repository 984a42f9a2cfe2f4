"""The checker's bounds that depend on the board come from the set's board (issue 33 item 6):
stuff holds the board's ``stuff_capacity`` of each resource (R1.5), so W200 ("can never be
performed in full") for a gain is judged against it, not against the base board's 4."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from fortlang.cardset import bundled_dir
from fortlang.cli import main


def _set_with(tmp_path: Path, capacity: int, public: str) -> Path:
    copy = tmp_path / "fort-base"
    shutil.copytree(bundled_dir() / "fort-base", copy)
    board = copy / "board.yaml"
    text = board.read_text(encoding="utf-8")
    board.write_text(re.sub(r"stuff_capacity: \d+", f"stuff_capacity: {capacity}", text),
                     encoding="utf-8")
    book = copy / "kids-book.yaml"
    text = book.read_text(encoding="utf-8")
    assert "public: gain pizza x book" in text
    book.write_text(text.replace("public: gain pizza x book", f"public: {public}", 1),
                    encoding="utf-8")
    return copy


def _w200(folder: Path) -> list[dict]:
    result = CliRunner().invoke(main, ["check", "--format", "json", str(folder)])
    found = json.loads(result.output)
    return [d for d in found if d["code"] == "W200"]


def test_a_bigger_board_takes_a_gain_its_stuff_holds(tmp_path: Path) -> None:
    assert _w200(_set_with(tmp_path / "six", 6, "gain 5 pizza")) == []
    (warned,) = _w200(_set_with(tmp_path / "six-over", 6, "gain 7 pizza"))
    assert "at most 6" in warned["message"] and warned["file"].endswith("kids-book.yaml")


def test_a_smaller_board_warns_of_a_gain_the_base_board_holds(tmp_path: Path) -> None:
    (warned,) = _w200(_set_with(tmp_path / "three", 3, "gain 4 pizza"))
    assert "at most 3" in warned["message"]
    assert warned["line"] > 1  # at the card's box, not the file's head


def test_the_base_board_warns_as_before(tmp_path: Path) -> None:
    (warned,) = _w200(_set_with(tmp_path / "four", 4, "gain 5 pizza"))
    assert "at most 4" in warned["message"]
    assert _w200(_set_with(tmp_path / "four-ok", 4, "gain 4 pizza")) == []
