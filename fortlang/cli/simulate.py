"""``fortlang simulate``: many bot games, with win rates, scores, end triggers and card figures."""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import click

from fortlang.agents.bots import BOT_NAMES
from fortlang.cli.common import fail, not_yet
from fortlang.errors import ERROR, Diagnostic, FortError, did_you_mean
from fortlang.model import CardSet
from fortlang.nodes import Span
from fortlang.sim.drivers import Drivers, drivers_for
from fortlang.sim.text import figures_report, module_report

CHUNK = 25  # games per batch (a pool task, a Ray task) at most: never one task per game
#: Bounds of the command line's numbers (issue 31): a run is at most days long, never endless.
MAX_GAMES, MAX_WORKERS = 10_000_000, 1024
#: The most seats any game may have (a bound before the game's own range, E905, is known).
MAX_PLAYERS = 16


def chunk_size(games: int, workers: int) -> int:
    """Games per batch: at most CHUNK, and small enough that every worker gets batches and the
    progress bar moves at least four times (issue 36); the figures do not depend on it (each
    game has its own seed, and batches are merged in order).

    >>> chunk_size(10, 2), chunk_size(40, 1), chunk_size(2000, 2)
    (1, 10, 25)
    """
    return max(1, min(CHUNK, games // (4 * max(1, workers))))


def parse_bots(text: str) -> list[str]:
    """``greedy,random,mcts:400`` -> bot specs; an unknown bot (E902) or a bad budget (E904)
    is a positioned diagnostic (exit 1)."""
    from fortlang.agents.bots import bot_spec

    specs = [b.strip() for b in text.split(",")]
    column = 1
    for spec in specs:
        name, _, budget = spec.partition(":")
        col = column + text[column - 1:].find(spec)
        try:
            bot_spec(spec)
        except ValueError as e:
            if name not in BOT_NAMES:
                hint = (did_you_mean(name, sorted(BOT_NAMES))
                        or f"bots: {', '.join(sorted(BOT_NAMES))}")
                fail(Diagnostic(ERROR, "E902", f"unknown bot `{name}`",
                                Span(1, col, 1, col + max(len(name), 1)), "--bots", hint), text)
            start = col + len(name) + 1  # the budget, after the colon
            fail(Diagnostic(ERROR, "E904", f"bad budget `{budget}` for bot `{name}`: {e}",
                            Span(1, start, 1, start + max(len(budget), 1)), "--bots",
                            "mcts:400 (playouts per decision) or mcts:0.2s (seconds)"), text)
        column += len(spec) + 1
    return specs


def sets_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--sets``, as `check` and `docs` take it; a game adds each set's `requires`."""
    return click.option("--sets", "sets", multiple=True, metavar="SET[,SET...]",
                        help="Bundled set ids or set folders played together (default: "
                             "fort-base); each set's requires are added.")(f)


def game_sets(specs: tuple[str, ...], *, modules: bool = False
              ) -> tuple[tuple[CardSet, ...], CardSet]:
    """The sets named by ``--sets`` with what they require, and their combination (the
    table); a bad set is reported the compiler way (exit 1). Unless ``modules``, a set of a
    game module with its own cards is E906: the command plays Fort only so far."""
    from fortlang.cardset.build import usable_game
    from fortlang.cardset.table import combine, split_specs, table_sets

    try:
        sets = table_sets(split_specs(specs))
        table = combine(sets)
    except FortError as e:
        fail(e)
    game = usable_game(table.manifest.game)
    if game is not None and not modules:
        command = f"fortlang {click.get_current_context().info_name}"
        not_yet(f"`{command}`", game.title("en"), "it plays Fort only", file="--sets",
                hint="`fortlang check`, `fmt`, `explain --game` and `simulate` take a game "
                "module's sets (issue 33 stage 8)")
    return sets, table


@dataclass(frozen=True)
class Run:
    """What a run of games is: everything the figures depend on."""

    sets: tuple[CardSet, ...]
    table: CardSet
    games: int
    players: int
    bots: tuple[str, ...]
    seed: int
    draft: bool = False
    debug: bool = False


def _save_failure(failure: dict, seed: int) -> Path:
    from fortlang.output import write_output

    path = Path(f"fortlang-failed-seed{seed}-game{failure['game']}.jsonl")
    write_output(path, json.dumps(failure) + "\n")
    return path


def run_games(run: Run, *, workers: int, backend: str, address: str | None,
              log_path: Path | None = None, specs: tuple[str, ...] = ()) -> Any:
    """Play the run with its game's drivers (with a progress bar on stderr) and return its
    figures; a failed game is saved as a replay and reported (exit 1), with the replay that
    meets its error again (:func:`replay_advice`: ``specs``, the ``--sets`` given)."""
    drivers = own_drivers(run.table)
    total = drivers.figures()
    try:
        with contextlib.ExitStack() as stack:
            log_file = None
            if log_path is not None:  # opened first: a bad path is refused before any game
                from fortlang.output import open_output

                log_file = stack.enter_context(open_output(log_path, text=True))
            failure = _play(run, drivers, workers, backend, address, total, log_file)
        if failure is not None:
            path = _save_failure(failure, run.seed)
    except FortError as e:
        fail(e)
    if failure is not None:
        notes, hint = replay_advice(path, specs)
        fail(Diagnostic(ERROR, "E903", f"game {failure['game']} (seed {failure['seed']}) "
                        f"failed: {failure['error']}", file="simulate",
                        notes=(f"its replay is saved in {path}", *notes), hint=hint))
    return total


def replay_advice(path: Path, specs: tuple[str, ...]) -> tuple[list[str], str]:
    """The notes and the hint of a failed game's E903 that say how to meet its error again:
    ``fortlang replay`` of its saved line, with ``--sets`` when a set given (``specs``) is a
    folder, which a log names by its id only (a bundled set is found by its id)."""
    import shlex

    from fortlang.cardset.table import split_specs

    given = split_specs(specs)
    if not any(Path(spec).is_dir() for spec in given):
        return [], f"`fortlang replay {path}` meets the error again"
    return ([f"fortlang replay {shlex.quote(str(path))} --sets "
             f"{shlex.quote(','.join(given))}"],
            "the command above meets the error again (a set folder is named by --sets)")


def describe(run: Run, total: Any, margin: float = 0.0) -> dict[str, Any]:
    """The figures with what the run was (sets, players, bots, seed); ``margin``: how far
    beyond the median a card's interval must lie to be flagged (points per play)."""
    from fortlang.cardset.table import fingerprint, named_cards

    figures = total.figures(margin)
    figures["players"], figures["bots_in_seat_order"], figures["seed"] = (
        run.players, list(run.bots), run.seed)
    figures["sets"] = [fingerprint(s) for s in run.sets]
    names: dict[str, tuple[str, str]] = {}  # item id -> (name, the set it comes from)
    for s in run.sets:
        names.update((item.id, (item.name, s.id)) for item in named_cards(s, others=False))
    for kind in ("cards", "perks", "rules"):
        for key, item in figures.get(kind, {}).items():  # a game's own figures may lack them
            item["name"], item["set"] = names.get(key, (key, ""))
    return figures


class Margin(click.ParamType):
    """Points per play, finite and not negative (the figures are JSON: no NaN, no Infinity)."""

    name = "points"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> float:
        try:
            points = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of points", param, ctx)
        if not math.isfinite(points) or points < 0:
            self.fail(f"{value!r} is not a finite number of points >= 0", param, ctx)
        return points


def run_options(games: int, bots: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The options of a run of bot games, shared by ``simulate`` and ``balance`` (their
    defaults differ: a quick look, or a report)."""
    options = [
        sets_option,
        click.option("--games", type=click.IntRange(1, MAX_GAMES), default=games,
                     show_default=True),
        click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=4,
                     show_default=True, help="Seats at the table, within the game's range "
                     "(Fort: 2-4; E905 outside it)."),
        click.option("--bots", "bots_text", default=bots, show_default=True,
                     help="The lineup, repeated to fill the table; it rotates one seat per "
                          "game. Bots: greedy, random, mcts[:BUDGET] (the search bot: "
                          "playouts per decision, e.g. mcts:400, or seconds, mcts:0.2s)."),
        click.option("--seed", type=click.IntRange(-2 ** 63, 2 ** 63 - 1), default=0,
                     show_default=True),
        click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=1,
                     show_default=True,
                     help="Worker processes (or CPUs of a local Ray instance)."),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
                     show_default=True, help="Run batches here or as Ray tasks (fortlang[ray])."),
        click.option("--ray-address", default=None, metavar="ADDRESS",
                     help="A running Ray instance or cluster (auto, HOST:PORT, "
                          "ray://HOST:10001); default: start a local one."),
        click.option("--draft", is_flag=True, help="Draft set-up (R2.5) instead of the basic one."),
        click.option("--margin", type=Margin(), default=0.0, show_default=True,
                     metavar="POINTS", help="Flag a card only when its interval lies this far "
                     "beyond the median (simulate; 0: any clear difference) or beyond the "
                     "outlier fences (balance), in points per play."),
    ]

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            command = option(command)
        return command
    return decorate


@click.command()
@run_options(games=100, bots="greedy,random")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--log", "log_path", type=click.Path(path_type=Path),
              help="Write a JSONL replay of every game (seed, every decision).")
@click.option("--check-invariants", is_flag=True, help="Check every invariant at every decision.")
def simulate(games: int, players: int, bots_text: str, sets: tuple[str, ...], seed: int,
             workers: int, backend: str, ray_address: str | None, draft: bool, margin: float,
             as_json: bool, log_path: Path | None, check_invariants: bool) -> None:
    """Play GAMES games between bots and report win rates and card figures.

    \b
    Example:
      fortlang simulate --games 1000 --players 4 --bots greedy,random --seed 1 --workers 2
      fortlang simulate --sets fort-base,./my-expansion --games 500 --json
    """
    bots = parse_bots(bots_text)
    played, table = game_sets(sets, modules=True)
    game = seated_game(table, players)
    drivers = game_drivers(table)
    if drivers is None:  # a game module without drivers of its own: the generic ones
        _simulate_module(game, played, table, games, players, bots, seed, as_json,
                         check_invariants, log_path,
                         unsupported={"--draft": draft, "--backend": backend != "local",
                                      "--margin": margin != 0.0}, specs=sets)
        return
    run = Run(played, table, games, players, tuple(bots), seed, draft, check_invariants)
    total = run_games(run, workers=workers, backend=backend, address=ray_address,
                      log_path=log_path, specs=sets)
    figures = describe(run, total, margin)
    if as_json:
        click.echo(json.dumps(figures, indent=2))
    else:
        (drivers.show or figures_report)(figures)


def game_drivers(table: CardSet) -> Drivers | None:
    """The simulation drivers of the game of ``table`` (fortlang.sim.drivers): its own, Fort's
    for sets read as Fort's, None for a game module played by the generic drivers; a module
    whose drivers fail to load is E351 (exit 1)."""
    from fortlang.games import GameError

    try:
        return drivers_for(table.manifest.game)
    except GameError as e:
        fail(Diagnostic(ERROR, e.code, e.message, file="--sets", hint=e.hint))


def own_drivers(table: CardSet) -> Drivers:
    """:func:`game_drivers` of a game that has its own (the caller has checked)."""
    drivers = game_drivers(table)
    if drivers is None:
        raise LookupError(f"game `{table.manifest.game}` has no simulation drivers")
    return drivers


def seated_game(table: CardSet, players: int) -> Any:
    """The game module of ``table`` when it declares its own cards (None: Fort's path);
    E905 when ``players`` is outside the game's range (exit 1)."""
    from fortlang.cardset.build import usable_game
    from fortlang.games import game_named

    game = usable_game(table.manifest.game)
    seats = game.players if game is not None else game_named(table.manifest.game).players
    if players not in seats:
        title = game.title("en") if game is not None else "Fort"
        fail(Diagnostic(ERROR, "E905", f"{title} is for {seats.start} to {seats.stop - 1} "
                        f"players, not {players}", file="--players",
                        hint=f"--players {seats.start} to {seats.stop - 1}"))
    return game


def module_can_play(game: Any, command: str, bots: Sequence[str],
                    unsupported: dict[str, bool], why: str) -> None:
    """What a command playing a module's games refuses before any game (exit 1): an option
    given that serves Fort only (E906, ``why``), a module without a game loop (E906), a bot
    the game lacks (E902), the search bot where the module declares no determinization
    (E906)."""
    from fortlang.sim import module_games

    for option, given in unsupported.items():
        if given:
            not_yet(option, game.title("en"), why, file=option,
                    hint="leave it out for a game module's sets (issue 33 stage 8)")
    if not game.run:
        not_yet(command, game.title("en"), "it has no game loop", file="--sets",
                hint="what it can do today is in `fortlang --help` and its docs")
    for spec in bots:
        name = spec.partition(":")[0]
        if name not in module_games.MODULE_BOTS:
            fail(Diagnostic(ERROR, "E902", f"bot `{spec}` does not play {game.title('en')} yet",
                            file="--bots", hint="bots: " + ", ".join(module_games.MODULE_BOTS)))
        if name == "mcts" and not game.determinization:
            not_yet("bot `mcts`", game.title("en"), "its module declares no determinization "
                    "(what a seat sees, how to deal what it cannot)", file="--bots",
                    hint="bots: random, greedy; a module author declares `determinization` "
                    "(docs/games.md)")


def module_failed(game: Any, e: Any, *, players: int, sets: list[dict[str, str]],
                  seed: int, specs: tuple[str, ...]) -> NoReturn:
    """A module's game failed (``e``: fortlang.sim.module_games.GameFailed): its partial line
    saved where Fort's is (``_save_failure``), E903 worded as Fort's, with the replay that
    meets the error again (with ``--sets`` when a set is a folder, which a log cannot name);
    exit 1."""
    from fortlang.sim.module_log import failed_line

    failure = failed_line(game, e.failed, players=players, sets=sets)
    path = _save_failure(failure, seed)
    advice, hint = replay_advice(path, specs)
    notes = [f"its replay is saved in {path}",
             f"the error is in the engine of {e.title}: report it to its module's authors "
             "with that file", *advice]
    fail(Diagnostic(ERROR, "E903", f"game {failure['game']} (seed {failure['seed']}) "
                    f"failed: {failure['error']}", file="simulate", notes=tuple(notes),
                    hint=hint))


def _simulate_module(game: Any, played: tuple[CardSet, ...], table: CardSet, games: int,
                     players: int, bots: list[str], seed: int, as_json: bool, debug: bool,
                     log_path: Path | None, unsupported: dict[str, bool],
                     specs: tuple[str, ...] = ()) -> None:
    """``simulate`` of a game module's sets: its games and the figures every game has, and
    with ``log_path`` one line a game (fortlang.sim.module_log) written as Fort's log is; a
    game that fails is saved and reported as Fort's (:func:`module_failed`). ``specs``: the
    ``--sets`` given."""
    from fortlang.cardset.table import fingerprint
    from fortlang.sim import module_games

    module_can_play(game, "`fortlang simulate`", bots, unsupported, "Fort's figures only")
    from fortlang.games import GameError
    from fortlang.output import open_output
    from fortlang.sim.module_log import GameLog, line

    sets = [fingerprint(s) for s in played]
    failed: module_games.GameFailed | None = None
    try:
        with contextlib.ExitStack() as stack:
            log = None
            if log_path is not None:  # opened first: a bad path is refused before any game
                log_file = stack.enter_context(open_output(log_path, text=True))

                def log(played_game: GameLog) -> None:
                    log_file.write(json.dumps(line(game, played_game, players=players,
                                                   sets=sets)) + "\n")
            try:  # caught inside: the log keeps the games played before a failed one
                figures = module_games.play(game, table, games=games, players=players,
                                            bots=bots, seed=seed, debug=debug, log=log)
            except module_games.GameFailed as e:
                failed = e
        if failed is not None:
            module_failed(game, failed, players=players, sets=sets, seed=seed, specs=specs)
    except GameError as e:
        fail(Diagnostic(ERROR, e.code, e.message, file="--sets", hint=e.hint))
    except FortError as e:
        fail(e)
    out = module_games.describe(game, table, figures, players=players, bots=bots, seed=seed,
                                sets=sets)
    if as_json:
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    module_report(out, game.title("en"))


def _play(run: Run, drivers: Drivers, workers: int, backend: str, address: str | None,
          total: Any, log_file: Any) -> dict | None:
    """Play the games into ``total`` (and the log); the first failed game, if any."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from fortlang.cardset.table import fingerprint
    from fortlang.sim.backends import results

    console = Console(stderr=True)
    # Only a terminal sees the bar; a pipe or a log file gets nothing (not even a blank line).
    progress = Progress("[progress.description]{task.description}", BarColumn(),
                        MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                        transient=True, disable=not console.is_terminal)
    with progress:
        task = progress.add_task("games", total=run.games)
        all_jobs = drivers.jobs(run.games, chunk_size(run.games, workers), cardset=run.table,
                        seed=run.seed, players=run.players, bots=run.bots, draft=run.draft,
                        debug=run.debug, log=log_file is not None,
                        sets=tuple(fingerprint(s) for s in run.sets))
        for result in results(all_jobs, drivers.run_chunk, workers=workers, backend=backend,
                              address=address):
            total.merge(result.aggregate)
            if log_file is not None:
                for line in result.lines:
                    log_file.write(line + "\n")
            progress.advance(task, result.stop - result.start)
            if result.failure is not None:
                return result.failure
    return None
