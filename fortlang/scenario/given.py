"""The `given` table: a :class:`~fortlang.engine.Game` with the listed cards, tokens, levels,
points, perks and made-up rules; everything unlisted is empty, zero or the board's default.

Tokens on the boards come out of the supply (R1.4), so a scenario that does not list `supply`
starts from the board's supply minus what the players hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fortlang.engine.state import Game, Player
from fortlang.nodes import Resource
from fortlang.scenario.format import PLAYER_ZONES, TABLE_ZONES, Scenario

RESOURCES = {"pizza": Resource.PIZZA, "toy": Resource.TOY}


def build_table(scenario: Scenario, agents: Sequence[Any] = ()) -> Game:
    game = Game(scenario.n_players, scenario.board, agents=agents or None, rules=scenario.rules)
    given = scenario.given
    for player, spec in zip(game.players, given.players, strict=False):
        _player(game, player, spec.fields)
    for zone in TABLE_ZONES:
        game.new_cards(given.fields.get(zone, ()), getattr(game, zone))
    for word, amount in given.fields.get("supply", {}).items():
        game.supply[RESOURCES[word]] = amount
    game.rule_pile.extend(given.fields.get("rule_pile", ()))
    game.perk_row.extend(given.fields.get("perk_row", ()))
    holder = given.fields.get("macaroni")  # None: nobody holds it (R10.3)
    if holder is not None:
        game.macaroni = holder - 1
    return game


def _player(game: Game, p: Player, fields: Mapping[str, Any]) -> None:
    for zone in PLAYER_ZONES:
        game.new_cards(fields.get(zone, ()), getattr(p, zone))
    for pool, to_pack in (("stuff", False), ("pack", True)):
        for word, amount in fields.get(pool, {}).items():
            game.give(p, RESOURCES[word], amount, to_pack=to_pack)
    p.level = fields.get("level", 0)
    p.vp = fields.get("vp", 0)
    p.rule = fields.get("rule")
    p.perks = list(fields.get("perks", ()))
