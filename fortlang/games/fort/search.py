"""What Fort gives its search bot (:mod:`fortlang.games.fort.agents.mcts`, ``GameModule.search``): a
seat's memory of the table and the deal of what it cannot see (:mod:`.knowledge`), and the
score as it stands (R11.2, R14: :mod:`.scoring`), which the bot's estimate reads."""

from __future__ import annotations

from fortlang.games.fort.knowledge import Knowledge, determinize
from fortlang.games.fort.scoring import cards_you_have, final_score

__all__ = ["Knowledge", "cards_you_have", "determinize", "final_score"]
