"""Actions and scoring rules inside YAML strings: parsed once per distinct text, and their
diagnostics moved from the string to the exact place in the card file.

A plain one-line scalar is the easy case (``Diagnostic.located``); quoted and block scalars are
not, because the string YAML hands over differs from the source text (quotes, ``''``, escapes,
indentation, folded lines). :func:`source_offsets` aligns the two: every non-blank character
of the value is found, in order, in the scalar's source text, which YAML's quoting never
reorders. Only diagnostics pay for the alignment.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import replace

from fortlang import nodes as n
from fortlang.cardset.yamlsrc import DOUBLE, FOLDED, LITERAL, SINGLE, Document, YNode
from fortlang.errors import LINE_BREAK, Diagnostic, FortError
from fortlang.registry import Vocabulary, default_vocabulary

ACTION, SCORING = "action", "scoring"


#: What the cache of parsed texts may hold, measured by the length of the texts kept (their
#: ASTs and diagnostics are proportional to it): the language server parses every version of
#: an action the user edits, so a count of entries would not bound it (a long action each).
PARSE_CACHE_BYTES = 8 * 1024 * 1024
_parsed: OrderedDict[tuple[str, str, Vocabulary], tuple[n.Node | None,
                                                        tuple[Diagnostic, ...]]] = OrderedDict()
_parsed_bytes = 0


def parse_text(text: str, kind: str, vocab: Vocabulary | None = None
               ) -> tuple[n.Node | None, tuple[Diagnostic, ...]]:
    """(the AST or None, parse and check diagnostics relative to ``text``), cached by text and
    vocabulary (the default game's by default); the least recently used go once the texts kept
    exceed PARSE_CACHE_BYTES."""
    global _parsed_bytes
    vocab = default_vocabulary() if vocab is None else vocab
    key = (text, kind, vocab)
    found = _parsed.get(key)
    if found is not None:
        _parsed.move_to_end(key)
        return found
    found = _parse_text(text, kind, vocab)
    if len(text) <= PARSE_CACHE_BYTES:
        _parsed[key] = found
        _parsed_bytes += len(text)
        while _parsed_bytes > PARSE_CACHE_BYTES:
            (old, _k, _v), _ = _parsed.popitem(last=False)
            _parsed_bytes -= len(old)
    return found


def parse_text_cache_clear() -> None:
    global _parsed_bytes
    _parsed.clear()
    _parsed_bytes = 0


def parse_text_cache_bytes() -> int:
    """The length of the texts the cache holds."""
    return _parsed_bytes


def _parse_text(text: str, kind: str, vocab: Vocabulary
                ) -> tuple[n.Node | None, tuple[Diagnostic, ...]]:
    from fortlang.checker import check
    from fortlang.parser import language

    lang = language(vocab)
    parse = lang.parse_action if kind == ACTION else lang.parse_scoring
    try:
        node = parse(text)
    except FortError as e:
        return None, e.diagnostics
    return node, tuple(check(node, vocabulary=vocab))


def parse_scalar(doc: Document, node: YNode, kind: str, vocab: Vocabulary | None = None
                 ) -> tuple[n.Node | None, list[Diagnostic]]:
    """Parse the string in ``node``; diagnostics point into ``doc`` at the exact column."""
    ast, diagnostics = parse_text(node.value, kind, vocab)
    if not diagnostics:
        return ast, []
    offsets = source_offsets(doc, node)
    return ast, [_relocate(doc, offsets, d) for d in diagnostics]


def located(doc: Document, node: YNode, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics of the text in ``node`` (positions in the text) at their place in ``doc``."""
    found = list(diagnostics)
    if not found:
        return []
    offsets = source_offsets(doc, node)
    return [_relocate(doc, offsets, d) for d in found]


def source_offsets(doc: Document, node: YNode) -> list[int]:
    """For each character of the scalar's value (and one past the end), its offset in the file."""
    text, value = doc.text, node.value
    start = doc.offset(node.line, node.column)
    stop = doc.offset(node.end_line, node.end_column)
    if node.style in (SINGLE, DOUBLE):
        start += 1  # the opening quote
    elif node.style in (LITERAL, FOLDED):
        newline = LINE_BREAK.search(text, start, stop)  # content starts after the header
        start = stop if newline is None else newline.end()
    out: list[int] = []
    pos = start
    last = start - 1  # offset of the last character matched
    for ch in value:
        if ch.isspace():
            out.append(last + 1)
            continue
        found = text.find(ch, pos, stop)
        if found < 0:  # an escape sequence (`\u00d7`): point at its start
            while pos < stop and text[pos].isspace():
                pos += 1
            out.append(pos)
            continue
        out.append(found)
        last, pos = found, found + 1
    out.append(last + 1)
    return out


def _relocate(doc: Document, offsets: list[int], d: Diagnostic) -> Diagnostic:
    span = d.span
    if span is None:
        return replace(d, file=doc.path)
    size = len(offsets) - 1
    a = min(max(span.start, 0), size)
    b = min(max(span.end, a), size)
    first = offsets[a]
    # The end is one past the last character of the span (not the start of whatever follows,
    # which may be on another line).
    last = offsets[b - 1] + 1 if b > a else first + 1
    (l1, c1), (l2, c2) = doc.position(first), doc.position(last)
    return replace(d, file=doc.path, span=n.Span(l1 + 1, c1 + 1, l2 + 1, c2 + 1, first, last))
