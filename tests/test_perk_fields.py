"""Every perk field the schema accepts changes play (issue 12.4, R15).

The test walks ``perks.schema.json``: each hook parameter it accepts, and ``single_use`` on each
hook that allows it, must have a probe below, and each probe plays the same situation with two
values of the field and gets two different outcomes. A field added to the schema without the
engine reading it fails ``test_every_schema_field_has_a_probe``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files

import pytest
from builders import kid

from fortlang.cardset import base_set
from fortlang.engine import ScriptedAgent
from fortlang.games.fort.model import Perk, PerkHook, board_of, rules_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import can_perform, perform, play_card
from fortlang.games.fort.table import Game
from fortlang.games.fort.turn import TurnRecord, diy, do_over, recruit, recycle, timed_perks
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats

SCHEMA = json.loads(files("fortlang.schemas").joinpath("perks.schema.json").read_text())
PERK = SCHEMA["$defs"]["perk"]
#: Fields that name or describe a perk (``printed``: a rulebook's name for it); the engine reads
#: the hook, its params and single_use.
DESCRIPTIVE = {"id", "name", "names", "printed", "text"}
PIZZA, TOY = Resource.PIZZA, Resource.TOY
BOARD = board_of(base_set())
SCORER = kid("Scorer", "book", "score", "score")
BUG = kid("Bug", "shovel", "gain pizza x shovel", "score x level")
DIGGER = kid("Digger", "shovel", "score", "score")


def schema_fields() -> set[tuple[str, str]]:
    """(hook, field) for every engine-read field the schema accepts."""
    hooks = PERK["properties"]["hook"]["enum"]
    fields: set[tuple[str, str]] = set()
    never_single_use: set[str] = set()
    for branch in PERK["allOf"]:
        test = branch["if"].get("properties", {}).get("hook")
        if test is None:  # the branch of perks in the language: their fields are added below
            continue
        names = [test["const"]] if "const" in test else test["enum"]
        then = branch["then"].get("properties", {})
        for name in names:
            for key in then.get("params", {}).get("properties", {}):
                fields.add((name, key))
            if then.get("single_use", {}).get("const") is False:
                never_single_use.add(name)
    fields |= {(h, "single_use") for h in hooks if h not in never_single_use}
    fields |= {(PerkHook.ACTION.value, key) for key in ("when", "action")
               if key in PERK["properties"]}  # a perk in the language (issue 18.3)
    return fields


def test_the_schema_has_no_other_perk_field() -> None:
    assert set(PERK["properties"]) == DESCRIPTIVE | {"hook", "params", "single_use", "when",
                                                     "action"}


def game_with(perk: Perk, *answers: object, seat: int = 0) -> Game:
    agents = [ScriptedAgent(list(answers) if s == seat else []) for s in range(2)]
    game = Game(2, BOARD, asker=Seats(agents), debug=True)
    game.players[seat].perks.append(perk)
    return game


def perk(hook: PerkHook, params: dict | None = None, single_use: bool = False) -> Perk:
    return Perk(hook.value, hook.value, hook, params or {}, single_use)


# -- one probe per field: (value a, value b) -> two outcomes that must differ ------------------


def modify(key: str, action: str, setup: Callable[[Game], None]) -> Callable[[object], object]:
    def outcome(extra: object) -> object:
        game = game_with(perk(PerkHook.MODIFY, {key: extra}))
        setup(game)
        return can_perform(game, 0, parse_action(action))
    return outcome


def _full_lookout(game: Game) -> None:
    p = game.players[0]
    game.new_cards([SCORER] * BOARD.lookout_base, p.lookout)
    game.new_card(SCORER, p.hand)


def _two_in_stuff(game: Game) -> None:
    game.give(game.players[0], PIZZA, 2)


def _extra_recruit(places: object) -> object:
    game = game_with(perk(PerkHook.EXTRA_RECRUIT, {"from": places}), ("extra_recruit", 1))
    game.new_cards([SCORER, SCORER], game.players[1].yard)  # only a yard has cards
    recruit(game, 0, TurnRecord(0))
    return len(game.players[0].discard)


def _lookout_from(places: object) -> object:
    game = game_with(perk(PerkHook.LOOKOUT_FROM_ANYWHERE, {"from": places}))
    game.new_card(SCORER, game.players[0].discard)  # no hand card: only the discard pile
    return can_perform(game, 0, parse_action("lookout"))


def _max_discards(most: object) -> object:
    copy_cat = perk(PerkHook.FOLLOW_DISCARD_MORE, {"max_discards": most})
    game = game_with(copy_cat, "discard Digger (shovel) and Digger (shovel) and Digger (shovel)",
                     seat=1)
    game.asker.agents[0] = ScriptedAgent(["public (gain pizza x shovel) only"])
    game.new_cards([DIGGER] * 3, game.players[1].hand)
    try:
        play_card(game, 0, game.new_card(BUG, game.players[0].hand))
    except Exception as err:  # the scripted three-card follow is not an option
        return type(err).__name__
    return game.players[1].stuff[PIZZA]


def _extra_cost(cost: object) -> object:
    game = game_with(perk(PerkHook.DIY_ADVANCE, {"extra_cost": cost}), ("diy", 1))
    game.give(game.players[0], TOY, 2)  # level 0 -> 1 costs a toy (R10.1)
    return diy(game, 0, TurnRecord(0))


def _single_use(hook: PerkHook, play: Callable[[Game], None], answers: tuple = ()
                ) -> Callable[[object], object]:
    def outcome(once: object) -> object:
        game = game_with(perk(hook, single_use=bool(once)), *answers)
        play(game)
        return (len(game.players[0].perks), len(game.boxed_perks))
    return outcome


def _recycle(game: Game) -> None:
    game.new_card(SCORER, game.players[0].discard)
    recycle(game, 0, TurnRecord(0))


def _do_over(game: Game) -> None:
    game.new_card(SCORER, game.players[0].hand)
    do_over(game, 0, TurnRecord(0))


def _diy(game: Game) -> None:
    game.give(game.players[0], TOY, 2)
    game.rule_pile.extend(rules_of(base_set())[:1])
    assert diy(game, 0, TurnRecord(0))


def _recruit_twice(game: Game) -> None:
    game.new_cards([SCORER, SCORER], game.park)
    recruit(game, 0, TurnRecord(0))


def _lookout_from_park(game: Game) -> None:
    game.new_card(SCORER, game.park)
    assert perform(game, 0, parse_action("lookout"))


def _pack_from_supply(game: Game) -> None:
    assert perform(game, 0, parse_action("pack"))


def _follow_with_two(once: object) -> object:
    copy_cat = perk(PerkHook.FOLLOW_DISCARD_MORE, {"max_discards": 2}, bool(once))
    game = game_with(copy_cat, "discard Digger (shovel) and Digger (shovel)", seat=1)
    game.asker.agents[0] = ScriptedAgent(["public (gain pizza x shovel) only"])
    game.new_cards([DIGGER] * 2, game.players[1].hand)
    play_card(game, 0, game.new_card(BUG, game.players[0].hand))
    return (len(game.players[1].perks), len(game.boxed_perks))


def _rough_housing(once: object) -> object:
    rough = perk(PerkHook.ROUGH_HOUSING, single_use=bool(once))
    game = game_with(rough, ("rough_housing", 1), seat=1)
    game.asker.agents[0] = ScriptedAgent(["public (gain pizza x shovel) only"])
    result = play_card(game, 0, game.new_card(BUG, game.players[0].hand))
    assert result.destroyed
    return (len(game.players[1].perks), len(game.boxed_perks))


def _in_language(field: str) -> Callable[[object], object]:
    """A perk in the language used at the start of the turn: `score 2`, kept; one field
    changed."""
    def outcome(value: object) -> object:
        fields: dict = {"when": "turn_start", "action": parse_action("score 2"),
                        "single_use": False, field: value}
        game = game_with(Perk("p", "P", PerkHook.ACTION, **fields), ("perk_action", 1))
        timed_perks(game, 0, "turn_start", TurnRecord(0))
        return (game.players[0].vp, len(game.players[0].perks))
    return outcome


#: (hook, field) -> (outcome of a value, value a, value b, what a gives, what b gives)
PROBES: dict[tuple[str, str], tuple[Callable[[object], object], object, object, object, object]] = {
    ("modify", "pack_capacity"): (modify("pack_capacity", "pack x 2", _two_in_stuff),
                                  0, 1, False, True),
    ("modify", "lookout_capacity"): (modify("lookout_capacity", "lookout", _full_lookout),
                                     0, 1, False, True),
    ("modify", "stuff_capacity"): (modify("stuff_capacity", f"gain {BOARD.stuff_capacity + 1}"
                                          " pizza", lambda game: None), 0, 1, False, True),
    ("extra_recruit", "from"): (_extra_recruit, ["park"], ["park", "yard"], 1, 2),
    ("lookout_from_anywhere", "from"): (_lookout_from, ["park"], ["discard"], False, True),
    ("follow_discard_more", "max_discards"): (_max_discards, 2, 3, "IllegalMove", 3),
    ("diy_advance", "extra_cost"): (_extra_cost, 2, 1, False, True),
    ("diy_advance", "single_use"): (_single_use(PerkHook.DIY_ADVANCE, _diy, (("diy", 1),)),
                                    False, True, (1, 0), (0, 1)),
    ("second_play", "single_use"): (_single_use(PerkHook.SECOND_PLAY, _do_over,
                                                (("do_over", 1), ("order", 0))),
                                    False, True, (1, 0), (0, 1)),
    ("recycle", "single_use"): (_single_use(PerkHook.RECYCLE, _recycle, (("recycle", 1),)),
                                False, True, (1, 0), (0, 1)),
    ("extra_recruit", "single_use"): (_single_use(PerkHook.EXTRA_RECRUIT, _recruit_twice,
                                                  (("extra_recruit", 1),)),
                                      False, True, (1, 0), (0, 1)),
    ("lookout_from_anywhere", "single_use"): (
        _single_use(PerkHook.LOOKOUT_FROM_ANYWHERE, _lookout_from_park), False, True,
        (1, 0), (0, 1)),
    ("pack_from_supply", "single_use"): (
        _single_use(PerkHook.PACK_FROM_SUPPLY, _pack_from_supply, ("a pizza from the supply",)),
        False, True, (1, 0), (0, 1)),
    ("follow_discard_more", "single_use"): (_follow_with_two, False, True, (1, 0), (0, 1)),
    ("rough_housing", "single_use"): (_rough_housing, False, True, (1, 0), (0, 1)),
    ("action", "single_use"): (_in_language("single_use"), False, True, (2, 1), (2, 0)),
    ("action", "when"): (_in_language("when"), "turn_start", "turn_end", (2, 1), (0, 1)),
    ("action", "action"): (_in_language("action"), parse_action("score 2"),
                           parse_action("score 3"), (2, 1), (3, 1)),
}


def test_every_schema_field_has_a_probe() -> None:
    assert schema_fields() == set(PROBES)


@pytest.mark.parametrize("field", sorted(PROBES), ids="-".join)
def test_the_field_changes_play(field: tuple[str, str]) -> None:
    outcome, a, b, expect_a, expect_b = PROBES[field]
    assert (outcome(a), outcome(b)) == (expect_a, expect_b)
