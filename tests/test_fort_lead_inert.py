"""A card whose every box is certain to change nothing now, whatever is chosen and added (the
ops' ``void``, or ``stuck``: short as well), can never be played (R5.4, R5.2): performing one box
first leaves the others as they are. ``certain.surely_unplayable`` settles such a card without
the legality search (issue 38), and every card it settles is refused for R5.4 by the search."""

from __future__ import annotations

import pytest
from builders import kid, random_table

from fortlang.cardset import base_set
from fortlang.games.fort.certain import surely_unplayable
from fortlang.games.fort.model import PerkHook, board_of, kids_of, perks_of
from fortlang.games.fort.nodes import TOKENS
from fortlang.games.fort.play import why_not_by_search
from fortlang.games.fort.table import Game

BASE = base_set()


def _empty_stuff(game: Game, seat: int) -> None:
    """Nothing in the stuff nor the pack: nothing to pack, spend or pay a level with."""
    p = game.players[seat]
    for r in TOKENS:
        p.stuff[r] = 0
        p.pack[r] = 0


@pytest.mark.parametrize(("public", "private"), [
    ("advance", "pack"),  # Zip
    ("copy pack", "advance +1 then score 3"),  # Dash, its pack empty
    ("pack x skateboard", "advance then score x skateboard"),  # Rocket Bros
    ("spend pizza then score 2", "advance"),  # Munch
])
def test_boxes_that_change_nothing_are_settled_as_unplayable(public, private):
    """Nothing in the stuff nor the pack (R10.1, R12.2, R12.9, R12.11): no box can be performed
    with an effect, before or after the other; settled without a search, which agrees."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.perks.clear()
    _empty_stuff(game, 0)
    game.new_card(kid("Board", "skateboard"), p.hand)  # something to add: the search tries it
    card = game.new_card(kid("X", "skateboard", public, private), p.hand)
    assert surely_unplayable(game, 0, card)
    assert why_not_by_search(game, 0, card) == "R5.4"


def test_a_box_that_may_fill_what_the_other_needs_is_left_to_the_search():
    """`gain pizza` fills the empty stuff that `pack` then packs (R12.1, R12.2): not settled,
    and the search finds the play legal."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.perks.clear()
    _empty_stuff(game, 0)
    card = game.new_card(kid("X", "glue", "gain pizza", "pack"), p.hand)
    assert not surely_unplayable(game, 0, card)
    assert why_not_by_search(game, 0, card) is None


def test_a_perk_may_widen_a_pack_on_the_leaders_turn():
    """Sticky Fingers packs from the supply (R15): with a perk held, an empty stuff does not make
    `pack` stuck."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    _empty_stuff(game, 0)
    p.perks[:] = [perk for perk in perks_of(BASE) if perk.hook is PerkHook.PACK_FROM_SUPPLY]
    assert p.perks
    card = game.new_card(kid("X", "skateboard", "advance", "pack"), p.hand)
    assert not surely_unplayable(game, 0, card)


@pytest.mark.parametrize("seeds", [range(0, 40), range(40, 80)])
def test_every_bundled_card_settled_as_unplayable_is_refused_by_the_search(seeds):
    """Differential (R5.4): every bundled kid at many random tables (levels, packs, lookouts,
    perks; every other one with its stuff and pack emptied, or its lookout and pack full):
    each card settled as unplayable is refused for R5.4 by the search; some are settled."""
    settled = 0
    for seed in seeds:
        game = random_table(BASE, 3, seed)
        seat = seed % 3
        p = game.players[seat]
        if seed % 2:
            _empty_stuff(game, seat)
        if seed % 4 == 3:
            while game.lookout_room(p) > 0 and game.park_deck:
                game.move(game.park_deck, len(game.park_deck) - 1, p.lookout)
        for kid_card in kids_of(BASE):
            card = game.new_card(kid_card, p.hand)
            if surely_unplayable(game, seat, card):
                settled += 1
                assert why_not_by_search(game, seat, card) == "R5.4", (seed, kid_card.name)
            game.move(p.hand, p.hand.index(card), game.box)
    assert settled > 20, settled


def test_the_settled_cards_include_those_the_search_refused_before():
    """The inert form settles plays the older forms left to the search: at a table with nothing
    in the stuff nor the pack, Zip (`advance`, `pack`) is settled."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.perks.clear()
    _empty_stuff(game, 0)
    zip_card = next(k for k in kids_of(BASE) if k.name == "Zip")
    card = game.new_card(zip_card, p.hand)
    assert surely_unplayable(game, 0, card)
    assert why_not_by_search(game, 0, card) == "R5.4"
