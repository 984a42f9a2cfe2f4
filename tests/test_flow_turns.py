"""The flow's clock on a toy game (issue 33 stage 7, design §5.1): the direction of play flips,
a skipped turn is still a turn for the events and durations that count turns (Frantic F6.4,
F11.3), a duration lasts until its owner's next turn, rounds and per-seat phases."""

from __future__ import annotations

import pytest
from flow_toy import TOY_FLOW, Answers, frantic_cycle, toy_flow

from fortlang.flow import Cycle, Flow, FlowEvent, FlowSpec, Phase
from fortlang.flow.events import ROUND_END, ROUND_START, TURN_END, TURN_START, EventPattern
from fortlang.flow.runtime import GAME_END, MAX_TURNS, Lasting
from fortlang.flow.spec import no_phase
from fortlang.games.fort.table import Game


def _recorder(flow: Flow, *names: str) -> list[tuple[str, int, bool]]:
    seen: list[tuple[str, int, bool]] = []
    for name in names:
        flow.listen(name, lambda f, e: seen.append((e.name, e.seat, e.skipped)))
    return seen


def _starts(seen: list[tuple[str, int, bool]]) -> list[int]:
    return [seat for name, seat, _ in seen if name == TURN_START]


def test_a_reverse_card_flips_the_direction_of_play():
    game = Game(4, asker=Answers())
    flow = toy_flow(game, [["reverse", "x"], ["y"], ["z"], ["w"]])
    seen = _recorder(flow, TURN_START)
    assert flow.run() == GAME_END
    # seat 0 reverses: then 3, 2, 1 in turn, back to 0 (its second card), and the game ends
    assert _starts(seen) == [0, 3, 2, 1, 0]
    assert flow.clock.direction == -1 and flow.clock.turn == 5


def test_a_counter_clockwise_game_starts_the_other_way():
    flow = toy_flow(Game(4), [["a"], ["b"], ["c"], ["d"]], frantic_cycle(TOY_FLOW))
    seen = _recorder(flow, TURN_START)
    flow.run()
    assert _starts(seen) == [0, 3, 2, 1]


def test_a_skipped_turn_fires_its_turn_events_and_plays_nothing():
    flow = toy_flow(Game(3), [["skip"], ["gift"], ["x"]])
    seen = _recorder(flow, TURN_START, TURN_END)
    flow.start_round()
    for _ in range(3):
        flow.play_turn()
    assert seen == [(TURN_START, 0, False), (TURN_END, 0, False),
                    (TURN_START, 1, True), (TURN_END, 1, True),
                    (TURN_START, 2, False), (TURN_END, 2, False)]
    assert flow.table.seats[1].hand == ["gift"]  # not played: its turn was skipped
    assert flow.clock.turn == 3 and flow.clock.skips == (0, 0, 0)


def test_a_bomb_counts_a_skipped_turn_as_a_turn():
    """Three turn ends: seat 0's own, seat 1's skipped one, seat 2's (F11.3). Were the skipped
    turn not counted, the bomb would go off on seat 3."""
    flow = toy_flow(Game(4), [["bomb"], [], [], []])
    flow.skip(1)
    ends = _recorder(flow, TURN_END)
    flow.run()
    assert ends == [(TURN_END, 0, False), (TURN_END, 1, True), (TURN_END, 2, False)]
    table = flow.table
    assert table.blasts == [2]
    assert [s.points for s in table.seats] == [0, 0, 5, 0]
    assert flow.lasting == []


def test_a_duration_until_the_owners_next_turn_ends_as_that_turn_starts():
    flow = toy_flow(Game(4), [["hide", "x"], [], [], []])
    flow.skip(2)  # a skipped turn of another seat does not end it
    hidden: list[tuple[int, bool]] = []
    flow.listen(TURN_START, lambda f, e: hidden.append((e.seat, f.active("hidden"))))
    flow.run()
    assert hidden == [(0, False), (1, True), (2, True), (3, True), (0, False)]
    assert flow.lasting == []


