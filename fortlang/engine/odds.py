"""Exact odds of a chance program (docs/design/game-modules.md §4.5): its value, a
:class:`~fractions.Fraction`, found by walking every chance event exactly, never by sampling.

A *chance program* is a start state and a ``step(state)`` that says what happens there:

* :class:`Done` ``(value)``: the program ends with that value (1 passed, 0 failed; or wounds);
* :class:`Chance` ``(dist, next)``: a chance event, the core's :class:`~.chance.Distribution`,
  whose outcome ``i`` leads to state ``next[i]``;
* :class:`Decision` ``(labels, next)``: the player picks the option that is best for them (the
  highest value): the odds are those of the best play (expectimax).

States are any hashable values; the walk finds every state the start reaches (at most
``most_states``: beyond, :class:`OddsTooLarge`). Loops are allowed: a state may lead back to
itself (a combat round where nobody is hit) or to an earlier one. The values are then the
solution of the absorbing Markov chain: a state that only loops on itself is the closed form of
its geometric series, a larger loop is a linear system solved in Fractions (Gaussian
elimination, at most :data:`MOST_LOOP_STATES` unknowns), and a loop holding decisions is played
best by policy iteration (each policy's values solved exactly). A program that may never end
is refused (:class:`OddsRefused`).

>>> from fortlang.engine.choices import Option
>>> coin = Distribution([Option("heads", 1), Option("tails", 0)])
>>> class UntilHeads:          # flip until heads, at most: never; the value is 1 when heads
...     start = "flip"
...     def step(self, state):
...         if state == "flip":
...             return Chance(coin, ("won", "flip"))
...         return Done(Fraction(1))
>>> solve(UntilHeads()).value
Fraction(1, 1)
>>> class TwoInARow:           # heads twice in a row before tails
...     start = 0
...     def step(self, state):
...         if state in ("won", "lost"):
...             return Done(Fraction(state == "won"))
...         return Chance(coin, ("won" if state == 1 else 1, "lost"))
>>> solve(TwoInARow()).value
Fraction(1, 4)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, lcm
from typing import Any, Protocol

from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Option
from fortlang.errors import MessageError

#: The most states one program may reach: each state is kept with its value.
MOST_STATES = 50_000
#: The most states one loop (a strongly connected set of chance states) may hold: it is solved
#: by Gaussian elimination in Fractions, cubic in this.
MOST_LOOP_STATES = 60
#: The most rounds of policy iteration for a loop holding decisions.
MOST_POLICY_ROUNDS = 100
#: The most steps one sampled run may take before it is called endless.
MOST_STEPS = 100_000


@dataclass(frozen=True, slots=True)
class Done:
    """The program ends here, with this value."""

    value: Fraction


@dataclass(frozen=True, slots=True)
class Exact:
    """A chance event of a program composed of solved parts (a fight's endings inside an
    adventure): each outcome's exact probability as integer weights over their sum. Unlike a
    :class:`Distribution` its weights are not bounded: they are derived from solved programs
    (denominators may be large), never read from a card.

    >>> e = Exact.of([("won", Fraction(2, 3)), ("lost", Fraction(1, 3))])
    >>> e.weights, e.total
    ((2, 1), 3)
    """

    outcomes: tuple[Any, ...]
    weights: tuple[int, ...]

    @classmethod
    def of(cls, pairs: Sequence[tuple[Any, Fraction]]) -> Exact:
        """From (outcome, probability) pairs summing to 1; outcomes of probability 0 left
        out."""
        pairs = [(o, p) for o, p in pairs if p]
        if not pairs or sum(p for _, p in pairs) != 1 or any(p < 0 for _, p in pairs):
            raise ValueError("an exact chance event's probabilities are positive and sum to 1")
        scale = lcm(*(p.denominator for _, p in pairs))
        return cls(tuple(o for o, _ in pairs), tuple(int(p * scale) for _, p in pairs))

    @property
    def total(self) -> int:
        return sum(self.weights)

    def draw(self, rng: random.Random) -> int:
        r = rng.randrange(self.total)
        for i, w in enumerate(self.weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("a draw below the total falls in some weight")


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance event: outcome ``i`` of ``dist`` leads to ``next[i]``."""

    dist: Distribution | Exact
    next: tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class Decision:
    """The player chooses: option ``i`` (labelled ``labels[i]``) leads to ``next[i]``."""

    labels: tuple[str, ...]
    next: tuple[Hashable, ...]


Step = Done | Chance | Decision


class ChanceProgram(Protocol):
    """A start state and what happens at each state."""

    @property
    def start(self) -> Hashable: ...

    def step(self, state: Hashable) -> Step: ...


class OddsTooLarge(MessageError):
    """The program reaches more states (or a larger loop) than the walk allows (E361)."""

    def __init__(self, message: str) -> None:
        super().__init__("E361", message, "`--simulate N` samples it instead", file="<odds>")


