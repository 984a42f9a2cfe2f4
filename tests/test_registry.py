"""The registry, the grammar and every dispatch table agree (STYLE #8)."""

from __future__ import annotations

import doctest

import pytest

import fortlang
from fortlang import checker, errors, nodes, parser, printer, registry
from fortlang.games.fort import nodes as fort_nodes
from fortlang.games.fort import vocabulary as fort_words
from fortlang.parser import lark_rule_names, parse_action
from fortlang.printer import to_text


def test_every_primitive_has_a_grammar_rule_and_back() -> None:
    rules = lark_rule_names()
    primitive_rules = {p.name for p in fort_words.PRIMITIVES}
    assert primitive_rules <= rules
    assert set(fort_nodes.ACTION_LEAVES) == {p.node for p in fort_words.PRIMITIVES}


@pytest.mark.parametrize("spec", fort_words.PRIMITIVES, ids=lambda s: s.name)
def test_registry_examples_parse_and_contain_their_primitive(spec: registry.PrimitiveSpec) -> None:
    ast = parse_action(spec.example)
    assert any(isinstance(node, spec.node) for node in ast.walk())
    assert to_text(ast) == spec.example or parse_action(to_text(ast)) == ast


@pytest.mark.parametrize("op", registry.OPERATORS, ids=lambda o: o.name)
def test_operator_examples_parse(op: registry.OperatorSpec) -> None:
    assert to_text(parse_action(op.example)) == op.example


@pytest.mark.parametrize("cls", nodes.ALL_NODES, ids=lambda c: c.__name__)
def test_every_node_class_has_a_printer(cls: type) -> None:
    assert cls in printer._PRINTERS


@pytest.mark.parametrize("word", [w.word for w in fort_words.QUANTITIES])
def test_a_game_quantity_prints_as_its_declared_word(word: str) -> None:
    """Fort's quantities have no printer of their own: each prints as the word whose
    declaration builds it (issue 33), `shovel` for ``SuitCount(Suit.SHOVEL)``."""
    node = fort_words.QUANTITY_BY_WORD[word].build()
    assert type(node) not in printer._PRINTERS or type(node) is nodes.Tally
    assert printer.to_text(node) == word


def test_unknown_node_raises() -> None:
    class Stray(nodes.Action):
        pass

    with pytest.raises(TypeError, match="no printer for Stray"):
        to_text(Stray())


def test_quantity_words_resolve_to_distinct_nodes() -> None:
    built = {w.word: w.build() for w in fort_words.QUANTITIES}
    assert len(set(built.values())) == len(built)


@pytest.mark.parametrize("module", [fortlang, nodes, registry, parser, printer, checker, errors],
                         ids=lambda m: m.__name__)
def test_docstring_examples_run(module) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_bots_value_of_a_primitive_is_its_registry_declaration(monkeypatch) -> None:
    """Issue 13 item 1: the greedy bot reads each primitive's value and each quantity's
    typical count from the registry, not from a table of its own."""
    from dataclasses import replace

    from fortlang.agents.bots import worth
    from fortlang.parser import parse_action

    score = fort_words.PRIMITIVE_BY_NODE[fort_nodes.Score]
    assert worth(parse_action("score 2")) == score.worth(parse_action("score 2"))
    seven = replace(score, worth=lambda a: 7.0)
    monkeypatch.setitem(registry._SPECS, fort_nodes.Score, seven)  # what spec_of reads
    assert worth(parse_action("score 2")) == 7.0
    level = fort_words.QUANTITY_BY_WORD["level"]
    monkeypatch.setitem(registry._QUANTITIES, "level", replace(level, typical=3.0))
    assert worth(parse_action("score x level")) == 21.0
    for spec in fort_words.PRIMITIVES:  # every primitive declares one
        node = next(x for x in parse_action(spec.example).walk() if type(x) is spec.node)
        assert isinstance(spec.worth(node), float)


def test_the_parsers_word_lists_come_from_the_registry(monkeypatch) -> None:
    """Issue 13 item 1: the words of each primitive's declared syntax are the parser's keywords
    and "expected an action (...)" list; nothing is kept by hand beside the registry."""
    words = {w for spec in fort_words.PRIMITIVES for w in spec.syntax.split()
             if w.isalpha() and w.islower()}
    starts = {spec.syntax.split()[0] for spec in fort_words.PRIMITIVES}
    # + the words of the operators that are words (`if`, `each rival ->`...; `x`, `then`, `or`
    # are operators the grammar names apart, `rival` the scoring's), and the scoring's `else`
    operator_words = {w for op in registry.OPERATORS for w in op.spellings if w.isalpha()}
    assert parser.keywords() == words | operator_words - {"x", "then", "or", "rival"} | {"else"}
    assert parser.action_starts() == starts
    with pytest.raises(errors.FortSyntaxError) as err:
        parse_action("frobnicate")
    assert "expected an action (" + ", ".join(sorted(starts)) + ")" in str(err.value)


def test_the_registry_is_an_instance_another_vocabulary_leaves_fort_alone() -> None:
    """Issue 13 item 1 / issue 18 item 6: Fort's words are one Vocabulary instance; extending
    it builds another, with its own lookups, and Fort's stay as they were."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Fetch(nodes.Action):
        amount: int = 1

    draw = registry.PrimitiveSpec("fetch", Fetch, "fetch [N]", "X1", "Draw N cards.", "fetch 2",
                                  worth=lambda a: 1.0 * a.amount)
    before = dict(fort_words.FORT.primitive_by_name)
    other = fort_words.FORT.extended("fort+fetch", primitives=(draw,))
    assert other.primitive_by_name["fetch"] is draw and other.primitive_by_node[Fetch] is draw
    assert "fetch" not in fort_words.FORT.primitive_by_name
    assert fort_words.FORT.primitive_by_name == before == fort_words.PRIMITIVE_BY_NAME
    with pytest.raises(ValueError, match="declared twice"):
        other.extended("again", primitives=(draw,))
