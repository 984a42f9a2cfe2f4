"""What the cursor is on in a positioned YAML tree: the path of keys from the root, the scalar
under it, and whether that scalar is a key.

While a file is being typed it often is not valid YAML (a key without its colon yet); for
completion the text is read again with the colon put in, so the key being typed is found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortlang.cardset.yamlsrc import PLAIN, Document, YNode, read_document

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Spot:
    path: Path  # keys and item indices from the root to the node
    node: YNode | None  # the scalar (or empty value) under the cursor
    is_key: bool = False
    parent: YNode | None = None  # the mapping or list holding it


def _within(node: YNode, at: tuple[int, int]) -> bool:
    return (node.line, node.column) <= at <= (node.end_line, node.end_column)


def _holds(node: YNode, at: tuple[int, int]) -> bool:
    if _within(node, at):
        return True
    # An empty value, or a one-line plain value followed by spaces: the rest of its line.
    return node.kind == "scalar" and node.style == PLAIN and node.line == node.end_line == at[0] \
        and at[1] >= node.column


def _holder(nodes: list[YNode], at: tuple[int, int]) -> int | None:
    """The index of the node holding ``at``: one it spans first (in a flow list, `[a, b]`,
    the rest of the line after `a` is `b`'s where `b` is), else one whose line's rest it is."""
    spans = next((i for i, x in enumerate(nodes) if x is not None and _within(x, at)), None)
    if spans is not None:
        return spans
    return next((i for i, x in enumerate(nodes) if x is not None and _holds(x, at)), None)


def spot_at(doc: Document, line: int, column: int) -> Spot | None:
    """The innermost scalar at 0-based (line, column), or the collection holding the cursor
    (``node`` None) when it is on no scalar."""
    node = doc.root
    if node is None:
        return None
    at = (line, column)
    path: list[Any] = []
    parent: YNode | None = None
    while True:
        if node.kind == "scalar":
            return Spot(tuple(path), node, False, parent)
        found = False
        if node.kind == "map":
            for k, _ in node.value:
                if _within(k, at):
                    return Spot((*path, k.value), k, True, node)
            held = _holder([v for _, v in node.value], at)
            if held is not None:
                key, value = node.value[held]
                path.append(key.value)
                parent, node, found = node, value, True
        else:
            held = _holder(list(node.value), at)
            if held is not None:
                path.append(held)
                parent, node, found = node, node.value[held], True
        if not found:  # between items: in a list, the place of a new last item
            extra = (len(node.value),) if node.kind == "seq" else ()
            return Spot((*path, *extra), None, False, node)


def spot_for_completion(doc: Document, line: int, column: int) -> tuple[Spot | None, Document]:
    """:func:`spot_at`, reading the text again with a colon after the word being typed when
    that word is a key in the making (the text is then a mapping entry)."""
    spot = spot_at(doc, line, column) if doc.root is not None else None
    if spot is not None and spot.node is not None:
        return spot, doc
    text = doc.text
    offset = doc.offset(line, column)
    start = text.rfind("\n", 0, offset) + 1
    typed = text[start:offset]
    stripped = typed.lstrip(" ")
    if stripped.startswith("- "):
        stripped = stripped[2:].lstrip(" ")
    if not all(ch.isalnum() or ch in "_-" for ch in stripped):
        return spot, doc
    word = stripped or "fortlang0"  # nothing typed yet: a placeholder key
    insert = (": " if stripped else word + ": ")
    patched = read_document(doc.path, text[:offset] + insert + text[offset:])
    if patched.root is None:
        return spot, doc
    again = spot_at(patched, line, column if stripped else column + len(word))
    if again is None or again.node is None:
        return spot, doc
    if not stripped:  # the placeholder is not a word the user typed
        return Spot(again.path[:-1] + ("",), None, True, again.parent), patched
    return again, patched
