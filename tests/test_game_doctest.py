"""The docstring examples of fortlang.sim run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import fortlang.sim


def test_sim_docstring_examples():
    result = doctest.testmod(fortlang.sim)
    assert result.attempted >= 2 and result.failed == 0
