"""``legal_plays`` judges a hand's cards with one shared judgement (``certain.HandJudge``, issue
38): for every bundled card at many random tables, in either rule of lookout counting (R5.3), its
answer is :func:`~fortlang.games.fort.certain.surely_playable`'s, card after card."""

from __future__ import annotations

import dataclasses

import pytest
from builders import random_table

from fortlang.cardset import base_set
from fortlang.games.fort.certain import HandJudge, surely_playable
from fortlang.games.fort.model import kids_of

BASE = base_set()


@pytest.mark.parametrize("lookout_optional", [True, False])
def test_the_shared_judgement_answers_as_one_per_card(lookout_optional):
    sure = 0
    for seed in range(20):
        game = random_table(BASE, 3, seed)
        game.rules = dataclasses.replace(game.rules, lookout_optional=lookout_optional)
        seat = seed % 3
        hand = game.players[seat].hand
        cards = [game.new_card(k, hand) for k in kids_of(BASE)]
        judge = HandJudge(game, seat)
        for card in cards:  # in turn, as legal_plays asks: each answer its own card's
            expected = surely_playable(game, seat, card)
            assert judge.playable(card) is expected, (seed, card.name)
            sure += expected
    assert sure
