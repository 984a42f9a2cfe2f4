"""Whole games of Fort on top of the rules engine: set-up (R2), the turn loop (R3-R9), end
triggers and the completed round (R11.1), final scoring with made-up rules (R11.2, R14), ties
(R11.3), and the bots.

>>> from fortlang.cardset import base_set
>>> from fortlang.game import make_bots, run_game
>>> out = run_game(base_set(), 2, make_bots(["random"], 2, 7), seed=7)
>>> len(out.scores), out.turns % 2
(2, 0)
"""

from __future__ import annotations

from fortlang.game.agents import BOTS, GreedyAgent, agent_seed, make_bots
from fortlang.game.match import Outcome, Trigger, end_triggers, run_game
from fortlang.game.scoring import Score, evaluate, final_score, winners
from fortlang.game.setup import draw, new_game
from fortlang.game.turn import play_turn

__all__ = ["BOTS", "GreedyAgent", "Outcome", "Score", "Trigger", "agent_seed", "draw",
           "end_triggers", "evaluate", "final_score", "make_bots", "new_game", "play_turn",
           "run_game", "winners"]
