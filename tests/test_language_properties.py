"""Properties: printing round-trips for every AST; parsing anything raises only FortSyntaxError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from strategies import actions_of, example_plugin_vocabulary, exprs_of, parses_or_says_where

from fortlang import nodes as n
from fortlang.errors import FortSyntaxError
from fortlang.games.fort import vocabulary as fort_words
from fortlang.parser import language, parse_action, parse_scoring
from fortlang.printer import to_text

#: Every vocabulary gets the round-trip property (issue 18.5): Fort's, and Fort's extended by
#: the example plugin's words (what a plugin author's words get, by the same strategy).
VOCABULARIES = {"fort": fort_words.FORT, "fort+backyard": example_plugin_vocabulary()}


@pytest.mark.parametrize("name", VOCABULARIES)
@given(data=st.data())
def test_r13_print_then_parse_is_identity_for_every_action(name: str, data: st.DataObject) -> None:
    vocab = VOCABULARIES[name]
    ast = data.draw(actions_of(vocab))
    words = language(vocab)
    text = to_text(ast)
    parsed = words.parse_action(text)
    assert parsed == ast
    assert to_text(parsed) == text  # printing is idempotent
    # the parser's fast paths make nodes as the constructors do: depths (not compared) too
    assert [x.depth for x in parsed.walk()] == [x.depth for x in ast.walk()]


exprs = exprs_of(fort_words.FORT)


@given(exprs)
def test_r14_print_then_parse_is_identity_for_every_scoring_rule(ast: n.Expr) -> None:
    text = to_text(ast)
    assert parse_scoring(text) == ast


_GRAMMAR = Lark(language().grammar, parser="lalr",
                start=["action", "scoring"])


@given(st.one_of(from_lark(_GRAMMAR, start="action"), st.text(max_size=80)))
def test_fuzz_actions_raise_only_fort_syntax_error(text: str) -> None:
    parses_or_says_where(parse_action, text)


@given(st.one_of(from_lark(_GRAMMAR, start="scoring"), st.text(max_size=80)))
def test_fuzz_scoring_raises_only_fort_syntax_error(text: str) -> None:
    try:
        ast = parse_scoring(text)
    except FortSyntaxError as e:
        e.render()
    else:
        assert parse_scoring(to_text(ast)) == ast
