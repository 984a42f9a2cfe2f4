"""The undo journal is the core's (issue 33, docs/design/game-modules.md "The journal split as
landed"): a table of any game subclasses :class:`~fortlang.engine.journal.Journal` and gets
transactions, the undoable mutations, state keys, chance points and decisions without Fort.

The toy table below has one list zone and one counter, and a seat with a score and a stage."""

from __future__ import annotations

import pytest
from test_house_order import PACKAGE, _imports, _module_name

from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.journal import Journal, SeatCounts

D6 = Distribution.uniform([Option(str(f), f) for f in range(1, 7)])


class Toy(Journal):
    """A pile of letters, a pot and a counter (``tokens[0]``, ``tokens[1]``) and one seat."""

    def __init__(self, seed: int = 0, **kwargs: object) -> None:
        super().__init__(seed=seed, **kwargs)  # type: ignore[arg-type]
        self.tokens = [5, 0]
        self.pile: list[str] = ["a", "b", "c"]
        self.seat = SeatCounts()
        self.checked = 0

    def check_invariants(self) -> None:
        self.checked += 1
        assert self.tokens[0] + self.tokens[1] == 5, "tokens came or went"


class Answers:
    """Answers every decision with the next of its answers."""

    def __init__(self, *answers: int) -> None:
        self.answers = list(answers)

    def decide(self, game: Journal, decision: Decision) -> int:
        return self.answers.pop(0)


def _snapshot(toy: Toy) -> tuple:
    return (list(toy.pile), list(toy.tokens), toy.seat.vp, toy.seat.level, toy.rng.getstate())


def test_the_journal_and_what_it_imports_import_no_game():
    """The journal stands alone: no module it imports, directly or through another, is a game's
    (the closure of its own imports; ``import fortlang.engine.journal`` also runs the package's
    ``__init__``, which re-exports Fort's Game)."""
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    seen, todo = set(), ["fortlang.engine.journal"]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += [m for m in _imports(files[module], set(files)) if m in files]
    assert "fortlang.engine.asker" in seen  # the walk follows imports
    assert not [m for m in seen if m.startswith("fortlang.games")]


def test_a_toy_table_rolls_back_every_mutation_and_the_generator():
    toy = Toy(seed=3)
    before = _snapshot(toy)
    mark = toy.begin()
    toy.move(toy.pile, 0, toy.pile)  # "a" to the end
    toy.shift(0, 1, 2)
    toy.set(toy, "pile", toy.pile)
    toy.put(toy.pile, "d")
    assert toy.take(toy.pile, 0) == "b"
    toy.add_vp(toy.seat, 4)
    toy.level_up(toy.seat)
    outcome = toy.chance(D6)
    assert toy.log == [("chance", outcome)] and toy.changed_since(mark)
    assert (toy.pile, toy.tokens, toy.seat.vp, toy.seat.level) == (
        ["c", "a", "d"], [3, 2], 4, 1)
    toy.rollback(mark)
    toy.commit(mark)
    assert _snapshot(toy) == before and not toy.changed_since(0)


def test_bookkeeping_is_undone_but_is_no_change_of_the_table():
    toy = Toy()
    notes: list[int] = []
    table: dict[str, int] = {}
    mark = toy.begin()
    toy.note(notes, 1)
    toy.note_item(table, "k", 2)
    toy.note_attr(toy.seat, "vp", 9)
    assert not toy.changed_since(mark)
    toy.abort(mark)
    assert (notes, table, toy.seat.vp) == ([], {}, 0)


def test_state_keys_of_a_toy_table_tell_states_apart_not_paths():
    toy = Toy()
    mark = toy.begin()
    empty = toy.state_key(mark, {})
    inner = toy.begin()
    toy.shift(0, 1, 1)
    toy.move(toy.pile, 0, toy.pile)
    toy.chance(D6)  # the generator is no part of a place
    one = toy.state_key(mark, {})
    toy.rollback(inner)
    toy.move(toy.pile, 0, toy.pile)  # the same state by another path
    toy.shift(0, 1, 3)
    toy.shift(1, 0, 2)
    assert toy.state_key(mark, {}) == one != empty
    toy.rollback(inner)
    toy.commit(inner)
    assert toy.state_key(mark, {}) == empty
    toy.abort(mark)


def test_a_toy_table_asks_its_asker_checks_its_own_invariants_and_logs_the_answer():
    seen: list[tuple[Decision, int]] = []
    toy = Toy(asker=Answers(1, 7), debug=True)
    toy.on_decision = lambda decision, index: seen.append((decision, index))
    decision = Decision(0, Kind.RESOURCE, (Option("pizza"), Option("toy")))
    assert toy.ask(decision) == 1
    assert toy.log == [("resource", 1)] and seen == [(decision, 1)] and toy.checked == 1
    with pytest.raises(ValueError, match="answered 7"):
        toy.ask(decision)
    toy.tokens[0] = 0  # broken on purpose: the debug hook is the subclass's
    with pytest.raises(AssertionError, match="tokens came or went"):
        toy.ask(decision)


