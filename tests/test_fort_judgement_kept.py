"""A move's judgements are kept (issue 38): the closed-form checks of one move in progress share
one judgement per performer (games/fort/certain.py ``_in_move``, ``_following``) instead of
one made per check, and a judgement is never used for another move, performer or binding
(R6.4), where it would count or bind wrongly; nothing is kept in a cycle with its move. A kept
judgement that is refilled in place is claimed while read (taken out, put back after): a check
of another game meanwhile (another thread's) never refills the one being read."""

from __future__ import annotations

import gc
import sys
import threading

from builders import played_game, random_table

from fortlang.cardset import base_set
from fortlang.games.fort.certain import (
    _KEPT_FOLLOWING,
    _KEPT_VERDICT,
    _MOST_KEPT,
    _NO_NAMES,
    _following,
    _in_move,
    _put_back,
    _verdict_judgement,
)
from fortlang.games.fort.context import FortCtx

BASE = base_set()


def test_a_leaders_judgement_is_kept_for_its_move_and_performer_only():
    game = random_table(BASE, 3, 1)
    ctx = FortCtx(game, 0, leader=True)
    s = _in_move(ctx)
    assert (s.ctx, s.p, s.game) == (ctx, ctx.player, game)
    assert (s.effect, s.leaving, s.bound) == (True, 0, {})
    assert _in_move(ctx) is s
    ctx.player = game.players[1]  # a rival performs (a selector, R13)
    rival = _in_move(ctx)
    assert rival is not s and rival.p is game.players[1] and rival.ctx is ctx
    other = FortCtx(game, 0, leader=True)
    assert _in_move(other).ctx is other


def test_a_followers_judgement_is_kept_for_its_move_performer_and_binding_only():
    game = random_table(BASE, 3, 2)
    bound = {7: "pizza"}
    ctx = FortCtx(game, 1, leader=False, bound=bound)
    s = _following(ctx)
    assert (s.ctx, s.p, s.effect, s.leaving) == (ctx, ctx.player, False, 0) and s.bound is bound
    _put_back(_KEPT_FOLLOWING, s)
    assert _following(ctx) is s
    _put_back(_KEPT_FOLLOWING, s)
    ctx.bound = {}  # bound no more (as a rival's body performed restores it)
    assert _following(ctx).bound is ctx.bound
    _put_back(_KEPT_FOLLOWING, s)
    ctx.player = game.players[2]
    assert _following(ctx).p is game.players[2]
    _put_back(_KEPT_FOLLOWING, s)


def test_a_claimed_judgement_is_never_refilled_for_another_game():
    """Two checks at once (two games in two threads): the second gets a judgement of its own,
    the first's keeps its game, seat and cards; put back, the next check claims one of them,
    and no more than a few are kept."""
    one, two = random_table(BASE, 3, 4), random_table(BASE, 2, 5)
    a = _verdict_judgement(one, one.players[1], _NO_NAMES, 1, {}, one.players[1].hand[:1])
    b = _verdict_judgement(two, two.players[0], _NO_NAMES, 1, {}, two.players[0].hand[:1])
    assert a is not b
    assert (a.game, a.p, a.cards) == (one, one.players[1], one.players[1].hand[:1])
    _put_back(_KEPT_VERDICT, b)
    _put_back(_KEPT_VERDICT, a)
    again = _verdict_judgement(two, two.players[1], _NO_NAMES, 1, {}, two.players[1].hand[:1])
    assert again is a  # the last put back, refilled
    _put_back(_KEPT_VERDICT, again)
    c = _following(FortCtx(one, 1, leader=False))
    d = _following(FortCtx(two, 0, leader=False))
    assert c is not d and c.game is one and c.p is one.players[1]
    _put_back(_KEPT_FOLLOWING, d)
    _put_back(_KEPT_FOLLOWING, c)
    assert _following(FortCtx(two, 1, leader=False)) is c
    _put_back(_KEPT_FOLLOWING, c)
    assert len(_KEPT_VERDICT) <= _MOST_KEPT and len(_KEPT_FOLLOWING) <= _MOST_KEPT


def test_games_played_at_once_in_threads_are_the_games_played_alone():
    """Whole games in two threads, switching as often as the interpreter allows, end as the
    same games played one after the other: no kept judgement or list of one game's checks is
    read by the other's."""
    seeds = {0: [11, 12, 13], 1: [21, 22, 23]}
    alone = {seed: played_game(BASE, ["random"], 4, seed) for run in seeds.values()
             for seed in run}
    together: dict[int, tuple] = {}
    errors: list[BaseException] = []

    def play(run: list[int]) -> None:
        try:
            for seed in run:
                together[seed] = played_game(BASE, ["random"], 4, seed)
        except BaseException as e:  # noqa: BLE001 - reported by the test
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=play, args=(run,)) for run in seeds.values()]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors
    for seed, (log, out) in alone.items():
        log2, out2 = together[seed]
        assert log2 == log, seed
        assert (out2.scores, out2.winners, out2.turns) == (out.scores, out.winners, out.turns)


def test_a_kept_judgement_leaves_no_cycle():
    gc.collect()
    game = random_table(BASE, 3, 3)
    _in_move(FortCtx(game, 0, leader=True))
    _following(FortCtx(game, 1, leader=False))
    del game
    assert gc.collect() == 0
