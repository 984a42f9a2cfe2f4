"""One error type for everything a user can get wrong, with positions (STYLE #5).

A :class:`Diagnostic` knows its file, span, severity, code and hint, and renders itself the way
compilers do::

    <action>:1:14: error[E101]: unknown suit `shovle`
      gain pizza x shovle
                   ^^^^^^
      hint: did you mean `shovel`?

Validation collects diagnostics; execution raises :class:`FortError` at the first one (STYLE #6).
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from fortlang.codes import CATALOGUE, translated
from fortlang.escape import shown
from fortlang.nodes import Span

ERROR = "error"
WARNING = "warning"

#: code -> its one meaning; the catalogue (:mod:`fortlang.codes`) also has an example and a fix.
CODES: dict[str, str] = {c.code: c.meaning for c in CATALOGUE.values()}

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
    #: further lines shown under the source excerpt (a tool's output, a decision's options)
    notes: tuple[str, ...] = ()

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

    def header(self, with_code: bool = True, lang: str = "en") -> str:
        """``file:line:col: error[CODE]: message``; in another language than English the
        code's meaning in that language leads the message (which may quote the source, so
        stays as written). ``error``/``warning`` and the code stay as tools parse them."""
        span = self.span
        file = shown(self.file)  # names and messages quote input: never raw controls (issue 12)
        where = file if span is None else f"{file}:{span.line}:{span.column}"
        kind = f"{self.severity}[{self.code}]" if with_code else self.severity
        message = shown(self.message)
        if lang != "en" and self.code in CATALOGUE:
            from fortlang.i18n.core import ui  # the core's words: no game's

            message = ui(lang, "diag.headline", meaning=translated(self.code, lang).meaning,
                         message=message)
        return f"{where}: {kind}: {message}"

    def render(self, source: str | None = None, with_code: bool = True,
               lang: str = "en") -> str:
        """The header, then the source line with a caret under the span, then the hint.

        >>> d = Diagnostic(ERROR, "E101", "unknown suit `sh\\x1bovle`", Span(1, 14, 1, 20))
        >>> print(d.render("gain pizza x sh\\x1bovle"))
        <action>:1:14: error[E101]: unknown suit `sh\\x1bovle`
          gain pizza x sh?ovle
                       ^^^^^^
        """
        out = [self.header(with_code, lang)]
        if source is not None and self.span is not None:
            out.extend(_excerpt(source, self.span))
        out.extend(f"  {shown(note)}" for note in self.notes)
        if lang == "en":
            if self.hint:
                out.append(f"  hint: {shown(self.hint)}")
        else:
            out.extend(f"  {line}" for line in _hints_in(self, lang))
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        span = self.span
        notes = {"notes": list(self.notes)} if self.notes else {}
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
        } | notes


_DID_YOU_MEAN = re.compile(r"did you mean (.+)\?")


def _hints_in(d: Diagnostic, lang: str) -> list[str]:
    """The hint and the catalogue's fix in ``lang``. A "did you mean" hint is translated; any
    other hint is worded from the input, so it is shown as written, under the language's
    label."""
    from fortlang.i18n.core import ui  # the core's words: no game's

    out = []
    if d.hint:
        hint = shown(d.hint)
        close = _DID_YOU_MEAN.fullmatch(hint)
        if close is not None:
            hint = ui(lang, "diag.did_you_mean",
                      names=close.group(1).replace(" or ", ui(lang, "diag.or")))
        out.append(ui(lang, "diag.hint", hint=hint))
    if d.code in CATALOGUE:
        out.append(ui(lang, "diag.fix", fix=translated(d.code, lang).fix))
    return out


#: Line breaks as YAML and editors count them: CR LF, LF, a lone CR, NEL, LS and PS. Every
#: line number and every caret line of a diagnostic uses this one definition (issue 12).
LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def _lf_only(text: str) -> bool:
    """True when LF is the only break: then plain ``str.find`` counts lines (4x faster)."""
    return not any(ch in text for ch in "\r\x85\u2028\u2029")


def line_starts(text: str) -> list[int]:
    """The offset where each line of ``text`` starts."""
    if not _lf_only(text):
        return [0, *(m.end() for m in LINE_BREAK.finditer(text))]
    starts, find = [0], text.find
    i = find("\n")
    while i >= 0:
        starts.append(i + 1)
        i = find("\n", i + 1)
    return starts


def lines_of(text: str) -> list[str]:
    """The lines of ``text``, without their breaks."""
    return text.split("\n") if _lf_only(text) else LINE_BREAK.split(text)


def _line_bounds(source: str, number: int) -> tuple[int, int] | None:
    """Where line ``number`` (1-based) starts and ends, or None past the end."""
    start = 0
    if _lf_only(source):
        for _ in range(number - 1):
            newline = source.find("\n", start)
            if newline < 0:
                return None
            start = newline + 1
        end = source.find("\n", start)
        return start, len(source) if end < 0 else end
    breaks = LINE_BREAK.finditer(source)
    for _ in range(number - 1):
        found = next(breaks, None)
        if found is None:
            return None
        start = found.end()
    following = next(breaks, None)
    return start, len(source) if following is None else following.start()


def _excerpt(source: str, span: Span) -> list[str]:
    """The span's line, or a window of it, and a caret line. Only the window is copied, so a
    diagnostic on a 4 MB line costs no more than one on a short line."""
    bounds = _line_bounds(source, span.line)
    if bounds is None:
        return []
    start, end = bounds
    length = end - start
    first = span.column - 1
    last = span.end_column - 1 if span.end_line == span.line else length
    last = max(last, first + 1)
    # Show a window around the spot, so a 1 MB one-line action prints one screen line.
    lo = max(0, min(first - _WINDOW // 2, length - _WINDOW))
    hi = lo + _WINDOW
    window = source[start + lo : start + min(hi, length)]
    prefix = "…" if lo > 0 else ""
    suffix = "…" if hi < length else ""
    window = "".join(ch if ch.isprintable() else " " if ch == "\t" else "?" for ch in window)
    caret = " " * (len(prefix) + first - lo) + "^" * max(1, min(last, hi) - first)
    return [f"  {prefix}{window}{suffix}", f"  {caret}"]


class FortError(Exception):
    """Raised with one or more diagnostics; ``str()`` gives the rendered report."""

    def __init__(self, diagnostics: Sequence[Diagnostic] | Diagnostic, source: str | None = None,
                 sources: dict[str, str] | None = None):
        """``source``: the text the diagnostics quote; ``sources``: the text of each other file
        they are about, by its path (a scenario file's errors about a card set's files)."""
        if isinstance(diagnostics, Diagnostic):
            diagnostics = (diagnostics,)
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        self.source = source
        self.sources = dict(sources or {})
        super().__init__(self.render())

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]

    def render(self, with_code: bool = True, lang: str = "en") -> str:
        return "\n".join(d.render(self.sources.get(d.file, self.source), with_code, lang)
                         for d in self.diagnostics)

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its fields, not by calling the class with ``args`` (the rendered text):
        # copies and a worker process's errors keep every subclass's fields.
        return _rebuilt, (type(self), self.args, self.__dict__)

    def located(self, file: str, line_offset: int = 0, column_offset: int = 0) -> FortError:
        """The same error for text embedded in a file (a copy: subclasses keep their fields)."""
        moved = copy.copy(self)
        moved.diagnostics = tuple(d.located(file, line_offset, column_offset)
                                  for d in self.diagnostics)
        if self.args == (self.render(),):  # FortError's own text; a subclass may keep another
            moved.args = (moved.render(),)
        return moved


def _rebuilt(cls: type[FortError], args: tuple[Any, ...], state: dict[str, Any]) -> FortError:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class MessageError(FortError):
    """A FortError raised with a plain message where there is no file position (the engine,
    plugins, scenario moves): ``str()`` is the message, as callers embed it; the diagnostic,
    which commands print, carries the code, the first line as its message and the other lines as
    notes."""

    def __init__(self, code: str, message: str, hint: str | None = None,
                 file: str = "<game>") -> None:
        first, *rest = message.split("\n")
        super().__init__(Diagnostic(ERROR, code, first, None, file, hint, tuple(rest)))
        self.code, self.message, self.hint = code, message, hint

    def __str__(self) -> str:
        return self.message


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
