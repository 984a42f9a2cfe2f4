"""A game module's own commands (issue 33 item 1: the core imports no game): a module declares
them in ``GameModule.commands`` and ``fortlang`` offers them beside its own; Fortune and
Glory's ``odds`` comes that way, no longer from a line of the core's command table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_site import forget_games, install

from fortlang import cli
from fortlang.games import game_named

TOY = '''
import click
from fortlang.module import GameModule

@click.command()
@click.argument("who")
def hello(who):
    """Greet WHO, the toy's way."""
    click.echo(f"toy says hello to {who}")

@click.command()
def check():
    click.echo("the toy's check ran")

GAME = GameModule(name="toy", titles={"en": "Toy"}, players=range(2, 3),
                  commands={"toy-hello": "toygame:hello", "check": "toygame:check"})
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    forget_games()
    site = install(tmp_path / "site", name="toy", module="toygame", code=TOY,
                   group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    yield
    forget_games()


def test_the_core_command_table_names_no_game() -> None:
    assert not [ref for ref in cli.COMMANDS.values() if ref.startswith("fortlang.games.")]
    assert game_named("fortune-and-glory").commands == {
        "odds": "fortlang.games.fortune.cli:odds"}


def test_a_games_command_is_listed_and_runs(toy: None) -> None:
    runner = CliRunner()
    listed = runner.invoke(cli.main, ["--help"])
    assert listed.exit_code == 0 and "toy-hello" in listed.output and "odds" in listed.output
    done = runner.invoke(cli.main, ["toy-hello", "you"])
    assert done.exit_code == 0, done.output
    assert done.output == "toy says hello to you\n"


def test_a_games_command_never_shadows_fortlangs_own(toy: None) -> None:
    done = CliRunner().invoke(cli.main, ["check", "--help"])
    assert done.exit_code == 0
    assert "the toy's check ran" not in done.output
    assert "card" in done.output.lower()  # fortlang's own check's help


def test_odds_still_runs_through_the_game(tmp_path: Path) -> None:
    done = CliRunner().invoke(cli.main, ["odds", "--help"])
    assert done.exit_code == 0 and "--hero" in done.output
