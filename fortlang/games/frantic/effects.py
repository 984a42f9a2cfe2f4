"""The engine's effects of Frantic's primitives (issue 34 item 3; docs/games/frantic.md F5-F9):
each ``effect(node, ctx, k)`` performs one primitive on a :class:`.table.FranticTable`, changing
it only through the journal, asking choices with :func:`decide` and drawing chance only with
:func:`chance`, then goes on with ``k(in_full)``.

Effects are written in continuation-passing style: a choice point hands its options to the
engine's driver and returns, so nothing may follow a :func:`decide` call but returning its
value; a loop is a function that asks, each option going on with the loop's next step.

Who performs is ``ctx.seat`` (``ctx.who`` its seat); an effect that asks another player (a
victim countering, a gambler's stake, a Market pick) switches both through the journal
(:func:`as_seat`), so a search going back past the switch finds the performer it had."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from fortlang import nodes as n
from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Kind, Option, Seat, player_name
from fortlang.engine.interpreter import chance, decide
from fortlang.engine.program import program
from fortlang.flow import Flow, FlowEvent, Pending, Reaction
from fortlang.flow.runtime import Chooser, EffectGo
from fortlang.flow.spec import REDIRECT
from fortlang.games.frantic import nodes as f
from fortlang.games.frantic.flow import arm_bomb, loop
from fortlang.games.frantic.kinds import (
    All,
    Colour,
    Counted,
    Discarded,
    Lasting,
    Level,
    Whom,
    Wishable,
)
from fortlang.games.frantic.table import COLOURS, FranticSeat, FranticTable, PlayCard

K = Callable[[bool], bool]
Then = Callable[[], bool]

#: Tornado's shuffle (F9.7): one chance point among this many orders, each a seeded shuffle.
SHUFFLES = 64
_SHUFFLE = Distribution.uniform([Option(str(i), i) for i in range(SHUFFLES)])
#: F7.2: what a wish may name (black never, F5.3).
WISH_COLOURS: tuple[str, ...] = COLOURS
WISH_NUMBERS: tuple[int, ...] = tuple(range(1, 10))


def table_of(ctx: Any) -> FranticTable:
    table: FranticTable = ctx.table
    return table


def seat_obj(ctx: Any) -> FranticSeat:
    return table_of(ctx).players[ctx.seat]


def as_seat(ctx: Any, seat: int, body: Callable[[K], bool], k: K) -> bool:
    """``body`` performed (and its choices asked) by ``seat``; then ``k`` as the performer
    before. Both switches are journaled (``note_attr``), as the core's ``as_player`` does."""
    restore = switched_to(ctx, seat)

    def back(full: bool) -> bool:
        restore()
        return k(full)

    return body(back)


def switched_to(ctx: Any, seat: int) -> Callable[[], None]:
    """Make ``seat`` the performer (``seat`` and ``who``, journaled with ``note_attr``, so a
    search rolls it back); returns what puts the performer before back, journaled alike."""
    table = table_of(ctx)
    saved_seat, saved_who = ctx.seat, ctx.who
    table.note_attr(ctx, "seat", seat)
    table.note_attr(ctx, "who", table.players[seat])

    def restore() -> None:
        table.note_attr(ctx, "seat", saved_seat)
        table.note_attr(ctx, "who", saved_who)

    return restore


# -- matching (F5) ----------------------------------------------------------------------------


def matches(table: FranticTable, card: PlayCard, hand_count: int) -> bool:
    """F5: whether ``card`` may be played on the discard pile's top, its player holding
    ``hand_count`` cards (the card included)."""
    if card.hand is not None:  # F8.1: Fuck You, only with exactly that many cards
        return hand_count == card.hand
    if card.kind == "wish":  # F5.5
        return True
    top = table.top
    wish = table.wish
    if top is None:
        return True
    if card.black:  # F5.2, F5.3, F7.7: by number only
        if wish is not None:
            return wish == card.number
        return top.number is not None and top.number == card.number
    if wish is not None:  # F5.1, F5.4: the wish instead of the card
        return wish in card.colours or (card.number is not None and wish == card.number)
    if top.kind == "wish":  # a wish card without a wish (none made): anything goes
        return True
    if any(c in top.colours for c in card.colours):
        return True
    if card.kind == "number":
        return top.number is not None and top.number == card.number
    return card.symbol == top.symbol  # F5.4: the same special


def playable(table: FranticTable, seat: int) -> list[PlayCard]:
    hand = table.players[seat].hand
    return [c for c in hand if matches(table, c, len(hand))]


