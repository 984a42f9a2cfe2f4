"""Frantic's rules, one by one (issue 34 item 3; docs/games/frantic.md F2-F10): each test deals a
table of the bundled set (cards/frantic-base) with chosen hands and a chosen top card, plays
through the game's own turn (fortlang.games.frantic.match) and answers every decision from a
script, then checks what the rule says happened."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from frantic_tables import laid_table

from fortlang.cardset.load import load_set
from fortlang.engine.choices import Decision, Kind, Seat
from fortlang.flow import FlowEvent, Pending
from fortlang.flow.events import TARGETED
from fortlang.games.frantic import match
from fortlang.games.frantic.effects import matches
from fortlang.games.frantic.flow import HANDS_EMPTIED
from fortlang.games.frantic.table import SWITCHES, FranticTable, new_table

ROOT = Path(__file__).resolve().parent.parent
SET = load_set(ROOT / "cards" / "frantic-base")


class Script:
    """Answers each decision with the next scripted label or value; when the script is spent,
    the first option (``rest="first"``) or an error naming the decision."""

    def __init__(self, answers: list[Any], rest: str = "error") -> None:
        self.answers = list(answers)
        self.rest = rest
        self.asked: list[Decision] = []

    def decide(self, game: Any, decision: Decision) -> int:
        self.asked.append(decision)
        options = decision.options
        if not self.answers:
            if self.rest == "first":
                return 0
            raise AssertionError(f"unscripted decision of seat {decision.player}: "
                                 f"{decision.context} {[o.label for o in options]}")
        want = self.answers.pop(0)
        for i, o in enumerate(options):
            if o.value == want or o.label == want:
                return i
        raise AssertionError(f"{want!r} is not offered to seat {decision.player} "
                             f"({decision.context}): {[(o.label, o.value) for o in options]}")


def deal(hands: list[list[str]], top: str = "blue_5", *, answers: Sequence[Any] = (),
         events: tuple[str, ...] = (), rest: str = "error",
         switches: dict[str, Any] | None = None) -> tuple[FranticTable, Script]:
    """A table whose seats hold ``hands`` (card ids) and whose discard pile shows ``top``;
    ``events`` are turned first (the first of them first)."""
    script = Script(list(answers), rest)
    table = laid_table(hands, top, script, switches)
    for event_id in reversed(events):
        event = next(e for e in table.events if e.id == event_id)
        table.events.remove(event)
        table.events.append(event)
    table.check_invariants()
    return table, script


def ids(table: FranticTable, seat: int) -> list[str]:
    return sorted(c.id for c in table.players[seat].hand)


def sizes(table: FranticTable) -> list[int]:
    return [len(p.hand) for p in table.players]


# -- F5 matching --------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "top", "wish", "ok"), [
    ("blue_3", "red_3", None, True),  # F5.1 the same number
    ("blue_3", "blue_8", None, True),  # F5.1 the same colour
    ("blue_3", "red_4", None, False),
    ("black_5", "red_5", None, True),  # F5.2 black on the same number
    ("black_5", "red_4", None, False),
    ("red_4", "black_4", None, True),  # F5.3 black is covered by its number
    ("red_4", "black_5", None, False),
    ("black_5", "black_4", None, False),
    ("fantastic", "black_4", None, True),  # F5.5 a wish special on anything
    ("gift_red", "gift_blue", None, True),  # F5.4 the same symbol
    ("gift_red", "skip_blue", None, False),
    ("gift_red", "red_2", None, True),  # F5.4 the same colour
    ("green_2", "fantastic", "green", True),  # F5.1 the wished colour
    ("red_2", "fantastic", "green", False),
    ("red_7", "fantastic", 7, True),  # F7.2 a wished number
    ("black_7", "fantastic", 7, True),
    ("black_7", "fantastic", "green", False),  # F7.7 a colour wish does not make black match
    ("skip_green", "fantastic", "green", True),
])
def test_f5_which_card_goes_on_which(card: str, top: str, wish: Any, ok: bool) -> None:
    table, _ = deal([[card], []], top)
    table.wish = wish
    assert matches(table, table.players[0].hand[0], 1) is ok


def test_f8_1_fuck_you_only_with_ten_cards_and_under_the_top_card() -> None:
    nine = ["red_1", "red_2", "red_3", "red_4", "red_6", "red_7", "red_8", "red_9", "green_1"]
    table, _ = deal([["fuck_you", *nine[:8]], ["blue_1"]])
    assert not matches(table, table.players[0].hand[0], 9)
    table, _ = deal([["fuck_you", *nine], ["blue_1"]], answers=["fuck_you"])
    match.take_turn(table, 0)
    assert [c.id for c in table.discard] == ["fuck_you", "blue_5"]  # play goes on on Blue 5
    assert len(table.players[0].hand) == 9


# -- F3 the turn --------------------------------------------------------------------------------


def test_f3_2_draw_then_play_the_card_drawn() -> None:
    table, script = deal([["red_1"], ["green_1"]], answers=["blue_9"])
    card = next(c for c in table.draw_pile if c.id == "blue_9")
    table.draw_pile.remove(card)
    table.draw_pile.append(card)
    match.take_turn(table, 0)  # nothing matches: the draw is not asked, the play is
    assert table.discard[-1].id == "blue_9" and ids(table, 0) == ["red_1"]
    assert [o.label for o in script.asked[0].options][-1] == "pass"


def test_f4_1_drawing_from_an_empty_pile_ends_the_round() -> None:
    table, _ = deal([["red_1"], ["green_1"]])
    table.draw_pile.clear()
    match.take_turn(table, 0)
    assert table.round_over == "empty_pile"


# -- F6 one-colour specials --------------------------------------------------------------------


def test_f6_3_gift_gives_two_cards_of_your_choice_to_the_victim() -> None:
    table, _ = deal([["gift_blue", "red_1", "red_2", "green_3"], ["blue_1"], ["blue_2"]],
                    answers=["gift_blue", Seat(2), "red_1", "green_3"])
    match.take_turn(table, 0)
    assert ids(table, 0) == ["red_2"] and ids(table, 2) == ["blue_2", "green_3", "red_1"]


def test_f7_4_counterattack_makes_the_gift_the_victims() -> None:
    table, _ = deal([["gift_blue", "red_1", "red_2"], ["blue_1"], ["counterattack", "green_7",
                                                                   "green_8"]],
                    answers=["gift_blue", Seat(2), "counterattack", "yellow", Seat(1),
                             "green_7", "green_8"])
    match.take_turn(table, 0)
    assert ids(table, 0) == ["red_1", "red_2"]  # the attacker gave nothing
    assert ids(table, 1) == ["blue_1", "green_7", "green_8"] and ids(table, 2) == []
    assert [c.id for c in table.discard][-1] == "counterattack" and table.wish == "yellow"
    assert table.plays == {"gift_blue": 1, "counterattack": 1}


def test_f7_4_counterattack_makes_fantastic_four_the_victims() -> None:
    table, _ = deal([["fantastic_four", "red_1"], ["blue_1"], ["counterattack", "green_1"]],
                    answers=["fantastic_four", Seat(1), Seat(2), Seat(2), Seat(2),
                             "counterattack", "red", Seat(0), Seat(0), Seat(0), Seat(0), 3])
    match.take_turn(table, 0)
    assert sizes(table) == [5, 1, 1]  # seat 2's deal: all four to seat 0, before anyone drew
    assert table.wish == 3  # then Fantastic Four's own wish, by its player


def test_f7_4_counterattack_answers_equality() -> None:
    table, _ = deal([["equality", "red_1", "red_2", "red_3", "red_4"],
                     ["counterattack", "blue_3", "blue_4"], ["blue_1"]],
                    answers=["equality", 0, Seat(1), "counterattack", "blue", "green"])
    match.take_turn(table, 0)
    # seat 1's now: seat 2, the one player with fewer cards than seat 1, draws to 2
    assert sizes(table) == [4, 2, 2] and table.wish == "green"


def aims(table: FranticTable) -> list[tuple[int, int, str, int]]:
    """What the table's flow hears of specials aimed inside a move (F7.4): for each
    ``targeted``, the effect's player, its victim, its name and how often it was redirected.
    Written through the table's journal, so what the engine's search only tried is undone."""
    heard: list[tuple[int, int, str, int]] = []

    def hear(flow: Any, event: FlowEvent) -> None:
        assert isinstance(event.source, Pending)
        table.put(heard, (event.seat, event.that, event.source.name, event.source.aimed))

    table.flow.listen(TARGETED, hear)
    return heard


def reacts(script: Script) -> list[tuple[int, tuple[str, ...]]]:
    return [(d.player, d.labels) for d in script.asked if d.kind is Kind.REACT]


def test_f7_4_a_special_is_on_the_flows_stack_and_each_counter_redirects_it() -> None:
    """Issue 33 item 4: the Gift is an effect on the flow's stack aimed at its victim; a
    Counterattack answers in the flow's ``targeted`` window and redirects it (as if its
    player had played it), aimed anew, so the redirect is itself countered."""
    table, script = deal([["gift_blue", "counterattack", "red_1", "red_2"],
                          ["counterattack", "green_7", "green_8"], ["blue_1"]],
                         answers=["gift_blue", Seat(1), "counterattack", "yellow", Seat(0),
                                  "counterattack", "red", Seat(2), "red_1"])
    heard = aims(table)
    match.take_turn(table, 0)
    assert heard == [(0, 1, "Gift", 0), (1, 0, "Gift", 1), (0, 2, "Gift", 2)]
    assert reacts(script) == [(1, ("take it", "Counterattack")), (0, ("take it", "Counterattack"))]
    assert table.flow.stack == [] and ids(table, 2) == ["blue_1", "red_1", "red_2"]
    assert table.wish == "red" and not script.answers


def test_f7_4_equality_countered_inside_a_searched_move_asks_once() -> None:
    """Equality's move holds an `or`, so the engine tries its answers: the ``targeted``
    window is a choice point of that search, its question asked once, as the move's."""
    table, script = deal([["equality", "red_1", "red_2", "red_3", "red_4"],
                          ["counterattack", "blue_3", "blue_4"], ["blue_1"]],
                         answers=["equality", 0, Seat(1), "counterattack", "blue", "green"])
    heard = aims(table)
    match.take_turn(table, 0)
    assert heard == [(0, 1, "Equality", 0), (1, 2, "Equality", 1)]
    assert reacts(script) == [(1, ("take it", "Counterattack"))]
    assert sizes(table) == [4, 2, 2] and table.flow.stack == []


