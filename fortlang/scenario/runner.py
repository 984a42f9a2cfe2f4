"""Running scenarios of any game: each file's scenarios, read by its game's rules
(:func:`~fortlang.scenario.games.load_scenarios`), run by them: a game module's through the
core's :func:`run_game_scenario`, a game that reads its files whole (Fort's) through its own
``run_read`` (:class:`~fortlang.scenario.rules.ScenarioRules`).

A scenario passes when every listed field matches (and, for Fort, the expected rules
violation happened with that rule). A move the scenario cannot make (an unanswered choice, a
card that is not there) fails it with the reason; it never raises.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fortlang.engine.choices import IllegalMove
from fortlang.errors import Diagnostic, FortError
from fortlang.scenario.answers import LeftOver, Script
from fortlang.scenario.games import CardFile, load_with_rules, rules_of
from fortlang.scenario.outcome import Diff, Outcome
from fortlang.scenario.rules import GameScenario
from fortlang.walk import find_files

__all__ = ["SUFFIXES", "Outcome", "Report", "compare_observed", "run_game_scenario",
           "run_paths", "scenario_files"]

SUFFIXES = (".yaml", ".yml")


def run_game_scenario(scenario: GameScenario) -> Outcome:
    """Run a game module's scenario through its scenario rules: the module makes the moves on
    its table with the core's :class:`~fortlang.scenario.answers.Script` as the asker, and
    the core compares each `then` field with what the module observed."""
    rules = rules_of(scenario.game)
    assert rules is not None and rules.run is not None  # the file was read with them
    script = Script()
    try:
        observed = rules.run(scenario, scenario.prepared, script)
        script.end()  # the last move's answers, each used
    except IllegalMove as e:
        move = script.move
        said = str(e)
        if move is not None and not isinstance(e, LeftOver):
            said = f"line {move.line} `{move.says}`: {said}"
        return Outcome(scenario, message=said)
    return Outcome(scenario, tuple(compare_observed(scenario, observed)))


_UNSEEN = object()


def compare_observed(scenario: GameScenario, observed: Any) -> Iterator[Diff]:
    """Each `then` field that differs from what was observed, with the field's line; a
    mapping compares only the keys written (`wounds: {hero: 2}` says nothing of the enemy)."""
    def walk(path: tuple[str, ...], expected: Any, got: Any) -> Iterator[Diff]:
        if isinstance(expected, dict) and isinstance(got, dict):
            for key, value in expected.items():
                yield from walk((*path, str(key)), value, got.get(key, _UNSEEN))
            return
        if got is _UNSEEN:
            got = "nothing (the game's scenario rules do not observe it)"
        elif isinstance(got, tuple):
            got = list(got)
        if expected != got:
            yield Diff(".".join(path), expected, got,
                       scenario.at("then", *path).line + 1)

    yield from walk((), dict(scenario.then), dict(observed))


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
    """The files named, and the YAML files under the folders named, sorted (a link out of
    a folder or a folder that cannot be read is an error instead; see fortlang.walk)."""
    for path, _ in _found(paths):
        yield path


def _found(paths: Iterable[Path | str]) -> Iterator[tuple[Path | FortError, bool]]:
    """Each file, and whether it was found in a folder (rather than named)."""
    for path in map(Path, paths):
        if path.is_dir():
            found = find_files(path, lambda name: name.endswith(SUFFIXES))
            yield from ((FortError(d), True) for d in found.diagnostics)
            yield from ((f, True) for f in found.files)
        else:
            yield path, False


def run_paths(paths: Iterable[Path | str]) -> Iterator[Outcome | FortError]:
    """Each scenario's outcome as it runs, or a file's diagnostics instead of its scenarios.
    A set folder's card files and manifest are skipped; named on their own, they are E708."""
    for path, in_folder in _found(paths):
        if isinstance(path, FortError):
            yield path
            continue
        try:
            rules, scenarios = load_with_rules(path)
        except CardFile as e:
            if not in_folder:
                yield e
            continue
        except FortError as e:
            yield e
            continue
        for scenario in scenarios:
            try:
                if rules.run_read is not None and rules.reads_whole_files:  # its own run
                    yield rules.run_read(scenario)
                else:
                    yield run_game_scenario(scenario)
            except Exception as e:  # an engine bug fails this scenario, the others still run
                yield Outcome(scenario, message=f"internal error: {type(e).__name__}: {e}")