# -- moving cards -----------------------------------------------------------------------------


def draw_cards(table: FranticTable, seat: int, n: int) -> int:
    """``seat`` draws ``n`` cards; one who must draw from an empty pile ends the round
    (F4.1). How many were drawn."""
    hand = table.players[seat].hand
    drawn = 0
    for _ in range(n):
        if not table.draw_pile:
            if not table.round_over:
                table.set(table, "round_over", "empty_pile")
            break
        table.move(table.draw_pile, len(table.draw_pile) - 1, hand)
        drawn += 1
    return drawn


def give_card(table: FranticTable, card: PlayCard, src: list[PlayCard], seat: int) -> None:
    """``card`` goes from ``src`` to ``seat``: to their hand, or, while an event passes cards
    (F9.10, ``frantic.event_passing = simultaneous``), beside it until every player passed."""
    who = table.players[seat]
    waiting = table.in_event and table.switches["frantic.event_passing"] == "simultaneous"
    table.move(src, src.index(card), who.incoming if waiting else who.hand)


def under_top(table: FranticTable, cards: Sequence[PlayCard], src: list[PlayCard]) -> None:
    """F9.4, F8.1: cards go under the last played card, which stays on top."""
    if not cards:
        return
    pile = table.discard
    top = table.take(pile, len(pile) - 1) if pile else None
    for card in cards:
        table.move(src, src.index(card), pile)
    if top is not None:
        table.put(pile, top)


def count_play(table: FranticTable, card_id: str, seat: int = -1) -> None:
    """A card played by ``seat`` (or an event turned: -1), for simulate's and balance's
    figures; undone with its move."""
    table.note_item(table.plays, card_id, table.plays.get(card_id, 0) + 1)
    if seat >= 0:
        mine = table.seat_plays[seat]
        table.note_item(mine, card_id, mine.get(card_id, 0) + 1)


def play_card(ctx: Any, card: PlayCard, k: K) -> bool:
    """``card`` from the performer's hand onto the discard pile (F3.1) and its effect."""
    table = table_of(ctx)
    hand = seat_obj(ctx).hand
    count_play(table, card.id, ctx.seat)
    if card.under:  # F8.1: under the top card, which stays on top (and keeps any wish)
        under_top(table, (card,), hand)
        return k(True)
    table.move(hand, hand.index(card), table.discard)
    if table.wish is not None:  # F7.7: the wish holds until the next card is played on it
        table.set(table, "wish", None)
    if card.colours:
        table.set(table, "last_colour", card.colours[0])
    action = card.action
    if action is None:
        return k(True)
    table.set(table, "origin", ctx.seat)
    return program(must_play(table, ctx.seat, action)).run(ctx, k)


def must_play(table: FranticTable, seat: int, action: n.Action) -> n.Action:
    """F6.1 with ``frantic.second_chance = must_play``: an `or` that offers to play another
    card (`play or draw`) is only that play while a card of the hand matches."""
    if table.switches["frantic.second_chance"] != "must_play" or not isinstance(action,
                                                                                 n.Choice):
        return action
    plays = [item for item in action.items if isinstance(item, f.Play)]
    return plays[0] if plays and playable(table, seat) else action


# -- choosing ---------------------------------------------------------------------------------


def choose(ctx: Any, kind: Kind, options: Sequence[Option], then: Callable[[int], bool],
           refused: Sequence[tuple[str, str]] = ()) -> bool:
    """One choice point of the performer: ``then(i)`` goes on with option ``i``; ``refused``:
    the options a rule refuses, ``(label, rule)``, which an explanation lists."""
    if refused:
        return decide(ctx, kind, tuple(options), [partial(then, i) for i in range(len(options))],
                      refused=lambda: refused)
    return decide(ctx, kind, tuple(options), [partial(then, i) for i in range(len(options))])


def pick_cards(ctx: Any, count: int, allowed: Callable[[], list[PlayCard]],
               each: Callable[[PlayCard, Then], bool], done: Then) -> bool:
    """The performer picks ``count`` cards one at a time among ``allowed()`` (fewer if fewer
    are left), ``each(card, next)`` doing what is done with each."""
    def step(left: int) -> bool:
        cards = allowed()
        if left <= 0 or not cards:
            return done()
        return choose(ctx, Kind.PRIMITIVE, [Option(c.name, c.id) for c in cards],
                      lambda i: each(cards[i], partial(step, left - 1)))

    return step(count)


def others(table: FranticTable, seat: int) -> tuple[int, ...]:
    return table.order_from(seat)[:-1]