def test_a_lasting_effect_of_two_owner_turns_lasts_through_the_first():
    flow = toy_flow(Game(2), [["a", "b", "c"], ["d", "e", "f"]])
    flow.last(Lasting("mark", EventPattern(TURN_START, owner_only=True), left=2, owner=1))
    hidden: list[tuple[int, bool]] = []
    flow.listen(TURN_START, lambda f, e: hidden.append((e.seat, f.active("mark"))))
    flow.run()
    assert hidden[:4] == [(0, True), (1, True), (0, True), (1, False)]


def test_rounds_set_up_start_and_end_and_durations_end_with_the_round():
    events: list[str] = []
    firsts = iter([2, 1])

    def first(flow: Flow) -> int:
        return next(firsts)

    def setup(flow: Flow) -> None:
        events.append(f"setup {flow.clock.round + 1}")
        flow.last(Lasting("round-long", EventPattern(ROUND_END)))

    spec = FlowSpec(turn=(Phase("play", no_phase),), cycle=Cycle(first=first),
                    round_end=lambda f: f.clock.turn % 3 == 0,
                    round_setup=setup, game_end=lambda f: f.clock.round == 2 and
                    f.clock.turn % 3 == 0)
    flow = Flow(spec, Game(3), 3)
    flow.listen(ROUND_START, lambda f, e: events.append(f"start {f.clock.round} at {e.seat}"))
    flow.listen(ROUND_END,
                lambda f, e: events.append(f"end {f.clock.round}, {f.active('round-long')}"))
    seen = _recorder(flow, TURN_START)
    assert flow.run() == GAME_END
    assert events == ["setup 1", "start 1 at 2", "end 1, False", "setup 2", "start 2 at 1",
                      "end 2, False"]
    assert _starts(seen) == [2, 0, 1, 1, 2, 0]


def test_a_round_its_set_up_ended_plays_no_turn_when_the_spec_says_so():
    """``round_end_after_setup`` (Frantic F2.5: the first card may end the round): a round
    whose set-up ended it plays no turn; without it, every round plays at least one."""
    def spec(after_setup: bool) -> FlowSpec:
        return FlowSpec(turn=(Phase("play", no_phase),),
                        round_end=lambda f: f.clock.round == 1 or f.clock.turn == 2,
                        game_end=lambda f: f.clock.round == 2 and f.clock.turn == 2,
                        round_end_after_setup=after_setup)

    rs, re, ts = ROUND_START, ROUND_END, TURN_START
    for after_setup, story in ((True, [(rs, 0), (re, 0), (rs, 0), (ts, 0), (ts, 1), (re, 1)]),
                               (False, [(rs, 0), (ts, 0), (re, 0), (rs, 0), (ts, 0), (re, 0)])):
        flow = Flow(spec(after_setup), Game(3), 3)
        seen = _recorder(flow, ROUND_START, ROUND_END, TURN_START)
        assert flow.run() == GAME_END
        assert [(name, seat) for name, seat, _ in seen] == story
    ended = FlowSpec(turn=(Phase("play", no_phase),), round_end=lambda f: True,
                     game_end=lambda f: False, round_end_after_setup=True, max_turns=5)
    flow = Flow(ended, Game(2), 2)
    assert flow.run() == MAX_TURNS and flow.clock.turn == 0 and flow.clock.round == 5


def test_the_flow_gives_up_at_max_turns():
    spec = FlowSpec(turn=(Phase("play", no_phase),), game_end=lambda f: False, max_turns=7)
    flow = Flow(spec, Game(2), 2)
    assert flow.run() == MAX_TURNS and flow.clock.turn == 7


def test_a_per_seat_phase_runs_for_every_seat_from_the_current_one():
    ran: list[tuple[int, int]] = []
    spec = FlowSpec(turn=(Phase("adventure", lambda f, seat: ran.append((f.clock.seat, seat)),
                                per_seat=True),),
                    game_end=lambda f: f.clock.turn == 2)
    Flow(spec, Game(3), 3).run()
    assert ran == [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (1, 0)]


