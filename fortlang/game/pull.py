"""The pull API (issue 13 item 4), in the OpenSpiel manner: a game you step from outside.

    state = GameState(base_set(), 4, seed=7)
    while not state.is_terminal():
        d = state.decision()              # whose choice, what kind, the legal options
        state.apply_action(pick(d))       # an index, an option, or an option's value
    state.returns()                       # R11.3: 1 for a sole winner, shared when tied

Agents live outside: nothing is asked from inside the engine's recursion. ``legal_actions()``
are :class:`~fortlang.engine.choices.Option` values that say what they do (``("park",
"bug")``, ``Resource.TOY``, ...); ``excluded()`` names the rule that excludes each dropped
option. ``observation(seat)`` is plain data without what that seat cannot see (rivals' hands
and made-up rules, every deck's order). Chance is the game's one seeded generator: the same
seed and answers give the same game, so :meth:`GameState.clone` is the game replayed from its
seed and answers (a copy that then goes its own way).

How: the rules engine decides legality by trying each option to the end of the move inside its
undo log, so a decision is a point deep inside a search. Each game runs its engine in a worker
thread that parks at every decision until :meth:`apply_action` answers; exactly one of the two
threads runs at a time, so there is no concurrent access. A state that is dropped stops its
worker (the engine unwinds its transactions).
"""

from __future__ import annotations

import queue
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fortlang.engine.choices import Decision, IllegalMove, Option, resolve
from fortlang.engine.state import Game
from fortlang.engine.view import GameView
from fortlang.game.match import Outcome, run_game
from fortlang.game.setup import new_game
from fortlang.model import CardSet
from fortlang.nodes import TOKENS

#: ``current_player()`` once the game is over (OpenSpiel's convention).
TERMINAL = -4


class _Stop(BaseException):
    """Raised inside a parked worker to unwind it (a BaseException: no engine code catches it,
    and its ``finally`` clauses roll back open transactions)."""


@dataclass(frozen=True)
class _Done:
    outcome: Outcome | None
    error: BaseException | None = None


class _Bridge:
    """The agent every seat has inside the worker: hands the decision out and waits."""

    def __init__(self, out: queue.SimpleQueue, inp: queue.SimpleQueue) -> None:
        self.out = out
        self.inp = inp

    def choose(self, view: Any, decision: Decision) -> int:
        self.out.put(decision)
        answer = self.inp.get()
        if answer is _STOP:
            raise _Stop
        return answer


_STOP = object()


def _stop(inp: queue.SimpleQueue, thread: threading.Thread, done: list[bool]) -> None:
    if thread.is_alive() and not done[0]:
        inp.put(_STOP)
        thread.join()


@dataclass(frozen=True)
class Config:
    cardset: CardSet
    players: int
    seed: int
    draft: bool
    debug: bool


