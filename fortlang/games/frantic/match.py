"""Frantic's game loop (issue 34 item 3; docs/games/frantic.md F2-F4, F10): rounds of turns
until a total reaches the points limit; the lowest total wins.

A turn (F3) asks the player at the table's asker: play a matching card, or draw one and then
maybe play. A card played is one move of the engine (:func:`play_move`): the card onto the
discard pile and its action performed, in one transaction of the table's journal. Between
moves the loop changes the table itself (dealing, reshuffling the event deck, scoring).

Everything is bounded: turns per round (:data:`MOST_TURNS`) and rounds per game
(:data:`MOST_ROUNDS`), so a game always ends whatever its cards."""

from __future__ import annotations

import dataclasses
from typing import Any

from fortlang import nodes as n
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.interpreter import Ctx
from fortlang.engine.perform import Wanted, debug_check, execute, perform
from fortlang.games.frantic.effects import draw_cards, play_card, playable
from fortlang.games.frantic.table import Answer, FranticTable, PlayCard, new_table, points_limit
from fortlang.model import CardSet
from fortlang.module import Outcome

#: Turns at most in a round: a round ends when the draw pile runs out (F4.1), well before.
MOST_TURNS = 1000
#: Rounds at most in a game: each adds at least one player's points, most add dozens.
MOST_ROUNDS = 100
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
    table.play_direction = -1
    table.reversed_by = -1
    table.wish = None
    table.last_colour = None
    table.round_over = ""
    table.uncounted = False
    table.bomb = 0
    table.bomb_exploded = False
    table.in_event = False
    table.countered_by = -1
    for p in table.players:
        p.skipped = False
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


def nice_try(table: FranticTable, current: int) -> None:
    """F7.6: once hands have emptied and the turn's effects are over, a player holding Nice
    Try (``when: hands_emptied``) may play it out of turn (F3.4): its reaction text."""
    for seat in table.order_from(current):
        if not any(not p.hand for p in table.players):
            return
        p = table.players[seat]
        held = [c for c in p.hand if c.when == "hands_emptied" and c.reaction is not None]
        if not held:
            continue
        options = (Option("pass", Answer.PASS), *(Option(c.name, c.id) for c in held))
        pick = table.ask(Decision(seat, Kind.REACT, options,
                                  "a hand is empty: play Nice Try? (F7.6)"))
        if pick == 0:
            continue
        card = held[pick - 1]
        table.move(p.hand, p.hand.index(card), table.discard)
        table.plays[card.id] = table.plays.get(card.id, 0) + 1
        table.seat_plays[seat][card.id] = table.seat_plays[seat].get(card.id, 0) + 1
        table.wish = None
        table.origin = seat
        if card.reaction is not None:
            perform(table, seat, card.reaction, full=False)


def take_turn(table: FranticTable, seat: int) -> None:
    """F3: play a matching card, or draw one and then maybe play one (a skipped player
    misses the turn, F6.4)."""
    p = table.players[seat]
    if p.skipped:
        p.skipped = False
        return
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


def play_round(table: FranticTable, dealer: int) -> int:
    """One round (F4.1-F4.3) from ``dealer``'s deal; the turns played."""
    deal_round(table, dealer)
    return play_turns(table, dealer)


def play_turns(table: FranticTable, first: int, limit: int = MOST_TURNS) -> int:
    """Turns from ``first``'s until the round ends (F4.1, F7.6, F9.14), at most ``limit``;
    how many were played."""
    current, turns = first, 0
    while not table.round_over and turns < limit:
        if any(not p.hand for p in table.players):  # the first card emptied a hand
            break
        ticking = table.bomb
        ends_reversal = table.reversed_by == current  # F11.3: until their next turn is over
        take_turn(table, current)
        turns += 1
        if ends_reversal:
            table.play_direction = -table.play_direction
            table.reversed_by = -1
        debug_check(table)
        if any(not p.hand for p in table.players):
            nice_try(table, current)
            emptied = [p for p in table.players if not p.hand]
            if emptied:
                if table.bomb:  # F9.14: finished before the bomb went off
                    for q in emptied:
                        q.finished = True
                table.round_over = table.round_over or "empty_hand"
        if ticking and not table.round_over:
            table.bomb = ticking - 1
            if table.bomb == 0:
                table.bomb_exploded = True
                table.round_over = "bomb"
        current = table.next_seat(current)
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
    """Rounds until the game is over (F4.4): the lowest total wins, ties share."""
    dealer, turns, rounds = 0, 0, 0
    while rounds < MOST_ROUNDS:
        turns += play_round(table, dealer)
        rounds += 1
        points = score_round(table)
        if game_over(table):
            break
        dealer = next_dealer(table, dealer, points)
    table.rounds = rounds
    return Outcome(scores=tuple(p.vp for p in table.players), winners=winners(table),
                   turns=turns, plays=dict(sorted(table.plays.items())),
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
