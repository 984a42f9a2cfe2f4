"""A game's phases and conditions as objects (:class:`~fortlang.flow.runtime.Step`,
:class:`~fortlang.flow.runtime.Condition`: called natively when compiled, as Fort's turn is),
events made only when heard, and a clock resumed between two turns (issue 33 item 4)."""

from __future__ import annotations

import pytest

from fortlang.flow import EventPattern, Flow, FlowSpec, Lasting, Phase
from fortlang.flow.events import ROUND_END, ROUND_START, TURN_END, TURN_START
from fortlang.flow.runtime import GAME_END, Condition, Step
from fortlang.flow.spec import Cycle
from fortlang.games.fort.table import Game


class Note(Step):
    def __init__(self, seen: list[tuple[int, int, int]]) -> None:
        self.seen = seen

    def run(self, flow: Flow, seat: int) -> None:
        self.seen.append((flow.clock.turn, flow.clock.round, seat))


class TurnIs(Condition):
    def __init__(self, turn: int) -> None:
        self.turn = turn

    def holds(self, flow: Flow) -> bool:
        return flow.clock.turn == self.turn


class RoundOf(Condition):
    def __init__(self, turns: int) -> None:
        self.turns = turns

    def holds(self, flow: Flow) -> bool:
        return flow.clock.turn % self.turns == 0


def _spec(seen: list[tuple[int, int, int]], end: int) -> FlowSpec:
    return FlowSpec(turn=(Phase("note", Note(seen)),), game_end=TurnIs(end),
                    round_end=RoundOf(3), cycle=Cycle(first=lambda flow: 1))


def test_steps_and_conditions_given_as_objects_run_the_turns():
    seen: list[tuple[int, int, int]] = []
    flow = Flow(_spec(seen, 5), Game(3), 3)
    assert flow.run() == GAME_END
    assert seen == [(1, 1, 1), (2, 1, 2), (3, 1, 0), (4, 2, 1), (5, 2, 2)]


@pytest.mark.parametrize("turn", [3, 4])
def test_a_clock_resumed_between_turns_goes_on_as_the_game_played_through(turn):
    """Resumed where the whole run stood before turn ``turn + 1``: at a round's first turn
    (its round begun, the first seat's), or inside a round."""
    whole: list[tuple[int, int, int]] = []
    Flow(_spec(whole, 7), Game(3), 3).run()
    rest: list[tuple[int, int, int]] = []
    flow = Flow(_spec(rest, 7), Game(3), 3)
    _, rnd, seat = whole[turn]
    flow.clock.resume(turn, rnd, seat, opens_round=turn % 3 == 0)
    assert flow.run(start=False) == GAME_END
    assert rest == whole[turn:]


def test_a_clock_resumes_only_at_a_seat_it_has():
    flow = Flow(_spec([], 7), Game(3), 3)
    with pytest.raises(ValueError):
        flow.clock.resume(2, 1, 3, False)


def test_events_are_heard_through_listeners_and_lasting_effects():
    flow = Flow(_spec([], 7), Game(3), 3)
    assert not any(flow.hears(name) for name in (TURN_START, TURN_END, ROUND_START, ROUND_END))
    heard: list[str] = []
    flow.listen(ROUND_END, lambda f, e: heard.append(e.name))
    assert flow.hears(ROUND_END) and not flow.hears(TURN_END)
    flow.start_round()
    flow.last(Lasting("bomb", EventPattern(TURN_END), left=2))  # counted: every event fires
    assert flow.hears(TURN_END)
    flow.play_turn()
    flow.play_turn()
    assert not flow.lasting and not flow.hears(TURN_END)
    flow.play_turn()
    flow.end_round()
    assert heard == [ROUND_END]