def test_a_journal_without_an_asker_refuses_to_ask():
    with pytest.raises(RuntimeError, match="no agent"):
        Journal().ask(Decision(1, Kind.RESOURCE, (Option("pizza"),)))


# -- the log's buffer (issue 38): kept for the table's life, the log its first slots ------------


def log_is_empty(toy: Journal) -> bool:
    """No entry left in the log, and no slot of its buffer keeping an object of the game alive
    (checked between moves: a rollback leaves its slots to be written over, the move's commit
    empties them of objects, so that no object of a finished move is kept by the table; an
    entry's operation code, index, count or attribute name may stay, an int or a str)."""
    return toy.mark() == 0 and all(slot is None or type(slot) in (int, str)
                                   for slot in toy._undo)


def _busy_move(toy: Toy, rounds: int) -> None:
    """A move of many entries: each round a transfer there and back, a card moved round, a note."""
    notes: list[int] = []
    for _ in range(rounds):
        toy.shift(0, 1, 1)
        toy.shift(1, 0, 1)
        toy.move(toy.pile, 0, toy.pile)
        toy.note(notes, 1)


def test_the_log_keeps_its_room_across_moves_and_trials():
    """A committed move or a rolled back trial leaves the log's buffer its room (CPython
    reallocates a list cleared, or cut below half of its room, and regrows it item by item at
    the next move): the next move of the same size writes into the same memory."""
    import sys

    toy = Toy()
    mark = toy.begin()
    _busy_move(toy, 50)
    full = sys.getsizeof(toy._undo)
    toy.commit(mark)
    assert sys.getsizeof(toy._undo) == full and log_is_empty(toy)
    mark = toy.begin()
    _busy_move(toy, 1)
    trial = toy.mark()
    _busy_move(toy, 49)
    toy.rollback(trial)  # a trial undone: the log is cut to a tiny part of its room
    assert sys.getsizeof(toy._undo) == full and toy.mark() == trial
    _busy_move(toy, 49)
    toy.commit(mark)
    assert sys.getsizeof(toy._undo) == full and log_is_empty(toy)


def test_nested_rollbacks_in_a_reused_buffer_undo_exactly_their_own_entries():
    """After a long move committed, the next move's entries land in slots that held others: a
    rollback reads the log's own entries only (not what a slot held before, nor an entry of a
    different size that an undone trial wrote there), at every depth."""
    toy = Toy(seed=5)
    mark = toy.begin()
    _busy_move(toy, 20)
    toy.commit(mark)
    before = _snapshot(toy)
    outer = toy.begin()
    toy.add_vp(toy.seat, 2)  # 3 slots
    after_vp = _snapshot(toy)
    inner = toy.begin()
    notes: list[str] = []
    toy.note(notes, "x")  # 2 slots, undone below, then written over by larger entries
    toy.put(toy.pile, "d")
    toy.rollback(inner)
    assert _snapshot(toy) == after_vp and notes == [] and toy.mark() == inner
    toy.shift(0, 1, 3)  # 4 slots over the undone 2 + 2
    toy.set(toy.seat, "level", 4)
    deeper = toy.begin()
    toy.take(toy.pile, 2)
    toy.level_up(toy.seat)
    toy.rollback(deeper)
    toy.commit(deeper)
    assert (toy.pile, toy.tokens, toy.seat.level) == (before[0], [2, 3], 4)
    assert toy.changed_since(inner) and not toy.changed_since(toy.mark())
    toy.commit(inner)
    toy.rollback(outer)
    assert _snapshot(toy) == before and not toy.changed_since(outer)
    toy.commit(outer)
    assert log_is_empty(toy)


class _Touchy:
    """An attribute that cannot be read: a signal's stand-in while an entry is being written."""

    @property
    def watched(self) -> int:
        raise KeyboardInterrupt


def test_an_entry_cut_short_is_no_part_of_the_log():
    """A signal while an entry is written leaves the log as it was before that entry: the moves
    logged before it are undone as ever (a half-written entry would be read back as another)."""
    toy = Toy()
    mark = toy.begin()
    toy.shift(0, 1, 2)
    toy.put(toy.pile, "d")
    with pytest.raises(KeyboardInterrupt):
        toy.set(_Touchy(), "watched", 1)
    with pytest.raises(KeyboardInterrupt):
        toy.note_attr(_Touchy(), "watched", 1)
    toy.rollback(mark)
    toy.commit(mark)
    assert (toy.pile, toy.tokens) == (["a", "b", "c"], [5, 0]) and log_is_empty(toy)


