"""Invariants that hold after every step of a game; cheap enough to run after each decision
(``Game(debug=True)``) and in the tests.

* tokens are conserved: supply + every stuff + every pack = the board's supply, per kind (R1.4);
* every card instance is in exactly one zone;
* no capacity is exceeded: stuff 4 of each (R1.5), pack and lookout level + 1 (R10.2, XXL);
* each made-up rule and perk is in one place at most; the macaroni holder reached the end level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fortlang.games.fort.nodes import TOKENS

if TYPE_CHECKING:  # the state imports this module to check itself in debug mode
    from fortlang.games.fort.table import Game


class InvariantError(AssertionError):
    """The game state broke an invariant: an engine bug, never a player's mistake."""


def check(game: Game) -> list[str]:
    """Every broken invariant, in words (empty when all hold)."""
    problems: list[str] = []
    board = game.board
    for res in TOKENS:
        total = game.supply[res] + sum(p.stuff[res] + p.pack[res] for p in game.players)
        if total != board.supply:
            problems.append(f"{res}: supply and boards hold {total}, not {board.supply}")
        if game.supply[res] < 0:
            problems.append(f"{res}: supply is negative ({game.supply[res]})")
    for p in game.players:
        who = f"seat {p.seat}"
        for res in TOKENS:
            if not 0 <= p.stuff[res] <= game.stuff_capacity(p):
                problems.append(f"{who}: {p.stuff[res]} {res} in stuff")
            if p.pack[res] < 0:
                problems.append(f"{who}: {p.pack[res]} {res} in pack")
        packed = sum(p.pack.values())
        if packed > game.pack_capacity(p):
            problems.append(f"{who}: {packed} tokens in a pack of {game.pack_capacity(p)}")
        if len(p.lookout) > game.lookout_capacity(p):
            problems.append(f"{who}: {len(p.lookout)} cards in a lookout of "
                            f"{game.lookout_capacity(p)}")
        if not 0 <= p.level <= board.max_level:
            problems.append(f"{who}: fort level {p.level}")
    where: dict[int, str] = {}
    zones = [(f"seat {p.seat} {name}", zone) for p in game.players for name, zone in p.zones()]
    zones += [("park", game.park), ("park deck", game.park_deck), ("box", game.box)]
    for name, zone in zones:
        for card in zone:
            if card.uid in where:
                problems.append(f"{card!r} is in both {where[card.uid]} and {name}")
            where[card.uid] = name
    if len(where) != game.card_count:
        problems.append(f"{game.card_count - len(where)} card instance(s) are in no zone")
    rules = [id(r) for r in game.rule_pile] + [id(p.rule) for p in game.players if p.rule]
    if len(rules) != len(set(rules)):
        problems.append("a made-up rule is in two places")
    perks = [id(k) for k in game.perk_row + game.boxed_perks]
    perks += [id(k) for p in game.players for k in p.perks]
    if len(perks) != len(set(perks)):
        problems.append("a perk is in two places")
    if game.macaroni is not None and game.players[game.macaroni].level < board.end_level:
        problems.append(f"seat {game.macaroni} holds the macaroni sculpture below the end level")
    return problems


def assert_invariants(game: Game) -> None:
    problems = check(game)
    if problems:
        raise InvariantError("; ".join(problems))
