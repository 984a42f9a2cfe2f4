"""A move's judgements are kept (issue 38): the closed-form checks of one move in progress share
one judgement per performer (games/fort/certain.py ``_in_move``, ``_following``) instead of
one made per check, and a judgement is never used for another move, performer or binding
(R6.4), where it would count or bind wrongly; nothing is kept in a cycle with its move."""

from __future__ import annotations

import gc

from builders import random_table

from fortlang.cardset import base_set
from fortlang.games.fort.certain import _following, _in_move
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
    assert _following(ctx) is s
    ctx.bound = {}  # bound no more (as a rival's body performed restores it)
    assert _following(ctx).bound is ctx.bound
    ctx.player = game.players[2]
    assert _following(ctx).p is game.players[2]


def test_a_kept_judgement_leaves_no_cycle():
    gc.collect()
    game = random_table(BASE, 3, 3)
    _in_move(FortCtx(game, 0, leader=True))
    _following(FortCtx(game, 1, leader=False))
    del game
    assert gc.collect() == 0
