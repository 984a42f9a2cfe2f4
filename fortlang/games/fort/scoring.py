"""Final scoring (R11.2), made-up rules evaluated from their scoring AST (R14, by
:mod:`fortlang.games.fort.metrics`) and ties (R11.3)."""

from __future__ import annotations

from typing import Any, Final

from fortlang.games.fort.metrics import cards_you_have, evaluate, metric
from fortlang.games.fort.table import Game, Player

__all__ = ["Score", "cards_you_have", "evaluate", "final_score", "metric", "winners"]


class Score:
    """One player's final score, by part (R11.2). Immutable, compared and hashed by value.

    A plain class, not a frozen dataclass (as :class:`~fortlang.engine.choices.Option`):
    compiled with mypyc, a frozen dataclass's ``__init__`` stays interpreted and sets each
    field through ``object.__setattr__`` (about 9 K instructions a score, four a game).

    >>> Score(0, 17, 23, 4, 4, 5)
    Score(seat=0, track=17, fort=23, rule=4, macaroni=4, level=5)
    >>> Score(0, 17, 23, 4, 4, 5).total, Score(1, 1, 0, 0, 0, 0) == Score(1, 1, 0, 0, 0, 0)
    (48, True)
    """

    __slots__ = ("seat", "track", "fort", "rule", "macaroni", "level")

    def __init__(self, seat: int, track: int, fort: int, rule: int, macaroni: int,
                 level: int) -> None:
        self.seat: Final = seat
        self.track: Final = track
        self.fort: Final = fort
        self.rule: Final = rule
        self.macaroni: Final = macaroni
        self.level: Final = level

    @property
    def total(self) -> int:
        return self.track + self.fort + self.rule + self.macaroni

    def _fields(self) -> tuple[int, int, int, int, int, int]:
        return self.seat, self.track, self.fort, self.rule, self.macaroni, self.level

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Score(seat={self.seat!r}, track={self.track!r}, fort={self.fort!r}, "
                f"rule={self.rule!r}, macaroni={self.macaroni!r}, level={self.level!r})")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Compiled, a native class's default pickling calls __init__ without its arguments.
        return (Score, self._fields())


def final_score(game: Game, p: Player) -> Score:
    board = game.board
    return Score(p.seat, p.vp, game.level_points[p.level],
                 evaluate(p.rule.score, game, p) if p.rule is not None else 0,
                 board.macaroni_points if game.macaroni == p.seat else 0, p.level)


def winners(scores: list[Score]) -> tuple[int, ...]:
    """R11.3: the highest total; tied, the higher fort level; still tied, all share the win.
    (The best (total, level) pair compared as tuples are, without a tuple made per score.)"""
    if not scores:
        raise ValueError("winners() of no scores")
    best_total, best_level = scores[0].total, scores[0].level
    for s in scores:
        total = s.total
        if total > best_total or (total == best_total and s.level > best_level):
            best_total, best_level = total, s.level
    return tuple([s.seat for s in scores if s.total == best_total and s.level == best_level])
