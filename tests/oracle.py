"""The oracle (issue 13 item 5): play the same game through two drivers and compare, after
every decision, the decision (seat, kind, legal options as values, excluded options with their
rules) and the whole state (``Game.snapshot()``). Test-only, outside the package; used by
tests/test_oracle.py (a sample) and bench/oracle_games.py (thousands of games).

A driver takes (cardset, players, seed, draft, agents) and returns the trace of a game: one
entry per decision, taken when the decision is asked. Today's drivers are the engine's own
turn loop (agents called from inside the engine) and the pull API (agents answering from
outside); an engine v2 plugs in as a third driver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.sim.pull import GameState
from fortlang.model import CardSet

Entry = tuple[Any, ...]
Driver = Callable[[CardSet, int, int, bool, Sequence[Any]], tuple[list[Entry], Any]]


def _entry(decision: Any, snapshot: tuple) -> Entry:
    return (decision.player, str(decision.kind), tuple(o.value for o in decision.options),
            tuple(rule for _, rule in decision.excluded), snapshot)


class _Recording:
    """Wraps an agent; records each decision it is asked with the state at that moment."""

    def __init__(self, agent: Any, trace: list[Entry], snapshot: Callable[[], tuple]) -> None:
        self.agent, self.trace, self.snapshot = agent, trace, snapshot

    def choose(self, view: Any, decision: Any) -> int:
        self.trace.append(_entry(decision, self.snapshot()))
        return self.agent.choose(view, decision)


def engine_loop(cardset: CardSet, players: int, seed: int, draft: bool,
                agents: Sequence[Any]) -> tuple[list[Entry], Any]:
    from fortlang.games.fort.setup import new_game

    trace: list[Entry] = []
    holder: list[Any] = []
    wrapped = [_Recording(a, trace, lambda: holder[0].snapshot()) for a in agents]

    class Attach:
        def attach(self, game: Any) -> None:
            holder[:] = [game]

    game, first = new_game(cardset, players, seed=seed, agents=wrapped, draft=draft,
                           trace=Attach())
    out = run_game(cardset, players, wrapped, seed=seed, game=game, first=first)
    return trace, (out.snapshot, out.log, [s.total for s in out.scores], out.perks_used)


def pull_api(cardset: CardSet, players: int, seed: int, draft: bool,
             agents: Sequence[Any]) -> tuple[list[Entry], Any]:
    state = GameState(cardset, players, seed=seed, draft=draft)
    trace: list[Entry] = []
    while not state.is_terminal():
        d = state.decision()
        trace.append(_entry(d, state.game.snapshot()))
        state.apply_action(agents[d.player].choose(state.view(d.player), d))
    out = state.outcome()
    return trace, (out.snapshot, out.log, [s.total for s in out.scores], out.perks_used)


@dataclass
class Mismatch:
    config: tuple
    step: int
    expected: Entry | None
    got: Entry | None

    def __str__(self) -> str:
        return f"{self.config}: first difference at decision {self.step}:\n  " \
               f"{self.expected!r:.400}\n  {self.got!r:.400}"


def perks_in_play(end: Any) -> set[str]:
    """The perks some player held at the end or destroyed on the way (snapshot layout of
    ``Game.snapshot()``: per player, perk ids last; then the boxed perks)."""
    snapshot = end[0]
    held = {k for player in snapshot[0] for k in player[6]}
    return held | set(snapshot[7])


def compare(cardset: CardSet, players: int, seed: int, draft: bool, bots: list[str],
            reference: Driver = engine_loop, candidate: Driver = pull_api
            ) -> tuple[Mismatch | None, int, Any]:
    """Play one game through both drivers; the first difference, the decisions compared and
    the perks in play (held or destroyed)."""
    config = (players, seed, draft, tuple(bots))
    expected, end_a = reference(cardset, players, seed, draft, make_bots(bots, players, seed))
    got, end_b = candidate(cardset, players, seed, draft, make_bots(bots, players, seed))
    for i, (a, b) in enumerate(zip(expected, got, strict=False)):
        if a != b:
            return Mismatch(config, i, a, b), i, perks_in_play(end_a)
    if len(expected) != len(got) or end_a != end_b:
        i = min(len(expected), len(got))
        return Mismatch(config, i, expected[i] if i < len(expected) else None,
                        got[i] if i < len(got) else None), i, perks_in_play(end_a)
    return None, len(expected), perks_in_play(end_a)


BOT_MIXES = (["random"], ["greedy"], ["greedy", "random"], ["random", "greedy"])


def configs(games: int, seed: int = 0):
    """``games`` configurations cycling through 2-4 players, basic and draft, bot mixes."""
    for i in range(games):
        players = 2 + i % 3
        draft = (i // 3) % 2 == 1
        bots = BOT_MIXES[(i // 6) % len(BOT_MIXES)]
        yield players, seed * 1_000_003 + i, draft, bots