def test_f7_4_a_countered_deal_is_cancelled_and_dealt_anew_by_the_victim() -> None:
    """Fantastic Four aimed at several victims (F7.8): the first who counters cancels it
    before anyone draws and deals it anew, an effect of their own (its victim, seat 0, holds
    no Counterattack: nobody is asked)."""
    table, script = deal([["fantastic_four", "red_1"], ["blue_1"], ["counterattack", "green_1"]],
                         answers=["fantastic_four", Seat(1), Seat(2), Seat(2), Seat(2),
                                  "counterattack", "red", Seat(0), Seat(0), Seat(0), Seat(0), 3])
    heard = aims(table)
    match.take_turn(table, 0)
    assert heard == [(0, 2, "Fantastic Four", 0), (2, 0, "Fantastic Four", 0)]
    assert reacts(script) == [(2, ("take it", "Counterattack"))]
    assert sizes(table) == [5, 1, 1] and table.flow.stack == []


def test_f6_2_exchange_gives_two_then_takes_two_face_down() -> None:
    table, _ = deal([["exchange_blue", "red_1", "red_2"], ["green_1", "green_2", "green_3"]],
                    answers=["exchange_blue", "red_1"])  # one victim, then one card left: not asked
    match.take_turn(table, 0)
    assert len(ids(table, 0)) == 2 and all(i.startswith("green") for i in ids(table, 0))
    assert "red_1" in ids(table, 1) and "red_2" in ids(table, 1) and len(ids(table, 1)) == 3