class OddsRefused(MessageError):
    """The program has no exact value this walk can give: it may never end, or it loops
    through a decision (E361)."""

    def __init__(self, message: str) -> None:
        super().__init__("E361", message, "`--simulate N` samples it instead", file="<odds>")


@dataclass
class Solution:
    """The value of every state reached (``value``: the start's) and, at each decision, the
    index of the best option."""

    value: Fraction
    values: dict[Hashable, Fraction]
    policy: dict[Hashable, int] = field(default_factory=dict)

    @property
    def states(self) -> int:
        return len(self.values)


def explore(program: ChanceProgram, most_states: int = MOST_STATES) -> dict[Hashable, Step]:
    """Every state the start reaches, with its step."""
    steps: dict[Hashable, Step] = {}
    todo = [program.start]
    while todo:
        state = todo.pop()
        if state in steps:
            continue
        step = program.step(state)
        if not isinstance(step, (Done, Chance, Decision)):
            raise TypeError(f"step({state!r}) gave {type(step).__name__}, not Done, Chance or "
                            "Decision")
        if isinstance(step, Chance) and len(step.next) != len(step.dist.outcomes):
            raise ValueError(f"state {state!r}: {len(step.dist.outcomes)} outcomes, "
                             f"{len(step.next)} next states")
        if isinstance(step, Decision) and (not step.next or len(step.next) != len(step.labels)):
            raise ValueError(f"state {state!r}: a decision needs one label per option")
        steps[state] = step
        if len(steps) > most_states:
            raise OddsTooLarge(f"the exact odds need more than {most_states} states")
        if not isinstance(step, Done):
            todo.extend(s for s in step.next if s not in steps)
    return steps


def _successors(step: Step) -> tuple[Hashable, ...]:
    return () if isinstance(step, Done) else step.next


def _loops(steps: dict[Hashable, Step]) -> list[list[Hashable]]:
    """The strongly connected sets of states, each after every set it leads to (Tarjan's
    algorithm, iterative: a long chain of states never meets the recursion limit)."""
    index: dict[Hashable, int] = {}
    low: dict[Hashable, int] = {}
    on_stack: set[Hashable] = set()
    stack: list[Hashable] = []
    out: list[list[Hashable]] = []
    counter = 0
    for root in steps:
        if root in index:
            continue
        work: list[tuple[Hashable, int]] = [(root, 0)]
        while work:
            state, i = work.pop()
            if i == 0:
                index[state] = low[state] = counter
                counter += 1
                stack.append(state)
                on_stack.add(state)
            succ = _successors(steps[state])
            while i < len(succ):
                nxt = succ[i]
                i += 1
                if nxt not in index:
                    work.append((state, i))
                    work.append((nxt, 0))
                    break
                if nxt in on_stack:
                    low[state] = min(low[state], index[nxt])
            else:
                if low[state] == index[state]:
                    group: list[Hashable] = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        group.append(top)
                        if top == state:
                            break
                    out.append(group)
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[state])
    return out


def solve(program: ChanceProgram, most_states: int = MOST_STATES,
          played: Mapping[Hashable, int] | None = None) -> Solution:
    """The exact value of ``program`` (every state's, and the best option at each decision).
    Given ``played`` (a policy: state -> option index), the decisions it names take that option
    instead of the best: the value of another measure under one play (the expected wounds of
    the play that passes most often)."""
    steps = explore(program, most_states)
    values: dict[Hashable, Fraction] = {}
    policy: dict[Hashable, int] = dict(played or {})
    fixed = frozenset(policy)
    for group in _loops(steps):
        if len(group) == 1:
            _solve_one(group[0], steps[group[0]], values, policy, fixed)
        else:
            _solve_loop(group, steps, values, policy, fixed)
    return Solution(values[program.start], values, policy)


def _solve_one(state: Hashable, step: Step, values: dict[Hashable, Fraction],
               policy: dict[Hashable, int], fixed: frozenset[Hashable] = frozenset()) -> None:
    """A state in no loop but perhaps its own: a chance event that may come back to it is the
    sum of the geometric series, ``(Σ w·v over the other outcomes) / (total − w_self)``."""
    if isinstance(step, Done):
        values[state] = Fraction(step.value)
        return
    if isinstance(step, Decision) and state in fixed:
        values[state] = values[step.next[policy[state]]]
        return
    if isinstance(step, Decision):
        best: tuple[Fraction, int] | None = None
        for i, nxt in enumerate(step.next):
            if nxt == state:
                continue  # choosing to stay for ever never ends: not an option of value
            if best is None or values[nxt] > best[0]:
                best = (values[nxt], i)
        if best is None:
            raise OddsRefused(f"state {state!r}: every option comes back to it: it never ends")
        values[state], policy[state] = best
        return
    stay = 0
    total = Fraction(0)
    for w, nxt in zip(step.dist.weights, step.next, strict=True):
        if nxt == state:
            stay += w
        else:
            total += w * values[nxt]
    if stay == step.dist.total:
        raise OddsRefused(f"state {state!r}: every outcome comes back to it: it never ends")
    values[state] = total / (step.dist.total - stay)


