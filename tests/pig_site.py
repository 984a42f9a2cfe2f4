"""The example game module (examples/game-module, Pig with cards) installed for a test the way
pip lays it out, in a private folder on ``sys.path``: ``from pig_site import pig`` in a test
file makes every test there see the game ``pig``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_site import forget_games, install

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "game-module"
PIG_SET = EXAMPLE / "cards" / "pig-base"


@pytest.fixture(autouse=True)
def pig(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example module installed in a private folder on ``sys.path``; the installed games
    are forgotten before and after."""
    forget_games()
    site = install(tmp_path / "site", name="pig", module="fortlang_pig",
                   source=EXAMPLE / "fortlang_pig", group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    yield site
    forget_games()