def test_f6_4_skip_the_victim_misses_their_next_turn() -> None:
    table, script = deal([["skip_blue", "red_1"], ["blue_1"], ["blue_2"]],
                         answers=["skip_blue", Seat(1)])
    match.take_turn(table, 0)
    assert table.players[1].skipped and table.flow.clock.skips == (0, 1, 0)
    asked = len(script.asked)
    assert match.play_turns(table, 1, limit=1) == 1  # the flow's turn: skipped
    assert len(script.asked) == asked and not table.players[1].skipped
    assert ids(table, 1) == ["blue_1"] and table.flow.clock.skipping


def test_f6_1_second_chance_play_a_second_card_or_draw() -> None:
    table, _ = deal([["second_chance_blue", "blue_2", "red_9"], ["green_1"]],
                    answers=["second_chance_blue", "play", "blue_2"])
    match.take_turn(table, 0)
    assert [c.id for c in table.discard][-2:] == ["second_chance_blue", "blue_2"]
    assert ids(table, 0) == ["red_9"]


def test_f6_1_second_chance_must_play_when_a_card_matches() -> None:
    table, script = deal([["second_chance_blue", "blue_2", "red_9"], ["green_1"]],
                         answers=["second_chance_blue"],
                         switches={"frantic.second_chance": "must_play"})
    match.take_turn(table, 0)  # Blue 2, the one card that matches, is played: nothing asked
    assert [c.id for c in table.discard][-1] == "blue_2" and len(script.asked) == 1
    table, _ = deal([["second_chance_blue", "red_9"], ["green_1"]],
                    answers=["second_chance_blue", "draw"],
                    switches={"frantic.second_chance": "must_play"})
    match.take_turn(table, 0)
    assert len(ids(table, 0)) == 2


