"""Pig's scenario rules: what a scenario file of the game may say (``fortlang test`` reads and
runs it; docs/games.md, "Scenarios").

``given`` seats the players (``players: [{vp: 3, hand: [lucky_roll]}, {}]``); each move plays
one card from the mover's hand (``play: <card id>``, the mover ``by: N``), the die's faces given
in ``chance`` and an `or` answered in ``choose``; ``then`` compares each player's points
(``scores``), the discard pile and which card the rules refused (P4)."""

from __future__ import annotations

from fortlang.engine.choices import IllegalMove
from fortlang.engine.perform import can_perform, perform
from fortlang_pig.table import PigTable

_ID = {"type": "string", "pattern": "^[a-z0-9]+(_[a-z0-9]+)*$"}
_PLAYER = {"type": "object", "additionalProperties": False,
           "properties": {"vp": {"type": "integer", "minimum": 0, "maximum": 100},
                          "hand": {"type": "array", "maxItems": 20, "items": _ID}}}


def read(scenario, report):
    """Every card named is one of the sets' cards; the players seated are 2 to 4."""
    cards = {c.id: c for s in scenario.sets for c in s.cards}
    players = scenario.given.get("players", [{}, {}])
    if not 2 <= len(players) <= 4:
        report("E711", "Pig seats 2 to 4 players", scenario.at("given", "players"))
    for p, player in enumerate(players):
        for i, card in enumerate(player.get("hand", [])):
            if card not in cards:
                report("E711", f"no card `{card}` in the scenario's sets",
                       scenario.at("given", "players", p, "hand", i))
    for i, move in enumerate(scenario.moves):
        if move.fields["play"] not in cards:
            report("E711", f"no card `{move.fields['play']}` in the scenario's sets",
                   scenario.at_move(i, "play"))
        if move.seat >= len(players):
            report("E711", f"player {move.seat + 1} is not seated", scenario.at_move(i, "by"))
    return cards, players


def run(scenario, prepared, script):
    """P2 and P4 for each move: the card leaves the hand for the discard pile and its action
    is performed in full, or it is refused (P4) and nothing changes."""
    cards, players = prepared
    table = PigTable([], len(players), asker=script)
    table.chance_asked = True
    for seat, player in zip(table.players, players, strict=True):
        seat.vp = player.get("vp", 0)
        seat.hand = [cards[c] for c in player.get("hand", [])]
    refused = None
    for move in scenario.moves:
        script.begin(move)
        hand = table.players[move.seat].hand
        card = next((c for c in hand if c.id == move.fields["play"]), None)
        if card is None:
            raise IllegalMove(f"{move.fields['play']} is not in player {move.seat + 1}'s "
                              "hand", "P2")
        if not can_perform(table, move.seat, card.texts["action"]):
            refused = "P4"
            continue
        hand.remove(card)
        table.discard.append(card)
        perform(table, move.seat, card.texts["action"])
    return {"scores": [p.vp for p in table.players],
            "discard": [c.id for c in table.discard], "refused": refused}


def scenario_rules():
    from fortlang.scenario.rules import ScenarioRules

    return ScenarioRules(
        given={"additionalProperties": False,
               "properties": {"players": {"type": "array", "items": _PLAYER}}},
        when={"required": ["play"], "properties": {"play": _ID}},
        then={"additionalProperties": False,
              "properties": {"scores": {"type": "array", "items": {"type": "integer"}},
                             "discard": {"type": "array", "items": _ID},
                             "refused": {"enum": ["P4", None]}}},
        read=read, run=run)


SCENARIOS = scenario_rules()
