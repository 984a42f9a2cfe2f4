"""Counting legality trials (issue 38), for tests and bench/count_trials.py.

A trial is one search started outside a search: an option tried at a choice point of a move
made for real (``interpreter.decide_at``: the follow step, the order, the boost, a card move, a
payment...), or a whole move searched (``interpreter.search``: a card's legality before it is
offered, ``why_not_by_search``; ``can_perform``). Searches nested inside a trial are its own
work, counted as the options it took (``Point.next``).

Counted by patching the interpreter's functions: only on the sources (a compiled module calls
its functions directly and never reads the patch).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from fortlang.engine import interpreter
from fortlang.games.fort import play as fort_play


class Tally:
    """Trials and the work they did, by where they started (who: ``lead``, ``follow`` or
    ``move``; the decision's kind; its step's class) and by what was tried."""

    def __init__(self) -> None:
        self.trials: Counter[str] = Counter()
        self.work: Counter[str] = Counter()  # options taken inside them (Point.next), plus one
        self.seconds: Counter[str] = Counter()  # CPU time inside them
        self.by_what: Counter[str] = Counter()
        self.outcomes: Counter[str] = Counter()  # by where, what, option and outcome
        self.kinds: Counter[str] = Counter()  # by the decision's kind alone ("search": a search)
        self.depth = 0

    def run(self, where: str, kind: str, what: str, option: str, thunk: Any) -> Any:
        if self.depth:  # nested in a trial: its work, not a trial of its own
            return thunk()
        before = interpreter._CHOICES[0]
        start = time.process_time()
        self.depth += 1
        ok = None
        try:
            ok = thunk()
            return ok
        finally:
            self.depth -= 1
            self.trials[where] += 1
            self.kinds[kind] += 1
            self.work[where] += interpreter._CHOICES[0] - before + 1
            self.seconds[where] += time.process_time() - start
            self.by_what[f"{where} | {what}"] += 1
            outcome = "legal" if ok else "excluded"
            self.outcomes[f"{where} | {what} | {option} | {outcome}"] += 1

    def total(self) -> int:
        return sum(self.trials.values())


def _what(ctx: Any, step: Any) -> str:
    """What a trial tries: the public action followed, the card played and what is being done
    (the decision's context, as an agent is told), or the move's context."""
    rnd = getattr(step, "rnd", None)
    if rnd is not None:  # a follower's options
        return f"follow {interpreter.text(rnd.played.public)}"
    play = getattr(ctx, "play", None)
    context = ctx.context or ""
    if play is not None:
        return f"{play.card.name}: {context.split(': ', 1)[-1]}" if context else play.card.name
    return context


def _label(step: Any, i: int) -> str:
    try:
        return str(step.options()[i].label)
    except Exception:  # noqa: BLE001 (a label only to read: a step may have none)
        return "?"


@contextmanager
def counting() -> Iterator[Tally]:
    """Count the trials run inside the block."""
    tally = Tally()
    drive = interpreter.drive
    search = interpreter.search

    def counted_drive(ctx: Any, step: Any, i: int) -> bool:
        caller = sys._getframe(1)
        # decide_at with no driver yet starts the move's own driver: not a trial
        if caller.f_code.co_name == "decide_at" and ctx.points is not None:
            kind = str(caller.f_locals["kind"])
            who = "lead" if ctx.play is not None else "follow" if not ctx.leader else "move"
            where = f"{who}: {kind} ({type(step).__name__})"
            return tally.run(where, kind, _what(ctx, step), _label(step, i),
                             lambda: drive(ctx, step, i))
        return drive(ctx, step, i)

    def counted_search(ctx: Any, thunk: Any) -> bool:
        caller = sys._getframe(1).f_code.co_name
        what = ctx.play.card.name if caller == "why_not_by_search" else ""
        return tally.run(f"search ({caller})", "search", what, "", lambda: search(ctx, thunk))

    interpreter.drive = counted_drive
    interpreter.search = counted_search
    fort_play.search = counted_search
    try:
        yield tally
    finally:
        interpreter.drive = drive
        interpreter.search = search
        fort_play.search = search


def calls_to(module: Any, name: str, run: Callable[[], Any]) -> tuple[int, Any]:
    """How many times ``module.name`` was called while ``run()`` ran, and what it returned
    (the function patched for the call: on the sources only, as the trials)."""
    calls = [0]
    fn = getattr(module, name)

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return fn(*args)

    setattr(module, name, counted)
    try:
        result = run()
    finally:
        setattr(module, name, fn)
    return calls[0], result
