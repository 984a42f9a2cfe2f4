"""Issue 31: a set whose `park_size` cannot deal the table (4 players, `park_size: 24`) passed
`check` and failed at set-up with an IndexError (E903). `check` now says so on the field, and
set-up refuses an unchecked set with a clear error."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main

BASE = Path(__file__).resolve().parent.parent / "cards" / "fort-base"


def small_base(tmp_path: Path) -> Path:
    """The base set with `park_size: 24` and only 24 park kids."""
    from fortlang.cardset import load_set

    folder = tmp_path / "small"
    shutil.copytree(BASE, folder)
    manifest = folder / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("park_size: 60", "park_size: 24"))
    kept = 0
    for path in sorted(folder.glob("kids-*.yaml")):
        if kept >= 24:
            path.unlink()
            continue
        kept += sum(k.copies for k in load_set(BASE).park_kids
                    if f"id: {k.id}\n" in path.read_text())
    return folder


def test_check_refuses_a_park_too_small_to_deal_four_players(tmp_path: Path):
    folder = small_base(tmp_path)
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1, result.output
    assert re.search(rf"{re.escape(str(folder / 'manifest.yaml'))}:\d+:12: error\[E327\]: a "
                     r"park deck of \d+ cards cannot deal 4 players", result.output), \
        result.output


def test_set_up_of_an_unchecked_small_park_is_a_clear_error_not_an_index_error():
    from fortlang.cardset import base_set
    from fortlang.errors import FortError
    from fortlang.game.setup import new_game

    base = base_set()
    small = type(base)(manifest=base.manifest, kids=tuple(base.kids)[:20], rules=base.rules,
                       perks=base.perks, board=base.board)
    with pytest.raises(FortError, match="cannot deal 4 players") as e:
        new_game(small, 4, seed=1)
    assert e.value.first.code == "E327"


def test_check_refuses_a_set_without_park_size_whose_kids_cannot_deal_four_players(
        tmp_path: Path):
    """No `park_size` in the manifest and 18 park kids: `check` said only W301 and
    `simulate --sets` failed at set-up with E903."""
    folder = tmp_path / "few"
    shutil.copytree(BASE, folder)
    manifest = folder / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("park_size: 60\n", ""))
    for suit in ("book", "coin", "crown", "glue", "shovel"):
        (folder / f"kids-{suit}.yaml").unlink()
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1, result.output
    assert re.search(rf"{re.escape(str(manifest))}:\d+:1: error\[E327\]: a park deck of 18 "
                     r"cards cannot deal 4 players", result.output), result.output
    assert "^" in result.output and "hint: give the set at least 35 park kids" in result.output
