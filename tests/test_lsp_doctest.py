"""The docstring examples of fortlang.lsp run as tests (STYLE #14)."""

from __future__ import annotations

import doctest

import pytest

from fortlang.lsp import actions, markup


@pytest.mark.parametrize("module", [actions, markup], ids=lambda m: m.__name__)
def test_lsp_docstring_examples(module) -> None:
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