def test_f6_1_second_chance_with_nothing_to_play_draws() -> None:
    table, script = deal([["second_chance_blue", "red_9"], ["green_1"]],
                         answers=["second_chance_blue", "draw"])
    match.take_turn(table, 0)
    assert len(ids(table, 0)) == 2
    assert script.asked[-1].excluded and script.asked[-1].excluded[0][0] == "play"


# -- F7 wish specials --------------------------------------------------------------------------


def test_f7_3_fantastic_four_shares_four_draws_then_wishes() -> None:
    table, _ = deal([["fantastic_four", "red_1"], ["blue_1"], ["blue_2"]],
                    answers=["fantastic_four", Seat(1), Seat(1), Seat(2), Seat(1), 4])
    match.take_turn(table, 0)
    assert sizes(table) == [1, 4, 2] and table.wish == 4


def test_f7_5_equality_the_player_with_fewer_draws_to_yours() -> None:
    table, _ = deal([["equality", "red_1", "red_2", "red_3", "red_4"], ["blue_1"],
                     ["blue_2", "blue_3"]],
                    answers=["equality", 0, Seat(1), "green"])
    match.take_turn(table, 0)
    assert sizes(table) == [4, 4, 2] and table.wish == "green"


def test_f7_5_equality_with_nobody_holding_fewer_only_wishes() -> None:
    table, script = deal([["equality", "red_1"], ["blue_1", "blue_2"]],
                         answers=["equality", "nothing", "red"])
    match.take_turn(table, 0)
    assert sizes(table) == [1, 2] and table.wish == "red"


def test_f7_6_nice_try_the_emptied_hand_draws_three() -> None:
    table, _ = deal([["blue_2"], ["green_1"], ["nice_try", "red_4"]],
                    answers=["blue_2", "nice_try", "green"])
    match.take_turn(table, 0)
    assert sizes(table) == [0, 1, 2]
    table.flow.fire(FlowEvent(HANDS_EMPTIED, seat=0))  # as the turn's end fires it
    assert sizes(table) == [3, 1, 1] and table.wish == "green"
    assert [c.id for c in table.discard][-1] == "nice_try"


# -- F9 events ---------------------------------------------------------------------------------

FOUR = [["black_5", "red_1"], ["blue_1", "blue_2"], ["green_1", "green_2", "green_3"],
        ["yellow_1"]]


def trigger(event: str, hands: list[list[str]] = FOUR, answers: Sequence[Any] = (),
            rest: str = "first", top: str = "red_5") -> FranticTable:
    """Seat 0 plays Black 5 on ``top``: ``event`` is turned (F5.2, F9.1)."""
    table, _ = deal(hands, top, answers=["black_5", *answers], events=(event,), rest=rest)
    match.take_turn(table, 0)
    assert table.events_done[-1].id == event
    table.check_invariants()
    return table


