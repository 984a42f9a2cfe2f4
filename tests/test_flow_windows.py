"""Reaction windows and the effect stack on a toy game (issue 33 stage 7, design §5.1, risk 7):
a gift aimed at a seat may be cancelled (a shield) or redirected (a counter, Frantic F7.4),
and a redirect is itself open to reaction; a window nobody can react in asks nobody."""

from __future__ import annotations

from typing import Any

import flow_toy
import pytest
from flow_toy import TOY_FLOW, Answers, give_gift, toy, toy_flow

from fortlang.engine.choices import IllegalMove, Kind, Seat, resolve
from fortlang.flow import Flow, FlowSpec, Pending, Phase, Reaction, Window
from fortlang.flow.events import AFTER_EFFECT, BEFORE_EFFECT, TARGETED
from fortlang.flow.runtime import MAX_REDIRECTS, MAX_WINDOW_DEPTH, PASS
from fortlang.flow.spec import ANSWER, CANCEL, REDIRECT, no_phase
from fortlang.games.fort.table import Game


def _game(asker: Answers) -> Game:
    return Game(4, asker=asker)


def test_a_gift_nobody_can_answer_asks_nobody():
    asker = Answers()
    game = _game(asker)
    flow = toy_flow(game, [["gift"], ["reverse"], [], []])
    flow.run()
    assert asker.asked == [] and game.log == []
    assert flow.windows_opened == 0 and flow.reactions_asked == 0
    assert flow.table.gifts == [(0, 1)] and flow.table.seats[1].points == 2


def test_a_refused_reaction_opens_no_window():
    """Seat 1's shield is refused (T2, 3 points or more): it alone opens no window."""
    asker = Answers()
    flow = toy_flow(_game(asker), [["gift"], ["shield"], [], []])
    flow.table.seats[1].points = 3
    flow.start_round()
    flow.play_turn()
    assert asker.asked == [] and flow.windows_opened == 0
    assert flow.table.gifts == [(0, 1)] and flow.table.seats[1].hand == ["shield"]


def test_a_shield_cancels_the_gift():
    asker = Answers(s1=["shield"])
    game = _game(asker)
    flow = toy_flow(game, [["gift"], ["shield"], [], []])
    flow.start_round()
    flow.play_turn()
    assert flow.table.gifts == [] and [s.points for s in flow.table.seats] == [0, 0, 0, 0]
    assert flow.stack == [] and flow.table.seats[1].hand == []
    (decision,) = asker.asked
    assert decision.player == 1 and decision.kind is Kind.REACT
    assert decision.labels == (PASS, "shield") and decision.options[1].value == "shield"
    assert decision.context == "targeted by gift: seat 1"
    assert game.log == [("react", 1)]


def test_passing_lets_the_gift_resolve():
    asker = Answers(s1=[PASS])
    flow = toy_flow(_game(asker), [["gift"], ["shield"], [], []])
    flow.start_round()
    flow.play_turn()
    assert flow.table.gifts == [(0, 1)] and flow.table.seats[1].hand == ["shield"]
    assert flow.windows_opened == 1


def test_a_counter_redirects_and_the_new_victim_counters_back_then_shields():
    """0 gives to 1; 1 counters to 3 (as if 1 had played it); 3 counters to 1; 1 shields."""
    asker = Answers(s1=["counter", Seat(3), "shield"], s3=["counter", Seat(1)])
    game = _game(asker)
    flow = toy_flow(game, [["gift"], ["counter", "shield"], [], ["counter"]])
    flow.start_round()
    flow.play_turn()
    assert asker.done
    assert [(d.player, d.kind) for d in asker.asked] == [
        (1, Kind.REACT), (1, Kind.RIVAL), (3, Kind.REACT), (3, Kind.RIVAL), (1, Kind.REACT)]
    assert asker.asked[0].labels == (PASS, "counter", "shield")
    assert asker.asked[2].context == "targeted by gift: seat 3"
    assert asker.asked[4].labels == (PASS, "shield")  # its counter is spent
    assert flow.table.gifts == [] and [s.points for s in flow.table.seats] == [0, 0, 0, 0]
    assert [s.hand for s in flow.table.seats] == [[], [], [], []]
    assert flow.stack == [] and flow.windows_opened == 3


def test_a_redirected_gift_is_given_by_who_redirected_it():
    """1 counters to 2, who may not answer: the gift resolves from 1 to 2 (F7.4)."""
    asker = Answers(s1=["counter", Seat(2)])
    flow = toy_flow(_game(asker), [["gift"], ["counter"], [], []])
    flow.start_round()
    flow.play_turn()
    assert flow.table.gifts == [(1, 2)]
    assert [s.points for s in flow.table.seats] == [0, 0, 2, 0]
    assert flow.windows_opened == 1  # 2 holds nothing: its window never opened


