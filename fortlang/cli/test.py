"""``fortlang test``: run scenario files like a test runner: one line per scenario, the
differences under each failure, ``N passed, M failed`` at the end; exit 1 on any failure."""

from __future__ import annotations

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
    from fortlang.cli.common import diagnostic_language
    from fortlang.errors import FortError
    from fortlang.escape import json_text, shown
    from fortlang.scenario import Report, run_paths

    report = Report()
    for item in run_paths(paths):
        if isinstance(item, FortError):
            report.errors.append(item)
            if fmt == "text":
                click.echo(item.render(lang=diagnostic_language()))
            continue
        report.outcomes.append(item)
        if fmt == "text":
            sc = item.scenario
            # each line escaped on its own: a name from a file cannot redraw or add a line
            click.echo(f"{'PASS' if item.passed else 'FAIL'}  {shown(str(sc.file))}:{sc.line}  "
                       f"{shown(sc.name)}")
            for line in (item.message.split("\n") if item.message else ()):
                click.echo("      " + shown(line))
            for diff in item.diffs:
                click.echo("      " + shown(diff.render()))
    if fmt == "json":
        click.echo(json_text({
            "scenarios": [o.to_json() for o in report.outcomes],
            "diagnostics": [d.to_json() for d in report.diagnostics],
            "passed": report.passed, "failed": report.failed,
        }))
    else:
        click.echo(f"{report.passed} passed, {report.failed} failed")
    sys.exit(0 if report.ok else 1)
