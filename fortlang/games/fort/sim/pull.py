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
seed and answers give the same game: :meth:`GameState.clone` replays them, or, on a state with
checkpoints (every clone has them), copies the game as it was at the start of the current turn
and replays only this turn's answers.

Chance points inside a move (a roll: :func:`fortlang.engine.interpreter.chance_at`) are drawn
from that generator too (``chance="sampled"``, the default, as a match draws them); with
``chance="explicit"`` each is handed to the caller instead, as OpenSpiel's chance player:
``current_player()`` is :data:`CHANCE`, ``is_chance_node()`` is true, ``chance_outcomes()``
lists the outcomes with their exact probabilities and ``apply_action`` answers one (an index,
an outcome or its value); ``history()`` and :meth:`GameState.clone` carry those answers too.
Fort's effects have no chance point.

How: the rules engine decides legality by trying each option to the end of the move inside its
undo log, so a decision is a point deep inside a search. Each game runs its engine in a greenlet
(a coroutine with its own stack) that switches back to the caller at every decision and resumes
when :meth:`GameState.apply_action` answers: one thread, no locks, a switch costs about a
microsecond. A state that is dropped (or closed) unwinds its engine with ``GreenletExit``, so
open transactions roll back. That machinery is any game's (:mod:`fortlang.sim.bridge`; a game
module's state is :class:`fortlang.sim.module_pull.ModuleState`); this module is Fort's set-up,
checkpoints and observation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from greenlet import greenlet

from fortlang.engine.choices import IllegalMove
from fortlang.games.fort.match import Outcome, Progress, run_game
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.table import Game
from fortlang.games.fort.view import GameView
from fortlang.model import CardSet
from fortlang.sim.bridge import (
    CHANCE_MODES,
    TERMINAL,
    Bridge,
    ChanceNode,
    Stepped,
    answer,
    chance_mode,
    watch,
)

#: Re-exported: the shared machinery lives in :mod:`fortlang.sim.bridge` (every game's pull
#: API), Fort's callers import it from here.
__all__ = ["CHANCE_MODES", "TERMINAL", "ChanceNode", "Config", "GameState", "answer", "observe",
           "play", "watch"]
_Bridge = Bridge
_chance_mode = chance_mode

@dataclass(frozen=True)
class Config:
    cardset: CardSet
    players: int
    seed: int
    draft: bool
    debug: bool
    chance: str = "sampled"


@dataclass
class _Slots:
    """What the engine's side shares with the state: the game once set up, the first player,
    and the checkpoint taken at the start of the latest turn."""

    checkpoints: bool = False  # copy the game at every turn start (cheap clones; ~25% slower)
    game: Game | None = None
    first: int | None = None
    checkpoint: tuple[Game, Progress, int] | None = None  # game copy, progress, decisions so far

    def keep(self, game: Game, progress: Progress) -> None:
        if self.checkpoints:
            self.checkpoint = (game.copy(), progress.copy(), len(game.log))


def _work(config: Config, slots: _Slots, trace: Any, turns: Callable[..., Outcome]) -> Outcome:
    """The engine's side: an ordinary game whose asker is a bridge to the caller (no agents:
    the game's asker answers, see run_game)."""
    game, first = new_game(config.cardset, config.players, seed=config.seed, asker=_Bridge(),
                           draft=config.draft, debug=config.debug,
                           trace=_Holder(slots, trace, config.chance == "explicit"))
    slots.first = first  # set-up is over (R2): the first player is known
    return turns(config.cardset, config.players, (), seed=config.seed, game=game,
                 first=first, on_turn=slots.keep)


def _work_from(config: Config, slots: _Slots, game: Game, progress: Progress) -> Outcome:
    """The engine's side of a clone: the turn loop resumed at a checkpoint."""
    game.asker = _Bridge()
    slots.game, slots.first = game, progress.first
    return run_game(config.cardset, config.players, (), seed=config.seed, game=game,
                    first=progress.first, progress=progress, on_turn=slots.keep)


def _work_on(config: Config, slots: _Slots, game: Game, program: Callable[[Game], Any]) -> Any:
    """The engine's side of :meth:`GameState.on_table`: the program on a table set up elsewhere."""
    game.asker = _Bridge()
    slots.game = game
    return program(game)


