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
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import FORT_FLOW, Progress, Trigger, fort_flow, run_game
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.turn import play_turn
from fortlang.parser import parse_action

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


def test_forts_flow_is_r3s_five_phases_as_native_steps_without_windows():
    """R3: clean-up (R4), play (R5), recruit (R7), discard (R8), draw (R9), each a native
    Step of Fort's (called natively by the compiled runtime), each doc naming its rule."""
    assert [phase.name for phase in FORT_FLOW.turn] == \
        ["clean_up", "play", "recruit", "discard", "draw"]
    for phase, rule in zip(FORT_FLOW.turn, ("R4", "R5", "R7", "R8", "R9"), strict=True):
        assert isinstance(phase.run, Step) and type(phase.run).__module__ == match.__name__
        assert all(f"({rule})" in phase.doc[lang] for lang in ("en", "fr", "ru"))
    assert not FORT_FLOW.windows
    assert all(not phase.before and not phase.per_seat for phase in FORT_FLOW.turn)
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


# -- the perks written in the language, heard as the flow's events (issue 18.3, R15) -----------


def _timed_perk(when: str, action: str, single_use: bool = False) -> Perk:
    return Perk(f"timed-{when}", f"Timed {when}", PerkHook.ACTION, single_use=single_use,
                when=when, action=parse_action(action))


#: One perk per trigger: one that replaces the play (single use, as DIY), the others each turn.
TIMED = tuple(_timed_perk(t.name, "advance +1" if t.replaces_play else "gain pizza or score",
                          single_use=t.replaces_play) for t in fort_words.TRIGGERS)


def _game_with_timed_perks(players: int, seed: int, bots: str):
    game, first = new_game(base_set(), players, seed=seed,
                           agents=make_bots([bots], players, seed))
    for p in game.players:
        p.perks.extend(TIMED)
    return game, first


def test_fort_declares_every_trigger_as_an_event_of_its_phases():
    """Each trigger of the vocabulary is the flow's event of that name, fired by the phase the
    trigger names (R3: turn_start after the clean-up, the play phase's, after_recruit after the
    recruit phase, turn_end by the draw)."""
    fired = {e: phase.name for phase in FORT_FLOW.turn
             for e in (*phase.before, *phase.during, *phase.after)}
    assert fired == {"turn_start": "clean_up", "instead_of_play": "play", "after_play": "play",
                     "after_recruit": "recruit", "turn_end": "draw"}
    assert set(fired) == {t.name for t in fort_words.TRIGGERS}
    clean_up = FORT_FLOW.turn[0]
    assert clean_up.after == (TURN_START,) and FORT_FLOW.turn[-1].during == (TURN_END,)
    for name in set(fired) - {TURN_START, TURN_END}:  # Fort's own events, named in words
        assert all(FORT_FLOW.events[name][lang] for lang in ("en", "fr", "ru"))


@pytest.mark.parametrize("players, seed, bots", [(2, 4, "random"), (3, 6, "greedy"),
                                                 (4, 2, "random")])
def test_timed_perks_heard_as_events_play_as_play_turn_offers_them(monkeypatch, players, seed,
                                                                    bots):
    """A game whose players hold a perk at every trigger: the flow's phases and events play
    the game play_turn (which offers each perk itself) plays, and the perks are used."""
    if native.is_compiled(match):
        pytest.skip("patches FORT_FLOW: a compiled module's globals are C statics")

    def outcome():
        game, first = _game_with_timed_perks(players, seed, bots)
        out = run_game(base_set(), players, (), game=game, first=first)
        return (out.log, out.turns, out.scores, out.snapshot, out.yields, out.perks_used,
                out.acquired, out.triggers)

    phased = outcome()
    used = phased[5]
    assert {k.id for k in TIMED} <= set(used)  # every trigger's perk was used
    assert used[f"timed-{TURN_START}"] > 1 and used[f"timed-{TURN_END}"] > 1
    whole = dataclasses.replace(FORT_FLOW, turn=(Phase("turn", _WholeTurn()),))
    monkeypatch.setattr(match, "FORT_FLOW", whole)
    monkeypatch.setattr(match, "holds_timed_perks", lambda game: False)  # play_turn offers them
    assert outcome() == phased


def test_a_listener_hears_the_triggers_in_turn_order_only_in_a_game_that_holds_timed_perks():
    heard: list[tuple[str, int]] = []
    names = (TURN_START, "instead_of_play", "after_play", "after_recruit", TURN_END)

    def listen(flow):
        for name in names:
            flow.listen(name, lambda f, e: heard.append((e.name, e.seat)))

    game, first = _game_with_timed_perks(2, 4, "random")
    out = run_game(base_set(), 2, (), game=game, first=first, on_flow=listen)
    assert {k.id for k in TIMED} <= set(out.perks_used)  # each heard, and used (compiled too)
    turns = [heard[i:] for i, (name, _) in enumerate(heard) if name == TURN_START]
    assert len(turns) == out.turns
    for i, rest in enumerate(turns):
        seat = (out.first + i) % 2
        turn = rest[:next((j for j, (n, _) in enumerate(rest) if n == TURN_END), -1) + 1]
        assert {s for _, s in turn} == {seat}
        order = [n for n, _ in turn]
        assert order[0] == TURN_START and order[-1] == TURN_END
        assert order in ([TURN_START, "instead_of_play", "after_play", "after_recruit",
                          TURN_END],
                         [TURN_START, "instead_of_play", "after_recruit", TURN_END])
    # a game where no perk is written in the language: Fort listens to nothing
    flow = fort_flow(*new_game(base_set(), 2, seed=4, agents=make_bots(["random"], 2, 4))[:1],
                     Progress(0, 0))
    assert not any(flow.hears(name) for name in names)
