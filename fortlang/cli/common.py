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
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise FortError(Diagnostic(
            ERROR, "E103", f"not UTF-8 text: byte 0x{data[e.start]:02x} cannot be decoded",
            Span(line, column, line, column + 1), str(path),
            hint="save the file as UTF-8"), data.decode("utf-8", "replace")) from None
