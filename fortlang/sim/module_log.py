"""Logs and replays of a game module's games (issue 34 item 4, issue 33 item 5): one JSON line a
game, written by ``simulate --log`` and checked by ``replay``, generic over the module: the
game is played again through the module's own ``run`` with its answers read from the line.

A line (format :data:`FORMAT_MODULE`)::

    {"format": 3, "module": "frantic", "game": 0, "seed": 42, "players": 4,
     "bots": ["greedy", "random", ...], "sets": [{"id": ..., "version": ..., "hash": ...}],
     "answers": [["play", 2, "Blue 3"], ["chance", 5], ...],
     "outcome": {"scores": [...], "winners": [...], "turns": 211, "plays": {...}}}

Each answer is the decision's kind, the index of the option taken and that option's label, so
a replay that meets another question at that point says which answer, and what differs; a
chance outcome (``["chance", i]``, drawn from the seed) is compared as it comes again.

A game that failed in the module's engine is saved as Fort's is (games.fort.sim.batch): its line
has its answers up to the failure, ``error`` and ``traceback`` instead of ``outcome``; its
replay checks the invariants and meets the error again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fortlang.engine.choices import Decision
from fortlang.engine.journal import CHANCE_KIND
from fortlang.errors import MessageError
from fortlang.module import GameModule, Outcome

#: The format of a game module's line (Fort's lines are 1, or 2 with chance outcomes).
FORMAT_MODULE = 3
#: An option's label is logged to this many characters (enough to tell options apart; a
#: module's label may be a long action text).
LABEL_CHARS = 200


class Recorder:
    """An asker that passes every question on to ``inner`` and keeps the table it was asked
    from (its ``log`` holds the decisions and chance outcomes in order) and the label of every
    option taken."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.table: Any = None
        self.labels: list[str] = []

    def decide(self, game: Any, decision: Decision) -> int:
        self.table = game
        index = int(self.inner.decide(game, decision))
        if 0 <= index < len(decision.options):  # else the engine refuses it (Journal.ask)
            self.labels.append(decision.options[index].label[:LABEL_CHARS])
        return index

    def answers(self) -> list[list[Any]]:
        """The game's answers as a line holds them: [kind, index, label] or [chance, i]."""
        log = self.table.log if self.table is not None else []
        labels = iter(self.labels)
        return [[kind, index] if kind == CHANCE_KIND else [kind, index, next(labels, "")]
                for kind, index in log]


@dataclass(frozen=True)
class GameLog:
    """One game played, as its line records it: its index in the run, its seed, the bots in
    seat order, its answers and how it ended."""

    index: int
    seed: int
    bots: list[str]
    answers: list[list[Any]]
    outcome: Outcome


@dataclass(frozen=True)
class FailedGame:
    """A game that failed in the module's engine: its answers up to the failure and the
    error (``type: message``) with its traceback."""

    index: int
    seed: int
    bots: list[str]
    answers: list[list[Any]]
    error: str
    traceback: str


def outcome_json(out: Outcome) -> dict[str, Any]:
    return {"scores": list(out.scores), "winners": list(out.winners), "turns": out.turns,
            "plays": dict(sorted(out.plays.items()))}


def line(game: GameModule, played: GameLog, *, players: int,
         sets: Sequence[Mapping[str, str]]) -> dict[str, Any]:
    """One game's line (see the module docstring)."""
    return {"format": FORMAT_MODULE, "module": game.name, "game": played.index,
            "seed": played.seed, "players": players, "bots": list(played.bots),
            "sets": [dict(s) for s in sets], "answers": played.answers,
            "outcome": outcome_json(played.outcome)}


def failed_line(game: GameModule, failed: FailedGame, *, players: int,
                sets: Sequence[Mapping[str, str]]) -> dict[str, Any]:
    """A failed game's partial line: a line's keys, with ``error`` and ``traceback`` in
    place of ``outcome``."""
    return {"format": FORMAT_MODULE, "module": game.name, "game": failed.index,
            "seed": failed.seed, "players": players, "bots": list(failed.bots),
            "sets": [dict(s) for s in sets], "answers": failed.answers,
            "error": failed.error, "traceback": failed.traceback}


# -- replay ----------------------------------------------------------------------------------


class Diverged(MessageError):
    """The replay left the log (E810): ``answer`` is the index in ``answers`` where it did
    (-1: not at an answer), ``key`` the line's key to point at when not at an answer."""

    def __init__(self, message: str, answer: int = -1, key: str = "answers") -> None:
        super().__init__("E810", message)
        self.answer = answer
        self.key = key


