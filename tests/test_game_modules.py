"""The module seam (issue 33 stage 4, docs/design/game-modules.md §2.4, §2.5): a game is found
through the entry-point group ``fortlang.games``, only where installed code may come from; a
set's manifest names its game (``game: fort`` by default); an unknown game is E350, a broken
module E351, and sets of different games played or required together E352. Fort plays as
before, with or without ``game: fort``.

Other game modules are installed here the way pip lays a package out (tests/plugin_site.py), in
a private folder put on ``sys.path``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from expansion import write_expansion
from plugin_site import forget_games, install

from fortlang import games
from fortlang.cli import main
from fortlang.module import GameModule

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "cards" / "fort-base"
#: A second game, as its package declares it: Fort's pieces, another name.
OTHER = ("from fortlang.module import GameModule\n"
         "GAME = GameModule(name='other', titles={'en': 'Other'}, players=range(2, 3),\n"
         "                  new_table='fortlang.games.fort.setup:new_game',\n"
         "                  run='fortlang.games.fort.match:run_game')\n")


@pytest.fixture(autouse=True)
def fresh_games() -> Iterator[None]:
    """fortlang.games (and fortlang.plugins) forget installed modules before and after."""
    forget_games()
    yield
    forget_games()


@pytest.fixture
def other_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A second game module, `other`, installed in a private folder on ``sys.path``."""
    site = install(tmp_path / "games-site", name="other", module="other_game", source=None,
                   code=OTHER, group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    return site


def another_games_set(folder: Path) -> Path:
    """A copy of fort-base as a set of the game `other` (id `others`)."""
    shutil.copytree(BASE, folder)
    manifest = folder / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8").replace("id: fort-base", "id: others")
    manifest.write_text(text + "game: other\n", encoding="utf-8")
    return folder


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def with_game(folder: Path, game: str) -> Path:
    """``folder``'s manifest with ``game: <game>`` added after its first line's key."""
    manifest = folder / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("\nname:", f"\ngame: {game}\nname:", 1), encoding="utf-8")
    return folder


def test_fort_is_found_through_its_entry_point() -> None:
    assert games.installed()["fort"].value == "fortlang.games.fort:GAME"
    fort = games.game_named("fort")
    assert isinstance(fort, GameModule) and fort.name == "fort"
    assert fort.title("ru") == "Форт" and list(fort.players) == [2, 3, 4]
    from fortlang.games.fort.setup import new_game

    assert fort.piece("new_table") is new_game


def test_an_unknown_game_is_e350_at_the_manifests_value(tmp_path: Path) -> None:
    folder = with_game(write_expansion(tmp_path / "yard-kids"), "frot")
    result = run("check", "--no-warnings", str(folder))
    assert result.exit_code == 1, result.output
    assert "manifest.yaml:2:7: error[E350]: no game module `frot` is installed" in result.output
    assert "did you mean `fort`?" in result.output
    assert "  game: frot\n        ^^^^\n" in result.output
    assert "E352" not in result.output  # its own game unknown: not compared with fort-base's
    assert "Traceback" not in result.output


