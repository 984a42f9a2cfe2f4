"""Issue 38: the turn's phases other than the play, and a game's set-up, made cheaper without
changing a game. Each shortcut is held to what it replaced, over many seeds:

- a run of cards taken from the top of a pile (R9.1's draw between moves, R2.4's park and
  R2.5's dealing at set-up) moved as one slice, not a pop and an append a card
  (``setup._take_top``); the draw's piles and generator as the old card-by-card draw leaves
  them, and a set-up dealt by slices the one dealt card by card;
- the recruit phase's count of options and the option located by a random bot's answer
  (R7.1, ``moves.offered``/``picked``/``_names``) counted a zone at a time: every option in
  the order the full list of picks (``moves._picks``, built on ``moves.distinct``) has them.

(The shuffle's words drawn two at a time are held to ``random.Random.shuffle`` by
tests/test_chance.py; the bots' generators to ``random.Random(text)`` by tests/test_bot_seeds.py.)
"""

from __future__ import annotations

import random

import pytest

from fortlang import native
from fortlang.cardset import base_set
from fortlang.games.fort import moves, setup
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import park_kids_of
from fortlang.games.fort.moves import _names, _picks, offered, picked, recruit_places
from fortlang.games.fort.setup import _draw_unrecorded, _take_top, new_game
from fortlang.games.fort.table import Game

CARDSET = base_set()


def _pop_top(src: list, dst: list, count: int) -> int:
    """The reference: a pop and an append a card (what Game.move of the top card does)."""
    moved = 0
    while moved < count and src:
        dst.append(src.pop())
        moved += 1
    return moved


def _draw_card_by_card(rng: random.Random, deck: list, discard: list, hand: list,
                       count: int) -> int:
    """R9.1 as the draw between moves did it before issue 38's slices: each card popped from
    the deck onto the hand, the discard pile (reversed, top card first) shuffled into the
    empty deck."""
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


def test_r9_1_take_top_moves_what_a_pop_and_an_append_a_card_move():
    steps = random.Random(38)
    for _ in range(3000):
        n, have = steps.randrange(0, 25), steps.randrange(0, 6)
        src = [f"s{i}" for i in range(n)]
        dst = [f"d{i}" for i in range(have)]
        ref_src, ref_dst = list(src), list(dst)
        count = steps.randrange(1, n + 4)
        assert _take_top(src, dst, count) == _pop_top(ref_src, ref_dst, count)
        assert (src, dst) == (ref_src, ref_dst)


@pytest.mark.parametrize("seed", range(40))
def test_r9_1_the_draw_by_slices_leaves_the_piles_and_generator_the_card_by_card_draw_leaves(
        seed):
    """Decks, discard piles and hands of every size (a deck empty, shorter or longer than the
    count; a discard pile of 0, 1 or many cards to reshuffle, twice in one draw when short),
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_4_r2_5_a_set_up_dealt_by_slices_is_the_one_dealt_card_by_card(players, monkeypatch):
    """new_game with its runs dealt by slices, and with each card moved alone (the reference
    put in the slices' place): the same table, uid for uid, and the same generator."""
    if native.is_compiled(setup):
        pytest.skip("the compiled set-up calls its own _take_top (test_fort_unchanged plays it)")
    for seed in range(25):
        agents = make_bots(["random"], players, seed)
        sliced, _ = new_game(CARDSET, players, seed=seed, agents=agents)
        with monkeypatch.context() as m:
            m.setattr(setup, "_take_top", _pop_top)
            single, _ = new_game(CARDSET, players, seed=seed, agents=agents)
        assert sliced.snapshot() == single.snapshot()
        for a, b in zip(sliced.players + [sliced], single.players + [single], strict=True):
            for zone in ("deck", "hand", "park", "park_deck"):
                if hasattr(a, zone):
                    assert [c.uid for c in getattr(a, zone)] == \
                        [c.uid for c in getattr(b, zone)]
        assert sliced.rng.getstate() == single.rng.getstate()


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
