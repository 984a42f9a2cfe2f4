"""Every change of flow state is undone with the move that made it (issue 33 stage 7, design
§5.1): the journal is a real Fort ``Game`` (its undo log), so a search can try a reaction and
roll it back like any other option."""

from __future__ import annotations

import doctest

import pytest
from flow_toy import Answers, give_gift, toy_flow

import fortlang.flow.clock
import fortlang.flow.events
import fortlang.flow.spec
from fortlang import native
from fortlang.engine.choices import Seat
from fortlang.flow import EventPattern, Flow, Lasting, Pending
from fortlang.flow.events import TURN_END
from fortlang.flow.journal import Journal
from fortlang.flow.runtime import PASS
from fortlang.games.fort.table import Game


def _state(flow: Flow) -> tuple:
    return flow.snapshot(), flow.table.snapshot()


def test_a_game_is_a_journal():
    journal: Journal = Game(2)  # mypy checks the protocol here; the runtime only duck-types
    assert all(callable(getattr(journal, name)) for name in
               ("begin", "commit", "rollback", "set", "take", "put", "ask"))


def test_rolling_back_turns_restores_clock_stack_durations_and_table():
    """Turns with a reverse, a skip, a bomb, a redirected and countered gift, all rolled back."""
    asker = Answers(s3=["counter", Seat(2)], s2=["counter", Seat(1)])
    game = Game(4, asker=asker)
    flow = toy_flow(game, [["reverse", "gift"], ["bomb"], ["bomb", "counter"],
                           ["skip", "counter"]])
    flow.start_round()
    flow.play_turn()  # 0 reverses: next is 3
    before = _state(flow)
    mark = game.begin()
    for _ in range(4):  # 3 skips 2; 2 skipped; 1 bombs; 0 gifts 3, who counters, and 2 too
        flow.play_turn()
    after = _state(flow)
    assert after != before
    assert flow.clock.turn == 5 and flow.lasting[0].left == 1 and flow.table.gifts == [(2, 1)]
    assert asker.done
    game.rollback(mark)
    game.commit(mark)
    assert _state(flow) == before
    assert flow.stack == [] and flow.lasting == [] and flow.clock.seat == 0
    assert flow.clock.direction == -1 and flow.clock.turn == 1


def test_rolling_back_a_skipped_turn_gives_the_skip_back():
    game = Game(3)
    flow = toy_flow(game, [["skip"], ["gift"], []])
    flow.start_round()
    flow.play_turn()
    before = _state(flow)
    assert flow.clock.skips == (0, 1, 0)
    mark = game.begin()
    flow.play_turn()
    assert flow.clock.skips == (0, 0, 0) and flow.clock.skipping
    game.rollback(mark)
    game.commit(mark)
    assert _state(flow) == before and flow.clock.skips == (0, 1, 0) and not flow.clock.skipping


def test_rolling_back_a_reverse_restores_the_direction_of_play():
    game = Game(3)
    flow = toy_flow(game, [["reverse", "x"], ["y"], ["z"]])
    flow.start_round()
    before = _state(flow)
    mark = game.begin()
    flow.play_turn()
    flow.play_turn()
    assert flow.clock.direction == -1 and flow.clock.seat == 2
    game.rollback(mark)
    game.commit(mark)
    assert _state(flow) == before and flow.clock.direction == 1
    flow.play_turn()
    flow.play_turn()
    assert flow.clock.seat == 2  # played again, the same way


def test_a_lasting_effect_counted_down_and_expired_comes_back_on_rollback():
    game = Game(2)
    flow = toy_flow(game, [[], []])
    flow.start_round()
    mark = game.begin()
    flow.last(Lasting("bomb", EventPattern(TURN_END), left=2))
    inner = game.begin()
    before = _state(flow)
    flow.play_turn()
    assert flow.lasting[0].left == 1
    flow.play_turn()
    assert flow.lasting == []
    game.rollback(inner)
    game.commit(inner)
    assert _state(flow) == before and flow.lasting[0].left == 2
    game.rollback(mark)
    game.commit(mark)
    assert flow.lasting == []


def test_a_search_tries_each_answer_of_a_window_and_rolls_it_back():
    """Seat 1 may pass or counter: try both, the outcome differs, the state comes back each
    time (what a search over reaction decisions does)."""
    outcomes = {}
    for answer in (PASS, "counter"):
        asker = Answers(s1=[answer, Seat(3)] if answer == "counter" else [answer])
        game = Game(4, asker=asker)
        flow = toy_flow(game, [[], ["counter"], [], []])
        flow.start_round()
        before = _state(flow)
        mark = game.begin()
        gift = Pending("gift", give_gift, 0, (1,))
        assert flow.play(gift)
        outcomes[answer] = (tuple(flow.table.gifts), gift.actor, gift.targets)
        game.rollback(mark)
        game.commit(mark)
        assert _state(flow) == before
        assert (gift.actor, gift.targets, gift.aimed) == (0, (1,), 0)  # the redirect undone
    assert outcomes == {PASS: (((0, 1),), 0, (1,)), "counter": (((1, 3),), 1, (3,))}


@pytest.mark.parametrize("module", [fortlang.flow.spec, fortlang.flow.events, fortlang.flow.clock],
                         ids=lambda m: m.__name__)
def test_flow_docstring_examples(module):
    if native.is_compiled(module):
        pytest.skip("doctest finds no examples in a compiled module (the pure run has them)")
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
