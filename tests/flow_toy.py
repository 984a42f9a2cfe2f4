"""A toy game on the flow runtime (tests only): "pass the token" for 2-4 seats.

Each turn the seat plays the first card of its hand (none: the turn passes):

* ``reverse``: play goes the other way (Frantic S: Looping);
* ``skip``: the next seat misses its next turn (F6.4);
* ``gift``: an effect aimed at the next seat, which gets 2 points (points are bad) from the
  effect's actor; the victim may react (F7.4): ``shield`` cancels it, ``counter`` redirects it
  to a seat the victim chooses (as if the victim had played it), and that seat may react again;
  ``shield`` is refused to a seat with 3 points or more ("T2");
* ``bomb``: lasts 3 turn ends, skipped turns included (F11.3), then the seat whose turn just
  ended gets 5 points;
* ``hide``: until the seat's own next turn starts, nothing happens (a lasting effect read by
  listeners).

The game ends when every hand is empty and nothing lasts. Everything changes through the
journal (a Fort ``Game`` in the tests), so a rollback restores it.
"""

from __future__ import annotations

from typing import Any

from fortlang.engine.choices import Decision, Kind, Option, ScriptedAgent, Seat
from fortlang.flow import (
    EventPattern,
    Flow,
    FlowEvent,
    FlowSpec,
    Lasting,
    Pending,
    Phase,
    Reaction,
    Window,
)
from fortlang.flow.events import TARGETED, TURN_END, TURN_START
from fortlang.flow.spec import CANCEL, REDIRECT, Cycle


class ToySeat:
    __slots__ = ("hand", "points")

    def __init__(self, hand: list[str]) -> None:
        self.hand = hand
        self.points = 0


class Toy:
    """The table: each seat's hand and points, and what happened (journaled lists)."""

    def __init__(self, hands: list[list[str]]) -> None:
        self.seats = [ToySeat(list(h)) for h in hands]
        self.gifts: list[tuple[int, int]] = []  # (giver, receiver) of each resolved gift
        self.blasts: list[int] = []

    def snapshot(self) -> tuple:
        return (tuple((tuple(s.hand), s.points) for s in self.seats), tuple(self.gifts),
                tuple(self.blasts))


def toy(flow: Flow) -> Toy:
    table: Toy = flow.table
    return table


def _gain(flow: Flow, seat: int, points: int) -> None:
    s = toy(flow).seats[seat]
    flow.journal.set(s, "points", s.points + points)


def give_gift(flow: Flow, pending: Pending) -> None:
    for target in pending.targets:
        _gain(flow, target, 2)
        flow.journal.put(toy(flow).gifts, (pending.actor, target))


def blast(flow: Flow, lasting: Lasting) -> None:
    seat = flow.clock.seat
    _gain(flow, seat, 5)
    flow.journal.put(toy(flow).blasts, seat)


def play_first_card(flow: Flow, seat: int) -> None:
    """The toy's only phase: play the first card of the hand, if any."""
    hand = toy(flow).seats[seat].hand
    if not hand:
        return
    card = flow.journal.take(hand, 0)
    clock = flow.clock
    if card == "reverse":
        flow.reverse()
    elif card == "skip":
        flow.skip(clock.next_seat(seat))
    elif card == "gift":
        flow.play(Pending("gift", give_gift, seat, (clock.next_seat(seat),), source=card))
    elif card == "bomb":
        flow.last(Lasting("bomb", EventPattern(TURN_END), left=3, owner=seat, on_expire=blast))
    elif card == "hide":
        flow.last(Lasting("hidden", EventPattern(TURN_START, owner_only=True), owner=seat))


def over(flow: Flow) -> bool:
    """Every hand is empty and nothing lasts any more."""
    return all(not s.hand for s in toy(flow).seats) and not flow.lasting


def _spend(flow: Flow, seat: int, card: str) -> None:
    hand = toy(flow).seats[seat].hand
    flow.journal.take(hand, hand.index(card))


def _shield(flow: Flow, event: FlowEvent, seat: int) -> None:
    _spend(flow, seat, "shield")
    flow.cancel(event.source)


def _counter(flow: Flow, event: FlowEvent, seat: int) -> None:
    _spend(flow, seat, "counter")
    others = tuple(s for s in range(flow.clock.seats) if s != seat)
    options = tuple(Option(f"seat {s}", Seat(s)) for s in others)
    index = flow.journal.ask(Decision(seat, Kind.RIVAL, options, "counter: the new victim"))
    flow.redirect(event.source, seat, (others[index],))


def reactions(flow: Flow, event: FlowEvent, seat: int) -> list[Reaction]:
    """What ``seat`` may answer when a gift is aimed at someone: only the victim, with the
    counters and shields in its hand."""
    if seat != event.that:
        return []
    s = toy(flow).seats[seat]
    out = []
    if "counter" in s.hand:
        out.append(Reaction("counter", "counter", REDIRECT, _counter))
    if "shield" in s.hand:
        refused = "T2: a seat with 3 points or more may not shield" if s.points >= 3 else ""
        out.append(Reaction("shield", "shield", CANCEL, _shield, refused_by=refused))
    return out


TOY_FLOW = FlowSpec(turn=(Phase("play", play_first_card),), game_end=over,
                    windows=(Window(TARGETED, may=(CANCEL, REDIRECT), order="from_victim"),),
                    max_turns=100)


def toy_flow(journal: Any, hands: list[list[str]], spec: FlowSpec = TOY_FLOW) -> Flow:
    flow = Flow(spec, journal, len(hands), Toy(hands))
    flow.offer(TARGETED, reactions)
    return flow


def frantic_cycle(spec: FlowSpec) -> FlowSpec:
    """``spec`` played counter-clockwise from seat 0 (F2.6)."""
    return FlowSpec(turn=spec.turn, game_end=spec.game_end, cycle=Cycle(direction=-1),
                    windows=spec.windows, max_turns=spec.max_turns)


class Answers:
    """The asker of the tests: each seat answers from its script (a ScriptedAgent: running
    out is an error, so a question nobody expected fails the test); every decision asked is
    kept in ``asked``."""

    def __init__(self, **scripts: list[Any]) -> None:
        self.agents = {int(seat[1:]): ScriptedAgent(script) for seat, script in scripts.items()}
        self.asked: list[Decision] = []

    def decide(self, game: Any, decision: Decision) -> int:
        self.asked.append(decision)
        agent = self.agents.get(decision.player)
        if agent is None:
            raise AssertionError(f"seat {decision.player} was asked:\n{decision.describe()}")
        return agent.choose(None, decision)

    @property
    def done(self) -> bool:
        return all(a.done for a in self.agents.values())
