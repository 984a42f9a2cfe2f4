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
open transactions roll back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from greenlet import GreenletExit, getcurrent, greenlet

from fortlang.engine.chance import CHANCE, Distribution
from fortlang.engine.choices import Decision, IllegalMove, Option, resolve
from fortlang.engine.state import Game
from fortlang.engine.view import GameView
from fortlang.games.fort.match import Outcome, Progress, run_game
from fortlang.games.fort.setup import new_game
from fortlang.model import CardSet

#: ``current_player()`` once the game is over (OpenSpiel's convention); :data:`CHANCE` (-1) at
#: a chance point handed to the caller.
TERMINAL = -4
#: How chance points are answered: drawn from the game's generator, or by the caller.
CHANCE_MODES = ("sampled", "explicit")


@dataclass(frozen=True)
class ChanceNode:
    """A chance point handed to the caller (``chance="explicit"``): its outcomes and weights,
    what the move was doing (the action's text) and whose action rolls (-1: the table's)."""

    dist: Distribution
    context: str
    seat: int = -1

    def describe(self) -> str:
        lines = [f"chance: {self.context}" if self.context else "chance"]
        lines += [f"  {i}: {o.label} ({p})" for i, (o, p) in enumerate(self.dist.probabilities())]
        return "\n".join(lines)


class _Bridge:
    """The game's asker inside the engine (:class:`~fortlang.engine.asker.Asker`): hands each
    decision to the caller (the engine greenlet's parent) and returns its answer. It holds no
    reference to the state, so a dropped state frees its greenlet at once."""

    def decide(self, game: Game, decision: Decision) -> int:
        parent = getcurrent().parent
        assert parent is not None, "a bridge answers only inside a GameState's engine"
        return parent.switch(decision)

    def chance(self, game: Game, dist: Distribution, context: str, seat: int) -> int:
        """A chance point, when the game asks (``chance="explicit"``): the caller answers."""
        parent = getcurrent().parent
        assert parent is not None, "a bridge answers only inside a GameState's engine"
        return parent.switch(ChanceNode(dist, context, seat))


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


class GameState:
    """One game of Fort, stepped from outside (see the module docstring)."""

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

    def _start(self, runner: greenlet, config: Config, slots: _Slots, *args: Any) -> None:
        self._history: list[int] = []
        self._pending: Decision | ChanceNode | None = None
        self._outcome: Outcome | None = None
        self._slots = slots
        self._runner = runner
        self._resume(config, slots, *args)

    def _resume(self, *args: Any) -> None:
        """Run the engine until its next decision (or the end); its errors raise here."""
        message = self._runner.switch(*args)
        if isinstance(message, (Decision, ChanceNode)):
            self._pending = message
        else:
            self._pending = None
            self._outcome = message

    # -- the API ---------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self._pending is None

    def current_player(self) -> int:
        """The seat whose decision it is, CHANCE at a chance point, or TERMINAL."""
        pending = self._pending
        if pending is None:
            return TERMINAL
        return CHANCE if isinstance(pending, ChanceNode) else pending.player

    def is_chance_node(self) -> bool:
        return isinstance(self._pending, ChanceNode)

    def chance_node(self) -> ChanceNode:
        """The pending chance point (``chance="explicit"``)."""
        if not isinstance(self._pending, ChanceNode):
            raise IllegalMove("not a chance point" if self._pending is not None
                              else "the game is over")
        return self._pending

    def chance_outcomes(self) -> list[tuple[Option, Fraction]]:
        """The pending chance point's outcomes, each with its exact probability."""
        return self.chance_node().dist.probabilities()

    def decision(self) -> Decision:
        """The pending decision: player, kind, legal options, context, excluded options."""
        pending = self._pending
        if pending is None:
            raise IllegalMove("the game is over")
        if isinstance(pending, ChanceNode):
            raise IllegalMove(f"a chance point, not a decision (chance_outcomes() lists its "
                              f"outcomes):\n{pending.describe()}")
        return pending

    def legal_actions(self) -> tuple[Option, ...]:
        """The pending decision's options, or a chance point's outcomes."""
        pending = self._pending
        if pending is None:
            return ()
        return pending.dist.outcomes if isinstance(pending, ChanceNode) else pending.options

    def excluded(self) -> tuple[tuple[str, str], ...]:
        """The options the rules exclude here, each with the rule that excludes it."""
        pending = self._pending
        return pending.excluded if isinstance(pending, Decision) else ()

    def apply_action(self, action: Any) -> None:
        """Answer the pending decision with an option's index, the option itself, or its value
        or label (:func:`~fortlang.engine.choices.resolve`: an excluded option raises
        :class:`IllegalMove` naming its rule); a chance point with an outcome's index, the
        outcome or its value."""
        if isinstance(self._pending, ChanceNode):
            index = _outcome_index(self._pending, action)
            self._history.append(index)
            self._resume(index)
            return
        decision = self.decision()
        if isinstance(action, Option):
            index = decision.options.index(action) if action in decision.options else -1
            if index < 0:
                raise IllegalMove(f"{action.label!r} is not an option:\n{decision.describe()}",
                                  decision=decision)
        else:
            index = resolve(decision, action)
        self._history.append(index)
        self._resume(index)

    def history(self) -> tuple[int, ...]:
        """Every answer so far, in order: with the configuration, the whole game."""
        return tuple(self._history)

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

    def close(self) -> None:
        """Unwind the engine now (a dropped state is unwound when collected)."""
        if self._runner and not self._runner.dead:
            try:
                self._runner.throw(GreenletExit)
            except GreenletExit:
                pass
        self._pending = None


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


def answer(agent: Any, state: GameState, decision: Decision) -> int:
    """``agent``'s answer to ``state``'s pending ``decision``: ``choose(view, decision)`` with
    its seat's view; an agent that searches (one with ``choose_in(state, decision)``, e.g.
    the search bot, which clones the state and deals the cards it cannot see anew) is given
    the state instead."""
    search = getattr(agent, "choose_in", None)
    if search is not None:
        return search(state, decision)
    return agent.choose(state.view(decision.player), decision)


def watch(state: GameState, seated: Iterable[tuple[int, Any]]) -> None:
    """Every agent of ``seated`` (seat, agent) that follows the table (one with ``watch(state,
    seat)``: the search bot's knowledge of where hidden cards are) sees it as it is now. A
    player sees the table at every moment, not only at their own decisions: a card can pass
    through sight and change hands between two of them (played into a yard, recruited by a
    rival, shuffled into that rival's deck), and a bot that looked only when asked would place
    it with its old owner (fortlang.games.fort.knowledge)."""
    for seat, agent in seated:
        follow = getattr(agent, "watch", None)
        if follow is not None:
            follow(state, seat)


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


def _chance_mode(chance: str) -> str:
    if chance not in CHANCE_MODES:
        raise ValueError(f"chance is one of {', '.join(CHANCE_MODES)}, not {chance!r}")
    return chance


def _outcome_index(node: ChanceNode, action: Any) -> int:
    """The index of the outcome ``action`` names: an index, an outcome, or a value or label."""
    outcomes = node.dist.outcomes
    if isinstance(action, int) and not isinstance(action, bool):
        if 0 <= action < len(outcomes):
            return action
    elif isinstance(action, Option):
        if action in outcomes:
            return outcomes.index(action)
    else:
        found = node.dist.find(action)
        if found is not None:
            return found
    raise IllegalMove(f"{action!r} is not an outcome:\n{node.describe()}")
