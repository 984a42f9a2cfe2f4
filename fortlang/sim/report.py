"""The balance report a designer opens: ``index.html`` with plots (matplotlib, Agg backend,
PNGs embedded in the page so it works offline and is written in one step) and ``figures.json``
beside it. Every value that comes from a card file is HTML-escaped; plot labels are card ids
with mathtext off (a ``$`` in a name stays a ``$``)."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from html import escape as _html_escape
from pathlib import Path
from typing import Any

from fortlang.engine.choices import player_name
from fortlang.errors import ERROR, Diagnostic, FortError

#: Plots are this many inches wide at this many dots per inch.
WIDTH, DPI = 9.0, 100


def escape(text: str) -> str:
    """Card-file text for the page: control and bidi characters written as visible escapes
    (a U+202E in a name must not reorder the row), then HTML-escaped."""
    from fortlang.escape import shown

    return _html_escape(shown(text))


def balance_missing() -> FortError:
    return FortError(Diagnostic(ERROR, "E607", "the balance report needs matplotlib",
                                file="fortlang balance",
                                hint="pip install 'fortlang[balance]'"))


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise balance_missing() from None
    matplotlib.use("Agg")
    matplotlib.rcParams["text.parse_math"] = False  # card text is never mathtext
    matplotlib.rcParams["svg.hashsalt"] = "fortlang"
    import matplotlib.pyplot as plt

    return plt


def _png(plt: Any, draw: Callable[[Any], None], height: float) -> str:
    """One figure as a data: URI."""
    fig, ax = plt.subplots(figsize=(WIDTH, height), dpi=DPI)
    try:
        draw(ax)
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", metadata={"Software": None})
    finally:
        plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


#: The sets every report plays with: any other set the run played is the designer's own.
BASE_SETS = frozenset({"fort-base"})
#: A win rate over fewer player-games than this is shown as "n/a (k games)", not as a figure.
MIN_GAMES = 10


def own_sets(f: dict[str, Any]) -> list[str]:
    """The designer's sets: every set played but the base game, in the order played."""
    return [s["id"] for s in f["sets"] if s["id"] not in BASE_SETS]


def set_index(f: dict[str, Any]) -> dict[str, int]:
    """Set id -> its number on the page (class ``set-N``): the designer's sets first."""
    ids = own_sets(f) + [s["id"] for s in f["sets"] if s["id"] in BASE_SETS]
    return {set_id: i for i, set_id in enumerate(ids)}


def only_sets(f: dict[str, Any], ids: list[str]) -> None:
    """Keep, in ``f``, only the cards, perks and made-up rules of the sets ``ids`` (and the
    ranking of those cards); ``f["shown_sets"]`` names them. Every other figure, the median
    and the outlier fences among them, stays that of the whole run: the cards kept were
    measured against every card played."""
    keep = set(ids)
    for kind in ("cards", "perks", "rules"):
        f[kind] = {key: item for key, item in f[kind].items() if item.get("set") in keep}
    f["ranking"] = [key for key in f["ranking"] if key in f["cards"]]
    f["shown_sets"] = list(ids)


def shown_sets(f: dict[str, Any]) -> list[str]:
    """The sets whose items the page shows (``--set``; every set played by default)."""
    return f.get("shown_sets") or [s["id"] for s in f["sets"]]


