"""Fort's turns are played by the core's flow runtime (issue 33 item 4, design §5.2): the
runtime's cycle says whose turn it is, its rounds end when the next turn is the first player's
(R11.1's "the round is completed"), its end check ends the game; Fort's turn is its five
phases (R3), and the game is the one the turn loop played before (the goldens,
tests/test_fort_unchanged.py).
"""

from __future__ import annotations

import dataclasses

import pytest

import fortlang.flow.runtime
from fortlang import native
from fortlang.cardset import base_set
from fortlang.flow import Flow, FlowEvent, Phase
from fortlang.flow.events import ROUND_END, ROUND_START, TURN_END, TURN_START
from fortlang.flow.runtime import Step
from fortlang.games.fort import match
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import FORT_FLOW, Progress, Trigger, fort_flow, run_game
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.turn import play_turn

EDGES = (ROUND_START, TURN_START, TURN_END, ROUND_END)


def _heard(flow: Flow, into: list[tuple[str, int, int, int]]) -> None:
    for name in EDGES:
        flow.listen(name, lambda f, e: into.append((e.name, e.seat, f.clock.turn,
                                                   f.clock.round)))


def _expected(first: int, players: int, turns: int) -> list[tuple[str, int, int, int]]:
    """Rounds of ``players`` turns, clockwise from ``first``, each turn's seat at its edges."""
    out = []
    for turn in range(1, turns + 1):
        rnd = (turn - 1) // players + 1
        seat = (first + turn - 1) % players
        if seat == first:
            out.append((ROUND_START, first, turn - 1, rnd))
        out += [(TURN_START, seat, turn, rnd), (TURN_END, seat, turn, rnd)]
        if (seat + 1) % players == first:
            out.append((ROUND_END, seat, turn, rnd))
    return out


@pytest.mark.parametrize("players, seed", [(4, 7), (3, 12), (2, 5)])
def test_a_listener_on_forts_flow_hears_every_turn_in_seat_order(players, seed):
    heard: list[tuple[str, int, int, int]] = []
    out = run_game(base_set(), players, make_bots(["random"], players, seed), seed=seed,
                   on_flow=lambda flow: _heard(flow, heard))
    assert out.triggers and Trigger.LIMIT not in out.triggers
    assert sum(name == TURN_START for name, *_ in heard) == out.turns
    assert out.turns % players == 0  # R11.1: the game ends with a complete round
    assert heard == _expected(out.first, players, out.turns)
    # listening changes nothing of the game
    plain = run_game(base_set(), players, make_bots(["random"], players, seed), seed=seed)
    assert (out.log, out.turns, out.scores, out.snapshot) == \
        (plain.log, plain.turns, plain.scores, plain.snapshot)


def test_forts_flow_is_r3s_five_phases_as_native_steps_without_events_or_windows():
    """R3: clean-up (R4), play (R5), recruit (R7), discard (R8), draw (R9), each a native
    Step of Fort's (called natively by the compiled runtime), each doc naming its rule."""
    assert [phase.name for phase in FORT_FLOW.turn] == \
        ["clean_up", "play", "recruit", "discard", "draw"]
    for phase, rule in zip(FORT_FLOW.turn, ("R4", "R5", "R7", "R8", "R9"), strict=True):
        assert isinstance(phase.run, Step) and type(phase.run).__module__ == match.__name__
        assert all(f"({rule})" in phase.doc[lang] for lang in ("en", "fr", "ru"))
    assert not FORT_FLOW.windows
    assert all(not phase.before and not phase.after for phase in FORT_FLOW.turn)
    assert FORT_FLOW.cycle.direction == 1


class _WholeTurn(Step):
    """Fort's turn as the one step it was before its phases were declared: play_turn whole."""

    def run(self, flow, seat):
        turns = flow.table
        game, at = turns.game, turns.at
        at.leader = seat
        record = play_turn(game, seat, first_turn=at.turns < turns.players)
        at.watch(game, record.perks_used, seat)
        for result, gain in zip(record.plays, record.gains, strict=True):
            at.yields.append((result.card.defn.id, gain))
        at.yields.extend(record.perk_gains)
        for result in record.plays:
            at.played[result.card.defn.id] = at.played.get(result.card.defn.id, 0) + 1
            for _, cards in result.followers:
                for c in cards:
                    at.followed[c.defn.id] = at.followed.get(c.defn.id, 0) + 1
        for perk in record.perks_used:
            at.perks[perk] = at.perks.get(perk, 0) + 1
        turns.over = at.end_turn(game)
        turns.round_over = at.leader == at.first


@pytest.mark.parametrize("players, seed, bots, draft", [
    (2, 3, "greedy", False), (3, 8, "random", True), (4, 11, "greedy", False)])
