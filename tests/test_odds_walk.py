"""The core's exact odds (fortlang/engine/odds.py, issue 35 item 2): a chance program's value
walked exactly over its states, loops solved as absorbing Markov chains in Fractions, every
input bounded, and the same program sampled."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Option
from fortlang.engine.odds import (
    Chance,
    Decision,
    Done,
    OddsRefused,
    OddsTooLarge,
    binomial,
    sample,
    solve,
)


class Ruin:
    """Gambler's ruin: from ``start`` coins, win a coin with weight ``up`` or lose one with
    weight ``down`` until 0 or ``goal``: one loop through every state (no self-loop), so the
    walk must solve a linear system."""

    def __init__(self, start: int, goal: int, up: int, down: int) -> None:
        self.start, self.goal = start, goal
        self.coin = Distribution([Option("up", 1), Option("down", -1)], [up, down])

    def step(self, state):
        if state in (0, self.goal):
            return Done(Fraction(state == self.goal))
        return Chance(self.coin, (state + 1, state - 1))


@pytest.mark.parametrize(("start", "goal", "up", "down"),
                         [(1, 2, 1, 1), (3, 10, 1, 1), (2, 5, 2, 1), (4, 7, 1, 3), (1, 30, 5, 4)])
def test_a_loop_of_states_is_solved_exactly(start: int, goal: int, up: int, down: int) -> None:
    if up == down:
        expected = Fraction(start, goal)
    else:
        ratio = Fraction(down, up)
        expected = (1 - ratio**start) / (1 - ratio**goal)
    assert solve(Ruin(start, goal, up, down)).value == expected


class SelfLoop:
    """A die rolled until it shows 5 or 6 (then 1) or a 1 (then 0): 2-4 roll again."""

    start = "roll"
    d6 = Distribution.uniform([Option(str(f), f) for f in range(1, 7)])

    def step(self, state):
        if state in ("won", "lost"):
            return Done(Fraction(state == "won"))
        return Chance(self.d6, ("lost", "roll", "roll", "roll", "won", "won"))


def test_a_state_that_comes_back_to_itself_is_its_geometric_series() -> None:
    assert solve(SelfLoop()).value == Fraction(2, 3)


class Choose:
    """A decision between a sure 1/2 and a die's 4+ then 5+ (1/2 · 1/3)."""

    start = "choose"
    d6 = Distribution.uniform([Option(str(f), f) for f in range(1, 7)])

    def step(self, state):
        if state == "choose":
            return Decision(("sure", "gamble"), ("half", "first"))
        if state == "half":
            return Done(Fraction(1, 2))
        if state == "first":
            return Chance(self.d6, ("no",) * 3 + ("second",) * 3)
        if state == "second":
            return Chance(self.d6, ("no",) * 4 + ("yes",) * 2)
        return Done(Fraction(state == "yes"))


def test_a_decision_takes_the_best_option_and_says_which() -> None:
    solution = solve(Choose())
    assert solution.value == Fraction(1, 2) and solution.policy["choose"] == 0
    assert solution.values["first"] == Fraction(1, 6)


class CashOrBet:
    """With ``i`` of ``goal`` coins, cash out (worth i/goal) or bet a coin (won with weight
    ``up``, lost with ``down``): decisions inside one loop of states."""

    def __init__(self, start: int, goal: int, up: int, down: int) -> None:
        self.start, self.goal = start, goal
        self.coin = Distribution([Option("won", 1), Option("lost", -1)], [up, down])

    def step(self, state):
        if isinstance(state, tuple):
            tag, i = state
            if tag == "cash":
                return Done(Fraction(i, self.goal))
            return Chance(self.coin, (i + 1, i - 1))
        if state in (0, self.goal):
            return Done(Fraction(state == self.goal))
        return Decision(("cash out", "bet"), (("cash", state), ("bet", state)))


@pytest.mark.parametrize(("start", "goal", "up", "down"),
                         [(2, 5, 2, 1), (3, 6, 1, 2), (1, 4, 3, 1), (5, 8, 1, 1)])
def test_decisions_inside_a_loop_are_played_best(start: int, goal: int, up: int,
                                                 down: int) -> None:
    solution = solve(CashOrBet(start, goal, up, down))
    betting = solve(Ruin(start, goal, up, down)).value  # always bet: gambler's ruin
    assert solution.value == max(betting, Fraction(start, goal))
    assert solution.policy[start] == (1 if betting > Fraction(start, goal) else 0)


def test_a_loop_of_decisions_that_never_ends_is_refused() -> None:
    class Dither:
        start = "a"

        def step(self, state):
            return Decision(("other",), ("b" if state == "a" else "a",))

    with pytest.raises(OddsRefused) as err:
        solve(Dither())
    assert err.value.code == "E361"


def test_a_program_that_never_ends_is_refused() -> None:
    class Forever:
        start = "spin"

        def step(self, state):
            return Chance(Distribution([Option("again")]), ("spin",))

    with pytest.raises(OddsRefused):
        solve(Forever())


def test_the_states_are_bounded() -> None:
    class Counter:
        start = 0

        def step(self, state):
            return Chance(Distribution([Option("+1")]), (state + 1,))

    with pytest.raises(OddsTooLarge) as err:
        solve(Counter(), most_states=1000)
    assert err.value.code == "E361"
    with pytest.raises(OddsTooLarge):
        solve(Ruin(30, 200, 1, 1))  # one loop of 199 states: beyond Gaussian elimination's cap


def test_a_long_chain_needs_no_recursion() -> None:
    """20,000 states in a row (every 1,000th a 9-in-10 chance to go on): deeper than Python's
    recursion limit, walked all the same."""
    go_on = Distribution([Option("on"), Option("off")], [9, 1])
    sure = Distribution([Option("on")])

    class Chain:
        start = 0

        def step(self, state):
            if state == "off":
                return Done(Fraction(0))
            if state == 20_000:
                return Done(Fraction(1))
            if state % 1000 == 0:
                return Chance(go_on, (state + 1, "off"))
            return Chance(sure, (state + 1,))

    assert solve(Chain()).value == Fraction(9, 10) ** 20


def test_sampling_the_same_program_comes_near_its_value() -> None:
    rng = random.Random(3)
    runs = 20_000
    won = sum(sample(SelfLoop(), rng) for _ in range(runs))
    assert abs(won / runs - 2 / 3) < 0.02
    choose = Choose()
    assert sample(choose, rng, solve(choose).policy) == Fraction(1, 2)


@pytest.mark.parametrize(("n", "success"), [(0, 3), (1, 1), (3, 2), (5, 5), (15, 3)])
def test_a_binomial_roll_sums_to_one_and_matches_the_formula(n: int, success: int) -> None:
    dist = binomial(n, success, 6)
    probs = {o.value: p for o, p in dist.probabilities()}
    assert sum(probs.values()) == 1
    p = Fraction(success, 6)
    assert all(probs[k] == comb(n, k) * p**k * (1 - p) ** (n - k) for k in probs)
