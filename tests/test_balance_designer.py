"""Issue 36, "balance does not answer 'which of MY cards?'": the designer's set is marked, filtered
and sorted first; the default flags a card only when its yield is an outlier among the cards and
the difference survives a multiple-comparison correction, and says why; tables drop columns that
are always empty; a win rate from a handful of games is not shown as a figure; the page fits
1280 px."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from expansion import KIDS, write_expansion
from test_balance_report import ARTIFACTS, CHROMIUM, needs_chromium

from fortlang.cli import main
from fortlang.games.fort.sim.stats import flag_outliers

PLANTED = ("big-bo", "Big Bo", "[crown]", 2, "score 10", "score 10")  # E200: 10 at most


def _card(effect: float, half: float, n: int = 200) -> dict:
    return {"effect": effect, "effect_ci95": [effect - half, effect + half], "effect_n": n,
            "flag": None}


def test_the_default_flags_only_outliers_that_survive_the_correction() -> None:
    # 40 ordinary cards spread over 0..6 points with narrow intervals: every one of them lies
    # clearly off the median (the old default flagged them), none is an outlier.
    cards = {f"c{i}": _card(6 * i / 39, 0.2) for i in range(40)}
    cards["planted"] = _card(20.0, 0.5)
    cards["lucky"] = _card(9.0, 6.0, n=12)  # far, but too few plays to be sure
    summary = flag_outliers(cards)
    flagged = {k: c["flag"] for k, c in cards.items() if c["flag"]}
    assert flagged == {"planted": "above"}
    assert "above" in cards["planted"]["flag_reason"]
    assert "42 cards" in cards["planted"]["flag_reason"]  # the correction is named
    assert summary["comparisons"] == 42 and summary["upper"] < 20


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("designer")
    folder = write_expansion(root / "yard-kids", kids=[*KIDS[2:], PLANTED])
    out = root / "report"
    result = CliRunner().invoke(main, ["balance", "--sets", str(folder), "--games", "200",
                                       "--seed", "7", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_a_planted_card_is_flagged_and_few_base_cards_are(report: Path) -> None:
    f = json.loads((report / "figures.json").read_text())
    assert f["cards"]["big-bo"]["flag"] == "above"
    assert "interval" in f["cards"]["big-bo"]["flag_reason"]
    base_flagged = [k for k, c in f["cards"].items() if c["flag"] and c["set"] == "fort-base"]
    assert len(base_flagged) <= 3, base_flagged
    html = (report / "index.html").read_text()
    assert "why: " in html and "big-bo" in html


def test_the_designers_set_is_a_column_a_filter_and_comes_first(report: Path) -> None:
    html = (report / "index.html").read_text()
    kid_table = html[html.index("<caption>Kid cards"):]
    kid_table = kid_table[:kid_table.index("</table>")]
    sets = re.findall(r'<tr class="[^"]*set-(\d+)', kid_table)
    assert sets and sets[0] != sets[-1]
    first_base = next(i for i, s in enumerate(sets) if s == sets[-1])
    assert all(s != sets[-1] for s in sets[:first_base])  # the designer's rows come first
    assert 'type="radio"' in html and "only yard-kids" in html  # the filter, no script
    assert "<script" not in html
    assert "your set" in html  # the plot's legend and the page name it


def test_tables_drop_columns_that_are_always_empty(report: Path) -> None:
    html = (report / "index.html").read_text()
    rules = html[html.index("<caption>Made-up rules"):]
    rules = rules[:rules.index("</table>")]
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", rules)
    assert "recruited" not in heads and "followed" not in heads
    assert "id" in heads


def test_a_win_rate_from_a_few_games_is_not_a_figure(report: Path) -> None:
    from fortlang.sim.report import win_rate_cell

    assert win_rate_cell(0.0, [0.0, 0.66], 2) == "n/a (2 games)"
    assert win_rate_cell(0.25, [0.2, 0.3], 400).startswith("25.0% (400 games")
    html = (report / "index.html").read_text()
    assert 'id="effect-vs-win"' in html  # the paragraph that explains the two figures


@needs_chromium
def test_the_page_fits_1280_pixels_and_its_first_screen_is_saved(report: Path,
                                                                  tmp_path: Path) -> None:
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    with Chromium(CHROMIUM, tmp_path / "profile") as browser:
        browser.open((report / "index.html").as_uri())
        browser.viewport(1280, 800)
        browser.wait_for("document.readyState === 'complete' && "
                         "document.querySelectorAll('table').length === 3")
        assert browser.evaluate("document.documentElement.scrollWidth") <= 1280
        assert browser.evaluate("document.body.scrollWidth") <= 1280
        # every table ends inside the page's column (before: the kid table's right edge was
        # at 1258 px, past the body's 1197 px)
        edges = browser.evaluate("[document.body.getBoundingClientRect().right, ...Array.from("
                                 "document.querySelectorAll('table')).map(t => "
                                 "t.getBoundingClientRect().right)]")
        assert len(edges) == 4 and max(edges[1:]) <= edges[0], edges
        browser.evaluate("document.getElementById('only-set-0').click(), 0")
        shown = browser.evaluate("Array.from(document.querySelectorAll('tr.item')).filter("
                                 "r => r.offsetParent !== null).length")
        mine = browser.evaluate("document.querySelectorAll('tr.item.set-0').length")
        assert 0 < shown == mine
        browser.evaluate("document.getElementById('only-all').click(), 0")
        browser.evaluate("window.scrollTo(0, 0), 0")
        ARTIFACTS.mkdir(exist_ok=True)
        browser.screenshot(ARTIFACTS / "balance-first-screen.png")


def test_a_row_whose_yield_and_win_rate_disagree_says_so(report: Path) -> None:
    from collections import defaultdict

    from fortlang.sim.report import page

    f = json.loads((report / "figures.json").read_text())
    card = f["cards"]["big-bo"]  # yields the most; suppose its holders rarely won
    card.update(flag=None, flag_reason=None, acquired=50, win_rate_acquired=0.02,
                win_rate_acquired_ci95=[0.0, 0.1])
    html = page(f, defaultdict(str))
    row = html[html.index("<td>big-bo</td>"):]
    row = row[:row.index("</tr>")]
    assert "yet its holders win less" in row and "50 games" in row


def test_simulates_terminal_table_writes_no_rate_from_a_few_games(tmp_path: Path) -> None:
    folder = write_expansion(tmp_path / "yard-kids")
    result = CliRunner().invoke(main, ["simulate", "--sets", str(folder), "--games", "2",
                                       "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "n/a (" in result.stdout
    assert " 0.0% (" not in result.stdout


def test_too_few_ranked_cards_flag_nothing_and_the_page_says_why() -> None:
    from fortlang.sim.report import _flag_rule

    cards = {"a": _card(20.0, 0.1), "b": _card(1.0, 0.1), "c": _card(2.0, 0.1, n=3)}
    summary = flag_outliers(cards)
    assert summary["upper"] is None and not any(c["flag"] for c in cards.values())
    assert "at least 4 cards" in _flag_rule({"flagging": summary, "median_effect": None})
