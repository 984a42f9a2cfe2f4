"""Frantic's games as data, to pin its behaviour across a change of its loop (issue 33 item 4:
Frantic on the flow runtime): every decision of a few seeded games (whose, its kind, its
options with their values, its context, its exclusions, the answer) and the outcome.

The golden ``tests/golden/frantic-flow/games.json`` was written by the loop Frantic had before
it ran on the flow (``games/frantic/match.py`` at e6b641b):

    .venv/bin/python -m tests.frantic_golden > tests/golden/frantic-flow/games.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fortlang.cardset.load import load_set
from fortlang.engine.choices import Decision, RandomAgent
from fortlang.games import game_named
from fortlang.sim.module_games import CardWorthAgent

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "frantic-flow" / "games.json"
#: (players, seed, lineup): greedy and random bots, 2 to 6 players.
GAMES: tuple[tuple[int, int, str], ...] = (
    (2, 1, "random"), (2, 4, "greedy"), (3, 2, "greedy,random"), (4, 3, "random"),
    (4, 11, "greedy"), (5, 5, "random,greedy"), (6, 6, "greedy,random"), (6, 9, "random"))


class Recorder:
    """The asker: each seat's bot answers; every decision and answer is written down."""

    def __init__(self, agents: list[Any]) -> None:
        self.agents = agents
        self.seen: list[list[Any]] = []

    def decide(self, game: Any, decision: Decision) -> int:
        index = int(self.agents[decision.player].choose(None, decision))
        self.seen.append([decision.player, str(decision.kind),
                          [[o.label, repr(o.value)] for o in decision.options],
                          decision.context, [list(x) for x in decision.excluded], index])
        return index


def play(players: int, seed: int, lineup: str) -> dict[str, Any]:
    cardset = load_set(ROOT / "cards" / "frantic-base")
    bots = lineup.split(",")
    agents: list[Any] = []
    for s in range(players):
        bot = bots[s % len(bots)]
        agents.append(CardWorthAgent(seed * 10 + s, cardset.cards) if bot == "greedy"
                      else RandomAgent(seed * 10 + s))
    recorder = Recorder(agents)
    outcome = game_named("frantic").piece("run")(cardset, players, seed=seed, asker=recorder,
                                                 debug=True)
    return {"players": players, "seed": seed, "lineup": lineup,
            "scores": list(outcome.scores), "winners": list(outcome.winners),
            "turns": outcome.turns, "plays": outcome.plays,
            "seat_plays": list(outcome.seat_plays), "decisions": recorder.seen}


def all_games() -> list[dict[str, Any]]:
    return [play(*game) for game in GAMES]


if __name__ == "__main__":
    json.dump(all_games(), sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")
