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
