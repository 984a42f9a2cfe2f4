"""Frantic's actions as AST nodes (STYLE #3): frozen dataclasses, one per primitive of
:mod:`fortlang.games.frantic.vocabulary`, whose declarations give their syntax; each field's
default is what its argument left out stands for, so every node prints and parses back."""

from __future__ import annotations

from dataclasses import dataclass

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
from fortlang.nodes import Action


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """``draw [N]``: N cards from the draw pile (F3.2)."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class DrawTo(Action):
    """``draw to LEVEL``: draw until you hold as many cards as the level says (F7.5)."""

    level: Level = Level.MOST


@dataclass(frozen=True, slots=True)
class Give(Action):
    """``give CARDS to WHOM``: cards of your choice from your hand (F6.3)."""

    amount: int | All = 1
    whom: Whom = Whom.ANOTHER


@dataclass(frozen=True, slots=True)
class Take(Action):
    """``take CARDS from WHOM``: cards drawn face down from another hand (F6.2, F9.7)."""

    amount: int | All = 1
    whom: Whom = Whom.ANOTHER


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """``exchange [N] with WHOM``: give N, then take N face down before they take yours
    (F6.2)."""

    amount: int = 1
    whom: Whom = Whom.ANOTHER


@dataclass(frozen=True, slots=True)
class SwapHands(Action):
    """``swap hands with WHOM``: two players swap their whole hands (Robin Hood, F9.7)."""

    whom: Whom = Whom.ANOTHER


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """``discard DISCARD``: get rid of cards under the last played card (F9.4)."""

    amount: int | All | Discarded = 1


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """``skip WHOM``: that player misses their next turn (F6.4)."""

    whom: Whom = Whom.ANOTHER


@dataclass(frozen=True, slots=True)
class Play(Action):
    """``play``: play another card that matches (F6.1)."""


@dataclass(frozen=True, slots=True)
class Wish(Action):
    """``wish [WISH]``: a colour or a number the next card must match (F7.2); None: the
    player names one when it is performed."""

    wish: Colour | int | Wishable | None = None


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """``deal [N] to WHOM``: N cards of the draw pile go to the players chosen (F7.3)."""

    amount: int = 1
    whom: Whom = Whom.OTHERS


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """``counter``: the special aimed at you is cancelled and you choose its new victim
    (F7.4)."""


@dataclass(frozen=True, slots=True)
class TriggerEvent(Action):
    """``trigger event``: turn the top event card and carry it out (F5.2, F9.1)."""


@dataclass(frozen=True, slots=True)
class EndRound(Action):
    """``end round [uncounted]``: the round ends now (F4.1; Doomsday, Finish Line)."""

    counted: Counted | None = None


@dataclass(frozen=True, slots=True)
class Score(Action):
    """``score POINTS``: add points to your total now (Doomsday, F10.2)."""

    points: int = 1


@dataclass(frozen=True, slots=True)
class ShowHand(Action):
    """``show hand``: your hand face up until everyone has looked (The All-Seeing Eye)."""


@dataclass(frozen=True, slots=True)
class ShuffleHands(Action):
    """``shuffle hands``: every hand gathered, shuffled and dealt out again (Tornado)."""


@dataclass(frozen=True, slots=True)
class Gamble(Action):
    """``gamble``: everyone stakes a card; the second lowest takes them all (Gambling Man)."""


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """``draft``: a card of the draw pile face up per player, each takes one (Market)."""


@dataclass(frozen=True, slots=True)
class TimeBomb(Action):
    """``time bomb [TURNS]``: the round ends after that many turns (F11.3)."""

    turns: int = 3


@dataclass(frozen=True, slots=True)
class Nothing(Action):
    """``nothing``: nothing happens (Friday the 13th)."""


@dataclass(frozen=True, slots=True)
class Reverse(Action):
    """``reverse [LASTING]``: play goes the other way, for good or as long as it says
    (Supercharge's Looping, F11.3)."""

    lasting: Lasting | None = None
