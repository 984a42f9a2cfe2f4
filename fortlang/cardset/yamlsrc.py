"""Card files as a positioned YAML tree, read safely.

Only parser *events* are used (libyaml through PyYAML when available): no Python object is ever
constructed from a tag, and the tree is built here by an explicit stack, so deep nesting cannot
overflow the interpreter. Hostile input becomes diagnostics, never exceptions:

- aliases are refused where they occur (the alias becomes null), so a "billion laughs" file
  costs as much as its text and nothing ever expands it;
- explicit tags, duplicate keys, non-scalar keys and several documents are errors;
- files over :data:`MAX_BYTES`, binary files and non-UTF-8 bytes are refused before parsing.

Plain scalars are typed with the YAML 1.2 core schema (``no`` stays a string, ``1.0`` is a float).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fortlang.errors import ERROR, Diagnostic, line_starts, lines_of
from fortlang.inputs import read_regular, unreadable
from fortlang.nodes import Span
from fortlang.parse_hints import yaml_colon_in_condition

#: Card files are small; the 10,000-card benchmark set splits into files well under this.
MAX_BYTES = 4 * 1024 * 1024
#: Deeper YAML is surely not a card file; capping it also bounds every later recursive pass.
MAX_DEPTH = 32
#: Values (scalars and collections) per file: 10,000 cards take about 100,000. A file of a
#: million one-letter items fits in MAX_BYTES but would take seconds and hundreds of MB.
MAX_NODES = 250_000
#: Digits of a plain integer: the schemas' largest is far smaller, and a 64-bit seed has 20.
#: Python refuses to convert more than 4,300 (and a hex integer converts but cannot be shown).
MAX_DIGITS = 20

PLAIN, SINGLE, DOUBLE, LITERAL, FOLDED = "", "'", '"', "|", ">"


@dataclass(slots=True)
class YNode:
    """A YAML node: ``value`` is a str/int/float/bool/None, a list of YNode, or a list of
    (key YNode, value YNode) pairs; positions are 0-based (line, column) as YAML reports them."""

    kind: str  # "scalar", "seq" or "map"
    value: Any
    line: int
    column: int
    end_line: int
    end_column: int
    style: str = PLAIN
    #: For a mapping: key -> (key node, value node), the first of duplicates; built while
    #: parsing, so lookups and the duplicate check stay linear on hostile files.
    index: dict[Any, tuple[YNode, YNode | None]] | None = None

    @property
    def span(self) -> Span:
        return Span(self.line + 1, self.column + 1, self.end_line + 1, self.end_column + 1)

    def _entry(self, key: Any) -> tuple[YNode, YNode | None] | None:
        if self.kind != "map":
            return None
        if self.index is None:
            self.index = {}
            for k, v in self.value:
                self.index.setdefault(k.value, (k, v))
        return self.index.get(key)

    def get(self, key: str) -> YNode | None:
        """The value node under ``key`` in a mapping (None when absent or not a mapping)."""
        entry = self._entry(key)
        return entry[1] if entry is not None else None

    def key_node(self, key: str) -> YNode | None:
        entry = self._entry(key)
        return entry[0] if entry is not None else None

    def to_data(self) -> Any:
        """Plain JSON-like data (for the JSON Schema validator); keys are strings."""
        if self.kind == "scalar":
            return self.value
        if self.kind == "seq":
            return [item.to_data() for item in self.value]
        return {str(k.value): v.to_data() for k, v in self.value}


@dataclass
class Document:
    """One card file: its text (without a BOM), its tree (None when unreadable) and what went
    wrong reading it."""

    path: str
    text: str
    root: YNode | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    bom: bool = False
    #: False when reading stopped early (too deep, too many values): ``root`` is partial
    complete: bool = True
    #: (line, column) of values refused while reading (a number too long), null in the tree
    #: and already reported: the schema does not report them again as empty
    refused: set[tuple[int, int]] = field(default_factory=set)
    _line_starts: list[int] | None = field(default=None, repr=False)

    def offset(self, line: int, column: int) -> int:
        """The text offset of a 0-based (line, column)."""
        starts = self.line_starts
        if line >= len(starts):
            return len(self.text)
        return min(starts[line] + column, len(self.text))

    def position(self, offset: int) -> tuple[int, int]:
        """The 0-based (line, column) of a text offset."""
        starts = self.line_starts
        line = bisect_right(starts, offset) - 1
        return line, offset - starts[line]

    @property
    def line_starts(self) -> list[int]:
        if self._line_starts is None:  # YAML's line breaks, as its marks count them
            self._line_starts = line_starts(self.text)
        return self._line_starts

    def error(self, code: str, message: str, node: YNode | None = None,
              hint: str | None = None) -> Diagnostic:
        return Diagnostic(ERROR, code, message, node.span if node else None, self.path, hint)


def read_document(path: Path | str, text: str | None = None) -> Document:
    """Read and parse one YAML file; every problem is a diagnostic on the returned document."""
    name = str(path)
    if text is None:
        text, problem = _read(Path(path), name)
        if problem is not None:
            return Document(name, text, None, [problem])
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    doc = Document(name, text, None, bom=bom)
    doc.root = _Builder(doc).build()
    return doc


def read_text(path: Path | str) -> tuple[str | None, Diagnostic | None]:
    """A file's text as :func:`read_document` reads it (capped, regular files only, UTF-8), or
    the problem that stops it: with the text, ``read_document(path, text)`` is
    ``read_document(path)``."""
    text, problem = _read(Path(path), str(path))
    return (None, problem) if problem is not None else (text, None)


def _read(path: Path, name: str) -> tuple[str, Diagnostic | None]:
    """The text, or a problem and the text as far as it can be shown (for the caret line)."""
    raw, problem = _read_bytes(path, name)
    if problem is not None:
        return "", problem
    return _decode(raw, name)


def _read_bytes(path: Path, name: str) -> tuple[bytes, Diagnostic | None]:
    try:
        if path.is_dir():
            return b"", Diagnostic(ERROR, "E300", "is a directory, not a YAML file", file=name)
        if not path.exists():
            return b"", Diagnostic(ERROR, "E300", "no such file", file=name)
        # a FIFO, a device or a procfs file could block or be endless: refused by kind
        raw = read_regular(path, MAX_BYTES)  # never more, even if the file grows meanwhile
        if len(raw) > MAX_BYTES:
            size = max(path.stat().st_size, len(raw))
            return b"", Diagnostic(
                ERROR, "E304", f"file too large: {size / 1e6:.1f} MB (card files hold at most "
                f"{MAX_BYTES // (1024 * 1024)} MiB)", file=name,
                hint="split the set into several card files")
        return raw, None
    except OSError as e:
        return b"", Diagnostic(ERROR, "E300", unreadable(e), file=name)


def _decode(raw: bytes, name: str) -> tuple[str, Diagnostic | None]:
    """The text, or a diagnostic and the text as far as it can be shown (for the caret line)."""
    nul = raw.find(b"\0")
    if nul >= 0:
        line, column = _byte_position(raw, nul)
        # No text: a binary file (e.g. a link to /proc/self/environ) is never quoted back.
        return "", Diagnostic(
            ERROR, "E103", "binary file: a NUL byte is not text",
            Span(line, column, line, column + 1), name, hint="card files are UTF-8 YAML text")
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as e:
        line, column = _byte_position(raw, e.start)
        return raw.decode("utf-8", "replace"), Diagnostic(
            ERROR, "E103", f"not UTF-8 text: byte 0x{raw[e.start]:02x} cannot be decoded",
            Span(line, column, line, column + 1), name, hint="save the file as UTF-8")


def _byte_position(raw: bytes, at: int) -> tuple[int, int]:
    line_start = raw.rfind(b"\n", 0, at) + 1
    column = len(raw[line_start:at].decode("utf-8", "replace")) + 1
    return raw.count(b"\n", 0, at) + 1, column


# -- the YAML 1.2 core schema for plain scalars -----------------------------------------------

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
          "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+")
_OCT = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_SPECIAL_FLOATS = {".inf": float("inf"), ".Inf": float("inf"), ".INF": float("inf"),
                   "-.inf": float("-inf"), "+.inf": float("inf"), ".nan": float("nan"),
                   ".NaN": float("nan"), ".NAN": float("nan")}


def _too_many_digits(text: str) -> bool:
    """An integer (decimal, octal or hex) of more than MAX_DIGITS digits."""
    if len(text) <= MAX_DIGITS + 2:  # a sign, or a 0x / 0o prefix
        return False
    return bool(_INT.fullmatch(text) or _OCT.fullmatch(text) or _HEX.fullmatch(text)) \
        and len(text.lstrip("+-").removeprefix("0x").removeprefix("0o")) > MAX_DIGITS


def resolve_plain(text: str) -> Any:
    if text in _NULLS:
        return None
    if text in _BOOLS:
        return _BOOLS[text]
    first = text[0]
    if first.isdigit() or first in "+-.":
        if _INT.fullmatch(text):
            return int(text)
        if _OCT.fullmatch(text):
            return int(text[2:], 8)
        if _HEX.fullmatch(text):
            return int(text[2:], 16)
        if _FLOAT.fullmatch(text):
            return float(text)
        if text in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[text]
    return text


# -- events -> tree ---------------------------------------------------------------------------


def _yaml():
    import yaml  # type: ignore[import-untyped]  # here: only card-reading commands pay for it

    return yaml, getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Builder:
    """Builds the tree from parser events with an explicit stack; reports what is refused.

    One handler per event class (a table, built once); events not in it carry nothing we keep.
    """

    def __init__(self, doc: Document):
        self.doc = doc
        self.aliases: list[YNode] = []
        self.tags: list[tuple[str, YNode]] = []
        self.documents = 0
        self.root: YNode | None = None
        #: open collections: [node, pending key or None]; mappings collect (key, value) pairs
        self.stack: list[list[Any]] = []
        #: set when reading must stop (nesting too deep): the rest of the file is not read
        self.stopped = False
        self.nodes = 0

    def build(self, pure: bool = False) -> YNode | None:
        yaml, loader = _yaml()
        if pure:
            loader = yaml.SafeLoader
        doc = self.doc
        handlers = _HANDLERS
        try:
            for ev in yaml.parse(doc.text, Loader=loader):
                handler = handlers.get(type(ev).__name__)
                if handler is not None:
                    handler(self, ev)
                    if self.stopped:
                        break
        except yaml.MarkedYAMLError as e:
            if not pure and loader is not yaml.SafeLoader and "nesting depth" in str(e.problem):
                # libyaml >= 0.2.6 scans deep brackets ahead and stops at its own limit before
                # any event; the Python parser yields events early, so our cap reports it.
                return _Builder(doc).build(pure=True)
            mark = e.problem_mark or e.context_mark
            problem = e.problem or e.context or "cannot parse"
            hint = _syntax_hint(problem)
            if mark is not None and "mapping values are not allowed" in problem:
                hint = _condition_colon_hint(doc.text, mark.line, mark.column) or hint
            if hint is None and e.context and e.context_mark is not None and e.problem:
                hint = f"{e.context} that starts on line {e.context_mark.line + 1}"
            doc.diagnostics.append(Diagnostic(
                ERROR, "E301", f"YAML syntax error: {problem}",
                _mark_span(mark) if mark is not None else None, doc.path, hint=hint))
            return None
        except yaml.reader.ReaderError as e:  # a character YAML refuses: no mark, an offset
            doc.diagnostics.append(_reader_error(doc, e, pure or loader is yaml.SafeLoader))
            return None
        except yaml.YAMLError as e:
            doc.diagnostics.append(Diagnostic(ERROR, "E301", f"YAML syntax error: {e}",
                                              None, doc.path))
            return None
        self._report_refusals()
        doc.complete = not self.stopped
        return self.root

    # -- event handlers --

    def _on_scalar(self, ev: Any) -> None:
        self._place(self._scalar(ev))

    def _on_alias(self, ev: Any) -> None:
        self._place(self._alias(ev))

    def _on_collection_start(self, ev: Any) -> None:
        self._check_tag(ev)
        m = ev.start_mark
        if len(self.stack) >= MAX_DEPTH:
            # Stop here: YAML parsers spend time in proportion to the depth on every token, so
            # reading on through 100,000 open brackets would take minutes, not milliseconds.
            placeholder = YNode("scalar", None, m.line, m.column, m.line, m.column)
            self.doc.diagnostics.append(self.doc.error(
                "E804", f"YAML nested more than {MAX_DEPTH} deep; the rest of the file is not "
                "read", placeholder, hint="a card file is a few levels deep: kids, a card, "
                "its fields"))
            self._place(placeholder)
            self.stopped = True
            return
        kind = "map" if type(ev).__name__ == "MappingStartEvent" else "seq"
        node = YNode(kind, [], m.line, m.column, m.line, m.column)
        self._place(node)
        self.stack.append([node, None])

    def _on_collection_end(self, ev: Any) -> None:
        node = self.stack.pop()[0]
        node.end_line, node.end_column = ev.end_mark.line, ev.end_mark.column

    def _on_document_start(self, ev: Any) -> None:
        self.documents += 1
        if self.documents == 2:
            self.doc.diagnostics.append(Diagnostic(
                ERROR, "E301", "a card file holds one YAML document, not several",
                _mark_span(ev.start_mark), self.doc.path,
                hint="remove the `---` line, or split the file"))

    def _place(self, node: YNode) -> None:
        """Attach a new node to the open collection, or make it the first document's root."""
        self.nodes += 1
        if self.nodes > MAX_NODES and not self.stopped:
            self.doc.diagnostics.append(self.doc.error(
                "E304", f"more than {MAX_NODES:,} YAML values in one file; the rest of the file "
                "is not read", node, hint="split the set into several card files"))
            self.stopped = True
        if self.stack:
            self._attach(self.stack, node)
        elif self.documents == 1:
            self.root = node

    def _attach(self, stack: list[list[Any]], node: YNode) -> None:
        if not stack:
            return
        top = stack[-1]
        parent: YNode = top[0]
        if parent.kind == "seq":
            parent.value.append(node)
        elif top[1] is None:
            if node.kind != "scalar":
                self.doc.diagnostics.append(self.doc.error(
                    "E302", "a key must be a plain word, not a list or a mapping", node))
                node = YNode("scalar", f"<{node.kind}>", node.line, node.column,
                             node.end_line, node.end_column)
            else:
                if parent.index is None:
                    parent.index = {}
                first = parent.index.get(node.value)
                if first is not None:
                    k = first[0]
                    self.doc.diagnostics.append(self.doc.error(
                        "E302", f"duplicate key `{node.value}`", node,
                        hint=f"`{k.value}` is already set on line {k.line + 1}"))
            top[1] = node
        else:
            key = top[1]
            parent.value.append((key, node))
            if parent.index is not None:
                parent.index.setdefault(key.value, (key, node))
            top[1] = None

    def _scalar(self, ev: Any) -> YNode:
        self._check_tag(ev)
        s, e = ev.start_mark, ev.end_mark
        style = ev.style or PLAIN
        node = YNode("scalar", None, s.line, s.column, e.line, e.column, style)
        if style != PLAIN:
            node.value = ev.value
        elif _too_many_digits(ev.value):  # refused before it is converted: it stays null
            self.doc.refused.add((node.line, node.column))
            self.doc.diagnostics.append(self.doc.error(
                "E313", f"number `{ev.value[:12]}…` has more than {MAX_DIGITS} digits", node,
                hint="no field takes a number this large; quote it if it is a name"))
        else:
            node.value = resolve_plain(ev.value)
        return node

    def _alias(self, ev: Any) -> YNode:  # refused: the value is null, reported once
        s, e = ev.start_mark, ev.end_mark
        node = YNode("scalar", None, s.line, s.column, e.line, e.column)
        self.aliases.append(node)
        return node

    def _check_tag(self, ev: Any) -> None:  # explicit tags only; implicit ones are YAML's
        if ev.tag is not None and not (ev.implicit is True or (isinstance(ev.implicit, tuple)
                                                                and any(ev.implicit))):
            m = ev.start_mark
            self.tags.append((ev.tag, YNode("scalar", None, m.line, m.column, ev.end_mark.line,
                                            ev.end_mark.column)))

    def _report_refusals(self) -> None:
        doc = self.doc
        if self.aliases:
            more = len(self.aliases) - 1
            doc.diagnostics.append(doc.error(
                "E303", "YAML aliases are not allowed in card files"
                + (f" ({more} more in this file)" if more else ""), self.aliases[0],
                hint="write the value out; aliases are refused so no file can expand "
                     "exponentially"))
        for tag, node in self.tags[:1]:
            more = len(self.tags) - 1
            doc.diagnostics.append(doc.error(
                "E303", f"YAML tags are not allowed in card files: `{tag}`"
                + (f" ({more} more in this file)" if more else ""), node,
                hint="remove the `!` tag; quote the value if it must be a string"))


