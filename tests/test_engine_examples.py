"""The rulebooks' worked examples (R5.3, R5.4, R5.5 in the French and Russian rulebooks)."""

from __future__ import annotations

import pytest
from builders import kid

from fortlang.engine import IllegalMove, ScriptedAgent
from fortlang.engine.choices import Kind
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import play_card
from fortlang.games.fort.table import Game
from fortlang.sim.seats import Seats

PIZZA, TOY = Resource.PIZZA, Resource.TOY

BUG = kid("Bug", "shovel", "gain pizza x shovel", "score x level")
MOLES = kid("The Moles", "shovel shovel", "gain toy", "score")
LOOKOUT_SHOVEL = kid("Scout", "shovel", "score", "score")
BUD = kid("Bud", "coin", "gain 2 pizza or gain 2 toy", "destroy card")
DOODLES = kid("Doodles", "glue", "gain toy x glue", "score")
GLUE = kid("Tink", "glue", "score", "score")
PUDDIN = kid("Puddin", "coin crown", "score", "score")
FILLER = kid("Filler", "book", "score", "score")


def table(answers, *, level=0):
    agent = ScriptedAgent(answers)
    game = Game(2, asker=Seats([agent, ScriptedAgent()]), debug=True)
    game.players[0].level = level
    return game, agent


def test_r5_3_bug_with_the_moles_and_a_lookout_shovel_gains_4_pizza():
    # Eleonore/Charlotte: Bug + The Moles (two shovels) + one lookout shovel = 4 shovels.
    game, agent = table([
        "add The Moles", "count from your lookout Scout",
        "public (gain pizza x shovel) then private (score x level)",
    ], level=1)
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    game.new_card(MOLES, p.hand)
    game.new_card(LOOKOUT_SHOVEL, p.lookout)
    result = play_card(game, 0, bug, follow=False)
    assert p.stuff[PIZZA] == 4
    assert p.vp == 1  # the private action: score x level at fort level 1
    assert [c.name for c in result.added] == ["The Moles"]
    assert agent.done
    assert_invariants(game)


def test_r5_3_the_second_lookout_shovel_is_not_needed_at_4_pizza():
    # Bug 1 + Moles 2 + lookout 1 = 4 fills the stuff: a second lookout shovel changes nothing,
    # but it is not an added card, so counting it only makes the public action partial.
    game, agent = table(["add The Moles", "public (gain pizza x shovel) only"])
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    game.new_card(MOLES, p.hand)
    play_card(game, 0, bug, follow=False)
    assert p.stuff[PIZZA] == 3


def _bud_table(answers):
    game, agent = table(answers)
    p = game.players[0]
    game.give(p, PIZZA, 3)  # room for one more pizza only
    bud = game.new_card(BUD, p.hand)
    game.new_card(FILLER, p.discard)
    return game, agent, p, bud


def test_r5_4_bud_public_alone_is_illegal_with_room_for_one_pizza():
    game, agent, p, bud = _bud_table(["shovel", "public (gain 2 pizza or gain 2 toy) only"])
    game.give(p, TOY, 4)  # and no room for toys either
    with pytest.raises(IllegalMove) as err:
        play_card(game, 0, bud, follow=False)
    assert err.value.rule == "R5.4"
    assert p.stuff[PIZZA] == 3 and bud in p.hand  # nothing changed


@pytest.mark.parametrize("order", [
    "private (destroy card) then public (gain 2 pizza or gain 2 toy)",
    "public (gain 2 pizza or gain 2 toy) then private (destroy card)",
])
def test_r5_4_bud_partial_public_after_destroying_a_card_either_order(order):
    game, agent, p, bud = _bud_table(["shovel", order, "gain 2 pizza"])
    game.give(p, TOY, 4)
    play_card(game, 0, bud, follow=False)
    assert p.stuff[PIZZA] == 4  # one pizza gained: in part
    assert [c.name for c in game.box] == ["Filler"]


def test_r5_4_bud_order_options_exclude_public_alone():
    seen = []

    class Recorder(ScriptedAgent):
        def choose(self, view, decision):
            seen.append(decision)
            return super().choose(view, decision)

    game, _, p, bud = _bud_table([])
    game.give(p, TOY, 4)
    game.asker.agents[0] = Recorder(["shovel", "private (destroy card) only"])
    play_card(game, 0, bud, follow=False)
    order = next(d for d in seen if d.kind is Kind.ORDER)
    assert "public (gain 2 pizza or gain 2 toy) only" in dict(order.excluded)
    assert dict(order.excluded)["public (gain 2 pizza or gain 2 toy) only"] == "R5.4"
    assert p.stuff[PIZZA] == 3


def _doodles_table(answers):
    game, agent = table(answers)
    p = game.players[0]
    game.give(p, TOY, 2)  # room for two more toys
    doodles = game.new_card(DOODLES, p.hand)
    game.new_card(GLUE, p.hand)
    game.new_card(PUDDIN, p.hand)
    return game, agent, p, doodles


@pytest.mark.parametrize("added", ["add Tink", "add Puddin"])
def test_r5_5_doodles_may_add_either_card(added):
    game, agent, p, doodles = _doodles_table([added, "stop",
                                              "private (score) then public (gain toy x glue)"])
    result = play_card(game, 0, doodles, follow=False)
    assert p.stuff[TOY] == 4 and p.vp == 1
    assert len(result.added) == 1


