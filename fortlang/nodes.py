"""The typed AST of fortlang: frozen dataclasses, children in tuples.

Every node carries a source ``span`` that is excluded from equality and hashing, so two parses of
the same action compare equal wherever they came from (STYLE #3). Composite nodes normalise
themselves on construction: ``then`` and ``or`` are associative, so nested chains are flattened and
every AST has exactly one canonical shape. That is what makes ``parse(print(ast)) == ast`` hold
for *every* AST, not only for the ones the parser builds.

These are the core's nodes: the operators, the selectors' ``Target``, ``x N`` and the zone
counts, the scoring sub-language. A game's primitives and quantities are its own subclasses of
:class:`Action` and :class:`Quantity`, in its module, declared by its words (Fort's, with its
suits and resources: ``fortlang/games/fort/nodes.py``); the core reaches them only through
those declarations (``registry.spec_of``, ``registry.quantity_word``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple

# -- spans --------------------------------------------------------------------------------------


class Span(NamedTuple):
    """A region of source text: 1-based line and column, end column exclusive, and offsets.

    A named tuple, not a dataclass: the parser makes one per node, and a tuple is made four
    times faster (issue 18.5's parse benchmark); it is as immutable, and spans never take part
    in the equality of nodes."""

    line: int
    column: int
    end_line: int
    end_column: int
    start: int = 0
    end: int = 0

    def to(self, other: Span) -> Span:
        """The span from the start of ``self`` to the end of ``other``."""
        return Span(self.line, self.column, other.end_line, other.end_column, self.start, other.end)

    def as_dict(self) -> dict[str, int]:
        return {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
        }


# -- base ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Node:
    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)
    #: A leaf's nesting depth: a class attribute, not a field (a composite's slot shadows it),
    #: so the parser reads any child's depth as one attribute, without an isinstance test.
    _depth = 0

    @property
    def depth(self) -> int:
        """Nesting depth, computed on construction so recursive passes can trust a bound."""
        return 0

    def children(self) -> tuple[Node, ...]:
        out: list[Node] = []
        for f in fields(self):
            if f.name == "span":
                continue
            value = getattr(self, f.name)
            if isinstance(value, Node):
                out.append(value)
            elif isinstance(value, tuple):
                out.extend(v for v in value if isinstance(v, Node))
        return tuple(out)

    def walk(self) -> Iterator[Node]:
        """Every node of the tree, pre-order, without recursion."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children()))


def _set_depth(node: Node, *kids: Node | None) -> None:
    # A loop over slots, not max() over the depth property: the parser runs it for every node.
    deepest = 0
    for kid in kids:
        if kid is not None and kid._depth > deepest:
            deepest = kid._depth
    _SET(node, "_depth", deepest + 1)


_SET = object.__setattr__


@dataclass(frozen=True, slots=True)
class _Composite(Node):
    _depth: int = field(default=0, init=False, compare=False, repr=False)

    @property
    def depth(self) -> int:
        return self._depth


# -- actions (a game's primitives subclass Action: Fort's R12 in games/fort/nodes.py) ----------


@dataclass(frozen=True, slots=True)
class Action(Node):
    """One box of a kid card, or a part of one."""


# -- quantities after `x` (core C5; Fort's R13.1 words in games/fort/nodes.py) -----------------


@dataclass(frozen=True, slots=True)
class Quantity(Node):
    """How many times a repeated action is performed."""


@dataclass(frozen=True, slots=True)
class Tally(Quantity):
    """``x hand``, ``x vp``...: a count of the performer's own zone or tokens, read when the
    repetition starts (the registry declares what each word counts)."""

    what: str = "hand"


@dataclass(frozen=True, slots=True)
class Fixed(Quantity):
    """``x 2``: a fixed number of times (a designer's extension)."""

    n: int = 2


# -- operators (R13.3-R13.5, `or`) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Repeat(Action, _Composite):
    """R13.3 ``body x count``; a parenthesised body repeats as a whole (R13.5)."""

    body: Action
    count: Quantity

    def __post_init__(self) -> None:
        _set_depth(self, self.body, self.count)


def _flatten(cls: type, items: tuple[Action, ...]) -> tuple[Action, ...]:
    out: list[Action] = []
    for item in items:
        out.extend(item.items if isinstance(item, cls) else (item,))  # type: ignore[attr-defined]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Chain(Action, _Composite):
    """An associative operator over two or more actions: nested chains of the same kind are
    flattened on construction, so each action has one canonical shape."""

    items: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", _flatten(type(self), tuple(self.items)))
        if len(self.items) < 2:
            raise ValueError(f"{type(self).__name__} needs at least two actions")
        _set_depth(self, *self.items)


@dataclass(frozen=True, slots=True)
class Then(_Chain):
    """R13.4 ``a then b``: left required for right; right required if possible."""


@dataclass(frozen=True, slots=True)
class Choice(_Chain):
    """``a or b``: perform exactly one of the options, the player's choice."""


@dataclass(frozen=True, slots=True)
class Conditional(Action, _Composite):
    """``if test -> body``: the body only while the test holds; a false test is not performed
    in full (R5.4). The test is a comparison of the scoring sub-language (R14), counted for
    whoever performs the action."""

    test: Compare
    body: Action

    def __post_init__(self) -> None:
        _set_depth(self, self.test, self.body)


class Who(StrEnum):
    """Fort's selectors (fortlang.registry: EACH_RIVAL...), as Fort's ASTs have always held
    them: who performs a targeted action, relative to whoever performs the whole action."""

    EACH_RIVAL = "each rival"
    A_RIVAL = "a rival"
    EACH_PLAYER = "each player"


@dataclass(frozen=True, slots=True)
class Target(Action, _Composite):
    """``each rival -> body``, ``next player -> body``: the players a selector gives perform
    the body as themselves (their zones, their choices). ``who`` is the selector's syntax
    (fortlang.registry.selector_of); Fort's own are :class:`Who` members, equal to theirs."""

    who: str
    body: Action

    def __post_init__(self) -> None:
        _set_depth(self, self.body)


# -- the scoring sub-language of made-up rules (R14) --------------------------------------------


@dataclass(frozen=True, slots=True)
class Expr(Node):
    """An integer-valued scoring expression, evaluated for one player at the end of the game."""


@dataclass(frozen=True, slots=True)
class Number(Expr):
    value: int = 0


@dataclass(frozen=True, slots=True)
class Metric(Expr):
    """A count about the scoring player (``cards``, ``suits``, ``crown``, ...): see the registry."""

    name: str = "cards"


@dataclass(frozen=True, slots=True)
class RivalBest(Expr):
    """``rival cards``: the highest value of a metric among the scoring player's rivals."""

    name: str = "cards"


@dataclass(frozen=True, slots=True)
class Arith(Expr, _Composite):
    op: str = "+"  # one of + - *
    left: Expr = field(default_factory=Number)
    right: Expr = field(default_factory=Number)

    def __post_init__(self) -> None:
        _set_depth(self, self.left, self.right)


@dataclass(frozen=True, slots=True)
class Compare(_Composite):
    op: str = "="  # one of = != < <= > >=
    left: Expr = field(default_factory=Number)
    right: Expr = field(default_factory=Number)

    def __post_init__(self) -> None:
        _set_depth(self, self.left, self.right)


@dataclass(frozen=True, slots=True)
class IfElse(Expr, _Composite):
    """``value if test [else otherwise]``; without ``else`` the rule scores 0."""

    value: Expr = field(default_factory=Number)
    test: Compare = field(default_factory=Compare)
    otherwise: Expr | None = None

    def __post_init__(self) -> None:
        _set_depth(self, self.value, self.test, self.otherwise)


#: The core's node classes; a game's (Fort's in ``fortlang/games/fort/nodes.py``) are its own.
ACTION_NODES: tuple[type[Action], ...] = (Repeat, Then, Choice, Conditional, Target)
QUANTITY_NODES: tuple[type[Quantity], ...] = (Tally, Fixed)
EXPR_NODES: tuple[type[Node], ...] = (Number, Metric, RivalBest, Arith, Compare, IfElse)
ALL_NODES: tuple[type[Node], ...] = (*ACTION_NODES, *QUANTITY_NODES, *EXPR_NODES)


def to_json(node: Any) -> Any:
    """The AST as plain JSON data, with spans (``fortlang explain --json``)."""
    if isinstance(node, Node):
        out: dict[str, Any] = {"type": type(node).__name__}
        for f in fields(node):
            if f.name in ("span", "_depth"):
                continue
            out[f.name] = to_json(getattr(node, f.name))
        if node.span is not None:
            out["span"] = node.span.as_dict()
        return out
    if isinstance(node, tuple):
        return [to_json(v) for v in node]
    if isinstance(node, StrEnum):
        return node.value
    return node