def choose_seat(ctx: Any, seats: Sequence[int], then: Callable[[int], bool]) -> bool:
    return choose(ctx, Kind.RIVAL, [Option(player_name(s), Seat(s)) for s in seats],
                  lambda i: then(seats[i]))


def counterattacks(table: FranticTable, seat: int) -> list[PlayCard]:
    """The cards ``seat`` may play when a special aims at them (F7.4: ``when: targeted``)."""
    return [c for c in table.players[seat].hand if c.when == "targeted"]


class Aim:
    """A special aimed at a victim inside a move (F7.4), as the flow's effect stack holds it
    (the :class:`~fortlang.flow.runtime.Pending`'s ``source``): the move's context, and what
    a Counterattack makes of it, ``countered(flow, pending, seat, then)`` (redirect it, as if
    ``seat`` had played it, or cancel it)."""

    __slots__ = ("ctx", "countered")

    def __init__(self, ctx: Any, countered: Callable[[Flow, Pending, int, Then], bool]) -> None:
        self.ctx = ctx
        self.countered = countered


def asker(ctx: Any) -> Chooser:
    """How the flow's ``targeted`` window asks a seat inside the move: a choice point of the
    engine (:func:`choose`, so its search tries each answer; the reactions a rule refuses the
    seat listed when the move is explained), asked of that seat (the switch journaled, as
    :func:`as_seat`'s), the performer back before the move goes on."""
    def ask(seat: int, options: tuple[Option, ...], then: Callable[[int], bool],
            excluded: tuple[tuple[str, str], ...]) -> bool:
        restore = switched_to(ctx, seat)

        def picked(i: int) -> bool:
            restore()
            return then(i)

        return choose(ctx, Kind.REACT, options, picked, excluded)

    return ask


def aim(ctx: Any, targets: tuple[int, ...], go: EffectGo,
        countered: Callable[[Flow, Pending, int, Then], bool], k: K, actor: int = -1) -> bool:
    """F7.4: the special (the move's card) goes on the flow's effect stack aimed at
    ``targets``: each may answer in the ``targeted`` window (:data:`.flow.FRANTIC_FLOW`) with
    a Counterattack (:func:`counter_reactions`); then ``go`` resolves it and the move goes
    on with ``k(full)`` (``k(False)``: cancelled). Its player is ``actor`` (-1: the
    performer)."""
    table = table_of(ctx)
    pending = Pending(ctx.context, None, ctx.seat if actor < 0 else actor, targets,
                      Aim(ctx, countered), go=go)
    return table.flow.play_at(pending, asker(ctx), k)


def counter_reactions(flow: Flow, event: FlowEvent, seat: int) -> Sequence[Reaction]:
    """The reactions of the ``targeted`` window: the victim of a special aimed inside a
    move may play a Counterattack out of turn (F3.4, F7.4: the cards whose ``when`` is
    ``targeted``)."""
    pending = event.source
    if seat != event.that or not isinstance(pending, Pending) \
            or not isinstance(pending.source, Aim):
        return ()
    return [Reaction(c.name, c.id, REDIRECT, None, apply_at=partial(_counter_at, c))
            for c in counterattacks(flow.table, seat)]


def _counter_at(card: PlayCard, flow: Flow, event: FlowEvent, seat: int,
                then: Callable[[], bool]) -> bool:
    """``seat`` plays ``card`` (F7.4): its reaction text (`counter then wish colour`), whose
    `counter` makes the special theirs (:attr:`Aim.countered`); without it, they take it."""
    pending = event.source
    assert isinstance(pending, Pending) and isinstance(pending.source, Aim)
    found = pending.source
    ctx = found.ctx
    table = table_of(ctx)

    def after(full: bool) -> bool:
        if table.countered_by != seat:
            return then()
        table.set(table, "countered_by", -1)
        return found.countered(flow, pending, seat, then)

    return as_seat(ctx, seat, lambda k2: _counter(ctx, card, k2), after)


def redirect_to(ctx: Any, choices: Callable[[int], Sequence[int]]
                ) -> Callable[[Flow, Pending, int, Then], bool]:
    """What a Counterattack does to a special aimed at one victim (F7.4): ``seat`` chooses
    its new victim among ``choices(seat)`` and it is theirs, aimed anew (so the new victim
    may counter in turn); with nobody to choose, it is cancelled."""

    def countered(flow: Flow, pending: Pending, seat: int, then: Then) -> bool:
        seats = choices(seat)
        if not seats:
            flow.cancel(pending)
            return then()

        def pick(k3: K) -> bool:
            def to(victim: int) -> bool:
                flow.redirect(pending, seat, (victim,))
                return k3(True)

            return choose_seat(ctx, seats, to)

        return as_seat(ctx, seat, pick, lambda full: then())

    return countered