def _effect_plot(f: dict[str, Any]) -> Callable[[Any], None]:
    rows = [(k, c) for k, c in f["cards"].items() if c["effect_ci95"] is not None]
    rows.sort(key=lambda kv: kv[1]["effect"])
    mine = set(own_sets(f))
    whole = set(shown_sets(f)) >= {s["id"] for s in f["sets"]}  # not narrowed by --set

    def draw(ax: Any) -> None:
        ys = range(len(rows))
        colours = ["#c0392b" if c["flag"] == "above" else "#2e6fb7" if c["flag"] == "below"
                   else "#666666" for _, c in rows]
        for y, (_, c), colour in zip(ys, rows, colours, strict=True):
            low, high = c["effect_ci95"]
            own = c.get("set") in mine
            ax.errorbar(c["effect"], y, xerr=[[c["effect"] - low], [high - c["effect"]]],
                        fmt="D" if own else "o", color=colour, ecolor=colour, capsize=2,
                        markersize=6 if own else 4, markerfacecolor="#f1c40f" if own
                        else colour)
        ax.set_yticks(list(ys), [k for k, _ in rows], fontsize=7)
        for label, (_, c) in zip(ax.get_yticklabels(), rows, strict=True):
            if c.get("set") in mine:
                label.set_fontweight("bold")
                label.set_color("#8a6d00")
        if mine:  # the legend names the designer's sets
            ax.plot([], [], "D", color="#666666", markerfacecolor="#f1c40f",
                    label=f"your set: {', '.join(sorted(mine))}")
        if f["median_effect"] is not None:
            ax.axvline(f["median_effect"], color="#999999", linestyle="--", linewidth=1,
                       label=f"median {f['median_effect']:.2f}" + (
                           "" if whole else " (every card played)"))
        fences = f.get("flagging") or {}
        for key in ("lower", "upper"):
            if fences.get(key) is not None:
                ax.axvline(fences[key], color="#c0392b", linestyle=":", linewidth=1,
                           label="usual range (flag beyond)" if key == "lower" else None)
        if mine or f["median_effect"] is not None:
            ax.legend(loc="lower right")
        ax.set_xlabel("points one play yields (95% t-interval); red: flagged above, "
                      "blue: flagged below")
        ax.set_ylim(-1, max(len(rows), 1))
    return draw


def _rates_plot(f: dict[str, Any]) -> Callable[[Any], None]:
    groups = [(player_name(int(k)), t) for k, t in f["seats"].items()]  # JSON keys: seats
    groups += [(f"bot {k}", t) for k, t in f["bots"].items()]

    def draw(ax: Any) -> None:
        for x, (label, t) in enumerate(groups):
            low, high = t["ci95"]
            ax.errorbar(x, t["win_rate"], yerr=[[t["win_rate"] - low], [high - t["win_rate"]]],
                        fmt="s", capsize=4, color="#2e6fb7" if label.startswith("player")
                        else "#8e44ad")
        ax.axhline(1 / max(f["players"], 1), color="#999999", linestyle="--", linewidth=1,
                   label=f"1/{f['players']} (no advantage)")
        ax.set_xticks(range(len(groups)), [g for g, _ in groups])
        ax.set_ylabel("win rate (95% Wilson interval)")
        ax.legend(loc="upper right")
    return draw


def _histogram(data: dict[str, int], xlabel: str, colour: str) -> Callable[[Any], None]:
    def draw(ax: Any) -> None:
        xs = [int(k) for k in data]
        ax.bar(xs, list(data.values()), width=0.9, color=colour)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("count")
    return draw


def _triggers_plot(f: dict[str, Any]) -> Callable[[Any], None]:
    def draw(ax: Any) -> None:
        names = list(f["end_triggers"])
        ax.barh(range(len(names)), list(f["end_triggers"].values()), color="#16a085")
        ax.set_yticks(range(len(names)), names)
        ax.set_xlabel("share of games where the trigger held at the end (R11.1)")
        ax.set_xlim(0, 1)
    return draw


def plots(f: dict[str, Any]) -> dict[str, str]:
    """Every plot of the page, as data: URIs, by name."""
    plt = _pyplot()
    n_cards = sum(1 for c in f["cards"].values() if c["effect_ci95"] is not None)
    return {
        "effect": _png(plt, _effect_plot(f), max(3.0, 0.16 * n_cards + 1.2)),
        "win_rates": _png(plt, _rates_plot(f), 3.2),
        "scores": _png(plt, _histogram(f["score_histogram"], "final score (R11.2) per player",
                                       "#d35400"), 2.8),
        "length": _png(plt, _histogram(f["turns_histogram"], "game length (turns)",
                                       "#7f8c8d"), 2.8),
        "triggers": _png(plt, _triggers_plot(f), 2.2),
    }


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(ci: list[float] | None, pct: bool) -> str:
    if ci is None:
        return "–"
    return f"{_pct(ci[0])} – {_pct(ci[1])}" if pct else f"{ci[0]:+.2f} … {ci[1]:+.2f}"


def win_rate_cell(rate: float | None, ci: list[float] | None, games: int) -> str:
    """A win rate with the player-games behind it and its interval; from fewer than MIN_GAMES
    games it is no figure ("n/a (2 games)").

    >>> win_rate_cell(0.0, [0.0, 0.66], 2), win_rate_cell(0.5, [0.4, 0.6], 100)
    ('n/a (2 games)', '50.0% (100 games, 40.0% – 60.0%)')
    """
    if rate is None or games < MIN_GAMES:
        return f"n/a ({games} game{'s' if games != 1 else ''})"
    return f"{_pct(rate)} ({games} games, {_ci(ci, True)})"