def test_a_module_that_fails_to_import_is_e351_naming_its_entry_point(tmp_path, monkeypatch):
    site = install(tmp_path / "site", name="broken", module="broken_game", source=None,
                   code="raise RuntimeError('boom')\n", group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    folder = with_game(write_expansion(tmp_path / "yard-kids"), "broken")
    result = run("check", "--no-warnings", str(folder))
    assert result.exit_code == 1
    assert "error[E351]: game module `broken` fails to load: RuntimeError: boom" in result.output
    assert "the entry point is `broken_game:GAME`" in result.output
    assert "Traceback" not in result.output


def test_an_entry_point_that_gives_no_game_module_is_e351(tmp_path, monkeypatch) -> None:
    site = install(tmp_path / "site", name="fake", module="fake_game", source=None,
                   code="GAME = 42\n", group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(games.GameError) as err:
        games.game_named("fake")
    assert err.value.code == "E351" and "does not give a GameModule named `fake`" in str(err.value)


def test_a_game_module_in_the_current_folder_is_never_imported(tmp_path, monkeypatch) -> None:
    marker = tmp_path / "ran"
    here = install(tmp_path / "their-set", name="sneaky", module="sneaky_game", source=None,
                   code=f"open({str(marker)!r}, 'w').close()\n", group="fortlang.games",
                   attr="GAME")
    monkeypatch.chdir(here)
    monkeypatch.syspath_prepend("")  # as `python -m fortlang` does
    with pytest.raises(games.GameError) as err:
        games.game_named("sneaky")
    assert err.value.code == "E350" and str(here) in (err.value.hint or "")
    assert not marker.exists()


def test_a_game_module_in_a_folder_others_can_write_is_never_imported(tmp_path, monkeypatch):
    marker = tmp_path / "ran"
    site = install(tmp_path / "shared", name="sneaky", module="shared_game", source=None,
                   code=f"open({str(marker)!r}, 'w').close()\n", group="fortlang.games",
                   attr="GAME")
    site.chmod(0o777)
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(games.GameError) as err:
        games.game_named("sneaky")
    assert err.value.code == "E350" and not marker.exists()


def test_an_installed_second_game_is_found(other_game) -> None:
    assert games.game_named("other").title("fr") == "Other"
    assert {"fort", "other"} <= set(games.installed())  # and the games fortlang ships


def test_sets_of_different_games_played_together_are_e352(other_game, tmp_path) -> None:
    folder = another_games_set(tmp_path / "others")
    assert run("check", "--no-warnings", str(folder)).exit_code == 0  # alone, it checks
    for command in (["simulate", "--games", "1"],
                    ["balance", "--games", "1", "--out", str(tmp_path / "out")]):
        result = run(*command, "--sets", f"fort-base,{folder}")
        assert result.exit_code == 1, result.output
        assert "error[E352]: set `fort-base` is a set of the game `fort` and set `others` of " \
               "the game `other`" in result.output
        assert "Traceback" not in result.output


def test_a_set_requiring_a_set_of_another_game_is_e352_at_requires(other_game, tmp_path):
    folder = with_game(write_expansion(tmp_path / "yard-kids"), "other")
    result = run("check", "--no-warnings", str(folder))
    assert result.exit_code == 1, result.output
    assert "manifest.yaml:5:12: error[E352]: set `yard-kids` is a set of the game `other` " \
           "and set `fort-base` of the game `fort`" in result.output


def test_a_scenario_naming_sets_of_different_games_is_e352(other_game, tmp_path) -> None:
    another_games_set(tmp_path / "others")  # beside the scenario, named by its folder
    scenario = tmp_path / "mixed.yaml"
    scenario.write_text("sets: [fort-base, others]\nscenarios:\n  - name: a tie\n"
                        "    rule: R11.3\n    given:\n      players:\n        - vp: 3\n"
                        "        - vp: 3\n    then:\n      winners: [1, 2]\n",
                        encoding="utf-8")
    result = run("test", str(scenario))
    assert result.exit_code == 1, result.output
    assert "mixed.yaml:1:19: error[E352]: set `fort-base` is a set of the game `fort` and set " \
           "`others` of the game `other`" in result.output


def test_game_fort_checks_and_simulates_as_no_game_does(tmp_path: Path) -> None:
    plain = shutil.copytree(BASE, tmp_path / "plain" / "fort-base")
    named = with_game(shutil.copytree(BASE, tmp_path / "named" / "fort-base"), "fort")
    checks = [run("check", str(folder)) for folder in (plain, named)]
    assert [c.exit_code for c in checks] == [0, 0], checks[1].output
    assert checks[0].output.replace(str(plain), "SET") == checks[1].output.replace(str(named),
                                                                                   "SET")
    sims = [run("simulate", "--sets", str(folder), "--games", "6", "--players", "3",
                "--seed", "1", "--json") for folder in (plain, named)]
    assert [s.exit_code for s in sims] == [0, 0], sims[1].output
    assert sims[0].stdout == sims[1].stdout
    bundled = run("simulate", "--games", "6", "--players", "3", "--seed", "1", "--json")
    assert json.loads(bundled.stdout)["sets"] == json.loads(sims[1].stdout)["sets"]


def test_a_same_named_module_earlier_on_the_path_never_stands_in_for_a_game(other_game,
                                                                          tmp_path,
                                                                          monkeypatch) -> None:
    """Only the distribution that declares a game gives its module: a module of the same name
    in a private folder before it on ``sys.path`` (as PYTHONPATH puts one) is never run."""
    marker = tmp_path / "ran"
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "other_game.py").write_text(OTHER + f"open({str(marker)!r}, 'w').close()\n",
                                          encoding="utf-8")
    monkeypatch.syspath_prepend(str(shadow))
    assert games.game_named("other").name == "other"
    assert not marker.exists()
