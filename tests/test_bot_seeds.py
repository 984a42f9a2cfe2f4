"""Issue 38: each game's seed and each bot's generator are derived natively, a bot's generator
being the one that derived its seed, seeded again in place (agents.bots.agent_rng,
text_seed). Their streams must be those of the interpreted derivations they replace: the
generators' whole states equal, draw for draw."""

from __future__ import annotations

import random

import pytest

from fortlang.agents.bots import agent_rng, agent_seed, make_bots, text_seed
from fortlang.engine.choices import RandomAgent
from fortlang.games.fort.agents.bots import BOTS, GreedyAgent
from fortlang.sim.replay import game_seed

SEEDS = [0, 1, 7, 2**31 - 1, 2**62 + 12345, 2**63 - 1]


def reference_rng(seed: int, seat: int) -> random.Random:
    """A bot's generator as it was made: two fresh generators, the first seeded with text."""
    return random.Random(random.Random(f"fortlang-agent:{seed}:{seat}").getrandbits(64))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_seed_is_the_text_seeded_generator_draw(seed: int):
    for index in (0, 1, 99, 10**6):
        expected = random.Random(f"fortlang-game:{seed}:{index}").getrandbits(63)
        assert game_seed(seed, index) == expected
    assert text_seed("héllo ∀", 17) == random.Random("héllo ∀").getrandbits(17)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_bot_generator_reused_in_place_is_a_fresh_one(seed: int):
    for seat in range(4):
        assert agent_seed(seed, seat) == random.Random(
            f"fortlang-agent:{seed}:{seat}").getrandbits(64)
        made, ref = agent_rng(seed, seat), reference_rng(seed, seat)
        assert type(made) is random.Random
        assert made.getstate() == ref.getstate()  # gauss_next included
        assert [made.random() for _ in range(700)] == [ref.random() for _ in range(700)]
        assert made.gauss(0, 1) == ref.gauss(0, 1) and made.getstate() == ref.getstate()


@pytest.mark.parametrize("lineup", [["random"], ["greedy"], ["greedy", "random"]])
def test_make_bots_seats_the_same_generators(lineup: list[str]):
    for seed in SEEDS[:3]:
        bots = make_bots(lineup, 4, seed, BOTS)
        for seat, bot in enumerate(bots):
            name = lineup[seat % len(lineup)]
            assert type(bot) is (RandomAgent if name == "random" else GreedyAgent)
            assert bot.rng.getstate() == reference_rng(seed, seat).getstate()


def test_a_search_bot_gets_the_derived_seed_and_a_bad_spec_still_fails():
    taken: list[tuple] = []
    bots = {"mcts": lambda *args: taken.append(args) or args}
    make_bots(["mcts", "mcts:50"], 2, 5, bots)
    assert taken == [(agent_seed(5, 0),), (agent_seed(5, 1), "50")]
    for _ in range(2):  # an error is never kept for the next game
        with pytest.raises(ValueError, match="unknown bot"):
            make_bots(["nobody"], 2, 5, BOTS)
