"""R5.2: the order of a play made for real that _stop's search found legal, for the same cards
counted (its key), is legal without a trial of its own (``_Play.orders``, issue 38). The plays
of every bundled card at many tables offer and exclude what they do without it (REMEMBER_STOPS
off: no search of _stop, so no order remembered), with fewer trials at the order step."""

from __future__ import annotations

from unittest.mock import patch

from builders import random_table, recorded_play
from test_engine_certain import sources_only
from trial_counter import counting

from fortlang.cardset import base_set
from fortlang.games.fort import play
from fortlang.games.fort.model import kids_of

BASE = base_set()


def _plays() -> tuple[int, list]:
    plays = []
    with counting() as tally:
        for kid_card in kids_of(BASE):
            for seed in range(6):
                game = random_table(BASE, 4, seed)
                card = game.new_card(kid_card, game.players[0].hand)
                plays.append(recorded_play(game, 0, card))
    return tally.kinds["order"], plays


@sources_only
def test_orders_found_by_the_search_are_not_tried_again():
    tried, plays = _plays()
    with patch.object(play, "REMEMBER_STOPS", False):
        tried_before, plays_before = _plays()
    assert plays == plays_before
    assert tried < tried_before, (tried, tried_before)
