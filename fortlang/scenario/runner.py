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

from fortlang.engine.choices import IllegalMove
from fortlang.engine.state import Game
from fortlang.errors import Diagnostic, FortError
from fortlang.scenario.agent import LeftOver, Unanswered
from fortlang.scenario.answers import Script
from fortlang.scenario.expect import Diff, compare
from fortlang.scenario.format import CardFile, Move, Scenario
from fortlang.scenario.games import load_scenarios, rules_of
from fortlang.scenario.given import build_table, deal
from fortlang.scenario.moves import Stage, program
from fortlang.scenario.rules import GameScenario
from fortlang.sim.pull import GameState
from fortlang.walk import find_files

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Outcome:
    scenario: Scenario | GameScenario
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
    """Build the `given` table, make the `when` moves through the pull API (every decision
    answered from outside by the seats' scripts), compare the `then` fields."""
    given = scenario.given.fields
    try:
        dealt = deal(scenario)  # R2: `setup` deals the table from a seed
    except IllegalMove as e:  # a pick not in its packet (R2.5)
        empty = Game(scenario.n_players, scenario.board, rules=scenario.rules)
        return Outcome(scenario, tuple(compare(scenario.expect, empty)),
                       _failure(scenario, None, e))
    if dealt is not None:
        game, first = dealt
        stage = Stage(scenario.n_players, first, bool(given.get("first_round", True)))
    else:
        game = build_table(scenario)
        stage = Stage(scenario.n_players, given.get("first_player", 1) - 1,
                      bool(given.get("first_round", False)))
    message = None
    table = game
    state: GameState | None = None
    try:
        # every question asked, with the options the rules refuse and why; every chance point
        # answered by the move's `chance:` outcomes
        state = GameState.on_table(game, program(stage, scenario.moves), explain=True,
                                   chance="explicit")
        while not state.is_terminal():
            if state.is_chance_node():
                node = state.chance_node()
                roller = node.seat if node.seat >= 0 else stage.seat
                state.apply_action(stage.agents[roller].outcome(node))
                continue
            d = state.decision()
            state.apply_action(stage.agents[d.player].choose(None, d))
        if scenario.error is not None:
            message = f"expected a move to break {scenario.error}, but every move was legal"
    except IllegalMove as e:
        if state is not None:
            state.close()  # unwinds the engine: open transactions roll back
        move = stage.move
        if e.decision is not None and e.decision.player != stage.seat:
            stage.follower = stage.agents[e.decision.player].script.move or stage.follower
        if stage.follower is not None:  # the follow is undone, the leader's play stands
            move = stage.follower
        elif not isinstance(e, LeftOver):  # a move made with answers left over stands
            table = stage.before or game  # an illegal move changes nothing
        message = _failure(scenario, move, e)
    return Outcome(scenario, tuple(compare(scenario.expect, table, stage.over,
                                           stage.progress.triggers, stage.progress.first)),
                   message)


def run_game_scenario(scenario: GameScenario) -> Outcome:
    """Run a game module's scenario through its scenario rules: the module makes the moves on
    its table with the core's :class:`~fortlang.scenario.answers.Script` as the asker, and
    the core compares each `then` field with what the module observed."""
    rules = rules_of(scenario.game)
    assert rules is not None  # the file was read with them
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


def _failure(scenario: Scenario, move: Move | None, e: IllegalMove) -> str | None:
    where = f"line {move.line} `{move.says}`" if move is not None else "the table"
    rule = None if isinstance(e, Unanswered) else e.rule
    if isinstance(e, LeftOver):
        return f"{where}: {e}"
    if rule is None:
        return f"{where} cannot be made: {e}"
    if scenario.error is None:
        return f"{where} breaks {rule}: {e}"
    if rule != scenario.error:
        return f"{where} breaks {rule}, expected {scenario.error}: {str(e).splitlines()[0]}"
    return None


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
            scenarios = load_scenarios(path)
        except CardFile as e:
            if not in_folder:
                yield e
            continue
        except FortError as e:
            yield e
            continue
        for scenario in scenarios:
            try:
                if isinstance(scenario, GameScenario):
                    yield run_game_scenario(scenario)
                else:
                    yield run_scenario(scenario)
            except Exception as e:  # an engine bug fails this scenario, the others still run
                yield Outcome(scenario, message=f"internal error: {type(e).__name__}: {e}")
