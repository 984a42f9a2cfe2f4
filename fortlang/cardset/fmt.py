"""Canonical actions in card files, rewritten in place.

Every action and scoring text is replaced by ``to_text`` of its AST at the scalar's exact
source span, in the scalar's own quoting style, so comments, key order, indentation and every
other byte of the file stay as they were. Block scalars keep their header and indentation.
The result is re-read and compared before anyone writes it; a file with errors is not
formatted. Writing goes through :mod:`fortlang.output` (atomic, and never over an edit made
after the file was read).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from fortlang.cardset import semantics
from fortlang.cardset.build import check_file
from fortlang.cardset.yamlsrc import (
    DOUBLE,
    FOLDED,
    LITERAL,
    SINGLE,
    Document,
    YNode,
    read_document,
    resolve_plain,
)
from fortlang.errors import Diagnostic, MessageError, errors_in
from fortlang.printer import to_text

#: Characters that may not start a plain YAML scalar.
_INDICATORS = set("-?:,[]{}#&*!|>'\"%@`")


@dataclass
class Formatted:
    path: str
    old: str
    new: str | None  # None: not formatted because of errors
    diagnostics: list[Diagnostic]

    @property
    def changed(self) -> bool:
        return self.new is not None and self.new != self.old


def format_file(path: Path | str, text: str | None = None) -> Formatted:
    """The canonical text of a card file (nothing is written); ``text`` stands for what is on
    disk (an editor's unsaved buffer)."""
    result = check_file(path, text)
    doc = result.doc
    # Any error `check` reports for this file alone refuses it, duplicate ids included.
    result.diagnostics.extend(semantics.run(semantics.Scope([result]), with_set_checks=False))
    errors = errors_in(result.diagnostics)
    if errors or doc.root is None:
        return Formatted(doc.path, doc.text, None, errors)
    edits = []
    for node, ast in result.texts:
        edit = _edit(doc, node, to_text(ast, node.value))
        if edit is not None:
            edits.append(edit)
    new = doc.text
    for start, end, replacement in sorted(edits, reverse=True):
        new = new[:start] + replacement + new[end:]
    if new != doc.text:
        try:
            _verify(doc, new, [(node, to_text(ast, node.value)) for node, ast in result.texts])
        except _Unsafe as e:
            return Formatted(doc.path, doc.text, None, [e.located(doc.path).first])
    return Formatted(doc.path, ("\ufeff" if doc.bom else "") + doc.text,
                     ("\ufeff" if doc.bom else "") + new, [])


def plain_safe(text: str) -> bool:
    """Whether ``text`` reads back as the same string when written as a plain scalar."""
    return bool(text) and text[0] not in _INDICATORS and text == text.strip() \
        and ": " not in text and " #" not in text and "\n" not in text \
        and not any(c in text for c in ",[]{}") and resolve_plain(text) == text


def _edit(doc: Document, node: YNode, canonical: str) -> tuple[int, int, str] | None:
    start = doc.offset(node.line, node.column)
    end = doc.offset(node.end_line, node.end_column)
    style = node.style
    if style in (LITERAL, FOLDED):
        return _block_edit(doc, start, end, canonical)
    if style == SINGLE:
        replacement = "'" + canonical.replace("'", "''") + "'"
    elif style == DOUBLE or not plain_safe(canonical):
        replacement = json.dumps(canonical, ensure_ascii=False)
    else:
        replacement = canonical
    return None if doc.text[start:end] == replacement else (start, end, replacement)


def _block_edit(doc: Document, start: int, end: int, canonical: str) -> tuple[int, int, str] | None:
    """Keep the `|`/`>` header line and the content's indentation; one line of content."""
    text = doc.text
    body = text.find("\n", start, end) + 1
    if body <= 0:
        return None
    content = text[body:end]
    stripped = content.lstrip(" \n")
    first = body + len(content) - len(stripped)  # first content character
    line_start = text.rfind("\n", 0, first) + 1
    indent = text[line_start:first]
    last = body + len(content.rstrip())
    replacement = indent + canonical
    return None if text[line_start:last] == replacement else (line_start, last, replacement)


class _Unsafe(MessageError):
    """The rewrite failed its own check (a formatter bug): the file is left as it was."""

    def __init__(self, why: str) -> None:
        super().__init__("E390", f"not formatted: {why}",
                         "please report this file; it was left unchanged")


def _verify(old: Document, new: str, expected: list[tuple[YNode, str]]) -> None:
    """The rewritten file must read back with the canonical texts, and nothing else changed."""
    doc = read_document(old.path, new)
    if doc.diagnostics or doc.root is None:
        raise _Unsafe("the rewritten YAML does not read back")
    canon = {id(node): text for node, text in expected}
    _patch(old.root, canon)  # type: ignore[arg-type]
    if old.root.to_data() != doc.root.to_data():  # type: ignore[union-attr]
        raise _Unsafe("the rewrite would change more than the actions")


def _patch(node: YNode, canon: dict[int, str]) -> None:
    stack = [node]
    while stack:
        n = stack.pop()
        if n.kind == "scalar":
            if id(n) in canon:  # a block scalar keeps its final line breaks
                n.value = canon[id(n)] + n.value[len(n.value.rstrip("\n")):]
        elif n.kind == "seq":
            stack.extend(n.value)
        else:
            stack.extend(v for _, v in n.value)