def _disagreement(c: dict[str, Any], median: float | None) -> str:
    """Why this row's yield and its win rate tell different stories, when they do."""
    if c["acquired"] < MIN_GAMES:
        return "" if c["effect"] is None else "win rate: too few games to say"
    with_ci, without = c["win_rate_acquired_ci95"], c["win_rate_not_acquired"]
    if c["effect"] is None or median is None or with_ci is None or without is None:
        return ""
    if c["effect"] > median and with_ci[1] < without:
        return ("yields more than most, yet its holders win less: "
                "held by trailing seats, or rarely played")
    if c["effect"] < median and with_ci[0] > without:
        return "yields less than most, yet its holders win more: taken by leading seats"
    return ""


#: A column of an item table: heading, the cell's text (or lines) from the row.
Column = tuple[str, Callable[[dict[str, Any]], Any]]


def _lines(text: str) -> tuple[str, ...]:
    """A win rate cell on short lines: the rate, its games, its interval."""
    rate, _, rest = text.partition(" (")
    return (rate, *rest.rstrip(")").split(", ")) if rest else (rate,)


def _cell(value: Any) -> str:
    if isinstance(value, tuple):
        head, *rest = value
        return escape(head) + "".join(f"<br><small>{escape(line)}</small>" for line in rest)
    return escape(str("–" if value is None else value))


def _columns(f: dict[str, Any]) -> list[Column]:
    median, player_games = f["median_effect"], f["games"] * f["players"]
    return [
        ("id", lambda c: c["id"]),
        ("name", lambda c: c.get("name", "")),
        ("set", lambda c: c.get("set", "")),
        ("recruited", lambda c: c["recruited"]),
        ("played / used", lambda c: c["played"]),
        ("followed", lambda c: c["followed"]),
        ("effect (points)", lambda c: None if c["effect"] is None else f"{c['effect']:+.2f}"),
        ("95% CI", lambda c: None if c["effect_ci95"] is None else _ci(c["effect_ci95"], False)),
        ("flag", lambda c: c["flag"]),
        ("win rate with it", lambda c: _lines(win_rate_cell(
            c["win_rate_acquired"], c["win_rate_acquired_ci95"], c["acquired"]))),
        ("win rate without", lambda c: _lines(win_rate_cell(
            c["win_rate_not_acquired"], c.get("win_rate_not_acquired_ci95"),
            player_games - c["acquired"]))),
        ("why / note", lambda c: c.get("flag_reason") or _disagreement(c, median)),
    ]


_EMPTY = (0, None, "", "–")
_KEYS = ("id", "name", "set")


def _items_table(f: dict[str, Any], kind: str, caption: str) -> str:
    """One table: the designer's sets first, then by yield; a column that is empty on every row
    (a rule is never recruited, a perk never followed) is left out."""
    items, index = f[kind], set_index(f)
    rows = [{"id": key, **c} for key, c in items.items()]
    if not rows:
        return f"<p class=\"note\">{escape(caption)}: none in these sets.</p>"
    rows.sort(key=lambda c: (index.get(c.get("set", ""), len(index)), c["effect"] is None,
                             -(c["effect"] or 0), c["id"]))
    columns = [(head, cell) for head, cell in _columns(f)
               if head in _KEYS or any(cell(c) not in _EMPTY for c in rows)]
    body = []
    for c in rows:
        classes = ["item", f"set-{index.get(c.get('set', ''), len(index))}"]
        if c["flag"]:
            classes.append(c["flag"])
        cells = "".join(f"<td>{_cell(cell(c))}</td>" for _, cell in columns)
        body.append(f'<tr class="{" ".join(classes)}">{cells}</tr>')
    return (f'<div class="scroll"><table><caption>{escape(caption)}</caption><thead><tr>'
            + "".join(f"<th>{escape(h)}</th>" for h, _ in columns) + "</tr></thead><tbody>"
            + "".join(body) + "</tbody></table></div>")


