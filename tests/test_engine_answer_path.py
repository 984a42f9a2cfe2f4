"""A decision's answer and its log entry, made cheaper (issue 38) and exactly as before: a random
bot's answer by count draws what ``rng.randrange(count)`` draws; the log holds
``(str(kind), index)`` pairs equal to fresh ones, whatever the order of the kinds and however
large the index; a driver performing for real shares one empty list of choice points, which
nothing writes."""

from __future__ import annotations

import random

import pytest

from fortlang.cardset import base_set
from fortlang.engine import interpreter
from fortlang.engine.asker import CountAsker, RandomAsker
from fortlang.engine.choices import Decision, Kind, Option, RandomAgent
from fortlang.engine.journal import Journal
from fortlang.games.fort.match import run_game

COUNTS = [*range(1, 70), 127, 128, 129, 1000, 2**40 + 3]


@pytest.mark.parametrize("seed", [0, 1, 5, 99])
def test_a_random_bot_answers_by_count_what_randrange_draws(seed: int):
    """Every count (below and past the bit counts kept boxed): the same answers, and the
    generator left in the same state, as the library's own ``randrange``."""
    asker = RandomAsker([RandomAgent(seed), RandomAgent(seed + 1)])
    reference = [random.Random(seed), random.Random(seed + 1)]
    draws = random.Random(seed + 2)
    for _ in range(400):
        seat = draws.randrange(2)
        count = COUNTS[draws.randrange(len(COUNTS))]
        assert asker.decide_count(seat, count) == reference[seat].randrange(count), count
    for seat in range(2):
        assert asker.agents[seat].rng.getstate() == reference[seat].getstate()


class _Sub(random.Random):
    """A generator of another class draws through its own methods (chance.below's rule)."""

    def getrandbits(self, k: int) -> int:
        return 0


def test_a_generator_of_another_class_is_drawn_its_own_way():
    asker = RandomAsker([RandomAgent(_Sub(3))])
    assert [asker.decide_count(0, n) for n in (1, 2, 7, 64, 65)] == [0, 0, 0, 0, 0]


class _Counter(CountAsker):
    """Answers by count with the index it is told to."""

    def __init__(self) -> None:
        self.answer = 0

    def decide_by_count(self, seat, kind, count, items=None):
        return self.answer


class _Deciding:
    def __init__(self) -> None:
        self.answer = 0

    def decide(self, game, decision):
        return self.answer


def _fresh(kind: Kind, index: int) -> tuple[str, int]:
    return (str(kind), index)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_way_of_asking_logs_the_pair_a_fresh_entry_would_be(seed: int):
    """ask_blind, ask_count and ask, in a random order of kinds (the same kind in a row, then
    another), indices below and past the entries made once: each logged entry equals
    ``(str(kind), index)``, a str and an int."""
    draws = random.Random(seed)
    kinds = list(Kind)
    blind = Journal(asker=RandomAsker([RandomAgent(seed)]))
    counted_by = _Counter()
    counted = Journal(asker=counted_by)  # type: ignore[arg-type]
    deciding_by = _Deciding()
    deciding = Journal(asker=deciding_by)  # type: ignore[arg-type]
    expected: dict[int, list[tuple[str, int]]] = {0: [], 1: [], 2: []}
    kind = kinds[0]
    for _ in range(300):
        if draws.random() < 0.4:
            kind = kinds[draws.randrange(len(kinds))]
        count = draws.choice([1, 2, 3, 9, 63, 64, 65, 70, 200])
        index = blind.ask_blind(0, kind, count)
        expected[0].append(_fresh(kind, index))
        counted_by.answer = draws.randrange(count)
        assert counted.ask_count(0, kind, count) == counted_by.answer
        expected[1].append(_fresh(kind, counted_by.answer))
        deciding_by.answer = draws.randrange(count)
        options = tuple(Option(str(i), i) for i in range(count))
        assert deciding.ask(Decision(0, kind, options)) == deciding_by.answer
        expected[2].append(_fresh(kind, deciding_by.answer))
    for which, table in enumerate((blind, counted, deciding)):
        assert table.log == expected[which]
        assert all(type(k) is str and type(i) is int for k, i in table.log)


def test_a_game_of_random_bots_leaves_the_real_drivers_points_empty():
    """The list of choice points every driver performing for real shares (interpreter.drive)
    is never written: a search's driver makes its own."""
    shared = interpreter._NO_POINTS
    for seed in range(3):
        for players in (2, 4):
            agents = [RandomAgent(100 * seed + s) for s in range(players)]
            result = run_game(base_set(), players, agents, seed=seed)
            assert result.log
            assert shared == []
