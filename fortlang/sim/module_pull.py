"""The pull API for a game module (issue 34 item 4): one game of any module, stepped from
outside as Fort's :class:`fortlang.games.fort.sim.pull.GameState` is.

    state = ModuleState(game, cardset, 5, seed=7)
    while not state.is_terminal():
        d = state.decision()              # whose choice, what kind, the legal options
        state.apply_action(pick(d))       # an index, an option, or an option's value
    state.returns()                       # 1 for a sole winner, 1/k each for k tied, else 0

The module's ``run`` (:attr:`fortlang.module.GameModule.run`) plays the game in a greenlet whose
asker is a bridge (:mod:`fortlang.sim.bridge`): nothing of the module changes to be stepped.
The bridge also keeps the table it is asked from (:attr:`ModuleState.table`, read-only by
contract). :meth:`ModuleState.clone` replays the answers from the seed (a module's loop has no
checkpoint to resume from); chance points are drawn from the table's seeded generator, as a
simulated game draws them (``chance="explicit"`` is Fort's only).

Returns (:meth:`ModuleState.returns`): the module's :class:`~fortlang.module.Outcome` names the
winners; each of k winners gets 1/k, every other seat 0 (the shares ``simulate`` counts).

What a seat may see, and a table it could imagine, come from the module's ``determinization``
(:attr:`fortlang.module.GameModule.determinization`, the :class:`Determinization` protocol):
:meth:`ModuleState.observation` is its ``observe``; a module that declares none has no
observation (``view`` is None, as ``simulate``'s bots are given) and no search bot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from greenlet import greenlet

from fortlang.engine.choices import Decision, IllegalMove, resolve
from fortlang.model import CardSet
from fortlang.module import GameModule, Outcome
from fortlang.sim.bridge import Bridge, Stepped, answer


@runtime_checkable
class Determinization(Protocol):
    """What a module declares for hidden information (``GameModule.determinization`` names an
    object with these methods; ``estimate`` is optional, see :func:`estimator`)."""

    def observe(self, table: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` sees of ``table``, as plain data: nothing a rule hides from it."""
        ...

    def determinize(self, table: Any, seat: int, rng: random.Random) -> None:
        """Deal again, in place, every card ``seat`` cannot see (rivals' hands, the draw pile,
        ...) at random among the tables consistent with what it sees, and reseed the table's
        generator. Lists keep their sizes and identities (a parked engine holds them); the
        deal must not depend on where the hidden cards truly are (sort them first)."""
        ...


class _Slot:
    """The table the module's engine asks from, once it has asked."""

    __slots__ = ("table", "replayed")

    def __init__(self) -> None:
        self.table: Any = None
        self.replayed = 0  # answers of the history the bridge gave


class _TableBridge(Bridge):
    """A bridge that keeps the table (a module's ``run`` makes it out of sight) and answers
    the first decisions from ``replay`` itself, without a switch to the caller and back each
    (a clone replays the whole game: the search's main cost)."""

    __slots__ = ("slot", "replay")

    def __init__(self, slot: _Slot, replay: Sequence[int]) -> None:
        self.slot = slot
        self.replay = replay

    def decide(self, game: Any, decision: Decision) -> int:
        slot = self.slot
        slot.table = game
        done = slot.replayed
        if done < len(self.replay):
            slot.replayed = done + 1
            return resolve(decision, self.replay[done])
        return Bridge.decide(self, game, decision)


def _work(run: Any, cardset: CardSet, players: int, seed: int, debug: bool, slot: _Slot,
          replay: Sequence[int]) -> Outcome:
    """The engine's side: the module's whole game, its asker a bridge to the caller."""
    outcome: Outcome = run(cardset, players, seed=seed, asker=_TableBridge(slot, replay),
                           debug=debug)
    return outcome


class ModuleState(Stepped):
    """One game of a module, stepped from outside (see the module docstring). ``history``:
    answers replayed at once; ``debug``: the table checks its invariants at every decision;
    ``run``: the game loop stepped, called as the module's ``run`` is (by default that one;
    e.g. with a table's switches bound), which clones keep."""

    _outcome: Outcome | None

    def __init__(self, game: GameModule, cardset: CardSet, players: int, *, seed: int = 0,
                 debug: bool = False, history: Sequence[int] = (), run: Any = None) -> None:
        self.module = game
        self.cardset = cardset
        self.players = players
        self.seed = seed
        self.debug = debug
        self._run = run if run is not None else game.piece("run")
        self._slot = _Slot()
        replay = tuple(history)
        self._start(greenlet(_work), self._run, cardset, players, seed, debug, self._slot,
                    replay)
        if self._slot.replayed < len(replay):
            raise IllegalMove(f"the game ended after {self._slot.replayed} of the "
                              f"{len(replay)} answers given")
        self._history = list(replay)  # answered inside the engine (see _TableBridge)

    @property
    def seats(self) -> int:
        return self.players

    def clone(self, *, checkpoints: bool = False) -> ModuleState:
        """An independent copy at the same point: the game replayed from the seed with the
        same answers (``checkpoints``: accepted as Fort's clone takes it, unused)."""
        return ModuleState(self.module, self.cardset, self.players, seed=self.seed,
                           debug=self.debug, history=self._history, run=self._run)

    def outcome(self) -> Outcome:
        return Stepped.outcome(self)  # type: ignore[no-any-return]

    @property
    def table(self) -> Any:
        """The module's table (None before its first decision), read-only by contract."""
        return self._slot.table

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` can see now, as the module declares it (its ``observe``);
        LookupError for a module that declares no determinization."""
        return determinization(self.module).observe(self.table, seat)

    def view(self, seat: int) -> dict[str, Any] | None:
        """What an agent of ``seat`` is given: its observation, or None for a module that
        declares none (``simulate``'s bots read the decision only)."""
        if not self.module.determinization:
            return None
        return self.observation(seat)


def determinization(game: GameModule) -> Determinization:
    """The module's declared :class:`Determinization`; LookupError if it declares none or
    declares something else."""
    found = game.piece("determinization")
    if not isinstance(found, Determinization):
        raise LookupError(f"game module `{game.name}`: its determinization "
                          f"`{game.determinization}` has no observe and determinize")
    return found


def estimator(hidden: Determinization) -> Any:
    """The module's ``estimate(table) -> one value per seat in [0, 1]`` (each seat's chance to
    win, guessed from an unfinished table), or None: the search bot's playouts then run to
    the end of the game."""
    return getattr(hidden, "estimate", None)


def play(state: ModuleState, agents: Sequence[Any]) -> Outcome:
    """Drive ``state`` to the end with agents (:func:`fortlang.sim.bridge.answer`: a search
    bot is given the state, any other agent its seat's view and the decision)."""
    while not state.is_terminal():
        d = state.decision()
        state.apply_action(answer(agents[d.player], state, d))
    return state.outcome()
