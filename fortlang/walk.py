"""Finding files under a folder the way every command must: sorted, without following links out
of the folder, and without a traceback when a folder vanishes or cannot be read meanwhile.

A card set is a folder the user hands over, and anything in it may be hostile: a ``kids.yaml``
that is a link to ``/proc/self/environ`` or ``/etc/shadow`` must not be read (its content would
be quoted back in a caret line), and a link to ``/`` must not make ``check`` walk the disk.
Links that stay inside the folder are fine (their target is read; linked folders are not
walked twice); links that lead out are reported (E330); folders that cannot be listed are
reported (E333) and the walk goes on.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fortlang.errors import ERROR, Diagnostic


@dataclass
class Found:
    files: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def inside(path: Path | str, folder: Path | str) -> bool:
    """Whether ``path``, links resolved, is ``folder`` or below it (links resolved too)."""
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def outside_link(path: Path, folder: Path) -> Diagnostic:
    return Diagnostic(ERROR, "E330", "a link that leads out of the folder: not read",
                      file=str(path), hint=f"copy the file into {folder} instead of linking it")


def find_files(folder: Path, wanted: Callable[[str], bool]) -> Found:
    """Every file below ``folder`` whose name is ``wanted``, sorted; see the module docstring."""
    found = Found()

    def unreadable(e: OSError) -> None:
        where = e.filename or folder
        what = "no longer exists" if isinstance(e, FileNotFoundError) else \
            f"cannot be read: {e.strerror or e}"
        found.diagnostics.append(Diagnostic(ERROR, "E333", f"folder {what}", file=str(where)))

    for root, dirs, files in os.walk(folder, onerror=unreadable):
        here = Path(root)
        kept = []
        for name in sorted(dirs):
            path = here / name
            if not path.is_symlink():
                kept.append(name)
            elif not inside(path, folder):
                found.diagnostics.append(outside_link(path, folder))
            # a link inside the folder: its target is walked where it lives
        dirs[:] = kept
        for name in sorted(files):
            if not wanted(name):
                continue
            path = here / name
            if path.is_symlink() and not inside(path, folder):
                found.diagnostics.append(outside_link(path, folder))
            else:
                found.files.append(path)
    found.files.sort()
    return found
