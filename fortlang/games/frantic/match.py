"""Frantic's game (issue 34 item 3; docs/games/frantic.md F2-F4, F10): rounds of turns until
a total reaches the points limit; the lowest total wins. The core's flow runtime plays the
rounds and turns (issue 33 item 4): :mod:`.flow` declares them, this module holds the
functions it names (the round's set-up and end, the turn's phase, the listeners, Nice Try's
reactions).

A turn (F3) asks the player at the table's asker: play a matching card, or draw one and then
maybe play. A card played is one move of the engine (:func:`play_move`): the card onto the
discard pile and its action performed, in one transaction of the table's journal. Between
moves the flow's functions change the table itself (dealing, reshuffling the event deck,
scoring).

Everything is bounded: turns per round (:data:`MOST_TURNS`) and rounds per game
(:data:`MOST_ROUNDS`), so a game always ends whatever its cards."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import partial
from typing import Any

from fortlang import nodes as n
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.interpreter import Ctx
from fortlang.engine.perform import Wanted, debug_check, execute, perform
from fortlang.flow import Flow, FlowEvent, Reaction
from fortlang.flow.events import NO_SEAT
from fortlang.flow.spec import ANSWER
from fortlang.games.frantic.effects import draw_cards, play_card, playable
from fortlang.games.frantic.flow import HANDS_EMPTIED, MOST_ROUNDS, MOST_TURNS, TURN_OVER, Answer
from fortlang.games.frantic.table import FranticTable, PlayCard, new_table, points_limit
from fortlang.model import CardSet
from fortlang.module import Outcome

#: F9.14: Time Bomb's bonus for a player who empties their hand before it goes off.
BOMB_POINTS = 10


def needs_search(action: Any) -> bool:
    """Whether an action holds an `or` (Second Chance, Equality): its moves are judged by
    trying them (a branch that cannot be done in full is not offered, F6.1, F7.5); any other
    is performed as far as it goes, asking every option (nothing in it can fail)."""
    if isinstance(action, n.Choice):
        return True
    if dataclasses.is_dataclass(action):
        for fld in dataclasses.fields(action):
            value = getattr(action, fld.name)
            items = value if isinstance(value, tuple) else (value,)
            if any(isinstance(v, n.Action) and needs_search(v) for v in items):
                return True
    return False


def play_move(table: FranticTable, seat: int, card: PlayCard) -> None:
    """``seat`` plays ``card`` from their hand (F3.1): one move of the engine."""
    searched = needs_search(card.action)

    def start(ctx: Ctx) -> bool:
        ctx.context = card.name
        ctx.safe = not searched
        return play_card(ctx, card, Wanted(searched))

    execute(table, seat, start, leader=True, can_fail=False)


def reset_round(table: FranticTable) -> None:
    """Every card back in the draw pile and every event in the deck, both shuffled (F2.1);
    the round's state cleared."""
    for place in table.places():
        table.draw_pile.extend(c for c in place if place is not table.draw_pile)
        if place is not table.draw_pile:
            place.clear()
    table.draw_pile.sort(key=lambda c: c.uid)
    table.rng.shuffle(table.draw_pile)
    table.events.extend(table.events_done)
    table.events_done.clear()
    table.events.sort(key=lambda e: e.uid)
    table.rng.shuffle(table.events)
    clock = table.flow.clock
    clock.direction = -1  # F2.6; between moves, so not journaled
    clock.skips = (0,) * clock.seats
    table.wish = None
    table.last_colour = None
    table.round_over = ""
    table.uncounted = False
    table.flow.lasting.clear()  # Time Bomb (F9.14), Looping (F11.3); between moves: not journaled
    table.bomb_set_in_turn = False
    table.bomb_exploded = False
    table.in_event = False
    table.countered_by = -1
    for p in table.players:
        p.finished = False


def deal_round(table: FranticTable, dealer: int) -> None:
    """F2.3-F2.5: the hands dealt, the first card turned and played as if the dealer had
    played it (``frantic.first_card_chooser = dealer``). Fuck You turned first goes to the
    bottom of the pile and the next card is turned (``frantic.first_card_fuck_you =
    reshuffle``: it can be played on nothing)."""
    reset_round(table)
    deal_hands(table, dealer)


