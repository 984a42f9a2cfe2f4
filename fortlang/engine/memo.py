"""Bounded memo tables of the engine: facts worked out once per card or AST node, kept by
object identity.

A table keyed by ``id(obj)`` keeps ``obj`` alive in its entry, so an id is never reused while
the entry lives; it is emptied when full rather than growing with every card or action that a
long-lived process (a language server, a notebook loading set after set) ever sees.

>>> table = {}
>>> bounded_put(table, 1, "one")
'one'
>>> table
{1: 'one'}
"""

from __future__ import annotations

from typing import Any, Final

#: The most entries a memo table holds.
MEMO_LIMIT: Final = 4096


def bounded_put(table: dict, key: Any, value: Any, limit: int = MEMO_LIMIT) -> Any:
    """``table[key] = value``, emptying the table first when it holds ``limit`` entries (see
    MEMO_LIMIT; a table of larger values, such as a card set's kit, holds fewer)."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value