def test_the_five_phases_play_the_game_play_turn_plays_whole(monkeypatch, players, seed, bots,
                                                             draft):
    """The phases, each calling what turn.py does in it and sharing the turn's record, play
    the very game the turn played in one call (turn.play_turn) plays: same log, scores,
    figures."""
    def outcome():
        out = run_game(base_set(), players, make_bots([bots], players, seed), seed=seed,
                       draft=draft)
        return (out.log, out.turns, out.scores, out.snapshot, out.yields, out.played,
                out.followed, out.perks_used, out.recruited, out.acquired, out.triggers)

    if native.is_compiled(match):
        pytest.skip("patches FORT_FLOW: a compiled module's globals are C statics")
    phased = outcome()
    whole = dataclasses.replace(FORT_FLOW, turn=(Phase("turn", _WholeTurn()),))
    monkeypatch.setattr(match, "FORT_FLOW", whole)
    assert outcome() == phased


class _Replay:
    """An asker that gives the answers of a game already played, in order."""

    def __init__(self, answers: list[int]) -> None:
        self.answers = iter(answers)

    def decide(self, game, decision) -> int:
        return next(self.answers)


def test_a_game_resumed_at_a_turns_start_goes_on_from_that_seat_and_round():
    """A game copied at a turn's start (the pull API's checkpoints) resumes on a flow whose
    clock stands there: the same seats, turns and rounds as the game played through."""
    cardset, seed = base_set(), 3
    whole: list[tuple[str, int, int, int]] = []
    copies: list[tuple] = []

    def keep(game, at):
        copies.append((game.copy(), at.copy()))

    out = run_game(cardset, 3, make_bots(["random"], 3, seed), seed=seed, on_turn=keep,
                   on_flow=lambda flow: _heard(flow, whole))
    assert len(copies) == out.turns > 6
    for turn in (4, 5):  # a round's first turn (the first player's), then one inside a round
        game, at = copies[turn - 1]
        assert at.turns == turn - 1
        game.asker = _Replay([i for kind, i in out.log[len(game.log):] if kind != "chance"])
        rest: list[tuple[str, int, int, int]] = []
        again = run_game(cardset, 3, (), game=game, first=at.first, progress=at,
                         on_flow=lambda flow, rest=rest: _heard(flow, rest))
        assert (again.turns, again.log, again.scores) == (out.turns, out.log, out.scores)
        assert rest == whole[_index_of_turn(whole, turn):]


def _index_of_turn(events: list[tuple[str, int, int, int]], turn: int) -> int:
    return next(i for i, e in enumerate(events) if e[0] == TURN_START and e[2] == turn)


def test_resuming_a_fresh_progress_starts_the_first_round():
    game, first = new_game(base_set(), 2, seed=1, agents=make_bots(["random"], 2, 1))
    flow = fort_flow(game, Progress(first, first))
    assert (flow.clock.turn, flow.clock.round) == (0, 0)


@pytest.mark.skipif(native.is_compiled(fortlang.flow.runtime),
                    reason="patches the runtime's FlowEvent: a compiled module's globals "
                           "are C statics")
def test_the_runtime_makes_no_event_nobody_hears(monkeypatch):
    made: list[str] = []

    class Counted(FlowEvent):
        def __init__(self, name: str, *args, **kwargs) -> None:
            made.append(name)
            super().__init__(name, *args, **kwargs)

    monkeypatch.setattr(fortlang.flow.runtime, "FlowEvent", Counted)
    out = run_game(base_set(), 4, make_bots(["random"], 4, 9), seed=9)
    assert made == []
    heard: list[int] = []
    run_game(base_set(), 4, make_bots(["random"], 4, 9), seed=9,
             on_flow=lambda flow: flow.listen(TURN_END, lambda f, e: heard.append(e.seat)))
    assert made == [TURN_END] * out.turns and len(heard) == out.turns


def test_a_turns_end_notes_the_triggers_end_triggers_names_in_its_order():
    """Progress.end_turn checks R11.1's triggers inline: the same as end_triggers, noted once
    each in the order they happen."""
    from fortlang.games.fort.match import end_triggers

    states: list[tuple] = []
    run_game(base_set(), 2, make_bots(["random"], 2, 4), seed=4,
             on_turn=lambda game, at: states.append((game.copy(), at.copy())))
    seen = set()
    for game, at in states:
        for vp, level, park in ((0, 0, True), (99, 0, True), (0, 99, False), (99, 99, False)):
            g, before = game.copy(), at.copy()
            g.players[0].vp += vp
            g.players[-1].level += level
            if not park:
                g.park_deck.clear()
            expected = list(before.triggers)
            expected += [t for t in end_triggers(g) if t not in expected]
            after = before.copy()
            after.end_turn(g)
            assert after.triggers == expected
            seen.add(tuple(expected))
    assert len(seen) >= 3
