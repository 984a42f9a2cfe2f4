"""``fortlang fmt``: rewrite every action and made-up rule of card files to canonical form, in
place, keeping comments and layout; ``--check`` only reports."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from fortlang.errors import Diagnostic
from fortlang.escape import shown


def _files(paths: tuple[Path, ...]) -> tuple[list[Path], list[Diagnostic]]:
    """The files named, and the card files under the folders named (not through links that
    lead out of a folder; a folder that cannot be read is a diagnostic)."""
    from fortlang.cardset.load import is_yaml
    from fortlang.walk import find_files

    out: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            found = find_files(path, is_yaml)
            out.extend(found.files)
            problems.extend(found.diagnostics)
        else:
            out.append(path)
    return out, problems


def _set_errors(paths: tuple[Path, ...]) -> dict[str, list[Diagnostic]]:
    """Errors that only the whole set shows (an id used in two files...), by file: such a
    file is left untouched too."""
    from fortlang.cardset import check_report

    folders = [p for p in paths if p.is_dir()]
    out: dict[str, list[Diagnostic]] = {}
    for d in check_report(folders).diagnostics if folders else ():
        if d.is_error:
            out.setdefault(d.file, []).append(d)
    return out


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; exit 1 if a file would be reformatted.")
def fmt(paths: tuple[Path, ...], check_only: bool) -> None:
    """Rewrite actions in card files to canonical form (`x`, `then`, single spaces).

    \b
    PATH is a card file or a folder of them. Comments, quoting and layout are kept; a file
    with errors is left alone (see `fortlang check`). Examples:
      fortlang fmt cards/my-expansion
      fortlang fmt --check cards/
    """
    from fortlang.cardset.fmt import format_file
    from fortlang.cli.check import render
    from fortlang.cli.common import diagnostic_language
    from fortlang.errors import ERROR, FortError, lines_of
    from fortlang.output import write_output

    lang = diagnostic_language()
    files, problems = _files(paths)
    for unread in problems:
        click.echo(unread.render(lang=lang), err=True)
    failed, changed = len(problems), 0
    set_errors = _set_errors(paths)
    for path in files:
        result = format_file(path)
        if result.new is not None and set_errors.get(str(path)):
            result.new, result.diagnostics = None, set_errors[str(path)]
        if result.new is None:
            failed += 1
            lines = lines_of(result.old)
            for d in result.diagnostics:
                click.echo(render(d, lines, lang), err=True)
            continue
        if not result.changed:
            continue
        changed += 1
        if check_only:
            click.echo(f"would reformat {shown(str(path))}")
            continue
        problem = None if os.access(path, os.W_OK) else Diagnostic(
            ERROR, "E390", "not formatted: the file is read-only", file=str(path),
            hint="the file is unchanged")
        if problem is None:
            try:  # only over the bytes that were read: a concurrent edit is never lost
                write_output(path, result.new, expect=result.old.encode("utf-8"))
            except FortError as e:  # the old file is intact: the write is all or nothing
                problem = e.first
        if problem is not None:
            changed -= 1
            failed += 1
            click.echo(problem.render(lang=lang), err=True)
            continue
        click.echo(f"reformatted {shown(str(path))}")
    verb = "would be reformatted" if check_only else "reformatted"
    click.echo(f"{changed} file{'s' * (changed != 1)} {verb}, "
               f"{len(files) + len(problems) - changed - failed} unchanged"
               + (f", {failed} with errors (not formatted)" if failed else ""), err=True)
    sys.exit(1 if failed or (check_only and changed) else 0)
