"""Frantic on the core's flow runtime (issue 33 item 4; docs/games/frantic.md F2-F4, F6.4, F7.6;
design §5): its rounds, turns, skipped turns, direction of play and Nice Try's window are the
flow's, and it plays exactly as its own loop did before (the golden of
``tests/frantic_golden.py``, recorded by that loop)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from frantic_golden import GOLDEN, all_games
from frantic_tables import laid_table

from fortlang.cardset.load import load_set
from fortlang.engine.choices import Decision, Kind, Option, RandomAgent, Seat
from fortlang.flow import Flow, FlowEvent
from fortlang.flow.events import ROUND_END, ROUND_START, TURN_END, TURN_START
from fortlang.games.frantic import match
from fortlang.games.frantic.flow import FRANTIC_FLOW, NICE_TRY_PROMPT, Answer
from fortlang.games.frantic.table import FranticTable, new_table

ROOT = Path(__file__).resolve().parent.parent
SET = load_set(ROOT / "cards" / "frantic-base")


class Asker:
    """Random answers (or scripted ones first, by label or value); every decision is kept in
    ``asked`` and, with the events heard, in ``story``."""

    def __init__(self, seed: int, script: list[Any] | None = None) -> None:
        self.rng = RandomAgent(seed)
        self.script = list(script or [])
        self.asked: list[Decision] = []
        self.story: list[tuple[Any, ...]] = []

    def decide(self, game: Any, decision: Decision) -> int:
        self.asked.append(decision)
        self.story.append(("ask", decision.player))
        if self.script:
            want = self.script.pop(0)
            return next(i for i, o in enumerate(decision.options)
                        if o.value == want or o.label == want)
        return int(self.rng.choose(None, decision))

    def hear(self, flow: Flow, *names: str) -> None:
        for name in names:
            flow.listen(name, lambda f, e: self.story.append((e.name, e.seat, e.skipped)))


def laid(hands: list[list[str]], top: str, asker: Asker) -> FranticTable:
    """A table whose seats hold ``hands`` (card ids) on ``top``."""
    return laid_table(hands, top, asker)


def test_frantic_plays_as_its_own_loop_did_before_it_ran_on_the_flow() -> None:
    """Every decision (options, values, context) and outcome of eight seeded games, 2 to 6
    players, equal to what Frantic's hand-written loop asked and scored."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    played = json.loads(json.dumps(all_games()))
    assert [(g["players"], g["seed"]) for g in played] == \
        [(g["players"], g["seed"]) for g in golden]
    for now, then in zip(played, golden, strict=True):
        assert now == then, f"{now['players']} players, seed {now['seed']}"


def test_a_frantic_game_is_played_by_its_flow() -> None:
    """A listener on the table's flow hears every round begin and end (dealt by the dealer,
    F2.4) and every turn; the outcome's turns are the flow's clock's."""
    asker = Asker(5)
    table = new_table(SET, 4, seed=3, asker=asker)
    assert table.flow.spec is FRANTIC_FLOW
    asker.hear(table.flow, ROUND_START, ROUND_END, TURN_START, TURN_END)
    dealers: list[int] = []
    table.flow.listen(ROUND_START, lambda f, e: dealers.append(f.table.dealer))
    out = match.play_game(table)
    names = [s[0] for s in asker.story]
    assert names.count(ROUND_START) == names.count(ROUND_END) == table.rounds \
        == table.flow.clock.round >= 2
    assert names.count(TURN_START) == names.count(TURN_END) == out.turns == \
        table.flow.clock.turn
    starts = [s[1] for s in asker.story if s[0] == ROUND_START]
    assert starts == dealers and starts[0] == 0
    assert max(out.scores) >= 154 and out.winners == match.winners(table)


def test_a_skipped_turn_is_the_flows_skip() -> None:
    """F6.4: Skip aims at seat 1, whose next turn the clock skips: the flow fires its
    ``turn_start`` and ``turn_end`` (F11.3: it counts) and asks nothing in between."""
    asker = Asker(1, ["skip_blue", Seat(1)])
    table = laid([["skip_blue", "red_1"], ["blue_1", "blue_2"], ["blue_3", "green_4"]], "blue_5",
                 asker)
    asker.hear(table.flow, TURN_START, TURN_END)
    table.flow.listen(TURN_START, lambda f, e: asker.story.append(("skips", f.clock.skips)))
    assert match.play_turns(table, 0, limit=1) == 1
    assert table.flow.clock.skips == (0, 1, 0) and table.players[1].skipped
    asker.story.clear()
    assert match.play_turns(table, 1, limit=1) == 1
    assert asker.story == [("turn_start", 1, True), ("skips", (0, 0, 0)),
                           ("turn_end", 1, True)]
    assert not table.players[1].skipped and len(table.players[1].hand) == 2


def test_the_direction_of_play_is_the_flows_cycle() -> None:
    """F2.6: play starts counter-clockwise; the table's direction is the clock's, so a
    reversal of the flow sends the next turn the other way."""
    asker = Asker(2)
    table = laid([["red_1"], ["red_2"], ["red_3"]], "green_9", asker)
    asker.hear(table.flow, TURN_START)
    assert table.play_direction == table.flow.clock.direction == -1
    assert table.next_seat(0) == 2
    table.flow.reverse()
    assert table.play_direction == 1 and table.next_seat(0) == 1
    match.play_turns(table, 0, limit=2)
    assert [s[1] for s in asker.story if s[0] == TURN_START] == [0, 1]


