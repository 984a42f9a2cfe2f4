"""Issue 38: the closed-form judgements of games/fort/certain.py made cheaper, each checked
against the form it stands for, kept as the reference:

* a follower's verdict (R6.2): ``_verdict`` (an `x`'s count read once and its body's
  ``repeated`` judged once, R13.3; no ``now`` judged twice) against ``_verdict_by_forms``
  (``now``, then ``short``), for every op of every bundled card, with cards of random 2-4
  player tables discarded and their coins named each way (R5.6, R6.5), by the leader too;
* the hand's judge, a judgement itself (``HandJudge``), against a fresh judgement per card
  (``surely_playable``) at random 2-4 player tables, in either rule of lookout counting (R5.3);
* whole games played with the verdicts fused against the same seeds judged by the forms.
"""

from __future__ import annotations

import dataclasses
from unittest.mock import patch

import pytest
from builders import kid, played_game, random_table

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine.program import Op, RepeatOp
from fortlang.games.fort import certain
from fortlang.games.fort.certain import HandJudge, surely_playable
from fortlang.games.fort.context import FortJudgement, card_ops
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.moves import COIN
from fortlang.games.fort.node_types import PLAIN_SUITS
from fortlang.games.fort.table import TOKENS, CardInstance, Game

BASE = base_set()
#: Cards whose `x suit` counts the card alone zero times, once, twice, or a coin still to name
#: (R5.6), beside the bundled ones: whether a card added later may count is what sets them apart
#: (R5.3, ``surely_unplayable`` knows no card counted).
COUNTED = [
    kid("Nought", "book", "gain pizza x shovel", "gain toy x glue"),
    kid("Single", "shovel", "gain 2 pizza x shovel"),
    kid("Double", "crown crown", "gain toy x crown", "gain 2 pizza x crown"),
    kid("Coined", "coin book", "gain pizza x book", "gain toy x coin"),
]


def _tables():
    """Random tables of 2, 3 and 4 players, some with stuffs full (nothing more fits)."""
    for seed in range(24):
        players = 2 + seed % 3
        game = random_table(BASE, players, seed)
        if seed % 4 == 3:
            for p in game.players:
                for r in TOKENS:
                    game.give(p, r, game.board.stuff_capacity - p.stuff[r])
        yield seed, game


def _ops(game: Game) -> list[Op]:
    """Every op of every bundled card, its boxes and their parts, `x` or not (a new instance
    of each card, in the box)."""
    out: list[Op] = []
    for k in kids_of(BASE):
        defn = card_ops(game.new_card(k, game.box))
        for box in (defn.pub_op, defn.priv_op):
            if box is not None:
                out.extend(box.walk())
    return out


def _namings(cards: list[CardInstance]) -> list[dict[int, object]]:
    """Each way of naming the coins of ``cards`` (R5.6)."""
    namings: list[dict[int, object]] = [{}]
    for c in cards:
        if COIN in c.suits:
            namings = [{**named, c.uid: s} for named in namings for s in PLAIN_SUITS]
    return namings


def test_a_verdict_answers_as_its_forms():
    answers: dict[tuple[bool, object], int] = {}
    for seed, game in _tables():
        ops = _ops(game)
        for seat, p in enumerate(game.players):
            hand = list(p.hand)
            discards = [[c] for c in hand] + [hand[:2], []]
            for cards in discards:
                for named in _namings(cards):
                    for effect in (False, True):
                        s = FortJudgement(game, p, named, len(cards), game.no_choices, effect,
                                          None, cards)
                        for op in ops:
                            want = certain._verdict_by_forms(op, s)
                            got = certain._verdict(op, s)
                            assert got is want, (seed, seat, op.node, cards, named, effect)
                            key = (type(op) is RepeatOp, want)
                            answers[key] = answers.get(key, 0) + 1
            # not known: lookout cards that count anyway (R6.7 switched off), nothing named
            s = FortJudgement(game, p, None, 1, game.no_choices, False, None, None)
            for op in ops:
                assert certain._verdict(op, s) is certain._verdict_by_forms(op, s)
    # every answer, of an `x` and of another op
    assert all(answers.get((x, want)) for x in (True, False) for want in (True, False, None)), \
        answers


@pytest.mark.parametrize("lookout_optional", [True, False])
def test_the_hands_judge_answers_as_a_judgement_per_card(lookout_optional):
    sure = 0
    for seed, game in _tables():
        game.rules = dataclasses.replace(game.rules, lookout_optional=lookout_optional)
        for seat, p in enumerate(game.players):
            cards = [game.new_card(k, p.hand) for k in [*COUNTED, *kids_of(BASE)]]
            judge = HandJudge(game, seat)
            assert (judge.game, judge.p, judge.leaving, judge.effect, judge.ctx) \
                == (game, p, 1, True, None)
            for card in cards:
                expected = surely_playable(game, seat, card)
                assert judge.playable(card) is expected, (seed, seat, card.name)
                assert judge.unplayable(card) is certain.surely_unplayable(game, seat, card)
                sure += expected
    assert sure


def _game(lineup: list[str], players: int, seed: int) -> tuple[list, object]:
    return played_game(BASE, lineup, players, seed)


@pytest.mark.parametrize(("lineup", "players"), [(["random"], 4), (["greedy"], 2),
                                                  (["random", "greedy"], 3)])
def test_games_are_those_judged_by_the_forms(lineup, players):
    """Game by game, the same decisions and outcome as the same seed whose follower verdicts
    are all judged by ``now`` then ``short`` (R6.2)."""
    if native.is_compiled(certain):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    fused = [0]
    reference = certain._repeat_verdict

    def counted(x, s):
        fused[0] += 1
        return reference(x, s)

    for seed in range(3):
        with patch.object(certain, "_repeat_verdict", counted):
            fast = _game(lineup, players, seed)
        with patch.object(certain, "_verdict", certain._verdict_by_forms):
            slow = _game(lineup, players, seed)
        assert fast == slow, seed
    assert fused[0]
