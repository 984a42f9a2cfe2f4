"""The moments a flow announces (design §5.1): a :class:`FlowEvent` is fired, listeners hear it,
lasting effects count it, and a declared reaction window may open on it.

The runtime fires these names itself; a game adds its own (Fort's ``after_play``, Frantic's
``hand_emptied``) in its phases' ``before``/``after`` tuples, or fires them from a phase's step
(declared in its ``during``: ``Flow.announce``, ``Flow.fire``).

>>> event = FlowEvent(TURN_END, seat=2, skipped=True)
>>> event
FlowEvent('turn_end', seat=2, that=-1, skipped=True)
>>> EventPattern(TURN_START, owner_only=True).matches(FlowEvent(TURN_START, seat=1), owner=1)
True
>>> EventPattern(TURN_START, owner_only=True).matches(FlowEvent(TURN_START, seat=0), owner=1)
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

#: "No seat": an event nobody is the victim of, a clock before its first turn.
NO_SEAT: Final = -1

TURN_START: Final = "turn_start"  # a seat's turn begins (a skipped one too, F11.3)
TURN_END: Final = "turn_end"  # it ends
ROUND_START: Final = "round_start"  # after the round's set-up (Frantic F2: the deal)
ROUND_END: Final = "round_end"  # before the next round's set-up (Frantic F4.1)
TARGETED: Final = "targeted"  # an effect on the stack is aimed at ``that`` (Frantic F7.4)
BEFORE_EFFECT: Final = "before_effect"  # the top of the stack is about to resolve (risk 14)
AFTER_EFFECT: Final = "after_effect"  # it has resolved

#: The names the runtime fires by itself.
RUNTIME_EVENTS: Final = frozenset({TURN_START, TURN_END, ROUND_START, ROUND_END, TARGETED,
                                   BEFORE_EFFECT, AFTER_EFFECT})


class FlowEvent:
    """What happened: ``name``; ``seat``, whose turn or action it is (the actor of an effect);
    ``that``, the seat it happens to (the victim of a ``targeted`` effect, an emptied hand;
    :data:`NO_SEAT` if none); ``source``, what caused it (the
    :class:`~fortlang.flow.runtime.Pending` effect, a card); ``skipped``: the turn it belongs
    to is a skipped one (F6.4, F11.3). Immutable (a native class, for the reason
    :class:`~fortlang.engine.choices.Option` gives)."""

    __slots__ = ("name", "seat", "that", "source", "skipped")

    def __init__(self, name: str, seat: int = NO_SEAT, that: int = NO_SEAT, source: Any = None,
                 skipped: bool = False) -> None:
        self.name: Final = name
        self.seat: Final = seat
        self.that: Final = that
        self.source: Final = source
        self.skipped: Final = skipped

    def __repr__(self) -> str:
        return (f"FlowEvent({self.name!r}, seat={self.seat!r}, that={self.that!r}, "
                f"skipped={self.skipped!r})")


@dataclass(frozen=True)
class EventPattern:
    """Which events a lasting effect counts: every ``name`` event, or with ``owner_only`` only
    those of the effect's owner's seat ("until your next turn" = ``turn_start`` of the owner)."""

    name: str
    owner_only: bool = False

    def matches(self, event: FlowEvent, owner: int) -> bool:
        return event.name == self.name and (not self.owner_only or event.seat == owner)
