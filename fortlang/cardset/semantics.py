"""Checks across the cards of a file or a set: a table of small functions, each yielding
positioned diagnostics (STYLE #7). Per-card checks run on single files too; set checks
(requirements, and a game's: Fort's totals and board) need the manifest. The core's are every
game's (ids, names, requirements); a game adds its own through ``GameModule.card_checks``
(Fort's: fortlang.games.fort.cardchecks), which build on :class:`Scope` and :func:`at`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from fortlang.cardset.build import Entry, FileResult
from fortlang.cardset.yamlsrc import YNode
from fortlang.errors import ERROR, Diagnostic, did_you_mean
from fortlang.games import mixed_message
from fortlang.model import GameCard
from fortlang.module import DEFAULT_GAME
from fortlang.registry import game_problem


@dataclass
class Scope:
    """What the checks see: the files of one set (or one lone file) and, for a set, its
    manifest file and the ids of every set known to this run."""

    files: list[FileResult]
    manifest: FileResult | None = None
    known_sets: frozenset[str] = frozenset()
    #: set id -> the ids it requires, for every set known to this run (to find cycles)
    requires: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: set id -> the game it is for (fortlang.games), for the sets known to this run
    games: Mapping[str, str] = field(default_factory=dict)

    def entries(self, kind: str | None = None) -> Iterator[tuple[FileResult, Entry]]:
        for f in self.files:
            for e in f.entries:
                if kind is None or e.kind == kind:
                    yield f, e


def at(level: str, f: FileResult, node: YNode | None, code: str, message: str,
        hint: str | None = None) -> Diagnostic:
    return Diagnostic(level, code, message, node.span if node else None, f.path, hint)


def where(f: FileResult, node: YNode) -> str:
    return f"{f.path}:{node.line + 1}"


def game_rules(scope: Scope) -> Any:
    """The checks of the set's game as its module declares them (``GameModule.checks``), for
    the checks of Fort's kinds below: Fort's (fortlang.games.fort.checks: ``any_suits``,
    ``play_ways``, ``stuff_warnings`` and their messages) for a game without kinds of its own;
    None when the game declares none or cannot be had (E350, E351 at the manifest)."""
    from fortlang.games import GameError
    from fortlang.table_pieces import table_piece

    m = scope.manifest
    game = m.manifest.game if m is not None and m.manifest is not None else DEFAULT_GAME
    try:
        return table_piece(game, "checks", "its checks")
    except GameError:
        return None


# -- per card ------------------------------------------------------------------------------------


def duplicates(scope: Scope) -> Iterator[Diagnostic]:
    """Ids are unique in a set (the engine looks cards up by id); names are unique per kind."""
    ids: dict[str, tuple[FileResult, YNode]] = {}
    names: dict[tuple[str, str], tuple[FileResult, YNode]] = {}
    for f, e in scope.entries():
        if e.id_node is not None:
            first = ids.setdefault(e.item.id, (f, e.id_node))
            if first[1] is not e.id_node:
                yield at(ERROR, f, e.id_node, "E320", f"duplicate id `{e.item.id}`",
                          f"first used at {where(*first)}")
        if e.name_node is not None and not isinstance(e.item, GameCard):
            # A game module's cards may share a name (Frantic's Gift in each colour): their
            # ids tell them apart. Fort's kids, rules and perks are named once each.
            key = (e.kind, e.item.name.casefold())
            first = names.setdefault(key, (f, e.name_node))
            if first[1] is not e.name_node:
                yield at(ERROR, f, e.name_node, "E321",
                          f"duplicate {e.kind} name `{e.item.name}`",
                          f"first used at {where(*first)}; use `copies` for several copies")


# -- per set -------------------------------------------------------------------------------------


def requirements(scope: Scope) -> Iterator[Diagnostic]:
    f = scope.manifest
    if f is None or f.manifest is None or f.manifest_node is None:
        return
    own = f.manifest.id
    node = f.manifest_node.get("requires")
    graph = {**scope.requires, own: f.manifest.requires}
    for i, wanted in enumerate(f.manifest.requires):
        item = node.value[i] if node is not None and node.kind == "seq" else node
        if wanted == own:
            yield at(ERROR, f, item, "E332", f"`{own}` requires itself",
                      "remove it from `requires`")
        elif wanted not in scope.known_sets:
            same_game = [s for s in scope.known_sets  # a set of another game cannot be required
                         if scope.games.get(s, DEFAULT_GAME) == f.manifest.game]
            yield at(ERROR, f, item, "E322", f"requires the set `{wanted}`, which is not found",
                      did_you_mean(wanted, sorted(same_game)))
        else:
            path = _path_to(graph, wanted, own)
            theirs = scope.games.get(wanted, DEFAULT_GAME)
            if path is not None:
                yield at(ERROR, f, item, "E332",
                          "requires cycle: " + " -> ".join([own, *path]),
                          "sets must require each other in one direction only")
            elif theirs != f.manifest.game and game_problem(f.manifest.game) is None:
                yield at(ERROR, f, item, "E352",
                          mixed_message((own, f.manifest.game), (wanted, theirs)),
                          "require only sets of the same game (the manifests' `game:`)")


def _path_to(graph: Mapping[str, tuple[str, ...]], start: str, goal: str) -> list[str] | None:
    """The ids from ``start`` to ``goal`` along `requires` (iterative: any depth), or None."""
    stack, seen = [[start]], {start}
    while stack:
        path = stack.pop()
        if path[-1] == goal:
            return path
        for nxt in reversed(graph.get(path[-1], ())):
            if nxt not in seen or nxt == goal:
                seen.add(nxt)
                stack.append([*path, nxt])
    return None


def first_key(f: FileResult) -> YNode | None:
    node = f.manifest_node
    if node is not None and node.kind == "map" and node.value:
        return node.value[0][0]
    return node


Rule = Callable[[Scope], Iterator[Diagnostic]]
#: The checks of every game's sets: ids unique in a set, names unique per kind, requirements
#: found, acyclic and of the same game. A game adds its own (``GameModule.card_checks``:
#: Fort's R1, R5, board and park totals are Fort's, never another game's).
CARD_CHECKS: tuple[Rule, ...] = (duplicates,)
SET_CHECKS: tuple[Rule, ...] = (requirements,)


def _game_checks(scope: Scope) -> Any:
    """The card checks of the game whose kinds the files were read as (``GameModule.
    card_checks``: ``CARD_CHECKS``, ``SET_CHECKS`` and optionally ``refine(scope)``): a game
    module's with kinds of its own, else the default game's (Fort's); None when it declares
    none or cannot be had."""
    from fortlang.games import GameError, declared, game_named

    game = next((f.game for f in scope.files if f.game is not None), None)
    try:
        found = game if game is not None else game_named(DEFAULT_GAME)
        return declared(found, "card_checks", None, "its card checks")
    except GameError:
        return None


def run(scope: Scope, with_set_checks: bool) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    game = _game_checks(scope)
    if game is not None and hasattr(game, "refine"):
        game.refine(scope)
    cards = CARD_CHECKS + tuple(getattr(game, "CARD_CHECKS", ()))
    sets = SET_CHECKS + tuple(getattr(game, "SET_CHECKS", ()))
    for rule in cards + (sets if with_set_checks else ()):
        out.extend(rule(scope))
    return out
