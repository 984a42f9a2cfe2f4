"""``fortlang new set PATH``: start a card set from a checked, documented example (issue 36)."""

from __future__ import annotations

from pathlib import Path

import click

from fortlang.cli.common import fail
from fortlang.errors import ERROR, Diagnostic, FortError


@click.group()
def new() -> None:
    """Start something new from a working example."""


@new.command("set")
@click.argument("path", type=click.Path(path_type=Path))
def new_set(path: Path) -> None:
    """Write a new card set into the folder PATH (it must not exist yet): a manifest, two kids
    and a made-up rule of your own design, a scenario file and a README. The folder's name is
    the set's id.

    \b
    Example:
      fortlang new set tree-house && fortlang check tree-house && fortlang test tree-house
    """
    from fortlang.cardset.schema import SCHEMA_DIR
    from fortlang.escape import shown
    from fortlang.output import build_folder, write_output
    from fortlang.scaffold import MAX_ID, SET_ID, set_files

    if path.exists() or path.is_symlink():
        fail(FortError(Diagnostic(ERROR, "E801", "already exists: a new set needs a new folder",
                                  file=str(path), hint="choose another folder name")))
    set_id = path.name
    if len(set_id) > MAX_ID or not SET_ID.fullmatch(set_id):
        raise click.BadParameter(
            f"`{shown(set_id[:MAX_ID])}` is not a set id: the folder's name must be lowercase "
            f"words joined by dashes (at most {MAX_ID} characters), e.g. tree-house",
            param_hint="PATH")
    with build_folder(path) as tmp:
        for name, text in set_files(set_id, SCHEMA_DIR.as_posix()).items():
            write_output(tmp / name, text)
    click.echo(f"wrote the set `{set_id}` in {shown(str(path))}; next: "
               f"fortlang check {shown(str(path))} && fortlang test {shown(str(path))}")