def test_a_counter_back_at_the_giver_is_open_to_the_givers_reaction():
    asker = Answers(s1=["counter", Seat(0)], s0=[PASS])
    flow = toy_flow(_game(asker), [["gift", "shield"], ["counter"], [], []])
    flow.start_round()
    flow.play_turn()
    assert flow.table.gifts == [(1, 0)] and flow.table.seats[0].hand == ["shield"]


def test_a_scripted_answer_naming_a_refused_reaction_says_which_rule():
    asker = Answers(s1=["shield"])
    flow = toy_flow(_game(asker), [["gift"], ["shield", "counter"], [], []])
    flow.table.seats[1].points = 3
    flow.start_round()
    with pytest.raises(IllegalMove, match="T2"):
        flow.play_turn()
    decision = asker.asked[0]
    assert decision.labels == (PASS, "counter")
    assert decision.excluded == (("shield", "T2: a seat with 3 points or more may not shield"),)
    with pytest.raises(IllegalMove) as refused:
        resolve(decision, "shield")
    assert refused.value.rule.startswith("T2")


def test_seats_are_asked_from_the_next_player_in_the_direction_of_play():
    """An ``answer`` window (Nice Try, F7.6) on a game's own event: every seat that can answer
    is asked from the one after the event's seat (F9.2), until one answers."""
    spec = FlowSpec(turn=(Phase("play", no_phase),), game_end=lambda f: True,
                    windows=(Window("hand_emptied", may=(ANSWER,)),))
    answered: list[int] = []
    asker = Answers(s2=[PASS], s0=["nice try"], s1=[])
    flow = Flow(spec, Game(4, asker=asker), 4)
    flow.offer("hand_emptied", lambda f, e, seat: [] if seat == 3 else [
        Reaction("nice try", None, ANSWER, lambda f, e, s: answered.append(s))])
    from fortlang.flow import FlowEvent

    flow.fire(FlowEvent("hand_emptied", seat=1, that=1))
    assert [d.player for d in asker.asked] == [2, 0] and answered == [0]
    flow.reverse()
    asker2 = Answers(s0=[PASS], s2=[PASS], s1=[PASS])
    flow.journal.asker = asker2  # type: ignore[attr-defined]
    flow.fire(FlowEvent("hand_emptied", seat=1, that=1))
    assert [d.player for d in asker2.asked] == [0, 2, 1]


def test_a_window_may_keep_a_games_own_question():
    """``prompt`` and ``decline``: the reaction decision's context and the value of its
    ``pass`` (Frantic's Nice Try asks as it did before it ran on the flow, F7.6)."""
    from fortlang.flow import FlowEvent

    plain = Window("hand_emptied", may=(ANSWER,))
    own = Window("hand_emptied", may=(ANSWER,), prompt="a hand is empty: answer?",
                 decline="no thanks")
    for window, context, value in ((plain, "hand_emptied: seat 1", None),
                                   (own, "a hand is empty: answer?", "no thanks")):
        asker = Answers(s2=[PASS])
        spec = FlowSpec(turn=(Phase("play", no_phase),), game_end=lambda f: True,
                        windows=(window,))
        flow = Flow(spec, Game(3, asker=asker), 3)
        flow.offer("hand_emptied", lambda f, e, seat: [] if seat != 2 else [
            Reaction("nice try", "nt", ANSWER, lambda f, e, s: None)])
        flow.fire(FlowEvent("hand_emptied", seat=0, that=1))
        (decision,) = asker.asked
        assert decision.context == context
        assert [(o.label, o.value) for o in decision.options] == [(PASS, value),
                                                                  ("nice try", "nt")]


def test_an_effect_is_announced_before_and_after_it_resolves_and_may_be_cancelled_before():
    flow = toy_flow(Game(4), [[], [], [], []])
    heard: list[str] = []
    flow.listen(BEFORE_EFFECT, lambda f, e: heard.append(f"before {e.source.name}"))
    flow.listen(AFTER_EFFECT, lambda f, e: heard.append(f"after {e.source.name}"))
    assert flow.play(Pending("gift", give_gift, 0, (2,)))
    flow.listen(BEFORE_EFFECT, lambda f, e: f.cancel(e.source) if e.source.name == "veto" else None)
    assert not flow.play(Pending("veto", give_gift, 0, (1,)))
    assert heard == ["before gift", "after gift", "before veto"]
    assert flow.table.gifts == [(0, 2)] and flow.stack == []


