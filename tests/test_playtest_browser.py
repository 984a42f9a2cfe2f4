"""`fortlang playtest` as a person uses it: the real server started by the command, its page in
headless Chromium (Debian's; CI installs it), a whole game against a bot clicked through to the
final score (issue 37)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from expansion import write_expansion

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium")) if p and
                 Path(p).exists()), None)
# Skipped on a developer's machine without it; in CI (.ci/run installs it) a missing browser fails.
needs_chromium = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                    reason="Debian's chromium is not installed")
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
FORTLANG = Path(sys.executable).with_name("fortlang")
HOSTILE = '"<img src=x onerror=window.pwned=1>\u202e Pete"'


class Server:
    """`fortlang playtest` in a child process; its printed links."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.proc = subprocess.Popen([str(FORTLANG), "playtest", "--no-browser", *args],
                                     cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.links: list[str] = []
        assert self.proc.stdout is not None
        for line in self.proc.stdout:  # the links come before the server serves
            if line.startswith("  player "):
                self.links.append(line.split(": ", 1)[1].strip())
            if line.startswith("  host"):
                self.host = line.split(": ", 1)[1].strip()
                break
        assert self.links, self.proc.stderr.read() if self.proc.stderr else ""
        time.sleep(0.5)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    kids = [("pete", "Pete", "[crown]", 1, "score", "pack"),
            ("hostile", HOSTILE, "[crown]", 8, "gain pizza", "score")]
    folder = write_expansion(tmp_path / "hostile-kids", kids=kids)
    s = Server("--seed", "11", "--pace", "0", "--bots", "greedy", "--sets", str(folder),
               cwd=tmp_path)
    try:
        yield s
    finally:
        s.stop()


#: One step of a person who always takes the first option: "over", "clicked <n>" or "wait".
STEP = """(() => {
  if (!document.getElementById('final').hidden) return 'over';
  const box = document.getElementById('decision');
  const button = box.querySelector('.options button');
  if (!button || box.dataset.clicked === box.dataset.number) return 'wait';
  box.dataset.clicked = box.dataset.number;
  button.click();
  return 'clicked ' + box.dataset.number;
})()"""


@needs_chromium
def test_a_whole_game_against_a_bot_clicked_to_the_final_score(server: Server,
                                                               tmp_path: Path) -> None:
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    seen_hostile = False
    clicks = 0
    with Chromium(CHROMIUM, tmp_path / "profile") as browser:
        browser.open(server.links[0])
        browser.viewport(1280, 900)
        browser.wait_for("document.body.dataset.version !== undefined")
        assert "you are " in browser.evaluate("document.title")
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            step = browser.evaluate(STEP)
            if step == "over":
                break
            if step and step.startswith("clicked"):
                clicks += 1
                if clicks == 12:
                    ARTIFACTS.mkdir(exist_ok=True)
                    browser.screenshot(ARTIFACTS / "playtest-table.png")
            text = browser.evaluate("document.body.innerText") or ""
            seen_hostile = seen_hostile or "<img src=x onerror=window.pwned=1>" in text
            time.sleep(0.02)
        else:
            raise AssertionError(f"no final score after {clicks} answers")
        assert clicks > 10
        winners = browser.evaluate("document.getElementById('winners').textContent")
        assert winners.startswith("winner: player ") and " turns (" in winners
        rows = browser.evaluate("document.querySelectorAll('#final tr').length")
        assert rows == 3  # the header and two players (R11)
        log = browser.evaluate("document.querySelectorAll('#log li').length")
        assert log > clicks  # every answer, the bot's too, and what each changed
        # a card's name is text on the page, never markup, and runs no script
        assert browser.evaluate("window.pwned === undefined")
        assert browser.evaluate("document.querySelectorAll('img[src=\"x\"]').length") == 0
        assert seen_hostile
        assert "\u202e" not in browser.evaluate("document.body.innerText")  # bidi: escaped


@needs_chromium
def test_a_persons_page_never_shows_a_rivals_hand(tmp_path: Path) -> None:
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    server = Server("--seed", "5", "--players", "2", "--seats", "2", "--pace", "0",
                    cwd=tmp_path)
    try:
        with Chromium(CHROMIUM, tmp_path / "profile") as browser:
            browser.open(server.links[0])
            browser.wait_for("document.body.dataset.version !== undefined")
            mine = browser.evaluate(
                "document.querySelectorAll('article.mine [data-zone=hand] img').length")
            rival = browser.evaluate(
                "document.querySelector('article:not(.mine) [data-zone=hand]').textContent")
            assert mine == 5  # R2: five cards in hand
            assert rival == "hand: 5 cards"
            assert browser.evaluate(
                "document.querySelectorAll('article:not(.mine) [data-zone=hand] img')"
                ".length") == 0
    finally:
        server.stop()
