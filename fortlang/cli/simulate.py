"""``fortlang simulate``: many bot games, with win rates, scores, end triggers and card figures."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from fortlang.cli.common import fail
from fortlang.errors import ERROR, Diagnostic, FortError, did_you_mean
from fortlang.game.agents import BOTS
from fortlang.game.batch import ChunkResult, jobs, run_chunk
from fortlang.game.stats import Aggregate
from fortlang.nodes import Span

CHUNK = 25


def parse_bots(text: str) -> list[str]:
    """``greedy,random`` -> bot names; an unknown one is a positioned diagnostic (exit 1)."""
    names = [b.strip() for b in text.split(",")]
    column = 1
    for name in names:
        if name not in BOTS:
            hint = did_you_mean(name, sorted(BOTS)) or f"bots: {', '.join(sorted(BOTS))}"
            col = column + text[column - 1:].find(name)
            fail(Diagnostic(ERROR, "E902", f"unknown bot `{name}`",
                            Span(1, col, 1, col + max(len(name), 1)), "--bots", hint), text)
        column += len(name) + 1
    return names


def _results(workers: int, all_jobs: Iterator[Any]) -> Iterator[ChunkResult]:
    if workers <= 1:
        for job in all_jobs:
            yield run_chunk(job)
        return
    import multiprocessing

    with multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(
            workers) as pool:
        yield from pool.imap(run_chunk, all_jobs)


def _save_failure(failure: dict, seed: int) -> Path:
    from fortlang.output import write_output

    path = Path(f"fortlang-failed-seed{seed}-game{failure['game']}.jsonl")
    write_output(path, json.dumps(failure) + "\n")
    return path


@click.command()
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--players", type=click.IntRange(2, 4), default=4, show_default=True)
@click.option("--bots", "bots_text", default="greedy,random", show_default=True,
              help="Bots in seat order, repeated to fill the table.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=click.IntRange(1), default=1, show_default=True)
@click.option("--draft", is_flag=True, help="Draft set-up (R2.5) instead of the basic one.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--log", "log_path", type=click.Path(path_type=Path),
              help="Write a JSONL replay of every game (seed, every decision).")
@click.option("--check-invariants", is_flag=True, help="Check every invariant at every decision.")
def simulate(games: int, players: int, bots_text: str, seed: int, workers: int, draft: bool,
             as_json: bool, log_path: Path | None, check_invariants: bool) -> None:
    """Play GAMES games between bots and report win rates and card figures.

    \b
    Example:
      fortlang simulate --games 1000 --players 4 --bots greedy,random --seed 1 --workers 2
    """
    bots = parse_bots(bots_text)
    total = Aggregate()
    try:
        with contextlib.ExitStack() as stack:
            log_file = None
            if log_path is not None:  # opened first: a bad path is refused before any game
                from fortlang.output import open_output

                log_file = stack.enter_context(open_output(log_path, text=True))
            failure = _play(games, players, bots, seed, workers, draft, check_invariants,
                            total, log_file)
        if failure is not None:
            path = _save_failure(failure, seed)
    except FortError as e:
        fail(e)
    if failure is not None:
        fail(Diagnostic(ERROR, "E903", f"game {failure['game']} (seed {failure['seed']}) "
                        f"failed: {failure['error']}", file="simulate",
                        notes=(f"its replay is saved in {path}",),
                        hint=f"`fortlang replay {path}` meets the error again"))
    figures = total.figures()
    figures["players"], figures["bots_in_seat_order"], figures["seed"] = players, bots, seed
    if as_json:
        click.echo(json.dumps(figures, indent=2))
    else:
        _print(figures)


def _play(games: int, players: int, bots: list[str], seed: int, workers: int, draft: bool,
          check_invariants: bool, total: Aggregate, log_file: Any) -> dict | None:
    """Play the games into ``total`` (and the log); the first failed game, if any."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    progress = Progress("[progress.description]{task.description}", BarColumn(),
                        MofNCompleteColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), transient=True)
    with progress:
        task = progress.add_task("games", total=games)
        all_jobs = jobs(games, CHUNK, seed=seed, players=players, bots=tuple(bots),
                        draft=draft, debug=check_invariants, log=log_file is not None)
        for result in _results(workers, all_jobs):
            total.merge(result.aggregate)
            if log_file is not None:
                for line in result.lines:
                    log_file.write(line + "\n")
            progress.advance(task, result.stop - result.start)
            if result.failure is not None:
                return result.failure
    return None


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print(f: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=110)
    console.print(f"[bold]{f['games']} games[/], {f['players']} players, bots "
                  f"{','.join(f['bots_in_seat_order'])}, seed {f['seed']}")
    console.print(f"mean turns {f['mean_turns']}, mean fort level {f['mean_fort_level']}, "
                  f"final score {f['score']['mean_score']} ± {f['score']['score_sd']} (sd)")
    console.print("end triggers: " + ", ".join(f"{k} {_pct(v)}"
                                               for k, v in f["end_triggers"].items()))
    for title, rows in (("seat", f["seats"]), ("bot", f["bots"]),
                        ("turn-order position", f["turn_order"])):
        table = Table(title=f"win rate per {title}")
        for col in (title, "games", "win rate", "95% CI", "mean score", "sd"):
            table.add_column(col, justify="right" if col != title else "left")
        for key, t in rows.items():
            table.add_row(key, str(t["games"]), _pct(t["win_rate"]),
                          f"{_pct(t['ci95'][0])}–{_pct(t['ci95'][1])}", str(t["mean_score"]),
                          str(t["score_sd"]))
        console.print(table)
    table = Table(title="cards (win rate of players holding it at the end vs not)")
    for col in ("card", "played", "followed", "win with", "win without"):
        table.add_column(col, justify="right" if col != "card" else "left")
    for card_id, c in f["cards"].items():
        table.add_row(card_id, str(c["played"]), str(c["followed"]),
                      _pct(c["win_rate_with"]) if c["win_rate_with"] is not None else "-",
                      _pct(c["win_rate_without"]) if c["win_rate_without"] is not None else "-")
    console.print(table)
