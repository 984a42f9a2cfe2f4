"""Running many games in chunks, in one process, a pool or Ray tasks: game ``i`` is seeded from
``(seed, i)``, its bots sit in the lineup rotated by ``i`` (so each bot sits in each seat
equally often), and chunks are merged in order, so the results do not depend on the number of
workers or on the backend."""

from __future__ import annotations

import dataclasses
import json
import pickle
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fortlang.agents.bots import seat_bots
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.gains import resource_rate
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import board_of
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.sim.pull import GameState, play
from fortlang.games.fort.sim.stats import Aggregate, kinds_of
from fortlang.games.fort.table import Game
from fortlang.model import CardSet
from fortlang.sim.replay import FORMAT, StateTrace, game_seed, log_format, record


@dataclass(frozen=True)
class Job:
    cardset: CardSet  # the sets played, combined (fortlang.cardset.table.combine)
    seed: int
    start: int
    stop: int
    players: int
    bots: tuple[str, ...]
    draft: bool = False
    debug: bool = False
    log: bool = False
    sets: tuple[dict[str, str], ...] = ()  # each set's id, version and hash, for the log

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Unpickling a plugin's card imports the plugin's module by name, through sys.path: a
        # fresh worker (Ray, spawn) loads the plugins from their distributions first.
        fields = tuple(getattr(self, f.name) for f in dataclasses.fields(self))
        return (_unpickle_job, (self.cardset.manifest.uses,
                                pickle.dumps(fields, pickle.HIGHEST_PROTOCOL)))


def _unpickle_job(uses: tuple[str, ...], data: bytes) -> Job:
    """A job in a worker: the vocabulary plugins its sets use are loaded (fortlang.plugins, from
    the distributions that declare them), then its cards are unpickled."""
    if uses:
        from fortlang.plugins import vocabulary

        vocabulary(uses)
    return Job(*pickle.loads(data))


@dataclass
class ChunkResult:
    start: int
    stop: int
    aggregate: Aggregate
    lines: list[str] = field(default_factory=list)  # JSONL replays, when logging
    failure: dict | None = None  # the failing game's partial replay and error


class _Seen:
    """Keeps the game set up (a failing game's log is saved) and passes it on to a trace."""

    def __init__(self, trace: StateTrace | None) -> None:
        self.trace = trace
        self.game: Game | None = None

    def attach(self, game: Game) -> None:
        self.game = game
        if self.trace is not None:
            self.trace.attach(game)


def run_chunk(job: Job) -> ChunkResult:
    cardset = job.cardset
    if cardset.manifest.uses:  # a fresh worker (Ray, spawn) has not loaded the set's plugins
        from fortlang.plugins import vocabulary

        vocabulary(cardset.manifest.uses)
    agg = Aggregate(rate=resource_rate(board_of(cardset)), kinds=kinds_of(cardset))
    lines: list[str] = []
    for index in range(job.start, job.stop):
        seed = game_seed(job.seed, index)
        bots = seat_bots(job.bots, job.players, index)
        trace = StateTrace() if job.log else None
        seen = _Seen(trace)
        try:
            agents = make_bots(bots, job.players, seed)
            searching = False  # (a loop: no generator made a game)
            for a in agents:
                if hasattr(a, "choose_in"):
                    searching = True
                    break
            if searching:
                # a search bot steps clones of the game: driven from outside, the pull API
                out = play(GameState(cardset, job.players, seed=seed, draft=job.draft,
                                     debug=job.debug, trace=seen, turns=run_game), agents)
            else:  # the engine's own loop asks the bots (the same questions, no greenlet hop)
                game, first = new_game(cardset, job.players, seed=seed, agents=agents,
                                       draft=job.draft, debug=job.debug, trace=seen)
                # the figures read no log, holdings or end state: made only for a logged game
                out = run_game(cardset, job.players, agents, seed=seed, game=game, first=first,
                               figures_only=not job.log)
        except Exception as e:  # noqa: BLE001 - reported with a replay file, never swallowed
            seated = seen.game
            failure = {"format": log_format(seated.log) if seated else FORMAT, "game": index,
                       "seed": seed, "players": job.players,
                       "bots": bots, "draft": job.draft, "sets": list(job.sets),
                       "decisions": [[k, i] for k, i in seated.log] if seated else [],
                       "error": f"{type(e).__name__}: {e}",
                       "traceback": traceback.format_exc()}
            return ChunkResult(job.start, index, agg, lines, failure)
        agg.add(out, bots)
        if job.log:
            assert trace is not None
            lines.append(json.dumps(record(out, index=index, players=job.players, bots=bots,
                                           draft=job.draft, trace=trace.digest,
                                           sets=list(job.sets))))
    return ChunkResult(job.start, job.stop, agg, lines)


def jobs(games: int, chunk: int, **kw) -> Iterator[Job]:
    for start in range(0, games, chunk):
        yield Job(start=start, stop=min(start + chunk, games), **kw)