def aimed(ctx: Any, body: Callable[[int, K], bool], k: K) -> bool:
    """F7.4, F7.8: the performer chooses a victim among the other players, who may counter:
    the special is then theirs, as if they had played it: they choose a new victim, who may
    counter again. ``body(victim, k)`` is the special's effect, performed by whoever holds it
    last."""
    table = table_of(ctx)

    def go(flow: Flow, pending: Pending, k2: K) -> bool:
        victim = pending.targets[0]
        if pending.actor == ctx.seat:
            return body(victim, k2)
        return as_seat(ctx, pending.actor, lambda k3: body(victim, k3), k2)

    countered = redirect_to(ctx, lambda seat: others(table, seat))
    return choose_seat(ctx, others(table, ctx.seat),
                       lambda victim: aim(ctx, (victim,), go, countered, k))


def _counter(ctx: Any, card: PlayCard, k: K) -> bool:
    """The victim plays their Counterattack out of turn (F3.4, F7.4): its reaction text
    (`counter then wish colour`), whose `counter` marks the special as theirs."""
    table = table_of(ctx)
    hand = seat_obj(ctx).hand
    count_play(table, card.id, ctx.seat)
    table.move(hand, hand.index(card), table.discard)
    if table.wish is not None:
        table.set(table, "wish", None)
    if card.reaction is None:
        table.set(table, "countered_by", ctx.seat)
        return k(True)
    return program(card.reaction).run(ctx, k)


# -- the primitives ---------------------------------------------------------------------------


def draw(node: f.Draw, ctx: Any, k: K) -> bool:
    """F3.2: N cards from the draw pile (F4.1 when it is empty)."""
    draw_cards(table_of(ctx), ctx.seat, node.amount)
    return k(True)


def draw_to(node: f.DrawTo, ctx: Any, k: K) -> bool:
    """F7.5 (`mine`: as many as the card's player), Communism (`most`). Equality's victim
    (F7.8) may counter (F7.4): they then choose a player with fewer cards than them, who
    draws to as many as they hold (and may counter again)."""
    table = table_of(ctx)
    if node.level is Level.MINE and ctx.seat != table.origin and not table.in_event:
        def go(flow: Flow, pending: Pending, k2: K) -> bool:
            if not pending.aimed:
                return _draw_to(node, ctx, k2)
            was = table.origin
            table.set(table, "origin", pending.actor)

            def back(full: bool) -> bool:
                table.set(table, "origin", was)
                return k2(True)

            return as_seat(ctx, pending.targets[0], lambda k3: _draw_to(node, ctx, k3), back)

        def fewer(seat: int) -> list[int]:
            return [s for s in others(table, seat)
                    if len(table.players[s].hand) < len(table.players[seat].hand)]

        return aim(ctx, (ctx.seat,), go, redirect_to(ctx, fewer), lambda full: k(True),
                   actor=table.origin)
    return _draw_to(node, ctx, k)


def _draw_to(node: f.DrawTo, ctx: Any, k: K) -> bool:
    table = table_of(ctx)
    if node.level is Level.MINE:
        target = len(table.players[table.origin].hand)
    else:
        target = max(len(p.hand) for p in table.players)
    draw_cards(table, ctx.seat, target - len(seat_obj(ctx).hand))
    return k(True)


def _passable(table: FranticTable, hand: list[PlayCard]) -> list[PlayCard]:
    """F8.1: a special may not pass Fuck You; an event may."""
    return list(hand) if table.in_event else [c for c in hand if not c.under]


def _give_to(ctx: Any, amount: int | All, seat: int, k: Then) -> bool:
    """The performer gives ``amount`` cards of their choice to ``seat``."""
    table = table_of(ctx)
    hand = seat_obj(ctx).hand
    if amount is All.ALL:
        for card in _passable(table, hand):
            give_card(table, card, hand, seat)
        return k()

    def each(card: PlayCard, then: Then) -> bool:
        give_card(table, card, hand, seat)
        return then()

    return pick_cards(ctx, int(amount), lambda: _passable(table, hand), each, k)


def hand_sizes(table: FranticTable) -> tuple[int, ...]:
    """Who holds how many cards, as an event found them when it was turned (Charity's "the
    player with the most cards" is chosen once, F9.11), else now."""
    if table.in_event and table.event_sizes:
        return table.event_sizes
    return tuple(len(p.hand) for p in table.players)


