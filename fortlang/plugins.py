"""Vocabulary plugins: installed Python packages that add primitives and quantities to the
language, so an expansion brings a new mechanic without forking fortlang (issue 18 item 2).

A plugin package declares an entry point in the ``fortlang.vocabularies`` group whose object is
a :class:`VocabularyPlugin`; a set's manifest names it in ``uses:``, and the set's cards are
parsed, checked, explained, played and documented in Fort's vocabulary extended by it.

Checking someone else's card set must never run their code, so a plugin is only ever found in
an installed distribution: distributions on ``sys.path`` outside the current folder (``python
-m`` puts it first), in folders owned by this user or root that nobody else may write; and its
module is imported from that distribution's own folder, so a module of the same name earlier on
``sys.path`` (a folder on ``PYTHONPATH``) can never stand in for it. Nothing is ever imported
from a card folder, and a set can only name a vocabulary, never a path.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import stat
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import machinery, metadata
from pathlib import Path
from types import ModuleType

from fortlang.errors import MessageError
from fortlang.registry import FORT, LANGUAGES, PrimitiveSpec, Vocabulary, WordSpec, arguments_of
from fortlang.trust import safe_folder
from fortlang.vocabulary import ArgKind, Selector

GROUP = "fortlang.vocabularies"
_CORE = __name__.partition(".")[0]  # "fortlang": the running core's own package
_PTH_BYTES = 64 * 1024  # an editable install's .pth names a folder or two


@dataclass(frozen=True)
class VocabularyPlugin:
    """What a plugin's entry point names: its words, declared as Fort's own are."""

    name: str
    primitives: tuple[PrimitiveSpec, ...] = ()
    quantities: tuple[WordSpec, ...] = ()
    description: str = ""
    #: The argument kinds its primitives' syntax names beside the core's and Fort's
    #: (``wish [WISH]``: a colour word or a number), fortlang.vocabulary.
    kinds: tuple[ArgKind, ...] = ()
    #: Who may perform an action beside Fort's `each rival ->`: the core's (`next player`,
    #: fortlang.vocabulary.CORE_SELECTORS) or its own (`the player with most cards`).
    selectors: tuple[Selector, ...] = ()


class PluginError(MessageError):
    """A vocabulary a set uses cannot be had: ``code`` is E340 (not installed), E341 (it fails
    to load) or E342 (it clashes with another)."""

    def __init__(self, code: str, message: str, hint: str | None = None) -> None:
        super().__init__(code, message, hint, file="uses")


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


@cache
def installed() -> dict[str, metadata.EntryPoint]:
    """Every vocabulary installed where plugins may come from, by name."""
    return entry_points(GROUP)


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


@cache
def load(name: str) -> VocabularyPlugin:
    """The plugin installed as ``name``, imported once; :class:`PluginError` if it cannot be."""
    ep = installed().get(name)
    if ep is None:
        where = untrusted_offer(GROUP, name)
        hint = (f"a vocabulary is offered in {where}, which is the current folder or a folder "
                "other users can write: it was not loaded; install the plugin with pip"
                if where else f"install the Python package that provides it (it declares an "
                f"entry point `{name}` in the `{GROUP}` group), e.g. `pip install <package>`")
        raise PluginError("E340", f"vocabulary `{name}` is not installed", hint)
    try:  # what the plugin itself imports: from trusted folders only
        plugin = import_entry_point(ep)
    except Refused as e:
        raise PluginError("E341", f"vocabulary `{name}` fails to load: {e.reason}",
                          e.hint) from None
    except Exception as e:  # a broken plugin is the user's report, never our traceback
        raise PluginError("E341", f"vocabulary `{name}` fails to load: "
                          f"{type(e).__name__}: {e}", f"the entry point is `{ep.value}`") from None
    if callable(plugin) and not isinstance(plugin, VocabularyPlugin):
        plugin = plugin()
    if not isinstance(plugin, VocabularyPlugin) or plugin.name != name:
        raise PluginError("E341", f"vocabulary `{name}`: the entry point `{ep.value}` does not "
                          f"give a VocabularyPlugin named `{name}`")
    try:  # its own declarations, alone: a malformed word is this plugin's, not a clash
        FORT.extended(f"fort+{name}", primitives=plugin.primitives, quantities=plugin.quantities,
                      kinds=plugin.kinds, selectors=plugin.selectors)
        _complete(plugin)
    except Exception as e:  # its declarations are its code: a reason, never our traceback
        reason = str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"
        raise PluginError("E341", f"vocabulary `{name}` fails to load: {reason}",
                          f"the entry point is `{ep.value}`") from None
    return plugin


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


def _complete(plugin: VocabularyPlugin) -> None:
    """Every word of a plugin can be performed and said: what `check`, `explain`, the docs and
    the engine would otherwise each fail on later, with a traceback, for a set that uses it."""
    words: list[tuple[str, str, Mapping[str, object], Mapping[str, str]]] = [
        ("primitive", s.name, s.phrases, s.meanings) for s in plugin.primitives]
    words += [("quantity", w.word, w.phrases, w.meanings) for w in plugin.quantities]
    words += [("selector", s.syntax, s.phrases, s.meanings) for s in plugin.selectors]
    for kind, word, phrases, meanings in words:
        missing = [f"{lang} phrase" for lang in LANGUAGES if lang not in phrases]
        missing += [f"{lang} meaning" for lang in LANGUAGES if lang != "en"
                    and lang not in meanings]
        if missing:
            raise ValueError(f"{kind} `{word}` declares no {', '.join(missing)} (`phrases`, "
                             f"`meanings`): it could not be explained in every language")
    left_out = {id(a.kind) for s in plugin.primitives for a in arguments_of(s.node)
                if a.optional and a.kind.default is None}  # said as the player's choice
    for arg in plugin.kinds:
        said = [("", arg.phrases)] if id(arg) in left_out else []
        said += [(f" word `{w.word}`", w.phrases) for w in arg.all_words]
        for what, phrases in said:
            missing = [lang for lang in LANGUAGES if lang not in phrases]
            if missing:
                raise ValueError(f"argument kind `{arg.token}`{what} declares no "
                                 f"{', '.join(missing)} phrase (`phrases`): it could not be "
                                 "explained in every language")
    for spec in plugin.primitives:
        if spec.effect is None and spec.op is None:
            raise ValueError(f"primitive `{spec.name}` declares neither `effect` nor `op`: the "
                             "engine could not perform it")


@cache
def _vocabulary(names: tuple[str, ...]) -> Vocabulary:
    if not names:
        return FORT
    plugins = [load(name) for name in names]
    try:
        return FORT.extended("+".join(("fort", *names)),
                             primitives=tuple(s for p in plugins for s in p.primitives),
                             quantities=tuple(w for p in plugins for w in p.quantities),
                             kinds=tuple(k for p in plugins for k in p.kinds),
                             selectors=tuple(s for p in plugins for s in p.selectors))
    except ValueError as e:
        raise PluginError("E342", f"vocabularies {', '.join(names)} clash: {e}") from None


def vocabulary(names: Iterable[str]) -> Vocabulary:
    """Fort's vocabulary extended by the named plugins (one object per set of names)."""
    return _vocabulary(tuple(sorted(set(names))))
