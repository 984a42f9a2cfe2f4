"""Final scoring (R11.2), made-up rules evaluated from their scoring AST (R14, by
:mod:`fortlang.games.fort.metrics`) and ties (R11.3)."""

from __future__ import annotations

from dataclasses import dataclass

from fortlang.games.fort.metrics import cards_you_have, evaluate, metric
from fortlang.games.fort.table import Game, Player

__all__ = ["Score", "cards_you_have", "evaluate", "final_score", "metric", "winners"]


@dataclass(frozen=True)
class Score:
    """One player's final score, by part (R11.2)."""

    seat: int
    track: int
    fort: int
    rule: int
    macaroni: int
    level: int

    @property
    def total(self) -> int:
        return self.track + self.fort + self.rule + self.macaroni


def final_score(game: Game, p: Player) -> Score:
    board = game.board
    return Score(p.seat, p.vp, game.level_points[p.level],
                 evaluate(p.rule.score, game, p) if p.rule is not None else 0,
                 board.macaroni_points if game.macaroni == p.seat else 0, p.level)


def winners(scores: list[Score]) -> tuple[int, ...]:
    """R11.3: the highest total; tied, the higher fort level; still tied, all share the win."""
    best = max((s.total, s.level) for s in scores)
    return tuple(s.seat for s in scores if (s.total, s.level) == best)
