"""The docstring examples of fortlang.engine run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import builders
import pytest

import fortlang.engine
import fortlang.engine.program


@pytest.mark.parametrize("module", [fortlang.engine, fortlang.engine.program, builders],
                         ids=lambda m: m.__name__)
def test_engine_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