def test_f9_2_the_order_of_every_player_starts_with_the_next() -> None:
    table, _ = deal(FOUR)
    assert table.order_from(0) == (3, 2, 1, 0)  # F2.6 counter-clockwise, the actor last


def test_f9_9_expansion_draws_by_place() -> None:
    assert sizes(trigger("expansion")) == [1 + 4, 2 + 3, 3 + 2, 1 + 1]


def test_f9_2_clockwise_events_start_on_the_other_side() -> None:
    table, _ = deal(FOUR, "red_5", answers=["black_5"], events=("expansion",),
                    switches={"frantic.event_order": "clockwise"})
    match.take_turn(table, 0)
    assert sizes(table) == [1 + 4, 2 + 1, 3 + 2, 1 + 3]
    assert table.order_from(0) == (3, 2, 1, 0)  # play goes on counter-clockwise


def test_f9_7_thirdtime_lucky() -> None:
    assert sizes(trigger("thirdtime_lucky")) == [4, 5, 6, 4]


def test_f9_11_charity_everyone_else_takes_one_from_each_of_the_most() -> None:
    hands = [["black_5", "red_1", "red_2"], ["blue_1", "blue_2", "blue_3"],
             ["green_1", "green_2", "green_3"], ["yellow_1"]]
    assert sizes(trigger("charity", hands)) == [4, 1, 1, 3]


def test_f9_7_communism_everyone_draws_to_the_most() -> None:
    assert sizes(trigger("communism")) == [3, 3, 3, 3]


def test_f10_2_doomsday_fifty_each_and_the_hands_not_counted() -> None:
    table = trigger("doomsday")
    assert table.round_over and [p.vp for p in table.players] == [50] * 4
    assert match.score_round(table) == [0, 0, 0, 0]


def test_f9_10_earthquake_every_hand_to_the_next_at_once() -> None:
    table = trigger("earthquake")
    # seat s gives to the next, seat s - 1: seat 0's Red 1 reaches seat 3
    assert ids(table, 3) == ["red_1"] and ids(table, 2) == ["yellow_1"]
    assert ids(table, 1) == ["green_1", "green_2", "green_3"] and ids(table, 0) == [
        "blue_1", "blue_2"]


def test_f9_3_robin_hood_the_most_swaps_with_the_fewest() -> None:
    table = trigger("robin_hood")
    # seats 0 and 3 hold one card each: the first in turn order from seat 0 (F9.3) is seat 3
    assert ids(table, 2) == ["yellow_1"] and ids(table, 3) == ["green_1", "green_2", "green_3"]


def test_f9_7_mexican_standoff_all_under_the_top_then_three() -> None:
    table = trigger("mexican_standoff")
    assert sizes(table) == [3, 3, 3, 3] and table.discard[-1].id == "black_5"


def test_f9_9_recession_discards_by_place() -> None:
    hands = [["black_5", "red_1", "red_2", "red_3", "red_4"], ["blue_1", "blue_2", "blue_3"],
             ["green_1", "green_2", "green_3"], ["yellow_1", "yellow_2"]]
    table = trigger("recession", hands)
    assert sizes(table) == [0, 0, 1, 1] and table.discard[-1].id == "black_5"


def test_f9_4_vandalism_the_last_colour_goes() -> None:
    hands = [["black_5", "red_1", "blue_7"], ["red_2", "red_3"], ["green_1"], ["yellow_1"]]
    table, _ = deal(hands, "red_5", answers=["black_5"], events=("vandalism",))
    table.last_colour = "red"
    match.take_turn(table, 0)
    assert sizes(table) == [1, 0, 1, 1] and table.discard[-1].id == "black_5"


def test_f9_4_mating_season_doubles_go() -> None:
    hands = [["black_5", "red_1", "blue_1", "black_1", "green_2"], ["blue_2", "red_3"],
             ["green_1"], ["yellow_1"]]
    table = trigger("mating_season", hands)
    assert ids(table, 0) == ["green_2"] and sizes(table)[1:] == [2, 1, 1]


