"""Fort's token rules read from the game's counts (issue 38): the capacities a perk modifies
(R10.2, R1.5, R15: table._modifier, which the gains read once for both kinds) and the swaps a
convert offers (R12.13: ops.tokens.swaps_now, ConvertOp.now), held to their definitions at
many tables: each fails if the form says more or less."""

from __future__ import annotations

import itertools

from builders import random_table
from test_engine_every_way import _ctx, _judgement

from fortlang.cardset import base_set
from fortlang.games.fort.model import Perk, PerkHook, perks_of
from fortlang.games.fort.moves import can_swap
from fortlang.games.fort.ops.tokens import ConvertOp, swaps_now
from fortlang.games.fort.table import SUPPLY_AT, TOKENS, Game
from fortlang.nodes import Action

BASE = base_set()
#: The base set's perks (one modifies the pack), and modifiers of every capacity.
PERKS = [*perks_of(BASE),
         Perk("roomy", "Roomy", PerkHook.MODIFY, params={"stuff_capacity": 1}),
         Perk("wide", "Wide", PerkHook.MODIFY,
              params={"stuff_capacity": 2, "pack_capacity": -1, "lookout_capacity": 3})]


def _extra(perks: list[Perk], key: str) -> int:
    return sum(int(k.params.get(key, 0)) for k in perks if k.hook is PerkHook.MODIFY)


def test_the_capacities_add_every_modifier_held():
    """R10.2, R1.5: the board's capacity (the pack and lookout growing with the level), plus
    the modifiers of the MODIFY perks held (R15), for every set of up to two perks."""
    game = Game(2, seed=1)
    p = game.players[0]
    board = game.board
    for held in itertools.chain.from_iterable(itertools.combinations(PERKS, n) for n in range(3)):
        p.perks[:] = held
        for level in range(3):
            p.level = level
            assert game.stuff_capacity(p) == board.stuff_capacity + _extra(p.perks,
                                                                            "stuff_capacity")
            assert game.pack_capacity(p) == level + board.pack_base + _extra(p.perks,
                                                                             "pack_capacity")
            assert game.lookout_capacity(p) == \
                level + board.lookout_base + _extra(p.perks, "lookout_capacity")


def test_the_swaps_are_can_swaps():
    """R12.13: a swap of each kind in stuff and pack exactly where moves.can_swap allows it, in
    its order; ConvertOp.now exactly when there is one; at random tables (perks included),
    with the stuffs full and the supply of a kind empty in turn."""
    op = ConvertOp(Action())
    met = {True: 0, False: 0}
    for seed in range(60):
        game = random_table(BASE, 3, seed)
        if seed % 3 == 0:
            for q in game.players:
                for r in TOKENS:
                    game.give(q, r, game.stuff_room(q, r))
        if seed % 4 == 1:
            game.tokens[SUPPLY_AT + seed % 2] = 0
        if seed % 5 == 2:
            game.tokens[SUPPLY_AT], game.tokens[SUPPLY_AT + 1] = 0, 0
        for p in game.players:
            expected = [(pool, where, r) for pool, where in ((p.stuff, "stuff"), (p.pack, "pack"))
                        for r in TOKENS if can_swap(game, p, pool, r)]
            assert swaps_now(game, p) == expected, (seed, p.seat)
            ctx = _ctx(game, p.seat, True, {}, [])
            assert op.now(_judgement(ctx, True)) == bool(expected), (seed, p.seat)
            met[bool(expected)] += 1
    assert met[True] and met[False], met
