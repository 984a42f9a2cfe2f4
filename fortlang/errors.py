"""One error type for everything a user can get wrong, with positions (STYLE #5).

A :class:`Diagnostic` knows its file, span, severity, code and hint, and renders itself the way
compilers do::

    <action>:1:14: error: unknown suit `shovle`
      gain pizza x shovle
                   ^^^^^^
      hint: did you mean `shovel`?

Validation collects diagnostics; execution raises :class:`FortError` at the first one (STYLE #6).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from fortlang.nodes import Span

ERROR = "error"
WARNING = "warning"

#: Diagnostic codes: E1xx syntax, E2xx action semantics, E3xx files and schema, W... warnings.
CODES: dict[str, str] = {
    "E100": "syntax error",
    "E101": "unknown word",
    "E102": "nesting too deep",
    "E103": "input is not text",
    "E200": "value out of range",
    "E201": "action cannot be repeated",
    "E202": "action needs too much search or too many repetitions",
    "E203": "action cannot be performed by another player",
    "W200": "action can never be performed in full",
    "W201": "multiplier has no effect",
    # card files and sets (fortlang.cardset)
    "E300": "file cannot be read",
    "E301": "YAML syntax error",
    "E302": "duplicate or non-scalar key",
    "E303": "YAML alias or tag refused",
    "E304": "file too large",
    "E305": "empty or too deeply nested file",
    "E306": "no card set or no cards",
    "E307": "too many schema errors in one file",
    "E310": "wrong type",
    "E311": "unknown field",
    "E312": "missing field",
    "E313": "invalid value",
    "E320": "duplicate id",
    "E321": "duplicate name",
    "E322": "required set not found",
    "E323": "more than one board",
    "E324": "no board",
    "E325": "card can never be played",
    "E326": "board track inconsistent",
    "E390": "formatting refused",
    "W300": "provisional card",
    "W340": "bundled set skipped: its vocabulary plugin is not installed",
    "W301": "park size differs",
    "W302": "best friend count differs",
    "W304": "two different suits",
    # the docs site and print-and-play (fortlang.docsite, `fortlang docs`)
    "E601": "output folder not built by fortlang",
    "E602": "docs extra not installed",
    "E603": "mkdocs build failed",
    "E604": "unknown card set",
    "E605": "output cannot be written",
    # scenario files (fortlang.scenario, `fortlang test`)
    "E701": "unknown card",
    "E702": "bad move",
    "E703": "unknown card set",
    "E704": "unknown perk or made-up rule",
    "E705": "unknown place to recruit from",
    # sets, links and requirement cycles (fortlang.cardset, scenario `sets:`)
    "E330": "link leads out of the set folder",
    "E331": "not a card set folder (no manifest)",
    "E332": "cycle of required sets",
    "E333": "folder cannot be read",
    "E340": "vocabulary plugin not installed",
    "E341": "vocabulary plugin fails to load",
    "E342": "vocabulary plugins clash",
    # what commands write and read (fortlang.output, fortlang.cli)
    "E800": "output path is a folder",
    "E801": "output cannot be written",
    "E802": "file changed since it was read",
    "E803": "input too large",
    "E804": "input nested too deeply",
    "E805": "standard input closed",
    "E806": "card face too complex to print",
}

#: How much of a long source line is shown around the caret.
_WINDOW = 72
#: How much of a quoted value (`...`) and of a whole message is kept: a card file may hold a
#: half-megabyte word, and its diagnostic must still be one screen line.
_QUOTE, _MESSAGE = 60, 300


def _bounded(text: str | None) -> str | None:
    if text is None or len(text) <= _QUOTE:
        return text
    parts = text.split("`")  # quoted values are the odd parts: `...`
    for i in range(1, len(parts), 2):
        if len(parts[i]) > _QUOTE:
            parts[i] = parts[i][: _QUOTE - 1] + "…"
    text = "`".join(parts)
    return text if len(text) <= _MESSAGE else text[: _MESSAGE - 1] + "…"


@dataclass(frozen=True)
class Diagnostic:
    severity: str
    code: str
    message: str
    span: Span | None = None
    file: str = "<action>"
    hint: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", _bounded(self.message))
        object.__setattr__(self, "hint", _bounded(self.hint))

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def located(self, file: str, line_offset: int = 0, column_offset: int = 0) -> Diagnostic:
        """The same diagnostic for text embedded in a file at the given offsets (on line 1)."""
        span = self.span
        if span is not None:
            first = column_offset if span.line == 1 else 0
            last = column_offset if span.end_line == 1 else 0
            span = Span(span.line + line_offset, span.column + first,
                        span.end_line + line_offset, span.end_column + last, span.start, span.end)
        return replace(self, file=file, span=span)

    def header(self, with_code: bool = False) -> str:
        span = self.span
        where = self.file if span is None else f"{self.file}:{span.line}:{span.column}"
        kind = f"{self.severity}[{self.code}]" if with_code else self.severity
        return f"{where}: {kind}: {self.message}"

    def render(self, source: str | None = None, with_code: bool = False) -> str:
        """The header, then the source line with a caret under the span, then the hint."""
        out = [self.header(with_code)]
        if source is not None and self.span is not None:
            out.extend(_excerpt(source, self.span))
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        span = self.span
        return {
            "file": self.file,
            "line": span.line if span else None,
            "column": span.column if span else None,
            "end_line": span.end_line if span else None,
            "end_column": span.end_column if span else None,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def _excerpt(source: str, span: Span) -> list[str]:
    """The span's line, or a window of it, and a caret line. Only the window is copied, so a
    diagnostic on a 4 MB line costs no more than one on a short line."""
    start = 0
    for _ in range(span.line - 1):
        newline = source.find("\n", start)
        if newline < 0:
            return []
        start = newline + 1
    end = source.find("\n", start)
    end = len(source) if end < 0 else end
    while end > start and source[end - 1] == "\r":
        end -= 1
    length = end - start
    first = span.column - 1
    last = span.end_column - 1 if span.end_line == span.line else length
    last = max(last, first + 1)
    # Show a window around the spot, so a 1 MB one-line action prints one screen line.
    lo = max(0, min(first - _WINDOW // 2, length - _WINDOW))
    hi = lo + _WINDOW
    shown = source[start + lo : start + min(hi, length)]
    prefix = "…" if lo > 0 else ""
    suffix = "…" if hi < length else ""
    shown = "".join(ch if ch.isprintable() else " " if ch == "\t" else "?" for ch in shown)
    caret = " " * (len(prefix) + first - lo) + "^" * max(1, min(last, hi) - first)
    return [f"  {prefix}{shown}{suffix}", f"  {caret}"]


class FortError(Exception):
    """Raised with one or more diagnostics; ``str()`` gives the rendered report."""

    def __init__(self, diagnostics: Sequence[Diagnostic] | Diagnostic, source: str | None = None):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = (diagnostics,)
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        self.source = source
        super().__init__(self.render())

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]

    def render(self, with_code: bool = False) -> str:
        return "\n".join(d.render(self.source, with_code) for d in self.diagnostics)

    def located(self, file: str, line_offset: int = 0, column_offset: int = 0) -> FortError:
        return type(self)([d.located(file, line_offset, column_offset) for d in self.diagnostics],
                          self.source)


class FortSyntaxError(FortError):
    """The text is not a well-formed action or scoring expression."""


class FortCheckError(FortError):
    """The text parses but breaks a static rule (e.g. ``destroy this x shovel``)."""


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest candidate(s), or None when nothing is close."""
    pool = list(candidates)
    lowered = {c.lower(): c for c in pool}
    if word.lower() in lowered:
        return f"did you mean `{lowered[word.lower()]}`?"
    close = difflib.get_close_matches(word.lower(), pool, n=2, cutoff=0.6)
    if not close:
        return None
    return "did you mean " + " or ".join(f"`{c}`" for c in close) + "?"


def errors_in(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.is_error]
