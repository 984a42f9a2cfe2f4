"""``fortlang balance`` for a game module's sets (issue 34 item 4, "simulate and balance
(per-card figures)"): the figures every game has (:mod:`fortlang.sim.module_games`) and, for
each card, how its players fare: the win rate of the seats that played it at least once in a
game, against the 1/N an even seat wins, with its 95% Wilson interval. A card is flagged, as
Fort's are (:func:`fortlang.sim.intervals.flag_outliers`), only when it stands out of the set's
usual range with its interval widened for the number of cards compared.

Win rate when played says which cards go with winning, not that a card causes it (a card
played by whoever is ahead looks strong); the page says so. Fort keeps its own report (what
one play yields, :mod:`fortlang.sim.report`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from fortlang.model import CardSet
from fortlang.module import GameModule
from fortlang.sim.intervals import MIN_PLAYS, flag_outliers, wilson
from fortlang.sim.module_games import ModuleFigures
from fortlang.sim.report import STYLE, _png, _pyplot, escape, win_rate_cell

#: What a card's figure is, in the flags' words.
UNIT = "points of win rate when played (against an even seat's)"


def card_figures(figures: ModuleFigures, table: CardSet, players: int) -> dict[str, Any]:
    """By card id: its name and kind, plays a game, the seats that played it and their win
    rate with its interval, and the figure the flags read (``effect``: that win rate less an
    even seat's 1/N, in percentage points; ranked from :data:`MIN_PLAYS` seats)."""
    even = 1 / players
    out: dict[str, Any] = {}
    for card in sorted({c.id: c for c in table.cards}.values(), key=lambda c: c.id):
        n = figures.played_by.get(card.id, 0)
        wins = figures.won_by.get(card.id, 0.0)
        rate = wins / n if n else None
        low, high = wilson(wins, n)
        ranked = n >= MIN_PLAYS
        out[card.id] = {
            "name": card.name, "kind": card.kind,
            "plays": figures.plays.get(card.id, 0),
            "per_game": round(figures.plays.get(card.id, 0) / max(1, figures.games), 6),
            "seats_played": n,
            "win_rate": round(rate, 6) if rate is not None else None,
            "ci95": [round(low, 6), round(high, 6)] if n else None,
            "effect": round(100 * (rate - even), 4) if rate is not None else None,
            "effect_ci95": ([round(100 * (low - even), 4), round(100 * (high - even), 4)]
                            if ranked else None),
            "effect_n": n,
        }
    return out


def report(game: GameModule, table: CardSet, figures: ModuleFigures, base: dict[str, Any],
           *, players: int, margin: float) -> dict[str, Any]:
    """``figures.json``: the run's figures (``base``, as ``simulate --json`` gives them) with
    every card's and the flags."""
    cards = card_figures(figures, table, players)
    flagging = flag_outliers(cards, margin, UNIT)
    ranking = sorted((k for k, c in cards.items() if c["effect_ci95"] is not None),
                     key=lambda k: (-cards[k]["effect"], k))
    return {**base, "title": game.title("en"), "cards": cards, "flagging": flagging,
            "ranking": ranking, "seat_games": figures.seat_games}


def page(f: dict[str, Any], plot: str | None) -> str:
    """The whole HTML page: every value from a card file escaped, the plot inline."""
    title = escape(f["title"])
    bots = "".join(
        f"<tr><td>{escape(name)}</td><td>{win_rate_cell(b['win_rate'], b['ci'], b['seats'])}"
        f"</td><td>{b['mean_score']}</td></tr>" for name, b in f["by_bot"].items())
    rows = "".join(_row(k, f["cards"][k]) for k in _order(f))
    flagged = [k for k in f["cards"] if f["cards"][k]["flag"]]
    summary = (f"{len(flagged)} card(s) flagged: " + ", ".join(
        escape(f["cards"][k]["name"]) for k in flagged) if flagged else "no card flagged")
    never = ", ".join(escape(f["cards"][k]["name"]) for k in f["never_played"]) or "none"
    image = (f'<img alt="win rate when played, per card" src="{plot}">' if plot else
             "<p>No card was played by enough seats to be ranked.</p>")
    t = f["turns"]
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} balance report</title><style>{STYLE}</style></head>
<body>
<h1>{title} balance report</h1>
<p>{f['games']} games, {f['players']} players, bots {escape(','.join(f['bots']))} (rotated one
seat per game), seed {f['seed']}; turns a game: mean {t['mean']}, {t['min']}–{t['max']}.</p>
<p id="flagged">{summary}. A card is flagged when its win rate when played lies out of the
set's usual range (quartiles ± 1.5 × their spread) with its interval widened for the number
of cards compared.</p>
<h2 id="cards">Win rate when played</h2>
<p class="note">For each card: the seats that played it at least once in a game, and how often
they won (95% Wilson interval), against 1/{f['players']}, what an even seat wins. It says which
cards go with winning, not that a card makes a seat win: a card played by whoever is ahead
looks strong. Cards played by fewer than {MIN_PLAYS} seats are not ranked.</p>
{image}
<h2 id="seats">Win rate by bot</h2>
<table><tr><th>bot</th><th>win rate</th><th>mean score</th></tr>{bots}</table>
<h2 id="tables">Cards</h2>
<table><tr><th>card</th><th>kind</th><th>plays a game</th><th>win rate when played</th>
<th>flag</th></tr>{rows}</table>
<p>Never played: {never}.</p>
<p class="note">The same figures are in <a href="figures.json">figures.json</a>.</p>
</body></html>
"""


def _order(f: dict[str, Any]) -> list[str]:
    ranked = list(f["ranking"])
    return ranked + sorted(k for k in f["cards"] if k not in set(ranked))


def _row(card_id: str, c: dict[str, Any]) -> str:
    flag = escape(c["flag_reason"]) if c["flag"] else ""
    rate = win_rate_cell(c["win_rate"], c["ci95"], c["seats_played"])
    return (f"<tr><td>{escape(c['name'])} <code>{escape(card_id)}</code></td>"
            f"<td>{escape(c['kind'])}</td><td>{c['per_game']}</td><td>{rate}</td>"
            f"<td>{flag}</td></tr>")


def plot(f: dict[str, Any]) -> str | None:
    """The ranked cards' win rates when played with their intervals, as a data: URI; None
    when no card is ranked. Labels are card ids (never mathtext)."""
    ranked: Sequence[str] = f["ranking"]
    if not ranked:
        return None
    plt = _pyplot()
    cards, players = f["cards"], f["players"]

    def draw(ax: Any) -> None:
        for y, k in enumerate(reversed(ranked)):
            c = cards[k]
            low, high = c["ci95"]
            colour = {"above": "#c0392b", "below": "#2e6fb7"}.get(c["flag"] or "", "#555555")
            ax.errorbar(c["win_rate"], y, xerr=[[c["win_rate"] - low], [high - c["win_rate"]]],
                        fmt="o", capsize=3, color=colour)
        ax.axvline(1 / players, color="#999999", linestyle="--", linewidth=1,
                   label=f"1/{players} (an even seat)")
        ax.set_yticks(range(len(ranked)), list(reversed(ranked)))
        ax.set_xlabel("win rate of the seats that played it (95% Wilson interval); red: "
                      "flagged above, blue: flagged below")
        ax.legend(loc="lower right")

    return _png(plt, draw, max(3.0, 0.22 * len(ranked) + 1.2))


#: The most bars one chart of :func:`figures_page` draws (every value is in its text).
MOST_BARS = 40


def _number(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def plottable(figures: dict[str, Any]) -> list[tuple[str, list[tuple[str, float]]]]:
    """The figures a chart can show, in the figures' order, as (key, bars): each of the
    game's own (not the run's) that maps names to numbers, or lists numbers (bars numbered
    from 1); at most :data:`MOST_BARS` bars each."""
    from fortlang.sim.text import RUN_KEYS

    out = []
    for key, value in figures.items():
        if key in RUN_KEYS:
            continue
        if isinstance(value, dict):
            bars = [(str(k), float(v)) for k, v in value.items() if _number(v)]
        elif isinstance(value, list):
            bars = [(str(i), float(v)) for i, v in enumerate(value, 1) if _number(v)]
        else:
            continue
        if bars and len(bars) == len(value):  # names and numbers only
            out.append((str(key), bars[:MOST_BARS]))
    return out


def _bar_chart(plt: Any, key: str, bars: Sequence[tuple[str, float]]) -> str:
    """One figure's bars, first at the top, as a data: URI (labels as text, never
    mathtext: :func:`fortlang.sim.report._pyplot`)."""
    from fortlang.escape import shown

    def draw(ax: Any) -> None:
        ax.barh(range(len(bars)), [v for _, v in reversed(bars)], color="#2e6fb7")
        ax.set_yticks(range(len(bars)), [shown(name) for name, _ in reversed(bars)])
        ax.set_xlabel(shown(key))
        ax.axvline(0, color="#999999", linewidth=1)

    return _png(plt, draw, max(1.6, 0.3 * len(bars) + 1.0))


def figures_page(title: str, figures: dict[str, Any]) -> str:
    """The page of a run whose game's drivers declare no balance report (``Drivers.report``
    None): what was played, then each of the game's own figures by its key as ``simulate``
    prints them (fortlang.sim.text), every value escaped, and a chart of each that maps
    names to numbers (:func:`plottable`); never a key the figures lack."""
    from fortlang.sim.text import RUN_KEYS, _lines, set_names

    lineup = ",".join(figures.get("bots_in_seat_order", ()))
    lines = [line for key, value in figures.items() if key not in RUN_KEYS
             for line in _lines(key, value, 0)]
    body = escape("\n".join(lines))
    shown = plottable(figures)
    charts = ""
    if shown:  # matplotlib only for a page that draws
        plt = _pyplot()
        charts = '<h2 id="charts">Charts</h2>\n' + "\n".join(
            f'<figure><img alt="{escape(key)}" src="{_bar_chart(plt, key, bars)}">'
            f"<figcaption>{escape(key)}</figcaption></figure>" for key, bars in shown) + "\n"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} balance report</title><style>{STYLE}</style></head>
<body>
<h1>{escape(title)} balance report</h1>
<p>{escape(str(figures.get('games')))} games, {escape(str(figures.get('players')))} players,
lineup {escape(lineup)} (rotated), seed {escape(str(figures.get('seed')))}, sets
{escape(set_names(figures.get('sets', [])))}.</p>
<h2 id="figures">The game's figures</h2>
<pre>{body}</pre>
{charts}<p class="note">The same figures are in <a href="figures.json">figures.json</a>.</p>
</body></html>
"""
