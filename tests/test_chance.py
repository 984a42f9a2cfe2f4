"""fortlang.engine.chance draws exactly what random.Random draws from the same state: games,
replays and logs made before it stay the same games."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from fortlang.engine.chance import below, choice, shuffle


@given(st.integers(0, 2**32), st.lists(st.integers(1, 2**70), min_size=1, max_size=30))
def test_below_is_randrange(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    assert ours.getstate() == theirs.getstate()


@given(st.integers(0, 2**32), st.lists(st.integers(), max_size=70))
def test_shuffle_and_choice_are_randoms(seed: int, items: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, yours = list(items), list(items)
    shuffle(ours, mine)
    theirs.shuffle(yours)
    assert mine == yours
    if items:
        assert choice(ours, items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


def test_a_generator_of_another_kind_draws_through_its_own_methods() -> None:
    class Fixed(random.Random):
        def random(self) -> float:
            return 0.5

    assert below(Fixed(1), 10) == Fixed(1).randrange(10)
    items = list(range(9))
    shuffle(Fixed(1), items)
    expected = list(range(9))
    Fixed(1).shuffle(expected)
    assert items == expected


def test_the_modules_example_runs_from_its_source() -> None:
    """The docstring example, run from the module's source (a compiled build has no
    docstrings for doctest to find)."""
    import doctest
    from pathlib import Path

    import fortlang.engine.chance as chance

    source = Path(chance.__file__).with_name("chance.py").read_text(encoding="utf-8")
    docstring = source.split('"""')[1]
    test = doctest.DocTestParser().get_doctest(docstring, {"below": below}, "chance", None, 0)
    result = doctest.DocTestRunner().run(test)
    assert result.attempted >= 2 and result.failed == 0



def test_below_is_randrange_at_every_bit_count_edge() -> None:
    """Each n around a power of two (where the bit count changes and redraws are most and
    fewest), from many seeds, drawn in turn from one generator each: the same numbers and the
    same state as randrange (issue 38: the bit count is boxed once per draw, not per redraw)."""
    sizes = [n for b in range(0, 70) for n in (2**b - 1, 2**b, 2**b + 1) if n > 0]
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [below(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
        assert ours.getstate() == theirs.getstate()


def test_shuffle_is_randoms_shuffle_at_every_size_and_many_states() -> None:
    """The shuffle draws its indices itself, its bit count kept from draw to draw (issue 38):
    permutation for permutation and state for state, it is still ``random.Random.shuffle``:
    every size from 0 to 130 and sizes around powers of two up to 2**10 (where the bit count
    changes), from generators at many states, shuffled in turn."""
    sizes = list(range(131)) + [n for b in range(8, 11) for n in (2**b - 1, 2**b, 2**b + 1)]
    for seed in range(60):
        ours, theirs = random.Random(seed), random.Random(seed)
        skip = seed * 37 % 700  # words drawn before: batches start anywhere in the 624
        ours.getrandbits(32 * skip + 1) if skip else None
        theirs.getrandbits(32 * skip + 1) if skip else None
        for n in sizes:
            mine, yours = list(range(n)), list(range(n))
            shuffle(ours, mine)
            theirs.shuffle(yours)
            assert mine == yours, (seed, n)
        assert ours.getstate() == theirs.getstate()


def test_shuffle_of_decks_met_in_a_game_equals_the_reference_algorithm() -> None:
    """Against the reference written out (Fisher-Yates from the end, an index a draw of
    ``k`` bits redrawn while too large), not only against the library: small decks as Fort
    shuffles them, thousands of generator states."""
    def reference(rng: random.Random, x: list[int]) -> None:
        for i in range(len(x) - 1, 0, -1):
            k = (i + 1).bit_length()
            j = rng.getrandbits(k)
            while j >= i + 1:
                j = rng.getrandbits(k)
            x[i], x[j] = x[j], x[i]

    ours, theirs = random.Random(2026), random.Random(2026)
    for step in range(5000):
        n = step % 23
        mine, yours = list(range(n)), list(range(n))
        shuffle(ours, mine)
        reference(theirs, yours)
        assert mine == yours, step
    assert ours.getstate() == theirs.getstate()


def test_seeded_is_random_random_of_the_seed() -> None:
    """The journal's generator, seeded natively (issue 38): the state ``random.Random(seed)``
    has (negative seeds and ones wider than a word included), ``gauss_next`` too; a seed not
    exactly an int goes the library's way."""
    from fortlang.engine.chance import seeded

    for seed in [0, 1, -1, 7, 100, 2**31, 2**32 + 5, -(2**70), 2**200 + 3, *range(200, 260)]:
        ours, theirs = seeded(seed), random.Random(seed)
        assert type(ours) is random.Random
        assert ours.getstate() == theirs.getstate(), seed
        assert ours.random() == theirs.random()
        assert ours.gauss(0, 1) == theirs.gauss(0, 1)
        assert ours.getstate() == theirs.getstate()
    assert seeded(True).getstate() == random.Random(True).getstate()  # not an int exactly
