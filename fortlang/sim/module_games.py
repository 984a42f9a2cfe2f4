"""``simulate`` for a game module with its own card kinds (issue 33 stage 8): games played
through the module's ``run`` (``fortlang.module.GameModule.run``), each returning an
:class:`~fortlang.module.Outcome`, and the figures every game has: wins per bot with their
95% intervals, scores, turns, and how often each card was played. Fort keeps its own, richer
figures (fortlang.sim.intervals).

Each game has its own seed (:func:`fortlang.sim.replay.game_seed`) and the lineup rotates one
seat per game (:func:`fortlang.agents.bots.seat_bots`), as for Fort, so a run's figures depend
on its seed only."""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fortlang.agents.bots import agent_seed, declared_bots, make_bot, seat_bots, worth
from fortlang.engine.choices import Decision, RandomAgent
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.model import CardSet, GameCard
from fortlang.module import GameModule, Outcome
from fortlang.nodes import Action
from fortlang.sim.intervals import wilson
from fortlang.sim.module_log import FailedGame, GameLog, Recorder
from fortlang.sim.replay import game_seed

#: The bots a module's games take: random, greedy by the declared worth of the card's action
#: (fortlang.agents.bots.worth, from each primitive's ``worth``), and the search bot
#: (``mcts[:BUDGET]``, fortlang.agents.module_mcts) for a module that declares its
#: determinization.
MODULE_BOTS = ("random", "greedy", "mcts")


class CardWorthAgent:
    """Greedy for any game: among options that name a card of the set (their value is the
    card's id), the one whose action is worth most; otherwise the first option."""

    def __init__(self, rng: random.Random | int, cards: Sequence[GameCard]) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.value = {c.id: sum((worth(t) for t in c.texts.values()
                                 if isinstance(t, Action)), 0.0) for c in cards}

    def choose(self, view: Any, decision: Decision) -> int:
        values = [self.value.get(o.value, 0.0) if isinstance(o.value, str) else 0.0
                  for o in decision.options]
        return values.index(max(values))


class ModuleSeats:
    """The asker of a module's table: the deciding seat's agent, shown the seat's view as the
    table gives it (``view(seat)``, :meth:`fortlang.engine.journal.Journal.view`), None for a
    table that gives none (the generic bots here read the decision only)."""

    def __init__(self, agents: Sequence[Any]) -> None:
        self.agents = list(agents)

    def decide(self, game: Any, decision: Decision) -> int:
        seat = decision.player
        view = getattr(game, "view", None)
        return int(self.agents[seat].choose(view(seat) if view is not None else None, decision))


def make_agent(spec: str, seed: int, cards: Sequence[GameCard],
               game: GameModule | None = None) -> Any:
    """The bot ``spec`` names (``random``, ``greedy``, ``mcts:400``): ``game``'s own when its
    module declares its bots (``GameModule.bots``: fortlang.agents.bots.make_bot), else the
    generic ones; the generic search bot needs ``game``'s determinization and plays greedy
    playouts."""
    declared = declared_bots(game) if game is not None else None
    if declared is not None:
        return make_bot(spec, seed, declared)
    name, _, budget = spec.partition(":")
    if name == "greedy":
        return CardWorthAgent(seed, cards)
    if name == "mcts":
        if game is None:  # never a silent stand-in: the caller has no pull API to give it
            raise ValueError("the search bot needs its game (and the pull API)")
        from fortlang.agents.module_mcts import ModuleMcts
        from fortlang.agents.search import Budget
        from fortlang.sim.module_pull import determinization

        return ModuleMcts(seed, lambda s: CardWorthAgent(s, cards), determinization(game),
                          Budget.parse(budget) if budget else None)
    return RandomAgent(seed)


@dataclass
class BotTally:
    seats: int = 0
    wins: float = 0.0  # a shared win counts as a share
    score: int = 0


@dataclass
class ModuleFigures:
    games: int = 0
    turns: list[int] = field(default_factory=list)
    bots: dict[str, BotTally] = field(default_factory=dict)
    plays: dict[str, int] = field(default_factory=dict)
    #: By card id: the seats (one a game) that played it at least once, and their wins (a
    #: shared win as a share); filled from games whose outcome gives ``seat_plays``.
    played_by: dict[str, int] = field(default_factory=dict)
    won_by: dict[str, float] = field(default_factory=dict)
    #: Games whose outcome gave the plays by seat.
    seat_games: int = 0

    def add(self, names: Sequence[str], out: Outcome) -> None:
        self.games += 1
        self.turns.append(out.turns)
        for seat, name in enumerate(names):
            tally = self.bots.setdefault(name, BotTally())
            tally.seats += 1
            tally.score += out.scores[seat]
            if seat in out.winners:
                tally.wins += 1 / len(out.winners)
        for card, times in out.plays.items():
            self.plays[card] = self.plays.get(card, 0) + times
        if out.seat_plays:
            self.seat_games += 1
        for seat, cards in enumerate(out.seat_plays):
            share = 1 / len(out.winners) if seat in out.winners else 0.0
            for card, times in cards.items():
                if times:
                    self.played_by[card] = self.played_by.get(card, 0) + 1
                    self.won_by[card] = self.won_by.get(card, 0.0) + share


