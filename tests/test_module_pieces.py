"""The pieces Fort's table reaches through its game module, never by import (issue 33 item 5,
docs/design/game-modules.md §2.5): the invariants ``--check-invariants`` runs, the set-up sizes
E327 holds a set to, what W305 asks of the engine, what the search bot determinizes and scores
with, what the terminal player tells of a secret answer, and the terminal game ``fortlang play``
starts. Each test gives a toy module's piece and finds it used where Fort's was imported."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_site import forget_games, install

from fortlang import games
from fortlang.cli import main

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "cards" / "fort-base"

#: A game on Fort's table (no card kinds of its own) that declares its own pieces.
TOY = """\
from fortlang.module import GameModule

PARK_SIZE = 3
START_KIDS = 100  # more than any set deals: E327 says the toy's figures


def why_not(table, seat, card):
    return "R5.4"


def refusal_text(card, rule):
    return f"the toy refuses `{card.name}` ({rule})"


def broken(table):
    raise AssertionError("the toy's invariant is broken")


def terminal(cardset, players, *, seed, bots, lang, draft):
    print(f"toy terminal: {players} players, seed {seed}, bots {bots}, {lang}")


def determinize(table, knowledge, rules, rng):
    from fortlang.games.fort import search

    with open(MARKER, "a") as f:
        f.write("dealt\\n")
    return search.determinize(table, knowledge, rules, rng)


def search():
    from types import SimpleNamespace

    from fortlang.games.fort import search as fort

    return SimpleNamespace(Knowledge=fort.Knowledge, final_score=fort.final_score,
                           cards_you_have=fort.cards_you_have, determinize=determinize)


class Disclosure:
    SECRET = {}

    @staticmethod
    def is_public(decision):
        return True  # the toy tells every answer, a kept draft card too


def run_chunk(job):
    from fortlang.games.fort.sim.batch import run_chunk as forts

    with open(MARKER + ".chunks", "a") as f:
        f.write(f"{job.start}-{job.stop}\\n")
    return forts(job)


class Figures:
    def __init__(self):
        from fortlang.games.fort.sim.stats import Aggregate

        self.total = Aggregate()

    def merge(self, aggregate):
        self.total.merge(aggregate)

    def figures(self, margin):
        return {**self.total.figures(margin), "toy": "the toy's own figures"}


def show(figures):
    print(f"toy figures: {figures['games']} games, {figures['toy']}")


def drivers():
    from fortlang.games.fort.sim.batch import jobs
    from fortlang.games.fort.sim.pull import GameState
    from fortlang.sim.drivers import Drivers

    return Drivers(state=GameState, jobs=jobs, run_chunk=run_chunk, figures=Figures, show=show)


class PlainFigures:  # figures with none of Fort's keys: a game of other figures
    def __init__(self):
        self.games = 0

    def merge(self, aggregate):
        self.games += aggregate.games

    def figures(self, margin):
        return {"games": self.games, "rounds": {"short": 1, "long": 2.5},
                "pigs": ["pink", "spotted"]}


def plain_drivers():
    from fortlang.games.fort.sim.batch import jobs, run_chunk
    from fortlang.games.fort.sim.pull import GameState
    from fortlang.sim.drivers import Drivers

    return Drivers(state=GameState, jobs=jobs, run_chunk=run_chunk, figures=PlainFigures)


def toy_report(out, figures, margin, sets):  # the toy's own balance report
    from pathlib import Path

    Path(out).mkdir()
    page = Path(out) / "toy.txt"
    page.write_text(f"{figures['games']} games, margin {margin}, sets {','.join(sets)}")
    return page, ["ada"]


def reporting_drivers():
    from dataclasses import replace

    return replace(plain_drivers(), report=toy_report)


def marked_state(*args, **kw):  # Fort's pull API, each state started noted
    from fortlang.games.fort.sim.pull import GameState

    with open(MARKER + ".states", "a") as f:
        f.write(f"state of seed {kw['seed']}\\n")
    return GameState(*args, **kw)


def marked_drivers():
    from dataclasses import replace

    return replace(drivers(), state=marked_state)