def test_f9_13_gambling_man_the_second_lowest_takes_the_stakes() -> None:
    hands = [["black_5", "red_9"], ["blue_1"], ["green_3"], ["yellow_2"]]
    table = trigger("gambling_man", hands)
    # stakes 2 (seat 3), 3 (seat 2), 1 (seat 1), 9 (seat 0): the second lowest is seat 3's 2
    assert ids(table, 3) == ["blue_1", "green_3", "red_9", "yellow_2"]


def test_f9_7_market_each_takes_one() -> None:
    assert sizes(trigger("market")) == [2, 3, 4, 2]


def test_f9_7_tornado_deals_every_card_again_from_the_next() -> None:
    table = trigger("tornado")
    assert sizes(table) == [1, 2, 2, 2]  # 7 cards from seat 3 on: 3, 2, 1, 0, 3, 2, 1


def test_f9_10_surprise_party_one_card_to_each_other_player() -> None:
    hands = [["black_5", "red_1", "red_2", "red_3"], ["blue_1", "blue_2", "blue_3"],
             ["green_1", "green_2", "green_3"], ["yellow_1", "yellow_2", "yellow_3"]]
    table = trigger("surprise_party", hands)
    assert sizes(table) == [3, 3, 3, 3]
    for seat, colour in enumerate(["red", "blue", "green", "yellow"]):
        assert not any(i.startswith(colour) for i in ids(table, seat))  # passed at once


def test_f9_12_merry_christmas_every_card_to_others() -> None:
    table = trigger("merry_christmas")
    assert sum(sizes(table)) == 7
    for seat, colour in enumerate(["red", "blue", "green", "yellow"]):
        assert not any(i.startswith(colour) for i in ids(table, seat))


@pytest.mark.parametrize("event", ["friday_the_13th", "the_all_seeing_eye"])
def test_f9_7_events_that_change_nothing(event: str) -> None:
    assert sizes(trigger(event)) == [1, 2, 3, 1]


def test_f4_1_finish_line_ends_the_round_counted() -> None:
    table = trigger("finish_line")
    assert table.round_over and match.score_round(table) == [1, 3, 6, 1]


def test_f9_14_time_bomb_three_turns_then_points_doubled() -> None:
    table = trigger("time_bomb")
    assert table.bomb == 3
    table, _ = deal(FOUR, "red_5", answers=["black_5"], events=("time_bomb",), rest="first",
                    switches={"frantic.time_bomb_turns": "table_rounds"})
    match.take_turn(table, 0)
    assert table.bomb == 3 * 4
    hands = [["black_5", "red_1"], ["blue_1", "blue_2"], ["green_1", "green_2", "green_3"],
             ["yellow_1"]]
    table, _ = deal(hands, "red_5", answers=["black_5"], events=("time_bomb",), rest="first")
    for c in table.draw_pile:  # what the players draw is a Blue 9, which matches nothing
        c.colours, c.number, c.kind, c.points = ("blue",), 9, "number", 9
        c.hand, c.action, c.under, c.symbol = None, None, False, ""
    turns = match.play_turns(table, 0, limit=10)
    assert turns == 4 and table.bomb_exploded
    assert match.score_round(table) == [2 * 1, 2 * 12, 2 * 15, 2 * 10]


# -- F2, F4 rounds and the game ----------------------------------------------------------------


def test_f2_3_f2_5_a_round_deals_seven_and_plays_the_first_card() -> None:
    table = new_table(SET, 5, seed=3, asker=Script([], rest="first"))
    match.deal_round(table, 0)
    table.check_invariants()
    assert sum(table.plays.values()) >= 1 and len(table.discard) >= 1
    assert sum(sizes(table)) + len(table.draw_pile) + len(table.discard) == 125


def test_f2_4_the_round_loser_deals_next() -> None:
    table = new_table(SET, 4, seed=3)
    assert match.next_dealer(table, 0, [5, 9, 9, 1]) == 2  # ties: first from the dealer's next
    assert match.next_dealer(table, 1, [5, 9, 9, 1]) == 1


