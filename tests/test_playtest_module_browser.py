"""`fortlang playtest --sets <a Frantic set>` as a person uses it (issue 33 item 5): the real
server started by the command, its page in headless Chromium, a whole Frantic game against
three bots clicked through to the final scores, with cards named to break out of the page."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from test_playtest_browser import CHROMIUM, STEP, Server, needs_chromium

ROOT = Path(__file__).resolve().parent.parent
MARKUP = "<img src=x onerror=window.pwned=1>"


def hostile_frantic(tmp_path: Path) -> Path:
    """Frantic's base set with every blue number card named to break out of HTML, and a
    right-to-left override that would reverse what follows it."""
    folder = tmp_path / "frantic-hostile"
    shutil.copytree(ROOT / "cards" / "frantic-base", folder,
                    ignore=shutil.ignore_patterns("scenarios"))
    cards = folder / "cards.yaml"
    text, renamed = re.subn(r"name: Blue (\d),",
                            lambda m: f'name: "{MARKUP}\\u202e Blue {m[1]}",',
                            cards.read_text(encoding="utf-8"))
    assert renamed == 9
    cards.write_text(text, encoding="utf-8")
    return folder


@needs_chromium
def test_a_whole_frantic_game_clicked_to_the_final_scores(tmp_path: Path) -> None:
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    server = Server("--seed", "3", "--pace", "0", "--players", "4", "--bots", "greedy,random",
                    "--sets", str(hostile_frantic(tmp_path)), cwd=tmp_path)
    seen_hostile = seen_hand = False
    clicks = 0
    try:
        with Chromium(CHROMIUM, tmp_path / "profile") as browser:
            browser.open(server.links[0])
            browser.wait_for("document.body.dataset.version !== undefined")
            assert browser.evaluate("document.title").startswith("Frantic — you are ")
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                step = browser.evaluate(STEP)
                if step == "over":
                    break
                clicks += bool(step and step.startswith("clicked"))
                text = browser.evaluate("document.body.innerText") or ""
                seen_hostile = seen_hostile or MARKUP in text
                seen_hand = seen_hand or "your hand: " in text
                assert "\u202e" not in text  # bidi: escaped
                time.sleep(0.02)
            else:
                raise AssertionError(f"no final scores after {clicks} answers")
            assert clicks > 10 and seen_hand and seen_hostile
            winners = browser.evaluate("document.getElementById('winners').textContent")
            assert winners.startswith("winner: player ") and winners.endswith(" turns")
            assert browser.evaluate("document.querySelectorAll('#final tr').length") == 4
            assert browser.evaluate("window.pwned === undefined")
            assert browser.evaluate("document.querySelectorAll('img[src=\"x\"]').length") == 0
    finally:
        server.stop()
