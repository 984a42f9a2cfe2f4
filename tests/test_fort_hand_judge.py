"""``legal_plays`` judges a hand's cards with one shared judgement (``certain.HandJudge``, issue
38): for every bundled card at many random tables, in either rule of lookout counting (R5.3), its
answer is :func:`~fortlang.games.fort.certain.surely_playable`'s, card after card."""

from __future__ import annotations

import dataclasses

import pytest
from builders import kid, random_table

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


#: Cards whose `x suit` counts the card alone zero times, once, twice, or a coin still to name
#: (R5.6), beside bundled ones: HandJudge judges such a box's body that many times (issue 38).
COUNTED = [
    kid("Nought", "book", "gain pizza x shovel", "gain toy x glue"),
    kid("Single", "shovel", "gain 2 pizza x shovel"),
    kid("Double", "crown crown", "gain toy x crown", "gain 2 pizza x crown"),
    kid("Coined", "coin book", "gain pizza x book", "gain toy x coin"),
    kid("Packed", "glue glue", "(score then gain toy) x glue"),
]


@pytest.mark.parametrize("lookout_optional", [True, False])
def test_counts_known_from_the_card_answer_as_the_closed_form(lookout_optional):
    """Every box by a suit, judged by the times the card shows it, answers as ``RepeatOp.now``
    after counting the card (:func:`surely_playable`), at tables where it is sure and where it
    is not; and those boxes are judged so (not by their own closed form)."""
    answers: dict[tuple[str, bool], int] = {}
    for seed in range(30):
        game = random_table(BASE, 3, seed)
        game.rules = dataclasses.replace(game.rules, lookout_optional=lookout_optional)
        seat = seed % 3
        p = game.players[seat]
        for r in p.stuff:  # little room, or plenty: both answers
            p.stuff[r] = game.board.stuff_capacity - seed % 5
        hand = p.hand
        cards = [game.new_card(k, hand) for k in [*COUNTED, *kids_of(BASE)]]
        judge = HandJudge(game, seat)
        for card in cards:
            expected = surely_playable(game, seat, card)
            assert judge.playable(card) is expected, (seed, card.name)
            key = (card.name, expected)
            answers[key] = answers.get(key, 0) + 1
    forms = {card.name: (card.defn.pub_times, card.defn.priv_times)
             for card in cards if card.name in {k.name for k in COUNTED}}
    assert forms == {"Nought": (0, 0), "Single": (1, -1), "Double": (2, 2), "Coined": (-2, 1),
                     "Packed": (2, -1)}
    if lookout_optional:  # a box by a suit is sure at some tables and not at others
        for name in ("Single", "Double", "Coined", "Packed"):
            assert answers.get((name, True)) and answers.get((name, False)), (name, answers)
    assert not answers.get(("Nought", True))  # zero times has no effect (R5.4)
