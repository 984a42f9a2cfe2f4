"""The bundled fort-base set against shared/data/fort-base-facts.md and the rules (R1, R14, R15)."""

from __future__ import annotations

from collections import Counter

import pytest

from fortlang import registry as reg
from fortlang.cardset import base_set
from fortlang.checker import check
from fortlang.errors import errors_in
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.model import (
    PerkHook,
    best_friends_of,
    board_of,
    kids_of,
    park_kids_of,
    perks_of,
    rules_of,
)
from fortlang.games.fort.nodes import Suit
from fortlang.model import Source
from fortlang.parser import parse_action, parse_scoring
from fortlang.printer import to_text

BASE = base_set()
KIDS = {k.name: k for k in kids_of(BASE)}
RULES = {r.name: r for r in rules_of(BASE)}
PERKS = {p.name: p for p in perks_of(BASE)}

#: The public card database's 50 names by suit (fort-base-facts.md); doubles listed in full.
FACT_SUITS = {
    "book": "Bones, Captain, Chef, Doc, Einstein, Patch",
    "crown": "Ghost, Golden Boy, Prince, Tiny",
    "glue": "Bitsy, Doodles, Dot, Giggles, Kitty, Penny, Sweet Pea, Tink",
    "shovel": "Bug, Lefty, Moose, Rusty, Sarge, Scout, Wart, Worm",
    "skateboard": "Ant, Zip, Dash, Munch, Skids, Spike, Thunder",
    "water_gun": "Baby Face, Blitz, Crash, Lil Boss, Punky, Sparky",
    "coin": "Ace, Blades, Bud, Flipper, Smoke",
}
DOUBLES = {"Noodle Twins": ("book", "book"), "Icky & Sticky": ("glue", "glue"),
           "The Moles": ("shovel", "shovel"), "Rocket Bros": ("skateboard", "skateboard"),
           "The Scrappers": ("water_gun", "water_gun"), "Puddin": ("coin", "crown")}
EXPECTED = {name: (suit,) for suit, names in FACT_SUITS.items() for name in names.split(", ")}
EXPECTED.update(DOUBLES)


def test_r1_1_the_50_names_with_their_real_suits():
    assert len(EXPECTED) == 50
    assert {name: tuple(s.value for s in k.suits) for name, k in KIDS.items()} == EXPECTED


def test_r1_1_r1_2_sixty_park_cards_and_eight_best_friends():
    assert sum(k.copies for k in park_kids_of(BASE)) == 60
    assert sum(k.copies for k in best_friends_of(BASE)) == 8
    assert KIDS["Bitsy"].best_friend


def test_r1_2_best_friends_share_one_action():
    assert len({(k.public, k.private) for k in best_friends_of(BASE)}) == 1


@pytest.mark.parametrize(("name", "public", "private", "source"), [
    ("Bug", "gain pizza x shovel", "score x level", Source.RULEBOOK),
    ("Bud", "gain 2 pizza/toy", "destroy card", Source.RULEBOOK),
    ("Doodles", "gain toy x glue", None, Source.RULEBOOK),
    ("Patch", "gain toy x book", None, Source.PUBLIC),
], ids=["bug", "bud", "doodles", "patch"])
def test_known_actions_from_the_rulebook_and_public_sources(name, public, private, source):
    card = KIDS[name]
    assert card.public == parse_action(public)
    if private is not None:
        assert card.private == parse_action(private)
    assert card.source is source and card.note


def _texts(card) -> list[str]:
    return [to_text(a) for a in (card.public, card.private) if a is not None]


def test_known_action_fragments_dot_lefty_kitty_munch():
    assert any("advance -1" in t for t in _texts(KIDS["Dot"]))
    assert any("advance" in t for t in _texts(KIDS["Lefty"]))
    assert to_text(KIDS["Kitty"].public).startswith("gain toy")
    assert "spend pizza" in to_text(KIDS["Munch"].public)
    assert "score" in to_text(KIDS["Munch"].public)


def test_every_card_has_provenance_and_a_note_unless_provisional():
    for card in kids_of(BASE):
        assert card.source is Source.PROVISIONAL or card.note, card.name


@pytest.mark.parametrize("card", kids_of(BASE), ids=lambda k: k.id)
def test_every_bundled_action_parses_checks_clean_and_is_canonical(card):
    assert card.public is not None or card.private is not None
    for action in (card.public, card.private):
        if action is not None:
            assert check(action) == []
            assert parse_action(to_text(action)) == action


def _all_nodes():
    for card in kids_of(BASE):
        for action in (card.public, card.private):
            if action is not None:
                yield from action.walk()


def test_every_primitive_quantity_and_operator_appears_on_some_card():
    """The base set shows every base word, and none of the core's words for expansions (the
    base language stays exactly as the rulebook's)."""
    used = {type(node) for node in _all_nodes()}
    assert {p.node for p in fort_words.PRIMITIVES if p.base} <= used
    assert not {p.node for p in fort_words.PRIMITIVES if not p.base} & used
    quantity_words = {to_text(node) for node in _all_nodes()
                      if type(node) in {type(w.build()) for w in fort_words.QUANTITIES}}
    assert {w.word for w in fort_words.QUANTITIES if w.base} <= quantity_words
    assert not {w.word for w in fort_words.QUANTITIES if not w.base} & quantity_words
    texts = " ".join(t for card in kids_of(BASE) for t in _texts(card))
    for op in reg.OPERATORS:
        if op.base:
            assert op.spellings[0] in texts.replace("(", " ( ").split(), op.name
        else:  # an expansion's construct: the base game's cards never use it
            assert op.spellings[-1] not in texts, op.name


