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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import metadata

from fortlang.entrypoints import Refused, entry_points, import_entry_point, untrusted_offer
from fortlang.errors import MessageError
from fortlang.registry import (
    LANGUAGES,
    PrimitiveSpec,
    Vocabulary,
    WordSpec,
    arguments_of,
    default_vocabulary,
)
from fortlang.vocabulary import ArgKind, Selector

GROUP = "fortlang.vocabularies"


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


@cache
def installed() -> dict[str, metadata.EntryPoint]:
    """Every vocabulary installed where plugins may come from, by name."""
    return entry_points(GROUP)


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
        default_vocabulary().extended(f"fort+{name}", primitives=plugin.primitives,
                                      quantities=plugin.quantities, kinds=plugin.kinds,
                                      selectors=plugin.selectors)
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
        return default_vocabulary()
    plugins = [load(name) for name in names]
    try:
        return default_vocabulary().extended("+".join(("fort", *names)),
                             primitives=tuple(s for p in plugins for s in p.primitives),
                             quantities=tuple(w for p in plugins for w in p.quantities),
                             kinds=tuple(k for p in plugins for k in p.kinds),
                             selectors=tuple(s for p in plugins for s in p.selectors))
    except ValueError as e:
        raise PluginError("E342", f"vocabularies {', '.join(names)} clash: {e}") from None


def vocabulary(names: Iterable[str]) -> Vocabulary:
    """Fort's vocabulary extended by the named plugins (one object per set of names)."""
    return _vocabulary(tuple(sorted(set(names))))
