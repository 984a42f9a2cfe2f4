"""Playing a card as the leader (R5) and following it (R6), with `destroy this` (R12.5)."""

from __future__ import annotations

import pytest
from builders import Recorder, kid

from fortlang.engine import IllegalMove, Kind
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.play import lead, legal_plays, play_card
from fortlang.games.fort.table import Game
from fortlang.sim.seats import Seats

PIZZA, TOY = Resource.PIZZA, Resource.TOY
BUG = kid("Bug", "shovel", "gain pizza x shovel", "score x level")
RUSTY = kid("Rusty", "shovel", "gain pizza x shovel", "destroy card")
MOLES = kid("The Moles", "shovel shovel", "gain pizza x shovel", "score")
SHOVEL_GLUE = kid("Mixed", "shovel glue", "score", "score")
GLUE = kid("Tink", "glue", "score", "score")
COIN = kid("Ace", "coin", "score", "score")
BUD = kid("Bud", "coin", "gain 2 pizza/toy", "destroy card")
BLADES = kid("Blades", "coin", "gain pizza/toy x any", "score x coin")
NOODLES = kid("Noodle Twins", "book book", "score x book then destroy this", "gain toy x book")
BOOK = kid("Bones", "book", "score x book", "gain toy")
BLANK = kid("Blank", "crown")
LEVELER = kid("Leveler", "crown", "score x level", None)


def table(*scripts, players=2):
    agents = [Recorder(s) for s in scripts] + [Recorder() for _ in range(players - len(scripts))]
    return Game(players, asker=Seats(agents), debug=True)


BUILDER = kid("Builder", "skateboard", "advance", "score x level")


@pytest.mark.parametrize("order, vp", [
    ("public (advance) then private (score x level)", 1),
    ("private (score x level) then public (advance)", 0),
])
def test_r5_2_order_is_chosen_and_each_action_finishes_before_the_other(order, vp):
    game = table([order])
    p = game.players[0]
    game.give(p, TOY, 1)
    result = play_card(game, 0, game.new_card(BUILDER, p.hand), follow=False)
    assert p.level == 1 and p.vp == vp
    assert [u[0] for u in result.used] == [w.split(" (")[0] for w in order.split(" then ")]


def test_r5_2_one_action_only():
    game = table(["public (gain pizza x shovel) only"])
    p = game.players[0]
    p.level = 1
    result = play_card(game, 0, game.new_card(BUG, p.hand), follow=False)
    assert [u[0] for u in result.used] == ["public"] and p.vp == 0


def test_r5_3_added_cards_go_in_play_and_their_actions_are_not_used():
    game = table(["add The Moles", "public (gain pizza x shovel) only"])
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    moles = game.new_card(MOLES, p.hand)
    play_card(game, 0, bug, follow=False)
    assert p.in_play == [bug, moles] and p.vp == 0 and p.stuff[PIZZA] == 3


def test_r5_3_lookout_card_stays_in_the_lookout():
    game = table(["count from your lookout", "public (gain pizza x shovel) only"])
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    scout = game.new_card(SHOVEL_GLUE, p.lookout)
    result = play_card(game, 0, bug, follow=False)
    assert p.lookout == [scout] and result.lookout == (scout,) and p.stuff[PIZZA] == 2


def test_r5_6_a_coin_added_card_counts_as_the_boosted_suit():
    game = table(["add Ace", "public (gain pizza x shovel) only"])
    p = game.players[0]
    bug = game.new_card(BUG, p.hand)
    game.new_card(COIN, p.hand)
    play_card(game, 0, bug, follow=False)
    assert p.stuff[PIZZA] == 2


def test_r5_7_any_counts_the_chosen_suit_including_coin():
    # Blades (coin): "gain pizza/toy x any"; choosing coin counts Blades' own coin.
    game = table(["glue", "coin", "public (gain pizza/toy x any) only", "toy"])
    p = game.players[0]
    blades = game.new_card(BLADES, p.hand)
    play_card(game, 0, blades, follow=False)
    assert p.stuff[TOY] == 1


def test_r5_7_any_other_suit_does_not_count_the_cards_own_suit():
    game = table(["shovel", "book", "private (score x coin) only"])
    p = game.players[0]
    blades = game.new_card(BLADES, p.hand)
    # naming the coin "shovel" and choosing book for `x any`: Blades counts 0 books, so the
    # public action would have no effect; the private `score x coin` still counts the coin.
    play_card(game, 0, blades, follow=False)
    assert p.vp == 1
    order = next(d for d in game.asker.agents[0].seen if d.kind is Kind.ORDER)
    excluded = [label for label, _ in order.excluded]
    assert "public (gain pizza/toy x any) only" in excluded


def test_r5_4_a_blank_or_effectless_action_does_not_count_as_full():
    game = table()
    p = game.players[0]
    blank = game.new_card(BLANK, p.hand)
    leveler = game.new_card(LEVELER, p.hand)
    with pytest.raises(IllegalMove, match="R5.4"):
        play_card(game, 0, blank)
    with pytest.raises(IllegalMove, match="R5.4"):
        play_card(game, 0, leveler)  # score x level at level 0 changes nothing
    assert legal_plays(game, 0) == []
    assert lead(game, 0) is None and p.hand == [blank, leveler]


