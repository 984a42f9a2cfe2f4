"""``fortlang balance``: play a run of bot games and write a report a designer opens."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from fortlang.cli.common import fail, not_yet
from fortlang.cli.simulate import (
    Run,
    describe,
    game_drivers,
    game_sets,
    module_can_play,
    module_failed,
    parse_bots,
    run_games,
    run_options,
    seated_game,
)
from fortlang.errors import ERROR, Diagnostic, FortError, did_you_mean
from fortlang.escape import shown
from fortlang.model import CardSet
from fortlang.nodes import Span


@click.command()
@run_options(games=1000, bots="greedy")
@click.option("--set", "only", multiple=True, metavar="SET[,SET...]",
              help="Report only the cards, perks and made-up rules of these sets (ids of sets "
                   "played; default: every set played), still measured against every card "
                   "played.")
@click.option("--out", "out", type=click.Path(path_type=Path), required=True,
              help="Folder for index.html and figures.json (created if missing).")
def balance(sets: tuple[str, ...], games: int, players: int, bots_text: str, seed: int,
            workers: int, backend: str, ray_address: str | None, draft: bool, margin: float,
            only: tuple[str, ...], out: Path) -> None:
    """Play GAMES bot games with the sets and write OUT/index.html (plots: what one play of
    each card yields, win rate by seat and bot, scores, game length, end triggers) and
    OUT/figures.json.

    \b
    Example:
      fortlang balance --sets ./my-expansion --games 2000 --workers 2 --out report
      fortlang balance --sets ./my-expansion --set my-expansion --out report
    """
    from fortlang.games import game_named
    from fortlang.sim.report import _pyplot, check_out, write_files

    bots = parse_bots(bots_text)
    try:  # refused before any game: a bad --out, no matplotlib
        check_out(out)
        _pyplot()
    except FortError as e:
        fail(e)
    played, table = game_sets(sets, modules=True)
    game = seated_game(table, players)  # E905: the game's players (Fort's 2-4)
    drivers = game_drivers(table)
    if drivers is None:  # a module without drivers: the win rate when played
        _balance_module(game, played, table, games, players, bots, seed, margin, out,
                        {"--set": bool(only), "--draft": draft,
                         "--backend": backend != "local"}, specs=sets)
        return
    kept = chosen_sets(only, [s.id for s in played])
    # drivers without a report are a module's own (Fort's declare one): its title; a game on
    # Fort's table (no card kinds of its own) has no seated module
    title = ((game or game_named(table.manifest.game)).title("en") if drivers.report is None
             else "")
    if drivers.report is None and only:  # the plain report shows every figure
        not_yet("--set", title, "its simulation drivers declare no balance report "
                "of their own (Drivers.report)", file="--set",
                hint="leave it out: the report shows the game's figures of the whole run")
    run = Run(played, table, games, players, tuple(bots), seed, draft)
    total = run_games(run, workers=workers, backend=backend, address=ray_address,
                      specs=sets)
    figures = describe(run, total, margin)
    try:
        if drivers.report is None:  # the game's own figures, key by key
            from fortlang.sim.module_balance import figures_page

            page = write_files(out, figures, figures_page(title, figures))
            click.echo(f"{games} games; report -> {shown(str(page))}")
            return
        # Fort's: every card played measured against the others, then the sets asked for kept
        page, flagged = drivers.report(out, figures, margin, kept)
    except FortError as e:
        fail(e)
    scope = f" (cards of {', '.join(kept)})" if only else ""
    click.echo(f"{games} games: {len(flagged)} card(s) flagged{scope}; report -> {page}")


def chosen_sets(values: Sequence[str], played: Sequence[str]) -> list[str]:
    """The set ids of ``--set a,b --set c``, each once, in the order given (none given: every
    set played); one that was not played is E808 at its place in its value (exit 1)."""
    chosen: list[str] = []
    for value in values:
        column = 1
        for name in value.split(","):
            if name and name not in played:
                hint = did_you_mean(name, played) or (
                    f"sets played: {', '.join(played)}; a set is named by its id, and --sets "
                    "plays it")
                fail(Diagnostic(ERROR, "E808", f"set `{name}` was not played",
                                Span(1, column, 1, column + len(name)), "--set", hint), value)
            if name and name not in chosen:
                chosen.append(name)
            column += len(name) + 1
    return chosen or list(played)


def _balance_module(game: Any, played: tuple[CardSet, ...], table: CardSet, games: int,
                    players: int, bots: list[str], seed: int, margin: float, out: Path,
                    unsupported: dict[str, bool], specs: tuple[str, ...] = ()) -> None:
    """``balance`` of a game module's sets (issue 34 item 4): the module's games, then each
    card's win rate when played, flagged as Fort's cards are; OUT/index.html and
    OUT/figures.json. A game that fails is saved and reported as ``simulate`` does
    (``module_failed``); ``specs``: the ``--sets`` given."""
    from fortlang.cardset.table import fingerprint
    from fortlang.games import GameError
    from fortlang.sim import module_balance, module_games
    from fortlang.sim.report import write_files

    module_can_play(game, "`fortlang balance`", bots, unsupported, "Fort's report only")
    try:
        try:
            figures = module_games.play(game, table, games=games, players=players, bots=bots,
                                        seed=seed)
        except module_games.GameFailed as e:
            module_failed(game, e, players=players, sets=[fingerprint(s) for s in played],
                          seed=seed, specs=specs)
        base = module_games.describe(game, table, figures, players=players, bots=bots,
                                     seed=seed, sets=[fingerprint(s) for s in played])
        report = module_balance.report(game, table, figures, base, players=players,
                                       margin=margin)
        page = write_files(out, report, module_balance.page(report, module_balance.plot(report)))
    except GameError as e:
        fail(Diagnostic(ERROR, e.code, e.message, file="--sets", hint=e.hint))
    except FortError as e:
        fail(e)
    if not figures.seat_games:
        click.echo(f"{games} games: {shown(game.title('en'))} does not say who played which "
                   f"card (its outcome has no seat_plays): no card is ranked; report -> "
                   f"{shown(str(page))}")
        return
    flagged = [k for k in report["ranking"] if report["cards"][k]["flag"]]
    click.echo(f"{games} games: {len(flagged)} card(s) flagged; report -> {shown(str(page))}")