def test_a_reaction_with_a_verb_its_window_does_not_allow_is_an_error():
    flow = toy_flow(Game(4, asker=Answers()), [["gift"], [], [], []])
    flow.offer(TARGETED, lambda f, e, seat: [Reaction("x", None, ANSWER, lambda *a: None)])
    flow.start_round()
    with pytest.raises(ValueError, match="answer reaction"):
        flow.play_turn()


def test_reactions_are_offered_only_where_a_window_is_declared():
    flow = Flow(TOY_FLOW, Game(2), 2)
    with pytest.raises(ValueError, match="no window is declared on 'hand_emptied'"):
        flow.offer("hand_emptied", lambda f, e, s: [])
    with pytest.raises(ValueError, match="verbs"):
        Window("x", may=("steal",))


def test_redirects_that_never_run_out_stop_at_a_bound():
    """A counter that is never spent would redirect for ever: the flow stops with an error."""

    def bounce(flow: Flow, event, seat: int) -> None:
        flow.redirect(event.source, seat, ((seat + 1) % 2,))

    asker = Answers(s0=["bounce"] * MAX_REDIRECTS, s1=["bounce"] * MAX_REDIRECTS)
    flow = Flow(TOY_FLOW, Game(2, asker=asker), 2)
    flow.offer(TARGETED, lambda f, e, seat: [Reaction("bounce", None, REDIRECT, bounce)]
               if seat == e.that else [])
    flow.start_round()
    with pytest.raises(RuntimeError, match="redirected 64 times"):
        flow.play(Pending("gift", give_gift, 0, (1,)))
    assert len(asker.asked) == MAX_REDIRECTS + 1


def test_reactions_nested_without_end_stop_at_a_bound():
    """A reaction that plays a new effect aimed at the next seat, which reacts the same way:
    windows open inside windows, up to a bound, then an error (no unbounded recursion)."""

    def strike_back(flow: Flow, event, seat: int) -> None:
        flow.play(Pending("strike", give_gift, seat, ((seat + 1) % 2,)))

    asker = Answers(s0=["strike"] * MAX_WINDOW_DEPTH, s1=["strike"] * MAX_WINDOW_DEPTH)
    flow = Flow(TOY_FLOW, Game(2, asker=asker), 2)
    flow.offer(TARGETED, lambda f, e, seat: [Reaction("strike", None, CANCEL, strike_back)]
               if seat == e.that else [])
    flow.start_round()
    with pytest.raises(RuntimeError, match="nested 64 deep"):
        flow.play(Pending("gift", give_gift, 0, (1,)))
    assert flow._depth == 0 and len(asker.asked) == MAX_WINDOW_DEPTH


def test_cancel_and_redirect_refuse_an_effect_that_is_not_on_the_stack():
    flow = Flow(TOY_FLOW, Game(2), 2)
    gift = Pending("gift", give_gift, 0, (1,))
    with pytest.raises(ValueError, match="not on the stack"):
        flow.cancel(gift)
    with pytest.raises(ValueError, match="not on the stack"):
        flow.redirect(gift, 1, (0,))
    assert CANCEL in TOY_FLOW.windows[0].may


# -- inside a move (Flow.play_at): windows as choice points, in continuation-passing style --


class Chooser:
    """A move's choice points, as the engine's search hands them: each ``ask(seat, options,
    then, excluded)`` is answered from ``picks`` (by label) and goes on with ``then(index)``;
    ``excluded`` (the reactions a rule refuses the seat) is kept."""

    def __init__(self, picks: list[str]) -> None:
        self.picks = list(picks)
        self.asked: list[tuple[int, tuple[str, ...]]] = []
        self.excluded: list[tuple[tuple[str, str], ...]] = []

    def __call__(self, seat: int, options: tuple, then: Any,
                 excluded: tuple[tuple[str, str], ...]) -> bool:
        self.asked.append((seat, tuple(o.label for o in options)))
        self.excluded.append(excluded)
        want = self.picks.pop(0)
        return then(next(i for i, o in enumerate(options) if o.label == want))


def _counter_at(flow: Flow, event: Any, seat: int, then: Any) -> bool:
    """Counter inside a move: the gift is ``seat``'s, aimed at the seat after them."""
    toy(flow).seats[seat].hand.remove("counter")
    flow.redirect(event.source, seat, (flow.clock.next_seat(seat),))
    return then()


