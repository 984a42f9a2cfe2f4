"""A game's own simulation drivers (issue 33 item 5): what the core's ``simulate``, ``balance``,
``replay`` and their backends call to play a game that brings its own pull API, batches and
figures (Fort does), named by the game module's ``simulation`` field. A game that brings none
is played by the generic module drivers (fortlang.sim.module_games, module_pull,
module_balance) over its ``run``.

>>> drivers_for("fort").state.__name__, drivers_for("fort").figures().games
('GameState', 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Drivers:
    """The game's drivers, each a class or function of the game's own package (they are
    pickled by reference to pool and Ray workers: a module-level name each)."""

    #: The pull API: ``state(cardset, players, *, seed, ...)`` is a new game stepped one
    #: decision at a time (fortlang.sim.bridge.Stepped: ``decision``, ``apply_action``,
    #: ``returns``, ``clone``), as ``replay`` and the search bot drive it.
    state: Callable[..., Any]
    #: The batches of a run: ``jobs(games, chunk, *, cardset, seed, players, bots, draft,
    #: debug, log, sets)`` yields picklable jobs, in order.
    jobs: Callable[..., Iterable[Any]]
    #: Plays one job: ``run_chunk(job)`` returns its result (``aggregate``, ``lines`` of the
    #: log, ``failure`` or None, ``start``, ``stop``), in a worker process or Ray task.
    run_chunk: Callable[[Any], Any]
    #: An empty total of a run's figures: ``merge(aggregate)`` adds a batch's,
    #: ``figures(margin)`` gives the JSON ``simulate --json`` prints.
    figures: Callable[[], Any]
    #: Prints those figures as text (``simulate`` without ``--json``); None for the core's
    #: plain report of them, key by key (fortlang.sim.text.figures_report).
    show: Callable[[dict[str, Any]], None] | None = None
    #: Writes ``balance``'s report of those figures: ``report(out, figures, margin, sets)``
    #: (``sets``: the ids of the sets to show, as ``--set`` chose) writes the folder ``out``
    #: and returns the page's path and the ids of the cards it flags; None for the core's
    #: plain report of them, key by key (fortlang.sim.module_balance.figures_page).
    report: Callable[..., tuple[Path, list[str]]] | None = None


def drivers_for(game_name: str) -> Drivers | None:
    """The drivers of the game ``game_name``'s sets: its own when its module declares them,
    else Fort's for sets read as Fort's (a game without card kinds of its own, or one that
    cannot be had: fortlang.cardset.build.usable_game), else None: a game module played by the
    generic drivers. E351 (fortlang.games.GameError) when the declared piece fails to load or is no
    :class:`Drivers`."""
    from fortlang import games
    from fortlang.cardset.build import usable_game
    from fortlang.module import DEFAULT_GAME

    game = usable_game(game_name)
    if game is None:  # its sets are read as Fort's and play on Fort's table
        try:
            game = games.game_named(game_name)
        except games.GameError:  # E350/E351 at the manifest says why: read as Fort's
            game = games.game_named(DEFAULT_GAME)
        if not game.simulation:
            game = games.game_named(DEFAULT_GAME)
    found: Drivers | None = games.declared(game, "simulation", Drivers,
                                           "its simulation drivers")
    return found
