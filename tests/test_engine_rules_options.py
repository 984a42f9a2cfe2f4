"""The interpretation switches (FORT-RULES "Interpretation:" notes), each both ways."""

from __future__ import annotations

import dataclasses
import json
from importlib.resources import files
from pathlib import Path

from builders import kid

from fortlang.engine import ScriptedAgent
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import play_card
from fortlang.games.fort.table import Game, Rules
from fortlang.sim.seats import Seats

PIZZA = Resource.PIZZA
BUG = kid("Bug", "shovel", "gain pizza x shovel", "score x level")
RUSTY = kid("Rusty", "shovel", "gain pizza x shovel", "destroy card")
SCOUT = kid("Scout", "shovel", "score", "score")
ACE = kid("Ace", "coin", "score", "score")


def _game(rules, *scripts):
    agents = [ScriptedAgent(s) for s in scripts]
    return Game(2, asker=Seats(agents + [ScriptedAgent()] * (2 - len(agents))), rules=rules,
                debug=True)


def test_r5_3_lookout_optional_lets_the_leader_leave_a_lookout_card_out():
    game = _game(Rules(), ["stop", "public (gain pizza x shovel) only"])
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    game.new_card(SCOUT, p.lookout)
    play_card(game, 0, bug, follow=False)
    assert p.stuff[PIZZA] == 1


def test_r5_3_lookout_automatic_counts_every_matching_lookout_card():
    game = _game(Rules(lookout_optional=False), ["public (gain pizza x shovel) only"])
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    game.new_card(SCOUT, p.lookout)
    result = play_card(game, 0, bug, follow=False)
    assert p.stuff[PIZZA] == 2 and [c.name for c in result.lookout] == ["Scout"]


def test_r6_7_follower_lookout_does_not_count_unless_switched():
    for rules, pizza in ((Rules(), 1), (Rules(follower_lookout=True), 2)):
        game = _game(rules, ["public (gain pizza x shovel) only"], ["discard Rusty"])
        leader, follower = game.players
        bug = game.new_card(BUG, leader.hand)
        game.new_card(RUSTY, follower.hand)
        game.new_card(SCOUT, follower.lookout)
        play_card(game, 0, bug)
        assert follower.stuff[PIZZA] == pizza


def test_r5_6_a_coin_card_follows_anything_unless_switched():
    for rules, followed in ((Rules(), True), (Rules(coin_follows_any=False), False)):
        game = _game(rules, ["public (gain pizza x shovel) only"], ["discard Ace", "shovel"])
        leader, follower = game.players
        bug = game.new_card(BUG, leader.hand)
        game.new_card(ACE, follower.hand)
        result = play_card(game, 0, bug)
        assert bool(result.followers) is followed
        assert follower.stuff[PIZZA] == (1 if followed else 0)


def test_every_rules_switch_is_in_the_scenario_schema_and_documented():
    switches = {f.name for f in dataclasses.fields(Rules)}
    schema = json.loads(files("fortlang.schemas").joinpath("scenario.schema.json").read_text())
    assert set(schema["properties"]["options"]["properties"]) == switches
    doc = (Path(__file__).parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    documented = {line.split("`")[1] for line in doc.splitlines()
                  if line.startswith("| `") and ("| `true` |" in line or "| `false` |" in line)}
    assert documented == switches
