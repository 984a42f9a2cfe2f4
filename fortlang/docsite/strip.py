"""An action as a row of icons: the picture language of the card boxes (R12, R13).

``glyphs(action)`` walks the AST through a table from node class to handler (STYLE #8): a
primitive becomes its action icon, then its amount or modifier, then its resource icon; ``x``,
``then`` and ``or`` become drawn operator icons; a quantity becomes its suit or quantity icon.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.docsite.icons import OPERATORS, QUANTITIES, RESOURCES, SUITS, Icon, action_icon


@dataclass(frozen=True)
class Glyph:
    """One item of the row: an icon, or a short text (a number)."""

    icon: Icon | None = None
    text: str = ""


def glyphs(node: n.Node) -> tuple[Glyph, ...]:
    handler = _HANDLERS.get(type(node))
    if handler is not None:
        return tuple(handler(node))
    if isinstance(node, n.Action) and reg.spec_of(type(node)) is not None:
        return tuple(_leaf(node))  # another vocabulary's primitive: its keyword for an icon
    raise TypeError(f"no icon strip for {type(node).__name__}")


def _leaf(node: n.Action) -> list[Glyph]:
    spec = reg.spec_of(type(node))
    assert spec is not None
    icon = action_icon(spec)
    out = [Glyph(icon) if icon is not None else Glyph(text=spec.keywords[0])]
    amount = getattr(node, "amount", 1)
    if amount != 1:
        out.append(Glyph(text=str(amount)))
    modifier = getattr(node, "modifier", 0)
    if modifier:
        out.append(Glyph(text=f"{modifier:+d}"))
    resource = getattr(node, "resource", None)
    if resource is not None:
        out.append(Glyph(RESOURCES[reg.RESOURCE_WORD[resource]]))
    return out


def _grouped(node: n.Action) -> list[Glyph]:
    inner = list(glyphs(node))
    if isinstance(node, n.Then | n.Choice):
        return [Glyph(OPERATORS["("]), *inner, Glyph(OPERATORS[")"])]
    return inner


def _joined(op: str, wrap: tuple[type, ...]) -> Callable[[n.Then | n.Choice], list[Glyph]]:
    def handler(node: n.Then | n.Choice) -> list[Glyph]:
        out: list[Glyph] = []
        for i, item in enumerate(node.items):
            if i:
                out.append(Glyph(OPERATORS[op]))
            out.extend(_grouped(item) if isinstance(item, wrap) else glyphs(item))
        return out

    return handler


def _repeat(node: n.Repeat) -> list[Glyph]:
    return [*_grouped(node.body), Glyph(OPERATORS["x"]), *glyphs(node.count)]


def _conditional(node: n.Conditional) -> list[Glyph]:
    """``if test ->`` in words (a comparison has no icons), then the action."""
    from fortlang.printer import to_text

    return [Glyph(text=f"if {to_text(node.test)}"), Glyph(text="→"), *_grouped(node.body)]


def _target(node: n.Target) -> list[Glyph]:
    """Who performs it (core C6), then the action."""
    return [Glyph(OPERATORS[f"{node.who.value} ->"]), *_grouped(node.body)]


_HANDLERS: dict[type, Callable[..., list[Glyph]]] = {
    **{spec.node: _leaf for spec in reg.PRIMITIVES},
    n.Repeat: _repeat,
    n.Conditional: _conditional,
    n.Target: _target,
    n.Then: _joined("then", (n.Choice,)),
    n.Choice: _joined("or", ()),
    n.SuitCount: lambda node: [Glyph(SUITS[node.suit])],
    n.AnySuit: lambda node: [Glyph(QUANTITIES["any"])],
    n.PackSize: lambda node: [Glyph(QUANTITIES["pack"])],
    n.FortLevel: lambda node: [Glyph(QUANTITIES["level"])],
    n.LookoutSize: lambda node: [Glyph(QUANTITIES["lookout"])],
    n.Tally: lambda node: [Glyph(QUANTITIES[node.what]) if node.what in QUANTITIES
                           else Glyph(text=node.what)],  # another vocabulary's: its word
    n.Fixed: lambda node: [Glyph(text=str(node.n))],
}
