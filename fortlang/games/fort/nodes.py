"""Fort's AST nodes (issue 33, "one core, games as modules"): its suits and resources, its
primitives' node classes (R12; ``draw``, ``lose``, ``take`` and ``give`` for expansions) and its
quantities after ``x`` (R13.1), frozen dataclasses on the core's :class:`fortlang.nodes.Action`
and :class:`fortlang.nodes.Quantity`, as a plugin's nodes are. Fort's vocabulary
(``vocabulary.py``) declares each of them; the core reaches them only through those
declarations (``registry.spec_of``, ``registry.quantity_word``), never by importing this module.

Moved from ``fortlang/nodes.py`` unchanged: the class names, fields and their order are what the
reprs, the content hashes of the card sets and the logs that record them are made of.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fortlang.nodes import Action, Quantity

# -- vocabulary ---------------------------------------------------------------------------------


class Suit(StrEnum):
    """The six suits and the wild coin (R1.1, R5.6)."""

    SKATEBOARD = "skateboard"
    SHOVEL = "shovel"
    GLUE = "glue"
    WATER_GUN = "water_gun"
    CROWN = "crown"
    BOOK = "book"
    COIN = "coin"


PLAIN_SUITS: tuple[Suit, ...] = tuple(s for s in Suit if s is not Suit.COIN)


class Resource(StrEnum):
    """What `gain` and `spend` move (R12.1, R12.9). EITHER is one kind, chosen, never a mix."""

    PIZZA = "pizza"
    TOY = "toy"
    EITHER = "pizza/toy"


#: The two token kinds (R1.4); EITHER is a choice between them, never a token.
TOKENS: tuple[Resource, Resource] = (Resource.PIZZA, Resource.TOY)


# -- actions (R12, R13) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gain(Action):
    """R12.1 ``gain [N] RES``."""

    amount: int = 1
    resource: Resource = Resource.PIZZA


@dataclass(frozen=True, slots=True)
class Pack(Action):
    """R12.2 ``pack``."""


@dataclass(frozen=True, slots=True)
class Lookout(Action):
    """R12.3 ``lookout``."""


@dataclass(frozen=True, slots=True)
class DestroyCard(Action):
    """R12.4 ``destroy card``."""


@dataclass(frozen=True, slots=True)
class DestroyThis(Action):
    """R12.5 ``destroy this``."""


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """R12.6 ``recruit``."""


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """R12.7, R13.2 ``advance [-1|+1]``: the modifier changes the cost by that many resources."""

    modifier: int = 0


@dataclass(frozen=True, slots=True)
class Score(Action):
    """R12.8 ``score [N]``."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class Spend(Action):
    """R12.9 ``spend [N] RES``."""

    amount: int = 1
    resource: Resource = Resource.PIZZA


@dataclass(frozen=True, slots=True)
class DestroyRival(Action):
    """R12.10 ``destroy rival``."""


@dataclass(frozen=True, slots=True)
class CopyPack(Action):
    """R12.11 ``copy pack``."""


@dataclass(frozen=True, slots=True)
class CopyRivalPack(Action):
    """R12.12 ``copy rival pack``."""


@dataclass(frozen=True, slots=True)
class Convert(Action):
    """R12.13 ``convert``."""


# -- primitives for expansions (the base game's cards never use them) --------------------------


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """``draw [N]``: N cards from your deck into your hand."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class Lose(Action):
    """``lose [N]``: N spaces down the victory track."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class Take(Action):
    """``take [N] RES``: N of the resource from a rival's stuff into yours."""

    amount: int = 1
    resource: Resource = Resource.PIZZA


@dataclass(frozen=True, slots=True)
class Give(Action):
    """``give [N] RES``: N of the resource from your stuff into a rival's."""

    amount: int = 1
    resource: Resource = Resource.PIZZA


# -- quantities after `x` (R13.1) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SuitCount(Quantity):
    """``x shovel``: the named suit on the played, added and lookout cards (R5.3)."""

    suit: Suit = Suit.SHOVEL


@dataclass(frozen=True, slots=True)
class AnySuit(Quantity):
    """``x any``: a suit chosen when the action is used (R5.7)."""


@dataclass(frozen=True, slots=True)
class PackSize(Quantity):
    """``x pack``: the resources in your pack, any type (R13.1)."""


@dataclass(frozen=True, slots=True)
class FortLevel(Quantity):
    """``x level``: your fort level (R13.1)."""


@dataclass(frozen=True, slots=True)
class LookoutSize(Quantity):
    """``x lookout``: the cards in your lookout (R13.1)."""


#: Fort's primitives' node classes, in the order of R12 (the expansions' last).
ACTION_LEAVES: tuple[type[Action], ...] = (
    Gain, Pack, Lookout, DestroyCard, DestroyThis, Recruit, Advance, Score, Spend,
    DestroyRival, CopyPack, CopyRivalPack, Convert, Draw, Lose, Take, Give,
)  # fmt: skip
#: Fort's quantities' node classes (R13.1).
QUANTITY_NODES: tuple[type[Quantity], ...] = (SuitCount, AnySuit, PackSize, FortLevel,
                                              LookoutSize)
