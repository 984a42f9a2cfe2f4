"""The `given` table: a :class:`~fortlang.games.fort.table.Game` with the listed cards, tokens,
levels, points, perks and made-up rules; everything unlisted is empty, zero or the board's
default.

Tokens on the boards come out of the supply (R1.4), so a scenario that does not list `supply`
starts from the board's supply minus what the players hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fortlang.engine.asker import NoAsker
from fortlang.engine.choices import Decision, IllegalMove
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.scenarios.agent import LeftOver
from fortlang.games.fort.scenarios.format import PLAYER_ZONES, TABLE_ZONES, Scenario
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.table import Game, Player

RESOURCES = {"pizza": Resource.PIZZA, "toy": Resource.TOY}


class _Picks:
    """One seat's draft (R2.5): the cards a `setup`'s `picks` keep, in order; the first card
    of each packet once they run out."""

    def __init__(self, picks: Sequence[KidCard]) -> None:
        self.picks = list(picks)

    def choose(self, view: Any, decision: Decision) -> int:
        if not self.picks:
            return 0
        card = self.picks.pop(0)
        for i, option in enumerate(decision.options):
            if option.value == card.id:
                return i
        raise IllegalMove(f"player {decision.player + 1} cannot keep {card.name}: it is not in "
                          "the packet (R2.5)", "R2.5", decision)


def deal(scenario: Scenario) -> tuple[Game, int] | None:
    """The table `setup` deals from its seed (R2, the draft R2.5) and its first player's seat;
    None without `setup`. A pick not in its packet is refused (R2.5); picks never asked
for are :class:`LeftOver`."""
    setup = scenario.given.fields.get("setup")
    if setup is None or scenario.cardset is None:
        return None
    picks = list(setup["picks"]) + [()] * scenario.n_players
    agents = [_Picks(picks[seat]) for seat in range(scenario.n_players)]
    game, first = new_game(scenario.cardset, scenario.n_players, seed=setup["seed"],
                           agents=agents, draft=setup["draft"])
    left = [(seat, a.picks) for seat, a in enumerate(agents) if a.picks]
    if left:
        seat, cards = left[0]
        raise LeftOver(f"player {seat + 1}'s picks left over, never asked for: "
                       + ", ".join(c.name for c in cards) + " (a draft keeps 8 cards, R2.5)")
    game.asker = NoAsker()  # the runner's pull API answers from here on
    game.rules = scenario.rules
    return game, first


def build_table(scenario: Scenario) -> Game:
    game = Game(scenario.n_players, scenario.board, rules=scenario.rules)
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