def test_r5_1_lead_offers_skip_and_legal_cards():
    game = table(["Bug (shovel)", "public (gain pizza x shovel) only"])
    p = game.players[0]
    game.new_card(BLANK, p.hand)
    bug = game.new_card(BUG, p.hand)
    result = lead(game, 0)
    assert result is not None and result.card is bug
    play = game.asker.agents[0].seen[0]
    assert play.kind is Kind.PLAY and play.labels == ("skip the play phase", "Bug (shovel)")


# -- following (R6) -----------------------------------------------------------------------------


def test_r6_1_follower_discards_one_matching_card_and_performs_the_public_action():
    game = table(["public (gain pizza x shovel) only"], ["discard The Moles"])
    leader, follower = game.players
    bug = game.new_card(BUG, leader.hand)
    game.new_cards([MOLES, GLUE], follower.hand)
    result = play_card(game, 0, bug)
    assert [c.name for c in follower.discard] == ["The Moles"]
    assert follower.stuff[PIZZA] == 2  # R6.5: both shovels count
    assert [c.name for c in follower.hand] == ["Tink"]  # following never draws (R6.6)
    assert [(s, [c.name for c in cs]) for s, cs in result.followers] == [(1, ["The Moles"])]
    decision = game.asker.agents[1].seen[0]
    assert decision.kind is Kind.FOLLOW and decision.labels == ("decline",
                                                               "discard The Moles (shovel+shovel)")


def test_r6_1_follower_may_follow_a_public_action_the_leader_did_not_use():
    game = table(["private (score x level) only"], ["discard Mixed"])
    game.players[0].level = 1
    bug = game.new_card(BUG, game.players[0].hand)
    game.new_card(SHOVEL_GLUE, game.players[1].hand)
    play_card(game, 0, bug)
    assert game.players[1].stuff[PIZZA] == 1


def test_r6_2_follower_must_perform_in_full_and_never_from_the_lookout():
    game = table(["public (gain pizza x shovel) only"])
    leader, follower = game.players
    bug = game.new_card(BUG, leader.hand)
    game.new_card(MOLES, follower.hand)
    game.new_card(RUSTY, follower.lookout)
    game.give(follower, PIZZA, 3)  # room for 1, the Moles would give 2
    game.asker.agents[1].answers.append("decline")
    play_card(game, 0, bug)
    follow = game.asker.agents[1].seen[0]
    assert follow.labels == ("decline",)  # Rusty in the lookout is not offered (R6.2)
    assert follow.excluded == (("discard The Moles (shovel+shovel)", "R6.2"),)
    assert len(follower.hand) == 1 and follower.stuff[PIZZA] == 3


def test_r6_7_follower_lookout_does_not_boost():
    game = table(["public (gain pizza x shovel) only"], ["discard Rusty"])
    leader, follower = game.players
    bug = game.new_card(BUG, leader.hand)
    game.new_card(RUSTY, follower.hand)
    game.new_card(MOLES, follower.lookout)
    play_card(game, 0, bug)
    assert follower.stuff[PIZZA] == 1


def test_r6_3_coin_played_card_leader_names_the_suit_followers_match():
    game = table(["glue", "public (gain 2 pizza/toy) then private (destroy card)", "toy",
                  "Bones from your discard"], ["discard Tink"])
    leader, follower = game.players
    bud = game.new_card(BUD, leader.hand)
    game.new_card(BOOK, leader.discard)
    game.new_cards([BUG, GLUE], follower.hand)
    result = play_card(game, 0, bud)
    assert result.coin is Suit.GLUE
    assert [c.name for c in follower.discard] == ["Tink"]
    assert follower.stuff == {PIZZA: 0, TOY: 2}  # R6.4: the leader chose toys


def test_r6_4_leader_resource_choice_binds_followers():
    game = table(["shovel", "public (gain 2 pizza/toy) then private (destroy card)", "pizza",
                  "Bones from your discard"])
    leader, follower = game.players
    bud = game.new_card(BUD, leader.hand)
    game.new_card(BOOK, leader.discard)
    game.new_card(RUSTY, follower.hand)
    game.give(follower, PIZZA, 3)  # toys would fit, but the leader chose pizza
    game.asker.agents[1].answers.append("decline")
    play_card(game, 0, bud)
    assert game.asker.agents[1].seen[0].excluded == (("discard Rusty (shovel)", "R6.2"),)
    assert follower.stuff[TOY] == 0


def test_r6_5_two_suit_card_follows_if_one_matches():
    game = table(["private (destroy card) only", "Bones from your discard"], ["discard Mixed"])
    leader, follower = game.players
    rusty = game.new_card(RUSTY, leader.hand)
    game.new_card(BOOK, leader.discard)
    game.new_card(SHOVEL_GLUE, follower.hand)
    play_card(game, 0, rusty)
    assert follower.stuff[PIZZA] == 1


