"""The order step's implied failures (R5.2, issue 38): inside a stop's search (play._stop), once
both orders of a card's two actions failed, each action alone fails too (a legal way of
performing one alone is legal followed by the other), so it is not searched when the rule
recorded cannot change (R5.5; R5.4 with no card added: play._implied_failing). Plays made with
it offer the same options, exclude the same ones for the same rules (R5.4, R5.5) and end in the
same state as plays that search every order; and it is taken in those plays (else the
comparison would prove nothing)."""

from __future__ import annotations

import random
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from builders import kid, random_table, recorded_play

from fortlang import native
from fortlang.cardset import base_set
from fortlang.games.fort import play
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.table import Rules

#: The comparison patches play's globals, which compiled code never reads again.
pytestmark = pytest.mark.skipif(native.is_compiled(play), reason="patches module globals, "
                                "which a compiled module's calls do not read (the sources run "
                                "these tests)")

BASE = base_set()

#: Two-box cards whose orders matter: a box that makes room or tokens for the other, repeated
#: by a suit the hand shares (cards added, R5.3, R5.5), with little room in the stuff.
ORDERED = [k for k in kids_of(BASE) if k.public is not None and k.private is not None] + [
    kid("Stuffer", "glue", "gain toy x glue", "pack then gain pizza"),
    kid("Swapper", "book book", "convert x book", "gain 2 toy then pack"),
    kid("Spender", "shovel", "spend pizza x shovel", "gain pizza x shovel"),
]


@contextmanager
def every_order_searched(taken: list[bool]):
    """Each action alone searched after both orders failed; ``taken`` records each answer the
    shortcut would have given."""
    implied = play._implied_failing

    def spied(ctx, step, i):
        taken.append(implied(ctx, step, i))
        return False

    with patch.object(play, "_implied_failing", spied):
        yield


def _play_recorded(kid_card, seed: int, rules: Rules):
    """Play ``kid_card`` from a hand of cards sharing its suits (coins too), at a table with
    little room: every decision as offered and the final state."""
    game = random_table(BASE, 3, seed)
    game.rules = rules
    p = game.players[0]
    rng = random.Random(seed)
    sharing = [k for k in kids_of(BASE)
               if Suit.COIN in k.suits or not set(k.suits).isdisjoint(kid_card.suits)]
    p.hand.clear()
    game.new_cards(rng.sample(sharing, min(4, len(sharing))), p.hand)
    for r in p.stuff:
        p.stuff[r] = max(p.stuff[r], game.board.stuff_capacity - rng.randrange(4))
    return recorded_play(game, 0, game.new_card(kid_card, p.hand), follow=False)


def test_actions_alone_implied_failing_end_as_every_order_searched():
    taken: list[bool] = []
    for kid_card in ORDERED:
        for seed in range(6):
            rules = Rules(lookout_optional=bool(seed % 2))
            fast = _play_recorded(kid_card, seed, rules)
            with every_order_searched(taken):
                assert _play_recorded(kid_card, seed, rules) == fast, (kid_card.name, seed)
    assert sum(taken) >= 20, (sum(taken), len(taken))  # the shortcut was taken, often