def test_nice_try_is_asked_in_the_flows_window() -> None:
    """F7.6: seat 0 empties their hand; at the turn's end the flow opens the
    ``hands_emptied`` window, in which seat 2 plays Nice Try: seat 0 draws 3, the round goes
    on. The question is the one Frantic asked before (its prompt, ``pass`` as Answer.PASS)."""
    asker = Asker(3, ["blue_2", "nice_try", "green"])
    table = laid([["blue_2"], ["green_1"], ["nice_try", "red_4"]], "blue_5", asker)
    assert match.play_turns(table, 0, limit=1) == 1
    assert [len(p.hand) for p in table.players] == [3, 1, 1] and not table.round_over
    assert table.flow.windows_opened == 1 and table.flow.reactions_asked == 1
    react = asker.asked[1]
    assert react.kind is Kind.REACT and react.player == 2 and react.context == NICE_TRY_PROMPT
    assert react.options == (Option("pass", Answer.PASS), Option("Nice Try", "nice_try"))


def test_a_round_its_first_card_ends_plays_no_turn() -> None:
    """F2.5: when the deal's first card ends the round (here: it empties a hand), the flow
    plays no turn of it (``round_end_after_setup``): the round is scored and the next dealt."""
    asker = Asker(4)
    table = new_table(SET, 3, seed=2, asker=asker)
    deals: list[int] = []

    def first_deal_empties_a_hand(flow: Flow, event: FlowEvent) -> None:
        deals.append(flow.clock.turn)
        if len(deals) == 1:
            hand = flow.table.players[1].hand
            flow.table.draw_pile.extend(hand)
            hand.clear()

    table.flow.listen(ROUND_START, first_deal_empties_a_hand)
    asker.hear(table.flow, ROUND_END, TURN_START)
    match.play_game(table)
    before = asker.story[:[s[0] for s in asker.story].index(TURN_START)]
    assert [s for s in before if s[0] != "ask"] == [(ROUND_END, 0, False)]
    assert deals[:2] == [0, 0] and table.rounds >= 2


def test_a_second_nice_try_is_asked_of_the_seats_after_the_first_when_hands_stay_empty() -> None:
    """F7.6 with two Nice Try (a set may hold more than one) and an empty draw pile: seat 2's
    Nice Try leaves seat 0's hand empty, so the seats after seat 2 up to seat 0 are still
    asked, once each, as Frantic's loop asked them (seat 1 here), and seat 2 is not asked
    again."""
    asker = Asker(6, ["blue_2", "nice_try", "green", "pass"])
    table = laid([["blue_2"], ["red_4", "green_1"], ["nice_try", "red_6"]], "blue_5", asker)
    twin = next(c for c in table.players[1].hand if c.id == "red_4")
    nice = table.players[2].hand[0]
    twin.when, twin.reaction, twin.kind = nice.when, nice.reaction, nice.kind
    top = table.discard.pop()
    table.discard.extend(table.draw_pile)  # the draw pile has run out
    table.draw_pile.clear()
    table.discard.append(top)
    assert match.play_turns(table, 0, limit=1) == 1
    assert [(d.player, d.kind) for d in asker.asked] == [(0, Kind.PLAY), (2, Kind.REACT),
                                                        (2, Kind.PRIMITIVE), (1, Kind.REACT)]
    assert table.flow.windows_opened == 2 and table.round_over == "empty_pile"


def test_time_bomb_is_a_lasting_effect_of_the_flow_that_counts_a_skipped_turn() -> None:
    """F9.14, F11.3: Time Bomb, turned in seat 0's turn, lasts three more turns (not the one
    that set it), as a lasting effect of the flow counting ``turn_over``; seat 2's skipped turn
    is one of them; it goes off after the third, seat 0's, and ends the round."""
    from fortlang.games.frantic.flow import TIME_BOMB, TURN_OVER

    asker = Asker(8, ["black_5"])
    table = laid([["black_5", "red_1"], ["blue_1", "blue_2"], ["green_1", "green_2", "green_3"]],
                 "red_5", asker)
    bomb = next(e for e in table.events if e.id == "time_bomb")
    table.events.remove(bomb)
    table.events.append(bomb)
    for c in table.draw_pile:  # what the players draw is a Blue 9, which matches nothing
        c.colours, c.number, c.kind, c.points = ("blue",), 9, "number", 9
        c.hand, c.action, c.under, c.symbol = None, None, False, ""
    assert match.play_turns(table, 0, limit=1) == 1 and table.bomb == 3
    (lasting,) = table.flow.lasting
    assert lasting.effect == TIME_BOMB and lasting.until.name == TURN_OVER and lasting.left == 3
    table.flow.skip(2)
    asker.hear(table.flow, TURN_START)
    assert match.play_turns(table, 2, limit=10) == 3
    assert [s[1:] for s in asker.story if s[0] == TURN_START] == [(2, True), (1, False),
                                                                   (0, False)]
    assert table.bomb_exploded and table.round_over == "bomb" and table.flow.lasting == []
    assert table.bomb == 0