def test_r5_5_doodles_may_not_add_both_cards():
    game, agent, p, doodles = _doodles_table(["add Tink", "add Puddin"])
    with pytest.raises(IllegalMove) as err:
        play_card(game, 0, doodles, follow=False)
    assert err.value.rule == "R5.5"


def test_r5_3_bug_with_two_lookout_shovels_instead_of_the_moles_gains_3_pizza():
    # "She could have added only the second shovel from her lookout to get three pizzas."
    game, agent = table(["count from your lookout", "count from your lookout", "stop",
                         "public (gain pizza x shovel) only"])
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    game.new_card(MOLES, p.hand)
    p.level = 1
    game.new_cards([LOOKOUT_SHOVEL, LOOKOUT_SHOVEL], p.lookout)
    play_card(game, 0, bug, follow=False)
    assert p.stuff[PIZZA] == 3 and [c.name for c in p.hand] == ["The Moles"]


# -- the examples of the "other symbols" page (R13) -----------------------------------------------

BLITZ = kid("Blitz", "water_gun", "(recruit then gain toy) x water_gun", "gain pizza")
SCRAPPERS = kid("The Scrappers", "water_gun water_gun", "gain pizza x water_gun", "score")
PATCH = kid("Patch", "book", "gain toy x book", "score")
BONES = kid("Bones", "book", "score x book", "gain toy")
SPIKE = kid("Spike", "skateboard", "score x pack", "pack")
CRASH = kid("Crash", "water_gun", "destroy rival then gain pizza/toy", "recruit")
LEFTY = kid("Lefty", "shovel", "gain pizza x shovel", "advance then score 2")


def test_r13_3_gain_toys_per_glue_patch_with_bones_gives_2_toys():
    game, _ = table(["add Bones", "public (gain toy x book) only"])
    p = game.players[0]
    patch = game.new_card(PATCH, p.hand)
    game.new_card(BONES, p.hand)
    play_card(game, 0, patch, follow=False)
    assert p.stuff[TOY] == 2


def test_r13_3_score_per_resource_in_pack_any_type():
    game, _ = table(["public (score x pack) only"], level=1)
    p = game.players[0]
    game.give(p, PIZZA, 1, to_pack=True)
    game.give(p, TOY, 1, to_pack=True)
    play_card(game, 0, game.new_card(SPIKE, p.hand), follow=False)
    assert p.vp == 2


@pytest.mark.parametrize("rival_yard, pizza", [(True, 1), (False, 0)])
def test_r13_4_destroy_a_rivals_card_then_gain_a_resource(rival_yard, pizza):
    game, _ = table(["public (destroy rival then gain pizza/toy) then private (recruit)",
                     "pizza"])
    p = game.players[0]
    crash = game.new_card(CRASH, p.hand)
    game.new_card(FILLER, game.park)
    if rival_yard:
        game.new_card(FILLER, game.players[1].yard)
    play_card(game, 0, crash, follow=False)
    assert p.stuff[PIZZA] == pizza  # no rival card to destroy: the gain is not performed
    assert len(game.box) == pizza and len(p.discard) == 1


def test_r13_4_advance_fort_then_score_2():
    game, _ = table(["private (advance then score 2) only"])
    p = game.players[0]
    game.give(p, TOY, 1)
    play_card(game, 0, game.new_card(LEFTY, p.hand), follow=False)
    assert p.level == 1 and p.vp == 2


def test_r13_5_recruit_then_gain_toy_per_water_gun_recruits_each_time():
    game, _ = table(["add The Scrappers", "private (gain pizza) then public ((recruit then gain "
                     "toy) x water_gun)"])
    p = game.players[0]
    blitz = game.new_card(BLITZ, p.hand)
    game.new_card(SCRAPPERS, p.hand)
    game.new_cards([FILLER, FILLER], game.park)  # only 2 cards to recruit for 3 water guns
    play_card(game, 0, blitz, follow=False)
    assert len(p.discard) == 2 and p.stuff[TOY] == 2  # in part: the third toy needs a recruit


def test_r13_5_score_per_book_then_destroy_this_card():
    noodles = kid("Noodle Twins", "book book", "score x book then destroy this", "gain toy x book")
    game, _ = table(["public (score x book then destroy this) only"])
    p = game.players[0]
    card = game.new_card(noodles, p.hand)
    result = play_card(game, 0, card)
    assert p.vp == 2 and result.destroyed and game.box == [card]


def test_r6_4_leader_chose_two_pizzas_so_the_follower_takes_two_pizzas():
    # "si le leader choisit d'obtenir deux pizzas, vous devez prendre deux pizzas"
    leader_agent = ScriptedAgent(["shovel", "public (gain 2 pizza or gain 2 toy) then private",
                                  "gain 2 pizza"])
    follower_agent = ScriptedAgent(["discard Bug"])
    game = Game(2, asker=Seats([leader_agent, follower_agent]), debug=True)
    leader, follower = game.players
    bud = game.new_card(BUD, leader.hand)
    game.new_card(FILLER, leader.discard)
    game.new_card(BUG, follower.hand)
    result = play_card(game, 0, bud)
    assert leader.stuff[PIZZA] == 2 and follower.stuff == {PIZZA: 2, TOY: 0}
    assert result.followers and follower_agent.done
    assert follower.hand == []  # following never draws a card
