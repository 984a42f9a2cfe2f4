"""AST -> canonical text: ASCII operator words, single spaces, the fewest parentheses.

``to_text(parse(s))`` is the canonical form of ``s``; printing is idempotent and
``parse(to_text(ast)) == ast`` for every AST (a Hypothesis property in the tests).
Dispatch is a table from node class to function, built once (STYLE #8).
"""

from __future__ import annotations

from collections.abc import Callable

from fortlang import nodes as n
from fortlang import registry as reg

# Binding strength: a child weaker than its slot needs parentheses.
_ACTION_PREC = {n.Choice: 1, n.Then: 2, n.Conditional: 3, n.Target: 3, n.Repeat: 4}
_LEAF = 5
_EXPR_PREC = {n.IfElse: 0, "+": 1, "-": 1, "*": 2}


def to_text(node: n.Node) -> str:
    """The canonical text of an action, quantity or scoring expression.

    >>> from fortlang.parser import parse_action
    >>> to_text(parse_action("score   ×level ▶destroy this"))
    'score x level then destroy this'
    """
    printer = _PRINTERS.get(type(node))
    if printer is not None:
        return printer(node)
    if isinstance(node, n.Action) and reg.spec_of(type(node)) is not None:
        return _leaf(node)  # a primitive of another vocabulary
    raise TypeError(f"no printer for {type(node).__name__}")


def _prec(node: n.Node) -> int:
    if isinstance(node, n.Arith):
        return _EXPR_PREC[node.op]
    if isinstance(node, n.IfElse):
        return _EXPR_PREC[n.IfElse]
    return _ACTION_PREC.get(type(node), _LEAF)  # type: ignore[call-overload]


def _wrap(node: n.Node, at_least: int) -> str:
    text = to_text(node)
    return f"({text})" if _prec(node) < at_least else text


def _leaf(node: n.Action) -> str:
    """Every primitive prints as its declared syntax: its keywords and its arguments, an
    optional argument left out at its default (``score`` for ``score 1``)."""
    spec = reg.spec_of(type(node))
    assert spec is not None
    words: list[str] = []
    for token in spec.syntax.split():
        argument = reg.SYNTAX_ARGUMENTS.get(token)
        if argument is None:
            words.append(token)
            continue
        value = getattr(node, argument[1])
        if token == "[N]" and value == 1 or token == "[-1|+1]" and not value:
            continue
        if token == "[-1|+1]":
            words.append(f"{value:+d}")
        elif token == "RES":
            words.append(reg.RESOURCE_WORD[value])
        else:
            words.append(str(value))
    return " ".join(words)


def _repeat(node: n.Repeat) -> str:
    return f"{_wrap(node.body, 4)} x {to_text(node.count)}"


def _conditional(node: n.Conditional) -> str:
    return f"if {to_text(node.test)} -> {_wrap(node.body, 3)}"


def _target(node: n.Target) -> str:
    return f"{node.who.value} -> {_wrap(node.body, 3)}"


def _arith(node: n.Arith) -> str:
    p = _EXPR_PREC[node.op]
    return f"{_wrap(node.left, p)} {node.op} {_wrap(node.right, p + 1)}"


def _compare(node: n.Compare) -> str:
    return f"{_wrap(node.left, 1)} {node.op} {_wrap(node.right, 1)}"


def _if_else(node: n.IfElse) -> str:
    text = f"{_wrap(node.value, 1)} if {to_text(node.test)}"
    if node.otherwise is not None:
        text += f" else {to_text(node.otherwise)}"
    return text


def _quantity_word(word: str) -> Callable[[n.Node], str]:
    return lambda node: word


_PRINTERS: dict[type, Callable] = {
    **{spec.node: _leaf for spec in reg.PRIMITIVES},
    n.Repeat: _repeat,
    n.Conditional: _conditional,
    n.Target: _target,
    n.Then: lambda node: " then ".join(_wrap(i, 3) for i in node.items),
    n.Choice: lambda node: " or ".join(_wrap(i, 2) for i in node.items),
    n.SuitCount: lambda node: node.suit.value,
    n.AnySuit: _quantity_word("any"),
    n.PackSize: _quantity_word("pack"),
    n.FortLevel: _quantity_word("level"),
    n.LookoutSize: _quantity_word("lookout"),
    n.Tally: lambda node: node.what,
    n.Fixed: lambda node: str(node.n),
    n.Number: lambda node: str(node.value),
    n.Metric: lambda node: node.name,
    n.RivalBest: lambda node: f"rival {node.name}",
    n.Arith: _arith,
    n.Compare: _compare,
    n.IfElse: _if_else,
}
