"""The docstring examples of fortlang.game run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import fortlang.game


def test_game_docstring_examples():
    result = doctest.testmod(fortlang.game)
    assert result.attempted >= 2 and result.failed == 0
