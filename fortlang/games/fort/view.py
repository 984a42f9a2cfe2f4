"""What an agent may see: a read-only view of the game from one seat (STYLE #10).

Everything is returned as tuples or numbers, so an agent cannot change the game through it. Hidden
information stays hidden: other players' hands and decks, and their made-up rules, are counts or
``None`` only; deck order is never shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fortlang.games.fort.model import Board, KidCard, MadeUpRule, Perk
from fortlang.games.fort.nodes import Resource

if TYPE_CHECKING:
    from fortlang.games.fort.table import Game, Player


class PlayerView:
    __slots__ = ("_p", "_game", "_mine")

    def __init__(self, game: Game, p: Player, mine: bool) -> None:
        self._game = game
        self._p = p
        self._mine = mine

    @property
    def seat(self) -> int:
        return self._p.seat

    @property
    def level(self) -> int:
        return self._p.level

    @property
    def vp(self) -> int:
        return self._p.vp

    @property
    def hand_size(self) -> int:
        return len(self._p.hand)

    @property
    def deck_size(self) -> int:
        return len(self._p.deck)

    @property
    def hand(self) -> tuple[KidCard, ...] | None:
        return tuple(c.card for c in self._p.hand) if self._mine else None

    @property
    def discard(self) -> tuple[KidCard, ...]:
        return tuple(c.card for c in self._p.discard)

    @property
    def yard(self) -> tuple[KidCard, ...]:
        return tuple(c.card for c in self._p.yard)

    @property
    def lookout(self) -> tuple[KidCard, ...]:
        return tuple(c.card for c in self._p.lookout)

    @property
    def in_play(self) -> tuple[KidCard, ...]:
        return tuple(c.card for c in self._p.in_play)

    @property
    def stuff(self) -> dict[Resource, int]:
        return dict(self._p.stuff)

    @property
    def pack(self) -> dict[Resource, int]:
        return dict(self._p.pack)

    @property
    def perks(self) -> tuple[Perk, ...]:
        return tuple(self._p.perks)

    @property
    def rule(self) -> MadeUpRule | None:
        """Your own made-up rule; a rival's is secret (R10.3)."""
        return self._p.rule if self._mine else None

    @property
    def has_rule(self) -> bool:
        return self._p.rule is not None

    @property
    def pack_capacity(self) -> int:
        return self._game.pack_capacity(self._p)

    @property
    def lookout_capacity(self) -> int:
        return self._game.lookout_capacity(self._p)


class GameView:
    """The game as seen from ``seat``."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def seat_count(self) -> int:
        return len(self._game.players)

    @property
    def direction(self) -> int:
        """Which way play goes: +1 (to the left, the next seat up) unless the table declares
        ``direction`` (Fort's always passes left; a flow that reverses it will declare it)."""
        declared = getattr(self._game, "direction", 1)
        return -1 if isinstance(declared, int) and declared < 0 else 1

    @property
    def me(self) -> PlayerView:
        return PlayerView(self._game, self._game.players[self.seat], True)

    @property
    def players(self) -> tuple[PlayerView, ...]:
        return tuple(PlayerView(self._game, p, p.seat == self.seat) for p in self._game.players)

    @property
    def park(self) -> tuple[KidCard, ...]:
        return tuple(c.card for c in self._game.park)

    @property
    def park_deck_size(self) -> int:
        return len(self._game.park_deck)

    @property
    def macaroni(self) -> int | None:
        return self._game.macaroni

    @property
    def supply(self) -> dict[Resource, int]:
        return dict(self._game.supply)

    @property
    def perk_row(self) -> tuple[Perk, ...]:
        return tuple(self._game.perk_row)

    @property
    def rule_pile_size(self) -> int:
        return len(self._game.rule_pile)

    @property
    def board(self) -> Board:
        return self._game.board

    def note_cards(self, into: dict[str, KidCard], lookout: bool = True) -> None:
        """Every card this seat sees, by id, into ``into``, zone by zone: its hand, the park,
        each player's yard, its discard pile, and its lookout if ``lookout`` (a later zone's
        card replaces an earlier one of the same id). What an agent reads through ``me``,
        ``park`` and ``players``, without a view and a tuple per zone: the greedy bot looks
        for the cards its options name this way (issue 38)."""
        game = self._game
        me = game.players[self.seat]
        for c in me.hand:
            into[c.defn.id] = c.card
        for c in game.park:
            into[c.defn.id] = c.card
        for p in game.players:
            for c in p.yard:
                into[c.defn.id] = c.card
        for c in me.discard:
            into[c.defn.id] = c.card
        if lookout:
            for c in me.lookout:
                into[c.defn.id] = c.card
