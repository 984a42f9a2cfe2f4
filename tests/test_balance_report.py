"""`fortlang balance`: the report page (plots, tables, figures.json) opened in headless
Chromium; card-file values escaped; a bad --out refused before any game."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from expansion import KIDS, write_expansion

from fortlang.cli import main

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium")) if p and
                 Path(p).exists()), None)
# Skipped on a developer's machine without it; in CI (.ci/run installs it) a missing browser fails.
needs_chromium = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                    reason="Debian's chromium is not installed")
HOSTILE = '"<script>window.pwned=1</script>$x$ & Co"'


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("balance")
    kids = [*KIDS, ("hostile", HOSTILE, "[crown]", 2, "score 2", "pack")]
    folder = write_expansion(root / "yard-kids", kids=kids)
    out = root / "report"
    result = run("balance", "--sets", str(folder), "--games", "40", "--seed", "4", "--out",
                 str(out))
    assert result.exit_code == 0, result.output
    assert "report ->" in result.stdout
    return out


def test_report_writes_the_page_and_the_figures_and_nothing_else(report: Path) -> None:
    assert sorted(p.name for p in report.iterdir()) == ["figures.json", "index.html"]
    figures = json.loads((report / "figures.json").read_text())
    assert figures["games"] == 40 and figures["cards"]["strong-sam"]["flag"] == "above"
    assert figures["cards"]["hostile"]["name"].startswith("<script>")
    html = (report / "index.html").read_text()
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in html
    assert "<script>" not in html and "http://" not in html and "https://" not in html
    assert html.count('src="data:image/png;base64,') == 5  # offline: every plot is inline


def test_the_page_says_the_margin_a_flag_had_to_clear(report: Path) -> None:
    from collections import defaultdict

    from fortlang.sim.report import page

    figures = json.loads((report / "figures.json").read_text())
    plots: defaultdict[str, str] = defaultdict(str)  # the page's text only
    assert "points per play further" not in page(figures, plots)
    figures["flag_margin"] = 0.5  # the report's fences move out by the margin (issue 36)
    assert "and 0.5 points per play further: below" in page(figures, plots)


def test_report_figures_are_simulates_figures(report: Path, tmp_path: Path) -> None:
    folder = next(report.parent.glob("yard-kids"))
    sim = run("simulate", "--sets", str(folder), "--games", "40", "--seed", "4", "--bots",
              "greedy", "--json")
    from fortlang.games.fort.sim.stats import flag_outliers

    figures = json.loads(sim.stdout)  # the report's flags: outliers only (issue 36)
    figures["flagging"] = flag_outliers(figures["cards"], figures["flag_margin"])
    figures["shown_sets"] = ["fort-base", "yard-kids"]  # every set's items (no --set)
    assert figures == json.loads((report / "figures.json").read_text())


@needs_chromium
def test_report_opens_in_headless_chromium_with_every_plot(report: Path,
                                                           tmp_path: Path) -> None:
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    with Chromium(CHROMIUM, tmp_path / "profile") as browser:
        browser.open((report / "index.html").as_uri())
        browser.wait_for("document.readyState === 'complete'")
        loaded = browser.wait_for("Array.from(document.images).filter("
                                  "i => i.complete && i.naturalWidth > 400).length === 5")
        assert loaded
        assert browser.evaluate("window.pwned === undefined")
        assert browser.evaluate("document.querySelectorAll('script').length") == 0
        text = browser.evaluate("document.body.innerText")
        assert "<script>window.pwned=1</script>$x$ & Co" in text  # shown as text
        assert "strong-sam (above)" in text
        rows = browser.evaluate("document.querySelectorAll('tr.above').length")
        assert rows >= 1
        height = browser.evaluate("document.documentElement.scrollHeight")
        browser.call("Emulation.setDeviceMetricsOverride", {
            "width": 1200, "height": height, "deviceScaleFactor": 1, "mobile": False})
        shot = browser.call("Page.captureScreenshot", {"format": "png"})["data"]
    import base64

    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "balance-report.png").write_bytes(base64.b64decode(shot))


def test_out_that_is_a_file_is_refused_before_any_game(tmp_path: Path) -> None:
    target = tmp_path / "report"
    target.write_text("keep me")
    result = run("balance", "--games", "100000", "--out", str(target))
    assert result.exit_code == 1
    assert "--out must be a folder" in result.stderr and "Traceback" not in result.output
    assert target.read_text() == "keep me"


def test_without_matplotlib_balance_is_a_diagnostic_before_any_game(monkeypatch,
                                                                    tmp_path: Path) -> None:
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    result = run("balance", "--games", "100000", "--out", str(tmp_path / "report"))
    assert result.exit_code == 1
    assert "the balance report needs matplotlib" in result.stderr
    assert "fortlang[balance]" in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "report").exists()


def test_planted_links_are_replaced_and_controls_are_escaped(tmp_path: Path) -> None:
    """Issue 31: a link already in --out is never written through, and a card name's U+202E
    and ESC reach neither the page nor figures.json raw."""
    name = '"Evil\\u202eEman\\x1b[2J"'
    kids = [*KIDS, ("evil", name, "[crown]", 2, "score 2", "pack")]
    folder = write_expansion(tmp_path / "yard-kids", kids=kids)
    out = tmp_path / "report"
    out.mkdir()
    victim = tmp_path / "bashrc"
    victim.write_text("mine\n")
    (out / "index.html").symlink_to(victim)
    (out / "figures.json").symlink_to(victim)
    result = run("balance", "--sets", str(folder), "--games", "4", "--players", "2",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert victim.read_text() == "mine\n"
    for page in ("index.html", "figures.json"):
        assert not (out / page).is_symlink()
        text = (out / page).read_text(encoding="utf-8")
        assert "\u202e" not in text and "\x1b" not in text, page
    assert "Evil\\u202eEman" in (out / "index.html").read_text(encoding="utf-8")
    figures = json.loads((out / "figures.json").read_text(encoding="utf-8"))
    assert figures["cards"]["evil"]["name"] == "Evil\u202eEman\x1b[2J"  # JSON escapes read back
