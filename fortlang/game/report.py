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


def _effect_plot(f: dict[str, Any]) -> Callable[[Any], None]:
    rows = [(k, c) for k, c in f["cards"].items() if c["effect_ci95"] is not None]
    rows.sort(key=lambda kv: kv[1]["effect"])

    def draw(ax: Any) -> None:
        ys = range(len(rows))
        colours = ["#c0392b" if c["flag"] == "above" else "#2e6fb7" if c["flag"] == "below"
                   else "#666666" for _, c in rows]
        for y, (_, c), colour in zip(ys, rows, colours, strict=True):
            low, high = c["effect_ci95"]
            ax.errorbar(c["effect"], y, xerr=[[c["effect"] - low], [high - c["effect"]]],
                        fmt="o", color=colour, ecolor=colour, capsize=2, markersize=4)
        ax.set_yticks(list(ys), [k for k, _ in rows], fontsize=7)
        if f["median_effect"] is not None:
            ax.axvline(f["median_effect"], color="#999999", linestyle="--", linewidth=1,
                       label=f"median {f['median_effect']:.2f}")
            ax.legend(loc="lower right")
        ax.set_xlabel("points one play yields (95% t-interval); red above, blue below the median")
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


def _items_table(items: dict[str, Any], caption: str) -> str:
    head = ("id", "name", "set", "recruited", "played / used", "followed", "effect (points)",
            "95% CI", "flag", "win rate with", "95% CI", "win rate without")
    rows = []
    ordered = sorted(items.items(), key=lambda kv: (kv[1]["effect"] is None,
                                                    -(kv[1]["effect"] or 0), kv[0]))
    for key, c in ordered:
        cells = (key, c.get("name", ""), c.get("set", ""), c["recruited"], c["played"],
                 c["followed"],
                 "–" if c["effect"] is None else f"{c['effect']:+.2f}",
                 _ci(c["effect_ci95"], False), c["flag"] or "", _pct(c["win_rate_acquired"]),
                 _ci(c["win_rate_acquired_ci95"], True), _pct(c["win_rate_not_acquired"]))
        flag = f' class="{c["flag"]}"' if c["flag"] else ""
        rows.append(f"<tr{flag}>" + "".join(f"<td>{escape(str(v))}</td>" for v in cells)
                    + "</tr>")
    return (f"<table><caption>{escape(caption)}</caption><thead><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1100px;
       padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 1.8em; border-bottom: 1px solid #ddd; }
img { max-width: 100%; display: block; margin: .5em 0; }
table { border-collapse: collapse; font-size: 13px; margin: 1em 0; width: 100%; }
caption { text-align: left; font-weight: 600; padding: .3em 0; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 3px 6px; text-align: right;
         white-space: nowrap; }
td:nth-child(2) { white-space: normal; }
th:nth-child(-n+3), td:nth-child(-n+3) { text-align: left; }
tr.above td { background: #fbe9e7; } tr.below td { background: #e3f0fb; }
.note { color: #555; font-size: 13px; }
"""


PERKS_CAPTION = ("Perks (played = used; effect: what one use of DIY, Do-Over or Birthday Party "
                 "brought; not measured for the others)")


def page(f: dict[str, Any], images: dict[str, str]) -> str:
    """The whole HTML page (card-file values escaped; images inline)."""
    sets = ", ".join(f"{escape(s['id'])} {escape(s['version'])} "
                     f"<code>{escape(s['hash'])}</code>" for s in f["sets"])
    rate = f["exchange_rate"]
    flagged = [k for k in f["ranking"] if f["cards"][k]["flag"]]
    summary = ", ".join(f"{escape(k)} ({f['cards'][k]['flag']})" for k in flagged) or "none"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fort balance report</title><style>{STYLE}</style></head>
<body>
<h1>Fort balance report</h1>
<p>{f['games']} games, {f['players']} players, bots {escape(','.join(f['bots_in_seat_order']))}
(rotated one seat per game), seed {f['seed']}; sets: {sets}.</p>
<p>Mean length {f['mean_turns']} turns; mean final score {f['score']['mean_score']}
(sd {f['score']['score_sd']}); mean fort level {f['mean_fort_level']}.</p>
<p id="flagged">Cards whose yield is significantly above or below the median
({f['median_effect']}){_beyond(f)}: {summary}.</p>
<h2 id="effect">What one play of each card yields</h2>
<p class="note">Points at the exchange rate: 1 VP = 1 fort point = 1 point, a resource =
{rate['resource_fraction']} ≈ {rate['resource']} points (the board's points per resource), a
card = {rate['card']} point. Bars: 95% t-intervals. Cards played fewer than 10 times are
not ranked. Bot strength and selection effects limit what this says: see the simulate page of
the documentation.</p>
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
{_items_table(f['cards'], 'Kid cards')}
{_items_table(f['perks'], PERKS_CAPTION)}
{_items_table(f['rules'], 'Made-up rules (effect: the points the rule scored at the end)')}
<p class="note">The same figures are in <a href="figures.json">figures.json</a>.</p>
</body></html>
"""


def write_report(out: Path, figures: dict[str, Any]) -> Path:
    """Write ``out/index.html`` and ``out/figures.json``; returns the page's path."""
    from fortlang.escape import json_text
    from fortlang.output import write_output

    images = plots(figures)
    html = page(figures, images)
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


def _beyond(f: dict[str, Any]) -> str:
    """The flag's margin, when one was asked for (``--margin``)."""
    margin = f.get("flag_margin") or 0
    return f" by more than {margin:g} points per play" if margin else ""