def _filter(f: dict[str, Any]) -> tuple[str, str]:
    """Radio buttons that show one set's rows (CSS only: the page runs no script), and their
    style rules."""
    index = set_index(f)
    mine = set(own_sets(f))
    shown = set(shown_sets(f))
    if len(shown) < 2:  # one set's rows: nothing to filter
        return "", ""
    inputs = ['<p class="note">Show:</p>',
              '<input type="radio" name="only" id="only-all" checked>'
              '<label for="only-all">all sets</label>']
    rules = []
    for set_id, i in index.items():
        if set_id not in shown:
            continue
        mark = " (your set)" if set_id in mine else ""
        inputs.append(f'<input type="radio" name="only" id="only-set-{i}">'
                      f'<label for="only-set-{i}">only {escape(set_id)}{mark}</label>')
        rules.append(f"#only-set-{i}:checked ~ .tables tr.item:not(.set-{i}) "
                     "{ display: none; }")
    return "\n".join(inputs), "\n".join(rules)


STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1100px;
       padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 1.8em; border-bottom: 1px solid #ddd; }
img { max-width: 100%; display: block; margin: .5em 0; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 13px; margin: 1em 0; width: 100%; }
caption { text-align: left; font-weight: 600; padding: .3em 0; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 3px 5px; text-align: right; }
th { vertical-align: bottom; }
td { white-space: nowrap; }
td:nth-child(2), td:last-child { white-space: normal; }
td:last-child { min-width: 12em; font-size: 12px; color: #444; }
td small { color: #666; }
th:nth-child(-n+3), td:nth-child(-n+3), th:last-child, td:last-child { text-align: left; }
tr.above td { background: #fbe9e7; } tr.below td { background: #e3f0fb; }
tr.set-0 td:first-child { font-weight: 600; }
.note { color: #555; font-size: 13px; }
.own { background: #fdf3c4; padding: 0 .3em; }
input[type=radio] { margin-left: 1em; }
"""


PERKS_CAPTION = ("Perks (played = used; effect: what one use of DIY, Do-Over or Birthday Party "
                 "brought; not measured for the others)")

EFFECT_VS_WIN = """<p class="note" id="effect-vs-win"><b>Effect and win rate measure different
things.</b> The <i>effect</i> is what one play of the card yields to the player who plays it, in
points (the mean over every play). The <i>win rate with it</i> is the share of games won by the
players who had the card at some point, whether they played it or not. They can disagree: a card
played rarely has a wide interval or none; a card that trailing players take (a catch-up card, or
one a bot picks when it has nothing better) has a low win rate however much it yields; a win rate
from a handful of games says nothing (shown as "n/a (k games)"). Each win rate shows the games
behind it and its 95% Wilson interval; the last column says why a card was flagged, or why its two
figures disagree.</p>"""


def _flag_summary(f: dict[str, Any]) -> str:
    """The flagged cards, each with why, the designer's first."""
    index = set_index(f)
    mine = set(own_sets(f))
    flagged = sorted((k for k in f["ranking"] if f["cards"][k]["flag"]),
                     key=lambda k: (index.get(f["cards"][k].get("set", ""), len(index)),
                                    -f["cards"][k]["effect"]))
    if not flagged:
        return "none.</p>"
    items = []
    for k in flagged:
        c = f["cards"][k]
        own = ' class="own"' if c.get("set") in mine else ""
        why = c.get("flag_reason") or "interval wholly off the median"
        items.append(f"<li><span{own}>{escape(k)} ({escape(c['flag'])})</span>, "
                     f"{escape(c.get('set', ''))} — why: {escape(why)}</li>")
    return "</p><ul>" + "".join(items) + "</ul>"


def _flag_rule(f: dict[str, Any]) -> str:
    """How a card came to be flagged, in words."""
    fences = f.get("flagging")
    if fences and fences.get("upper") is None:
        return (f"Flagged cards (outliers need at least 4 cards played 10 times or more; "
                f"here: {fences['comparisons']})")
    if fences:
        return (f"Cards whose yield is an outlier among the {fences['comparisons']} cards "
                f"played at least 10 times (beyond the quartiles ± 1.5 × their spread"
                f"{_further(f)}: below {fences['lower']:+.2f} or above "
                f"{fences['upper']:+.2f}), with an "
                "interval widened for that many comparisons wholly beyond it")
    return (f"Cards whose yield is significantly above or below the median "
            f"({f['median_effect']}){_beyond(f)}")


def page(f: dict[str, Any], images: dict[str, str]) -> str:
    """The whole HTML page (card-file values escaped; images inline)."""
    sets = ", ".join(f"{escape(s['id'])} {escape(s['version'])} "
                     f"<code>{escape(s['hash'])}</code>" for s in f["sets"])
    mine = ", ".join(f'<span class="own">{escape(s)}</span>' for s in own_sets(f))
    yours = f" Your set{'s' if ',' in mine else ''}: {mine}." if mine else ""
    rate = f["exchange_rate"]
    inputs, filter_rules = _filter(f)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fort balance report</title><style>{STYLE}{filter_rules}</style></head>
<body>
<h1>Fort balance report</h1>
<p>{f['games']} games, {f['players']} players, bots {escape(','.join(f['bots_in_seat_order']))}
(rotated one seat per game), seed {f['seed']}; sets: {sets}.{yours}</p>
<p>Mean length {f['mean_turns']} turns; mean final score {f['score']['mean_score']}
(sd {f['score']['score_sd']}); mean fort level {f['mean_fort_level']}.</p>
{_scope(f)}<p id="flagged">{_flag_rule(f)}: {_flag_summary(f)}
<h2 id="effect">What one play of each card yields</h2>
<p class="note">Points at the exchange rate: 1 VP = 1 fort point = 1 point, a resource =
{rate['resource_fraction']} ≈ {rate['resource']} points (the board's points per resource), a
card = {rate['card']} point. Bars: 95% t-intervals; your set's cards are yellow diamonds with
bold names. Cards played fewer than 10 times are not ranked. Bot strength and selection
effects limit what this says: see the simulate page of the documentation.</p>
<img alt="effect of one play per card" src="{images['effect']}">
<h2 id="seats">Win rate by seat and by bot</h2>
<img alt="win rate by seat and by bot" src="{images['win_rates']}">
<h2 id="scores">Score distribution</h2>
<img alt="final score distribution" src="{images['scores']}">
<h2 id="length">Game length</h2>
<img alt="game length distribution" src="{images['length']}">
<h2 id="triggers">End triggers</h2>
<img alt="end triggers" src="{images['triggers']}">
<h2 id="tables">Figures</h2>
{EFFECT_VS_WIN}
{inputs}
<div class="tables">
{_items_table(f, 'cards', 'Kid cards')}
{_items_table(f, 'perks', PERKS_CAPTION)}
{_items_table(f, 'rules', 'Made-up rules (effect: the points the rule scored at the end)')}
</div>
<p class="note">The same figures are in <a href="figures.json">figures.json</a>.</p>
</body></html>
"""


def _scope(f: dict[str, Any]) -> str:
    """What the tables and the effect plot leave out, when ``--set`` narrowed them."""
    shown = shown_sets(f)
    if set(shown) >= {s["id"] for s in f["sets"]}:
        return ""
    names = ", ".join(f"<b>{escape(s)}</b>" for s in shown)
    return (f'<p class="note" id="scope">The tables and the effect plot show the cards, perks '
            f"and made-up rules of {names} only (--set), measured against every card played: "
            "the median, the usual range and the flags are those of the whole run.</p>\n")


def write_report(out: Path, figures: dict[str, Any]) -> Path:
    """Write ``out/index.html`` and ``out/figures.json``; returns the page's path."""
    return write_files(out, figures, page(figures, plots(figures)))


def write_files(out: Path, figures: dict[str, Any], html: str) -> Path:
    """Write the page ``html`` as ``out/index.html`` beside ``out/figures.json`` (any game's
    report); returns the page's path."""
    from fortlang.escape import json_text
    from fortlang.output import write_output

    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        from fortlang.output import unwritable

        raise unwritable(out, e) from None
    for name, text in (("figures.json", json_text(figures) + "\n"), ("index.html", html)):
        target = out / name
        try:  # a link planted in the folder is replaced, never written through (issue 31)
            if target.is_symlink():
                target.unlink()
        except OSError as e:
            from fortlang.output import unwritable

            raise unwritable(target, e) from None
        write_output(target, text)
    return out / "index.html"


def check_out(out: Path) -> None:
    """Refuse an --out that is not a folder (or cannot become one) before any game is played."""
    if out.exists() and not out.is_dir():
        raise FortError(Diagnostic(ERROR, "E801", "output cannot be written: --out must be a "
                                   "folder, this is a file", file=str(out),
                                   hint="name a folder (created if missing)"))


def _further(f: dict[str, Any]) -> str:
    """The margin the fences were moved out by (``--margin``)."""
    margin = f.get("flag_margin") or 0
    return f" and {margin:g} points per play further" if margin else ""


def _beyond(f: dict[str, Any]) -> str:
    """The flag's margin, when one was asked for (``--margin``)."""
    margin = f.get("flag_margin") or 0
    return f" by more than {margin:g} points per play" if margin else ""
