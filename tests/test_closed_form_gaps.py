"""Closed forms of the legality search (issue 38) held to the trial search on the tables where a
weaker form would answer differently: each test here fails when one closed form is broken on
purpose (the six breaks no other test caught), and passes on the real code.

* ``ChoiceOp.always_repeated``: a choice that is not a resource choice may take another branch
  each repetition (R13.3), and one branch may change what another needs;
* ``certain.spared``: an "on your turn" perk (R15 Sticky Fingers, Bribe) widens what the action
  performed first takes, so it may make the second fall short (R5.2, R5.4); the perk may be
  held already, or won by an advance inside the first action (R10.3);
* ``GainOp.needs``: room in the stuff (R1.5) and tokens in the supply (R1.4), which a gain
  performed first lowers; and the level, whose perk (R10.3) may widen what the first takes;
* ``PackOp.lowers``: what is in the pack, which `x pack` and copy pack read (R13.1, R12.11);
* ``ThenOp.repeated``: parts that change what each other needs are not sure `x N` because each
  part alone is (R13.4, R13.5);
* ``ThenOp.exact_repeated``: a left part that helps the right one (a payment that makes room)
  is not certain to fall short because a part alone would (R6.2, R13.4).
"""

from __future__ import annotations

from functools import partial

import pytest
from builders import kid, recorded_play
from test_engine_every_way import _ctx, _falls_short, _judgement, _some_way

from fortlang.cardset import base_set
from fortlang.engine.choices import RandomAgent
from fortlang.engine.interpreter import search
from fortlang.games.fort import play
from fortlang.games.fort.certain import follow_verdict, surely_playable
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.model import board_of, park_kids_of, perks_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import why_not_by_search
from fortlang.games.fort.table import Game
from fortlang.nodes import Action
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats

BASE = base_set()
PIZZA, TOY = Resource.PIZZA, Resource.TOY


def _op(action: Action | str):
    """The engine's op of an action (or its text): the one place this module reaches the ops,
    by their programs, never by their classes (Fort's ops are moving out of engine/program.py)."""
    from fortlang.engine.program import program

    return program(parse_action(action) if isinstance(action, str) else action)


def _perk(perk_id: str):
    return next(k for k in perks_of(BASE) if k.id == perk_id)


def _game() -> Game:
    """Two players, random agents, nothing on the boards, no perks."""
    return Game(2, board_of(BASE), seed=1, asker=Seats([RandomAgent(1), RandomAgent(2)]))


def _order(game: Game, public: str, private: str) -> tuple:
    """The leader (seat 0) plays a card with these boxes: the order decision (R5.2) as offered,
    its options and the options excluded with their rules."""
    card = game.new_card(kid("X", "crown", public, private), game.players[0].hand)
    rule, seen, _ = recorded_play(game, 0, card, follow=False)
    assert rule is None
    kind, labels, excluded, _ = seen[0]
    assert kind == "order"
    return labels, excluded


def _first_then_second_excluded(labels, excluded, public: str, private: str) -> None:
    """The order `public then private` fails R5.4 every way (neither action in full): it is
    excluded, never offered as legal without a trial; the private action first is legal."""
    first = f"public ({public}) then private ({private})"
    assert (first, "R5.4") in excluded
    assert first not in labels
    assert f"private ({private}) then public ({public})" in labels


# -- 1. ChoiceOp.always_repeated: branches mixed across repetitions (R13.3) --------------------


@pytest.mark.parametrize("leader", [True, False], ids=["leader", "follower"])
def test_a_choice_repeated_may_mix_branches_that_hurt_each_other(leader):
    """`(pack or copy pack) x 3` (R12.2, R12.11, R13.3): packing three times fits (room for 3 in
    the pack, 5 tokens in the stuff) and copying the pack three times fits (its one pizza, room
    for 3 pizza), but packing a toy first and copying twice gains 2 toys with room for 1 (R1.5):
    some way falls short, so the action is not in full whatever is chosen."""
    game = _game()
    p = game.players[0]
    p.level = 3  # the pack holds 4 (R10.2)
    game.give(p, PIZZA, 1)
    game.give(p, TOY, 4)
    game.give(p, PIZZA, 1, to_pack=True)
    op = _op("(pack or copy pack) x 3")
    for branch in ("pack x 3", "copy pack x 3"):  # each branch alone is in full every way
        alone = _op(branch)
        ctx = _ctx(game, 0, leader, {}, [])
        assert not _some_way(ctx, alone, _falls_short(leader))
    ctx = _ctx(game, 0, leader, {}, [])
    assert _some_way(ctx, op, _falls_short(leader))
    assert not op.always(_judgement(ctx, leader))


