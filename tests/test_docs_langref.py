"""The reference as a language reference (docs issue item 7): the grammar the parser runs, one
precedence table found by parsing, the lexical rules with Lark's own terminals."""

from __future__ import annotations

import pytest

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.docsite.langref import action_precedence, language_section, precedence_table
from fortlang.docsite.lexicon import LANGUAGES
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.docs.reference import reference_page
from fortlang.parser import language, parse_action, parse_scoring


def test_action_operators_are_ordered_as_the_parser_groups_them() -> None:
    order = [(op.spec.name, assoc, level) for op, assoc, level in action_precedence()]
    prefixes = [(name, "prefix", 2)
                for name in ("if ->", "each rival ->", "a rival ->", "each player ->")]
    assert order == [("x", "left", 1), *prefixes, ("then", "flat", 3), ("or", "flat", 4)]
    # what the table claims, checked directly (R13.3, R13.4)
    tree = parse_action("score x 2 then score or score")
    assert isinstance(tree, n.Choice) and isinstance(tree.items[0], n.Then)
    assert isinstance(tree.items[0].items[0], n.Repeat)
    tree = parse_action("if toy >= 3 -> score x 2 then score")  # x inside, then outside
    assert isinstance(tree, n.Then) and isinstance(tree.items[0], n.Conditional)
    assert isinstance(tree.items[0].body, n.Repeat)


def test_scoring_rows_follow_the_parser() -> None:
    table = precedence_table("en").splitlines()
    rows = [line.split(" | ")[1] for line in table[2:]]
    prefixes = ["`if` `->`", "`each` `rival` `->`", "`a` `rival` `->`", "`each` `player` `->`"]
    assert rows == ["`(` `)`", "`x` `×`", *prefixes, "`then` `▶`", "`or`", "`*`", "`+` `-`",
                    " ".join(f"`{o}`" for o in reg.COMPARE_OPS), "`if` `else`"]
    assert parse_scoring("1 + 2 * 3") == parse_scoring("1 + (2 * 3)")  # * before + -
    test = parse_scoring("1 if 1 + 1 < 3").test  # type: ignore[attr-defined]
    assert isinstance(test.left, n.Arith)  # + - before comparisons
    assert "none: `a < b < c` is an error" in precedence_table("en")
    assert "right: `a if t else b if u else c`" in precedence_table("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_grammar_shown_is_the_grammar_the_parser_runs(lang: str) -> None:
    section = language_section(lang)
    code = [x for x in language().grammar.splitlines() if not x.lstrip().startswith("//")]
    if lang == "en":
        assert language().grammar.strip() in section
    else:  # the same grammar without its English comment lines
        assert "\n// " not in section
        for line in code:
            assert line in section
    for spec in fort_words.PRIMITIVES:  # the generated rules are there too
        assert f"\n{spec.name}: " in section
    for term in language().lark.terminals:
        assert f"| `{term.name}` |" in section
    assert section.count("\n| ") >= len(language().lark.terminals) + 8


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reference_links_the_error_codes_page_only_when_the_site_has_it(lang: str) -> None:
    assert "(error-codes.md)" in reference_page(lang, error_codes=True)
    assert "error-codes.md" not in reference_page(lang)


def test_every_language_has_the_same_precedence_rows() -> None:
    sizes = {lang: len(precedence_table(lang).splitlines()) for lang in LANGUAGES}
    assert len(set(sizes.values())) == 1
    assert "associatif" in precedence_table("fr") and "ассоциатив" in precedence_table("ru")
