"""Running scenarios: build the `given` table, make the `when` moves, compare the `then`.

A scenario passes when every listed field matches and the expected rules violation (if any)
happened with that rule. A move the scenario cannot make (an unanswered choice, a card that is
not there) fails it with the reason; it never raises.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fortlang.errors import Diagnostic, FortError
from fortlang.scenario.agent import ScenarioAgent
from fortlang.scenario.expect import Diff, compare
from fortlang.scenario.format import Scenario, load_file
from fortlang.scenario.given import build_table
from fortlang.scenario.moves import MoveFailed, make_moves
from fortlang.walk import find_files

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Outcome:
    scenario: Scenario
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


def run_scenario(scenario: Scenario) -> Outcome:
    agents = [ScenarioAgent(seat) for seat in range(scenario.n_players)]
    game = build_table(scenario, agents)
    message = None
    try:
        make_moves(game, agents, scenario.moves)
        if scenario.error is not None:
            message = f"expected a move to break {scenario.error}, but every move was legal"
    except MoveFailed as e:
        where = f"line {e.move.line} `{e.move.says}`"
        if e.rule is None:
            message = f"{where} cannot be made: {e}"
        elif scenario.error is None:
            message = f"{where} breaks {e.rule}: {e}"
        elif e.rule != scenario.error:
            message = (f"{where} breaks {e.rule}, expected {scenario.error}: "
                       f"{str(e).splitlines()[0]}")
    return Outcome(scenario, tuple(compare(scenario.expect, game)), message)


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)
    errors: list[FortError] = field(default_factory=list)  # files that could not be read

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for e in self.errors for d in e.diagnostics]

    @property
    def passed(self) -> int:
        return sum(o.passed for o in self.outcomes)

    @property
    def failed(self) -> int:
        """Failed scenarios, plus one per file that could not be read."""
        return len(self.outcomes) - self.passed + len(self.errors)

    @property
    def ok(self) -> bool:
        return self.failed == 0


def scenario_files(paths: Iterable[Path | str]) -> Iterator[Path | FortError]:
    """The files named, and the scenario files under the folders named, sorted (a link out of
    a folder or a folder that cannot be read is an error instead; see fortlang.walk)."""
    for path in map(Path, paths):
        if path.is_dir():
            found = find_files(path, lambda name: name.endswith(SUFFIXES))
            yield from (FortError(d) for d in found.diagnostics)
            yield from found.files
        else:
            yield path


def run_paths(paths: Iterable[Path | str]) -> Iterator[Outcome | FortError]:
    """Each scenario's outcome as it runs, or a file's diagnostics instead of its scenarios."""
    for path in scenario_files(paths):
        if isinstance(path, FortError):
            yield path
            continue
        try:
            scenarios = load_file(path)
        except FortError as e:
            yield e
            continue
        for scenario in scenarios:
            try:
                yield run_scenario(scenario)
            except Exception as e:  # an engine bug fails this scenario, the others still run
                yield Outcome(scenario, message=f"internal error: {type(e).__name__}: {e}")
