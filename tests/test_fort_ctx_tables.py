"""A Fort move's context shares its game's one empty table (``Game.no_choices``) for what most
moves leave empty (issue 38): the bindings of a move no leader binds (R6.4), its coins' names
until the first is named (R5.6) and its `x any` suits until the first is chosen (R5.7). Shared,
it must never be written: the first name or suit gives the context its own table, which the
context reads from then on and no other context sees."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from builders import random_table

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine import journal
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.match import run_game
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.table import Game, Rules

BASE = base_set()


def test_unbound_contexts_share_one_empty_table_and_a_suit_chosen_is_the_contexts_own():
    game = random_table(BASE, 3, 1)
    one = FortCtx(game, 0, leader=True)
    two = FortCtx(game, 1, leader=False)
    bound = {7: "pizza"}  # the leader's choice binding a follower (R6.4)
    three = FortCtx(game, 2, leader=False, bound=bound)
    assert one.bound is two.bound is one.any_suits is one.named is game.no_choices
    assert three.bound is bound and three.bound[7] == "pizza"
    table = one.suits_to_choose()  # R5.7: the first `x any` suit chosen
    game.note_item(table, 11, Suit.CROWN)
    assert one.any_suits == {11: Suit.CROWN} and one.suits_to_choose() is table
    assert two.any_suits == {} and one.bound == {} and three.any_suits == {}
    assert game.no_choices == {}
    names = two.coins_to_name()  # R5.6: a coin named
    game.note_item(names, 3, Suit.BOOK)
    assert two.named == {3: Suit.BOOK} and two.coins_to_name() is names
    assert one.named == {} and two.any_suits == {} and game.no_choices == {}
    assert one.named is not two.named and one.any_suits is not two.named
    other = random_table(BASE, 3, 1)  # another game never shares it
    assert FortCtx(other, 0, leader=True).any_suits is not game.no_choices


def test_a_suit_chosen_and_rolled_back_leaves_the_context_empty():  # R5.7
    game = random_table(BASE, 2, 3)
    ctx = FortCtx(game, 0, leader=True)
    outer = game.begin()  # a move's transaction: its trials are rolled back (R5.4)
    mark = game.mark()
    game.note_item(ctx.suits_to_choose(), 5, Suit.SHOVEL)
    assert ctx.any_suits.get(5) is Suit.SHOVEL
    game.rollback(mark)
    assert ctx.any_suits == {} and game.no_choices == {}
    game.note_item(ctx.suits_to_choose(), 6, Suit.GLUE)
    game.commit(outer)
    assert ctx.any_suits == {6: Suit.GLUE} and game.no_choices == {}


@pytest.mark.skipif(native.is_compiled(journal), reason="patches the journal's methods, which "
                    "compiled callers do not read")
@pytest.mark.parametrize("players,seed,optional", [(4, 1, False), (3, 2, True), (4, 5, True),
                                                   (2, 7, False)])
def test_whole_games_never_write_the_shared_empty_table(players, seed, optional):
    """Every write of interpreter bookkeeping in whole games (random bots; lookout cards counted
    as the leader chooses too, where `x any` suits are tried before they are chosen) lands in
    a context's own table, and `x any` suits are chosen in some of them."""
    games: list[Game] = []
    written = {"any": 0, "named": 0}
    note_item, note = journal.Journal.note_item, journal.Journal.note

    def checked_item(self, d, key, value):
        assert d is not getattr(self, "no_choices", None), "wrote the shared empty table"
        if type(key) is int and isinstance(value, Suit) and key > 10_000:  # id(AnySuit node)
            written["any"] += 1
        elif type(key) is int and isinstance(value, Suit):  # a card's uid: its coin named
            written["named"] += 1
        note_item(self, d, key, value)

    def checked(self, lst, item):
        assert lst is not getattr(self, "no_choices", None)
        note(self, lst, item)

    real_init = Game.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self.rules = Rules(lookout_optional=optional)
        games.append(self)

    with patch.object(journal.Journal, "note_item", checked_item), \
            patch.object(journal.Journal, "note", checked), patch.object(Game, "__init__", init):
        for i in range(6):
            run_game(BASE, players, make_bots(["random"] * players, players, seed + i),
                     seed=seed + i)
    assert games and all(g.no_choices == {} for g in games)
    assert written["any"] > 0 and written["named"] > 0
