"""Which card an action moves matters when the move reads the cards you have afterwards (R14
metrics in an `if`, core C7): then every card is tried, not one per zone
(interpreter.EQUIVALENT_OPTIONS holds only for moves where no such test follows a card move).
Found by running whole games with random accepted cards: the search found a recruit legal by
the first card of the park, the agent took another, and the play could not be completed (an
AssertionError in ``play_card``)."""

from __future__ import annotations

import pytest
from builders import Recorder, kid

from fortlang.engine.program import program, reads_moved_cards
from fortlang.games.fort.play import play_card
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats


def _recruit_decision(public: str, park: list) -> tuple:
    game = Game(2)
    leader = Recorder([0] * 20)
    game.asker = Seats([leader, Recorder([0] * 20)])
    game.explain = True
    game.new_cards(park, game.park)
    card = kid("Scout", "book", public)
    game.new_cards([card], game.players[0].hand)
    play_card(game, 0, game.players[0].hand[0], follow=False)
    [recruit] = [d for d in leader.seen if d.kind == "recruit"]
    return recruit, game


def test_a_recruit_that_a_later_test_reads_tries_every_card():
    """`recruit then if crown >= 1 -> gain pizza`: only a crown recruited makes the `if` hold,
    so only crown cards keep the only action in full (R5.4); the others are excluded, though
    a crown card comes first in the park."""
    park = [kid("King", "crown", "score"), kid("Digger", "shovel", "score"),
            kid("Queen", "crown", "score")]
    recruit, game = _recruit_decision("recruit then if crown >= 1 -> gain pizza", park)
    assert [o.label for o in recruit.options] == ["King from the park", "Queen from the park"]
    assert recruit.excluded == (("Digger from the park", "R5.4"),)
    assert [c.name for c in game.players[0].discard] == ["King"]


def test_a_move_that_reads_only_sizes_still_tries_one_card_per_zone():
    """`if cards >= 1` counts cards, not which: any card of the park ends alike, all offered."""
    park = [kid("King", "crown", "score"), kid("Digger", "shovel", "score")]
    recruit, _ = _recruit_decision("recruit then if cards >= 1 -> gain pizza", park)
    assert [o.label for o in recruit.options] == ["King from the park", "Digger from the park"]
    assert recruit.excluded == ()


@pytest.mark.parametrize(("boxes", "reads"), [
    (["recruit then if crown >= 1 -> gain pizza"], True),
    (["if crown >= 1 -> (recruit then gain pizza)"], False),  # read before any card moves
    (["(if crown >= 1 -> score then recruit) x 2"], True),  # the second repetition reads
    (["each player -> if crown >= 1 -> recruit"], True),  # the next performer reads
    (["recruit", "if crown >= 1 -> score"], True),  # the private box may come second (R5.2)
    (["if crown >= 1 -> score", "score"], False),  # nothing moves a card
    (["recruit then if cards >= 2 -> score"], False),  # a size: any card counts alike
])
def test_a_move_reads_moved_cards_only_if_a_test_can_come_after_a_move(boxes, reads):
    assert reads_moved_cards([program(parse_action(b)) for b in boxes]) is reads
