"""The rules engine: game state (R1), choices as data, the action interpreter (R12, R13), playing
and following a card (R5, R6) and the invariant checker.

>>> from fortlang.engine import Game, ScriptedAgent, perform
>>> from fortlang.parser import parse_action
>>> game = Game(2, agents=[ScriptedAgent(["toy"]), None])
>>> perform(game, 0, parse_action("gain 2 pizza/toy"))
True
>>> from fortlang.nodes import Resource
>>> game.players[0].stuff[Resource.TOY], game.log
(2, [('resource', 1)])
"""

from __future__ import annotations

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
    "Agent", "CardInstance", "DEFAULT_BOARD", "Decision", "Game", "GameView", "IllegalMove",
    "InvariantError", "Kind", "Option", "PlayResult", "Player", "PlayerView", "RandomAgent",
    "ReplayAgent", "Rules", "ScriptedAgent", "assert_invariants", "can_perform", "check",
    "follow_one", "follow_round", "lead", "legal_plays", "perform", "play_card", "recruit",
    "why_not",
]
