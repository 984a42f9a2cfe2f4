"""docs/simulate.md covers every option of simulate, balance, play and replay, and every
field of a card's figures, so the page cannot fall behind the commands."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from fortlang.cli import COMMANDS, main

DOC = (Path(__file__).parent.parent / "docs" / "simulate.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["simulate", "balance", "play", "replay"])
def test_every_option_is_documented(name: str) -> None:
    assert name in COMMANDS
    command = main.get_command(click.Context(main), name)
    assert command is not None
    for param in command.params:
        if isinstance(param, click.Option):
            documented = [o for o in param.opts if f"`{o}" in DOC or f"{o} " in DOC]
            assert documented, f"{name} {param.opts} is not in docs/simulate.md"


def test_every_figure_field_is_documented(tmp_path: Path) -> None:
    import json

    from click.testing import CliRunner

    result = CliRunner().invoke(main, ["simulate", "--games", "3", "--json"])
    figures = json.loads(result.stdout)
    card = next(iter(figures["cards"].values()))
    for field in set(card) - {"kind", "name"}:
        assert f"`{field}`" in DOC or f"`{field}," in DOC or f", `{field}`" in DOC, field
    for field in ("seats", "ranking", "median_effect", "exchange_rate", "score_histogram",
                  "turns_histogram", "sets"):
        assert f"`{field}`" in DOC, field


def test_game_commands_use_codes_of_their_own_meaning() -> None:
    """One meaning per code: the game commands' diagnostics are not the docs site's."""
    import re

    import fortlang.cardset.table
    import fortlang.cli.balance
    import fortlang.cli.replay
    import fortlang.cli.simulate
    import fortlang.sim.backends
    import fortlang.sim.report
    from fortlang.errors import CODES

    modules = (fortlang.cli.simulate, fortlang.cli.replay, fortlang.cli.balance,
               fortlang.sim.backends, fortlang.sim.report, fortlang.cardset.table)
    used = {code for m in modules
            for code in re.findall(r'"([EW]\d{3})"', Path(str(m.__file__)).read_text())}
    assert used <= set(CODES)
    meaning = {code: CODES[code] for code in used}
    assert meaning["E902"] == "unknown bot" and meaning["E901"] == "not a replay line"
    assert meaning["E335"].startswith("replay") and meaning["E334"].startswith("sets")
    assert not {"E601", "E602", "E603"} & used  # the docs site's codes
