"""Pygments lexers for fortlang actions and made-up rule scoring, registered as entry points
(``pygments.lexers``) so mkdocs highlights fenced ``fortlang`` and ``fortlang-scoring`` blocks.

The word lists are read from the grammar's keyword terminals and from the registry, never
copied here: a primitive added to the language is highlighted without touching this file.
"""

from __future__ import annotations

import re
from functools import cache

from pygments.lexer import RegexLexer, words  # type: ignore[import-untyped]
from pygments.token import (  # type: ignore[import-untyped]
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    Text,
)

from fortlang import registry as reg
from fortlang.parser import language

# `GAIN: /gain\b/`, `RIVAL.2: /rival\b/`, `_OR: /or\b/`: the grammar's keyword terminals.
_KEYWORD_TERMINAL = re.compile(r"^_?[A-Z]+(?:\.\d+)?:\s*/(\w+)\\b/", re.MULTILINE)


@cache
def grammar_keywords() -> tuple[str, ...]:
    return tuple(_KEYWORD_TERMINAL.findall(language().grammar))


def _operator_words() -> tuple[str, ...]:
    return tuple(s for op in reg.OPERATORS for s in op.spellings if s.isalpha())


def _symbols() -> str:
    """The non-word spellings of the operators (``×``, ``▶``, ``->``), as a regex."""
    symbols = {s for op in reg.OPERATORS for s in op.spellings
               if not s.isalpha() and s not in "()"}
    return "|".join(re.escape(s) for s in sorted(symbols, key=len, reverse=True))


#: The operator whose left side is a comparison of the scoring sub-language (`if toy >= 3 ->`).
_CONDITION = next(op.spellings for op in reg.OPERATORS if op.name == "if ->")


def _action_tokens() -> dict[str, list]:
    op_words = _operator_words()
    keywords = [w for w in grammar_keywords() if w not in op_words]
    quantity_words = sorted(reg.default_vocabulary().quantity_by_word, key=len, reverse=True)
    resources = sorted(reg.default_vocabulary().resource_by_word, key=len, reverse=True)
    times = [s for s in reg.OPERATORS[0].spellings]  # `x` first: the operator that takes a quantity
    return {
        "root": [
            (r"\s+", Text),
            (words(times, suffix=r"(?![A-Za-z_])"), Operator.Word, "quantity"),
            (words(_CONDITION[:1], suffix=r"\b"), Operator.Word, "condition"),
            (words(op_words, suffix=r"\b"), Operator.Word),
            (_symbols(), Operator),
            (words(keywords, suffix=r"\b"), Keyword),
            (words(resources, suffix=r"(?![A-Za-z_/])"), Name.Constant),
            (r"[+-]\d+", Number.Integer),
            (r"\d+", Number.Integer),
            (r"[()]", Punctuation),
            (r"\w+", Error),
            (r".", Error),
        ],
        "quantity": [
            (r"\s+", Text),
            (words(quantity_words, suffix=r"\b"), Name.Builtin, "#pop"),
            (r"\d+", Number.Integer, "#pop"),
            (r"\(", Punctuation, "#pop"),
            (r"\w+", Error, "#pop"),
            (r".", Error, "#pop"),
        ],
        # `if COMPARISON ->`: the scoring sub-language's words up to the arrow
        "condition": [
            (words(_CONDITION[-1:]), Operator, "#pop"),
            *_scoring_tokens()["root"],
        ],
    }


def _scoring_keywords() -> tuple[str, ...]:
    """``else`` (the grammar's keyword that no action uses), ``if`` (which the `if ->`
    operator shares) and ``rival`` (RivalBest)."""
    action_words = {w for p in reg.default_vocabulary().primitives for w in p.name.split("_")}
    own = [w for w in grammar_keywords() if w not in action_words and w not in _operator_words()]
    return (*own, _CONDITION[0], "rival")


def _scoring_tokens() -> dict[str, list]:
    metrics = sorted(reg.default_vocabulary().metric_by_word, key=len, reverse=True)
    ops = sorted({*reg.ARITH_OPS, *reg.COMPARE_OPS}, key=len, reverse=True)
    return {
        "root": [
            (r"\s+", Text),
            (words(_scoring_keywords(), suffix=r"\b"), Keyword),
            (words(metrics, suffix=r"\b"), Name.Variable),
            (r"\d+", Number.Integer),
            (words(ops), Operator),
            (r"[()]", Punctuation),
            (r"\w+", Error),
            (r".", Error),
        ],
    }


class FortLexer(RegexLexer):
    """A kid card's action: ``gain pizza x shovel``, ``(recruit then gain toy) x water_gun``."""

    name = "fortlang"
    aliases = ["fortlang", "fort"]
    filenames: list[str] = []
    tokens = _action_tokens()


class FortScoringLexer(RegexLexer):
    """A made-up rule's scoring expression (R14): ``8 if cards > rival cards else 4``."""

    name = "fortlang scoring"
    aliases = ["fortlang-scoring", "fort-scoring"]
    filenames: list[str] = []
    tokens = _scoring_tokens()
