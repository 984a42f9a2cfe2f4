"""Cards compiled into programs (fortlang.engine.program): ops that never offer a choice run as
loops (issue 13.3: no Python recursion that grows with a repetition count), and end exactly as
the continuation-passing path does: the same state, the same record of repetitions that had an
effect (R5.5), the same answer."""

from __future__ import annotations

import copy
import random
import sys

from builders import random_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import BASE, actions

from fortlang import nodes as n
from fortlang.engine.choices import RandomAgent
from fortlang.engine.program import Op, program
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats


def test_a_repetition_of_an_op_without_choices_is_a_loop():
    """R13.3: `score x N` and `(gain pizza then score) x N` nest no continuation per
    repetition: far more repetitions than Python's recursion limit complete."""
    game = Game(2)
    times = 4 * sys.getrecursionlimit()
    scores = program(n.Repeat(fn.Score(), n.Fixed(times)))
    assert scores.straight and scores.run(FortCtx(game, 0, leader=True), lambda full: full)
    assert game.players[0].vp == times
    gains = program(n.Repeat(n.Then((fn.Gain(resource=Resource.PIZZA), fn.Score())),
                             n.Fixed(times)))
    assert gains.straight  # not in full: the stuff holds 4 pizzas (R1.5), the 5th gain fails
    assert gains.run(FortCtx(game, 1, leader=True), lambda full: full) is False
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
    ctx = FortCtx(game, 0, leader=True)
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


def _deep_limit(room: int) -> int:
    """A recursion limit ``room`` frames above the current depth."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth + room


def test_repetitions_of_a_choice_nest_no_frames():
    """Issue 13.3: repetitions of a body that offers a choice (`(score or lose) x N`, R13.3)
    do not nest Python frames: with a recursion limit a few hundred frames above here, far more
    repetitions complete, searched (each option tried to the end of the move) and asked."""
    from fortlang.games.fort.play import can_perform, perform

    action = n.Repeat(parse_action("score or lose"), n.Fixed(400))
    game = Game(2)
    game.asker = Seats([RandomAgent(random.Random(1)), RandomAgent(random.Random(2))])
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(_deep_limit(300))
    try:
        assert can_perform(game, 0, action)
        assert perform(game, 0, action)
    finally:
        sys.setrecursionlimit(limit)
    assert game.log and len(game.log) == 400  # one answer per repetition, none skipped


def test_a_card_the_checker_accepts_runs_at_its_largest_counts():
    """`(((score or lose) x level) x pack) x 5` is 200 repetitions at level 5 with a full pack
    (8): within the checker's bound (E202 allows 200), so the engine must play it. It used to
    end in RecursionError."""
    from fortlang.checker import check
    from fortlang.games.fort.play import perform

    action = parse_action("(((score or lose) x level) x pack) x 5")
    assert check(action) == []
    game = Game(2)
    game.asker = Seats([RandomAgent(random.Random(3)), RandomAgent(random.Random(4))])
    p = game.players[0]
    p.level, p.pack[Resource.PIZZA], p.pack[Resource.TOY] = 5, 4, 4
    assert perform(game, 0, action)
    assert len(game.log) == 200


def test_fort_ops_live_in_its_module_and_are_known_unlike_another_vocabularys():
    """Issue 33: Fort's ops are its module's (games/fort/ops/), named by its declarations, and
    still trusted as the core's operators are (``Op.known``): `pack` may be widened on your turn
    by a perk (R15, 1), `gain` never (0), an `x shovel` records by its suit (R5.5). An op of
    another vocabulary (here a node's op defined in this test) is not known: its turn may
    matter (2) and it may count suits."""
    pack = program(parse_action("pack then gain pizza x shovel"))
    assert {type(x).__module__ for x in pack.walk()} == {
        "fortlang.engine.program", "fortlang.games.fort.ops.tokens"}
    assert all(x.known for x in pack.walk())
    assert pack.turn_matters() == 1 and pack.counts_suits()
    gain = program(parse_action("gain pizza x 2"))
    assert gain.turn_matters() == 0 and not gain.counts_suits()

    class Foreign(Op):
        pass

    foreign = Foreign(fn.Score())
    assert not foreign.known and foreign.turn_matters() == 2 and foreign.counts_suits()
