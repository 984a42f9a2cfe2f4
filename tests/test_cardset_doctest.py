"""The docstring examples of fortlang.cardset run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import fortlang.cardset


def test_cardset_docstring_examples():
    result = doctest.testmod(fortlang.cardset)
    assert result.attempted >= 2 and result.failed == 0