def _solve_loop(group: list[Hashable], steps: dict[Hashable, Step],
                values: dict[Hashable, Fraction], policy: dict[Hashable, int],
                fixed: frozenset[Hashable] = frozenset()) -> None:
    """A loop of states. Chance states only: ``v_s − Σ p_st v_t (t in the loop) = Σ p_st v_t
    (t out of it)``, solved exactly. With decisions: the best play by policy iteration, each
    policy's values solved exactly, a decision changed only for a strictly better option, so
    it ends (at most :data:`MOST_POLICY_ROUNDS` rounds)."""
    if len(group) > MOST_LOOP_STATES:
        raise OddsTooLarge(f"a loop of {len(group)} states (at most {MOST_LOOP_STATES})")
    inside = set(group)
    chosen: dict[Hashable, int] = {}
    for s in group:
        step = steps[s]
        if isinstance(step, Decision):  # start by leaving the loop where an option does
            options = [i for i, t in enumerate(step.next) if t != s]
            if not options:
                raise OddsRefused(f"state {s!r}: every option comes back to it: it never ends")
            chosen[s] = policy[s] if s in fixed else next(
                (i for i in options if step.next[i] not in inside), options[0])
    for _ in range(MOST_POLICY_ROUNDS):
        known = {**values, **_linear(group, steps, values, chosen)}
        better = dict(chosen)
        for s, i in chosen.items():
            step = steps[s]
            assert isinstance(step, Decision)
            if s in fixed:
                continue
            best = known[step.next[i]]
            for j, t in enumerate(step.next):
                if t != s and known[t] > best:
                    better[s], best = j, known[t]
        if better == chosen:
            values.update((t, known[t]) for t in group)
            policy.update(chosen)
            return
        chosen = better
    raise OddsRefused(f"the best play of a loop of {len(group)} states was not found in "
                      f"{MOST_POLICY_ROUNDS} rounds")


def _linear(group: list[Hashable], steps: dict[Hashable, Step],
            values: dict[Hashable, Fraction], chosen: dict[Hashable, int]
            ) -> dict[Hashable, Fraction]:
    """The values of a loop's states, each decision taking its ``chosen`` option
    (Gauss-Jordan in Fractions: exact, so any non-zero pivot will do)."""
    at = {s: i for i, s in enumerate(group)}
    size = len(group)
    rows: list[list[Fraction]] = []
    for s in group:
        step = steps[s]
        row = [Fraction(0)] * (size + 1)
        row[at[s]] += 1
        if isinstance(step, Decision):
            moves = [(Fraction(1), step.next[chosen[s]])]
        else:
            assert isinstance(step, Chance)
            moves = [(Fraction(w, step.dist.total), nxt)
                     for w, nxt in zip(step.dist.weights, step.next, strict=True)]
        for p, nxt in moves:
            if nxt in at:
                row[at[nxt]] -= p
            else:
                row[size] += p * values[nxt]
        rows.append(row)
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            raise OddsRefused("a loop of states that may never end")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return {s: rows[at[s]][size] for s in group}


def sample(program: ChanceProgram, rng: random.Random,
           policy: dict[Hashable, int] | None = None, most_steps: int = MOST_STEPS) -> Fraction:
    """One run of ``program``: each chance event drawn from ``rng`` (:meth:`Distribution.draw`),
    each decision by ``policy`` (the first option where it says nothing); its end's value."""
    state = program.start
    for _ in range(most_steps):
        step = program.step(state)
        if isinstance(step, Done):
            return Fraction(step.value)
        if isinstance(step, Chance):
            state = step.next[step.dist.draw(rng)]
        else:
            state = step.next[(policy or {}).get(state, 0)]
    raise OddsRefused(f"a sampled run took more than {most_steps} steps")


def binomial(n: int, success: int, faces: int, labels: Sequence[str] | None = None
             ) -> Distribution:
    """The number of successes among ``n`` dice of ``faces`` faces, ``success`` of which
    succeed: outcome ``k`` weighs ``C(n, k)·success^k·(faces − success)^(n − k)`` (every
    weight an integer, their total ``faces^n``; outcomes of weight 0 are left out, so an
    outcome's value, not its index, is its count).

    >>> [str(p) for _, p in binomial(3, 2, 6).probabilities()]
    ['8/27', '4/9', '2/9', '1/27']
    """
    if not (0 <= n and 0 <= success <= faces and faces > 0):
        raise ValueError(f"binomial({n}, {success}, {faces})")
    fail = faces - success
    pairs = [(k, comb(n, k) * success**k * fail ** (n - k)) for k in range(n + 1)]
    pairs = [(k, w) for k, w in pairs if w > 0]
    return Distribution([Option(labels[k] if labels else str(k), k) for k, _ in pairs],
                        [w for _, w in pairs])
