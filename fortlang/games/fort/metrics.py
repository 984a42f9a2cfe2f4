"""What the scoring sub-language (R14) counts for a player, and its evaluator: the end-game
scoring of made-up rules reads it, and so do actions that test a comparison (``if ... ->``).

The evaluator is a dispatch table from expression class to handler (STYLE #8); metrics are looked
up by their registry word, so a new metric needs a registry entry and one function here.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from fortlang import nodes as n
from fortlang.engine.memo import bounded_put
from fortlang.games.fort import node_types as t
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.nodes import Suit
from fortlang.registry import metric_of

if TYPE_CHECKING:  # the table evaluates through this module (Game.evaluate)
    from fortlang.games.fort.table import CardInstance, Game, Player

# Enum members read through their class are generic lookups (EnumType.__getattr__) from
# compiled code; module Final constants are C statics.
_COIN: Final = Suit.COIN
_PIZZA: Final = fn.Resource.PIZZA
_TOY: Final = fn.Resource.TOY


def zones_you_have(p: Player) -> tuple[list[CardInstance], ...]:
    """R14: deck, discard, hand, yard and lookout (and cards still in play, none at the end)."""
    return (p.deck, p.discard, p.hand, p.yard, p.lookout, p.in_play)


def cards_you_have(p: Player) -> list[CardInstance]:
    """R14's cards you have, zone by zone (:func:`zones_you_have`)."""
    return [c for zone in zones_you_have(p) for c in zone]


def count_you_have(p: Player) -> int:
    """How many cards :func:`cards_you_have` lists, without listing them."""
    return (len(p.deck) + len(p.discard) + len(p.hand) + len(p.yard) + len(p.lookout)
            + len(p.in_play))


def _suit_icons(suit: Suit) -> Callable[[Game, Player], int]:
    return lambda game, p: _icons(p, suit)


def _icons(p: Player, suit: Suit) -> int:
    """How many ``suit`` icons the cards ``p`` has show (R14's Play Palace, Slime Lab), walked
    zone by zone (no list of the cards), each card's suits compared natively (a suit is an
    enum member: equal is identical; ``tuple.count`` is a method call a card)."""
    total = 0
    for zone in zones_you_have(p):
        for c in zone:
            for s in c.suits:
                if s is suit:
                    total += 1
    return total


def _suits(game: Game, p: Player) -> int:
    """Friendship Bracelet: the different suits the cards ``p`` has show, coin excluded."""
    seen: set[Suit] = set()
    for zone in zones_you_have(p):
        for c in zone:
            for s in c.suits:
                if s is not _COIN:
                    seen.add(s)
    return len(seen)


def _best_friends(game: Game, p: Player) -> int:
    """Loner: the best friends ``p`` has."""
    total = 0
    for zone in zones_you_have(p):
        for c in zone:
            if c.defn.best_friend:
                total += 1
    return total


def _advances(game: Game, p: Player) -> int:
    """Big Plans: advance-fort actions printed on the cards (an action's part counts; not DIY),
    each card's count read by its shared definition (a lookup by identity, no id made)."""
    total = 0
    known = _ADVANCES_BY_DEF
    for zone in zones_you_have(p):
        for c in zone:
            defn = c.defn
            count = known.get(defn)
            if count is None:
                count = bounded_put(known, defn, _printed_advances(defn.card))
            total += count
    return total


#: CardDef -> its card's printed advances (:func:`_printed_advances`): a definition is shared
#: by every instance of its card and hashed by identity.
_ADVANCES_BY_DEF: Final[dict[Any, int]] = {}


#: id(kid card) -> (the card, its printed advances): walking a card's trees is interpreted
#: Python (nodes.walk) and cards are frozen, so each is walked once (engine/memo.py).
_ADVANCES_OF: Final[dict[int, tuple[KidCard, int]]] = {}


def _printed_advances(card: KidCard) -> int:
    known = _ADVANCES_OF.get(id(card))
    if known is None:
        count = 0
        for action in (card.public, card.private):
            if action is not None:
                count += sum(1 for x in action.walk() if isinstance(x, t.Advance))
        known = bounded_put(_ADVANCES_OF, id(card), (card, count))
    return known[1]


def _measured(measure: Callable[[Player], int]) -> Callable[[Game, Player], int]:
    return lambda game, p: measure(p)


#: metric word -> how to count it for one player (R14).
_METRIC_FUNCS: dict[str, Callable[[Game, Player], int]] = {
    "cards": lambda game, p: count_you_have(p),
    "suits": _suits,
    "best_friends": _best_friends,
    "advances": _advances,
    "pizza": lambda game, p: p.stuff[_PIZZA] + p.pack[_PIZZA],
    "toy": lambda game, p: p.stuff[_TOY] + p.pack[_TOY],
    "level": lambda game, p: p.level,
    "lookout": lambda game, p: len(p.lookout),
    "pack": lambda game, p: sum(p.pack.values()),
    **{s.value: _suit_icons(s) for s in Suit},
}


def _declared(name: str) -> Callable[[Game, Player], int]:
    """A metric whose declaration says how to count it (the core's zones and tokens: ``hand``,
    ``vp``...), read from the registry the first time it is counted and kept."""
    spec = metric_of(name)
    if spec is None or spec.measure is None:
        raise KeyError(f"metric without an evaluator: {name}")
    found = _METRIC_FUNCS[name] = _measured(spec.measure)
    return found

_ARITH: dict[str, Callable[[int, int], int]] = {"+": operator.add, "-": operator.sub,
                                                "*": operator.mul}
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}


def metric(game: Game, p: Player, name: str) -> int:
    count = _METRIC_FUNCS.get(name)
    if count is None:
        count = _declared(name)
    return count(game, p)


def _if_else(e: n.IfElse, game: Game, p: Player) -> int:
    if evaluate(e.test, game, p):
        return evaluate(e.value, game, p)
    return evaluate(e.otherwise, game, p) if e.otherwise is not None else 0


_EVAL: dict[type, Callable[[Any, Game, Player], int]] = {
    n.Number: lambda e, game, p: e.value,
    n.Metric: lambda e, game, p: metric(game, p, e.name),
    n.RivalBest: lambda e, game, p: max((metric(game, q, e.name) for q in game.rivals(p.seat)),
                                        default=0),
    n.Arith: lambda e, game, p: _ARITH[e.op](evaluate(e.left, game, p),
                                             evaluate(e.right, game, p)),
    n.Compare: lambda e, game, p: int(_COMPARE[e.op](evaluate(e.left, game, p),
                                                     evaluate(e.right, game, p))),
    n.IfElse: _if_else,
}


def evaluate(expr: Any, game: Game, p: Player) -> int:
    """The value of a scoring expression for player ``p`` (R14); unknown nodes raise."""
    handler = _EVAL.get(type(expr))
    if handler is None:
        raise TypeError(f"no scoring handler for {type(expr).__name__}")
    return handler(expr, game, p)