def test_f4_4_the_game_ends_at_the_limit_and_the_lowest_wins() -> None:
    table = new_table(SET, 5, seed=3, asker=Script([], rest="first"))
    out = match.play_game(table)
    assert max(out.scores) >= 137 and out.winners == tuple(
        i for i, s in enumerate(out.scores) if s == min(out.scores))
    assert 1 <= table.rounds <= match.MOST_ROUNDS


def test_f2_3_hand_size_is_a_switch_from_four() -> None:
    with pytest.raises(ValueError, match="at least 4"):
        new_table(SET, 3, switches={"frantic.hand_size": 3})
    table = new_table(SET, 3, seed=1, asker=Script([], rest="first"),
                      switches={"frantic.hand_size": 4})
    match.deal_round(table, 0)
    assert sum(sizes(table)) <= 3 * 4 + 4  # Fantastic Four turned first deals 4 more


def test_every_card_is_in_one_place_after_every_decision_and_turn() -> None:
    from fortlang.sim.module_games import ModuleSeats, make_agent
    for seed in range(6):
        agents = [make_agent("random" if i % 2 else "greedy", seed * 10 + i, SET.cards)
                  for i in range(5)]
        out = match.run_game(SET, 5, seed=seed, asker=ModuleSeats(agents), debug=True)
        assert out.turns > 0



def test_every_switch_the_module_reads_is_a_reading_of_the_digest() -> None:
    digest = (ROOT / "docs" / "games" / "frantic.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(frantic\.\w+)` \|", digest, re.M))
    assert set(SWITCHES) <= listed


@pytest.mark.parametrize(("switch", "value", "expected"), [
    ("frantic.limit", "over", False), ("frantic.limit", "at_least", True),
    ("frantic.points_limit", 200, False)])
def test_f4_4_the_limit_switches(switch: str, value: Any, expected: bool) -> None:
    table = new_table(SET, 5, switches={switch: value})
    table.players[2].vp = 137
    assert match.game_over(table) is expected


def test_f9_14_a_player_who_finishes_before_the_bomb_scores_minus_ten() -> None:
    table, _ = deal([["blue_2"], ["green_1"], ["red_4", "red_6"]], answers=["blue_2"])
    table.bomb = 2
    assert match.play_turns(table, 0, limit=5) == 1
    assert table.round_over == "empty_hand" and not table.bomb_exploded
    assert match.score_round(table) == [-10, 1 + 10, 10 + 10]


def test_f11_3_reverse_until_next_turn_turns_back_after_that_turn() -> None:
    """Supercharge's Looping (`reverse until_next_turn`), performed on a base table."""
    from fortlang.engine.perform import perform
    from fortlang.games.frantic.vocabulary import VOCABULARY
    from fortlang.parser import language
    table, _ = deal([["red_1"], ["red_2"], ["red_3"]], "green_9", rest="first")
    assert perform(table, 0, language(VOCABULARY).parse_action("reverse until_next_turn"))
    assert table.next_seat(0) == 1  # clockwise now
    match.play_turns(table, 1, limit=1)  # another player's turn: still reversed
    assert table.play_direction == 1 and table.reversed_by == 0
    match.play_turns(table, 0, limit=1)  # seat 0's next turn: play turns back after it
    assert table.play_direction == -1 and table.reversed_by == -1


def _looping(table: FranticTable, seat: int) -> None:
    from fortlang.engine.perform import perform
    from fortlang.games.frantic.vocabulary import VOCABULARY
    from fortlang.parser import language
    assert perform(table, seat, language(VOCABULARY).parse_action("reverse until_next_turn"))


