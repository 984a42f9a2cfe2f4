"""`fortlang playtest` of the example game module (examples/game-module, Pig with cards), which
declares no narration and no determinization: a whole game through the server's routes with one
person scripted; a card's hostile name reaches the page as text, escaped; the save replays;
the search bot is refused (E906)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner
from pig_site import PIG_SET, pig  # noqa: F401 - pig: the fixture
from starlette.testclient import TestClient
from test_playtest_module import module_app, play_whole_game

from fortlang.cli import main

HOSTILE = "<img src=x onerror=window.pwned=1>\u202e\x1b[31m Piggy"


def hostile_set(tmp_path: Path) -> Path:
    """Pig's set with a card named to break out of HTML and the terminal."""
    folder = tmp_path / "pig-hostile"
    shutil.copytree(PIG_SET, folder)
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "name: Piggy Bank\n" in text
    cards.write_text(text.replace("name: Piggy Bank\n", f"name: {json.dumps(HOSTILE)}\n"),
                     encoding="utf-8")
    return folder


def test_a_whole_pig_game_with_a_hostile_card_name(tmp_path: Path) -> None:
    folder = hostile_set(tmp_path)
    app = module_app(str(folder), players=3, seed=4, bots=("greedy", "random"))
    with TestClient(app.app) as client:
        sent = play_whole_game(app, client, pick=lambda options: 0)
        saved = client.get(f"/t/{app.table.tokens[0]}/save.json").text
    assert sent[-1]["over"]["text"].startswith("winner: ")
    labels = {o["label"] for v in sent if v["decision"] for o in v["decision"]["options"]}
    assert "Lucky Roll" in labels  # the card's name, its option's value being its id
    raw = "".join(json.dumps(v, ensure_ascii=False) for v in sent)
    assert "\u202e" not in raw and "\x1b" not in raw  # bidi and control characters escaped
    assert any("<img src=x onerror=window.pwned=1>" in label for label in labels), labels
    # a module without narration tells a seat nothing of the others' answers
    assert all(line.startswith("you — ") for line in sent[-1]["log"])
    line = tmp_path / "pig.jsonl"
    line.write_text(saved, encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--sets", str(folder), str(line)])
    assert result.exit_code == 0, result.output
    assert "1 game(s) replayed: 1 identical, 0 different" in result.output


def test_the_page_puts_every_value_in_text_nodes() -> None:
    """The script never parses a value as markup: what the server sends is drawn with
    textContent, attributes and element constructors only."""
    from importlib.resources import files

    script = files("fortlang.playtest").joinpath("static", "app.js").read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                 "new Function"):
        assert sink not in script


def test_the_search_bot_needs_a_determinization() -> None:
    result = CliRunner().invoke(main, ["playtest", "--no-browser", "--sets", str(PIG_SET),
                                       "--bots", "mcts"])
    assert result.exit_code == 1
    assert "--bots: error[E906]: bot `mcts` is not available for Pig with cards yet" in \
        result.output
