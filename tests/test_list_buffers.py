"""Issue 38: a list the engine empties by taking its last item lets its item buffer go, as
``list.clear()`` does, instead of leaving it reallocated to zero bytes.

CPython's ``list.pop()`` (and mypyc's, compiled) shrinks a list by ``PyMem_Realloc``; to zero
items that is a realloc to 0 bytes, which pymalloc hands to the C library (``malloc(1)``): the
list then holds a block pymalloc does not manage, and every later growth of it (an append, an
extend) is a C library ``realloc`` (~200 instructions) instead of pymalloc's. A random 4p game
emptied its deck (R9.1's draw), its in-play pile (a trial's move rolled back) and the
interpreter's note lists (a trial's note rolled back) that way a few hundred times. A list
emptied by ``clear()`` (or a slice deletion of all its items) frees its buffer and holds NULL:
its next growth is a fresh pymalloc block.

Each test reads the list's item pointer (``ob_item``, CPython's list layout) after the engine
emptied it: NULL, the buffer let go. The piles' contents and order are held to their
references by tests/test_engine_journal.py and tests/test_turn_phase_shortcuts.py.
"""

from __future__ import annotations

import ctypes
import platform
import random

import pytest

from fortlang.engine.journal import Journal
from fortlang.games.fort.setup import _draw_unrecorded
from fortlang.games.fort.table import Game

pytestmark = pytest.mark.skipif(platform.python_implementation() != "CPython",
                                reason="reads CPython's list layout")

#: PyListObject: ob_refcnt, ob_type, ob_size, then ob_item.
_OB_ITEM = 3 * ctypes.sizeof(ctypes.c_void_p)


def _buffer(lst: list) -> int | None:
    """The address of ``lst``'s item buffer (None: no buffer)."""
    return ctypes.c_void_p.from_address(id(lst) + _OB_ITEM).value


def _list_of(*items: object) -> list:
    """A list holding ``items`` in a buffer of its own (appended: a list display's buffer is
    exact, an append's has room to spare, as a zone's has)."""
    lst: list = []
    for item in items:
        lst.append(item)
    return lst


def test_the_control_a_list_popped_empty_keeps_a_block_a_cleared_one_none():
    """What the tests below tell apart: CPython's pop of the last item leaves a buffer (the
    realloc to 0 bytes), clear() none."""
    popped, cleared = _list_of("a"), _list_of("a")
    popped.pop()
    cleared.clear()
    assert _buffer(popped) is not None
    assert _buffer(cleared) is None


def test_a_move_of_a_zones_last_card_lets_its_buffer_go():
    """Journal.move from a zone of one card, in a transaction or not: the zone has no buffer;
    the card at the end of the other zone."""
    game = Journal()
    for depth in (0, 1):
        src, dst = _list_of("card"), _list_of("x")
        if depth:
            game.begin()
        assert game.move(src, 0, dst) == "card"
        assert src == [] and dst == ["x", "card"] and _buffer(src) is None
        src = _list_of("card")
        assert game.move(src, -1, dst) == "card" and _buffer(src) is None
        with pytest.raises(IndexError):
            game.move(_list_of("card"), 1, dst)
        if depth:
            game.commit(0)


def test_a_rolled_back_move_lets_the_emptied_zone_go():
    """A trial's move into an empty zone (the in-play pile), rolled back: the card back where
    it was, the zone empty and without a buffer."""
    game = Journal()
    hand, in_play = _list_of("a", "b", "c"), []
    mark = game.begin()
    game.move(hand, 1, in_play)
    assert in_play == ["b"] and _buffer(in_play) is not None
    game.rollback(mark)
    assert hand == ["a", "b", "c"] and in_play == [] and _buffer(in_play) is None
    game.commit(mark)


def test_a_rolled_back_note_or_put_lets_the_emptied_list_go():
    """The interpreter's bookkeeping (Journal.note) and a piece put (Journal.put) into an
    empty list in a trial, rolled back: the list empty and without a buffer; a list that held
    items before keeps them."""
    game = Journal()
    notes, pieces, kept = [], [], _list_of(1)
    mark = game.begin()
    game.note(notes, "performed")
    game.put(pieces, "perk")
    game.note(kept, 2)
    game.rollback(mark)
    assert notes == [] and pieces == [] and kept == [1]
    assert _buffer(notes) is None and _buffer(pieces) is None
    game.commit(mark)


def test_a_take_of_a_lists_last_piece_lets_its_buffer_go():
    """Journal.take of the only piece (a made-up rule, a perk): the list without a buffer."""
    game = Journal()
    for depth in (0, 1):
        rules = _list_of("rule")
        if depth:
            game.begin()
        assert game.take(rules, 0) == "rule" and rules == [] and _buffer(rules) is None
        if depth:
            game.commit(0)


@pytest.mark.parametrize("seed", range(8))
def test_r9_1_a_draw_of_the_whole_deck_lets_the_decks_buffer_go(seed):
    """The draw between moves taking the deck's last cards (with a reshuffle of the discard
    pile or none): the deck empty and without a buffer whenever the draw emptied it."""
    steps = random.Random(seed)
    game = Game(2, seed=seed)
    emptied = 0
    for _ in range(40):
        deck = _list_of(*[f"d{i}" for i in range(steps.randrange(0, 8))])
        discard = _list_of(*[f"p{i}" for i in range(steps.randrange(0, 8))])
        hand: list = []
        _draw_unrecorded(game, deck, discard, hand, steps.randrange(1, 12))
        if not deck:
            emptied += 1
            assert _buffer(deck) is None, (len(hand), len(discard))
    assert emptied


@pytest.mark.parametrize("depth", [0, 1])
def test_a_move_from_anywhere_in_a_zone_leaves_both_zones_as_a_pop_and_append(depth):
    """Journal.move from inside a zone moves the cards after it left one by one (a short zone)
    or pops from inside (a long one): either way both zones as ``src.pop(index)`` then
    ``dst.append`` leave them, for every size and index (negative ones too), an index out of
    range raising IndexError with both zones untouched; a rollback puts the card back where
    it was, a negative index too (the log keeps it counted from the front: ``insert`` reads a
    negative one otherwise than ``pop``)."""
    game = Journal()
    for size in range(1, 30):
        for index in range(-size - 1, size + 1):
            cards = [f"c{i}" for i in range(size)]
            src, dst = _list_of(*cards), _list_of("x")
            ref_src, ref_dst = list(cards), ["x"]
            mark = game.begin() if depth else 0
            if not -size <= index < size:
                with pytest.raises(IndexError):
                    game.move(src, index, dst)
                assert (src, dst) == (cards, ["x"])
            else:
                ref_dst.append(ref_src.pop(index))
                assert game.move(src, index, dst) == ref_dst[-1]
                assert (src, dst) == (ref_src, ref_dst)
                if depth:
                    game.rollback(mark)
                    assert (src, dst) == (cards, ["x"])
            if depth:
                game.commit(mark)