class _Replayed:
    """An asker that answers a game's decisions with the answers it was played with."""

    def __init__(self, answers: Sequence[int]) -> None:
        self.answers = iter(answers)

    def decide(self, game: Any, decision: Decision) -> int:
        return next(self.answers)


class GameFailed(FortError):
    """A game of the run failed in the module's engine (E903, worded as Fort's): ``failed``
    is what its saved line holds (fortlang.sim.module_log.failed_line)."""

    def __init__(self, failed: FailedGame, title: str) -> None:
        super().__init__(Diagnostic(
            ERROR, "E903", f"game {failed.index} (seed {failed.seed}) failed: "
            f"{failed.error[:300]}", file="simulate",
            hint=f"the error is in the engine of {title}: report it to its module's authors"))
        self.failed = failed
        self.title = title


def play(game: GameModule, table: CardSet, *, games: int, players: int,
         bots: Sequence[str], seed: int, debug: bool = False,
         on_game: Callable[[int], None] | None = None,
         log: Callable[[GameLog], None] | None = None) -> ModuleFigures:
    """Play ``games`` games of ``game`` with the set ``table``; the figures. A module whose
    game loop cannot be had is :class:`~fortlang.games.GameError` E351; a game that fails in
    the module's engine is :class:`GameFailed` with its answers so far, after ``log`` was
    given every game played before it, with its answers (fortlang.sim.module_log)."""
    from fortlang.games import GameError, declared

    run = declared(game, "run", None, "its game loop")
    if run is None:
        raise GameError("E351", f"game module `{game.name}` declares no game loop (`run`)")
    figures = ModuleFigures()
    for index in range(games):
        names = seat_bots(list(bots), players, index)
        s = game_seed(seed, index)
        agents = [make_agent(name, agent_seed(s, seat), table.cards, game)
                  for seat, name in enumerate(names)]
        # Always recorded: a failed game's answers are saved, logging or not (as Fort's).
        asker = Recorder(ModuleSeats(agents))
        state = None  # the pull API's game, when a search bot plays
        try:  # with ``debug`` the table checks its invariants at every decision
            if any(hasattr(a, "choose_in") for a in agents):  # a search bot: the pull API
                from fortlang.sim.module_pull import ModuleState
                from fortlang.sim.module_pull import play as pull_play

                state = ModuleState(game, table, players, seed=s, debug=debug, run=run)
                out = pull_play(state, agents)
                if log is not None:  # the log's answers: the game replayed as it was played
                    asker = Recorder(_Replayed(state.history()))
                    run(table, players, seed=s, asker=asker)  # type: ignore[operator]
            else:
                out = run(table, players, seed=s, asker=asker,  # type: ignore[operator]
                          debug=debug)
        except Exception as e:  # noqa: BLE001 - an engine or module bug: saved and reported
            raise GameFailed(FailedGame(index, s, names, _answers_so_far(asker, state),
                                        f"{type(e).__name__}: {e}", traceback.format_exc()),
                             game.title("en")) from None
        figures.add(names, out)
        if log is not None:
            log(GameLog(index, s, names, asker.answers(), out))
        if on_game is not None:
            on_game(index)
    return figures


def _answers_so_far(recorder: Recorder, state: Any) -> list[list[Any]]:
    """A failed game's answers: the recorder's (with their labels) or, for a game played
    through the pull API, its table's log (kind and option: a replay takes them so)."""
    if state is not None and state.table is not None:
        return [[kind, index] for kind, index in state.table.log]
    return recorder.answers()


def describe(game: GameModule, table: CardSet, figures: ModuleFigures, *, players: int,
             bots: Sequence[str], seed: int, sets: list[dict[str, str]]) -> dict[str, Any]:
    """The figures as ``simulate --json`` prints them (stable order, no timing)."""
    turns = figures.turns
    seats = {}
    for name, t in sorted(figures.bots.items()):
        low, high = wilson(t.wins, t.seats)
        seats[name] = {"seats": t.seats, "wins": round(t.wins, 6),
                       "win_rate": round(t.wins / t.seats, 6) if t.seats else None,
                       "ci": [round(low, 6), round(high, 6)],
                       "mean_score": round(t.score / t.seats, 6) if t.seats else None}
    ids = sorted({c.id for c in table.cards})
    return {
        "game": game.name, "sets": sets, "games": figures.games, "players": players,
        "bots": list(bots), "seed": seed, "by_bot": seats,
        "turns": {"mean": round(sum(turns) / len(turns), 6) if turns else None,
                  "min": min(turns, default=None), "max": max(turns, default=None)},
        "cards": {i: {"plays": figures.plays.get(i, 0),
                      "per_game": round(figures.plays.get(i, 0) / max(1, figures.games), 6)}
                  for i in ids},
        "never_played": [i for i in ids if not figures.plays.get(i)],
    }
