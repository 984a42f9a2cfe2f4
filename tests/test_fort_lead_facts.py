"""What a play reads of a card definition, worked out once (play._CardFacts, issue 38): the
suits a boost counts (R5.3) for a card with no `x any` (R5.7) are those :func:`boosted_suits`
gives at every play, for every bundled card."""

from __future__ import annotations

from builders import kid

from fortlang.cardset import base_set
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.play import _facts, boosted_suits
from fortlang.games.fort.table import CardInstance

BASE = base_set()

MADE_UP = [kid("Twin", "shovel", "gain 2 pizza x shovel", "gain 2 toy x glue"),
           kid("Plain", "book", "score", "gain toy"),
           kid("Anyone", "crown", "gain 2 pizza x any", "spend toy x glue")]


def test_the_suits_a_boost_counts_without_x_any_are_kept_once():
    boosting = 0
    for k in [*kids_of(BASE), *MADE_UP]:
        card = CardInstance(0, k)
        facts = _facts(card)
        if facts.any_nodes:
            continue  # chosen at each play (R5.7)
        assert facts.fixed_set == boosted_suits(card, {}), k.name
        boosting += bool(facts.fixed_set)
    assert boosting >= 10
    assert _facts(CardInstance(0, MADE_UP[0])).fixed_set == {Suit.SHOVEL, Suit.GLUE}
