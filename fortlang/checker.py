"""Static checks on a parsed action or scoring rule: a table of small functions per node class,
each returning diagnostics with that node's span (STYLE #7). All problems are collected."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.errors import ERROR, WARNING, Diagnostic

#: R1.5: stuff holds at most 4 pizza and 4 toys, so a bigger gain can never be done in full.
STUFF_LIMIT = 4

Check = Callable[[n.Node], Iterator[Diagnostic]]


def check(root: n.Node, filename: str = "<action>") -> list[Diagnostic]:
    """Every diagnostic for the tree, in source order."""
    out: list[Diagnostic] = []
    for node in root.walk():
        for rule in _CHECKS.get(type(node), ()):
            out.extend(replace(d, file=filename) for d in rule(node))
    return out


def _error(node: n.Node, code: str, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(ERROR, code, message, node.span, hint=hint)


def _warning(node: n.Node, code: str, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(WARNING, code, message, node.span, hint=hint)


def _amount(node: n.Node) -> Iterator[Diagnostic]:
    amount: int = node.amount  # type: ignore[attr-defined]
    word = reg.PRIMITIVE_BY_NODE[type(node)].name
    if amount < 1:
        yield _error(node, "E200", f"`{word} {amount}` does nothing; amounts start at 1",
                     hint=f"remove the action, or write `{word}` for 1")
    elif amount > reg.MAX_AMOUNT:
        yield _error(node, "E200", f"amount {amount} is out of range (at most {reg.MAX_AMOUNT})")


def _gain_fits(node: n.Gain) -> Iterator[Diagnostic]:
    if STUFF_LIMIT < node.amount <= reg.MAX_AMOUNT:
        yield _warning(node, "W200",
                       f"stuff holds at most {STUFF_LIMIT} of each resource (R1.5), so "
                       f"`gain {node.amount}` can never be performed in full")


def _modifier(node: n.Advance) -> Iterator[Diagnostic]:
    if node.modifier and node.modifier not in reg.MODIFIERS:
        yield _error(node, "E200",
                     f"cost modifier {node.modifier:+d} is out of range (R13.2: -1 or +1)")


def _repeat(node: n.Repeat) -> Iterator[Diagnostic]:
    for inner in node.body.walk():
        spec = reg.PRIMITIVE_BY_NODE.get(type(inner))
        if spec is not None and not spec.repeatable:
            yield _error(inner, "E201",
                         f"`{spec.syntax}` cannot be repeated ({spec.rule}): a card is boxed once",
                         hint=f"move it out of the repeat: `... then {spec.syntax}`")


def _fixed(node: n.Fixed) -> Iterator[Diagnostic]:
    if node.n < 1:
        yield _error(node, "E200", "`x 0` never performs the action",
                     hint="remove the action instead")
    elif node.n == 1:
        yield _warning(node, "W201", "`x 1` has no effect", hint="remove `x 1`")
    elif node.n > reg.MAX_AMOUNT:
        yield _error(node, "E200",
                     f"multiplier {node.n} is out of range (at most {reg.MAX_AMOUNT})")


_CHECKS: dict[type, tuple[Check, ...]] = {
    n.Gain: (_amount, _gain_fits),  # type: ignore[dict-item]
    n.Spend: (_amount,),
    n.Score: (_amount,),
    n.Advance: (_modifier,),  # type: ignore[dict-item]
    n.Repeat: (_repeat,),  # type: ignore[dict-item]
    n.Fixed: (_fixed,),  # type: ignore[dict-item]
}
