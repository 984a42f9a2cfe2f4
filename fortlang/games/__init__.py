"""Finding game modules (issue 33 stage 4, docs/design/game-modules.md §2.1, §2.4): an
installed package declares an entry point in the ``fortlang.games`` group whose object is a
:class:`~fortlang.module.GameModule`; a card set's manifest names its game (``game:``, ``fort``
by default). Fort is the first such module, declared by fortlang's own ``pyproject.toml``.

This package is the core's loader (a game's words are reached through it by
:func:`fortlang.registry.vocabulary_of`): it never imports a game (tests/test_house_order.py), it
reaches each one through its entry point. A game is found and imported exactly as a
vocabulary plugin is (:mod:`fortlang.plugins`: only from installed distributions in folders
nobody else may write, never from the current folder, a set's folder, or a module of the
same name earlier on ``sys.path``).

>>> from fortlang.games import game_named
>>> game_named("fort").title("ru")
'Форт'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import metadata
from typing import TYPE_CHECKING, Any

from fortlang.entrypoints import Refused, entry_points, import_entry_point, untrusted_offer
from fortlang.errors import MessageError, did_you_mean
from fortlang.module import DEFAULT_GAME, GameModule

if TYPE_CHECKING:
    from fortlang.flow.spec import FlowSpec

GROUP = "fortlang.games"
__all__ = ["DEFAULT_GAME", "GROUP", "GameError", "declared", "flow_of", "game_named", "installed",
           "mixed"]


class GameError(MessageError):
    """A game a set names cannot be had: ``code`` is E350 (no module of that name is
    installed) or E351 (it fails to load, or its entry point gives no GameModule)."""

    def __init__(self, code: str, message: str, hint: str | None = None) -> None:
        super().__init__(code, message, hint, file="game")


@cache
def installed() -> dict[str, metadata.EntryPoint]:
    """Every game module installed where code may come from, by name (nothing imported)."""
    return entry_points(GROUP)


def _not_installed(name: str) -> GameError:
    names = sorted(installed())
    where = untrusted_offer(GROUP, name)
    if where:
        hint = (f"a game module `{name}` is offered in {where}, which is the current folder or "
                "a folder other users can write: it was not loaded; install it with pip")
    else:
        hint = did_you_mean(name, names) or (
            "installed games: " + ", ".join(f"`{n}`" for n in names) if names
            else "no game module is installed: reinstall fortlang")
    return GameError("E350", f"no game module `{name}` is installed", hint)


@cache
def game_named(name: str) -> GameModule:
    """The game module installed as ``name``, imported once; :class:`GameError` if it cannot
    be had."""
    ep = installed().get(name)
    if ep is None:
        raise _not_installed(name)
    try:
        game = import_entry_point(ep)
    except Refused as e:
        raise GameError("E351", f"game module `{name}` fails to load: {e.reason}",
                        e.hint) from None
    except Exception as e:  # a broken module is the user's report, never our traceback
        raise GameError("E351", f"game module `{name}` fails to load: {type(e).__name__}: {e}",
                        f"the entry point is `{ep.value}`") from None
    if not isinstance(game, GameModule) or game.name != name:
        raise GameError("E351", f"game module `{name}`: the entry point `{ep.value}` does not "
                        f"give a GameModule named `{name}`")
    return game


def declared(game: GameModule, field: str, kind: type | None, what: str) -> Any:
    """The piece a module's lazy reference ``field`` names (``"vocabulary"``, ``"run"``...),
    imported now, or None when the module declares none; :class:`GameError` E351 when it fails
    to load or (with ``kind``) is not a ``kind``: ``what`` names it in the message ("its
    vocabulary")."""
    ref = getattr(game, field)
    if not ref:
        return None
    try:
        piece = game.piece(field)
    except Exception as e:  # a broken module is the user's report, never our traceback
        raise GameError("E351", f"game module `{game.name}`: {what} fails to load: "
                        f"{type(e).__name__}: {e}", f"it is `{ref}`") from None
    if kind is not None and not isinstance(piece, kind):
        raise GameError("E351", f"game module `{game.name}`: `{ref}` is no {kind.__name__}")
    return piece


def flow_of(game: GameModule) -> FlowSpec | None:
    """The :class:`~fortlang.flow.FlowSpec` ``game`` declares (``flow``), imported now, or None
    for a game whose turns are a loop of its own; :class:`GameError` E351 when it fails to
    load or is no FlowSpec.

    >>> [phase.name for phase in flow_of(game_named("frantic")).turn]
    ['play']
    """
    from fortlang.flow.spec import FlowSpec

    spec: FlowSpec | None = declared(game, "flow", FlowSpec, "its flow")
    return spec


def mixed(sets: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """The first two of ``sets`` (set id, game) whose games differ, or None when they are all
    one game's: sets of different games are never played, required or dealt together (E352)."""
    first: tuple[str, str] | None = None
    for entry in sets:
        if first is None:
            first = entry
        elif entry[1] != first[1]:
            return first, entry
    return None


def mixed_message(a: tuple[str, str], b: tuple[str, str]) -> str:
    """E352's message for two sets of different games."""
    return (f"set `{a[0]}` is a set of the game `{a[1]}` and set `{b[0]}` of the game "
            f"`{b[1]}`: sets of different games cannot be played together")


def forget() -> None:
    """Drop what is remembered of installed game modules (tests install and remove some)."""
    installed.cache_clear()
    game_named.cache_clear()  # a game's words are loaded again with it (registry.words_of)