def test_phase_events_fire_where_declared_and_turn_start_once():
    order: list[str] = []
    spec = FlowSpec(turn=(Phase("clean_up", lambda f, s: order.append("clean_up"),
                                after=(TURN_START,)),
                          Phase("play", lambda f, s: order.append("play"),
                                before=("before_play",), after=("after_play",))),
                    game_end=lambda f: True)
    flow = Flow(spec, Game(2), 2)
    for name in (TURN_START, "before_play", "after_play", TURN_END):
        flow.listen(name, lambda f, e: order.append(e.name))
    flow.run()
    assert order == ["clean_up", TURN_START, "before_play", "play", "after_play", TURN_END]


def test_a_step_fires_the_events_it_declares_during_it_and_the_runtime_not_its_turn_end():
    """``Phase.during``: events the step fires itself (Flow.announce), when it says: Fort's
    after_play only when a card was played, its turn_end after the draw and before the turn's
    tally. A turn_end a step fires is not fired again at the turn's edge."""
    order: list[str] = []

    def play(flow: Flow, seat: int) -> None:
        order.append("play")
        if seat == 0:  # only seat 0 "plays a card"
            flow.announce("played", seat)
        flow.announce(TURN_END, seat)
        order.append("tally")

    spec = FlowSpec(turn=(Phase("play", play, during=("played", TURN_END)),),
                    game_end=lambda f: f.clock.turn == 2)
    flow = Flow(spec, Game(2), 2)
    assert not flow.hears("played")
    for name in (TURN_START, "played", TURN_END):
        flow.listen(name, lambda f, e: order.append(f"{e.name}:{e.seat}"))
    flow.run()
    assert order == [f"{TURN_START}:0", "play", "played:0", f"{TURN_END}:0", "tally",
                     f"{TURN_START}:1", "play", f"{TURN_END}:1", "tally"]


@pytest.mark.parametrize("bad, message", [
    (dict(turn=()), "at least one phase"),
    (dict(turn=(Phase("a", no_phase, during=(TURN_END,)),
                Phase("b", no_phase, after=(TURN_END,)))), "turn_end is fired once"),
    (dict(turn=(Phase("a", no_phase), Phase("a", no_phase))), "distinct names"),
    (dict(turn=(Phase("a", no_phase, before=(TURN_START,)),
                Phase("b", no_phase, after=(TURN_START,)))), "turn_start is fired once"),
    (dict(turn=(Phase("a", no_phase),), max_turns=0), "max_turns"),
])
def test_a_flow_spec_refuses_what_it_cannot_run(bad, message):
    with pytest.raises(ValueError, match=message):
        FlowSpec(**{"game_end": "fortlang.flow.spec:never", **bad})


def test_references_are_resolved_when_the_flow_is_made():
    spec = FlowSpec(turn=(Phase("a", "fortlang.flow.spec:no_phase"),), game_end="nowhere")
    with pytest.raises(ValueError, match="'module:function'"):
        Flow(spec, Game(2), 2)
    with pytest.raises(ValueError, match="direction is 1 or -1"):
        Cycle(direction=2)


def test_skips_are_bounded():
    flow = Flow(TOY_FLOW, Game(2), 2)
    with pytest.raises(ValueError):
        flow.skip(0, 0)
    with pytest.raises(ValueError):
        flow.skip(2)
    with pytest.raises(ValueError):
        flow.skip(0, 10**6)


def test_an_event_a_game_fires_reaches_its_listeners_only():
    flow = Flow(TOY_FLOW, Game(2), 2, None)
    heard: list[str] = []
    flow.listen("hand_emptied", lambda f, e: heard.append(f"{e.name} {e.that}"))
    flow.fire(FlowEvent("hand_emptied", seat=0, that=1))
    flow.fire(FlowEvent("other", seat=0))
    assert heard == ["hand_emptied 1"]
