"""The docstring examples of fortlang.engine run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import builders
import pytest

import fortlang.engine


@pytest.mark.parametrize("module", [fortlang.engine, builders],
                         ids=lambda m: m.__name__)
def test_engine_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
