"""Properties: printing round-trips for every AST; parsing anything raises only FortSyntaxError."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.errors import FortSyntaxError
from fortlang.parser import language, parse_action, parse_scoring
from fortlang.printer import to_text

amounts = st.integers(0, 999_999)
leaves = st.one_of(
    st.builds(n.Gain, amount=amounts, resource=st.sampled_from(n.Resource)),
    st.builds(n.Spend, amount=amounts, resource=st.sampled_from(n.Resource)),
    st.builds(n.Score, amount=amounts),
    st.builds(n.Advance, modifier=st.integers(-99, 99)),
    *(st.builds(spec.node) for spec in reg.PRIMITIVES if spec.node not in
      (n.Gain, n.Spend, n.Score, n.Advance)),
)
quantities = st.one_of(
    st.builds(n.SuitCount, suit=st.sampled_from(n.Suit)),
    st.builds(n.Fixed, n=amounts),
    *(st.builds(cls) for cls in (n.AnySuit, n.PackSize, n.FortLevel, n.LookoutSize)),
)


def _composites(kids: st.SearchStrategy[n.Action]) -> st.SearchStrategy[n.Action]:
    several = st.lists(kids, min_size=2, max_size=4).map(tuple)
    return st.one_of(
        st.builds(n.Repeat, kids, quantities),
        several.map(n.Then),
        several.map(n.Choice),
    )


actions = st.recursive(leaves, _composites, max_leaves=24)

metrics = st.sampled_from([m.word for m in reg.METRICS])
atoms = st.one_of(st.builds(n.Number, amounts), st.builds(n.Metric, metrics),
                  st.builds(n.RivalBest, metrics))


def _expr_composites(kids: st.SearchStrategy[n.Expr]) -> st.SearchStrategy[n.Expr]:
    compare = st.builds(n.Compare, st.sampled_from(reg.COMPARE_OPS), kids, kids)
    return st.one_of(
        st.builds(n.Arith, st.sampled_from(reg.ARITH_OPS), kids, kids),
        st.builds(n.IfElse, kids, compare, st.none() | kids),
    )


exprs = st.recursive(atoms, _expr_composites, max_leaves=16)


@given(actions)
def test_r13_print_then_parse_is_identity_for_every_action(ast: n.Action) -> None:
    text = to_text(ast)
    assert parse_action(text) == ast
    assert to_text(parse_action(text)) == text  # printing is idempotent


@given(exprs)
def test_r14_print_then_parse_is_identity_for_every_scoring_rule(ast: n.Expr) -> None:
    text = to_text(ast)
    assert parse_scoring(text) == ast


_GRAMMAR = Lark(language().grammar, parser="lalr",
                start=["action", "scoring"])


@given(st.one_of(from_lark(_GRAMMAR, start="action"), st.text(max_size=80)))
def test_fuzz_actions_raise_only_fort_syntax_error(text: str) -> None:
    try:
        ast = parse_action(text)
    except FortSyntaxError as e:
        assert e.diagnostics and e.diagnostics[0].span is not None
        e.render()  # rendering never fails either
    else:
        assert parse_action(to_text(ast)) == ast


@given(st.one_of(from_lark(_GRAMMAR, start="scoring"), st.text(max_size=80)))
def test_fuzz_scoring_raises_only_fort_syntax_error(text: str) -> None:
    try:
        ast = parse_scoring(text)
    except FortSyntaxError as e:
        e.render()
    else:
        assert parse_scoring(to_text(ast)) == ast
