"""Small builders for tests, scenarios and benchmarks: kid cards from action text, and a table
with cards dealt into chosen zones.

>>> bug = kid("Bug", "shovel", "gain pizza x shovel", "score x level")
>>> bug.suits, bug.private
((<Suit.SHOVEL: 'shovel'>,), Repeat(body=Score(amount=1), count=FortLevel()))
"""

from __future__ import annotations

from fortlang.model import KidCard
from fortlang.nodes import Suit
from fortlang.parser import parse_action


def kid(name: str, suits: str, public: str | None = None, private: str | None = None,
        *, best_friend: bool = False) -> KidCard:
    """A kid card; ``suits`` is space- or plus-separated (``"coin crown"``); None is a blank box."""
    return KidCard(
        id=name.lower().replace(" ", "-"),
        name=name,
        suits=tuple(Suit(s) for s in suits.replace("+", " ").split()),
        public=parse_action(public) if public else None,
        private=parse_action(private) if private else None,
        best_friend=best_friend,
    )
