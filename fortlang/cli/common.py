"""What every command shares: reading user files safely and reporting diagnostics."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

import click

from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.nodes import Span


def report(diagnostics: Iterable[Diagnostic], source: str | None = None,
           with_code: bool = False) -> None:
    for d in diagnostics:
        click.echo(d.render(source, with_code), err=True)


def fail(error: FortError | Diagnostic, source: str | None = None) -> NoReturn:
    """Print the error the compiler way on stderr and exit 1."""
    if isinstance(error, FortError):
        report(error.diagnostics, error.source if source is None else source)
    else:
        report([error], source)
    sys.exit(1)


def read_text(path: Path) -> str:
    """The file as UTF-8 text, or a positioned FortError (missing, a folder, not UTF-8...)."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise FortError(Diagnostic(ERROR, "E103", f"cannot read: {e.strerror or e}",
                                   file=str(path))) from None
    return decode(data, str(path))


def read_stdin() -> str:
    """Standard input as UTF-8 text (bytes are decoded here, so bad ones get a position)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # already text (e.g. under a test runner)
        return sys.stdin.read()
    return decode(stream.read(), "<stdin>")


def decode(data: bytes, name: str) -> str:
    """UTF-8 text, or a FortError pointing at the first byte that is not (column in
    characters, as the caret line shows them)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = data.rfind(b"\n", 0, e.start) + 1
        line = data.count(b"\n", 0, e.start) + 1
        column = len(data[line_start:e.start].decode("utf-8", "replace")) + 1
        raise FortError(Diagnostic(
            ERROR, "E103", f"not UTF-8 text: byte 0x{data[e.start]:02x} cannot be decoded",
            Span(line, column, line, column + 1), name,
            hint="save the file as UTF-8"), data.decode("utf-8", "replace")) from None