# -- 2. certain.spared: the leader's "on your turn" perks (R15, R5.2) --------------------------


def _sticky_fingers(game: Game) -> None:
    """Sticky Fingers held, the stuff empty and one pizza left in the supply (R1.4): packing
    takes it from the supply, and the gain after it falls short."""
    game.players[0].perks.append(_perk("sticky-fingers"))
    game.supply[PIZZA] = 1
    game.supply[TOY] = 0


def _bribe(game: Game) -> None:
    """Bribe held, the hand empty and one card to take in the park (no park deck, no yard):
    looking out takes it, and the recruit after it falls short."""
    game.players[0].perks.append(_perk("bribe"))
    game.new_cards(park_kids_of(BASE)[:1], game.park)


@pytest.mark.parametrize(("setup", "public", "private"), [
    (_sticky_fingers, "pack x 2", "gain pizza"), (_bribe, "lookout x 2", "recruit")],
    ids=["sticky-fingers", "bribe"])
def test_a_perk_held_widens_what_the_first_action_takes(setup, public, private):
    """R15, R5.2, R5.4: with no perk, packing (or looking out) first cannot make the gain (the
    recruit) fall short; with the perk it takes the last token of the supply (card of the park),
    in part (the pack, the lookout holds one), so `public then private` is excluded."""
    game = _game()
    setup(game)
    labels, excluded = _order(game, public, private)
    _first_then_second_excluded(labels, excluded, public, private)


# -- 3. GainOp.needs: the stuff's room and the supply (R1.5, R1.4), and the level (R10.3) ------


def test_a_gain_in_part_leaves_no_room_for_the_gain_after_it():
    """R12.1, R1.5, R5.4: room for 2 pizzas; `gain 3 pizza` gains 2 (in part) and leaves no
    room for `gain pizza`: neither is in full in that order."""
    game = _game()
    game.give(game.players[0], PIZZA, game.board.stuff_capacity - 2)
    labels, excluded = _order(game, "gain 3 pizza", "gain pizza")
    _first_then_second_excluded(labels, excluded, "gain 3 pizza", "gain pizza")


def test_a_perk_won_by_the_first_action_widens_it_before_a_gain():
    """R10.3, R15 Sticky Fingers, R5.4: the advance to level 2 (paid with the only pizza in the
    stuff, R10.1) wins Sticky Fingers, the only perk of the row; the packs after it take the
    pizzas of the supply (R1.4), the last of them included, and the pack (3 at level 2) is not
    filled: neither action is in full in that order."""
    game = _game()
    p = game.players[0]
    p.level = 1
    game.give(p, PIZZA, 1)  # the cost of level 2 (R10.1)
    game.perk_row.append(_perk("sticky-fingers"))
    game.supply[PIZZA] = 1  # and the pizza paid, once the advance is paid
    game.supply[TOY] = 0
    labels, excluded = _order(game, "advance then pack x 4", "gain pizza")
    _first_then_second_excluded(labels, excluded, "advance then pack x 4", "gain pizza")


# -- 4. PackOp.lowers: what is in the pack (R13.1, R12.2) --------------------------------------


def test_packing_first_raises_what_x_pack_counts():
    """R12.2, R13.1, R5.4: one pizza in the pack, room for one more, a toy in the stuff:
    `spend pizza x pack` is sure now (one pizza to spend), but packing the toy first (the pack
    is then full: `pack x 2` in part) makes it two pizzas to spend, with one held."""
    game = _game()
    p = game.players[0]
    p.level = 1  # the pack holds 2 (R10.2)
    game.give(p, PIZZA, 1, to_pack=True)
    game.give(p, TOY, 1)
    labels, excluded = _order(game, "pack x 2", "spend pizza x pack")
    _first_then_second_excluded(labels, excluded, "pack x 2", "spend pizza x pack")


