"""Content hashes are frozen (issue 33): a log records each set's ``content_hash``
(fortlang.cardset.table), and a replay refuses a set whose hash differs. The hash text is the
documented "hash text v1" format, the text ``repr(CardSet)`` gave when the core's CardSet held
Fort's four fields; these values were computed on integ40 (069d99e) before CardSet held its
cards by slot, and must never change for the same cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from plugin_site import forget_games, install

from fortlang.cardset.load import load_set
from fortlang.cardset.table import combine, content_hash

ROOT = Path(__file__).resolve().parent.parent

#: set folder -> its content hash on integ40 (069d99e), before CardSet held slots
PINNED = {
    "cards/fort-base": "43062d6589308457",
    "cards/backyard": "efb13d9f2fa19364",
    "cards/fortune-base": "03aa49d3f15dcee7",
    "cards/frantic-base": "5d80239281d876b6",
    "examples/game-module/cards/pig-base": "e92c467daca5879c",
}
#: fort-base and backyard played together (combine)
PINNED_COMBINED = "2f7d1514302c8c46"


@pytest.fixture
def games(backyard: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The example vocabulary plugin (backyard) and game module (pig) installed."""
    forget_games()
    site = install(tmp_path / "pig-site", name="pig", module="fortlang_pig",
                   source=ROOT / "examples" / "game-module" / "fortlang_pig",
                   group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    yield
    forget_games()


@pytest.mark.parametrize("folder", sorted(PINNED))
def test_bundled_and_example_sets_keep_their_content_hash(games: None, folder: str) -> None:
    cardset = load_set(ROOT / folder)
    assert content_hash(cardset) == PINNED[folder]


def test_combined_sets_keep_their_content_hash(games: None) -> None:
    table = combine([load_set(ROOT / "cards" / "fort-base"), load_set(ROOT / "cards" / "backyard")])
    assert content_hash(table) == PINNED_COMBINED
