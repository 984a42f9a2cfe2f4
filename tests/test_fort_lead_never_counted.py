"""A box repeated zero times by a count that stays zero for the whole play is never done (R5.4,
R13.3): ``certain.surely_unplayable`` settles such a card without the legality search (issue 38),
and every answer it gives is the search's (R5.4)."""

from __future__ import annotations

import pytest
from builders import kid, random_table

from fortlang.cardset import base_set
from fortlang.games.fort.certain import surely_unplayable
from fortlang.games.fort.model import board_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import why_not_by_search
from fortlang.games.fort.table import Game

BASE = base_set()


def _full_of_pizza(game: Game, seat: int) -> None:
    p = game.players[seat]
    game.give(p, Resource.PIZZA, game.stuff_capacity(p) - sum(p.stuff.values()))


@pytest.mark.parametrize("counted", ["score x level", "score x lookout", "score 2 x pack"])
def test_a_box_counted_zero_that_nothing_raises_is_never_done(counted):
    """Bug's boxes (R5.3, R5.4): no room for a pizza, and the other box counts a level, a lookout
    or a pack that is empty and that nothing in the card changes: no way of playing the card
    performs a box in full with an effect, whatever shovels are added; the search agrees."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.perks.clear()
    _full_of_pizza(game, 0)
    game.new_card(kid("Shovel", "shovel"), p.hand)  # something to add: the search tries it
    card = game.new_card(kid("X", "shovel", "gain pizza x shovel", counted), p.hand)
    assert surely_unplayable(game, 0, card)
    assert why_not_by_search(game, 0, card) == "R5.4"


@pytest.mark.parametrize(("public", "private"), [
    ("gain pizza x shovel", "advance then score x level"),  # advancing raises the level (R10.1)
    ("gain pizza x shovel", "lookout then score x lookout"),  # the lookout grows (R12.3)
    ("gain pizza x shovel", "pack then score x pack"),  # so does the pack (R12.2)
])
def test_a_count_the_card_may_raise_is_left_to_the_search(public, private):
    """The same with a box that may raise the count first (a toy in the pack pays the level,
    R10.1; a hand card to look out, R12.3): not settled, whatever the search finds."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.perks.clear()
    _full_of_pizza(game, 0)
    if private.startswith("advance"):
        game.give(p, Resource.TOY, 1, to_pack=True)
    if private.startswith("lookout"):
        game.new_card(kid("Shovel", "shovel"), p.hand)
    card = game.new_card(kid("X", "shovel", public, private), p.hand)
    assert not surely_unplayable(game, 0, card)


@pytest.mark.parametrize("private", ["score x level", "score x lookout", "score x pack",
                                     "gain toy x level", "gain toy x lookout"])
@pytest.mark.parametrize("public", ["gain pizza x shovel", "gain 2 pizza", "gain pizza/toy x any",
                                    "score x crown"])
def test_every_card_settled_as_unplayable_is_unplayable_by_search(public, private):
    """Differential (R5.4): at many random tables (levels, lookouts, packs, perks, often a full
    stuff), each card settled as unplayable is refused for R5.4 by the search; some are settled."""
    settled = 0
    for seed in range(30):
        game = random_table(BASE, 3, seed)
        seat = seed % 3
        p = game.players[seat]
        if seed % 2:
            for r in list(p.stuff):
                p.stuff[r] = 0
            _full_of_pizza(game, seat)
        card = game.new_card(kid("X", "shovel", public, private), p.hand)
        if surely_unplayable(game, seat, card):
            settled += 1
            assert why_not_by_search(game, seat, card) == "R5.4", (seed, public, private)
    if public.startswith("gain pizza") and "toy" not in private and "any" not in public:
        assert settled, "the closed form was never taken"
