"""The rules engine: game state (R1), choices as data, the action interpreter (R12, R13), playing
and following a card (R5, R6) and the invariant checker.

The API a game loop, bots, replays and scenarios build on:

* :class:`Game` (``state.py``): players' zones (``deck hand discard yard lookout in_play``, lists of
  :class:`CardInstance`, top of a deck = end), ``stuff``/``pack`` token pools, ``level``, ``vp``,
  ``rule``, ``perks``; shared ``park park_deck box rule_pile perk_row boxed_perks macaroni
  supply``; ``tokens`` (every token count as one flat list of ints, which the pools
  :class:`Pool` read as ``p.stuff[PIZZA]``); ``rng`` (the one seeded generator), ``asker``
  (who answers its decisions), ``log`` (every answered decision as ``(kind, index)``),
  ``on_decision``, ``debug`` (invariants at every decision), ``rules`` (:class:`Rules`, the
  interpretation switches), ``snapshot()``. Set-up helpers: ``new_card(s)``, ``give``;
  outside a move, zones may be changed with ``move``.
* :mod:`~fortlang.engine.choices`: :class:`Decision` (player, kind, options with labels,
  context, excluded options with the rule forbidding them), :class:`Agent` (``choose(view,
  decision) -> index``), :class:`RandomAgent`, :class:`ScriptedAgent`, :class:`ReplayAgent`.
* :mod:`~fortlang.engine.asker`: :class:`Asker` (``decide(game, decision) -> index``), what a
  game asks; the agents sit in the match layer (:class:`fortlang.game.seats.Seats`).
* :func:`lead` (the play phase: play a legal card or skip), :func:`play_card` (R5 + R6 +
  R12.5, returns a :class:`PlayResult`), :func:`legal_plays`, :func:`why_not`,
  :func:`follow_round`, :func:`recruit` (R7.1; Birthday Party), :func:`perform` /
  :func:`can_perform` (any action, e.g. DIY's ``advance +1``).
* :func:`check` / :func:`assert_invariants`.

>>> from fortlang.engine import Game, ScriptedAgent, perform
>>> from fortlang.game.seats import Seats
>>> from fortlang.parser import parse_action
>>> game = Game(2, asker=Seats([ScriptedAgent(["toy"]), None]))
>>> perform(game, 0, parse_action("gain 2 pizza/toy"))
True
>>> from fortlang.nodes import Resource
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
from fortlang.engine.invariants import InvariantError, assert_invariants, check
from fortlang.engine.play import (
    PlayResult,
    can_perform,
    follow_one,
    follow_round,
    lead,
    legal_plays,
    perform,
    play_card,
    recruit,
    why_not,
)
from fortlang.engine.state import DEFAULT_BOARD, CardInstance, Game, Player, Rules
from fortlang.engine.view import GameView, PlayerView

__all__ = [
    "Agent", "Asker", "CardInstance", "DEFAULT_BOARD", "Decision", "Game", "GameView",
    "IllegalMove", "InvariantError", "Kind", "Option", "PlayResult", "Player", "PlayerView",
    "RandomAgent", "ReplayAgent", "Rules", "ScriptedAgent", "assert_invariants", "can_perform",
    "check", "follow_one", "follow_round", "lead", "legal_plays", "perform", "play_card",
    "recruit", "why_not",
]