# -- 5. ThenOp.repeated: parts that change what each other needs (R13.4, R13.5) ----------------


@pytest.mark.parametrize("text", ["(gain pizza then gain pizza) x 2",
                                  "(gain pizza then copy pack) x 2"])
def test_a_sequence_repeated_is_sure_only_if_its_parts_leave_each_other_alone(text):
    """R13.5, R12.1, R1.5: each part alone fits twice in the stuff (room for 2 pizzas, one
    pizza in the pack), but the whole takes 4: never taken as surely playable while the search
    finds it unplayable (R5.4); with room for 4 it is."""
    for room in range(5):
        game = _game()
        p = game.players[0]
        game.give(p, PIZZA, 1, to_pack=True)
        game.give(p, PIZZA, game.board.stuff_capacity - room)
        card = game.new_card(kid("X", "crown", text), p.hand)
        rule = why_not_by_search(game, 0, card)
        assert rule == (None if room == 4 else "R5.4"), room
        if surely_playable(game, 0, card):
            assert rule is None, room


# -- 6. ThenOp.exact_repeated: a left part that helps the right one (R6.2, R13.4) --------------


def test_a_follower_paying_first_makes_room_for_the_gain():
    """R6.2, R13.4, R13.5: the follower's stuff is full of pizza, so `gain pizza` alone falls
    short; in `(spend pizza then gain pizza) x 2` each payment makes room for the gain after it,
    so following is in full: never settled as excluded without a trial."""
    game = _game()
    q = game.players[1]
    game.give(q, PIZZA, game.board.stuff_capacity)
    card = game.new_card(kid("Follower", "crown"), q.hand)
    played = kid("Played", "crown", "(spend pizza then gain pizza) x 2")
    game.new_card(played, game.players[0].in_play)
    assert played.public is not None
    rnd = play._Round(game, played, None, {}, played.public)
    ctx = FortCtx(game, 1, leader=False, bound={})
    assert search(ctx, partial(play._follow_with, rnd, ctx, None, [], [card]))
    assert follow_verdict(game, 1, [card], _op(played.public), {}, [()]) is not False
    seen: list[tuple] = []
    game.on_decision = lambda d, i: seen.append((d.labels, d.excluded))
    play._follow(rnd, game, 1)
    labels, excluded = seen[0]
    assert len(labels) == 2 and excluded == ()  # decline, or follow with the card


# -- a perk won inside the first action (R10.3): a bug of certain.spared ------------------------


def _bribe_in_the_row(game: Game) -> None:
    """Bribe the only perk of the row, one card in the park (no park deck), the yards empty."""
    game.perk_row.append(_perk("bribe"))
    game.new_cards(park_kids_of(BASE)[:1], game.park)


def _bribe_and_a_yard(game: Game) -> None:
    """Bribe the only perk of the row, one card in the rival's yard, the park and deck empty."""
    game.perk_row.append(_perk("bribe"))
    game.new_cards(park_kids_of(BASE)[:1], game.players[1].yard)


@pytest.mark.parametrize(("setup", "private"), [(_bribe_in_the_row, "recruit"),
                                                (_bribe_and_a_yard, "destroy rival")],
                         ids=["recruit", "destroy-rival"])
def test_a_perk_won_by_the_first_action_widens_it_before_a_recruit(setup, private):
    """R10.3, R15 Bribe, R5.2, R5.4: the advance to level 2 (paid with the only pizza, R10.1)
    wins Bribe; the lookouts after it (3 at level 2, the hand empty) take the only card left to
    recruit (R7.1) or to destroy in a yard (R12.10), and the lookout is not filled: neither
    action is in full in that order, which must be excluded (the trial's answer), not offered
    as legal without one (a move that picks it cannot complete)."""
    game = _game()
    p = game.players[0]
    p.level = 1
    game.give(p, PIZZA, 1)  # the cost of level 2 (R10.1)
    setup(game)
    labels, excluded = _order(game, "advance then lookout x 3", private)
    _first_then_second_excluded(labels, excluded, "advance then lookout x 3", private)