SEARCH = search()
PLAIN = plain_drivers()
REPORTING = reporting_drivers()
MARKED = marked_drivers()
DISCLOSURE = Disclosure()
DRIVERS = drivers()
GAME = GameModule(name="toy", titles={"en": "Toy"}, players=range(2, 5),
                  new_table="fortlang.games.fort.setup:new_game",
                  run="fortlang.games.fort.match:run_game", **FIELDS)
"""


@pytest.fixture(autouse=True)
def fresh_games() -> Iterator[None]:
    forget_games()
    yield
    forget_games()


def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **fields: str) -> Path:
    """The toy game installed with ``fields``, and a copy of fort-base that is its set; the
    current folder is ``tmp_path`` (a failed game's replay is saved there)."""
    monkeypatch.chdir(tmp_path)
    code = TOY.replace("**FIELDS", ", ".join(f"{k}={v!r}" for k, v in fields.items()))
    code = code.replace("MARKER", repr(str(tmp_path / "dealt")))
    site = install(tmp_path / "site", name="toy", module="toy_game", source=None, code=code,
                   group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    folder = shutil.copytree(BASE, tmp_path / "toy-base")
    manifest = folder / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8").replace("id: fort-base", "id: toy-base")
    manifest.write_text(text + "game: toy\n", encoding="utf-8")
    return folder


def fort_with(monkeypatch: pytest.MonkeyPatch, **fields: str) -> None:
    """Fort's module as installed, but with the toy's ``fields`` (Fort's table asks `fort`)."""
    real = games.game_named
    fort = dataclasses.replace(real("fort"), **fields)
    monkeypatch.setattr(games, "game_named", lambda name: fort if name == "fort" else real(name))


def run(*args: str, **kw):
    return CliRunner().invoke(main, list(args), **kw)


def test_check_invariants_runs_the_modules_invariants(tmp_path, monkeypatch) -> None:
    toy(tmp_path, monkeypatch)
    fort_with(monkeypatch, invariants="toy_game:broken")
    from fortlang.cardset import base_set
    from fortlang.games.fort.setup import new_game

    game, _ = new_game(base_set(), 2, seed=1)
    with pytest.raises(AssertionError, match="the toy's invariant is broken"):
        game.check_invariants()
    checked = run("simulate", "--games", "1", "--players", "2", "--check-invariants")
    assert checked.exit_code == 1 and "the toy's invariant is broken" in checked.output
    assert run("simulate", "--games", "1", "--players", "2").exit_code == 0  # debug only


def test_a_sets_deal_is_held_to_its_games_setup_sizes(tmp_path, monkeypatch) -> None:
    folder = toy(tmp_path, monkeypatch, setup_sizes="toy_game")
    result = run("check", "--no-warnings", str(folder))
    assert result.exit_code == 1, result.output
    assert "error[E327]" in result.output
    assert "set-up takes 403 (3 to the park, 100 to each player" in result.output


def test_w305_asks_the_games_engine(tmp_path, monkeypatch) -> None:
    folder = toy(tmp_path, monkeypatch, dead_cards="toy_game")
    (folder / "kids-design.yaml").write_text(
        "kids:\n  - {id: ada, name: Ada, suits: [book], public: gain pizza, private: score, "
        "source: original}\n", encoding="utf-8")
    result = run("check", str(folder))
    assert "warning[W305]: `Ada` is a dead card" in result.output, result.output
    assert "the toy refuses `Ada` (R5.4)" in result.output


def test_the_search_bot_deals_with_its_games_determinization(tmp_path, monkeypatch) -> None:
    folder = toy(tmp_path, monkeypatch, search="toy_game:SEARCH")
    result = run("simulate", "--sets", str(folder), "--bots", "mcts:2", "--games", "1",
                 "--players", "2", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "dealt").read_text().count("dealt") >= 2


def test_the_terminal_player_tells_what_the_games_disclosure_makes_public(
        tmp_path, monkeypatch) -> None:
    from fortlang.engine.choices import Decision, Kind, Option
    from fortlang.games.fort.agents.human import told

    kept = Decision(1, Kind.DRAFT, (Option("Ada", "ada"), Option("Bo", "bo")), "draft")
    assert "Bo" not in told(kept, 1, 0, "en", {})  # Fort's: a kept card is secret (R2.5)
    toy(tmp_path, monkeypatch)
    fort_with(monkeypatch, disclosure="toy_game:DISCLOSURE")
    assert "Bo" in told(kept, 1, 0, "en", {})


def test_play_starts_the_games_own_terminal_game(tmp_path, monkeypatch) -> None:
    folder = toy(tmp_path, monkeypatch, terminal="toy_game:terminal")
    result = run("play", "--sets", str(folder), "--seed", "5", "--lang", "en", input="q\n")
    assert result.exit_code == 0, result.output
    assert "toy terminal: 2 players, seed 5, bots ['greedy'], en" in result.output


def test_a_game_on_forts_table_that_declares_no_piece_gets_forts(tmp_path, monkeypatch) -> None:
    """A game without card kinds of its own plays on Fort's table, so Fort's pieces serve it
    where it declares none: the search bot plays it, and W305 judges its designs."""
    folder = toy(tmp_path, monkeypatch)
    result = run("simulate", "--sets", str(folder), "--bots", "mcts:1", "--games", "1",
                 "--players", "2", "--seed", "3")
    assert result.exit_code == 0, result.output
    (folder / "kids-design.yaml").write_text(
        "kids:\n  - {id: grump, name: Grump, suits: [crown], public: each rival -> lose, "
        "source: original}\n", encoding="utf-8")
    assert "warning[W305]: `Grump` is a dead card" in run("check", str(folder)).output


def test_simulate_runs_the_games_own_simulation_drivers(tmp_path, monkeypatch) -> None:
    """`simulate` plays a set with the drivers its game module declares (``simulation``):
    the toy's batches, its figures and its text report, where the core once imported Fort's."""
    import json

    folder = toy(tmp_path, monkeypatch, simulation="toy_game:DRIVERS")
    args = ("simulate", "--sets", str(folder), "--games", "3", "--players", "2", "--seed", "4")
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["toy"] == "the toy's own figures" and figures["games"] == 3
    assert (tmp_path / "dealt.chunks").read_text().split() == ["0-1", "1-2", "2-3"]
    text = run(*args)
    assert text.exit_code == 0, text.output
    assert "toy figures: 3 games, the toy's own figures" in text.output


def test_simulate_shows_the_figures_of_drivers_without_a_text_of_their_own(
        tmp_path, monkeypatch) -> None:
    """Drivers that declare no ``show`` get their figures printed key by key, never Fort's
    table (which read keys such figures lack: a KeyError)."""
    folder = toy(tmp_path, monkeypatch, simulation="toy_game:PLAIN")
    result = run("simulate", "--sets", str(folder), "--games", "2", "--players", "2",
                 "--seed", "4", "--bots", "random")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "2 games, 2 players, lineup random (rotated), seed 4, sets toy-base 0.1.0",
        "rounds: short 1, long 2.5", "pigs: pink, spotted"]


def test_balance_reports_the_figures_of_drivers_without_a_report_of_their_own(
        tmp_path, monkeypatch) -> None:
    """`balance` of a game whose drivers declare no ``report`` writes the game's own figures
    (figures.json as ``simulate --json`` gives them, the page key by key, escaped), never
    Fort's report (which read keys such figures lack: a KeyError); --set, which narrows
    Fort's cards, perks and rules, is refused (E906) before any game."""
    import json

    folder = toy(tmp_path, monkeypatch, simulation="toy_game:PLAIN")
    args = ("balance", "--sets", str(folder), "--games", "2", "--players", "2", "--seed", "4",
            "--bots", "random")
    result = run(*args, "--out", str(tmp_path / "rep"))
    assert result.exit_code == 0, result.output
    assert result.output == f"2 games; report -> {tmp_path / 'rep' / 'index.html'}\n"
    figures = json.loads((tmp_path / "rep" / "figures.json").read_text(encoding="utf-8"))
    assert figures["rounds"] == {"short": 1, "long": 2.5} and figures["seed"] == 4
    assert figures == json.loads(run("simulate", *args[1:], "--json").output)
    page = (tmp_path / "rep" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Toy balance report</h1>" in page
    assert "rounds: short 1, long 2.5" in page and "pigs: pink, spotted" in page
    refused = run(*args, "--set", "toy-base", "--out", str(tmp_path / "other"))
    assert refused.exit_code == 1 and "error[E906]" in refused.output, refused.output
    assert not (tmp_path / "other").exists()


def test_balance_writes_the_report_the_games_drivers_declare(tmp_path, monkeypatch) -> None:
    """Drivers that declare a ``report`` write the balance report themselves: the core passes
    the run's figures, the margin and the sets to show, and prints the cards it flagged."""
    folder = toy(tmp_path, monkeypatch, simulation="toy_game:REPORTING")
    result = run("balance", "--sets", str(folder), "--games", "2", "--players", "2",
                 "--seed", "4", "--bots", "random", "--margin", "0.5",
                 "--out", str(tmp_path / "rep"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "rep" / "toy.txt").read_text() == "2 games, margin 0.5, sets toy-base"
    assert result.output == (f"2 games: 1 card(s) flagged; report -> "
                             f"{tmp_path / 'rep' / 'toy.txt'}\n")


def test_replay_starts_the_games_own_pull_api(tmp_path, monkeypatch) -> None:
    """`fortlang replay` of a game's log re-executes each game with the pull API its drivers
    declare (``Drivers.state``), not Fort's by name."""
    import json

    folder = toy(tmp_path, monkeypatch, simulation="toy_game:MARKED")
    log = tmp_path / "games.jsonl"
    played = run("simulate", "--sets", str(folder), "--games", "2", "--players", "2",
                 "--seed", "6", "--log", str(log), "--json")
    assert played.exit_code == 0, played.output
    states = tmp_path / "dealt.states"
    assert not states.exists()  # simulate runs the toy's batches, not its pull API
    result = run("replay", str(log), "--sets", str(folder))
    assert result.exit_code == 0, result.output
    seeds = [json.loads(line)["seed"] for line in log.read_text().splitlines()]
    assert states.read_text().splitlines() == [f"state of seed {s}" for s in seeds]


@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_a_failed_game_of_a_set_folder_is_replayed_with_its_sets(
        tmp_path, monkeypatch, command) -> None:
    """A game of Fort's table that fails (E903) is saved; its log names a folder's set by its
    id only, so the replay E903 gives names the folder with --sets (as a module's does), and
    that command meets the error again."""
    import shlex

    folder = toy(tmp_path, monkeypatch)
    args = ["--sets", str(folder), "--games", "1", "--players", "2", "--seed", "8"]
    if command == "simulate":  # Fort's table checks the default game's invariants
        fort_with(monkeypatch, invariants="toy_game:broken")
        args.append("--check-invariants")
    else:  # balance checks no invariants: the toy's table breaks
        monkeypatch.setattr("fortlang.games.fort.sim.batch.run_game", broken_game)
        args += ["--out", str(tmp_path / "report")]
    result = run(command, *args)
    assert result.exit_code == 1, result.output
    assert "simulate: error[E903]: game 0 (seed " in result.output
    saved = "fortlang-failed-seed8-game0.jsonl"
    replay = f"fortlang replay {saved} --sets {shlex.quote(str(folder))}"
    assert f"\n  {replay}\n" in result.output, result.output
    assert "hint: the command above meets the error again (a set folder is named by --sets)" \
        in result.output
    again = run(*shlex.split(replay)[1:])  # the sets are found: the game is replayed
    assert again.exit_code == 1 and "1 game(s) replayed: 0 identical" in again.output, \
        again.output
    if command == "simulate":  # with the invariants checked, as the failed game was
        assert "game 0: re-execution failed: the toy's invariant is broken" in again.output


def broken_game(*args, **kw):
    raise RuntimeError("the toy's table breaks")
