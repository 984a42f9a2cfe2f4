"""The journal operations the flow needs (design §2.2, §5.1): every change of flow state goes
through them, so that a search can try an answer and roll it back like any other move.

The core's :class:`fortlang.engine.journal.Journal` (the base of every game's table, Fort's
``Game`` included) satisfies this protocol, which says what the flow uses of it. The compiled
runtime takes that class itself (its methods are then native calls): ``flow/`` imports nothing
of the engine but its choices and its journal (``tests/test_flow_undo.py`` runs the flow on
Fort's table).
"""

from __future__ import annotations

from typing import Any, Protocol

from fortlang.engine.choices import Decision


class Journal(Protocol):
    """An undo log with nestable transactions, and the engine's way of asking a decision."""

    def begin(self) -> int:
        """Open a transaction; returns the mark to roll back or commit to."""
        ...

    def commit(self, mark: int) -> None: ...

    def rollback(self, mark: int) -> None:
        """Undo every change recorded since ``mark``."""
        ...

    def set(self, obj: Any, attr: str, value: Any) -> None:
        """``obj.attr = value``, undoably."""
        ...

    def take(self, lst: list, index: int) -> Any:
        """Remove and return ``lst[index]``, undoably."""
        ...

    def put(self, lst: list, item: Any) -> None:
        """Append ``item`` to ``lst``, undoably."""
        ...

    def ask(self, decision: Decision) -> int:
        """The index of the option ``decision.player`` chooses (the game's asker answers;
        the journal checks and logs it)."""
        ...
