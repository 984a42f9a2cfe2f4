"""An action as a row of icons: the picture language of the card boxes (R12, R13).

``glyphs(action)`` walks the AST through a table from node class to handler (STYLE #8): a
primitive becomes its action icon, then its amount or modifier, then its resource icon; ``x``,
``then`` and ``or`` become drawn operator icons; a quantity becomes its quantity icon, or the
picture the game being drawn gives its word (``GameDocs``: Fort's suits), passed in as ``docs``:
a row of another game's action never borrows Fort's pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.docsite.gamedocs import NONE, GameDocs
from fortlang.docsite.icons import OPERATORS, QUANTITIES, RESOURCES, Icon, action_icon
from fortlang.phrasebook.base import MIRROR


@dataclass(frozen=True)
class Glyph:
    """One item of the row: an icon, or a short text (a number)."""

    icon: Icon | None = None
    text: str = ""


def glyphs(node: n.Node, lang: str = "en", docs: GameDocs = NONE) -> tuple[Glyph, ...]:
    """The row of ``node``; ``lang`` says the few words a row holds (a count with no icon in
    a condition); ``docs``: the pictures of the game whose action it is (its
    ``GameModule.docs``), none by default."""
    handler = _HANDLERS.get(type(node))
    if handler is not None:
        return tuple(handler(node, lang, docs))
    if isinstance(node, n.Action) and reg.spec_of(type(node)) is not None:
        return tuple(_leaf(node, lang))  # a primitive: its declaration's icon, else its keyword
    if isinstance(node, n.Quantity):
        try:
            # the word whose declaration builds it
            return tuple(_word(reg.quantity_word(node), docs))
        except KeyError:
            pass
    raise TypeError(f"no icon strip for {type(node).__name__}")


def _leaf(node: n.Action, _lang: str) -> list[Glyph]:
    spec = reg.spec_of(type(node))
    assert spec is not None
    icon = action_icon(spec)
    out = [Glyph(icon) if icon is not None else Glyph(text=spec.keywords[0])]
    arguments = reg.arguments_of(type(node))
    fort = reg.default_words()  # None where Fort is not installed: every kind is another's
    if fort is None or any(a.kind not in fort.kinds for a in arguments):  # in its order
        for a in arguments:
            value = getattr(node, a.kind.field)
            if fort is not None and a.kind is fort.kind_by_token["RES"]:
                out.append(Glyph(RESOURCES[fort.resource_word[value]]))
            elif not (a.optional and value == a.kind.default):
                out.append(Glyph(text=a.kind.text_of(value)))
        return out
    amount = getattr(node, "amount", 1)
    if amount != 1:
        out.append(Glyph(text=str(amount)))
    modifier = getattr(node, "modifier", 0)
    if modifier:
        out.append(Glyph(text=f"{modifier:+d}"))
    resource = getattr(node, "resource", None)
    if resource is not None:
        out.append(Glyph(RESOURCES[fort.resource_word[resource]]))
    return out


def _grouped(node: n.Action, lang: str, docs: GameDocs) -> list[Glyph]:
    inner = list(glyphs(node, lang, docs))
    if isinstance(node, n.Then | n.Choice):
        return [Glyph(OPERATORS["("]), *inner, Glyph(OPERATORS[")"])]
    return inner


def _joined(op: str, wrap: tuple[type, ...]
            ) -> Callable[[n.Then | n.Choice, str, GameDocs], list[Glyph]]:
    def handler(node: n.Then | n.Choice, lang: str, docs: GameDocs) -> list[Glyph]:
        out: list[Glyph] = []
        for i, item in enumerate(node.items):
            if i:
                out.append(Glyph(OPERATORS[op]))
            out.extend(_grouped(item, lang, docs) if isinstance(item, wrap)
                       else glyphs(item, lang, docs))
        return out

    return handler


def _repeat(node: n.Repeat, lang: str, docs: GameDocs) -> list[Glyph]:
    return [*_grouped(node.body, lang, docs), Glyph(OPERATORS["x"]),
            *glyphs(node.count, lang, docs)]


#: a comparison as it is drawn (``4 <= hand`` is drawn ``≥ 4 hand``, by the phrasebook's MIRROR)
SYMBOLS = {"=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}
#: the noun a metric with no icon counts, for the face's language (issue 36)
COUNTED = {"cards": "card", "suits": "different_suit", "best_friends": "best_friend",
           "advances": "advance_action"}


def _metric_icon(name: str, docs: GameDocs) -> Icon | None:
    """A metric's icon: the game's picture of its word (Fort's suits: ``crown``) or its
    quantity's (``toy``, ``hand``)."""
    return docs.icon(name) or QUANTITIES.get(name)


def _word(word: str, docs: GameDocs) -> list[Glyph]:
    """A quantity's word: its declaration's icon, else the game's picture of it (``docs``:
    Fort's suits), else the word."""
    icon = QUANTITIES.get(word) or docs.icon(word)
    return [Glyph(icon) if icon is not None else Glyph(text=word)]


def _count(name: str, amount: int, lang: str, docs: GameDocs) -> list[Glyph]:
    """``3`` and the toy icon, or ``3 cartes`` where the metric has no icon."""
    icon = _metric_icon(name, docs)
    if icon is not None:
        return [Glyph(text=str(amount)), Glyph(icon)]
    from fortlang.phrasebook import plural

    return [Glyph(text=plural(lang, COUNTED.get(name, name), amount))]


def _side(side: n.Expr, lang: str, docs: GameDocs) -> list[Glyph] | None:
    if isinstance(side, n.Metric | n.RivalBest):
        icon = _metric_icon(side.name, docs)
        rival = [Glyph(OPERATORS["a rival ->"])] if isinstance(side, n.RivalBest) else []
        if icon is not None:
            return [*rival, Glyph(icon)]
        # the noun alone: its plural form, as "2 cartes" says it, without the number
        return [*rival, Glyph(text=_count(side.name, 2, lang, docs)[0].text.split(" ", 1)[1])]
    return [Glyph(text=str(side.value))] if isinstance(side, n.Number) else None


def _test(test: n.Compare, lang: str, docs: GameDocs) -> list[Glyph]:
    """A comparison in symbols: ``≥ 3`` and the toy icon; a count and what it is compared
    with where it holds no number; the canonical text where it cannot be drawn."""
    op, left, right = test.op, test.left, test.right
    if isinstance(left, n.Number) and isinstance(right, n.Metric):
        op, left, right = MIRROR[op], right, left
    if isinstance(left, n.Metric) and isinstance(right, n.Number) and right.value >= 0:
        return [Glyph(text=SYMBOLS[op]), *_count(left.name, right.value, lang, docs)]
    sides = _side(left, lang, docs), _side(right, lang, docs)
    if sides[0] is not None and sides[1] is not None:
        return [*sides[0], Glyph(text=SYMBOLS[op]), *sides[1]]
    from fortlang.printer import to_text

    return [Glyph(text=to_text(test))]


def _conditional(node: n.Conditional, lang: str, docs: GameDocs) -> list[Glyph]:
    """``if``, the comparison in symbols, then the action."""
    return [Glyph(OPERATORS["if ->"]), *_test(node.test, lang, docs), Glyph(text="→"),
            *_grouped(node.body, lang, docs)]


def _target(node: n.Target, lang: str, docs: GameDocs) -> list[Glyph]:
    """Who performs it (core C6), then the action."""
    icon = OPERATORS.get(f"{node.who} ->")  # another vocabulary's selector: its words
    who = Glyph(icon) if icon is not None else Glyph(text=f"{node.who} →")
    return [who, *_grouped(node.body, lang, docs)]


_HANDLERS: dict[type, Callable[..., list[Glyph]]] = {
    n.Repeat: _repeat,
    n.Conditional: _conditional,
    n.Target: _target,
    n.Then: _joined("then", (n.Choice,)),
    n.Choice: _joined("or", ()),
    n.Tally: lambda node, _lang, docs: _word(node.what, docs),
    n.Fixed: lambda node, _lang, _docs: [Glyph(text=str(node.n))],
}
