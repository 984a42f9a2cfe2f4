"""Vocabulary plugins: installed Python packages that add primitives and quantities to the
language, so an expansion brings a new mechanic without forking fortlang (issue 18 item 2).

A plugin package declares an entry point in the ``fortlang.vocabularies`` group whose object is
a :class:`VocabularyPlugin`; a set's manifest names it in ``uses:``, and the set's cards are
parsed, checked, explained, played and documented in Fort's vocabulary extended by it.

Checking someone else's card set must never run their code, so a plugin is only ever found in
an installed distribution: distributions on ``sys.path`` outside the current folder (``python
-m`` puts it first), in folders owned by this user or root that nobody else may write. Nothing
is ever imported from a card folder, and a set can only name a vocabulary, never a path.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

from fortlang.errors import MessageError
from fortlang.registry import FORT, LANGUAGES, PrimitiveSpec, Vocabulary, WordSpec
from fortlang.trust import safe_folder

GROUP = "fortlang.vocabularies"


@dataclass(frozen=True)
class VocabularyPlugin:
    """What a plugin's entry point names: its words, declared as Fort's own are."""

    name: str
    primitives: tuple[PrimitiveSpec, ...] = ()
    quantities: tuple[WordSpec, ...] = ()
    description: str = ""


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


@cache
def installed() -> dict[str, metadata.EntryPoint]:
    """Every vocabulary installed where plugins may come from, by name (the first found wins,
    as Python's own imports do)."""
    found: dict[str, metadata.EntryPoint] = {}
    for dist in metadata.distributions(path=_trusted_paths()):
        for ep in dist.entry_points:
            if ep.group == GROUP:
                found.setdefault(ep.name, ep)
    return found


def _untrusted_offer(name: str) -> str | None:
    """Where ``name`` is offered from a place plugins may not come from, if it is."""
    trusted = set(_trusted_paths())
    for entry in sys.path:
        if entry in trusted:
            continue
        try:
            dists = list(metadata.distributions(path=[entry or "."]))
        except OSError:
            continue
        if any(ep.group == GROUP and ep.name == name for d in dists for ep in d.entry_points):
            return os.path.abspath(entry or ".")
    return None


@cache
def load(name: str) -> VocabularyPlugin:
    """The plugin installed as ``name``, imported once; :class:`PluginError` if it cannot be."""
    ep = installed().get(name)
    if ep is None:
        where = _untrusted_offer(name)
        hint = (f"a vocabulary is offered in {where}, which is the current folder or a folder "
                "other users can write: it was not loaded; install the plugin with pip"
                if where else f"install the Python package that provides it (it declares an "
                f"entry point `{name}` in the `{GROUP}` group), e.g. `pip install <package>`")
        raise PluginError("E340", f"vocabulary `{name}` is not installed", hint)
    saved = sys.path[:]
    here = _here()
    sys.path[:] = [p for p in saved if p not in here and os.path.abspath(p) not in here]
    try:  # imported with the current folder out of the way: nothing of it can shadow the plugin
        plugin = ep.load()
    except Exception as e:  # a broken plugin is the user's report, never our traceback
        raise PluginError("E341", f"vocabulary `{name}` fails to load: "
                          f"{type(e).__name__}: {e}", f"the entry point is `{ep.value}`") from None
    finally:
        sys.path[:] = saved
    if callable(plugin) and not isinstance(plugin, VocabularyPlugin):
        plugin = plugin()
    if not isinstance(plugin, VocabularyPlugin) or plugin.name != name:
        raise PluginError("E341", f"vocabulary `{name}`: the entry point `{ep.value}` does not "
                          f"give a VocabularyPlugin named `{name}`")
    try:  # its own declarations, alone: a malformed word is this plugin's, not a clash
        FORT.extended(f"fort+{name}", primitives=plugin.primitives, quantities=plugin.quantities)
        _complete(plugin)
    except Exception as e:  # its declarations are its code: a reason, never our traceback
        reason = str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"
        raise PluginError("E341", f"vocabulary `{name}` fails to load: {reason}",
                          f"the entry point is `{ep.value}`") from None
    return plugin


def _complete(plugin: VocabularyPlugin) -> None:
    """Every word of a plugin can be performed and said: what `check`, `explain`, the docs and
    the engine would otherwise each fail on later, with a traceback, for a set that uses it."""
    words: list[tuple[str, str, Mapping[str, object], Mapping[str, str]]] = [
        ("primitive", s.name, s.phrases, s.meanings) for s in plugin.primitives]
    words += [("quantity", w.word, w.phrases, w.meanings) for w in plugin.quantities]
    for kind, word, phrases, meanings in words:
        missing = [f"{lang} phrase" for lang in LANGUAGES if lang not in phrases]
        missing += [f"{lang} meaning" for lang in LANGUAGES if lang != "en"
                    and lang not in meanings]
        if missing:
            raise ValueError(f"{kind} `{word}` declares no {', '.join(missing)} (`phrases`, "
                             f"`meanings`): it could not be explained in every language")
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
                             quantities=tuple(w for p in plugins for w in p.quantities))
    except ValueError as e:
        raise PluginError("E342", f"vocabularies {', '.join(names)} clash: {e}") from None


def vocabulary(names: Iterable[str]) -> Vocabulary:
    """Fort's vocabulary extended by the named plugins (one object per set of names)."""
    return _vocabulary(tuple(sorted(set(names))))
