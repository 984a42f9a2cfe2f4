"""Replays: one JSON object per game (seed, players, every decision, a hash chain of the state
after every decision, the outcome), and re-executing one to check it is identical."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fortlang.agents.bots import text_seed
from fortlang.engine.choices import IllegalMove
from fortlang.engine.journal import CHANCE_KIND
from fortlang.model import CardSet

if TYPE_CHECKING:  # a type only: the outcome comes from the game's loop (GameState.outcome)
    from fortlang.games.fort.match import Outcome

#: A log's format: 1, or 2 when it holds chance outcomes (``["chance", i]`` among the
#: decisions, design §4.4), which a reader of format 1 would take for decisions. Fort's games
#: have none, so their logs are written as before.
FORMAT = 1
FORMAT_WITH_CHANCE = 2


class StateTrace:
    """A running hash of the state after every decision (cheap to compare, exact to replay)."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self.game: Any = None

    def attach(self, game: Any) -> None:
        """Hash ``game``'s ``snapshot()`` after each of its decisions (a table that takes
        snapshots: Fort's Game)."""
        self.game = game
        game.on_decision = self._step

    def _step(self, decision: Any, index: int) -> None:
        assert self.game is not None
        self._hash.update(repr(self.game.snapshot()).encode())

    @property
    def digest(self) -> str:
        return self._hash.hexdigest()


def game_seed(seed: int, index: int) -> int:
    """Game ``index`` of a run with seed ``seed``: independent of how games are split up;
    ``random.Random(f"fortlang-game:{seed}:{index}").getrandbits(63)``, derived natively
    (:func:`~fortlang.agents.bots.text_seed`, compiled)."""
    return text_seed(f"fortlang-game:{seed}:{index}", 63)


def record(out: Outcome, *, index: int, players: int, bots: list[str], draft: bool,
           trace: str, sets: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """One game's replay line; ``sets``: each set played (id, version, content hash)."""
    return {
        "format": log_format(out.log), "game": index, "seed": out.seed, "players": players,
        "bots": bots, "draft": draft, "sets": sets or [], "decisions": [[k, i] for k, i in out.log],
        "trace": trace,
        "outcome": outcome_json(out),
    }


def log_format(log: list[tuple[str, int]]) -> int:
    return FORMAT_WITH_CHANCE if any(k == CHANCE_KIND for k, _ in log) else FORMAT


def outcome_json(out: Outcome) -> dict[str, Any]:
    return {"scores": [s.total for s in out.scores], "winners": list(out.winners),
            "turns": out.turns, "triggers": out.triggers,
            "state": hashlib.sha256(repr(out.snapshot).encode()).hexdigest()}


@dataclass(frozen=True)
class Verdict:
    index: int
    identical: bool
    detail: str


def _pull_state(cardset: CardSet) -> Any:
    """The pull API state of the game of ``cardset`` (its drivers': fortlang.sim.drivers), which
    a log line of this format replays."""
    from fortlang.sim.drivers import drivers_for

    drivers = drivers_for(cardset.manifest.game)
    if drivers is None:  # fortlang.cli.replay sends a module's lines to module_replay
        raise LookupError(f"game `{cardset.manifest.game}` has no pull API of its own: its "
                          "logs replay through fortlang.cli.module_replay")
    return drivers.state


def replay(cardset: CardSet, entry: dict[str, Any]) -> Verdict:
    """Re-execute one logged game from its seed and decisions; compare every state and the end."""
    index = entry.get("game", 0) if isinstance(entry.get("game", 0), int) else 0
    trace = StateTrace()
    try:
        players = int(entry["players"])
        decisions = [(str(k), int(i)) for k, i in entry["decisions"]]
        # a failed game's replay checks every invariant, to meet its error again
        state = _pull_state(cardset)(cardset, players, seed=int(entry["seed"]),
                                     draft=bool(entry.get("draft", False)), trace=trace,
                                     debug="error" in entry)
        for kind, i in decisions:  # driven from outside, through the pull API
            if kind == CHANCE_KIND:
                continue  # drawn again from the seed, as in the game; compared below
            if state.is_terminal():
                break
            decision = state.decision()
            if kind != decision.kind or not 0 <= i < len(decision.options):
                raise IllegalMove(f"the log says {kind} #{i}, the engine asks:\n"
                                  f"{decision.describe()}", decision=decision)
            state.apply_action(i)
        if not state.is_terminal():
            pending = state.decision().describe()
            state.close()
            raise IllegalMove(f"the log ends before:\n{pending}")
        out = state.outcome()
    except Exception as e:  # noqa: BLE001 - any failure means "not identical", with the reason
        return Verdict(index, False, f"re-execution failed: {e}")
    if "outcome" not in entry:
        return Verdict(index, False, "the log has no outcome (a failed game's partial log)")
    if len(out.log) != len(entry["decisions"]):
        return Verdict(index, False, f"{len(out.log)} decisions, the log has "
                                     f"{len(entry['decisions'])}")
    if [[k, i] for k, i in out.log if k == CHANCE_KIND] != \
            [[k, i] for k, i in decisions if k == CHANCE_KIND]:
        return Verdict(index, False, "a chance outcome differs")
    if trace.digest != entry.get("trace"):
        return Verdict(index, False, "a state after some decision differs")
    if outcome_json(out) != entry["outcome"]:
        return Verdict(index, False, f"outcome differs: {outcome_json(out)}")
    return Verdict(index, True, "identical")
