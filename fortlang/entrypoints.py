"""Importing an entry point's object safely, for the vocabulary plugins (:mod:`fortlang.plugins`)
and the game modules (:mod:`fortlang.games`) alike: a distribution is only found where code may
come from (on ``sys.path``, outside the current folder, in folders owned by this user or root
that nobody else may write), and its module is imported from that distribution's own folder, so
a module of the same name earlier on ``sys.path`` can never stand in for it. It imports nothing
of the language (the registry reaches the games' words through it)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import stat
import sys
from collections.abc import Iterable
from importlib import machinery, metadata
from pathlib import Path
from types import ModuleType

from fortlang.trust import safe_folder

_CORE = __name__.partition(".")[0]  # "fortlang": the running core's own package
_PTH_BYTES = 64 * 1024  # an editable install's .pth names a folder or two

def _here() -> set[str]:
    try:
        cwd = os.getcwd()
    except OSError:
        return {""}
    return {"", ".", cwd}


def _trusted_paths() -> list[str]:
    """The entries of ``sys.path`` a plugin may come from."""
    here = _here()
    return [p for p in sys.path
            if p not in here and os.path.abspath(p) not in here and safe_folder(Path(p))]


def entry_points(group: str) -> dict[str, metadata.EntryPoint]:
    """Every entry point of ``group`` installed where code may come from, by name (the first
    found wins, as Python's own imports do). Shared with :mod:`fortlang.games`."""
    found: dict[str, metadata.EntryPoint] = {}
    for dist in metadata.distributions(path=_trusted_paths()):
        for ep in dist.entry_points:
            if ep.group == group:
                found.setdefault(ep.name, ep)
    return found


def untrusted_offer(group: str, name: str) -> str | None:
    """Where an entry point ``name`` of ``group`` is offered from a place code may not come
    from (the current folder, a folder others can write), if it is."""
    trusted = set(_trusted_paths())
    for entry in sys.path:
        if entry in trusted:
            continue
        try:
            dists = list(metadata.distributions(path=[entry or "."]))
        except OSError:
            continue
        if any(ep.group == group and ep.name == name for d in dists for ep in d.entry_points):
            return os.path.abspath(entry or ".")
    return None


class Refused(Exception):  # noqa: N818 - a reason its callers turn into E341 or E351
    """An entry point's module is not taken from where it was found: ``reason`` completes
    "fails to load: ", ``hint`` says what to do."""

    def __init__(self, reason: str, hint: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint


def import_entry_point(ep: metadata.EntryPoint) -> object:
    """The object ``ep`` names, its module imported only from the distribution that declares
    it, with ``sys.path`` narrowed to trusted folders meanwhile (what the module itself
    imports comes from them too). :class:`Refused` if the module would come from elsewhere;
    any other exception is the module's own (the caller reports it, never as a traceback)."""
    saved = sys.path[:]
    sys.path[:] = _trusted_paths()
    try:
        return _load_from_distribution(ep)
    finally:
        sys.path[:] = saved


def _roots(dist: metadata.Distribution) -> list[Path]:
    """The folders a distribution's modules may come from: the folder it is installed in and,
    for an editable install, the folders its own ``.pth`` files name (each trusted itself)."""
    roots = [Path(os.path.abspath(str(dist.locate_file(""))))]
    here = _here()
    for file in dist.files or ():
        if file.suffix != ".pth":
            continue
        path = Path(str(dist.locate_file(file)))
        try:  # a regular file of a few lines: never a FIFO or a device (it would block)
            info = path.stat()
            if not stat.S_ISREG(info.st_mode) or info.st_size > _PTH_BYTES:
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for line in lines:  # a path per line; `import` lines are code, never followed here
            line = line.strip()
            if line and not line.startswith(("#", "import ", "import\t")):
                folder = os.path.abspath(os.path.join(roots[0], line))
                if folder not in here and safe_folder(Path(folder)):
                    roots.append(Path(folder))
    return roots


def _inside(location: str | None, roots: Iterable[Path]) -> bool:
    if not location:
        return False
    real = Path(os.path.realpath(location))
    return any(real.is_relative_to(os.path.realpath(root)) for root in roots)


def _where(module: ModuleType) -> list[str]:
    """The files and folders a module was imported from."""
    spec = getattr(module, "__spec__", None)
    places = [getattr(module, "__file__", None) or (spec.origin if spec else None) or ""]
    places += list(getattr(module, "__path__", None) or ())
    return [p for p in places if p]


def _load_from_distribution(ep: metadata.EntryPoint) -> object:
    """The entry point's object, its module imported from the distribution that declares it:
    a module of the same name elsewhere on ``sys.path`` (earlier, as the import system would
    take it) is never imported, and one imported before from elsewhere is refused. A module
    of the running core's own package (a game module fortlang ships) comes from where that
    package was already imported."""
    top = ep.module.partition(".")[0]
    if top == _CORE:
        roots = [Path(p) for p in getattr(sys.modules[_CORE], "__path__", ())]
        return _imported(ep, roots)
    dist = ep.dist
    if dist is None:
        raise Refused("its entry point has no distribution to load it from")
    roots = _roots(dist)
    module = sys.modules.get(top)
    if module is None:
        spec = None
        for root in roots:
            spec = machinery.PathFinder.find_spec(top, [str(root)])
            if spec is not None:
                break
        places = [spec.origin or "", *(spec.submodule_search_locations or ())] if spec else []
        if spec is None or spec.loader is None or not all(_inside(p, roots) for p in places if p):
            raise Refused(f"its module `{top}` is not in the distribution that declares it "
                          f"({roots[0]})", "reinstall the plugin's package with pip (an "
                          "editable install that uses an import hook is not followed)")
        module = importlib.util.module_from_spec(spec)
        sys.modules[top] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(top, None)
            raise
    return _imported(ep, roots)


def _imported(ep: metadata.EntryPoint, roots: list[Path]) -> object:
    """The entry point's object, its module (a submodule comes from its package's folder)
    refused unless imported from inside ``roots``."""
    module = importlib.import_module(ep.module)
    elsewhere = [p for p in _where(module) if not _inside(p, roots)]
    if elsewhere or not _where(module):
        raise Refused(f"its module `{ep.module}` was imported from "
                      f"{elsewhere[0] if elsewhere else 'nowhere on disk'}, not from the "
                      f"distribution that declares it ({roots[0] if roots else 'none'})",
                      "something imported a module of the same name before: remove it "
                      "from PYTHONPATH")
    found: object = module
    for attr in ep.attr.split(".") if ep.attr else ():
        found = getattr(found, attr)
    return found
