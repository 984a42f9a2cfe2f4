"""Hypothesis strategies for the ASTs of any vocabulary, derived from its declarations (issue 18
item 5): each primitive's arguments come from its declared syntax, each quantity from its word,
so a vocabulary plugin's words get the same round-trip property as Fort's with no strategy
written by hand. The core's constructs (`if ->`, `each rival ->`...) are in every vocabulary."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.errors import FortSyntaxError
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.printer import to_text

AMOUNTS = st.integers(0, 999_999)

#: What each argument of a declared syntax may hold (the parser takes any 6-digit number;
#: the checker, not the parser, bounds them).
_ARGUMENTS = {
    "[N]": AMOUNTS, "N": AMOUNTS,
    "RES": st.sampled_from(fn.Resource),
    "[-1|+1]": st.integers(-99, 99),
}


def leaves_of(vocab: reg.Vocabulary) -> st.SearchStrategy[n.Action]:
    """Every primitive of ``vocab`` with every argument its syntax declares: Fort's as above,
    another kind's among its typed values (left out: its default)."""
    def argument(a: reg.Argument) -> st.SearchStrategy[object]:
        if a.part in _ARGUMENTS and a.kind in fort_words.FORT_KINDS:
            return _ARGUMENTS[a.part]
        values = st.sampled_from(a.kind.values())
        return values | st.just(a.kind.default) if a.optional else values

    return st.one_of(*(
        st.builds(spec.node, **{a.kind.field: argument(a) for a in reg.arguments_of(spec.node)})
        for spec in vocab.primitives))


def quantities_of(vocab: reg.Vocabulary) -> st.SearchStrategy[n.Quantity]:
    words = [w for w in vocab.quantities]
    return st.one_of(st.builds(n.Fixed, n=AMOUNTS),
                     st.sampled_from(words).map(lambda w: w.build()))


def metrics_of(vocab: reg.Vocabulary) -> st.SearchStrategy[str]:
    return st.sampled_from([m.word for m in vocab.metrics])


def exprs_of(vocab: reg.Vocabulary, max_leaves: int = 16) -> st.SearchStrategy[n.Expr]:
    metrics = metrics_of(vocab)
    atoms = st.one_of(st.builds(n.Number, AMOUNTS), st.builds(n.Metric, metrics),
                      st.builds(n.RivalBest, metrics))

    def composites(kids: st.SearchStrategy[n.Expr]) -> st.SearchStrategy[n.Expr]:
        return st.one_of(
            st.builds(n.Arith, st.sampled_from(reg.ARITH_OPS), kids, kids),
            st.builds(n.IfElse, kids, compares(kids), st.none() | kids))

    return st.recursive(atoms, composites, max_leaves=max_leaves)


def compares(exprs: st.SearchStrategy[n.Expr]) -> st.SearchStrategy[n.Compare]:
    return st.builds(n.Compare, st.sampled_from(reg.COMPARE_OPS), exprs, exprs)


def actions_of(vocab: reg.Vocabulary, max_leaves: int = 24) -> st.SearchStrategy[n.Action]:
    """Every AST of ``vocab``'s actions: its primitives under every operator of the language."""
    quantities = quantities_of(vocab)
    # a vocabulary without metrics (Frantic's) has no comparisons, so no `if ... ->`
    tests = compares(exprs_of(vocab, max_leaves=4)) if vocab.metrics else None

    def composites(kids: st.SearchStrategy[n.Action]) -> st.SearchStrategy[n.Action]:
        several = st.lists(kids, min_size=2, max_size=4).map(tuple)
        return st.one_of(
            st.builds(n.Repeat, kids, quantities),
            several.map(n.Then),
            several.map(n.Choice),
            *([st.builds(n.Conditional, tests, kids)] if tests is not None else []),
            st.builds(n.Target, st.sampled_from([s.node_value for s in vocab.selectors]), kids),
        )

    return st.recursive(leaves_of(vocab), composites, max_leaves=max_leaves)


EXAMPLE_PLUGIN = Path(__file__).resolve().parent.parent / "examples" / "vocabulary-plugin"


def example_plugin_vocabulary() -> reg.Vocabulary:
    """Fort's words and those of the example plugin (examples/vocabulary-plugin), loaded from
    the repository for the tests alone (fortlang itself only loads installed plugins)."""
    path = EXAMPLE_PLUGIN / "fortlang_backyard" / "__init__.py"
    spec = importlib.util.spec_from_file_location("tests_fortlang_backyard", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    plugin = module.VOCABULARY
    return fort_words.FORT.extended(f"fort+{plugin.name}", primitives=plugin.primitives,
                             quantities=plugin.quantities)


def prints_and_parses_back(parse: Callable[[str], Any], ast: n.Node) -> None:
    """The round-trip property: ``ast`` printed parses back to itself, and prints the same."""
    text = to_text(ast)
    assert parse(text) == ast
    assert to_text(parse(text)) == text


def parses_or_says_where(parse: Callable[[str], Any], text: str) -> None:
    """Any text is an AST that prints and parses back, or a positioned error that renders."""
    try:
        ast = parse(text)
    except FortSyntaxError as e:
        assert e.diagnostics and e.diagnostics[0].span is not None
        e.render()  # rendering never fails either
    else:
        assert parse(to_text(ast)) == ast
