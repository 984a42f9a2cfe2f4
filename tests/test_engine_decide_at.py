"""A choice point (interpreter.decide_at) tries its options and offers the legal ones: however
many options it has (its legal ones kept as bits of a machine int up to 62 options, as a list
past that, issue 38), a random bot's answer by count and an agent's answer to the decision pick
the same legal option."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fortlang import native
from fortlang.engine import interpreter
from fortlang.engine.asker import RandomAsker
from fortlang.engine.chance import below
from fortlang.engine.choices import Decision, Kind, Option, RandomAgent
from fortlang.engine.interpreter import Ctx, Step, decide_at
from fortlang.engine.journal import Journal, SeatCounts

# its table and step subclass the engine's classes, which compiled (mypyc) cannot be subclassed
# by interpreted code: run on the sources (the compiled decide_at is played through by every
# compiled game test, byte for byte: tests/test_fort_unchanged.py)
pytestmark = pytest.mark.skipif(native.is_compiled(interpreter), reason="subclasses compiled "
                                "engine classes (Journal, Step)")


class _Table(Journal):
    def __init__(self, asker: object) -> None:
        super().__init__(asker=asker)  # type: ignore[arg-type]
        self.players = [SeatCounts()]


class _Every(Step):
    """Option i is legal when ``i % 3 == 1``; the one performed for real is recorded."""

    def __init__(self, ctx: Ctx, count: int) -> None:
        self.ctx = ctx
        self.count = count
        self.performed: list[int] = []

    def apply(self, i: int) -> bool:
        if not self.ctx.search:
            self.performed.append(i)
        return i % 3 == 1

    def options(self) -> Sequence[Option]:
        return [Option(f"o{i}", i) for i in range(self.count)]


class _Answer:
    """Answers the ``answer``-th option of every decision, and keeps the decisions."""

    def __init__(self, answer: int) -> None:
        self.answer = answer
        self.decisions: list[Decision] = []

    def decide(self, game: Journal, decision: Decision) -> int:
        self.decisions.append(decision)
        return self.answer


def _choose(table: _Table, count: int) -> list[int]:
    ctx = Ctx(table, 0, leader=True)
    step = _Every(ctx, count)
    mark = table.begin()
    assert decide_at(ctx, Kind.CHOICE, count, step)
    table.commit(mark)
    return step.performed


@pytest.mark.parametrize("count", [2, 5, 61, 62, 63, 64, 70, 130])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_blind_choice_picks_the_legal_option_a_random_bot_draws(count: int, seed: int):
    legal = [i for i in range(count) if i % 3 == 1]
    table = _Table(RandomAsker([RandomAgent(seed)]))
    assert table.blind()
    expected = legal[below(RandomAgent(seed).rng, len(legal))] if len(legal) > 1 else legal[0]
    assert _choose(table, count) == [expected]
    # asked (and logged) even with one legal option: option 0 was refused
    assert table.log == [("choice", legal.index(expected))]


@pytest.mark.parametrize("count", [2, 5, 62, 63, 70])
def test_a_watched_choice_offers_every_legal_option_and_excludes_the_others(count: int):
    legal = [i for i in range(count) if i % 3 == 1]
    answer = _Answer(len(legal) - 1)
    table = _Table(answer)
    assert _choose(table, count) == [legal[-1]]
    (decision,) = answer.decisions  # asked even with one legal option: others were excluded
    assert [o.value for o in decision.options] == legal
    assert [label for label, _ in decision.excluded] == [
        f"o{i}" for i in range(count) if i % 3 != 1]


class _Alike(_Every):
    """Options in pairs that end alike (``same``: option 2j+1 as option 2j): only the first of
    each pair is tried; pair j is legal when ``j % 3 == 1``. Each trial is counted."""

    def __init__(self, ctx: Ctx, count: int) -> None:
        super().__init__(ctx, count)
        self.tried: list[int] = []

    def apply(self, i: int) -> bool:
        if self.ctx.search:
            self.tried.append(i)
        else:
            self.performed.append(i)
        return i // 2 % 3 == 1


def _choose_alike(table: _Table, count: int) -> tuple[list[int], list[int]]:
    ctx = Ctx(table, 0, leader=True)
    step = _Alike(ctx, count)
    mark = table.begin()
    assert decide_at(ctx, Kind.CHOICE, count, step, same=[i - i % 2 for i in range(count)])
    table.commit(mark)
    return step.tried, step.performed


@pytest.mark.parametrize("count", [6, 7, 61, 62, 63, 64, 70, 131])
@pytest.mark.parametrize("seed", [0, 3])
def test_options_that_end_alike_are_tried_once_and_offered_as_the_first_was_judged(count, seed):
    """``same``: an option judged by its first's trial, legal as it is (whether kept as bits
    or in a list), and, when a decision names the options, excluded for the same rule."""
    legal = [i for i in range(count) if i // 2 % 3 == 1]
    firsts = list(range(0, count, 2))
    table = _Table(RandomAsker([RandomAgent(seed)]))
    tried, performed = _choose_alike(table, count)
    assert tried == firsts
    assert performed == [legal[below(RandomAgent(seed).rng, len(legal))]]
    answer = _Answer(len(legal) - 1)
    watched = _Table(answer)
    tried, performed = _choose_alike(watched, count)
    assert tried == firsts and performed == [legal[-1]]
    (decision,) = answer.decisions
    assert [o.value for o in decision.options] == legal
    assert decision.excluded == tuple((f"o{i}", "cannot be completed")
                                      for i in range(count) if i not in legal)