class GameState(Stepped):
    """One game of Fort, stepped from outside (see the module docstring)."""

    _outcome: Outcome | None

    def __init__(self, cardset: CardSet, players: int, *, seed: int = 0, draft: bool = False,
                 debug: bool = False, history: Sequence[int] = (), trace: Any = None,
                 turns: Callable[..., Outcome] = run_game, checkpoints: bool = False,
                 chance: str = "sampled") -> None:
        """``trace``: attached to the game at set-up, as :func:`new_game` takes it (e.g. a
        replay's :class:`~fortlang.sim.replay.StateTrace`); ``turns``: the turn loop run
        after set-up, called as :func:`~fortlang.games.fort.match.run_game` is; ``checkpoints``:
        keep a copy of the game at every turn start, so that :meth:`clone` copies instead of
        replaying (clones always keep them: a search clones a clone many times); ``chance``:
        ``"sampled"`` or ``"explicit"`` (see the module docstring)."""
        self.config = Config(cardset, players, seed, draft, debug, _chance_mode(chance))
        self._start(greenlet(_work), self.config, _Slots(checkpoints), trace, turns)
        for index in history:
            self.apply_action(index)

    @classmethod
    def on_table(cls, game: Game, program: Callable[[Game], Any], *,
                 explain: bool = False, chance: str = "sampled") -> GameState:
        """A state whose engine runs ``program(game)`` on a table set up elsewhere (a
        scenario's `given`, fortlang.scenario) instead of a whole game: its decisions are
        pulled as usual; :meth:`outcome` is what the program returns, and an exception it
        raises comes out of :meth:`apply_action`. ``explain``: every decision is asked, even
        one with a single option, and lists the options the rules never offer with the rule
        that refuses each (``Game.explain``). ``chance``: as for a whole game. Such a state
        has no seed to replay: it cannot be cloned."""
        game.explain = explain
        game.chance_asked = _chance_mode(chance) == "explicit"
        state = cls.__new__(cls)
        state.config = Config(None, len(game.players), 0, False, game.debug,  # type: ignore[arg-type]
                              chance)
        state._start(greenlet(_work_on), state.config, _Slots(), game, program)
        return state

    def _start(self, runner: greenlet, config: Config, slots: _Slots,  # type: ignore[override]
               *args: Any) -> None:
        self._slots = slots
        Stepped._start(self, runner, config, slots, *args)

    @property
    def seats(self) -> int:
        return self.config.players

    def clone(self, *, checkpoints: bool = True) -> GameState:
        """An independent copy at the same point: the game copied at the start of the current
        turn and this turn's answers replayed (without checkpoints, or during set-up: the
        game replayed from the seed). ``checkpoints=False``: the copy keeps none of its own
        (a playout that is never cloned runs about 25% faster)."""
        c = self.config
        if c.cardset is None:
            raise IllegalMove("a state on a given table (GameState.on_table) cannot be cloned")
        checkpoint = self._slots.checkpoint
        if checkpoint is None:
            # A state cloned once is cloned again (a search clones at each of its decisions):
            # from its next turn on it keeps the turn's start, so later clones copy that
            # instead of replaying the whole game from the seed (issue 38).
            self._slots.checkpoints = True
            return GameState(c.cardset, c.players, seed=c.seed, draft=c.draft, debug=c.debug,
                             history=self._history, checkpoints=checkpoints, chance=c.chance)
        game, progress, done = checkpoint
        clone = GameState.__new__(GameState)
        clone.config = c
        clone._start(greenlet(_work_from), c, _Slots(checkpoints), game.copy(), progress.copy())
        clone._history = self._history[:done]
        for index in self._history[done:]:
            clone.apply_action(index)
        return clone

    def outcome(self) -> Outcome:
        return Stepped.outcome(self)  # type: ignore[no-any-return]

    @property
    def game(self) -> Game:
        """The engine's state, read-only by contract (the parked engine is not touching it)."""
        assert self._slots.game is not None
        return self._slots.game

    @property
    def first(self) -> int | None:
        """The first player's seat (R2.1), once set-up (the draft included) is over."""
        return self._slots.first

    def view(self, seat: int) -> GameView:
        """What ``seat``'s agent sees now (the live read-only view agents are given)."""
        return GameView(self.game, seat)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` can see, as plain data (card ids, counts): rivals' hands and made-up
        rules are hidden, decks are sizes only."""
        return observe(self.game, seat)

class _Holder:
    """A trace for :func:`new_game` that keeps the game (the engine's state) and attaches the
    caller's trace, if any."""

    def __init__(self, slots: _Slots, trace: Any, chance_asked: bool = False) -> None:
        self.slots = slots
        self.trace = trace
        self.chance_asked = chance_asked

    def attach(self, game: Game) -> None:
        game.chance_asked = self.chance_asked
        self.slots.game = game
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
            "stuff": p.stuff.values(), "pack": p.pack.values(),
            "perks": tuple(k.id for k in p.perks),
            "rule": (p.rule.id if p.rule else None) if mine else None,
            "has_rule": p.rule is not None,
        })
    return {"seat": seat, "players": tuple(players), "park": ids(game.park),
            "park_deck_size": len(game.park_deck), "box": ids(game.box),
            "supply": game.supply.values(),
            "perk_row": tuple(k.id for k in game.perk_row),
            "rule_pile_size": len(game.rule_pile), "macaroni": game.macaroni}


def play(state: GameState, agents: Sequence[Any], *,
         chance_rng: random.Random | None = None) -> Outcome:
    """Drive ``state`` to the end with agents (see :func:`answer`) from outside the engine;
    chance points handed out (``chance="explicit"``) are drawn from ``chance_rng`` (by
    default a generator seeded with the game's seed)."""
    watching = [(s, a) for s, a in enumerate(agents) if hasattr(a, "watch")]
    while not state.is_terminal():
        if state.is_chance_node():
            if chance_rng is None:
                chance_rng = random.Random(state.config.seed)
            state.apply_action(state.chance_node().dist.draw(chance_rng))
            continue
        if watching:
            watch(state, watching)
        d = state.decision()
        state.apply_action(answer(agents[d.player], state, d))
    return state.outcome()
