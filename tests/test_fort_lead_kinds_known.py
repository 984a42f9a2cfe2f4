"""R5.4, R12.1: when the leader performs for real an action that is a `gain pizza/toy` alone,
no card added (R5.5), a kind whose tokens fit in the stuff and are in the supply performs it in
full with an effect, so the play is legal whatever comes after: that option is known legal
without its trial (``FortCtx.whole``, ``GainOp.kinds_in_full``, issue 38). The plays of every
bundled card at many tables offer and exclude what they do without it, with fewer trials."""

from __future__ import annotations

from unittest.mock import patch

from builders import random_table, recorded_play
from test_engine_certain import sources_only
from trial_counter import counting

from fortlang.cardset import base_set
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.ops.tokens import GainOp

BASE = base_set()
TOY = Resource.TOY


def _plays() -> tuple[int, list]:
    plays = []
    with counting() as tally:
        for kid_card in kids_of(BASE):
            for seed in range(8):
                game = random_table(BASE, 4, seed)
                if seed % 2:  # toys filling the stuff: one kind left to gain
                    p = game.players[0]
                    game.give(p, TOY, game.stuff_room(p, TOY))
                card = game.new_card(kid_card, game.players[0].hand)
                plays.append(recorded_play(game, 0, card))
    return tally.kinds["resource"], plays


def _none_known(self, ctx):
    return []


@sources_only
def test_kinds_gained_in_full_are_not_tried():
    tried, plays = _plays()
    with patch.object(GainOp, "kinds_in_full", _none_known):
        tried_before, plays_before = _plays()
    assert plays == plays_before
    assert tried < tried_before, (tried, tried_before)
