"""Checks across the cards of a file or a set: a table of small functions, each yielding
positioned diagnostics (STYLE #7). Per-card checks run on single files too; set checks
(requirements, totals, the board) need the manifest."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from fortlang import registry as reg
from fortlang.cardset.build import Entry, FileResult
from fortlang.cardset.dsl import located
from fortlang.cardset.yamlsrc import YNode
from fortlang.checker import check
from fortlang.errors import ERROR, WARNING, Diagnostic, did_you_mean
from fortlang.games import mixed_message
from fortlang.model import Board, GameCard, KidCard, Source
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


def _at(level: str, f: FileResult, node: YNode | None, code: str, message: str,
        hint: str | None = None) -> Diagnostic:
    return Diagnostic(level, code, message, node.span if node else None, f.path, hint)


def _where(f: FileResult, node: YNode) -> str:
    return f"{f.path}:{node.line + 1}"


def _rules(scope: Scope) -> Any:
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
                yield _at(ERROR, f, e.id_node, "E320", f"duplicate id `{e.item.id}`",
                          f"first used at {_where(*first)}")
        if e.name_node is not None and not isinstance(e.item, GameCard):
            # A game module's cards may share a name (Frantic's Gift in each colour): their
            # ids tell them apart. Fort's kids, rules and perks are named once each.
            key = (e.kind, e.item.name.casefold())
            first = names.setdefault(key, (f, e.name_node))
            if first[1] is not e.name_node:
                yield _at(ERROR, f, e.name_node, "E321",
                          f"duplicate {e.kind} name `{e.item.name}`",
                          f"first used at {_where(*first)}; use `copies` for several copies")


def blank_cards(scope: Scope) -> Iterator[Diagnostic]:
    """R5.4: a card must perform one action in full, so two blank boxes can never be played."""
    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        boxes = (e.node.get("public"), e.node.get("private"))
        if all(box is None or box.value is None for box in boxes):
            yield _at(ERROR, f, e.name_node or e.node, "E325",
                      f"`{card.name}` has two blank boxes and can never be played (R5.4)",
                      "give it a `public` or a `private` action")


def suits_to_name(scope: Scope) -> Iterator[Diagnostic]:
    """E202 across a card's two boxes: the leader names a suit for each `x any` of the card
    before adding cards (R5.7, R5.3); each box alone is held to it by the checker."""
    rules = _rules(scope)
    if rules is None:
        return
    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        counts = [len(rules.any_suits(a)) if a is not None else 0
                  for a in (card.public, card.private)]
        if sum(counts) > reg.MAX_ANY_SUITS and max(counts) <= reg.MAX_ANY_SUITS:
            yield _at(ERROR, f, e.node.get("private") or e.name_node or e.node, "E202",
                      f"`{card.name}`: " + rules.any_suits_message(sum(counts)),
                      "count fixed suits (`x shovel`) in one of its boxes")


def play_search(scope: Scope) -> Iterator[Diagnostic]:
    """E202 across a card's two boxes and its coin (issue 31.7): deciding a play searches its
    actions once for each set of suits named (R5.6, R5.7) and each count the cards added give
    (R5.3); each box alone is held to it by the checker."""
    rules = _rules(scope)
    if rules is None:
        return
    from fortlang.games.fort import nodes as n  # Fort's suits: its kids only (model split)

    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        boxes = [a for a in (card.public, card.private) if a is not None]
        if sum(len(rules.any_suits(a)) for a in boxes) > reg.MAX_ANY_SUITS:
            continue  # suits_to_name's
        ways = rules.play_ways(boxes, n.Suit.COIN in card.suits)
        if ways <= reg.MAX_PLAY_WAYS or any(d.code == "E202" for a in boxes
                                            for d in check(a, vocabulary=f.vocabulary)):
            continue
        yield _at(ERROR, f, e.node.get("private") or e.node.get("public") or e.name_node
                  or e.node, "E202", f"`{card.name}`: " + rules.play_ways_message(
                      "its boxes, with its coin," if n.Suit.COIN in card.suits else
                      "its boxes", ways), rules.PLAY_WAYS_HINT)


def suit_pairs(scope: Scope) -> Iterator[Diagnostic]:
    """R1.1: a second icon repeats the suit or is a coin."""
    for f, e in scope.entries("kid"):
        from fortlang.games.fort import nodes as n  # Fort's suits: its kids only (model split)

        suits = e.item.suits
        if len(suits) == 2 and suits[0] != suits[1] and n.Suit.COIN not in suits:
            yield _at(WARNING, f, e.node.get("suits"), "W304",
                      f"`{e.item.name}` shows two different suits; Fort's two-icon cards repeat "
                      "a suit or add a coin (R1.1)")


def provisional(scope: Scope) -> Iterator[Diagnostic]:
    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        if card.source is Source.PROVISIONAL:
            node = e.node.get("source") or e.name_node
            yield _at(WARNING, f, node, "W300",
                      f"`{card.name}`: provisional actions, to verify against a real card")


def board_shape(scope: Scope) -> Iterator[Diagnostic]:
    for f, e in scope.entries("board"):
        board: Board = e.item
        if len(board.points) != len(board.costs) + 1:
            yield _at(ERROR, f, e.node.get("points"), "E326",
                      f"`points` needs one entry per fort level 0-{len(board.costs)}: "
                      f"{len(board.costs) + 1}, not {len(board.points)}")
        if board.end_level > len(board.costs):
            yield _at(ERROR, f, e.node.get("end_level"), "E326",
                      f"`end_level` {board.end_level} is above the top of the track "
                      f"({len(board.costs)}), so the game could not end on level (R11.1)")


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
            yield _at(ERROR, f, item, "E332", f"`{own}` requires itself",
                      "remove it from `requires`")
        elif wanted not in scope.known_sets:
            same_game = [s for s in scope.known_sets  # a set of another game cannot be required
                         if scope.games.get(s, DEFAULT_GAME) == f.manifest.game]
            yield _at(ERROR, f, item, "E322", f"requires the set `{wanted}`, which is not found",
                      did_you_mean(wanted, sorted(same_game)))
        else:
            path = _path_to(graph, wanted, own)
            theirs = scope.games.get(wanted, DEFAULT_GAME)
            if path is not None:
                yield _at(ERROR, f, item, "E332",
                          "requires cycle: " + " -> ".join([own, *path]),
                          "sets must require each other in one direction only")
            elif theirs != f.manifest.game and game_problem(f.manifest.game) is None:
                yield _at(ERROR, f, item, "E352",
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


def board_count(scope: Scope) -> Iterator[Diagnostic]:
    boards = list(scope.entries("board"))
    for f, e in boards[1:]:
        yield _at(ERROR, f, e.node, "E323", "a set has at most one board",
                  f"the board is already defined at {_where(boards[0][0], boards[0][1].node)}")
    m = scope.manifest
    if not boards and m is not None and m.manifest is not None and not m.manifest.requires:
        yield _at(ERROR, m, _first_key(m), "E324",
                  f"set `{m.manifest.id}` requires no other set, so it needs a board",
                  "add a board.yaml with `board:` (costs, points, ...)")


def totals(scope: Scope) -> Iterator[Diagnostic]:
    """R1.1, R1.2: 60 park cards and 8 best friends, copies included."""
    m = scope.manifest
    if m is None or m.manifest is None:
        return
    kids = [e.item for _, e in scope.entries("kid")]
    park = sum(k.copies for k in kids if not k.best_friend)
    friends = sum(k.copies for k in kids if k.best_friend)
    expected = m.manifest.park_size
    if expected is not None and park != expected:
        yield _at(WARNING, m, _first_key(m), "W301",
                  f"the park deck holds {park} cards, copies included; expected {expected} (R1.1)",
                  "adjust `copies`, or set `park_size` in the manifest")
    expected = m.manifest.best_friend_count
    if expected is not None and friends != expected:
        yield _at(WARNING, m, _first_key(m), "W302",
                  f"{friends} best friends, copies included; expected {expected} (R1.2)",
                  "adjust `copies`, or set `best_friend_count` in the manifest")


def deal(scope: Scope) -> Iterator[Diagnostic]:
    """R2.4, R2.5: a set played alone (it requires no other) deals 3 park cards and 8 kids to
    each of up to 4 players from its park kids (`park_size` of them, if the manifest says); a
    deck too small is an error on that field, else on the manifest's first key, where W301
    counts the kids (a set that requires others is dealt with them)."""
    from fortlang.games import GameError
    from fortlang.table_pieces import table_piece

    m = scope.manifest
    if m is None or m.manifest is None or m.manifest.requires:
        return
    try:
        sizes = table_piece(m.manifest.game, "setup_sizes", "its set-up sizes")
    except GameError:  # the manifest's `game:` says why (E350, E351)
        return
    if sizes is None:  # a game that declares none is not held to a deal
        return
    park_size, start_kids = int(sizes.PARK_SIZE), int(sizes.START_KIDS)
    park = sum(e.item.copies for _, e in scope.entries("kid") if not e.item.best_friend)
    size = m.manifest.park_size
    node = m.manifest_node.get("park_size") if m.manifest_node and size is not None else None
    if node is None:  # no `park_size`: the kids dealt are the set's own (as W301 counts them)
        node, size = _first_key(m), park
    needed = park_size + 4 * start_kids
    if min(park, size) < needed:
        yield _at(ERROR, m, node, "E327",
                  f"a park deck of {min(park, size)} cards cannot deal 4 "
                  f"players: set-up takes {needed} ({park_size} to the park, {start_kids} "
                  "to each player; R2.4, R2.5)",
                  f"give the set at least {needed} park kids, copies included")


def _first_key(f: FileResult) -> YNode | None:
    node = f.manifest_node
    if node is not None and node.kind == "map" and node.value:
        return node.value[0][0]
    return node


Rule = Callable[[Scope], Iterator[Diagnostic]]
CARD_CHECKS: tuple[Rule, ...] = (duplicates, blank_cards, suits_to_name, play_search, suit_pairs,
                                  provisional, board_shape)
SET_CHECKS: tuple[Rule, ...] = (requirements, board_count, totals, deal)


#: The checks of a set of a game module with its own card kinds: Fort's rules (R1, R5, the
#: board, the park's totals) are Fort's, never another game's.
GAME_CARD_CHECKS: tuple[Rule, ...] = (duplicates,)
GAME_SET_CHECKS: tuple[Rule, ...] = (requirements,)


def board_bounds(scope: Scope) -> None:
    """The checker's bounds that depend on the board, judged again against the set's own
    board (issue 33 item 6): a text alone is checked against the base board (its stuff holds
    4 of each resource, R1.5); a set whose board holds more or fewer gets its W200s anew."""
    boards = [e.item for _, e in scope.entries("board")]
    rules = _rules(scope) if len(boards) == 1 else None
    if rules is None or boards[0].stuff_capacity == rules.STUFF_LIMIT:
        return
    stuff = boards[0].stuff_capacity
    for f in scope.files:
        if f.texts:
            f.diagnostics = [d for d in f.diagnostics if not rules.is_stuff_warning(d)] + [
                d for node, ast in f.texts
                for d in located(f.doc, node, rules.stuff_warnings(ast, stuff))]


def run(scope: Scope, with_set_checks: bool) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    own_kinds = any(f.game is not None for f in scope.files)
    if not own_kinds:
        board_bounds(scope)
    cards, sets = (GAME_CARD_CHECKS, GAME_SET_CHECKS) if own_kinds else (CARD_CHECKS, SET_CHECKS)
    for rule in cards + (sets if with_set_checks else ()):
        out.extend(rule(scope))
    return out
