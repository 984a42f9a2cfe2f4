"""What running a scenario gives, for any game (issue 33 item 5): each `then` field that differs
(:class:`Diff`) and the scenario's :class:`Outcome`, which ``fortlang test`` prints and writes
as JSON. A game's runner (the core's for a game module's scenarios, Fort's own for Fort's)
returns them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class Named(Protocol):
    """A scenario as an outcome reports it: its name and where it is written."""

    @property
    def name(self) -> str: ...
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...


@dataclass(frozen=True)
class Diff:
    path: str
    expected: Any
    got: Any
    #: The line of the `then` field (1-based), when the comparer knows it (a game module's
    #: scenario); Fort's paths name the field instead.
    line: int | None = None

    def render(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.path}: expected {_show(self.expected)}, got {_show(self.got)}"

    def to_json(self) -> dict[str, Any]:
        out = {"path": self.path, "expected": self.expected, "got": self.got}
        if self.line is not None:
            out["line"] = self.line
        return out


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return "none" if value is None else str(value)


@dataclass(frozen=True)
class Outcome:
    scenario: Named
    diffs: tuple[Diff, ...] = ()
    message: str | None = None  # why it failed, besides the diffs

    @property
    def passed(self) -> bool:
        return not self.diffs and self.message is None

    def to_json(self) -> dict[str, Any]:
        sc = self.scenario
        return {"file": sc.file, "line": sc.line, "name": sc.name,
                "status": "passed" if self.passed else "failed",
                "message": self.message, "diffs": [d.to_json() for d in self.diffs]}