def _reader_error(doc: Document, e: Any, pure: bool) -> Diagnostic:
    """A reader error positioned: its offset counts characters in the pure-Python reader and
    UTF-8 bytes in libyaml."""
    offset = e.position
    if not pure:
        offset = len(doc.text.encode("utf-8")[:offset].decode("utf-8", "ignore"))
    line, column = doc.position(offset)
    ch = chr(e.character) if isinstance(e.character, int) else str(e.character)
    return Diagnostic(ERROR, "E301", f"YAML syntax error: {e.reason}: `{ch}`",
                      Span(line + 1, column + 1, line + 1, column + 2),
                      doc.path, hint="remove it, or write it as an escape in a double-quoted "
                      "string")


def _mark_span(mark: Any) -> Span:
    return Span(mark.line + 1, mark.column + 1, mark.line + 1, mark.column + 2)


#: `public: if hand >= 4: draw`: a key, then a condition whose `:` YAML read as a second key
_CONDITION_LINE = re.compile(r"^\s*(?:-\s+)?[A-Za-z_]+:\s+(if\s[^:]*)$")


def _condition_colon_hint(text: str, line: int, column: int) -> str | None:
    """For an unquoted `if ...: action` (issue 36): the action's `->`, not only quoting."""
    lines = lines_of(text)
    if line >= len(lines):
        return None
    row = lines[line]
    m = _CONDITION_LINE.match(row[:column])
    if m is None:
        return None
    return yaml_colon_in_condition(f"{m.group(1).strip()} -> {row[column + 1:].strip()}")


def _syntax_hint(problem: str) -> str | None:
    if "tab" in problem:
        return "indent with spaces, not tabs"
    if "mapping values are not allowed" in problem:
        return "quote a value that contains `: `"
    return None


_HANDLERS: dict[str, Callable[[_Builder, Any], None]] = {
    "ScalarEvent": _Builder._on_scalar,
    "AliasEvent": _Builder._on_alias,
    "MappingStartEvent": _Builder._on_collection_start,
    "SequenceStartEvent": _Builder._on_collection_start,
    "MappingEndEvent": _Builder._on_collection_end,
    "SequenceEndEvent": _Builder._on_collection_end,
    "DocumentStartEvent": _Builder._on_document_start,
}