def deal_hands(table: FranticTable, dealer: int) -> None:
    """F2.3-F2.5 on the table as it lies: the hands dealt one card at a time from the top of
    the draw pile, from the dealer's next, and the first card turned and played (scenario
    files deal a pile given in order through this)."""
    size = int(table.switches["frantic.hand_size"])
    for _ in range(size):
        for seat in table.order_from(dealer):
            draw_cards(table, seat, 1)
    for _ in range(len(table.draw_pile)):
        if not table.draw_pile[-1].under:
            break
        table.draw_pile.insert(0, table.draw_pile.pop())
    if not table.draw_pile:
        return
    first = table.draw_pile.pop()
    chooser = dealer if table.switches["frantic.first_card_chooser"] == "dealer" \
        else table.next_seat(dealer)
    table.players[chooser].hand.append(first)  # played from the chooser's hand at once
    play_move(table, chooser, first)


def nice_tries(flow: Flow, event: FlowEvent, seat: int) -> Sequence[Reaction]:
    """F7.6: once hands have emptied and the turn's effects are over, a player holding Nice
    Try (``when: hands_emptied``) may play it out of turn (F3.4): the reactions ``seat`` holds
    in :data:`.flow.HANDS_EMPTIED`'s window. Asked again after a Nice Try that left a hand
    empty (the draw pile ran out), the window's ``that`` is the turn's seat: only the seats
    after the one who played it, up to the turn's seat, are asked (as each seat is asked once
    from the turn's next player)."""
    table: FranticTable = flow.table
    if all(p.hand for p in table.players):
        return ()
    if event.that != NO_SEAT:
        order = flow.clock.order_from(event.seat)
        if order.index(seat) > order.index(event.that):
            return ()
    return [Reaction(c.name, c.id, ANSWER, partial(play_nice_try, c))
            for c in table.players[seat].hand
            if c.when == "hands_emptied" and c.reaction is not None]


def play_nice_try(card: PlayCard, flow: Flow, event: FlowEvent, seat: int) -> None:
    """``seat`` plays ``card`` (Nice Try) out of turn: its reaction text (F7.6)."""
    table: FranticTable = flow.table
    p = table.players[seat]
    table.move(p.hand, p.hand.index(card), table.discard)
    table.plays[card.id] = table.plays.get(card.id, 0) + 1
    table.seat_plays[seat][card.id] = table.seat_plays[seat].get(card.id, 0) + 1
    table.wish = None
    table.origin = seat
    if card.reaction is not None:
        perform(table, seat, card.reaction, full=False)
    if any(not q.hand for q in table.players):  # the seats after this one may still answer
        turn = event.seat if event.that == NO_SEAT else event.that
        if seat != turn:
            flow.fire(FlowEvent(HANDS_EMPTIED, seat=seat, that=turn))


def take_turn(table: FranticTable, seat: int) -> None:
    """F3: play a matching card, or draw one and then maybe play one (a skipped player
    misses the turn, F6.4: the flow plays no phase of it)."""
    cards = playable(table, seat)
    options = (*(Option(c.name, c.id) for c in cards), Option("draw", Answer.DRAW))
    pick = table.ask(Decision(seat, Kind.PLAY, options, "play a matching card or draw (F3.1)")
                     ) if cards else len(cards)
    if pick < len(cards):
        play_move(table, seat, cards[pick])
        return
    draw_cards(table, seat, 1)  # F3.2; from an empty pile the round ends (F4.1)
    if table.round_over:
        return
    cards = playable(table, seat)
    if not cards:
        return
    options = (*(Option(c.name, c.id) for c in cards), Option("pass", Answer.PASS))
    pick = table.ask(Decision(seat, Kind.PLAY, options, "play a card after drawing (F3.2)"))
    if pick < len(cards):
        play_move(table, seat, cards[pick])


# -- the functions the flow names (.flow.FRANTIC_FLOW) ---------------------------------------


def play_phase(flow: Flow, seat: int) -> None:
    """A turn's only phase: :func:`take_turn`."""
    take_turn(flow.table, seat)


def first_seat(flow: Flow) -> int:
    """F2.4: the dealer plays first."""
    table: FranticTable = flow.table
    return table.dealer


def set_up_round(flow: Flow) -> None:
    """A round's set-up: the dealer's deal and first card (F2.1-F2.5)."""
    table: FranticTable = flow.table
    table.between_rounds = False
    table.round_turn0 = flow.clock.turn
    deal_round(table, table.dealer)


def round_ended(flow: Flow) -> bool:
    """F4.1, F7.6, F9.14: the round is over, or a hand is empty (the first card may have
    emptied one: the round then plays no turn); or it has played :data:`MOST_TURNS`."""
    table: FranticTable = flow.table
    return (bool(table.round_over) or any(not p.hand for p in table.players)
            or flow.clock.turn - table.round_turn0 >= MOST_TURNS)


def score_listener(flow: Flow, event: FlowEvent) -> None:
    """At ``round_end``: the round scored (F4.3), the next dealer found (F2.4)."""
    table: FranticTable = flow.table
    points = score_round(table)
    table.rounds += 1
    table.between_rounds = True
    table.dealer = next_dealer(table, table.dealer, points)


