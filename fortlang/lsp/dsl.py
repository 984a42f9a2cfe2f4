"""An action or scoring text at the cursor: its AST from the checker's cached parse, and the
mapping between places in the text and places in the file."""

from __future__ import annotations

from dataclasses import dataclass

from fortlang import nodes as n
from fortlang.cardset.dsl import parse_text, source_offsets
from fortlang.cardset.yamlsrc import Document, YNode
from fortlang.registry import Vocabulary


@dataclass
class Text:
    doc: Document
    node: YNode
    kind: str  # ACTION or SCORING
    vocab: Vocabulary

    @property
    def value(self) -> str:
        return self.node.value if isinstance(self.node.value, str) else ""

    def offsets(self) -> list[int]:
        """File offset of each character of the value, and one past the end."""
        if not self.value:
            start = self.doc.offset(self.node.line, self.node.column)
            return [start]
        return source_offsets(self.doc, self.node)

    def index(self, file_offset: int) -> int:
        """The place in the value of a file offset (a cursor past the end: the end)."""
        offsets = self.offsets()
        for i, at in enumerate(offsets[:-1]):
            if at >= file_offset:
                return i
        return len(offsets) - 1

    def ast(self) -> n.Node | None:
        if not self.value:
            return None
        return parse_text(self.value, self.kind, self.vocab)[0]

    def file_span(self, span: n.Span) -> tuple[int, int]:
        """File offsets of a span of the value."""
        offsets = self.offsets()
        size = len(offsets) - 1
        a, b = min(span.start, size), min(max(span.end, span.start), size)
        return offsets[a], (offsets[b - 1] + 1 if b > a else offsets[a])


def innermost(root: n.Node, index: int) -> n.Node:
    """The smallest node whose span holds the place ``index`` of the text."""
    best = root
    for node in root.walk():
        s = node.span
        if s is not None and s.start <= index < max(s.end, s.start + 1) \
                and (best.span is None or s.end - s.start <= best.span.end - best.span.start):
            best = node
    return best
