"""Whole games of Frantic (issue 34 item 4): ``fortlang simulate`` plays the bundled set
(cards/frantic-base) through the game's own loop, every play card and every event comes up,
the rounds are as many as the points limit makes plausible, and a seed gives the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fortlang import games
from fortlang.cardset.load import load_set
from fortlang.cli import main
from fortlang.games.frantic import match
from fortlang.games.frantic.table import new_table
from fortlang.sim.module_games import ModuleSeats, make_agent, play

ROOT = Path(__file__).resolve().parent.parent
FRANTIC = ROOT / "cards" / "frantic-base"
SET = load_set(FRANTIC)


def simulate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["simulate", "--sets", str(FRANTIC), *args])
    return result.exit_code, result.output


def test_simulate_plays_two_hundred_games_of_five() -> None:
    code, out = simulate("--players", "5", "--games", "200", "--bots", "random,greedy",
                         "--seed", "1", "--json")
    assert code == 0, out
    figures = json.loads(out)
    assert figures["game"] == "frantic" and figures["games"] == 200
    assert sum(b["seats"] for b in figures["by_bot"].values()) == 1000
    wins = sum(b["wins"] for b in figures["by_bot"].values())
    assert abs(wins - 200) < 1e-6  # every game has its winners, a tie shares one win
    assert 20 <= figures["turns"]["mean"] <= 2000 and figures["turns"]["max"] <= (
        match.MOST_TURNS * match.MOST_ROUNDS)


def test_the_same_seed_gives_the_same_bytes() -> None:
    runs = [simulate("--players", "4", "--games", "15", "--seed", "3", "--json")
            for _ in range(2)]
    assert runs[0][0] == 0 and runs[0] == runs[1]
    other = simulate("--players", "4", "--games", "15", "--seed", "4", "--json")
    assert other[1] != runs[0][1]


def test_every_card_and_every_event_is_played_in_five_hundred_games() -> None:
    game = games.game_named("frantic")
    figures = play(game, SET, games=500, players=5, bots=("random", "greedy"), seed=1)
    ids = {c.id for c in SET.cards}
    assert len(ids) == 36 + 9 + 22 + 20  # coloured numbers, black numbers, specials, events
    assert not ids - set(figures.plays), sorted(ids - set(figures.plays))


def test_rounds_are_plausible_and_every_game_ends() -> None:
    rounds = []
    for seed in range(30):
        agents = [make_agent("random" if i % 2 else "greedy", seed * 10 + i, SET.cards)
                  for i in range(5)]
        table = new_table(SET, 5, seed=seed, asker=ModuleSeats(agents))
        out = match.play_game(table)
        assert max(out.scores) >= 137  # F2.2: the medium limit for 5 players
        rounds.append(table.rounds)
    # a round scores a few dozen points a hand: the limit is reached in a handful of rounds
    assert 1 <= min(rounds) and max(rounds) <= 20 and 2 <= sum(rounds) / len(rounds) <= 10
