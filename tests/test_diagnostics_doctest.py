"""The docstring examples of the diagnostics modules run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import pytest

import fortlang.codes
import fortlang.errors
import fortlang.escape


@pytest.mark.parametrize("module", [fortlang.codes, fortlang.escape, fortlang.errors],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted >= 1 and result.failed == 0
