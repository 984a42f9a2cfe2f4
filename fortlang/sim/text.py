"""What ``fortlang simulate`` prints without ``--json`` (issue 33 item 5): the words of a
rate and its interval every game's report shares, the report of a game played by the generic
module drivers (its figures: wins by bot, turns, each card's plays), and the report of a game
whose own drivers declare no text of theirs (``Drivers.show`` None): its figures as they are,
key by key. Fort's table layout is Fort's own (``fortlang/games/fort/sim/show.py``).

>>> percent(0.25), interval([0.1, 0.4]), interval([-0.5, 1.25], as_percent=False)
('25.0%', '10.0%–40.0%', '-0.50…+1.25')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import click

from fortlang.escape import shown

#: A mapping of at most this many plain values is printed on one line.
ONE_LINE = 8
#: The keys of the run every game's figures carry (fortlang.cli.simulate.describe).
RUN_KEYS = ("games", "players", "bots_in_seat_order", "seed", "sets")


def percent(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def interval(ci: list[float] | None, as_percent: bool = True) -> str:
    """An interval as percentages (a win rate's) or as signed points (a yield's)."""
    if ci is None:
        return "-"
    if as_percent:
        return f"{percent(ci[0])}–{percent(ci[1])}"
    return f"{ci[0]:+.2f}…{ci[1]:+.2f}"


def set_names(sets: list[dict[str, str]]) -> str:
    """``fort-base 0.1.0, my-set 1.0``: the sets played, as a log's fingerprints name them."""
    return ", ".join(shown(f"{s['id']} {s['version']}") for s in sets)


def module_report(out: dict[str, Any], title: str) -> None:
    """The text of a game module's run (``out``: fortlang.sim.module_games.describe): what
    was played, the wins by bot, the turns, and each card's plays (most played first)."""
    click.echo(f"{out['games']} games of {shown(title)}, {out['players']} players, "
               f"seed {out['seed']}, sets {set_names(out['sets'])}")
    for name, b in out["by_bot"].items():
        click.echo(f"  {name}: {b['wins']:g} wins of {b['seats']} seats "
                   f"({percent(b['win_rate'])} {interval(b['ci'])}), "
                   f"mean score {b['mean_score']:g}")
    t = out["turns"]
    click.echo(f"  turns: mean {t['mean']:g}, {t['min']}-{t['max']}")
    played = sorted(((c["plays"], key, c["per_game"]) for key, c in out["cards"].items()
                     if c["plays"]), key=lambda row: (-row[0], row[1]))
    if played:
        click.echo("  cards played (plays, per game):")
        for plays, key, per_game in played:
            click.echo(f"    {shown(key)}: {plays}, {per_game:g}")
    if out["never_played"]:
        click.echo("  never played: " + ", ".join(shown(i) for i in out["never_played"]))


def figures_report(figures: dict[str, Any]) -> None:
    """The text of a run whose game's drivers declare none (``Drivers.show`` None): the run,
    then each of the game's own figures by its key, nested values indented; never a key the
    figures lack (Fort's table is Fort's ``show``)."""
    lineup = ",".join(figures.get("bots_in_seat_order", ()))
    click.echo(f"{figures.get('games')} games, {figures.get('players')} players, lineup "
               f"{lineup} (rotated), seed {figures.get('seed')}, "
               f"sets {set_names(figures.get('sets', []))}")
    for key, value in figures.items():
        if key not in RUN_KEYS:
            for line in _lines(key, value, 0):
                click.echo(line)


def _plain(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if value is None or isinstance(value, (bool, int)):
        return str(value)
    return shown(str(value))


def _is_plain(value: Any) -> bool:
    return not isinstance(value, (dict, list, tuple))


def _lines(key: Any, value: Any, depth: int) -> Iterator[str]:
    """``key: value``, a short mapping or list of plain values on one line, anything else
    below its key one level further in."""
    pad, name = "  " * depth, _plain(key)
    if isinstance(value, dict):
        if len(value) <= ONE_LINE and all(map(_is_plain, value.values())):
            yield f"{pad}{name}: " + ", ".join(f"{_plain(k)} {_plain(v)}"
                                              for k, v in value.items())
            return
        yield f"{pad}{name}:"
        for k, v in value.items():
            yield from _lines(k, v, depth + 1)
    elif isinstance(value, (list, tuple)):
        if all(map(_is_plain, value)):
            yield f"{pad}{name}: " + ", ".join(map(_plain, value))
            return
        yield f"{pad}{name}:"
        for i, v in enumerate(value):
            yield from _lines(i, v, depth + 1)
    else:
        yield f"{pad}{name}: {_plain(value)}"
