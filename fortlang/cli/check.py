"""``fortlang check``: validate card files and sets (schema, DSL, semantics), all problems in one
run, compiler style; exit 1 when there is an error."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from fortlang.errors import Diagnostic, lines_of
from fortlang.registry import LANGUAGES

if TYPE_CHECKING:
    from fortlang.cardset import CheckReport
from fortlang.nodes import Span


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: a list of diagnostics on standard output.")
@click.option("--warnings/--no-warnings", default=True, show_default=True,
              help="Show warnings (e.g. provisional cards); they never fail the check.")
@click.option("--watch", is_flag=True,
              help="Check again whenever a YAML file under PATH is saved (Ctrl-C to stop).")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="Language of the diagnostics' headlines and hints (default: the locale's, "
                   "else en); --format json stays English.")
def check(paths: tuple[Path, ...], fmt: str, warnings: bool, watch: bool,
          lang: str | None) -> None:
    """Check card sets and card files (default: the bundled sets).

    \b
    PATH may be a set folder (with a manifest.yaml), a folder of sets, or one card file.
    Examples:
      fortlang check
      fortlang check cards/my-expansion
      fortlang check --format json cards/fort-base/kids-glue.yaml
      fortlang check --watch cards/my-expansion
    """
    from fortlang.cli.common import choose_language

    choose_language(lang)
    code = run(paths, fmt, warnings)
    if watch:
        code = watch_and_run(paths, fmt, warnings, code)
    sys.exit(code)


def run(paths: tuple[Path, ...], fmt: str, warnings: bool) -> int:
    """One check, printed; the exit code (1 when there is an error)."""
    from fortlang.cardset import check_report, deadcards

    report = check_report(paths, judge=deadcards.run)
    show(report, fmt, warnings)
    return 1 if report.errors else 0


def show(report: CheckReport, fmt: str, warnings: bool) -> None:
    shown = [d for d in report.diagnostics if warnings or d.is_error]
    if fmt == "json":
        from fortlang.escape import json_text

        click.echo(json_text([d.to_json() for d in shown]))
    else:
        from fortlang.cli.common import diagnostic_language

        lang = diagnostic_language()
        sources: dict[str, list[str]] = {f.path: lines_of(f.doc.text) for f in report.files}
        for d in shown:
            click.echo(render(d, sources.get(d.file), lang))
        from fortlang.i18n import counted, ui

        summary = ui(lang, "check.summary", files=counted(lang, "n.file", len(report.files)),
                     cards=counted(lang, "n.card", report.cards),
                     errors=counted(lang, "n.error", report.errors))
        if warnings:  # hidden warnings are not counted either (issue 12.15)
            summary += ui(lang, "check.warnings",
                          warnings=counted(lang, "n.warning", report.warnings))
        click.echo(summary)
    sys.stdout.flush()  # --watch into a pipe: each check shows as soon as it is done


def watch_and_run(paths: tuple[Path, ...], fmt: str, warnings: bool, code: int) -> int:
    """Check again after each batch of saved YAML files under ``paths`` (watchfiles, no
    polling); the exit code of the last check once interrupted."""
    from watchfiles import watch

    from fortlang.cardset import deadcards
    from fortlang.cardset.load import bundled_dir, check_report, is_yaml

    roots = [p for p in paths if p.exists()] or ([] if paths else [bundled_dir()])
    if not roots:
        return code  # nothing there to watch: the check above said so
    click.echo(f"watching {', '.join(str(r) for r in roots)} (Ctrl-C to stop)", err=True)
    changes_of = watch(*roots, watch_filter=lambda _change, path: is_yaml(path),
                       debounce=200, step=50, recursive=True)
    try:
        for changes in changes_of:
            names = sorted({Path(p).name for _, p in changes})
            click.echo(f"-- changed: {', '.join(names)}; checking again --", err=True)
            report = check_report(paths, judge=deadcards.run)
            code = 1 if report.errors else 0  # before printing, which Ctrl-C may cut short
            show(report, fmt, warnings)
    except KeyboardInterrupt:  # Ctrl-C, while waiting or checking: the last full check counts
        pass
    return code


def render(d: Diagnostic, lines: list[str] | None, lang: str = "en") -> str:
    """``Diagnostic.render`` with only the diagnostic's own line as source (a big file is not
    split again for every diagnostic)."""
    span = d.span
    if lines is None or span is None or not 1 <= span.line <= len(lines):
        return d.render(None, with_code=True, lang=lang)
    end_line = 1 if span.end_line == span.line else 2
    own = replace(d, span=Span(1, span.column, end_line, span.end_column))
    return d.header(with_code=True, lang=lang) + own.render(lines[span.line - 1], True, lang)[
        len(own.header(with_code=True, lang=lang)):]