def _shield_at(flow: Flow, event: Any, seat: int, then: Any) -> bool:
    flow.cancel(event.source)
    return then()


def _at_sources(flow: Flow, event: Any, seat: int) -> list[Reaction]:
    if seat != event.that:
        return []
    hand = toy(flow).seats[seat].hand
    made = {"counter": Reaction("counter", "counter", REDIRECT, None, apply_at=_counter_at),
            "shield": Reaction("shield", "shield", CANCEL, None, apply_at=_shield_at)}
    return [made[c] for c in hand if c in made]


def _move_flow(game: Game, hands: list[list[str]]) -> Flow:
    flow = Flow(TOY_FLOW, game, len(hands), flow_toy.Toy(hands))
    flow.offer(TARGETED, _at_sources)
    return flow


def _gift(resolved: list) -> Pending:
    def go(flow: Flow, pending: Pending, k: Any) -> bool:
        resolved.append((pending.actor, pending.targets))
        return k(True)

    return Pending("gift", None, 0, (1,), go=go)


def test_inside_a_move_a_window_asks_through_the_moves_choice_points_and_a_rollback_undoes_it():
    """play_at: nothing is asked through the journal; seat 1 counters to 2 (aimed anew: 2
    is asked), 2 passes, the gift resolves as 1's; the move's continuation gets True; a
    rollback puts the stack and the pending's aim back as they were."""
    asker = Answers()
    game = _game(asker)
    flow = _move_flow(game, [[], ["counter"], ["shield"], []])
    choose, resolved, ends = Chooser(["counter", PASS]), [], []
    pending = _gift(resolved)
    mark = game.begin()
    assert flow.play_at(pending, choose, lambda full: ends.append(full) or True)
    assert choose.asked == [(1, (PASS, "counter")), (2, (PASS, "shield"))]
    assert resolved == [(1, (2,))] and ends == [True] and flow.stack == []
    assert (pending.actor, pending.targets, pending.aimed) == (1, (2,), 1)
    assert asker.asked == [] and game.log == []
    game.rollback(mark)
    assert (pending.actor, pending.targets, pending.aimed) == (0, (1,), 0)
    assert flow.stack == []


def test_inside_a_move_a_cancelled_effect_goes_on_with_false():
    flow = _move_flow(_game(Answers()), [[], ["shield"], [], []])
    choose, resolved, ends = Chooser(["shield"]), [], []
    assert flow.play_at(_gift(resolved), choose, lambda full: ends.append(full) or True)
    assert resolved == [] and ends == [False] and flow.stack == []


def test_a_reaction_for_between_moves_only_refuses_to_run_inside_a_move():
    flow = toy_flow(_game(Answers()), [[], ["shield"], [], []])
    with pytest.raises(RuntimeError, match="only between moves"):
        flow.play_at(_gift([]), Chooser(["shield"]), lambda full: True)


def test_inside_a_move_the_chooser_is_told_the_reactions_a_rule_refuses_as_fire_tells_them():
    """fire_at lists a seat's refused reactions to its chooser, as fire lists them in the
    decision's ``excluded``: seat 1 (3 points) may counter, not shield (T2)."""
    refusal = "T2: a seat with 3 points or more may not shield"

    def sources(flow: Flow, event: Any, seat: int) -> list[Reaction]:
        if seat != event.that:
            return []
        return [Reaction("counter", "counter", REDIRECT, None, apply_at=_counter_at),
                Reaction("shield", "shield", CANCEL, None, apply_at=_shield_at,
                         refused_by=refusal)]

    flow = Flow(TOY_FLOW, _game(Answers()), 4, flow_toy.Toy([[], ["counter"], [], []]))
    flow.offer(TARGETED, sources)
    choose, ends = Chooser([PASS]), []
    assert flow.play_at(_gift([]), choose, lambda full: ends.append(full) or True)
    assert choose.asked == [(1, (PASS, "counter"))] and ends == [True]
    assert choose.excluded == [(("shield", refusal),)]
    # between moves, fire's decision lists the same
    asker = Answers(s1=[PASS])
    game = _game(asker)
    between = Flow(TOY_FLOW, game, 4, flow_toy.Toy([[], ["counter"], [], []]))
    between.offer(TARGETED, lambda f, e, s: [
        Reaction(r.label, r.value, r.verb, lambda *a: None, refused_by=r.refused_by)
        for r in sources(f, e, s)])
    between.play(Pending("gift", lambda f, p: None, 0, (1,)))
    (decision,) = asker.asked
    assert decision.excluded == (("shield", refusal),)
