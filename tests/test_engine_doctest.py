"""The docstring examples of fortlang.engine run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import builders
import pytest

import fortlang.engine
import fortlang.engine.program
import fortlang.games.fort.table
from fortlang import native


@pytest.mark.parametrize("module", [fortlang.engine, fortlang.engine.program,
                                    fortlang.games.fort.table, builders],
                         ids=lambda m: m.__name__)
def test_engine_docstring_examples(module):
    if native.is_compiled(module):
        pytest.skip("doctest finds no examples in a compiled module (the pure run has them)")
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
