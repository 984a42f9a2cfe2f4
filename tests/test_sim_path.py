"""What `simulate` pays around the engine's decisions (issue 38), made cheaper without changing a
game: the draw (R9.1) outside a transaction moves runs of cards, set-up's seating draws its
boards natively (R2.1), the turn loop's record of who held what (match.Progress.watch) compares
marks by identity, and an outcome's tallies are Counters made without Counter's interpreted
constructor. Each is checked against what it replaced."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import Progress, _counter, run_game
from fortlang.games.fort.setup import draw, new_game, sample

CARDSET = base_set()


def _table(seed: int, players: int = 3):
    game, _ = new_game(CARDSET, players, seed=seed, agents=make_bots(["random"], players, seed))
    return game


def _discard_hand(game, seat: int) -> None:
    p = game.players[seat]
    while p.hand:
        game.move(p.hand, len(p.hand) - 1, p.discard)


@pytest.mark.parametrize("seed", range(12))
def test_r9_1_a_draw_between_moves_leaves_the_table_a_journaled_draw_leaves(seed):
    """Outside a transaction the draw moves runs of cards; inside one, card by card (each
    move journaled): the same hands, decks and discard piles in the same order, the same
    reshuffles (R9.1) from the same generator, whatever the count and however often the
    discard pile becomes the deck."""
    runs, single = _table(seed), _table(seed)
    steps = random.Random(seed)
    reshuffled = 0
    for _ in range(40):
        seat, count = steps.randrange(3), steps.randrange(0, 12)
        for game in (runs, single):
            _discard_hand(game, seat)
        reshuffled += len(runs.players[seat].deck) < count
        assert not runs.recording()
        mark = single.begin()
        assert draw(runs, seat, count) == draw(single, seat, count)
        single.commit(mark)
        assert runs.snapshot() == single.snapshot()
        assert runs.rng.getstate() == single.rng.getstate()
    assert reshuffled


@pytest.mark.parametrize("n", range(0, 25))
def test_r2_1_seating_draws_the_boards_random_sample_draws(n):
    for k in range(0, min(n, 7) + 1):
        for seed in range(20):
            mine, theirs = random.Random(seed), random.Random(seed)
            population = [f"board {i}" for i in range(n)]
            assert sample(mine, population, k) == theirs.sample(population, k)
            assert mine.getstate() == theirs.getstate()


def test_r2_1_seating_with_another_generator_asks_its_own_sample():
    class Counting(random.Random):
        calls = 0

        def sample(self, population, k, **kw):
            Counting.calls += 1
            return super().sample(population, k, **kw)

    assert sample(Counting(3), [1, 2, 3, 4], 2) == random.Random(3).sample([1, 2, 3, 4], 2)
    assert Counting.calls == 1


def test_an_outcome_tallies_are_the_counters_counter_makes():
    counts = {"a": 2, "b": 0, "c": 7}
    made = _counter(counts)
    assert type(made) is Counter and made == Counter(counts)
    assert list(made.items()) == list(Counter(counts).items())
    counts["a"] = 5  # a copy, not a view
    assert made["a"] == 2


@pytest.mark.parametrize("seed", [2, 9])
def test_r7_r14_a_turn_loop_resumed_from_a_copy_records_what_the_whole_loop_does(seed):
    """A Progress copied at a turn's start (the search bot's clones) carries the marks of the
    last look; one rebuilt without them (made by hand) compares by value: both go on to the
    figures of the game played through."""
    whole = run_game(CARDSET, 4, make_bots(["random"], 4, seed), seed=seed)
    copies: list[Progress] = []

    def keep(game, at: Progress) -> None:
        if at.turns == 9:
            copies.append(at.copy())

    run_game(CARDSET, 4, make_bots(["random"], 4, seed), seed=seed, on_turn=keep)
    (copied,) = copies
    assert copied.marks
    for resumed in (copied.copy(), _without_marks(copied)):
        # play the same game again, swapping in the copy at turn 9: the turns after it
        # watched by the copy
        swapped: list[bool] = []

        def swap(game, at: Progress, resumed=resumed, swapped=swapped) -> None:
            if at.turns == 9 and not swapped:
                swapped.append(True)
                for name in ("recruited", "acquired", "seen", "looks", "marks", "held"):
                    setattr(at, name, getattr(resumed, name))

        again = run_game(CARDSET, 4, make_bots(["random"], 4, seed), seed=seed, on_turn=swap)
        assert swapped
        assert again.recruited == whole.recruited and again.acquired == whole.acquired


def _without_marks(at: Progress) -> Progress:
    out = at.copy()
    out.marks = []
    out.seen = [int(str(v)) for v in out.seen]  # new int objects: equal, never identical
    return out
