"""Performing an action outside a play, on any game's table (issue 33: one core, games as
modules): whether it can be done (:func:`can_perform`, the table left as it was), and doing it
(:func:`perform`), each move in one transaction of the table's journal (:func:`transaction`).

The table is a :class:`~fortlang.engine.journal.Journal`: Fort's table (DIY, R15; scenarios)
or a game module's own (Pig's ``PigTable``), whose primitives' effects the interpreter runs
(engine/program.py ``Declared``).
Fort's plays (games/fort/play.py) run their moves through :func:`transaction` too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fortlang import nodes as n
from fortlang.engine.interpreter import (
    Cont,
    Ctx,
    Step,
    drive,
    new_ctx,
    search,
    text,
    then_step,
)
from fortlang.engine.journal import Journal
from fortlang.engine.program import program, reads_moved_cards


class Wanted(Cont):
    """The end of an action performed outside a play: in full if ``full`` (else in part is
    enough)."""

    def __init__(self, full: bool) -> None:
        self.full = full

    def go(self, done: bool) -> bool:
        return done or not self.full

    def __call__(self, done: bool) -> bool:  # defined here: see program._Cont
        return self.go(done)

    def fails_short(self) -> bool:
        return self.full

    def key(self, keep: dict[int, Any]) -> object:
        return (Wanted, self.full)


def transaction(ctx: Ctx, move: Step | Callable[[], bool]) -> bool:
    """Run ``move`` for real in one transaction, under its driver: committed when it returns,
    undone if it raises (an agent's error, a scenario's refusal), so the table is never left
    half-moved."""
    table = ctx.table
    mark = table.begin()
    try:
        ok = drive(ctx, then_step(move), 0)
    except BaseException:
        table.unwind(mark, close=True)
        raise
    table.commit(mark)
    return ok or ctx.chanced  # past a chance point, a move stands however it ends (§4.2)


def debug_check(table: Journal) -> None:
    """The table's invariants (its game's :meth:`Journal.check_invariants`), in debug only."""
    if table.debug:
        table.check_invariants()


def can_perform(table: Journal, seat: int, action: n.Action, *, full: bool = True) -> bool:
    """Whether ``seat`` can perform ``action`` (in full, or at all); the table is unchanged."""
    ctx = new_ctx(table, seat, leader=True)
    op = program(action)
    ctx.alike = not reads_moved_cards([op])
    return search(ctx, lambda: op.run(ctx, Wanted(full)))


def execute(table: Journal, seat: int, start: Callable[[Ctx], bool], *, leader: bool,
            can_fail: bool = True) -> bool:
    """Search for a legal completion of ``start`` first (unless nothing can fail); then run it
    for real, asking the agents."""
    ctx = new_ctx(table, seat, leader=leader)
    if can_fail and not search(ctx, lambda: start(ctx)):
        return False
    real = new_ctx(table, seat, leader=leader)
    ok = transaction(real, lambda: start(real))
    debug_check(table)
    return ok


def perform(table: Journal, seat: int, action: n.Action, *, full: bool = True,
            leader: bool = True) -> bool:
    """Perform ``action`` for ``seat``, asking its agent at every choice point. With ``full``
    it must be performed in full (R6.2); returns False, changing nothing, if it cannot. Used for
    Fort's DIY (``advance +1``, R15) and scenarios, and for a game module's cards; ``leader``
    enables Fort's "on your turn" perks."""
    def start(ctx: Ctx) -> bool:
        op = program(action)
        ctx.context = text(action)
        ctx.safe = not full  # in part, nothing can fail
        ctx.alike = not reads_moved_cards([op])
        return op.run(ctx, Wanted(full))

    return execute(table, seat, start, leader=leader, can_fail=full)