def test_cost_modifiers_both_ways_r13_2():
    modifiers = {getattr(node, "modifier", 0) for node in _all_nodes()}
    assert set(fort_words.MODIFIERS) <= modifiers


SUIT_FLAVOUR = {  # what each suit's cards mostly do (documented in cards/fort-base/README.md)
    Suit.SHOVEL: "pizza", Suit.GLUE: "toy", Suit.BOOK: "book",
    Suit.SKATEBOARD: "advance|pack", Suit.WATER_GUN: "recruit|rival",
    Suit.CROWN: "crown|lookout",
}


@pytest.mark.parametrize("suit", SUIT_FLAVOUR, ids=str)
def test_each_suit_has_a_flavour(suit: Suit):
    words = SUIT_FLAVOUR[suit].split("|")
    cards = [k for k in park_kids_of(BASE) if suit in k.suits and Suit.COIN not in k.suits]
    flavoured = [k for k in cards if any(w in t for t in _texts(k) for w in words)]
    assert len(flavoured) >= 0.75 * len(cards), [k.name for k in cards if k not in flavoured]


def test_games_can_end_few_rival_destroyers_and_plenty_of_points_and_advances():
    park = [k for k in park_kids_of(BASE) for _ in range(k.copies)]
    counts = Counter()
    for card in park:
        texts = " ".join(_texts(card))
        counts["destroy rival"] += "destroy rival" in texts
        counts["score"] += "score" in texts
        counts["advance"] += "advance" in texts
    assert counts["destroy rival"] <= 4
    assert counts["score"] >= 25 and counts["advance"] >= 8


R14 = {
    "Big Plans": "advances",
    "Friendship Bracelet": "suits + (1 if suits = 6)",
    "Piggy Bank": "toy",
    "Pizza Party": "pizza",
    "Loner": "5 if best_friends = 0",
    "Minimalism": "8 if level = 2",
    "Popularity": "lookout",
    "Play Palace": "crown",
    "Secret Stash": "pack",
    "Sleepover": "8 if cards > rival cards else 4 if cards = rival cards",
    "Slime Lab": "book",
}


@pytest.mark.parametrize("name", R14)
def test_r14_made_up_rule_in_the_scoring_language(name: str):
    assert RULES[name].score == parse_scoring(R14[name])
    assert errors_in(check(RULES[name].score)) == []


def test_r14_eleven_rules_r15_nine_perks():
    assert len(rules_of(BASE)) == 11 and set(RULES) == set(R14)
    assert len(perks_of(BASE)) == 9


def test_r15_perks_as_data():
    assert PERKS["XXL Backpack"].hook is PerkHook.MODIFY
    assert PERKS["XXL Backpack"].params == {"pack_capacity": 2}
    assert PERKS["Birthday Party"].hook is PerkHook.EXTRA_RECRUIT
    assert PERKS["Birthday Party"].params == {"from": ["park", "park_deck"]}
    assert PERKS["Copy Cat"].params == {"max_discards": 2}
    single = {name for name, p in PERKS.items() if p.single_use}
    assert single == {"DIY", "Do-Over", "Recycling", "Rough Housing"}
    assert len({p.hook for p in perks_of(BASE)}) == 9


def test_r10_r11_board():
    board = board_of(BASE)
    assert board is not None
    assert board.points[5] == 23 and len(board.points) == len(board.costs) + 1
    assert (board.macaroni_points, board.end_score, board.end_level) == (4, 25, 5)
    assert (board.stuff_capacity, board.pack_base, board.lookout_base, board.supply) == \
        (4, 1, 1, 30)
    assert board.provisional


def test_russian_names_from_the_russian_rulebook():
    assert RULES["Popularity"].names["ru"] == "Популярность"  # R11.4 worked example
    assert PERKS["XXL Backpack"].names["ru"] == "Рюкзак XXL"
    assert all("ru" in r.names for r in rules_of(BASE))
    assert all("ru" in p.names for p in perks_of(BASE))
    assert (KIDS["Bug"].name_in("ru"), KIDS["The Moles"].name_in("ru")) == ("Жук", "Кроты")
    assert KIDS["Ace"].name_in("ru") == "Ace"  # unknown: the English name stands


def test_r10_max_level_is_the_number_of_advances_the_board_costs():
    """Board.max_level is a field set at construction (the engine reads it at every advance):
    it follows the costs through a replace and a pickle, and takes no part in equality."""
    import dataclasses
    import pickle

    board = board_of(BASE)
    assert board.max_level == len(board.costs) == 5
    shorter = dataclasses.replace(board, costs=board.costs[:3])
    assert shorter.max_level == 3
    assert pickle.loads(pickle.dumps(shorter)).max_level == 3
    assert pickle.loads(pickle.dumps(board)) == board


def test_r1_1_r1_2_park_kids_and_best_friends_split_the_kids_once():
    park, friends = park_kids_of(BASE), best_friends_of(BASE)
    assert set(park) | set(friends) == set(kids_of(BASE)) == set(BASE.slot("kids"))
    assert not set(park) & set(friends) and len(park) + len(friends) == len(kids_of(BASE))
    assert all(k.best_friend for k in friends)
    assert not any(k.best_friend for k in park)
