"""The docstring examples of the exact odds and of Fortune and Glory's module run as tests
(STYLE #14)."""

from __future__ import annotations

import doctest

import pytest

import fortlang.engine.odds
import fortlang.games.fortune.adventure
import fortlang.games.fortune.cards
import fortlang.games.fortune.deck
import fortlang.games.fortune.odds
import fortlang.games.fortune.report
import fortlang.games.fortune.switches
import fortlang.games.fortune.table
import fortlang.games.fortune.vocabulary

MODULES = [fortlang.engine.odds, fortlang.games.fortune.adventure, fortlang.games.fortune.cards,
           fortlang.games.fortune.deck,
           fortlang.games.fortune.odds, fortlang.games.fortune.report,
           fortlang.games.fortune.switches, fortlang.games.fortune.table,
           fortlang.games.fortune.vocabulary]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module) -> None:
    result = doctest.testmod(module)
    assert result.attempted >= 1 and result.failed == 0
