"""The search bot plays a game module (issue 34 item 4, issue 33 item 5): ISMCTS over the
module's pull API with the module's determinization, here Frantic's. ``simulate --bots mcts``
takes a module that declares a determinization (E906 for one that does not); the bot answers
legal options only, a seed gives the same game, its search does more than its playout policy,
and it beats random seats.

The measured claim (docs/search-bot.md: 5 players, one ``mcts:8`` against four random seats,
Wilson intervals apart) takes minutes; the test here is a cheaper, weaker check on a fixed
sample: short games (an agreed points limit of 40, F2.2), three players, twelve games."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

from click.testing import CliRunner

from fortlang.agents.bots import agent_seed
from fortlang.agents.module_mcts import ModuleMcts
from fortlang.cardset.load import load_set
from fortlang.cli import main
from fortlang.engine.choices import Decision
from fortlang.games import game_named
from fortlang.games.frantic.match import run_game
from fortlang.sim.module_games import CardWorthAgent, make_agent
from fortlang.sim.module_pull import ModuleState, play

ROOT = Path(__file__).resolve().parent.parent
FRANTIC_SET = ROOT / "cards" / "frantic-base"
SET = load_set(FRANTIC_SET)
FRANTIC = game_named("frantic")
#: Short games: an agreed points limit (F2.2) of 40 ends a game in one to three rounds.
SHORT = partial(run_game, switches={"frantic.points_limit": 40})


class Watched:
    """A search bot whose every answer is checked legal and compared with its policy's."""

    def __init__(self, bot: ModuleMcts) -> None:
        self.bot = bot
        self.answers = self.differ = 0

    def choose_in(self, state: ModuleState, decision: Decision) -> int:
        pick = self.bot.choose_in(state, decision)
        assert 0 <= pick < len(decision.options)
        self.answers += 1
        self.differ += pick != CardWorthAgent(0, SET.cards).choose(None, decision)
        return pick


def short_game(seed: int, budget: int, players: int = 3, seat: int = 0) -> tuple[Watched, list]:
    agents: list = [make_agent(f"mcts:{budget}" if s == seat else "random", agent_seed(seed, s),
                               SET.cards, FRANTIC) for s in range(players)]
    watched = agents[seat] = Watched(agents[seat])
    out = play(ModuleState(FRANTIC, SET, players, seed=seed, run=SHORT, debug=True), agents)
    return watched, [out.winners, out.scores, out.turns]


def test_the_bot_answers_legal_options_and_a_seed_gives_the_same_game() -> None:
    first, result = short_game(3, 6)
    again, same = short_game(3, 6)
    assert first.answers > 5 and result == same


def test_the_search_does_more_than_its_playout_policy() -> None:
    watched, _ = short_game(8, 12)
    assert watched.answers > 10
    assert watched.differ >= 1, "the search never left the greedy policy's option"


def test_the_bot_beats_random_seats_on_a_fixed_sample() -> None:
    """Twelve short games of three (the bot in each seat in turn, four budget-4 searches a
    decision): the bot's win rate at least twice the random seats', its mean total lower
    (the lowest total wins, F4.4)."""
    wins = [0.0, 0.0]
    points = [0, 0]
    for game in range(12):
        seat = game % 3
        _, (winners, scores, _) = short_game(1 + game, 4, seat=seat)
        for s in range(3):
            mine = int(s != seat)  # 0: the bot, 1: a random seat
            wins[mine] += 1 / len(winners) if s in winners else 0.0
            points[mine] += scores[s]
    bot, rand = wins[0] / 12, wins[1] / 24
    assert bot >= 2 * rand, (wins, points)
    assert points[0] / 12 < points[1] / 24, (wins, points)


def test_simulate_seats_the_bot_at_a_module_that_declares_a_determinization() -> None:
    result = CliRunner().invoke(main, ["simulate", "--sets", str(FRANTIC_SET), "--players",
                                       "3", "--games", "1", "--bots", "mcts:2,random,random",
                                       "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["by_bot"]["mcts:2"]["seats"] == 1
    assert figures["by_bot"]["random"]["seats"] == 2