class GameState:
    """One game of Fort, stepped from outside (see the module docstring)."""

    def __init__(self, cardset: CardSet, players: int, *, seed: int = 0, draft: bool = False,
                 debug: bool = False, history: Sequence[int] = (), trace: Any = None) -> None:
        """``trace``: attached to the game at set-up, as :func:`new_game` takes it (e.g. a
        replay's :class:`~fortlang.game.replay.StateTrace`)."""
        self.config = Config(cardset, players, seed, draft, debug)
        self._out: queue.SimpleQueue = queue.SimpleQueue()
        self._inp: queue.SimpleQueue = queue.SimpleQueue()
        self._history: list[int] = []
        self._pending: Decision | None = None
        self._outcome: Outcome | None = None
        self._finished = [False]
        holder: list[Any] = []
        self._holder = holder
        self._thread = threading.Thread(target=self._work, args=(self.config, self._out,
                                                                 self._inp, holder, trace),
                                        daemon=True, name=f"fort-game-{seed}")
        self._thread.start()
        weakref.finalize(self, _stop, self._inp, self._thread, self._finished)
        self._wait()
        for index in history:
            self.apply_action(index)

    @staticmethod
    def _work(config: Config, out: queue.SimpleQueue, inp: queue.SimpleQueue,
              holder: list[Any], trace: Any) -> None:
        """The worker: an ordinary game whose agents are bridges to the caller."""
        bridge = _Bridge(out, inp)
        agents = [bridge] * config.players
        try:
            game, first = new_game(config.cardset, config.players, seed=config.seed,
                                   agents=agents, draft=config.draft, debug=config.debug,
                                   trace=_Holder(holder, trace))
            holder[:] = [game, first]  # set-up is over (R2): the first player is known
            outcome = run_game(config.cardset, config.players, agents, seed=config.seed,
                               game=game, first=first)
        except _Stop:
            return
        except BaseException as e:  # noqa: BLE001 - handed to the caller, re-raised there
            out.put(_Done(None, e))
            return
        out.put(_Done(outcome))

    def _wait(self) -> None:
        message = self._out.get()
        if isinstance(message, _Done):
            self._finished[0] = True
            self._pending = None
            self._thread.join()
            if message.error is not None:
                raise message.error
            self._outcome = message.outcome
        else:
            self._pending = message

    # -- the API ---------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self._pending is None

    def current_player(self) -> int:
        """The seat whose decision it is, or TERMINAL."""
        return TERMINAL if self._pending is None else self._pending.player

    def decision(self) -> Decision:
        """The pending decision: player, kind, legal options, context, excluded options."""
        if self._pending is None:
            raise IllegalMove("the game is over")
        return self._pending

    def legal_actions(self) -> tuple[Option, ...]:
        return () if self._pending is None else self._pending.options

    def excluded(self) -> tuple[tuple[str, str], ...]:
        """The options the rules exclude here, each with the rule that excludes it."""
        return () if self._pending is None else self._pending.excluded

    def apply_action(self, action: Any) -> None:
        """Answer the pending decision with an option's index, the option itself, or its value
        or label (:func:`~fortlang.engine.choices.resolve`: an excluded option raises
        :class:`IllegalMove` naming its rule)."""
        decision = self.decision()
        if isinstance(action, Option):
            index = decision.options.index(action) if action in decision.options else -1
            if index < 0:
                raise IllegalMove(f"{action.label!r} is not an option:\n{decision.describe()}",
                                  decision=decision)
        else:
            index = resolve(decision, action)
        self._history.append(index)
        self._inp.put(index)
        self._wait()

    def history(self) -> tuple[int, ...]:
        """Every answer so far, in order: with the configuration, the whole game."""
        return tuple(self._history)

    def clone(self) -> GameState:
        """An independent copy at the same point (the game replayed from seed and answers)."""
        c = self.config
        return GameState(c.cardset, c.players, seed=c.seed, draft=c.draft, debug=c.debug,
                         history=self._history)

    def outcome(self) -> Outcome:
        if self._outcome is None:
            raise IllegalMove("the game is not over")
        return self._outcome

    def returns(self) -> tuple[float, ...]:
        """Per seat: 1 for a sole winner, 1/k each for k tied winners (R11.3), else 0; all 0
        before the end."""
        if self._outcome is None:
            return (0.0,) * self.config.players
        won = self._outcome.winners
        return tuple(1.0 / len(won) if s in won else 0.0 for s in range(self.config.players))

    @property
    def game(self) -> Game:
        """The engine's state, read-only by contract (a parked worker is not touching it)."""
        return self._holder[0]

    @property
    def first(self) -> int | None:
        """The first player's seat (R2.1), once set-up (the draft included) is over."""
        return self._holder[1] if len(self._holder) > 1 else None  # type: ignore[return-value]

    def view(self, seat: int) -> GameView:
        """What ``seat``'s agent sees now (the live read-only view agents are given)."""
        return GameView(self.game, seat)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` can see, as plain data (card ids, counts): rivals' hands and made-up
        rules are hidden, decks are sizes only."""
        return observe(self.game, seat)

    def close(self) -> None:
        """Stop the worker now (a dropped state is stopped when collected)."""
        _stop(self._inp, self._thread, self._finished)
        self._pending = None


class _Holder:
    """A trace for :func:`new_game` that keeps the game (the worker's state) and attaches the
    caller's trace, if any."""

    def __init__(self, holder: list[Any], trace: Any) -> None:
        self.holder = holder
        self.trace = trace

    def attach(self, game: Game) -> None:
        self.holder[:] = [game]
        if self.trace is not None:
            self.trace.attach(game)


def observe(game: Game, seat: int) -> dict[str, Any]:
    """``seat``'s observation of ``game`` (see :meth:`GameState.observation`)."""
    def ids(zone: Sequence[Any]) -> tuple[str, ...]:
        return tuple(c.card.id for c in zone)

    players = []
    for p in game.players:
        mine = p.seat == seat
        players.append({
            "seat": p.seat, "level": p.level, "vp": p.vp,
            "hand": ids(p.hand) if mine else None, "hand_size": len(p.hand),
            "deck_size": len(p.deck), "discard": ids(p.discard), "yard": ids(p.yard),
            "lookout": ids(p.lookout), "in_play": ids(p.in_play),
            "stuff": tuple(p.stuff[r] for r in TOKENS), "pack": tuple(p.pack[r] for r in TOKENS),
            "perks": tuple(k.id for k in p.perks),
            "rule": (p.rule.id if p.rule else None) if mine else None,
            "has_rule": p.rule is not None,
        })
    return {"seat": seat, "players": tuple(players), "park": ids(game.park),
            "park_deck_size": len(game.park_deck), "box": ids(game.box),
            "supply": tuple(game.supply[r] for r in TOKENS),
            "perk_row": tuple(k.id for k in game.perk_row),
            "rule_pile_size": len(game.rule_pile), "macaroni": game.macaroni}


def play(state: GameState, agents: Sequence[Any]) -> Outcome:
    """Drive ``state`` to the end with agents (``choose(view, decision) -> index``) from
    outside the engine."""
    while not state.is_terminal():
        d = state.decision()
        state.apply_action(agents[d.player].choose(state.view(d.player), d))
    return state.outcome()
