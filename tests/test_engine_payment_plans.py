"""The ways to pay an advance (R10.1, R13.2), worked out once per cost, modifier and tokens held
(games/fort/moves.plans_for, issue 38): the same answer, made once, at the next payment alike."""

from __future__ import annotations

import pytest

from fortlang.games.fort.moves import payment_plans, plans_for
from fortlang.games.fort.nodes import Resource

PIZZA, TOY = Resource.PIZZA, Resource.TOY


def test_a_cost_is_paid_from_the_stuff_and_the_pack_every_way():
    """R10.1: a pizza and a toy, from the stuff or the pack: each way once, in order."""
    cost = (PIZZA, TOY)
    assert plans_for(cost, 0, 1, 1, 1, 1) == ((0, 1, 0, 1), (0, 1, 1, 0), (1, 0, 0, 1),
                                              (1, 0, 1, 0))
    assert plans_for(cost, 0, 1, 0, 0, 0) == ()  # no toy anywhere: no way to pay


@pytest.mark.parametrize(("modifier", "expected"), [
    (-1, ((0, 0, 1, 0), (1, 0, 0, 0))),  # R13.2: one item dropped, either one
    (+1, ((1, 0, 2, 0), (2, 0, 1, 0))),  # R13.2: one more of either kind
])
def test_a_modifier_drops_or_adds_an_item(modifier, expected):
    assert plans_for((PIZZA, TOY), modifier, 2, 2, 0, 0) == expected


def test_the_plans_are_made_once_per_cost_and_tokens():
    cost = (TOY, TOY)
    first = plans_for(cost, 0, 0, 3, 0, 1)
    assert first == ((0, 0, 1, 1), (0, 0, 2, 0))
    assert plans_for(cost, 0, 0, 3, 0, 1) is first  # remembered
    assert payment_plans(cost, 0, (0, 3), (0, 1)) is first
    assert plans_for(cost, 0, 0, 1, 0, 1) == ((0, 0, 1, 1),)  # other tokens: their own
