"""``fortlang balance``: play a run of bot games and write a report a designer opens."""

from __future__ import annotations

from pathlib import Path

import click

from fortlang.cli.common import fail
from fortlang.cli.simulate import Run, describe, game_sets, parse_bots, run_games, run_options
from fortlang.errors import FortError
from fortlang.game.stats import flag_outliers


@click.command()
@run_options(games=1000, bots="greedy")
@click.option("--out", "out", type=click.Path(path_type=Path), required=True,
              help="Folder for index.html and figures.json (created if missing).")
def balance(sets: tuple[str, ...], games: int, players: int, bots_text: str, seed: int,
            workers: int, backend: str, ray_address: str | None, draft: bool, margin: float,
            out: Path) -> None:
    """Play GAMES bot games with the sets and write OUT/index.html (plots: what one play of
    each card yields, win rate by seat and bot, scores, game length, end triggers) and
    OUT/figures.json.

    \b
    Example:
      fortlang balance --sets ./my-expansion --games 2000 --workers 2 --out report
    """
    from fortlang.game.report import _pyplot, check_out, write_report

    bots = parse_bots(bots_text)
    try:  # refused before any game: a bad --out, no matplotlib
        check_out(out)
        _pyplot()
    except FortError as e:
        fail(e)
    played, table = game_sets(sets)
    run = Run(played, table, games, players, tuple(bots), seed, draft)
    total = run_games(run, workers=workers, backend=backend, address=ray_address)
    figures = describe(run, total, margin)
    # The report flags outliers only (issue 36); simulate keeps the median test of its figures.
    figures["flagging"] = flag_outliers(figures["cards"], margin)
    try:
        page = write_report(out, figures)
    except FortError as e:
        fail(e)
    flagged = [k for k in figures["ranking"] if figures["cards"][k]["flag"]]
    click.echo(f"{games} games: {len(flagged)} card(s) flagged; report -> {page}")