def _moved_one_by_one(toy: Toy, src: list, dst: list) -> None:
    while src:
        toy.move(src, 0, dst)


@pytest.mark.parametrize("recording", [False, True])
def test_moving_a_whole_zone_is_moving_its_items_one_by_one(recording: bool) -> None:
    """``move_all`` (a zone emptied into another, R4.1 and R8.1 in Fort) leaves both lists as
    ``while src: move(src, 0, dst)`` does and, inside a transaction, writes the same entries:
    a rollback through them, then through moves made before, restores both lists."""
    results = []
    for empty_zone in (_moved_one_by_one, lambda toy, src, dst: toy.move_all(src, dst)):
        toy = Toy()
        other: list[str] = ["x"]
        mark = toy.begin() if recording else 0
        toy.move(toy.pile, 2, other)  # "c" first: an entry before the zone's
        empty_zone(toy, toy.pile, other)
        results.append((list(toy.pile), list(other), toy._undo[:toy.mark()],
                        toy.changed_since(mark) if recording else None))
        if recording:
            toy.rollback(mark)
            assert (toy.pile, other) == (["a", "b", "c"], ["x"])
            toy.commit(mark)
            assert log_is_empty(toy)
    assert results[0] == results[1]
    assert results[1][:2] == ([], ["x", "c", "a", "b"])


def test_moving_a_zone_into_itself_is_refused_and_an_empty_one_writes_nothing():
    toy = Toy()
    mark = toy.begin()
    with pytest.raises(ValueError, match="own end"):
        toy.move_all(toy.pile, toy.pile)
    toy.move_all([], toy.pile)
    assert toy.mark() == mark and not toy.changed_since(mark) and toy.pile == ["a", "b", "c"]
    toy.commit(mark)


def test_a_move_from_any_index_is_pop_then_append_and_undoes_exactly():
    """Whatever the index (the last, amid a short tail, amid a long one), ``move`` leaves both
    lists as ``dst.append(src.pop(index))`` does, and a rollback puts the item back where it
    was."""
    for size in range(1, 12):
        for index in range(size):
            toy = Toy()
            src, dst = [f"c{i}" for i in range(size)], ["x"]
            expected_src, expected_dst = list(src), list(dst)
            expected_dst.append(expected_src.pop(index))
            mark = toy.begin()
            assert toy.move(src, index, dst) == f"c{index}"
            assert (src, dst) == (expected_src, expected_dst), (size, index)
            toy.rollback(mark)
            toy.commit(mark)
            assert (src, dst) == ([f"c{i}" for i in range(size)], ["x"]), (size, index)


class _Thing:
    """An object of the game a weak reference can watch."""


class _Seat(SeatCounts):
    """A seat a weak reference can watch."""


def test_a_commit_keeps_no_object_of_the_move_from_any_entry():
    """Every operation code, in the log and past it (a trial undone): once the move is
    committed, the objects its entries named (lists, dicts, objects, old values, items, keys,
    seats, the generator's state) are freed when the game lets them go; what stays in the buffer
    is ints and names."""
    import gc
    import weakref

    gc.disable()  # freed by their reference counts, not found later by the collector
    try:
        toy = Journal(seed=3)
        toy.tokens = [5, 0]
        watched: list[weakref.ref] = []

        def thing() -> _Thing:
            made = _Thing()
            watched.append(weakref.ref(made))
            return made

        def move(trial: bool) -> None:
            if trial:  # longer than the move after it: slots past its log keep the trial's
                move(False)
            holder, table = thing(), {thing(): 1}
            holder.attr = thing()
            seat = _Seat()
            watched.append(weakref.ref(seat))
            zone, other = [thing(), thing()], []
            toy.move(zone, 0, other)  # _MOVE
            toy.shift(0, 1, 2)  # _ADD
            toy.set(holder, "attr", thing())  # _SETATTR: the old value
            toy.note_attr(holder, "attr", thing())  # _NOTE_ATTR
            toy.put(zone, thing())  # _POP
            toy.take(zone, 0)  # _INSERT: the item
            toy.note(other, thing())  # _NOTE
            key = next(iter(table))
            toy.note_item(table, key, thing())  # _SETITEM: the key and the old value
            toy.note_item(table, thing(), 2)  # _DELITEM
            toy.add_vp(seat, 1)  # _VP
            toy.level_up(seat)  # _LEVEL
            toy.chance(D6)  # _RNG
            if trial:
                toy.rollback(0)
                assert toy._undo[toy._high - 1] is not None

        mark = toy.begin()
        inner = toy.begin()
        move(True)  # a trial undone: its slots past the log
        toy.commit(inner)
        move(False)
        toy.commit(mark)
        assert watched and all(ref() is None for ref in watched)
        assert log_is_empty(toy)
    finally:
        gc.enable()
