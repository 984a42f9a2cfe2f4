"""A `then` whose parts touch the same tokens is still sure now when no part can lower what a
later part reads (``Op.lowers``, ``Op.needs``) and no perk can widen a part before the last
(``ThenOp.chained``, R13.4): Tink's `gain toy then pack` (a gain only takes room; a pack takes
stuff tokens and pack room). The closed form then settles the play without the legality search
(issue 38), and every play it settles is legal by the search."""

from __future__ import annotations

import pytest
from builders import kid, random_table

from fortlang.cardset import base_set
from fortlang.engine.program import program
from fortlang.games.fort.certain import surely_playable
from fortlang.games.fort.model import board_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import why_not_by_search
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action

BASE = base_set()


@pytest.mark.parametrize(("text", "chained"), [
    ("gain toy then pack", True),  # a gain only takes room; a pack needs stuff and pack room
    ("gain pizza then score 2", True),
    ("pack then gain toy", False),  # a pack may take from the supply with a perk (R15)
    ("advance then gain pizza", False),  # a level may change the capacities (R10.2, R10.3)
    ("spend pizza then pack", False),  # a spend takes stuff tokens a pack needs
    ("lookout then lookout", False),  # each takes lookout room
])
def test_which_thens_are_chained(text, chained):
    op = program(parse_action(text))
    assert op.chained is chained


def test_a_chained_then_sure_now_settles_the_play():
    """Room for a toy, a token in the stuff and room in the pack (R12.1, R12.2): `gain toy then
    pack` is sure performed first, so the card is playable without a search; the search agrees.
    """
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.perks.clear()
    game.give(p, Resource.PIZZA, 1)
    card = game.new_card(kid("Tink", "glue", "convert x glue", "gain toy then pack"), p.hand)
    assert surely_playable(game, 0, card)
    assert why_not_by_search(game, 0, card) is None


THENS = ["gain toy then pack", "gain pizza then pack", "gain 2 toy then pack",
         "gain pizza/toy then pack", "(gain toy then pack) x glue", "destroy card then pack",
         "gain pizza then score x pack", "gain pizza then lookout",
         "recruit then gain toy then pack"]


@pytest.mark.parametrize("text", THENS)
def test_every_play_settled_as_playable_is_legal_by_search(text):
    """Differential (R5.4, R13.4): at many random tables (levels, stuff and packs, lookouts,
    perks), a card whose only box is the `then` is playable by the search whenever the closed
    form says so; and it says so at some tables."""
    settled = 0
    for seed in range(40):
        game = random_table(BASE, 3, seed)
        seat = seed % 3
        card = game.new_card(kid("X", "glue", text), game.players[seat].hand)
        if surely_playable(game, seat, card):
            settled += 1
            assert why_not_by_search(game, seat, card) is None, (seed, text)
    assert settled, "the closed form was never taken"
