"""The rules engine's core: the undo journal every game's table is built on, Fort's game state
(R1), choices as data, who answers them, chance, the action interpreter (R12, R13) and the
transaction driver that performs an action on any game's table (:mod:`fortlang.engine.perform`).
Fort's play and follow (R5, R6) and its invariant checker are Fort's
(:mod:`fortlang.games.fort.play`, :mod:`fortlang.games.fort.invariants`).

The API a game loop, bots, replays and scenarios build on:

* :class:`Game` (``state.py``): players' zones (``deck hand discard yard lookout in_play``, lists of
  :class:`CardInstance`, top of a deck = end), ``stuff``/``pack`` token pools, ``level``, ``vp``,
  ``rule``, ``perks``; shared ``park park_deck box rule_pile perk_row boxed_perks macaroni
  supply``; ``tokens`` (every token count as one flat list of ints, which the pools
  :class:`Pool` read as ``p.stuff[PIZZA]``); ``rng`` (the one seeded generator), ``asker``
  (who answers its decisions), ``log`` (every answered decision as ``(kind, index)``),
  ``on_decision``, ``debug`` (invariants at every decision), ``rules`` (:class:`Rules`, the
  interpretation switches), ``snapshot()``. Set-up helpers: ``new_card(s)``, ``give``;
  outside a move, zones may be changed with ``move``. (Fort's table still lives here.)
* :class:`~fortlang.engine.journal.Journal` (``journal.py``), the base of :class:`Game` and of
  any game's table: transactions (``begin commit rollback abort unwind mark changed_since``),
  the undoable mutations (``move shift set take put add_vp level_up``, the bookkeeping
  ``note note_attr note_item``), ``state_key``, ``chance``, ``ask``; ``tokens`` (a flat list of
  counters), ``rng``, ``asker``, ``log``, ``on_decision``, ``debug`` (``check_invariants`` at
  every decision). :class:`~fortlang.engine.journal.SeatCounts`: a seat's ``vp`` and ``level``.
* :mod:`~fortlang.engine.choices`: :class:`Decision` (player, kind, options with labels,
  context, excluded options with the rule forbidding them), :class:`Agent` (``choose(view,
  decision) -> index``), :class:`RandomAgent`, :class:`ScriptedAgent`, :class:`ReplayAgent`.
* :mod:`~fortlang.engine.asker`: :class:`Asker` (``decide(game, decision) -> index``), what a
  game asks; the agents sit in the match layer (:class:`fortlang.sim.seats.Seats`).

>>> from fortlang.engine import Game, ScriptedAgent
>>> from fortlang.games.fort.play import perform
>>> from fortlang.sim.seats import Seats
>>> from fortlang.parser import parse_action
>>> game = Game(2, asker=Seats([ScriptedAgent(["toy"]), None]))
>>> perform(game, 0, parse_action("gain 2 pizza/toy"))
True
>>> from fortlang.nodes import Resource
>>> game.players[0].stuff[Resource.TOY], game.log
(2, [('resource', 1)])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from fortlang.engine.state import DEFAULT_BOARD, CardInstance, Game, Player, Rules

#: Fort's table (``state.py``), loaded when first named: importing the core's journal, choices
#: or asker (``fortlang.engine.journal``) does not load Fort.
_FORT_TABLE = frozenset({"DEFAULT_BOARD", "CardInstance", "Game", "Player", "Rules"})


def __getattr__(name: str) -> Any:
    if name in _FORT_TABLE:
        from fortlang.engine import state

        return getattr(state, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Agent", "Asker", "CardInstance", "DEFAULT_BOARD", "Decision", "Game", "IllegalMove",
    "Kind", "Option", "Player", "RandomAgent", "ReplayAgent", "Rules", "ScriptedAgent",
]