def test_r12_5_destroy_this_after_the_followers():
    game = table(["add Bones", "public (score x book then destroy this) only"],
                 ["discard Bones"])
    leader, follower = game.players
    noodles = game.new_card(NOODLES, leader.hand)
    game.new_card(BOOK, leader.hand)
    game.new_card(BOOK, follower.hand)
    result = play_card(game, 0, noodles)
    assert leader.vp == 3 and follower.vp == 1  # the follower still followed the card
    assert result.destroyed and noodles in game.box and noodles not in leader.in_play
    assert follower.discard and follower.discard[0].name == "Bones"  # not destroyed


def test_r15_copy_cat_follows_with_two_cards():
    copy_cat = Perk("copy-cat", "Copy Cat", PerkHook.FOLLOW_DISCARD_MORE, {"max_discards": 2})
    game = table(["public (gain pizza x shovel) only"],
                 ["discard Rusty (shovel) and The Moles (shovel+shovel)"])
    leader, follower = game.players
    follower.perks.append(copy_cat)
    bug = game.new_card(BUG, leader.hand)
    game.new_cards([RUSTY, MOLES], follower.hand)
    play_card(game, 0, bug)
    assert follower.stuff[PIZZA] == 3 and len(follower.discard) == 2


def test_r15_rough_housing_destroys_the_played_card():
    rough = Perk("rough-housing", "Rough Housing", PerkHook.ROUGH_HOUSING, single_use=True)
    game = table(["public (gain pizza x shovel) only"], ["destroy the perk to box Bug"])
    leader, follower = game.players
    follower.perks.append(rough)
    bug = game.new_card(BUG, leader.hand)
    result = play_card(game, 0, bug)
    assert result.destroyed and bug in game.box and follower.perks == []
    assert game.boxed_perks == [rough]
    assert_invariants(game)


@pytest.mark.parametrize("places, labels", [
    ({"park", "yard", "park_deck"},
     ("Tink from the park", "Bones from player 2's yard", "the top of the park deck")),
    ({"park", "park_deck"}, ("Tink from the park", "the top of the park deck")),
])
def test_r7_1_recruit_phase_and_r15_birthday_party_without_yards(places, labels):
    from fortlang.games.fort.play import recruit

    game = table(["Tink from the park"])
    game.new_card(GLUE, game.park)
    game.new_card(BOOK, game.players[1].yard)
    game.new_card(BUG, game.park_deck)
    assert recruit(game, 0, places=frozenset(places))
    assert game.asker.agents[0].seen[0].labels == labels
    assert [c.name for c in game.players[0].discard] == ["Tink"]
    assert [c.name for c in game.park] == ["Bug"]  # refilled at once


def test_r7_1_recruit_with_nothing_left_returns_false():
    from fortlang.games.fort.play import recruit

    game = table()
    assert not recruit(game, 0)


def test_a_play_result_is_an_immutable_record_of_every_field() -> None:
    """PlayResult is a plain class (compiled, a frozen dataclass's fields are set through
    generic calls): it takes every field, in order, compares by value, and, compiled, refuses
    writes (mypy refuses them in the sources: the fields are Final)."""
    import inspect

    from fortlang import native
    from fortlang.games.fort import play
    from fortlang.games.fort.play import PlayResult

    names = list(inspect.signature(PlayResult).parameters)
    assert names == ["seat", "card", "coin", "added", "lookout", "used", "bindings", "followers",
                     "destroyed"]
    game = table()
    card = game.new_card(BUG, game.players[0].hand)
    values = (0, card, Suit.GLUE, (card,), (), (("public", True, True),), {1: 0}, ((1, ()),),
              True)
    result = PlayResult(*values)
    assert tuple(getattr(result, name) for name in names) == values
    assert result == PlayResult(*values)
    assert result != PlayResult(*values[:-1], False)
    assert "bindings" not in repr(result) and "destroyed=True" in repr(result)
    if native.is_compiled(play):
        with pytest.raises(AttributeError):
            result.seat = 1  # type: ignore[misc]


def test_r5_4_refusal_names_the_actions_that_cannot_be_performed_in_full():
    # issue 36: at the start of a game every rival is at 0 VP: `each rival -> lose` changes
    # nothing, and the refusal says which action that is, not only the rule's number
    game = table()
    sour = game.new_card(kid("Sour", "crown", "each rival -> lose", "score x level"),
                         game.players[0].hand)
    with pytest.raises(IllegalMove) as refused:
        play_card(game, 0, sour)
    said = str(refused.value)
    assert "R5.4" in said
    assert "`each rival -> lose`" in said and "`score x level`" in said
    assert "in full with an effect" in said


def test_r5_1_a_card_not_in_hand_is_refused_naming_the_player_as_people_count():
    game = table()
    rival = game.players[1]
    card = game.new_card(NOODLES, rival.hand)  # in player 2's hand, played for player 1
    with pytest.raises(IllegalMove, match=r"is not in player 1's hand") as refused:
        play_card(game, 0, card)
    assert refused.value.rule == "R5.1"
