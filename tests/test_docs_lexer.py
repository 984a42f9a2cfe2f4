"""The Pygments lexers: registered as entry points, word lists from the grammar and registry."""

from __future__ import annotations

import pytest
from pygments.lexers import get_lexer_by_name
from pygments.token import Error, Keyword, Name, Operator

from fortlang import registry as reg
from fortlang.docsite.lexer import FortLexer, FortScoringLexer
from fortlang.games.fort import vocabulary as fort_words


def _tokens(lexer, text: str) -> list[tuple[object, str]]:
    return [(t, v) for t, v in lexer.get_tokens(text) if v.strip()]


def test_lexers_are_found_through_the_pygments_entry_point() -> None:
    assert isinstance(get_lexer_by_name("fortlang"), FortLexer)
    assert isinstance(get_lexer_by_name("fortlang-scoring"), FortScoringLexer)


@pytest.mark.parametrize("example", [p.example for p in fort_words.PRIMITIVES]
                         + [o.example for o in reg.OPERATORS], ids=lambda e: e)
def test_r12_r13_every_registry_example_lexes_without_errors(example: str) -> None:
    assert all(t is not Error for t, _ in _tokens(FortLexer(), example))


def test_r13_3_quantity_after_times_is_a_builtin_even_when_spelled_like_a_primitive() -> None:
    toks = _tokens(FortLexer(), "pack x pack")
    assert toks == [(Keyword, "pack"), (Operator.Word, "x"), (Name.Builtin, "pack")]


def test_r13_4_unicode_operators_are_operators() -> None:
    toks = _tokens(FortLexer(), "(recruit ▶ gain toy) × water_gun")
    assert (Operator, "▶") in toks and (Operator.Word, "×") in toks
    assert (Name.Constant, "toy") in toks and (Name.Builtin, "water_gun") in toks


def test_misspelled_words_are_marked_as_errors() -> None:
    toks = _tokens(FortLexer(), "gain piza x shovl")
    assert (Error, "piza") in toks and (Error, "shovl") in toks


def test_r14_scoring_metrics_keywords_and_comparisons() -> None:
    toks = _tokens(FortScoringLexer(), "8 if cards > rival cards else 4")
    assert (Keyword, "if") in toks and (Keyword, "rival") in toks and (Keyword, "else") in toks
    assert (Name.Variable, "cards") in toks and (Operator, ">") in toks
    assert all(t is not Error for t, _ in toks)
