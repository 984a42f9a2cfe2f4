"""Rules fidelity findings (issue 12, items 1-3): each test failed on the engine before its fix."""

from __future__ import annotations

import pytest
from builders import kid

from fortlang.engine import IllegalMove, ScriptedAgent
from fortlang.games.fort.model import KidCard, kids_of
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.play import play_card
from fortlang.games.fort.table import Game, Rules
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats

PIZZA, TOY = Resource.PIZZA, Resource.TOY
BUG = kid("Bug", "shovel", "gain pizza x shovel", "score x level")


def twin(name: str, suits: str, text: str) -> KidCard:
    """A card whose two boxes hold the same text, parsed once (as the card-set loader's cache
    does): both boxes are the same AST object."""
    action = parse_action(text)
    return KidCard(id=name.lower(), name=name, suits=tuple(Suit(s) for s in suits.split()),
                   public=action, private=action)


def table(*scripts: list, players: int = 2) -> Game:
    agents = [ScriptedAgent(s) for s in scripts]
    agents += [ScriptedAgent() for _ in range(players - len(scripts))]
    return Game(players, asker=Seats(agents), debug=True)


# -- 1. boxes with the same text keep their own choices (R12.1, R5.2, R6.4) --------------------

TWIN_GAIN = twin("Twin Gain", "book", "gain pizza/toy")


def test_r12_1_each_box_chooses_its_own_resource():
    game = table(["public (gain pizza/toy) then private (gain pizza/toy)", "pizza", "toy"])
    leader = game.players[0]
    play_card(game, 0, game.new_card(TWIN_GAIN, leader.hand), follow=False)
    assert leader.stuff == {PIZZA: 1, TOY: 1}


def test_r6_4_followers_are_bound_by_the_public_box_not_the_private_one():
    game = table(["private (gain pizza/toy) then public (gain pizza/toy)", "toy", "pizza"],
                 ["discard Bookish"])
    leader, follower = game.players
    card = game.new_card(TWIN_GAIN, leader.hand)
    game.new_card(twin("Bookish", "book", "score"), follower.hand)
    result = play_card(game, 0, card)
    assert leader.stuff == {PIZZA: 1, TOY: 1}
    assert result.followers and follower.stuff == {PIZZA: 1, TOY: 0}  # the public box: pizza


def test_r5_7_each_box_names_its_own_suit_for_x_any():
    # Two shovels in the lookout; the card is a glue. Public `x any` = shovel counts 2, private
    # `x any` = glue counts the card's own glue: 3 VP. Shared, both counted one suit (4 or 2).
    card = twin("Twin Any", "glue", "score x any")
    game = table(["shovel", "glue", "count from your lookout Moles",
                  "public (score x any) then private (score x any)"])
    leader = game.players[0]
    game.new_cards([kid("Moles", "shovel shovel", "score")], leader.lookout)
    play_card(game, 0, game.new_card(card, leader.hand), follow=False)
    assert leader.vp == 3


def test_or_each_box_chooses_its_own_branch():
    card = twin("Twin Or", "crown", "gain 2 pizza or gain 2 toy")
    game = table(["public (gain 2 pizza or gain 2 toy) then private (gain 2 pizza or gain 2 toy)",
                  "gain 2 pizza", "gain 2 toy"])
    leader = game.players[0]
    play_card(game, 0, game.new_card(card, leader.hand), follow=False)
    assert leader.stuff == {PIZZA: 2, TOY: 2}


def test_a_loaded_card_with_twin_boxes_gains_pizza_and_toy(tmp_path):
    # the card file: the loader parses `gain pizza/toy` once for both boxes
    from fortlang.cardset.load import load_set

    (tmp_path / "manifest.yaml").write_text(
        'id: twins\nname: Twins\nversion: "1"\nrequires: [fort-base]\n', encoding="utf-8")
    (tmp_path / "kids.yaml").write_text(
        "kids:\n"
        "  - {name: Twin Gain, id: twin-gain, suits: [book], public: gain pizza/toy,"
        " private: gain pizza/toy, source: provisional}\n", encoding="utf-8")
    (card,) = kids_of(load_set(tmp_path))
    game = table(["public (gain pizza/toy) then private (gain pizza/toy)", "pizza", "toy"])
    play_card(game, 0, game.new_card(card, game.players[0].hand), follow=False)
    assert game.players[0].stuff == {PIZZA: 1, TOY: 1}


# -- 2. a repetition that changes nothing is not useful (R5.5) ---------------------------------

PACK_COPIER = kid("Pack Copier", "skateboard", "copy pack x skateboard", "score")
SKATER = kid("Skater", "skateboard", "score")


def test_r5_5_adding_a_card_to_copy_an_empty_pack_is_refused():
    # An empty pack: each `copy pack` repetition is performed in full but changes nothing, so
    # the added skateboard changes the effect of no action.
    game = table(["add Skater"])
    leader = game.players[0]
    card = game.new_card(PACK_COPIER, leader.hand)
    game.new_card(SKATER, leader.hand)
    with pytest.raises(IllegalMove) as err:
        play_card(game, 0, card, follow=False)
    assert err.value.rule == "R5.5"


def test_r5_5_adding_a_card_to_copy_a_pack_with_a_token_is_allowed():
    game = table(["add Skater", "private (score) then public (copy pack x skateboard)"])
    leader = game.players[0]
    game.give(leader, PIZZA, 1, to_pack=True)
    card = game.new_card(PACK_COPIER, leader.hand)
    game.new_card(SKATER, leader.hand)
    play_card(game, 0, card, follow=False)
    assert leader.stuff[PIZZA] == 2 and leader.vp == 1


# -- 3. a follower names the coin on the discarded card (R5.6 with R6.5) ---------------------

DIGGER_COIN = kid("Digger Coin", "shovel coin", "score")


def _follow_bug_with_room_for_one_pizza(rules: Rules, follower_answers: list) -> Game:
    agents = [ScriptedAgent(["public (gain pizza x shovel) only"]), ScriptedAgent(follower_answers)]
    game = Game(2, asker=Seats(agents), debug=True, rules=rules)
    leader, follower = game.players
    game.give(follower, PIZZA, game.board.stuff_capacity - 1)
    game.new_card(DIGGER_COIN, follower.hand)
    play_card(game, 0, game.new_card(BUG, leader.hand))
    return game


def test_r5_6_a_follower_may_name_the_coin_a_suit_that_does_not_count():
    # The card follows with its shovel (R6.5); naming the coin book leaves one shovel: one
    # pizza, which fits, so the action is performed in full (R6.2).
    game = _follow_bug_with_room_for_one_pizza(Rules(), ["discard Digger Coin", "book"])
    follower = game.players[1]
    assert follower.stuff[PIZZA] == game.board.stuff_capacity
    assert [c.name for c in follower.discard] == ["Digger Coin"]


def test_r5_6_naming_the_coin_shovel_is_refused_when_two_pizzas_do_not_fit():
    with pytest.raises(IllegalMove) as err:
        _follow_bug_with_room_for_one_pizza(Rules(), ["discard Digger Coin", "shovel"])
    assert err.value.rule == "R6.2"


def test_r5_6_the_other_reading_counts_the_coin_as_a_followed_suit():
    # Rules(follower_coin_free=False): a coin on a card that already matches counts as a counted
    # suit, so following costs 2 pizza and is refused (R6.2).
    with pytest.raises(IllegalMove) as err:
        _follow_bug_with_room_for_one_pizza(Rules(follower_coin_free=False),
                                            ["discard Digger Coin"])
    assert err.value.rule == "R6.2"