def game_ended(flow: Flow) -> bool:
    """F4.4, after a round: a total has reached the limit (or :data:`MOST_ROUNDS` were
    played). Never in the middle of a round (an event's points do not end it there)."""
    table: FranticTable = flow.table
    return table.between_rounds and (table.rounds >= MOST_ROUNDS or game_over(table))


def note_turn(flow: Flow, event: FlowEvent) -> None:
    """At ``turn_start`` (a skipped turn's too): a turn is under way (a Looping set in it
    does not end with it, F11.3: :func:`.flow.loop`)."""
    table: FranticTable = flow.table
    table.in_turn = True


def settle_turn(flow: Flow, event: FlowEvent) -> None:
    """At ``turn_end`` (a skipped turn's too; a Looping that ends with the turn has turned
    play back already, F11.3: the flow counts its lasting effects first): emptied hands open
    Nice Try's window (F7.6), then end the round (F4.1; F9.14: finished before the bomb went
    off); the round going on, :data:`.flow.TURN_OVER`, which Time Bomb counts (F9.14)."""
    table: FranticTable = flow.table
    debug_check(table)
    if any(not p.hand for p in table.players):
        flow.fire(FlowEvent(HANDS_EMPTIED, seat=event.seat))
        emptied = [p for p in table.players if not p.hand]
        if emptied:
            if table.bomb:  # F9.14: finished before the bomb went off
                for q in emptied:
                    q.finished = True
            table.round_over = table.round_over or "empty_hand"
    if not table.round_over:
        flow.fire(FlowEvent(TURN_OVER, seat=event.seat))
    table.bomb_set_in_turn = False
    table.in_turn = False


def play_turns(table: FranticTable, first: int, limit: int = MOST_TURNS) -> int:
    """Turns on the table as it lies, from ``first``'s, until the round ends (F4.1, F7.6,
    F9.14), at most ``limit``: the flow's turns without its deal (scenario files); how many
    were played."""
    flow = table.flow
    flow.clock.start_round(table, first)
    table.round_turn0 = flow.clock.turn
    turns = 0
    while turns < limit and not round_ended(flow):
        flow.play_turn()
        turns += 1
    return turns


def score_round(table: FranticTable) -> list[int]:
    """F4.3, F10: each hand's points added to its player's total (none with Doomsday;
    doubled when Time Bomb went off; -10 to a player who finished before it, 10 more to the
    others, F9.14). The round's points by seat."""
    points = [0 if table.uncounted else sum(c.points for c in p.hand) for p in table.players]
    if table.bomb_exploded:
        points = [2 * x for x in points]
    elif any(p.finished for p in table.players):
        points = [x - BOMB_POINTS if p.finished else x + BOMB_POINTS
                  for x, p in zip(points, table.players, strict=True)]
    for p, x in zip(table.players, points, strict=True):
        p.vp += x
    return points


def next_dealer(table: FranticTable, dealer: int, points: list[int]) -> int:
    """F2.4: the player who lost the round (the most points in it) deals; ties to the first
    in turn order from the dealer."""
    order = (dealer, *table.order_from(dealer)[:-1])
    return max(order, key=lambda s: (points[s], -order.index(s)))


def game_over(table: FranticTable) -> bool:
    """F4.4: a total has reached the limit (``frantic.limit = at_least``; ``over``: passed
    it)."""
    limit = points_limit(table)
    if table.switches["frantic.limit"] == "over":
        return any(p.vp > limit for p in table.players)
    return any(p.vp >= limit for p in table.players)


def play_game(table: FranticTable) -> Outcome:
    """Rounds until the game is over (F4.4), played by the table's flow: the lowest total
    wins, ties share."""
    table.flow.run()
    return Outcome(scores=tuple(p.vp for p in table.players), winners=winners(table),
                   turns=table.flow.clock.turn, plays=dict(sorted(table.plays.items())),
                   seat_plays=tuple(dict(sorted(mine.items())) for mine in table.seat_plays))


def winners(table: FranticTable) -> tuple[int, ...]:
    """F4.4: the seats with the lowest total (tied lowest totals share the win)."""
    scores = [p.vp for p in table.players]
    return tuple(i for i, s in enumerate(scores) if s == min(scores))


def run_game(cardset: CardSet, n_players: int, *, seed: int = 0, asker: Any = None,
             switches: dict[str, Any] | None = None, debug: bool = False) -> Outcome:
    """A whole game of Frantic (GameModule.run)."""
    table = new_table(cardset, n_players, seed=seed, asker=asker, switches=switches)
    table.debug = debug
    return play_game(table)
