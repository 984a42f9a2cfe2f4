"""Cards compiled into programs (fortlang.engine.program): ops that never offer a choice run as
loops (issue 13.3: no Python recursion that grows with a repetition count), and end exactly as
the continuation-passing path does: the same state, the same record of repetitions that had an
effect (R5.5), the same answer."""

from __future__ import annotations

import copy
import sys

from builders import random_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import BASE, actions

from fortlang import nodes as n
from fortlang.engine import Game
from fortlang.engine.interpreter import Ctx
from fortlang.engine.program import Op, program
from fortlang.nodes import Resource
from fortlang.parser import parse_action


def test_a_repetition_of_an_op_without_choices_is_a_loop():
    """R13.3: `score x N` and `(gain pizza then score) x N` nest no continuation per
    repetition: far more repetitions than Python's recursion limit complete."""
    game = Game(2)
    times = 4 * sys.getrecursionlimit()
    scores = program(n.Repeat(n.Score(), n.Fixed(times)))
    assert scores.straight and scores.run(Ctx(game, 0, leader=True), lambda full: full)
    assert game.players[0].vp == times
    gains = program(n.Repeat(n.Then((n.Gain(resource=Resource.PIZZA), n.Score())),
                             n.Fixed(times)))
    assert gains.straight  # not in full: the stuff holds 4 pizzas (R1.5), the 5th gain fails
    assert gains.run(Ctx(game, 1, leader=True), lambda full: full) is False
    assert game.players[1].vp == 4 and game.players[1].stuff[Resource.PIZZA] == 4


def test_which_ops_are_straight():
    """Straight: no choice point can be reached (a fixed resource, a `then` or `x` of such
    parts); pizza/toy, `x any` and every card move offer one."""
    straight = ("score 2", "gain 2 pizza", "copy pack", "score x level", "draw 2",
                "gain toy then score", "(score then lose) x shovel", "if toy >= 1 -> score")
    not_straight = ("gain pizza/toy", "score x any", "pack", "recruit", "gain pizza or score",
                    "score then pack", "each rival -> lose", "spend pizza")
    for text in straight:
        assert program(parse_action(text)).straight, text
    for text in not_straight:
        assert not program(parse_action(text)).straight, text


def _searched(op: Op, game: Game, cards: list) -> tuple:
    """``op`` searched for a completion in full (no agent asked): the answer, the state it ends
    in and the repetitions recorded (R5.5); the state is restored."""
    ctx = Ctx(game, 0, leader=True)
    ctx.sources.extend(cards)
    ctx.search = True
    mark = game.begin()
    try:
        full = op.run(ctx, lambda done: done)
        return full, game.snapshot(), list(ctx.records)
    finally:
        game.abort(mark)


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(action=actions, seed=st.integers(0, 40))
def test_loops_end_as_the_continuations_do(action, seed):
    loops = program(action)
    other = copy.deepcopy(action)  # another tree: compiled apart, its composites made not
    continuations = program(other)  # straight (a leaf's run is its once either way)
    for op in continuations.walk():
        if op.parts():
            op.straight = False
    game = random_table(BASE, 3, seed)
    cards = game.players[0].hand[:2]
    assert _searched(loops, game, cards) == _searched(continuations, game, cards)
