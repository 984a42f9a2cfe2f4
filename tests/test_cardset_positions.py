"""DSL errors inside YAML strings point at the exact spot in the card file, whatever the
scalar style: plain, quoted (with '' and escapes), literal and folded blocks, multi-line."""

from __future__ import annotations

import pytest

from fortlang.cardset.dsl import ACTION, SCORING, parse_scalar
from fortlang.cardset.yamlsrc import read_document

CASES = {
    "plain": ("public: gain pizza x shovle # boost\n", ACTION, "shovle"),
    "single-quoted": ("public: 'gain ''2'' pizza x shovle'\n", ACTION, "'"),
    "single-quoted-word": ("public: 'score  x  levle'\n", ACTION, "levle"),
    "double-quoted": ('public: "gain pizza\\tx shovle"\n', ACTION, "shovle"),
    "double-quoted-escape": ('public: "gain \\u00d7 pizza"\n', ACTION, "\\"),
    "literal-block": ("public: |\n  gain pizza\n    x shovle\n", ACTION, "shovle"),
    "folded-block": ("public: >-\n  gain pizza\n  x\n  shovle\n", ACTION, "shovle"),
    "multi-line-plain": ("public: gain pizza\n  x shovle\n", ACTION, "shovle"),
    "flow-mapping": ("{public: gain pizza x shovle, b: 1}\n", ACTION, "shovle"),
    "end-of-text": ("public: 'gain pizza x'\n", ACTION, "'"),
    "scoring": ("score: 8 if cards > rival cardz\n", SCORING, "cardz"),
    "unicode-before": ("public: \"gain × pizza x shovle\"\n", ACTION, "×"),
}


@pytest.mark.parametrize("case", CASES)
def test_dsl_error_points_at_the_offending_text(case: str):
    text, kind, word = CASES[case]
    doc = read_document("cards.yaml", text)
    assert doc.diagnostics == []
    node = doc.root.get("public") or doc.root.get("score")
    _, diagnostics = parse_scalar(doc, node, kind)
    d = diagnostics[0]
    assert d.file == "cards.yaml"
    line = text.split("\n")[d.span.line - 1]
    assert line[d.span.column - 1:].startswith(word), (line, d.span)
    assert d.span.start == doc.offset(d.span.line - 1, d.span.column - 1)


def test_span_covers_the_whole_word():
    doc = read_document("c.yaml", "public: |\n  gain pizza x shovle\n")
    _, (d,) = parse_scalar(doc, doc.root.get("public"), ACTION)
    assert (d.span.line, d.span.column, d.span.end_line, d.span.end_column) == (2, 16, 2, 22)


def test_checker_warnings_are_relocated_too():
    doc = read_document("c.yaml", "private: 'gain 5 toy'\n")
    _, (d,) = parse_scalar(doc, doc.root.get("private"), ACTION)
    assert d.code == "W200" and (d.span.line, d.span.column) == (1, 11)
