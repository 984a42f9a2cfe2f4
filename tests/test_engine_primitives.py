"""Every primitive (R12) and operator (R13) executed against a small table."""

from __future__ import annotations

import pytest
from builders import kid

from fortlang.engine import ScriptedAgent
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import can_perform, perform
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats

PIZZA, TOY = Resource.PIZZA, Resource.TOY
A = kid("Alpha", "book", "score", "score")
B = kid("Beta", "glue", "score", "score")
XXL = Perk("xxl-backpack", "XXL Backpack", PerkHook.MODIFY, {"pack_capacity": 2})


def table(*answers, players=2):
    agents = [ScriptedAgent(answers)] + [ScriptedAgent() for _ in range(players - 1)]
    return Game(players, asker=Seats(agents), debug=True)


def do(game, text, *, full=True, seat=0):
    ok = perform(game, seat, parse_action(text), full=full)
    assert_invariants(game)
    return ok


def test_r12_1_gain_goes_to_stuff_from_the_supply():
    game = table()
    assert do(game, "gain 2 pizza")
    assert game.players[0].stuff[PIZZA] == 2 and game.supply[PIZZA] == 28


def test_r1_5_stuff_holds_4_of_each_so_gain_is_not_full():
    game = table()
    game.give(game.players[0], PIZZA, 3)
    assert not do(game, "gain 2 pizza")
    assert game.players[0].stuff[PIZZA] == 3  # nothing changed
    assert do(game, "gain 2 pizza", full=False)
    assert game.players[0].stuff[PIZZA] == 4


def test_r1_4_the_supply_is_finite():
    game = table()
    game.give(game.players[1], PIZZA, 4)
    game.supply[PIZZA] = 1
    game.players[1].pack[PIZZA] = 25  # keep tokens conserved: 1 + 4 + 25 = 30
    game.players[1].level = 30  # (room in the pack for the bookkeeping above)
    assert not can_perform(game, 0, parse_action("gain 2 pizza"))
    assert can_perform(game, 0, parse_action("gain pizza"))


def test_r12_1_pizza_or_toy_is_one_kind_never_a_mix():
    game = table("toy")
    game.give(game.players[0], PIZZA, 3)
    assert do(game, "gain pizza/toy x 3")
    assert game.players[0].stuff == {PIZZA: 3, TOY: 3}


def test_r12_1_pizza_excluded_when_only_toys_fit_in_full():
    from fortlang.engine.choices import IllegalMove

    game = table("pizza")
    game.give(game.players[0], PIZZA, 3)
    with pytest.raises(IllegalMove):
        do(game, "gain pizza/toy x 3")


def test_r12_2_pack_moves_a_token_and_respects_capacity():
    game = table()
    p = game.players[0]
    game.give(p, TOY, 2)
    assert do(game, "pack")
    assert p.pack[TOY] == 1 and p.stuff[TOY] == 1
    assert not do(game, "pack")  # level 0: the pack holds 1 (R10.2)
    p.perks.append(XXL)  # XXL Backpack: 2 more (R15)
    assert do(game, "pack") and p.pack[TOY] == 2


def test_r12_3_lookout_from_hand_up_to_level_plus_one():
    game = table("Beta from your hand")
    p = game.players[0]
    game.new_cards([A, B], p.hand)
    assert do(game, "lookout")
    assert [c.name for c in p.lookout] == ["Beta"] and len(p.hand) == 1
    assert not do(game, "lookout")


def test_r12_4_destroy_from_hand_or_discard_not_deck():
    game = table("Beta from your discard")
    p = game.players[0]
    game.new_card(A, p.hand)
    game.new_card(B, p.discard)
    game.new_card(B, p.deck)
    assert do(game, "destroy card")
    assert [c.name for c in game.box] == ["Beta"] and len(p.deck) == 1 and not p.discard
    game2 = table()
    game2.new_card(A, game2.players[0].deck)
    assert not do(game2, "destroy card")