def most_seats(table: FranticTable, seat: int, fewest: bool = False) -> tuple[int, ...]:
    """The other players with the most (fewest) cards, in turn order (F9.3, F9.11): from the
    next of the event's triggerer during an event, else from ``seat``'s next."""
    start = table.origin if table.in_event else seat
    rest = tuple(s for s in table.order_from(start) if s != seat)
    if not rest:
        return ()
    held = hand_sizes(table)
    sizes = [held[s] for s in rest]
    best = min(sizes) if fewest else max(sizes)
    return tuple(s for s, n in zip(rest, sizes, strict=True) if n == best)


def _fixed_whom(table: FranticTable, seat: int, whom: Whom) -> tuple[int, ...]:
    """The other players a word names without a choice."""
    order = others(table, seat)
    if whom is Whom.NEXT:
        return order[:1]
    if whom is Whom.PREVIOUS:
        return order[-1:]
    if whom is Whom.EACH:
        return order
    if whom is Whom.MOST:  # F9.11: each of the players with the most cards, none of them
        held = hand_sizes(table)
        tied = most_seats(table, seat)
        if tied and held[seat] >= held[tied[0]]:
            return ()
        return tied
    if whom is Whom.FEWEST:  # F9.3: the first of them in turn order
        return most_seats(table, seat, fewest=True)[:1]
    return ()


def _each_seat(seats: Sequence[int], body: Callable[[int, Then], bool], k: Then) -> bool:
    def step(i: int) -> bool:
        if i == len(seats):
            return k()
        return body(seats[i], partial(step, i + 1))

    return step(0)


def give(node: f.Give, ctx: Any, k: K) -> bool:
    """F6.3 (Gift), Earthquake, Merry Christmas, Surprise Party."""
    table = table_of(ctx)
    whom = node.whom
    done: Then = partial(k, True)
    if whom is Whom.ANOTHER:
        return aimed(ctx, lambda v, k2: _give_to(ctx, node.amount, v, partial(k2, True)), k)
    if whom is Whom.OTHERS:  # F9.12: each card to another player of your choice
        seats = others(table, ctx.seat)
        if table.switches["frantic.merry_christmas_self"]:
            seats = (*seats, ctx.seat)
        hand = seat_obj(ctx).hand
        count = len(hand) if node.amount is All.ALL else int(node.amount)

        def each(card: PlayCard, then: Then) -> bool:
            def to(i: int) -> bool:
                give_card(table, card, hand, seats[i])
                return then()

            return choose(ctx, Kind.RIVAL, [Option(player_name(s), Seat(s)) for s in seats],
                          to)

        if not seats:
            return done()
        return pick_cards(ctx, count, lambda: _passable(table, hand), each, done)
    seats = _fixed_whom(table, ctx.seat, whom)
    return _each_seat(seats, lambda s, then: _give_to(ctx, node.amount, s, then), done)


def _take_from(ctx: Any, amount: int | All, seat: int, k: Then) -> bool:
    """The performer takes cards face down from ``seat``'s hand: a chance point each."""
    table = table_of(ctx)
    theirs = table.players[seat].hand
    mine = seat_obj(ctx).hand
    left = len(theirs) if amount is All.ALL else min(int(amount), len(theirs))

    def step(n: int) -> bool:
        if n == 0 or not theirs:
            return k()
        # each outcome is named by the card it takes (a scenario's `chance: [green_2]`)
        dist = Distribution.uniform([Option(c.id, i) for i, c in enumerate(theirs)])

        def took(i: int) -> bool:
            table.move(theirs, i, mine)
            return step(n - 1)

        return chance(ctx, dist, took)

    return step(left)


def take(node: f.Take, ctx: Any, k: K) -> bool:
    """Charity (F9.11): face down from each player with the most cards."""
    table = table_of(ctx)
    done: Then = partial(k, True)
    if node.whom is Whom.ANOTHER:
        return aimed(ctx, lambda v, k2: _take_from(ctx, node.amount, v, partial(k2, True)), k)
    seats = _fixed_whom(table, ctx.seat, node.whom)
    return _each_seat(seats, lambda s, then: _take_from(ctx, node.amount, s, then), done)


