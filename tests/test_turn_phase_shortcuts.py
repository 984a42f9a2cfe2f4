"""Issue 38: the turn's phases other than the play made cheaper without changing a game. Each
shortcut is held to what it replaced, over many seeds:

- the draw between moves (R9.1), whose reshuffles draw their words two at a time
  (``engine.chance.shuffle``): the piles, the count drawn and the generator's state as a
  card-by-card draw reshuffling with ``random.Random.shuffle`` leaves them;
- the recruit phase's count of options and the option located by a random bot's answer
  (R7.1, ``moves.offered``/``picked``/``_names``) counted a zone at a time: every option in
  the order the full list of picks (``moves._picks``, built on ``moves.distinct``) has them.

(The shuffle alone is held to ``random.Random.shuffle`` by tests/test_chance.py; the bots'
generators to ``random.Random(text)`` by tests/test_bot_seeds.py.)
"""

from __future__ import annotations

import random

import pytest

from fortlang.cardset import base_set
from fortlang.games.fort import moves
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import park_kids_of
from fortlang.games.fort.moves import _names, _picks, offered, picked, recruit_places
from fortlang.games.fort.setup import _draw_unrecorded
from fortlang.games.fort.table import Game

CARDSET = base_set()


def _draw_card_by_card(rng: random.Random, deck: list, discard: list, hand: list,
                       count: int) -> int:
    """R9.1 card by card: each card popped from the deck onto the hand, the discard pile
    (reversed, top card first) made the empty deck and shuffled by ``random.Random.shuffle``."""
    drawn = 0
    while drawn < count:
        if not deck:
            if not discard:
                break
            deck.extend(discard)
            deck.reverse()
            discard.clear()
            rng.shuffle(deck)
        hand.append(deck.pop())
        drawn += 1
    return drawn


@pytest.mark.parametrize("seed", range(40))
def test_r9_1_the_draw_leaves_the_piles_and_generator_a_draw_shuffling_with_random_leaves(seed):
    """Decks, discard piles and hands of every size (a deck empty, shorter or longer than the
    count; a discard pile of 0, 1 or many cards to reshuffle),
    from generators at many states: the same piles in the same order, the same count drawn,
    the same generator state after (the reshuffles drew the same words)."""
    steps = random.Random(seed)
    game = Game(2, seed=seed)
    for _ in range(60):
        cards = [f"c{i}" for i in range(steps.randrange(0, 30))]
        cut = steps.randrange(0, len(cards) + 1)
        deck, discard = cards[:cut], cards[cut:]
        hand = [f"h{i}" for i in range(steps.randrange(0, 3))]
        count = steps.randrange(0, 14)
        ref_rng = random.Random()
        ref_rng.setstate(game.rng.getstate())
        ref = (list(deck), list(discard), list(hand))
        assert _draw_unrecorded(game, deck, discard, hand, count) == \
            _draw_card_by_card(ref_rng, *ref, count)
        assert (deck, discard, hand) == ref
        assert game.rng.getstate() == ref_rng.getstate()


def _check_counted_options(places: list, deck: list) -> int:
    """offered, picked and _names against the full list of picks (moves._picks)."""
    picks = _picks(places, deck)
    assert offered(places, deck) == len(picks)
    for j, pick in enumerate(picks):
        zone, i, where, value = picked(places, deck, j)
        assert zone is pick[0] and (i, where, value) == pick[1:]
    with pytest.raises(IndexError):
        picked(places, deck, len(picks))
    named = _names(places, deck)
    assert len(named) == len(picks)
    for item, (zone, i, _, _) in zip(named, picks, strict=True):
        if i < 0:
            assert item == moves._DECK_TOP.value
        else:
            assert item is zone[i].defn
    return len(picks)


def test_r7_1_options_counted_a_zone_at_a_time_are_the_full_list_of_picks():
    """Zones of 0 to 20 cards (past distinct's set for long zones) drawn from few card
    definitions, copies anywhere in them (first, last, side by side, far apart), and a deck
    among the places: the count, each option located, and what each names, in the order of
    the full list."""
    kids = park_kids_of(CARDSET)
    steps = random.Random(7)
    game = Game(4, seed=1)
    seen_copies = 0
    for _ in range(400):
        kinds = kids[: steps.randrange(1, 6)]
        places = []
        for p in range(steps.randrange(1, 6)):
            zone: list = []
            for _ in range(steps.choice([0, 1, 2, 3, 4, 5, 8, 16, 17, 20])):
                game.new_card(steps.choice(kinds), zone)
            places.append((zone, f"from {p}", ("zone", p)))
        deck = places[steps.randrange(len(places))][0] if steps.random() < 0.5 else []
        total = _check_counted_options(places, deck)
        seen_copies += total < sum(len(z) for z, _, _ in places)
    assert seen_copies > 100


def test_r7_1_options_counted_on_random_games_tables_are_the_full_list_of_picks():
    """The recruit phase's places (the park, every yard, the park deck's top) of tables copied
    from random games at every turn."""
    tables: list[Game] = []
    for seed in range(3):
        run_game(CARDSET, 4, make_bots(["random"], 4, seed), seed=seed,
                 on_turn=lambda game, _: tables.append(game.copy()))
    assert len(tables) > 60
    for game in tables:
        _check_counted_options(recruit_places(game), game.park_deck)
