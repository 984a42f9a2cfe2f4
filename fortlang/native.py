"""Which build of the engine runs: modules compiled with mypyc, or their Python sources.

A wheel built from the source tree (``pip install .``) carries the engine's hot modules compiled
with mypyc beside their sources when a C compiler was there (``.ci/build_hook.py``; the list is
in pyproject.toml). Each compiled module ``fortlang/a/b.py`` is two files in the installed
package: ``b.<suffix>`` (what ``import fortlang.a.b`` loads, since extension modules are found
before sources) and ``b__mypyc.<suffix>``, the code itself. ``FORTLANG_PURE=1`` makes every
module load from its source instead (:func:`prefer_sources`, installed by ``fortlang/__init__``).

>>> build_line().startswith(("engine: compiled", "engine: pure Python"))
True
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from pathlib import Path
    from types import ModuleType

# Imported by ``fortlang/__init__`` on every start: the rest of importlib (importlib.abc alone
# loads importlib.resources and tempfile) only where it is used.

#: Set (to anything but "" or "0") for the pure-Python engine: at build time no compiling, at
#: run time no compiled module loaded.
PURE_ENV = "FORTLANG_PURE"


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class SourcesFirst:
    """A finder (``sys.meta_path``) of a fortlang module's ``.py`` before a compiled extension
    of the same name."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("fortlang.") or path is None:
            return None  # not ours, or a top-level name
        name = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, name + ".py")
            if os.path.isfile(source):
                from importlib.util import spec_from_file_location

                return spec_from_file_location(fullname, source)
        return None  # a package (its __init__.py) or a module of another folder: the usual way


def prefer_sources() -> None:
    """Load every fortlang module imported from now on from its source (idempotent)."""
    if not any(isinstance(f, SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourcesFirst())


def compiled_modules(package: Path | None = None) -> list[str]:
    """The modules this installed package (or the fortlang folder ``package``) ships compiled,
    in use or not: none in a source tree or a pure wheel."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    package = package or Path(__file__).resolve().parent
    out = []
    for suffix in EXTENSION_SUFFIXES:
        for lib in package.rglob(f"*__mypyc{suffix}"):
            parts = lib.relative_to(package.parent).parts
            out.append(".".join([*parts[:-1], lib.name[: -len(suffix) - len("__mypyc")]]))
    return sorted(set(out))


def is_compiled(module: ModuleType) -> bool:
    from importlib.machinery import EXTENSION_SUFFIXES

    origin = module.__spec__.origin if module.__spec__ else None
    return bool(origin) and str(origin).endswith(tuple(EXTENSION_SUFFIXES))


def compiled_in_use() -> list[str]:
    """The compiled modules this process runs (each is imported to tell)."""
    from importlib import import_module

    return [name for name in compiled_modules() if is_compiled(import_module(name))]


def build_line() -> str:
    """One line for ``fortlang --version``: which build of the engine runs, and why."""
    shipped = compiled_modules()
    try:
        used = compiled_in_use()
    except ImportError as e:  # a wheel built for another interpreter, say
        return f"engine: the compiled modules cannot be loaded ({e})"
    if used:
        return f"engine: compiled with mypyc ({len(used)} of {len(shipped)} modules)"
    if shipped and pure_requested():
        return f"engine: pure Python ({PURE_ENV} is set; {len(shipped)} compiled modules unused)"
    return "engine: pure Python"
