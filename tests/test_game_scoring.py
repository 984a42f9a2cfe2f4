"""Final scoring (R11.2), each made-up rule from its scoring AST (R14), ties (R11.3)."""

from __future__ import annotations

import pytest
from builders import kid

from fortlang.cardset import base_set
from fortlang.games.fort.model import board_of, rules_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.scoring import evaluate, final_score, winners
from fortlang.games.fort.table import Game

PIZZA, TOY = Resource.PIZZA, Resource.TOY
CARDSET = base_set()
RULES = {r.id: r for r in rules_of(CARDSET)}

CROWN2 = kid("Twin Crowns", "crown crown", "score", "advance")
CROWN_COIN = kid("Crown Coin", "crown coin", "gain pizza", "advance then score 2")
BOOK = kid("Bones", "book", "score x book", "gain toy")
SKATE = kid("Skate", "skateboard", "gain toy", None)
SHOVEL_GLUE = kid("Mixed", "shovel glue", "score", "score")
WATER_GUN = kid("Squirt", "water_gun", "score", None)
FRIEND = kid("Buddy", "book", "score", None, best_friend=True)


def table(players: int = 2) -> Game:
    return Game(players, board_of(CARDSET))


def test_r11_4_worked_example_48_points_tie_broken_by_fort_level():
    game = table()
    she, rival = game.players
    she.vp, she.level, she.rule = 17, 5, RULES["popularity"]
    game.macaroni = 0
    game.new_cards([BOOK, SKATE, WATER_GUN, CROWN2], she.lookout)
    rival.vp, rival.level = 48 - board_of(CARDSET).points[3], 3
    scores = [final_score(game, p) for p in game.players]
    assert (scores[0].track, scores[0].fort, scores[0].macaroni, scores[0].rule) == (17, 23, 4, 4)
    assert scores[0].total == scores[1].total == 48
    assert winners(scores) == (0,)


def test_r11_3_tie_at_same_level_is_shared():
    game = table(3)
    for p in game.players:
        p.vp, p.level = 10, 2
    game.players[2].vp = 9
    assert winners([final_score(game, p) for p in game.players]) == (0, 1)


def test_r11_2_no_rule_no_macaroni_scores_track_and_level():
    game = table()
    p = game.players[0]
    p.vp, p.level = 7, 2
    score = final_score(game, p)
    assert (score.total, score.rule, score.macaroni) == (7 + board_of(CARDSET).points[2], 0, 0)


def _deal(game: Game) -> None:
    """Seat 0 holds cards in every zone that counts as "cards you have" and some tokens."""
    p = game.players[0]
    game.new_cards([CROWN2, BOOK], p.deck)
    game.new_cards([CROWN_COIN], p.hand)
    game.new_cards([FRIEND], p.discard)
    game.new_cards([SKATE], p.yard)
    game.new_cards([SHOVEL_GLUE], p.lookout)
    p.level = 2
    game.give(p, PIZZA, 3)
    game.give(p, TOY, 1)
    game.give(p, PIZZA, 1, to_pack=True)
    game.give(p, TOY, 1, to_pack=True)
    game.new_cards([BOOK, BOOK, BOOK, BOOK, BOOK, BOOK], game.players[1].hand)  # a rival's 6


# what each rule is worth for the dealt seat 0, counted by hand from _deal
EXPECTED = {
    "big-plans": 2,  # Twin Crowns' advance, Crown Coin's advance-then
    "friendship-bracelet": 5,  # crown book skateboard shovel glue; no water gun
    "piggy-bank": 2,  # 1 in stuff + 1 in pack
    "pizza-party": 4,
    "loner": 0,  # holds a best friend
    "minimalism": 8,  # fort level exactly 2
    "popularity": 1,
    "play-palace": 3,  # crown x2 + crown (the coin does not count)
    "secret-stash": 2,
    "sleepover": 4,  # 6 cards, tied with the rival's 6
    "slime-lab": 2,  # Bones and Buddy
}


@pytest.mark.parametrize("rule_id", sorted(EXPECTED))
def test_r14_each_made_up_rule_scores_from_its_ast(rule_id):
    game = table()
    _deal(game)
    assert evaluate(RULES[rule_id].score, game, game.players[0]) == EXPECTED[rule_id]


def test_r14_all_made_up_rules_have_an_expectation():
    assert set(EXPECTED) == set(RULES)


def test_r14_friendship_bracelet_bonus_with_all_six_suits_and_loner_without_friends():
    game = table()
    p = game.players[0]
    game.new_cards([CROWN2, BOOK, SKATE, SHOVEL_GLUE, WATER_GUN], p.deck)
    assert evaluate(RULES["friendship-bracelet"].score, game, p) == 6 + 1
    assert evaluate(RULES["loner"].score, game, p) == 5


def test_r14_sleepover_most_cards_scores_8_and_fewer_scores_0():
    game = table(3)
    game.new_cards([BOOK] * 3, game.players[0].deck)
    game.new_cards([BOOK] * 2, game.players[1].deck)
    rule = RULES["sleepover"].score
    assert evaluate(rule, game, game.players[0]) == 8
    assert evaluate(rule, game, game.players[1]) == 0


def test_r14_big_plans_counts_printed_advances_per_card_each_time_asked():
    """The advances metric (Big Plans, R14) is remembered per card definition: asked again, and
    after the cards change, it still counts every advance printed on the cards you have."""
    from fortlang.games.fort import nodes as n
    from fortlang.games.fort.metrics import metric

    twice = kid("Double Plans", "crown", "advance then advance", "advance")
    game = table()
    she = game.players[0]
    game.new_cards([CROWN2, BOOK], she.hand)
    assert metric(game, she, "advances") == metric(game, she, "advances") == 1
    game.new_cards([twice, CROWN_COIN, twice], she.deck)
    walked = sum(1 for c in she.hand + she.deck for a in (c.card.public, c.card.private)
                 if a is not None for x in a.walk() if isinstance(x, n.Advance))
    assert metric(game, she, "advances") == walked == 1 + 3 + 1 + 3


def test_r10_4_r11_1_fort_points_and_end_triggers_follow_a_replaced_board():
    """The game keeps the board's fort points and end triggers as its own numbers (read at
    every play and turn): replacing the board replaces them, for scoring (R10.4, R11.2), for
    what a play brings (gains) and for the end triggers (R11.1)."""
    from dataclasses import replace

    from fortlang.games.fort.gains import standing
    from fortlang.games.fort.match import Trigger, end_triggers

    game = table()
    game.new_cards([BOOK], game.park_deck)
    she = game.players[0]
    she.vp, she.level = 20, 2
    assert final_score(game, she).fort == board_of(CARDSET).points[2]
    assert end_triggers(game) == []
    game.board = replace(board_of(CARDSET), points=(0, 10, 30, 40, 50, 60), end_score=20,
                         end_level=2, costs=board_of(CARDSET).costs[:2])
    assert final_score(game, she).fort == standing(game, 0)[3] == 30
    assert game.max_level == 2
    assert end_triggers(game) == [Trigger.SCORE, Trigger.LEVEL]
