"""What the table sees of a seat's decision (issue 31 item 10): written once, for every place
that tells one seat what the others did (``fortlang play`` today, a playtest server later).

A decision's context (the card being resolved, the phase) is always public: the card is on
the table. Its answer is public too, except where the rules hide it: the card kept in a draft
(R2.5, a hand passed face down) and the made-up rule chosen from the pile (R10.3, "secretly").
A vocabulary plugin's choice (``Kind.PRIMITIVE``) is told without its answer, as a plugin does
not say what it shows. The other seats are told that the choice was made, never which; a
made-up rule is revealed at the end of the game, where it is scored (R11.2, R14).

Every kind of decision is listed here as public or secret (a test holds it): a new kind must
be classed before it is told to anyone.

>>> from fortlang.engine.choices import Decision, Kind, Option
>>> pick = Decision(1, Kind.RULE, (Option("Loner", "loner"), Option("Pizza Party", "pp")),
...                 "Dot (private): advance -1")
>>> told(pick, 1, seat=0)
'Dot (private): advance -1: chooses a made-up rule from the pile in secret (R10.3)'
>>> told(pick, 1, seat=1)
'Dot (private): advance -1: Pizza Party'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from fortlang.engine.choices import Decision, Kind
from fortlang.games.fort.table import Game

#: The kinds whose answer every seat sees (the card played, added, followed with, recruited,
#: destroyed or put in a lookout is face up afterwards; a suit named, a branch, a resource, a
#: perk from the face-up row, a rival named are said aloud; a reaction out of turn is played
#: face up, design §5.1).
PUBLIC: Final = frozenset({
    Kind.PLAY, Kind.COIN_SUIT, Kind.ANY_SUIT, Kind.BOOST, Kind.ORDER, Kind.CHOICE,
    Kind.RESOURCE, Kind.PACK, Kind.LOOKOUT, Kind.DESTROY, Kind.RECRUIT, Kind.PAYMENT,
    Kind.SPEND, Kind.DESTROY_RIVAL, Kind.RIVAL_PACK, Kind.CONVERT, Kind.PERK, Kind.FOLLOW,
    Kind.ROUGH_HOUSING, Kind.RIVAL, Kind.DIY, Kind.DO_OVER, Kind.RECYCLE, Kind.EXTRA_RECRUIT,
    Kind.PERK_ACTION, Kind.REACT,
})

#: The kinds whose answer only the deciding seat sees, with what the others are told instead.
SECRET: Final[Mapping[Kind, str]] = MappingProxyType({
    Kind.DRAFT: "keeps a card in secret (R2.5)",
    Kind.RULE: "chooses a made-up rule from the pile in secret (R10.3)",
    Kind.PRIMITIVE: "makes a choice (a plugin's choice is told to its player only)",
})


def is_public(decision: Decision) -> bool:
    """Whether every seat sees how ``decision`` is answered."""
    return decision.kind in PUBLIC


def told(decision: Decision, index: int, seat: int) -> str:
    """What ``seat`` sees of ``decision`` answered with option ``index``: the option for its
    own decision or a public one, else only that the choice was made."""
    heading = decision.context or str(decision.kind)
    if seat == decision.player or is_public(decision):
        return f"{heading}: {decision.options[index].label}"
    return f"{heading}: {SECRET[decision.kind]}"


def revealed_at_end(game: Game) -> tuple[tuple[int, str], ...]:
    """What the end of the game shows of every seat: (seat, its made-up rule), for each seat
    that has one (R11.2, R14: the rules are scored face up)."""
    return tuple((p.seat, p.rule.name) for p in game.players if p.rule is not None)