@pytest.mark.parametrize("answer, refilled", [("Alpha from the park", True),
                                               ("Beta from player 2's yard", False),
                                               ("the top of the park deck", False)])
def test_r12_6_recruit_goes_to_discard_and_refills_the_park(answer, refilled):
    game = table(answer)
    game.new_card(A, game.park)
    game.new_card(B, game.players[1].yard)
    game.new_cards([A, B], game.park_deck)
    assert do(game, "recruit")
    assert len(game.players[0].discard) == 1
    assert len(game.park) == (1 if refilled else (0 if answer.startswith("Alpha") else 1))
    assert len(game.park_deck) == (1 if refilled or answer.startswith("the top") else 2)


def test_r12_7_advance_pays_from_stuff_and_pack_and_rises():
    game = table("pay 1 toy from pack")
    p = game.players[0]
    game.give(p, TOY, 1)
    game.give(p, TOY, 1, to_pack=True)
    assert do(game, "advance")  # level 0 -> 1 costs a toy (default board)
    assert p.level == 1 and p.stuff[TOY] == 1 and p.pack[TOY] == 0 and game.supply[TOY] == 29


def test_r13_2_advance_minus_one_may_be_free_and_plus_one_costs_more():
    game = table()
    p = game.players[0]
    assert not do(game, "advance")
    assert do(game, "advance -1") and p.level == 1  # the one toy dropped
    assert not do(game, "advance +1")  # a pizza and one more of either
    game.give(p, PIZZA, 1)
    assert not do(game, "advance +1")
    game.give(p, TOY, 1)
    assert do(game, "advance +1") and p.level == 2 and p.stuff == {PIZZA: 0, TOY: 0}


def test_r10_3_level_rewards_rule_perk_and_macaroni():
    from fortlang.games.fort.model import MadeUpRule
    from fortlang.parser import parse_scoring

    rules = [MadeUpRule(f"r{i}", f"Rule {i}", parse_scoring("lookout")) for i in range(3)]
    perks = [Perk(f"p{i}", f"Perk {i}", PerkHook.RECYCLE) for i in range(3)]
    game = table("Rule 2", "Perk 1")
    p = game.players[0]
    game.rule_pile.extend(rules)
    game.perk_row.extend(perks)
    for _ in range(2):
        assert do(game, "advance -1")
    assert p.rule is rules[2] and p.perks == [perks[1]]
    assert len(game.rule_pile) == 2 and len(game.perk_row) == 2
    p.level = 4
    game.give(p, PIZZA, 2)
    game.give(p, TOY, 1)
    assert do(game, "advance")
    assert p.level == 5 and game.macaroni == 0
    assert not do(game, "advance")  # no level above the end (R11.1)


def test_r12_8_score():
    game = table()
    assert do(game, "score 3") and game.players[0].vp == 3


def test_r12_9_spend_from_stuff_or_pack():
    game = table("0 pizza from stuff, 1 from pack")
    p = game.players[0]
    game.give(p, PIZZA, 1)
    game.give(p, PIZZA, 1, to_pack=True)
    assert do(game, "spend pizza")
    assert p.stuff[PIZZA] == 1 and p.pack[PIZZA] == 0 and game.supply[PIZZA] == 29
    assert not do(game, "spend 2 pizza")


def test_r12_10_destroy_rival_boxes_from_an_opponents_yard():
    game = table()
    game.new_card(A, game.players[0].yard)  # your own yard is not a rival's
    assert not do(game, "destroy rival")
    game.new_card(B, game.players[1].yard)
    assert do(game, "destroy rival") and [c.name for c in game.box] == ["Beta"]


def test_r12_11_copy_pack_gains_the_same_into_stuff():
    game = table()
    p = game.players[0]
    game.give(p, TOY, 1, to_pack=True)
    assert do(game, "copy pack")
    assert p.stuff[TOY] == 1 and p.pack[TOY] == 1


