"""The work of a search is bounded by what can still change its outcome (issue 13.3): once a
performer of `each player ->` falls short, a move that needs the action in full (R6.2, or
``perform(full=True)``) cannot succeed, whatever the others choose, so their choices are not
tried one by one. Counted, not timed: every option the search tries is one ``Point.next``."""

from __future__ import annotations

import random

import pytest

from fortlang import native
from fortlang.engine import interpreter as interp
from fortlang.engine.choices import RandomAgent
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import can_perform, perform
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats

#: Far more than the search needs here (a few hundred options), far fewer than trying every
#: way the other performers' choices unfold (2^16 and more).
MOST_TRIED = 20_000


class _TooMuch(Exception):
    pass


@pytest.fixture
def counted(monkeypatch):
    """Count the options searched; stop the search past MOST_TRIED."""
    if native.is_compiled(interp):
        pytest.skip("a compiled class cannot be patched (the pure run counts)")
    tried = [0]
    original = interp.Point.next

    def next_option(self):
        tried[0] += 1
        if tried[0] > MOST_TRIED:
            raise _TooMuch
        return original(self)

    monkeypatch.setattr(interp.Point, "next", next_option)
    return tried


def _table() -> Game:
    game = Game(3)
    game.asker = Seats([RandomAgent(random.Random(s)) for s in range(3)])
    game.give(game.players[0], Resource.PIZZA, game.stuff_capacity(game.players[0]))
    return game


def test_a_performer_short_ends_the_search_for_a_move_in_full(counted):
    """Seat 0's stuff is full, so its `gain pizza` falls short (R1.5): the action cannot be
    performed in full, whichever of `score` or `lose` each player picks (R6.2)."""
    action = parse_action("each player -> ((score or lose) x 8 then gain pizza)")
    game = _table()
    assert not can_perform(game, 0, action, full=True)
    assert not perform(game, 0, action, full=True)
    assert counted[0] < MOST_TRIED
    assert can_perform(game, 0, action, full=False)  # in part, each does what they can


def test_a_follower_short_is_excluded_without_trying_the_others_choices(counted):
    """The same for a follower: following needs the public action in full (R6.2), and the
    rule that excludes it is still R6.2."""
    from fortlang.engine.interpreter import search
    from fortlang.engine.program import program
    from fortlang.games.fort.play import InFull

    op = program(parse_action("each player -> ((score or lose) x 8 then gain pizza)"))
    game = _table()
    ctx = FortCtx(game, 0, leader=False)
    assert not search(ctx, lambda: op.run(ctx, InFull(ctx)))
    assert ctx.fail == "R6.2"
    assert counted[0] < MOST_TRIED


def test_a_leader_whose_last_action_falls_short_with_none_in_full_fails_r5_4(counted):
    """A leader's play needs some action in full with an effect (R5.4): when the last action
    to perform falls short and none before was in full, no choice left can help."""
    from builders import kid

    from fortlang.games.fort.play import why_not_by_search

    game = _table()
    card = kid("Crowd", "shovel", "each player -> ((score or lose) x 8 then gain pizza)")
    game.new_cards([card], game.players[0].hand)
    assert why_not_by_search(game, 0, game.players[0].hand[-1]) == "R5.4"
    assert counted[0] < MOST_TRIED


def _order_decision(private: str):
    """The order decision of a leader who added a shovel card for `gain pizza x shovel` (the
    public action) to a card whose private action is ``private`` (R5.2, R5.3)."""
    from builders import Recorder, kid

    from fortlang.games.fort.play import play_card

    game = Game(3)
    leader = Recorder([1] + [0] * 50)  # add the shovel card, then the first option each time
    game.asker = Seats([leader, RandomAgent(random.Random(1)), RandomAgent(random.Random(2))])
    game.explain = True  # the excluded orders, with their rules
    card = kid("Digger", "shovel", "gain pizza x shovel", private)
    game.new_cards([card, kid("Spade", "shovel", "score")], game.players[0].hand)
    play_card(game, 0, game.players[0].hand[0], follow=False)
    [order] = [d for d in leader.seen if d.kind == "order"]
    return order


def test_an_order_where_an_added_card_stays_useless_is_excluded_at_once(counted):
    """R5.5: with Spade added for the shovels, "private only" leaves it useless whatever the
    private action does (it repeats nothing by a suit), so that order is excluded without
    trying each way the private action unfolds (2^24 here). Some way performs it in full with
    an effect, so R5.5 is the rule, as trying them all would say."""
    order = _order_decision("each player -> ((score or lose) x 8)")
    assert order.excluded == (("private (each player -> (score or lose) x 8) only", "R5.5"),)
    assert counted[0] < MOST_TRIED


def test_with_no_way_in_full_with_an_effect_the_rule_stays_r5_4():
    """R5.4 comes first (no action in full with an effect) when no way of the private action
    has an effect: copying an empty pack changes nothing (R5.5's premise)."""
    order = _order_decision("(copy pack or copy pack) x 2")
    assert order.excluded == (("private ((copy pack or copy pack) x 2) only", "R5.4"),)


def test_a_short_performer_with_no_action_left_that_could_be_in_full_fails_r5_4(counted):
    """R5.4 again, with an action still to come: the private `gain pizza` can never be
    performed in full (the stuff is full, and nothing in the play makes room, R1.5), so once
    seat 0 falls short in the public action no choice left can make the play legal."""
    from builders import kid

    from fortlang.games.fort.play import why_not_by_search

    game = _table()
    card = kid("Crowd", "shovel", "each player -> ((score or lose) x 8 then gain pizza)",
               "gain pizza")
    game.new_cards([card], game.players[0].hand)
    assert why_not_by_search(game, 0, game.players[0].hand[-1]) == "R5.4"
    assert counted[0] < MOST_TRIED