class LogAsker:
    """Answers from a line's answers, in order, checking that each fits the question the game
    asks there: the same kind, an option in range, the same label."""

    def __init__(self, answers: Sequence[Sequence[Any]]) -> None:
        self.answers = answers
        self.at = 0  # the next entry of ``answers``
        self.table: Any = None

    def decide(self, game: Any, decision: Decision) -> int:
        self.table = game
        while self.at < len(self.answers) and self.answers[self.at][0] == CHANCE_KIND:
            self.at += 1  # drawn again from the seed; compared once the game is over
        if self.at >= len(self.answers):
            raise Diverged(f"the log ends, the game asks more: {_asked(decision)}",
                           len(self.answers) - 1 if self.answers else -1)
        entry, position = self.answers[self.at], self.at
        kind, index = entry[0], entry[1]
        label = entry[2] if len(entry) > 2 else None
        if kind != str(decision.kind):
            raise Diverged(f"answer {position + 1} is to a `{kind}` decision, the game asks "
                           f"{_asked(decision)}", position)
        if not 0 <= index < len(decision.options):
            raise Diverged(f"answer {position + 1} takes option {index + 1}, the game offers "
                           f"{len(decision.options)}: {_asked(decision)}", position)
        taken = decision.options[index].label[:LABEL_CHARS]
        if label is not None and label != taken:
            raise Diverged(f"answer {position + 1} took `{label}`, option {index + 1} is "
                           f"`{taken}` here: {_asked(decision)}", position)
        self.at += 1
        return int(index)


def _asked(decision: Decision) -> str:
    labels = ", ".join(f"{i}. {o.label}" for i, o in enumerate(decision.options[:12], 1))
    more = f", ... ({len(decision.options)} options)" if len(decision.options) > 12 else ""
    return f"seat {decision.player + 1}, {decision.kind}: {labels}{more}"


@dataclass(frozen=True)
class Replayed:
    """A replay that went through: the outcome it reached."""

    outcome: dict[str, Any]


def replay(game: GameModule, table: Any, entry: Mapping[str, Any]) -> Replayed:
    """Play the logged game again through the module's ``run``, answering from the line;
    :class:`Diverged` where it leaves the log (an answer that does not fit, answers left
    over, a chance outcome or the outcome that differs). ``entry`` is already bounded
    (fortlang.cli.replay)."""
    answers: Sequence[Sequence[Any]] = entry["answers"]
    asker = LogAsker(answers)
    run = game.piece("run")
    # a failed game's replay checks every invariant, to meet its error again (as Fort's)
    out = run(table, int(entry["players"]), seed=int(entry["seed"]),  # type: ignore[operator]
              asker=asker, debug="error" in entry)
    decided = sum(1 for a in answers if a[0] != CHANCE_KIND)
    asked = sum(1 for k, _ in (asker.table.log if asker.table is not None else ())
                if k != CHANCE_KIND)
    if asked < decided:
        left = [i for i, a in enumerate(answers) if a[0] != CHANCE_KIND][asked]
        raise Diverged(f"the game is over after {asked} answer(s); the log has "
                       f"{decided - asked} more", left)
    drawn = [i for k, i in (asker.table.log if asker.table is not None else ())
             if k == CHANCE_KIND]
    logged = [(position, a[1]) for position, a in enumerate(answers) if a[0] == CHANCE_KIND]
    for n, (position, outcome) in enumerate(logged):
        if n >= len(drawn) or drawn[n] != outcome:
            again = drawn[n] if n < len(drawn) else "none"
            raise Diverged(f"chance outcome {n + 1} differs: the log has {outcome}, the game "
                           f"drew {again}", position)
    if len(drawn) != len(logged):
        raise Diverged(f"the game drew {len(drawn)} chance outcome(s), the log has "
                       f"{len(logged)}")
    result = outcome_json(out)
    if result != entry.get("outcome"):
        raise Diverged(f"the outcome differs: {_diff(entry.get('outcome'), result)}",
                       key="outcome")
    return Replayed(result)


def _diff(logged: Any, again: dict[str, Any]) -> str:
    if not isinstance(logged, dict):
        return f"the log has none, the game ends with {again}"
    keys = [k for k in again if logged.get(k) != again[k]] + \
        [k for k in logged if k not in again]
    return "; ".join(f"{k}: the log has {logged.get(k)!r}, the game {again.get(k)!r}"
                     for k in keys)[:600]