def test_r12_12_copy_rival_pack_takes_nothing_from_them():
    game = table("player 3's pack (0 pizza, 1 toy)", players=3)
    game.give(game.players[1], PIZZA, 1, to_pack=True)
    game.give(game.players[2], TOY, 1, to_pack=True)
    assert do(game, "copy rival pack")
    assert game.players[0].stuff == {PIZZA: 0, TOY: 1}
    assert game.players[2].pack[TOY] == 1


def test_r12_13_convert_swaps_one_token():
    game = table()
    p = game.players[0]
    game.give(p, PIZZA, 1, to_pack=True)
    assert do(game, "convert")
    assert p.pack == {PIZZA: 0, TOY: 1} and game.supply == {PIZZA: 30, TOY: 29}
    assert not do(table(), "convert")  # nothing to swap


def test_r13_3_repeat_counts_the_quantity():
    game = table()
    p = game.players[0]
    game.give(p, TOY, 1, to_pack=True)
    p.level = 2
    assert do(game, "score x pack") and p.vp == 1
    assert do(game, "score 2 x level") and p.vp == 5
    assert do(game, "gain toy x glue") and p.stuff[TOY] == 0  # no glue counted: zero times


def test_r13_4_then_left_required_for_right():
    game = table()
    assert not do(game, "destroy rival then gain pizza")
    assert do(game, "destroy rival then gain pizza", full=False)
    assert game.players[0].stuff[PIZZA] == 0  # the left failed: the right is not performed


def test_r13_4_then_right_required_if_possible():
    game = table()
    p = game.players[0]
    game.give(p, TOY, 1)
    assert do(game, "advance then score 2")
    assert p.level == 1 and p.vp == 2
    assert not do(game, "advance then score 2")  # no toy for level 1 -> 2


def test_r13_5_group_repeats_as_a_whole():
    game = table("Alpha from the park", "Alpha from the park")
    game.new_cards([A, A], game.park)
    p = game.players[0]
    assert do(game, "(recruit then gain toy) x 3", full=False)
    assert len(p.discard) == 2 and p.stuff[TOY] == 2  # recruit each time to gain the toy


def test_or_performs_exactly_one_branch():
    game = table("score 2")
    assert do(game, "gain pizza or score 2")
    assert game.players[0].vp == 2 and game.players[0].stuff[PIZZA] == 0


def test_or_offers_only_branches_performable_in_full():
    seen = []

    class Recorder(ScriptedAgent):
        def choose(self, view, decision):
            seen.append(decision)
            return super().choose(view, decision)

    game = Game(2, asker=Seats([Recorder(["score 2"]), None]))
    game.give(game.players[0], PIZZA, 4)
    assert do(game, "gain pizza or score 2")
    assert seen[0].labels == ("score 2",)
    assert [label for label, _ in seen[0].excluded] == ["gain pizza"]
    assert game.players[0].vp == 2


def test_r15_sticky_fingers_packs_from_the_supply_on_your_turn_only():
    sticky = Perk("sticky-fingers", "Sticky Fingers", PerkHook.PACK_FROM_SUPPLY)
    game = table("a toy from the supply")
    p = game.players[0]
    p.perks.append(sticky)
    assert do(game, "pack")
    assert p.pack[TOY] == 1 and game.supply[TOY] == 29
    p.level = 1
    assert not perform(game, 0, parse_action("pack"), leader=False)  # following: not your turn


def test_r15_bribe_adds_to_the_lookout_from_the_park_deck_or_a_yard():
    bribe = Perk("bribe", "Bribe", PerkHook.LOOKOUT_FROM_ANYWHERE)
    game = table("Beta from player 2's yard")
    p = game.players[0]
    p.perks.append(bribe)
    game.new_card(A, game.park)
    game.new_card(B, game.players[1].yard)
    game.new_card(A, game.park_deck)
    assert do(game, "lookout")
    assert [c.name for c in p.lookout] == ["Beta"] and game.players[1].yard == []
    assert not perform(game, 0, parse_action("lookout"), leader=False)  # lookout is full
    p.level = 1
    assert not perform(game, 0, parse_action("lookout"), leader=False)  # no hand card, no Bribe
