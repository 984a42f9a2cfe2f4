"""The docstring examples of fortlang.scaffold run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import fortlang.scaffold


def test_scaffold_docstring_examples():
    result = doctest.testmod(fortlang.scaffold)
    assert result.attempted >= 3 and result.failed == 0