def test_f11_3_looping_is_a_lasting_effect_of_the_flow_until_its_players_turn_ends() -> None:
    """Looping lasts until its player's next turn is over (F11.3): a lasting effect of the
    flow, counting that seat's ``turn_end`` (the spec declares it), that turns play back as it
    expires; none is left once it has."""
    from fortlang.flow import EventPattern
    from fortlang.flow.events import TURN_END
    from fortlang.games.frantic.flow import FRANTIC_FLOW, LOOPING
    table, _ = deal([["red_1"], ["red_2"], ["red_3"]], "green_9", rest="first")
    _looping(table, 0)
    (lasting,) = [x for x in table.flow.lasting if x.effect == LOOPING]
    assert lasting.owner == 0 and lasting.until == EventPattern(TURN_END, owner_only=True)
    assert [e.until for e in FRANTIC_FLOW.lasting if e.name == LOOPING] == [lasting.until]
    match.play_turns(table, 1, limit=1)
    assert table.flow.active(LOOPING) and table.play_direction == 1
    match.play_turns(table, 0, limit=1)
    assert not table.flow.active(LOOPING) and table.play_direction == -1


def test_f11_3_a_second_looping_cancels_the_first_in_the_turn_it_would_end_too() -> None:
    """Seat 0's Looping would end with its next turn; another Looping as that turn begins
    cancels it (both reversals undone): play goes on counter-clockwise, nothing turns it back
    at the turn's end."""
    table, _ = deal([["red_1"], ["red_2"], ["red_3"]], "green_9", rest="first")
    _looping(table, 0)
    match.play_turns(table, 1, limit=1)
    table.flow.listen("turn_start", lambda flow, event: _looping(table, 1)
                      if event.seat == 0 else None)
    match.play_turns(table, 0, limit=1)
    assert table.play_direction == -1 and table.reversed_by == -1
    assert table.flow.lasting == []



def test_f11_3_looping_tried_inside_a_searched_move_is_undone_with_it() -> None:
    """A search tries Looping (can_perform) and rolls it back: no lasting effect is left, play
    goes the way it went; tried while one lasts, the cancelled Looping comes back (F11.3)."""
    from fortlang.engine.perform import can_perform
    from fortlang.games.frantic.flow import LOOPING
    from fortlang.games.frantic.vocabulary import VOCABULARY
    from fortlang.parser import language
    looping = language(VOCABULARY).parse_action("reverse until_next_turn")
    table, _ = deal([["red_1"], ["red_2"], ["red_3"]], "green_9", rest="first")

    def state() -> tuple:
        return (table.play_direction, table.flow.clock.direction,
                [(x.effect, x.owner, x.left) for x in table.flow.lasting])

    before = state()
    assert can_perform(table, 0, looping)
    assert state() == before and not table.flow.active(LOOPING)
    _looping(table, 0)
    lasting = state()
    assert lasting != before and table.flow.active(LOOPING)
    assert can_perform(table, 1, looping)  # would cancel it: tried, then undone
    assert state() == lasting and table.flow.active(LOOPING)
    match.play_turns(table, 1, limit=1)
    match.play_turns(table, 0, limit=1)
    assert not table.flow.active(LOOPING) and state()[0] == before[0]

def snapshot(table: FranticTable) -> tuple:
    places = tuple(tuple(c.uid for c in place) for place in table.places())
    seats = tuple((p.vp, p.skipped, p.finished) for p in table.players)
    flags = (table.wish, table.last_colour, table.origin, table.in_event, table.round_over,
             table.uncounted, table.bomb, table.play_direction, table.reversed_by,
             table.countered_by, table.event_sizes, dict(table.plays))
    return places, seats, flags, tuple(e.uid for e in table.events), len(table.events_done)


@pytest.mark.parametrize("card", sorted({c.id for c in SET.cards if "action" in c.texts
                                        or "reaction" in c.texts}))
def test_trying_a_text_leaves_the_table_as_it_was(card: str) -> None:
    """Every effect changes the table through the journal only: a search that tries a card's
    text (and, for a black number, each event in turn) undoes all of it."""
    from fortlang.engine.perform import can_perform
    hands = [["red_1", "red_2", "counterattack", "blue_5", "black_1", "black_2"],
             ["blue_1", "blue_2", "green_3"], ["green_1"], ["yellow_1"]]
    texts = [t for c in SET.cards if c.id == card for t in c.texts.values()]
    for event in [e.id for e in SET.cards if e.kind == "event"][:20 if "black" in card else 1]:
        table, _ = deal(hands, "red_5", events=(event,))
        before = snapshot(table)
        for text in texts:
            can_perform(table, 0, text)
            assert snapshot(table) == before, (card, event)
