"""The rules engine's core: the undo journal every game's table is built on, choices as data,
who answers them, chance, the action interpreter (R12, R13) and the transaction driver that
performs an action on any game's table (:mod:`fortlang.engine.perform`). It names no game:
Fort's table (:class:`~fortlang.games.fort.table.Game`, ``Player``, ``CardInstance``,
``Rules``, ``DEFAULT_BOARD``), its metrics (R14) and its play and follow (R5, R6) are Fort's
(:mod:`fortlang.games.fort.table`, :mod:`fortlang.games.fort.metrics`,
:mod:`fortlang.games.fort.play`).

The API a game loop, bots, replays and scenarios build on:

* :class:`~fortlang.engine.journal.Journal` (``journal.py``), the base of any game's table
  (Fort's :class:`~fortlang.games.fort.table.Game` included): transactions (``begin commit
  rollback abort unwind mark changed_since``), the undoable mutations (``move shift set take
  put add_vp level_up``, the bookkeeping ``note note_attr note_item``), ``state_key``,
  ``chance``, ``ask``; ``tokens`` (a flat list of counters), ``rng``, ``asker``, ``log``,
  ``on_decision``, ``debug`` (``check_invariants`` at every decision).
  :class:`~fortlang.engine.journal.SeatCounts`: a seat's ``vp`` and ``level``.
* :mod:`~fortlang.engine.choices`: :class:`Decision` (player, kind, options with labels,
  context, excluded options with the rule forbidding them), :class:`Agent` (``choose(view,
  decision) -> index``), :class:`RandomAgent`, :class:`ScriptedAgent`, :class:`ReplayAgent`.
* :mod:`~fortlang.engine.asker`: :class:`Asker` (``decide(game, decision) -> index``), what a
  game asks; the agents sit in the match layer (:class:`fortlang.sim.seats.Seats`).

>>> from fortlang.engine import ScriptedAgent
>>> from fortlang.games.fort.table import Game
>>> from fortlang.games.fort.play import perform
>>> from fortlang.sim.seats import Seats
>>> from fortlang.parser import parse_action
>>> game = Game(2, asker=Seats([ScriptedAgent(["toy"]), None]))
>>> perform(game, 0, parse_action("gain 2 pizza/toy"))
True
>>> from fortlang.games.fort.nodes import Resource
>>> game.players[0].stuff[Resource.TOY], game.log
(2, [('resource', 1)])
"""

from __future__ import annotations

from fortlang.engine.asker import Asker
from fortlang.engine.choices import (
    Agent,
    Decision,
    IllegalMove,
    Kind,
    Option,
    RandomAgent,
    ReplayAgent,
    ScriptedAgent,
)

__all__ = [
    "Agent", "Asker", "Decision", "IllegalMove", "Kind", "Option", "RandomAgent", "ReplayAgent",
    "ScriptedAgent",
]