def exchange(node: f.Exchange, ctx: Any, k: K) -> bool:
    """F6.2: give N of your choice, take N face down before they take yours."""
    table = table_of(ctx)

    def body(victim: int, k2: K) -> bool:
        hand = seat_obj(ctx).hand

        def aside(card: PlayCard, then: Then) -> bool:
            table.move(hand, hand.index(card), table.aside)
            return then()

        def handed() -> bool:
            given = list(table.aside)
            for card in given:
                table.move(table.aside, table.aside.index(card), table.players[victim].hand)
            return k2(True)

        return pick_cards(ctx, node.amount, lambda: _passable(table, hand), aside,
                          lambda: _take_from(ctx, node.amount, victim, handed))

    if node.whom is Whom.ANOTHER:
        return aimed(ctx, body, k)
    seats = _fixed_whom(table, ctx.seat, node.whom)
    return body(seats[0], k) if seats else k(True)


def swap_hands(node: f.SwapHands, ctx: Any, k: K) -> bool:
    """Robin Hood (F9.3): two whole hands change places."""
    table = table_of(ctx)
    if node.whom is Whom.ANOTHER:
        return choose_seat(ctx, others(table, ctx.seat), lambda s: _swap(table, ctx.seat, s, k))
    seats = _fixed_whom(table, ctx.seat, node.whom)
    return _swap(table, ctx.seat, seats[0], k) if seats else k(True)


def _swap(table: FranticTable, a: int, b: int, k: K) -> bool:
    pa, pb = table.players[a], table.players[b]
    mine, theirs = pa.hand, pb.hand
    table.set(pa, "hand", theirs)
    table.set(pb, "hand", mine)
    return k(True)


def doubles(hand: Sequence[PlayCard]) -> list[PlayCard]:
    """Mating Season: the number cards whose number the hand holds more than once."""
    counts: dict[int, int] = {}
    for c in hand:
        if c.kind == "number" and c.number is not None:
            counts[c.number] = counts.get(c.number, 0) + 1
    return [c for c in hand if c.kind == "number" and counts.get(c.number or 0, 0) > 1]


def discard(node: f.Discard, ctx: Any, k: K) -> bool:
    """F9.4: cards go under the last played card."""
    table = table_of(ctx)
    hand = seat_obj(ctx).hand
    amount = node.amount
    if amount is All.ALL:
        under_top(table, list(hand), hand)
        return k(True)
    if amount is Discarded.DOUBLES:
        under_top(table, doubles(hand), hand)
        return k(True)
    if amount is Discarded.LAST_COLOUR:
        colour = table.last_colour
        under_top(table, [c for c in hand if colour in c.colours], hand)
        return k(True)

    def each(card: PlayCard, then: Then) -> bool:
        under_top(table, (card,), hand)
        return then()

    return pick_cards(ctx, int(amount), lambda: list(hand), each, partial(k, True))


def skip(node: f.Skip, ctx: Any, k: K) -> bool:
    """F6.4: the player misses their next turn (``frantic.skip = as_printed``: Gift's text):
    the flow's clock skips it; a second Skip before that turn is still one turn missed."""
    table = table_of(ctx)
    printed = table.switches["frantic.skip"] == "as_printed"

    def body(victim: int, k2: K) -> bool:
        if printed:
            return _give_to(ctx, 2, victim, partial(k2, True))
        if not table.flow.clock.skips[victim]:
            table.flow.skip(victim)
        return k2(True)

    if node.whom is Whom.ANOTHER:
        return aimed(ctx, body, k)
    seats = _fixed_whom(table, ctx.seat, node.whom)
    return _each_seat(seats, lambda s, then: body(s, lambda full: then()), partial(k, True))


def play(node: f.Play, ctx: Any, k: K) -> bool:
    """F6.1: another matching card; none: not in full (`or draw` is then the way)."""
    table = table_of(ctx)
    cards = playable(table, ctx.seat)
    if not cards:
        return k(False)
    return choose(ctx, Kind.PLAY, [Option(c.name, c.id) for c in cards],
                  lambda i: play_card(ctx, cards[i], k))


def wish(node: f.Wish, ctx: Any, k: K) -> bool:
    """F7.2: a colour or a number the next card must match."""
    table = table_of(ctx)
    if isinstance(node.wish, Colour):
        table.set(table, "wish", node.wish.value)
        return k(True)
    if isinstance(node.wish, int) and not isinstance(node.wish, bool):
        table.set(table, "wish", node.wish)
        return k(True)
    values: list[str | int] = list(WISH_COLOURS)
    if node.wish is not Wishable.COLOUR:
        values += list(WISH_NUMBERS)

    def made(i: int) -> bool:
        table.set(table, "wish", values[i])
        return k(True)

    return choose(ctx, Kind.PRIMITIVE, [Option(str(v), v) for v in values], made)


