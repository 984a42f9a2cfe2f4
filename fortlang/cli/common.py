"""What every command shares: reading user files safely and reporting diagnostics."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any, BinaryIO, NoReturn

import click

from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.nodes import Span


class CommandLineError(FortError, click.UsageError):
    """A wrong command line, shown as click shows it (usage line, where to find help) but with
    the error line the compiler way: ``fortlang explain: error[E807]: ...``; exit code 2."""

    def __init__(self, error: click.UsageError) -> None:
        where = error.ctx.command_path if error.ctx is not None else "fortlang"
        # FortError's __init__ passes the rendered text on to click's (the next in the MRO)
        super().__init__(Diagnostic(ERROR, "E807", error.format_message(), file=where))
        self.ctx = error.ctx

    def show(self, file: IO[Any] | None = None) -> None:
        ctx = self.ctx
        if ctx is not None:
            help_option = max(ctx.command.get_help_option_names(ctx), key=len)
            click.echo(f"{ctx.get_usage()}\nTry '{ctx.command_path} {help_option}' for help.\n",
                       file=file, err=file is None)
        click.echo(self.render(), file=file, err=file is None)


#: Where a command's ``--lang`` is kept for its diagnostics: the click context's meta, so the
#: choice lasts one invocation (a test runner invokes many commands in one process).
_LANG_KEY = "fortlang.diagnostic_language"


def choose_language(lang: str | None) -> None:
    """Diagnostics in ``lang`` for the rest of this command (its ``--lang``, which wins over
    the locale); None leaves the choice to the locale."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and lang is not None:
        ctx.meta[_LANG_KEY] = lang


def diagnostic_language() -> str:
    """``--lang`` if given, else the locale's language (LC_ALL, LC_MESSAGES, LANG), else en."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and _LANG_KEY in ctx.meta:
        return str(ctx.meta[_LANG_KEY])
    from fortlang.i18n import language_from_env

    return language_from_env(os.environ)


def report(diagnostics: Iterable[Diagnostic], source: str | None = None) -> None:
    """Each diagnostic the compiler way, with its code, on stderr."""
    lang = diagnostic_language()
    for d in diagnostics:
        click.echo(d.render(source, lang=lang), err=True)


def fail(error: FortError | Diagnostic, source: str | None = None) -> NoReturn:
    """Print the error the compiler way on stderr and exit 1. A set's errors quote each file's
    line from the text its loader read (``error.sources``, read once under the size cap): a
    file is never opened again to quote it (it may be a FIFO, or a link to /dev/zero)."""
    if isinstance(error, FortError):
        lang = diagnostic_language()
        for d in error.diagnostics:
            click.echo(d.render(error.sources.get(d.file, error.source)
                                if source is None else source, lang=lang), err=True)
    else:
        report([error], source)
    sys.exit(1)


#: The most a command reads from one input (an action file, standard input, one replay line):
#: the cap card files have, so /dev/zero or a huge file is refused instead of filling memory.
MAX_INPUT = 4 * 1024 * 1024



def not_yet(what: str, title: str, why: str, *, file: str, hint: str) -> NoReturn:
    """E906: ``what`` (a command, an option) does not serve the game ``title`` yet (exit 1)."""
    fail(Diagnostic(ERROR, "E906", f"{what} is not available for {title} yet: {why}",
                    file=file, hint=hint))

def too_large(name: str) -> FortError:
    return FortError(Diagnostic(ERROR, "E803", f"input too large: more than "
                                f"{MAX_INPUT // (1024 * 1024)} MiB", file=name))


def read_capped(stream: BinaryIO, name: str) -> bytes:
    """At most MAX_INPUT bytes of ``stream``, or E803 if there are more."""
    data = stream.read(MAX_INPUT + 1)
    if len(data) > MAX_INPUT:
        raise too_large(name)
    return data


def read_text(path: Path) -> str:
    """The file as UTF-8 text, or a positioned FortError (missing, a folder, a FIFO or a
    device, not UTF-8, over MAX_INPUT...)."""
    from fortlang.inputs import open_regular, unreadable

    try:
        with open_regular(path) as f:  # a FIFO, a device, a procfs file: refused by kind
            data = read_capped(f, str(path))
    except OSError as e:
        raise FortError(Diagnostic(ERROR, "E300", unreadable(e), file=str(path))) from None
    return decode(data, str(path))


def read_stdin() -> str:
    """Standard input as UTF-8 text (bytes are decoded here, so bad ones get a position)."""
    if sys.stdin is None:
        raise stdin_closed()
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # already text (e.g. under a test runner)
        text = sys.stdin.read(MAX_INPUT + 1)
        if len(text) > MAX_INPUT:
            raise too_large("<stdin>")
        return text
    return decode(read_capped(stream, "<stdin>"), "<stdin>")


def stdin_closed() -> FortError:
    return FortError(Diagnostic(ERROR, "E805", "standard input is closed", file="<stdin>",
                                hint="run the command with its input open (a terminal or a pipe)"))


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
