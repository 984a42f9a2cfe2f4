"""Fort's text report of a run (``fortlang simulate`` without ``--json``), its drivers' ``show``:
the win rates per player, bot and turn-order position, the end triggers (R11.1), and what one
play of each kid card, perk and made-up rule yields in points (R11.2). It reads the keys Fort's
figures have (fortlang.games.fort.sim.stats); the core's text serves the other games
(fortlang.sim.text)."""

from __future__ import annotations

from typing import Any

from fortlang.escape import shown
from fortlang.sim.text import interval, percent


def _rate_text(rate: float | None, ci: list[float] | None, games: int) -> str:
    """A win rate with its games and interval; "n/a (2 games)" from a handful (issue 36)."""
    from fortlang.sim.report import MIN_GAMES, win_rate_cell

    if rate is None or games < MIN_GAMES:
        return win_rate_cell(rate, ci, games)
    return f"{percent(rate)} ({interval(ci)}) n={games}" if ci else percent(rate)


def show(f: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(width=130)
    sets = ", ".join(shown(f"{s['id']} {s['version']}") for s in f["sets"])
    console.print(escape(f"{f['games']} games, {f['players']} players, lineup "
                         f"{','.join(f['bots_in_seat_order'])} (rotated), seed {f['seed']}, "
                         f"sets {sets}"))
    console.print(f"mean turns {f['mean_turns']}, mean fort level {f['mean_fort_level']}, "
                  f"final score {f['score']['mean_score']} ± {f['score']['score_sd']} (sd)")
    console.print("end triggers: " + ", ".join(f"{k} {percent(v)}"
                                               for k, v in f["end_triggers"].items()))
    for title, rows in (("player", f["seats"]), ("bot", f["bots"]),
                        ("turn-order position", f["turn_order"])):
        table = Table(title=f"win rate per {title}")
        for col in (title, "games", "win rate", "95% CI", "mean score", "sd"):
            table.add_column(col, justify="right" if col != title else "left")
        for key, t in rows.items():
            shown_key = str(int(key) + 1) if title == "player" else key  # JSON keys are seats
            table.add_row(shown_key, str(t["games"]), percent(t["win_rate"]),
                          interval(t["ci95"]), str(t["mean_score"]), str(t["score_sd"]))
        console.print(table)
    rate = f["exchange_rate"]["resource"]
    for kind, title in (("cards", "kid cards"), ("perks", "perks"), ("rules", "made-up rules")):
        table = Table(title=f"{title}: one play's yield in points (a resource = {rate}, a card "
                            "= 1), win rate of players who had it vs not (95% CI)")
        for col in ("id", "recruited", "played", "followed", "effect", "95% CI", "flag",
                    "win with", "win without"):
            table.add_column(col, justify="right" if col != "id" else "left")
        for key, c in sorted(f[kind].items(), key=lambda kv: -(kv[1]["effect"] or -1e9)):
            table.add_row(escape(shown(key)), str(c["recruited"]), str(c["played"]),
                          str(c["followed"]),
                          "-" if c["effect"] is None else f"{c['effect']:+.2f}",
                          interval(c["effect_ci95"], as_percent=False), c["flag"] or "",
                          _rate_text(c["win_rate_acquired"], c["win_rate_acquired_ci95"],
                                     c["acquired"]),
                          _rate_text(c["win_rate_not_acquired"], None,
                                     f["games"] * f["players"] - c["acquired"]))
        console.print(table)
