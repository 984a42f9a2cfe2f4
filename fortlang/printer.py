"""AST -> canonical text: ASCII operator words, single spaces, the fewest parentheses.

``to_text(parse(s))`` is the canonical form of ``s``; printing is idempotent and
``parse(to_text(ast)) == ast`` for every AST (a Hypothesis property in the tests).
Dispatch is a table from node class to function, built once (STYLE #8).
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

from fortlang import nodes as n
from fortlang import registry as reg

# Binding strength: a child weaker than its slot needs parentheses.
_ACTION_PREC = {n.Choice: 1, n.Then: 2, n.Conditional: 3, n.Target: 3, n.Repeat: 4}
_LEAF = 5
_EXPR_PREC = {n.IfElse: 0, "+": 1, "-": 1, "*": 2}


def to_text(node: n.Node, source: str | None = None) -> str:
    """The canonical text of an action, quantity or scoring expression; given ``source``, the
    text ``node`` was parsed from, the parentheses a person put around a part for reading are
    kept even where they are not needed (`fmt`, issue 36).

    >>> from fortlang.parser import parse_action
    >>> to_text(parse_action("score   ×level ▶destroy this"))
    'score x level then destroy this'
    >>> text = "(gain pizza ▶ score) or gain toy"
    >>> to_text(parse_action(text), text)
    '(gain pizza then score) or gain toy'
    """
    if source is None:
        return _print(node)
    token = _SOURCE.set(source)
    try:
        return _print(node)
    finally:
        _SOURCE.reset(token)


#: The text being printed was parsed from, while ``to_text`` is given one: a context variable,
#: so the printers of each node kind keep their one-argument form.
_SOURCE: ContextVar[str | None] = ContextVar("printed_source", default=None)


def _in_parentheses(node: n.Node) -> bool:
    """Whether ``node`` was written between parentheses of its own in the source: the parser
    widens a group's span over its `(` and `)`, so the span starts at a `(` whose `)` ends it."""
    source, span = _SOURCE.get(), node.span
    if source is None or span is None or span.start is None or span.end is None:
        return False
    start, end = span.start, span.end
    if end - start < 2 or end > len(source) or source[start] != "(" or source[end - 1] != ")":
        return False
    depth = 0
    for i in range(start, end):
        depth += {"(": 1, ")": -1}.get(source[i], 0)
        if depth == 0:
            return i == end - 1
    return False


def _print(node: n.Node) -> str:
    printer = _PRINTERS.get(type(node))
    if printer is not None:
        return printer(node)
    if isinstance(node, n.Action) and reg.spec_of(type(node)) is not None:
        return _leaf(node)  # a primitive, each said by its declaration (spec_of)
    if isinstance(node, n.Quantity):
        try:
            return reg.quantity_word(node)  # the word whose declaration builds it
        except KeyError:
            pass
    raise TypeError(f"no printer for {type(node).__name__}")


def _prec(node: n.Node) -> int:
    if isinstance(node, n.Arith):
        return _EXPR_PREC[node.op]
    if isinstance(node, n.IfElse):
        return _EXPR_PREC[n.IfElse]
    return _ACTION_PREC.get(type(node), _LEAF)  # type: ignore[call-overload]


def _wrap(node: n.Node, at_least: int) -> str:
    text = _print(node)
    # around a lone primitive or word, parentheses group nothing: not kept
    kept = _prec(node) < _LEAF and _in_parentheses(node)
    return f"({text})" if _prec(node) < at_least or kept else text


def _leaf(node: n.Action) -> str:
    """Every primitive prints as its declared syntax: its keywords and its arguments, each as
    its kind writes it, an optional argument left out at its default (``score`` for
    ``score 1``)."""
    spec = reg.spec_of(type(node))
    assert spec is not None
    arguments = iter(reg.arguments_of(type(node)))
    words: list[str] = []
    for part in spec.syntax.split():
        if part.isalpha() and part.islower():
            words.append(part)
            continue
        argument = next(arguments)
        kind = argument.kind
        value = getattr(node, kind.field)
        if argument.optional and value == kind.default and type(value) is type(kind.default):
            continue
        words.append(kind.text_of(value))
    return " ".join(words)


def _repeat(node: n.Repeat) -> str:
    return f"{_wrap(node.body, 4)} x {_print(node.count)}"


def _conditional(node: n.Conditional) -> str:
    return f"if {_print(node.test)} -> {_wrap(node.body, 3)}"


def _target(node: n.Target) -> str:
    return f"{node.who} -> {_wrap(node.body, 3)}"


def _arith(node: n.Arith) -> str:
    p = _EXPR_PREC[node.op]
    return f"{_wrap(node.left, p)} {node.op} {_wrap(node.right, p + 1)}"


def _compare(node: n.Compare) -> str:
    return f"{_wrap(node.left, 1)} {node.op} {_wrap(node.right, 1)}"


def _if_else(node: n.IfElse) -> str:
    text = f"{_wrap(node.value, 1)} if {_print(node.test)}"
    if node.otherwise is not None:
        text += f" else {_print(node.otherwise)}"
    return text


_PRINTERS: dict[type, Callable] = {
    n.Repeat: _repeat,
    n.Conditional: _conditional,
    n.Target: _target,
    n.Then: lambda node: " then ".join(_wrap(i, 3) for i in node.items),
    n.Choice: lambda node: " or ".join(_wrap(i, 2) for i in node.items),
    n.Tally: lambda node: node.what,
    n.Fixed: lambda node: str(node.n),
    n.Number: lambda node: str(node.value),
    n.Metric: lambda node: node.name,
    n.RivalBest: lambda node: f"rival {node.name}",
    n.Arith: _arith,
    n.Compare: _compare,
    n.IfElse: _if_else,
}
