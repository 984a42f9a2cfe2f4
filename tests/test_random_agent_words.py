"""A random bot that owns its generator draws it two 32-bit words a call, one ``random()``, and
keeps the second word for its next draw (RandomAgent.draw_below, issue 38): its answers must be
``rng.randrange(count)``'s, from the same words in the same order, whatever the counts, and
whoever reads its generator finds it where plain draws leave it (the word kept given back)."""

from __future__ import annotations

import random

import pytest

from fortlang.agents.bots import agent_rng
from fortlang.cardset import base_set
from fortlang.engine.choices import Decision, Kind, Option, RandomAgent
from fortlang.games.fort.agents.bots import GreedyAgent, make_bot, make_bots
from fortlang.games.fort.match import run_game

#: Counts of every kind: one option, two, powers of two and their neighbours (a redraw is
#: likeliest just above one), the last count kept words serve (2**26 - 1), and beyond it (a
#: word given back, then ``getrandbits`` of 27 bits, 32, more than one word).
_COUNTS = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129,
           1000, 4096, 4097, 2**20 + 1, 2**25, 2**25 + 1, 2**26 - 1, 2**26, 2**26 + 1,
           2**27 + 3, 2**31, 2**31 + 1, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 7, 2**64 + 1]


def _counts(seed: int, length: int) -> list[int]:
    """Counts drawn from :data:`_COUNTS`, mostly small ones (as a game's decisions are)."""
    pick = random.Random(seed)
    small = [c for c in _COUNTS if c < 130]
    return [pick.choice(_COUNTS) if pick.random() < 0.1 else pick.choice(small)
            for _ in range(length)]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**64 - 1])
def test_an_owned_generator_answers_as_randrange(seed):
    """Over thousands of draws (the state's 624 words renewed many times): the same answers,
    and the generator, read at the end, where ``randrange`` leaves it."""
    counts = _counts(seed, 3000)
    agent, reference = RandomAgent(seed), random.Random(seed)
    assert [agent.draw_below(c) for c in counts] == [reference.randrange(c) for c in counts]
    assert agent.rng.getstate() == reference.getstate()


@pytest.mark.parametrize("count", [1, 2, 3, 4, 6, 8, 64, 2**26 - 1, 2**26, 2**26 + 1, 2**33])
def test_each_count_alone(count):
    agent, reference = RandomAgent(count), random.Random(count)
    assert ([agent.draw_below(count) for _ in range(1500)]
            == [reference.randrange(count) for _ in range(1500)])
    assert agent.rng.getstate() == reference.getstate()


def test_each_draw_takes_the_next_word():
    """Two options (two bits a word, as ``randrange(2)``): each word in turn, its top two bits
    the answer unless they make 2 or 3 (then the next word). A word kept and then dropped (or
    used twice) would shift (or repeat) the answers that follow."""
    agent, words = RandomAgent(3), random.Random(3)
    answers = [agent.draw_below(2) for _ in range(2000)]
    expected: list[int] = []
    while len(expected) < 2000:
        top = words.getrandbits(32) >> 30
        if top < 2:
            expected.append(top)
    assert answers == expected


@pytest.mark.parametrize("seed", [4, 5])
def test_the_generator_read_at_any_point(seed):
    """Read after any number of draws (a word kept or not, just before or after the state's
    words are renewed), the generator is where plain draws leave it; drawn from by its reader
    and the agent in turn from then on, every draw is the plain one."""
    counts = _counts(seed, 1400)
    for stop in [*range(0, 40), *range(300, 330), *range(600, 640), *range(1000, 1400, 37)]:
        agent, reference = RandomAgent(seed), random.Random(seed)
        for c in counts[:stop]:
            assert agent.draw_below(c) == reference.randrange(c)
        rng = agent.rng
        assert rng.getstate() == reference.getstate(), stop
        for c in counts[stop:stop + 20]:
            assert agent.draw_below(c) == reference.randrange(c)
            assert rng.random() == reference.random()


def test_a_generator_handed_to_the_agent_is_shared():
    """Its caller may draw from it too: the agent then draws word by word, and both see the
    plain draws in turn (owned only when said)."""
    rng, reference = random.Random(9), random.Random(9)
    agent = RandomAgent(rng)
    for c in _counts(9, 500):
        assert agent.draw_below(c) == reference.randrange(c)
        assert rng.getrandbits(7) == reference.getrandbits(7)


def test_a_generator_reseeded_through_the_agent():
    """As the search reseeds its playout policy's generator (agents.search: policy.rng.seed)."""
    agent = RandomAgent(11)
    agent.draw_below(5)  # a word kept
    agent.rng.seed(42)
    reference = random.Random(42)
    assert [agent.draw_below(c) for c in range(1, 300)] == [reference.randrange(c)
                                                           for c in range(1, 300)]
    agent.rng = random.Random(43)
    reference = random.Random(43)
    assert [agent.draw_below(c) for c in range(1, 300)] == [reference.randrange(c)
                                                           for c in range(1, 300)]


def test_choose_draws_from_the_same_words():
    decisions = [Decision(0, Kind.CHOICE, tuple(Option(str(i)) for i in range(n)))
                 for n in (2, 3, 5, 8, 13)]
    agent, reference = RandomAgent(8), random.Random(8)
    for i in range(1000):
        d = decisions[i % len(decisions)]
        assert agent.choose(None, d) == reference.randrange(len(d.options))
        assert agent.draw_below(6) == reference.randrange(6)


def test_a_bot_made_for_a_game_owns_its_generator():
    """make_bots and make_bot hand a random bot the generator they made for it (and draw
    two words a call); the greedy bot's stays its own business."""
    bots = make_bots(["random", "greedy"], 4, 5)
    assert [type(b) for b in bots] == [RandomAgent, GreedyAgent] * 2
    assert bots[0]._ahead and bots[2]._ahead
    assert make_bot("random", 7)._ahead
    reference = agent_rng(5, 0)
    assert [bots[0].draw_below(c) for c in _counts(1, 500)] == [reference.randrange(c)
                                                              for c in _counts(1, 500)]


def _bots(players: int, seed: int, owned: bool) -> list[RandomAgent]:
    return [RandomAgent(agent_rng(seed, s), owned=owned) for s in range(players)]


@pytest.mark.parametrize(("players", "seed", "draft"), [(2, 1, False), (3, 2, True),
                                                        (4, 3, False), (4, 4, True)])
def test_whole_games_are_the_same_drawn_ahead_or_not(players, seed, draft):
    ahead = run_game(base_set(), players, _bots(players, seed, True), seed=seed, draft=draft)
    plain = run_game(base_set(), players, _bots(players, seed, False), seed=seed, draft=draft)
    assert ahead.log == plain.log
    assert ahead.scores == plain.scores and ahead.snapshot == plain.snapshot


@pytest.mark.parametrize("seed", [5, 6])
def test_a_mixed_table_is_the_same_drawn_ahead_or_not(seed):
    """Random bots beside greedy ones: asked through sim.seats (by count and by decision)."""
    def table(owned: bool) -> list:
        return [RandomAgent(agent_rng(seed, 0), owned=owned), GreedyAgent(agent_rng(seed, 1)),
                RandomAgent(agent_rng(seed, 2), owned=owned), GreedyAgent(agent_rng(seed, 3))]

    ahead = run_game(base_set(), 4, table(True), seed=seed)
    plain = run_game(base_set(), 4, table(False), seed=seed)
    assert ahead.log == plain.log and ahead.scores == plain.scores
