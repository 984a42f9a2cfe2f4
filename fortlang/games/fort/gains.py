"""What one play of a card brings its leader (for balance figures): the change in victory
points, resources (stuff and pack), cards held (R14's "cards you have") and fort points
(R10.4, the board's points of the fort level), measured around the play.

An exchange rate turns these into points (``points``): a resource is worth what the board
pays for it on average when a fort is built to the top (the points of the last level over the
resources all its advances cost: 23 / 9 on the base board), a card is worth one point, and a
VP or a fort point is a point. Rates are exact fractions, so sums are exact and merging
batches in any grouping gives the same figures.

>>> from fractions import Fraction
>>> from fortlang.cardset import base_set
>>> resource_rate(base_set().board)
Fraction(23, 9)
>>> Gain(vp=1, resources=-2, cards=0, fort=5).points(Fraction(23, 9))
Fraction(8, 9)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, NamedTuple

from fortlang.engine.memo import bounded_put
from fortlang.games.fort.metrics import count_you_have
from fortlang.games.fort.model import Board
from fortlang.games.fort.table import Game

#: Points a card held is worth (a convention: see docs/simulate.md for its limits).
CARD_RATE = Fraction(1)


class Gain(NamedTuple):
    vp: int
    resources: int
    cards: int
    fort: int

    def points(self, resource_rate: Fraction) -> Fraction:
        return self.vp + self.fort + resource_rate * self.resources + CARD_RATE * self.cards


def resource_rate(board: Board | None) -> Fraction:
    """Points per resource: the last level's points over the resources every advance costs."""
    if board is None or not board.costs:
        return Fraction(1)
    cost = sum(len(c) for c in board.costs)
    return Fraction(board.points[len(board.costs)] - board.points[0], max(cost, 1))


#: What :func:`standing` measures, in Gain's order (vp, resources, cards, fort): a plain tuple,
#: since a NamedTuple's ``__new__`` is interpreted Python (written by ``exec``), even when the
#: caller is compiled, and two are measured around every play.
Standing = tuple[int, int, int, int]



def standing(game: Game, seat: int) -> Standing:
    """The figures a play can change, for ``seat`` now: the tokens read from the game's counts
    directly (issue 38: the same as summing ``Pool.values``, without their tuples), the cards
    :func:`~fortlang.games.fort.metrics.count_you_have` counts (R14)."""
    p = game.players[seat]
    stuff, pack = p.stuff, p.pack
    counts, at = stuff.counts, stuff.at
    packed, pat = pack.counts, pack.at
    resources = counts[at] + counts[at + 1] + packed[pat] + packed[pat + 1]
    return p.vp, resources, count_you_have(p), game.level_points[p.level]


#: Each part of a gain that :data:`_GAINS` keeps lies in [-_SPAN, _SPAN) (a play's usual
#: figures); a gain outside is made afresh.
_SPAN: Final = 64

#: The gains made so far, by their parts packed into one int (:func:`since`): a gain is an
#: immutable tuple, so one instance serves every play that brought the same (issue 38: making
#: a NamedTuple from compiled code is a generic call of ``tuple.__new__``, ~1,000 instructions,
#: at most every play). Bounded (engine/memo.py).
_GAINS: Final[dict[int, Gain]] = {}


def since(game: Game, seat: int, before: Standing) -> Gain:
    """The change of :func:`standing` from ``before`` to now."""
    vp, resources, cards, fort = standing(game, seat)
    vp -= before[0]
    resources -= before[1]
    cards -= before[2]
    fort -= before[3]
    if -_SPAN <= vp < _SPAN and -_SPAN <= resources < _SPAN and -_SPAN <= cards < _SPAN \
            and -_SPAN <= fort < _SPAN:
        key = (((vp + _SPAN) * 128 + resources + _SPAN) * 128 + cards + _SPAN) * 128 + fort \
            + _SPAN
        kept = _GAINS.get(key)
        if kept is not None:
            return kept
        gain = _new_gain(vp, resources, cards, fort)
        bounded_put(_GAINS, key, gain)
        return gain
    return _new_gain(vp, resources, cards, fort)


def _new_gain(vp: int, resources: int, cards: int, fort: int) -> Gain:
    # tuple.__new__ is what Gain(...) runs, without the interpreted frame around it
    return tuple.__new__(Gain, (vp, resources, cards, fort))
