"""R5.4: the leader performing for real, as the whole action (no card added, R5.5), a copy of a
rival's pack or a `gain pizza/toy x suit`: an option that performs it in full with an effect
makes the play legal whatever comes after, so it is known legal without its trial
(``FortCtx.whole``; ``tokens.packs_in_full``, R12.12; ``GainOp.kinds_in_full`` of the repeated
gain, R12.1, R13.3; issue 38).

``packs_in_full`` is held to copying each pack; and the plays of every bundled card at many
tables offer and exclude what they do without the shortcuts, with fewer trials."""

from __future__ import annotations

import itertools
from unittest.mock import patch

from builders import random_table, recorded_play
from test_engine_certain import sources_only
from trial_counter import counting

from fortlang.cardset import base_set
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.moves import copy_tokens
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.ops import tokens
from fortlang.games.fort.ops.tokens import GainOp
from fortlang.games.fort.table import SUPPLY_AT, Game

BASE = base_set()
PIZZA, TOY = Resource.PIZZA, Resource.TOY


def test_a_pack_is_known_copied_in_full_exactly_when_copying_it_is():
    """Every pack of 0-3 of each kind, at stuffs of 0-4 of each and supplies running short."""
    met = {True: 0, False: 0}
    packs = [(seat, pack) for seat, pack in enumerate(itertools.product(range(4), repeat=2))]
    for stuff, supply in itertools.product(itertools.product(range(5), repeat=2),
                                           [(0, 2), (1, 30), (30, 3), (30, 30)]):
        game = Game(2, seed=1)
        p = game.players[0]
        game.give(p, PIZZA, stuff[0])
        game.give(p, TOY, stuff[1])
        game.tokens[SUPPLY_AT], game.tokens[SUPPLY_AT + 1] = supply
        known = tokens.packs_in_full(game, p, packs)
        ctx = FortCtx(game, 0, leader=True)
        for (_, pack), k in zip(packs, known, strict=True):
            mark = game.begin()
            full = copy_tokens(ctx, pack)
            done = full and game.changed_since(mark)
            game.rollback(mark)
            game.commit(mark)
            assert k == done, (stuff, supply, pack)
            met[k] += 1
    assert met[True] and met[False], met


def _plays() -> tuple[int, list]:
    plays = []
    with counting() as tally:
        for kid_card in kids_of(BASE):
            for seed in range(8):
                game = random_table(BASE, 4, seed)
                p = game.players[0]
                if seed % 2:  # toys filling the stuff: one kind left to gain
                    game.give(p, TOY, game.stuff_room(p, TOY))
                if seed % 4 == 1:  # and the rivals' packs too big to copy in full
                    for q in game.rivals(0):
                        game.give(q, TOY, game.pack_room(q), to_pack=True)
                card = game.new_card(kid_card, p.hand)
                plays.append(recorded_play(game, 0, card))
    return tally.total(), plays


def _none_known(*args):
    return []


@sources_only
def test_options_known_in_full_are_not_tried():
    tried, plays = _plays()
    with patch.object(GainOp, "kinds_in_full", _none_known), \
            patch.object(tokens, "packs_in_full", _none_known):
        tried_before, plays_before = _plays()
    assert plays == plays_before
    assert tried < tried_before, (tried, tried_before)
