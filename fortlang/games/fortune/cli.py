"""``fortlang odds``: the exact chance that a Fortune and Glory hero passes a test, a danger or
a fight, and the same by rolling dice (issue 35 item 2); with ``--table``, the balance view:
every hero against every danger (issue 35 item 4).

The command lives in the game module, named by the core's command table as a lazy
``"module:function"`` reference (the core imports no game).
TODO(lead, issue 33 stage 8): a game module declares its own commands; ``--set`` then reads
any set of this game through the generic loader (today: this module's reader, ``deck.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from fortlang.cli.common import fail
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.escape import json_text, shown
from fortlang.games.fortune.deck import SAMPLE, read_set
from fortlang.games.fortune.odds import MOST_RUNS
from fortlang.games.fortune.plot import odds_png, pyplot
from fortlang.games.fortune.report import odds_of
from fortlang.games.fortune.switches import SWITCHES, Switches
from fortlang.games.fortune.table import balance_table
from fortlang.output import unwritable, write_output

_SWITCH = {s.name.removeprefix("fortune."): s for s in SWITCHES}


@click.command()
@click.argument("what", required=False)
@click.option("--hero", metavar="ID", help="The hero who faces it (a card id); with --table, "
              "only this hero.")
@click.option("--table", is_flag=True, help="Every hero against every danger of the set: the "
              "exact chance of success and the expected wounds (the balance view).")
@click.option("--out", type=click.Path(path_type=Path, file_okay=False), metavar="DIR",
              help="With --table: also write DIR/odds.png (needs fortlang[balance]) and "
              "DIR/odds.json.")
@click.option("--set", "folder", type=click.Path(path_type=Path, file_okay=False),
              help="A Fortune and Glory set folder (default: the module's sample set).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--simulate", "runs", type=click.IntRange(1, MOST_RUNS), default=None,
              metavar="N", help="Also roll it N times and count the passes.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="The seed of the rolled dice.")
@click.option("--keep-rolling", type=click.Choice(_SWITCH["keep_rolling"].values),
              default=_SWITCH["keep_rolling"].default, show_default=True,
              help="fortune.keep_rolling (G2.3): which dice roll again after a success.")
@click.option("--reroll", type=click.Choice(_SWITCH["reroll"].values),
              default=_SWITCH["reroll"].default, show_default=True,
              help="fortune.reroll (G2.6): re-rolls per roll or per test.")
def odds(what: str | None, hero: str | None, table: bool, out: Path | None,
         folder: Path | None, as_json: bool, runs: int | None, seed: int, keep_rolling: str,
         reroll: str) -> None:
    """The chance that a hero passes WHAT: a test's text, or a danger's or an enemy's id, or
    an artifact's (its adventure: as many dangers drawn as its danger value, G5).

    \b
    Examples:
      fortlang odds "test 3 dice 5+ need 2" --hero duke_dudley
      fortlang odds boat_chase --hero jake_zane --simulate 100000 --seed 1
      fortlang odds golden_idol --hero jake_zane
      fortlang odds "test lore 4+ need 1 or test agility 5+ need 2" --hero duke_dudley --json
      fortlang odds --table --out balance-view
    """
    _check_shape(what, hero, table, out)
    if table:
        _table(folder, hero, out, as_json, runs or 0, seed, Switches(keep_rolling, reroll))
        return
    assert what is not None and hero is not None  # _check_shape
    try:
        deck = read_set(folder if folder is not None else SAMPLE)
        figures = odds_of(what, hero, deck, runs=runs or 0, seed=seed,
                          switches=Switches(keep_rolling, reroll))
    except FortError as e:  # a test's text is quoted where its diagnostics point into it
        quoted = e.source is None and any(d.file in ("<action>", "<command line>") and d.span
                                          for d in e.diagnostics)
        fail(e, what if quoted else None)
    if as_json:
        click.echo(json.dumps(figures.to_json(), ensure_ascii=False, sort_keys=True))
    else:
        click.echo(figures.text())


def _check_shape(what: str | None, hero: str | None, table: bool, out: Path | None) -> None:
    """E364 when the options do not go together: WHAT or --table, one of them; WHAT needs
    --hero; --out needs --table."""
    problem = ("WHAT and --table do not go together" if table and what is not None
               else "--out needs --table" if out is not None and not table
               else "give WHAT (a test, a danger or an enemy) or --table" if what is None
               and not table else "WHAT needs --hero" if not table and hero is None else None)
    if problem is not None:
        fail(Diagnostic(ERROR, "E364", problem, None, "fortlang odds",
                        "fortlang odds WHAT --hero ID, or fortlang odds --table [--out DIR]"))


def _table(folder: Path | None, hero: str | None, out: Path | None, as_json: bool, runs: int,
           seed: int, switches: Switches) -> None:
    """The balance view: printed, and with ``out`` written as odds.png and odds.json."""
    try:
        if out is not None:
            pyplot()  # refused before any work: no matplotlib
        deck = read_set(folder if folder is not None else SAMPLE)
        view = balance_table(deck, hero_id=hero, runs=runs, seed=seed, switches=switches)
        if out is not None:  # both files made in memory first, then written the safe way
            png, data = odds_png(view), json_text(view.to_json()) + "\n"
            try:
                out.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise unwritable(out, e) from None
            write_output(out / "odds.png", png)
            write_output(out / "odds.json", data)
    except FortError as e:
        fail(e)
    click.echo(json_text(view.to_json(), indent=None) if as_json else view.text())
    if out is not None and not as_json:
        click.echo(f"plot -> {shown(str(out / 'odds.png'))}, figures -> "
                   f"{shown(str(out / 'odds.json'))}")
