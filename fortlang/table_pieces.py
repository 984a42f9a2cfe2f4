"""The pieces of a game that the core's drivers of Fort's table ask for through the game's
module (issue 33 item 5, docs/design/game-modules.md §2.5): the invariants, the set-up sizes,
W305's judge, the search bot's determinization, the terminal's disclosure and its game.

A game without card kinds of its own plays Fort's cards on Fort's table (the card loader and
``simulate`` read its sets as Fort's), so where it declares no piece of its own it gets Fort's:
the table is Fort's whatever the manifest names."""

from __future__ import annotations

from typing import Any

from fortlang.module import DEFAULT_GAME


def table_piece(game_name: str, field: str, what: str) -> Any:
    """The piece the game ``game_name`` declares in ``field`` (imported now), Fort's where a
    game without its own card kinds declares none, or None when neither declares one;
    :class:`fortlang.games.GameError` (E350, E351) if the game cannot be had. ``what`` names
    the piece in that error's message ("its invariants")."""
    from fortlang import games

    game = games.game_named(game_name)
    if not getattr(game, field) and not game.cards and game.name != DEFAULT_GAME:
        game = games.game_named(DEFAULT_GAME)
    return games.declared(game, field, None, what)
