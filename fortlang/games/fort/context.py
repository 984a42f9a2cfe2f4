"""A Fort move's context (issue 33): the core's :class:`~fortlang.engine.interpreter.Ctx` with
what Fort's moves keep besides, natively typed for Fort's ops and plays: the table as Fort's
:class:`~fortlang.games.fort.table.Game` (``game``, the same object as ``table``), the performer
as its :class:`~fortlang.games.fort.table.Player` (``player``, the same object as ``who``), the
cards whose suits count (R5.3, R6.5), the suits coins are named (R5.6) and the suits chosen for
an `x any` (R5.7). Made where a Fort move starts (games/fort/play.py, and ``Game.new_ctx`` for
a move the core's transaction driver performs: DIY, scenarios)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fortlang.engine.interpreter import Ctx
from fortlang.engine.journal import SeatCounts
from fortlang.nodes import Suit

if TYPE_CHECKING:  # the table makes its moves' contexts (Game.new_ctx)
    from fortlang.games.fort.table import CardInstance, Game, Player


class FortCtx(Ctx):
    """One player's execution of a Fort move (see the module docstring). As the core's, its
    lists and dicts change only through ``table.note*``, so a rollback restores them."""

    __slots__ = ("game", "player", "sources", "named", "any_suits")

    def __init__(self, game: Game, seat: int, *, leader: bool,
                 bound: dict[int, Any] | None = None, play: Any = None) -> None:
        super().__init__(game, seat, leader=leader, bound=bound, play=play)
        self.game = game
        self.player: Player = game.players[seat]
        self.sources: list[CardInstance] = []  # cards whose suits count for `x suit` (R5.3, R6.5)
        self.named: dict[int, Suit] = {}  # card uid -> the suit its coin stands for (R5.6)
        self.any_suits: dict[int, Suit] = {}  # id(AnySuit node) -> the suit chosen (R5.7)

    def note_performer(self, who: SeatCounts) -> None:
        self.table.note_attr(self, "player", who)

    def performer_back(self) -> None:
        self.player = self.game.players[self.seat]
