"""``fortlang odds``: the exact chance that a Fortune and Glory hero passes a test, a danger or
a fight, and the same by rolling dice (issue 35 item 2).

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
from fortlang.errors import FortError
from fortlang.games.fortune.deck import SAMPLE, read_set
from fortlang.games.fortune.odds import MOST_RUNS
from fortlang.games.fortune.report import odds_of
from fortlang.games.fortune.switches import SWITCHES, Switches

_SWITCH = {s.name.removeprefix("fortune."): s for s in SWITCHES}


@click.command()
@click.argument("what")
@click.option("--hero", required=True, metavar="ID", help="The hero who faces it (a card id).")
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
def odds(what: str, hero: str, folder: Path | None, as_json: bool, runs: int | None,
         seed: int, keep_rolling: str, reroll: str) -> None:
    """The chance that a hero passes WHAT: a test's text, or a danger's or an enemy's id.

    \b
    Examples:
      fortlang odds "test 3 dice 5+ need 2" --hero duke_dudley
      fortlang odds boat_chase --hero jake_zane --simulate 100000 --seed 1
      fortlang odds "test lore 4+ need 1 or test agility 5+ need 2" --hero duke_dudley --json
    """
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
