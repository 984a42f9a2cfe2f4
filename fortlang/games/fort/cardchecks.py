"""Fort's checks of a set's cards and of a whole set (STYLE #7: a table of small functions,
each yielding positioned diagnostics), which ``fortlang check`` runs on a Fort set after the
core's own (ids and names unique, requirements: :mod:`fortlang.cardset.semantics`), reached
through Fort's ``GameModule.card_checks``: a kid with two blank boxes (R5.4), its suits
(R1.1), what deciding its play searches (R5.3, R5.6, R5.7, E202), a provisional card (W300),
the board's shape and count (R10, R11.1), the park's totals (R1.1, R1.2) and the deal (R2.4,
R2.5); and, before them, the checker's bounds that depend on the board judged against the
set's own (``refine``)."""

from __future__ import annotations

from collections.abc import Iterator

from fortlang import registry as reg
from fortlang.cardset.dsl import located
from fortlang.cardset.semantics import Rule, Scope, at, first_key, game_rules, where
from fortlang.checker import check
from fortlang.errors import ERROR, WARNING, Diagnostic
from fortlang.games.fort.model import Board, KidCard
from fortlang.games.fort.nodes import Suit
from fortlang.model import Source

# -- per card ------------------------------------------------------------------------------------


def blank_cards(scope: Scope) -> Iterator[Diagnostic]:
    """R5.4: a card must perform one action in full, so two blank boxes can never be played."""
    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        boxes = (e.node.get("public"), e.node.get("private"))
        if all(box is None or box.value is None for box in boxes):
            yield at(ERROR, f, e.name_node or e.node, "E325",
                      f"`{card.name}` has two blank boxes and can never be played (R5.4)",
                      "give it a `public` or a `private` action")


def suits_to_name(scope: Scope) -> Iterator[Diagnostic]:
    """E202 across a card's two boxes: the leader names a suit for each `x any` of the card
    before adding cards (R5.7, R5.3); each box alone is held to it by the checker."""
    rules = game_rules(scope)
    if rules is None:
        return
    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        counts = [len(rules.any_suits(a)) if a is not None else 0
                  for a in (card.public, card.private)]
        if sum(counts) > reg.MAX_ANY_SUITS and max(counts) <= reg.MAX_ANY_SUITS:
            yield at(ERROR, f, e.node.get("private") or e.name_node or e.node, "E202",
                      f"`{card.name}`: " + rules.any_suits_message(sum(counts)),
                      "count fixed suits (`x shovel`) in one of its boxes")


def play_search(scope: Scope) -> Iterator[Diagnostic]:
    """E202 across a card's two boxes and its coin (issue 31.7): deciding a play searches its
    actions once for each set of suits named (R5.6, R5.7) and each count the cards added give
    (R5.3); each box alone is held to it by the checker."""
    rules = game_rules(scope)
    if rules is None:
        return
    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        boxes = [a for a in (card.public, card.private) if a is not None]
        if sum(len(rules.any_suits(a)) for a in boxes) > reg.MAX_ANY_SUITS:
            continue  # suits_to_name's
        ways = rules.play_ways(boxes, Suit.COIN in card.suits)
        if ways <= reg.MAX_PLAY_WAYS or any(d.code == "E202" for a in boxes
                                            for d in check(a, vocabulary=f.vocabulary)):
            continue
        yield at(ERROR, f, e.node.get("private") or e.node.get("public") or e.name_node
                  or e.node, "E202", f"`{card.name}`: " + rules.play_ways_message(
                      "its boxes, with its coin," if Suit.COIN in card.suits else
                      "its boxes", ways), rules.PLAY_WAYS_HINT)


def suit_pairs(scope: Scope) -> Iterator[Diagnostic]:
    """R1.1: a second icon repeats the suit or is a coin."""
    for f, e in scope.entries("kid"):
        suits = e.item.suits
        if len(suits) == 2 and suits[0] != suits[1] and Suit.COIN not in suits:
            yield at(WARNING, f, e.node.get("suits"), "W304",
                      f"`{e.item.name}` shows two different suits; Fort's two-icon cards repeat "
                      "a suit or add a coin (R1.1)")


def provisional(scope: Scope) -> Iterator[Diagnostic]:
    for f, e in scope.entries("kid"):
        card: KidCard = e.item
        if card.source is Source.PROVISIONAL:
            node = e.node.get("source") or e.name_node
            yield at(WARNING, f, node, "W300",
                      f"`{card.name}`: provisional actions, to verify against a real card")


def board_shape(scope: Scope) -> Iterator[Diagnostic]:
    for f, e in scope.entries("board"):
        board: Board = e.item
        if len(board.points) != len(board.costs) + 1:
            yield at(ERROR, f, e.node.get("points"), "E326",
                      f"`points` needs one entry per fort level 0-{len(board.costs)}: "
                      f"{len(board.costs) + 1}, not {len(board.points)}")
        if board.end_level > len(board.costs):
            yield at(ERROR, f, e.node.get("end_level"), "E326",
                      f"`end_level` {board.end_level} is above the top of the track "
                      f"({len(board.costs)}), so the game could not end on level (R11.1)")

# -- per set -------------------------------------------------------------------------------------


def board_count(scope: Scope) -> Iterator[Diagnostic]:
    boards = list(scope.entries("board"))
    for f, e in boards[1:]:
        yield at(ERROR, f, e.node, "E323", "a set has at most one board",
                  f"the board is already defined at {where(boards[0][0], boards[0][1].node)}")
    m = scope.manifest
    if not boards and m is not None and m.manifest is not None and not m.manifest.requires:
        yield at(ERROR, m, first_key(m), "E324",
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
        yield at(WARNING, m, first_key(m), "W301",
                  f"the park deck holds {park} cards, copies included; expected {expected} (R1.1)",
                  "adjust `copies`, or set `park_size` in the manifest")
    expected = m.manifest.best_friend_count
    if expected is not None and friends != expected:
        yield at(WARNING, m, first_key(m), "W302",
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
        node, size = first_key(m), park
    needed = park_size + 4 * start_kids
    if min(park, size) < needed:
        yield at(ERROR, m, node, "E327",
                  f"a park deck of {min(park, size)} cards cannot deal 4 "
                  f"players: set-up takes {needed} ({park_size} to the park, {start_kids} "
                  "to each player; R2.4, R2.5)",
                  f"give the set at least {needed} park kids, copies included")



def refine(scope: Scope) -> None:
    """The checker's bounds that depend on the board, judged again against the set's own
    board (issue 33 item 6): a text alone is checked against the base board (its stuff holds
    4 of each resource, R1.5); a set whose board holds more or fewer gets its W200s anew."""
    boards = [e.item for _, e in scope.entries("board")]
    rules = game_rules(scope) if len(boards) == 1 else None
    if rules is None or boards[0].stuff_capacity == rules.STUFF_LIMIT:
        return
    stuff = boards[0].stuff_capacity
    for f in scope.files:
        if f.texts:
            f.diagnostics = [d for d in f.diagnostics if not rules.is_stuff_warning(d)] + [
                d for node, ast in f.texts
                for d in located(f.doc, node, rules.stuff_warnings(ast, stuff))]


CARD_CHECKS: tuple[Rule, ...] = (blank_cards, suits_to_name, play_search, suit_pairs,
                                  provisional, board_shape)
SET_CHECKS: tuple[Rule, ...] = (board_count, totals, deal)