def deal(node: f.Deal, ctx: Any, k: K) -> bool:
    """F7.3 Fantastic Four: every share chosen before anyone draws, then each draws theirs
    in turn order."""
    table = table_of(ctx)
    seats = others(table, ctx.seat)
    if node.whom is not Whom.OTHERS:
        seats = _fixed_whom(table, ctx.seat, node.whom)
    elif table.switches["frantic.fantastic_four_self"]:
        seats = (*seats, ctx.seat)
    shares: dict[int, int] = {}

    def drawn(k2: K) -> bool:
        for s in table.order_from(ctx.seat):
            if shares.get(s):
                draw_cards(table, s, shares[s])
        return k2(True)

    def go(flow: Flow, pending: Pending, k2: K) -> bool:
        return drawn(k2)

    def countered(flow: Flow, pending: Pending, seat: int, then: Then) -> bool:
        """F7.8: each victim, in turn order, may counter (F7.4) before anyone draws; the
        first who does makes the whole deal theirs: they deal it anew."""
        flow.cancel(pending)
        return as_seat(ctx, seat, lambda k3: deal(node, ctx, k3), lambda full: then())

    def step(left: int) -> bool:
        if left == 0 or not seats:
            victims = tuple(s for s in table.order_from(ctx.seat) if shares.get(s)
                            and s != ctx.seat)
            return aim(ctx, victims, go, countered, lambda full: k(True))

        def to(i: int) -> bool:
            table.note_item(shares, seats[i], shares.get(seats[i], 0) + 1)
            return step(left - 1)

        return choose(ctx, Kind.RIVAL, [Option(player_name(s), Seat(s)) for s in seats], to)

    return step(node.amount)


def counter(node: f.Counter, ctx: Any, k: K) -> bool:
    """F7.4: the special aimed at the performer becomes theirs (see :func:`aimed`)."""
    table = table_of(ctx)
    table.set(table, "countered_by", ctx.seat)
    return k(True)


def trigger_event(node: f.TriggerEvent, ctx: Any, k: K) -> bool:
    """F9.1: the top event card is turned and carried out, its passed cards taken in hand
    once everyone has passed (F9.10)."""
    table = table_of(ctx)
    if not table.events:
        if not table.switches["frantic.event_reshuffle"] or not table.events_done:
            if not table.round_over:
                table.set(table, "round_over", "event")
            return k(True)
        # F9.8: an event is turned only inside a move, which draws no chance but at its
        # chance points: the discards come back in the order they were turned, the first
        # turned on top (the digest's shuffle between turns is not played yet).
        while table.events_done:
            table.move(table.events_done, len(table.events_done) - 1, table.events)
    event = table.move(table.events, len(table.events) - 1, table.events_done)
    count_play(table, event.id)
    was_in_event, was_origin, was_sizes = table.in_event, table.origin, table.event_sizes
    table.set(table, "in_event", True)
    table.set(table, "origin", ctx.seat)
    table.set(table, "event_sizes", tuple(len(p.hand) for p in table.players))

    def over(full: bool) -> bool:
        for p in table.players:
            while p.incoming:
                table.move(p.incoming, 0, p.hand)
        table.set(table, "in_event", was_in_event)
        table.set(table, "origin", was_origin)
        table.set(table, "event_sizes", was_sizes)
        return k(True)

    if event.action is None:
        return over(True)
    return program(event.action).run(ctx, over)


def end_round(node: f.EndRound, ctx: Any, k: K) -> bool:
    """F4.1 (Finish Line), F10.2 (Doomsday: the hands not counted)."""
    table = table_of(ctx)
    if not table.round_over:
        table.set(table, "round_over", "event")
    if node.counted is Counted.UNCOUNTED:
        table.set(table, "uncounted", True)
    return k(True)


def score(node: f.Score, ctx: Any, k: K) -> bool:
    """F10.2: points added to the performer's total now."""
    table_of(ctx).add_vp(ctx.who, node.points)
    return k(True)


def show_hand(node: f.ShowHand, ctx: Any, k: K) -> bool:
    """The All-Seeing Eye: information only; bots and the table keep no secret from it."""
    return k(True)


def shuffle_hands(node: f.ShuffleHands, ctx: Any, k: K) -> bool:
    """Tornado: every hand gathered, shuffled (one chance point) and dealt out one at a time
    from the next player."""
    table = table_of(ctx)
    for p in table.players:
        while p.hand:
            table.move(p.hand, len(p.hand) - 1, table.aside)

    def dealt(i: int) -> bool:
        cards = sorted(table.aside, key=lambda c: c.uid)
        random.Random(i).shuffle(cards)
        order = table.order_from(ctx.seat)
        for j, card in enumerate(cards):
            dealt_to = table.players[order[j % len(order)]]
            table.move(table.aside, table.aside.index(card), dealt_to.hand)
        return k(True)

    return chance(ctx, _SHUFFLE, dealt)


