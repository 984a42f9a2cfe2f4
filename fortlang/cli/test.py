"""``fortlang test``: run scenario files like a test runner: one line per scenario, the
differences under each failure, ``N passed, M failed`` at the end; exit 1 on any failure."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: every outcome and diagnostic on standard output.")
def test(paths: tuple[Path, ...], fmt: str) -> None:
    """Run the scenarios in PATH (files, or folders searched for *.yaml and *.yml).

    \b
    Examples:
      fortlang test tests/scenarios
      fortlang test --format json my-cards/scenarios/bug.yaml
    """
    from fortlang.errors import FortError
    from fortlang.scenario import Report, run_paths

    report = Report()
    for item in run_paths(paths):
        if isinstance(item, FortError):
            report.errors.append(item)
            if fmt == "text":
                click.echo(item.render(with_code=True))
            continue
        report.outcomes.append(item)
        if fmt == "text":
            sc = item.scenario
            click.echo(f"{'PASS' if item.passed else 'FAIL'}  {_shown(sc.file)}:{sc.line}  "
                       f"{_shown(sc.name)}")
            if item.message:
                click.echo("      " + "\n      ".join(map(_shown, item.message.split("\n"))))
            for diff in item.diffs:
                click.echo("      " + _shown(diff.render()))
    if fmt == "json":
        click.echo(json.dumps({
            "scenarios": [o.to_json() for o in report.outcomes],
            "diagnostics": [d.to_json() for d in report.diagnostics],
            "passed": report.passed, "failed": report.failed,
        }, ensure_ascii=False, indent=2))
    else:
        click.echo(f"{report.passed} passed, {report.failed} failed")
    sys.exit(0 if report.ok else 1)


def _shown(text: str) -> str:
    """A line of a scenario file's words for the terminal: control characters (an escape
    sequence in a name or an answer) are shown escaped, never sent."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
