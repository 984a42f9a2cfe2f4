"""Which build of the engine runs: modules compiled with mypyc, or their Python sources.

A wheel built from the source tree (``pip install .``) carries the engine's hot modules compiled
with mypyc beside their sources when a C compiler was there (``.ci/build_hook.py``; the list is
in pyproject.toml). Each compiled module ``fortlang/a/b.py`` has a small extension ``b.<suffix>``
beside it (what ``import fortlang.a.b`` loads, since extension modules are found before
sources); the code of them all is one library inside the package, ``fortlang/_engine__mypyc.
<suffix>`` (:data:`LIBRARY`), so that calls between compiled modules are direct C calls.
``FORTLANG_PURE=1`` makes every module load from its source instead (:func:`prefer_sources`,
installed by ``fortlang/__init__``).

>>> build_line().startswith(("engine: compiled", "engine: pure Python"))
True
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

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


#: The compiled engine's one library (mypyc's group ``fortlang._engine``), a module inside the
#: package: never a top-level name that a folder earlier on ``sys.path`` could provide.
LIBRARY = "fortlang._engine__mypyc"


class LibraryPlacer:
    """A finder (``sys.meta_path``) of :data:`LIBRARY` alone, which lets the compiled modules
    know where they are.

    A compiled module imported by another one (not through its own extension file) gets its
    ``__file__`` and ``__spec__.origin`` from mypyc, which joins the folder of the library's
    ``__file__`` and the module's whole dotted path: with the library inside ``fortlang/``
    that would name ``fortlang/fortlang/a/b.<suffix>``, a file that does not exist. So once
    loaded, the library's ``__file__`` is set to the package's folder, whose folder is the
    right base (its ``__spec__.origin`` keeps its true path). Found lazily, when the first
    compiled module is imported: a command that runs no compiled code loads no library."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != LIBRARY or path is None:
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None and spec.origin:
            spec.loader = _Placing(spec.loader, os.path.dirname(spec.origin))  # type: ignore[assignment]
        return spec


class _Placing:
    """The library's loader, then its ``__file__`` set to ``folder`` (see LibraryPlacer)."""

    def __init__(self, loader: Any, folder: str) -> None:
        self.loader = loader
        self.folder = folder

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        module: ModuleType | None = self.loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        module.__file__ = self.folder


def place_library() -> None:
    """Install :class:`LibraryPlacer` (idempotent), before any compiled module is imported."""
    if not any(isinstance(f, LibraryPlacer) for f in sys.meta_path):
        sys.meta_path.insert(0, LibraryPlacer())


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
    suffixes = sorted(EXTENSION_SUFFIXES, key=len, reverse=True)  # ".cpython-311-….so" first
    out = []
    for ext in package.rglob("*"):
        suffix = next((s for s in suffixes if ext.name.endswith(s)), None)
        if suffix is None or not ext.is_file():
            continue
        name = ext.name[: -len(suffix)]
        if "." in name or name.endswith("__mypyc"):  # another interpreter's; a library
            continue
        out.append(".".join([*ext.relative_to(package.parent).parts[:-1], name]))
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