def gamble_value(table: FranticTable, card: PlayCard) -> int:
    """F9.13: a card's points (``frantic.gamble_value = points``) or its number (specials 0)."""
    if table.switches["frantic.gamble_value"] == "number":
        return card.number or 0
    return card.points


def gamble(node: f.Gamble, ctx: Any, k: K) -> bool:
    """Gambling Man: everyone stakes a card of their choice; the second lowest (ties: the
    first in turn order) takes them all; a player with no card takes them."""
    table = table_of(ctx)
    order = table.order_from(ctx.seat)
    stakes: dict[int, PlayCard] = {}

    def stake(seat: int, then: Then) -> bool:
        hand = table.players[seat].hand
        if not hand:
            return then()

        def body(k2: K) -> bool:
            def put(card: PlayCard, nxt: Then) -> bool:
                table.note_item(stakes, seat, card)
                table.move(hand, hand.index(card), table.aside)
                return nxt()

            return pick_cards(ctx, 1, lambda: list(hand), put, partial(k2, True))

        return as_seat(ctx, seat, body, lambda full: then())

    def settle() -> bool:
        empty = [s for s in order if s not in stakes]
        if empty:
            winner = empty[0]
        else:
            ranked = sorted(order, key=lambda s: (gamble_value(table, stakes[s]), order.index(s)))
            winner = ranked[1] if len(ranked) > 1 else ranked[0]
        while table.aside:
            table.move(table.aside, len(table.aside) - 1, table.players[winner].hand)
        return k(True)

    return _each_seat(order, stake, settle)


def draft(node: f.Draft, ctx: Any, k: K) -> bool:
    """Market: a card of the draw pile face up per player; each takes one in turn order."""
    table = table_of(ctx)
    order = table.order_from(ctx.seat)
    for _ in order:
        if table.draw_pile:
            table.move(table.draw_pile, len(table.draw_pile) - 1, table.aside)

    def pick(seat: int, then: Then) -> bool:
        if not table.aside:
            return then()

        def body(k2: K) -> bool:
            hand = table.players[seat].hand

            def took(card: PlayCard, nxt: Then) -> bool:
                table.move(table.aside, table.aside.index(card), hand)
                return nxt()

            return pick_cards(ctx, 1, lambda: list(table.aside), took, partial(k2, True))

        return as_seat(ctx, seat, body, lambda full: then())

    return _each_seat(order, pick, partial(k, True))


def time_bomb(node: f.TimeBomb, ctx: Any, k: K) -> bool:
    """F9.14: the round ends after that many players' turns (a lasting effect of the flow,
    :func:`.flow.arm_bomb`; ``frantic.time_bomb_turns = table_rounds``: that many times round
    the table)."""
    table = table_of(ctx)
    rounds = table.switches["frantic.time_bomb_turns"] == "table_rounds"
    arm_bomb(table.flow, node.turns * (len(table.players) if rounds else 1))
    return k(True)


def nothing(node: f.Nothing, ctx: Any, k: K) -> bool:
    """Friday the 13th."""
    return k(True)


def reverse(node: f.Reverse, ctx: Any, k: K) -> bool:
    """Play goes the other way (the flow's clock turns), for the round or (`until_next_turn`,
    Supercharge's Looping) until the performer's next turn is over (F11.3: a lasting effect of
    the flow, :func:`.flow.loop`, whose expiry turns it back)."""
    table = table_of(ctx)
    if node.lasting is Lasting.NEXT_TURN:
        loop(table.flow, ctx.seat)  # a lasting effect of the flow (a second one cancels it)
    else:
        table.flow.reverse()
    return k(True)


#: By primitive name: each PrimitiveSpec's ``effect`` (vocabulary.py).
EFFECTS: dict[str, Callable[..., bool]] = {
    "draw": draw, "draw_to": draw_to, "give": give, "take": take, "exchange": exchange,
    "swap_hands": swap_hands, "discard": discard, "skip": skip, "play": play, "wish": wish,
    "deal": deal, "counter": counter, "trigger_event": trigger_event, "end_round": end_round,
    "score": score, "show_hand": show_hand, "shuffle_hands": shuffle_hands, "gamble": gamble,
    "draft": draft, "time_bomb": time_bomb, "nothing": nothing, "reverse": reverse,
}
