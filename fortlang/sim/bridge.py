"""The engine stepped from outside (issue 13 item 4, issue 34 item 4): what every game's pull
API shares, whatever the game. A game's engine runs in a greenlet (a coroutine with its own
stack) whose table's asker is a :class:`Bridge`: at every decision it switches back to the
caller, and resumes when the caller answers. One thread, no locks; a switch costs about a
microsecond. A state that is dropped (or closed) unwinds its engine with ``GreenletExit``, so
open transactions roll back.

:class:`Stepped` is the API over that engine, in the OpenSpiel manner (``is_terminal``,
``current_player``, ``decision``, ``legal_actions``, ``apply_action``, ``history``,
``returns``); Fort's :class:`fortlang.games.fort.sim.pull.GameState` and a game module's
:class:`fortlang.sim.module_pull.ModuleState` add how their engine starts, how to clone it and
what a seat sees. Nothing here knows a game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from greenlet import GreenletExit, getcurrent, greenlet

from fortlang.engine.chance import CHANCE, Distribution
from fortlang.engine.choices import Decision, IllegalMove, Option, resolve

#: ``current_player()`` once the game is over (OpenSpiel's convention); :data:`CHANCE` (-1) at
#: a chance point handed to the caller.
TERMINAL = -4
#: How chance points are answered: drawn from the game's generator, or by the caller.
CHANCE_MODES = ("sampled", "explicit")


class PullState(Protocol):
    """What the search bot (fortlang.games.fort.agents.mcts) reads of a game's pull API state
    besides the :class:`Stepped` calls (Fort's ``GameState`` is one): its table, its
    configuration (``seed``, ``cardset``), what a seat sees, and the calls of the search
    itself. The core names no game's class for the type (issue 33 item 5)."""

    @property
    def game(self) -> Any: ...
    @property
    def config(self) -> Any: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> tuple[float, ...]: ...
    def decision(self) -> Decision: ...
    def apply_action(self, action: Any) -> None: ...
    def view(self, seat: int) -> Any: ...
    def clone(self) -> Any: ...


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


class Bridge:
    """The game's asker inside the engine (:class:`~fortlang.engine.asker.Asker`): hands each
    decision to the caller (the engine greenlet's parent) and returns its answer. It holds no
    reference to the state, so a dropped state frees its greenlet at once."""

    def decide(self, game: Any, decision: Decision) -> int:
        parent = getcurrent().parent
        assert parent is not None, "a bridge answers only inside a GameState's engine"
        return parent.switch(decision)

    def chance(self, game: Any, dist: Distribution, context: str, seat: int) -> int:
        """A chance point, when the game asks (``chance="explicit"``): the caller answers."""
        parent = getcurrent().parent
        assert parent is not None, "a bridge answers only inside a GameState's engine"
        return parent.switch(ChanceNode(dist, context, seat))


class Stepped:
    """A game whose engine runs in a greenlet until its next decision (see the module
    docstring). A subclass starts it with :meth:`_start` (the greenlet and the arguments of
    its first switch) and says how many seats it has (``seats``); the greenlet returns the
    game's outcome, whose ``winners`` :meth:`returns` reads."""

    _history: list[int]
    _pending: Decision | ChanceNode | None
    _outcome: Any
    _runner: greenlet

    def _start(self, runner: greenlet, *args: Any) -> None:
        self._history = []
        self._pending = None
        self._outcome = None
        self._runner = runner
        self._resume(*args)

    def _resume(self, *args: Any) -> None:
        """Run the engine until its next decision (or the end); its errors raise here."""
        message = self._runner.switch(*args)
        if isinstance(message, (Decision, ChanceNode)):
            self._pending = message
        else:
            self._pending = None
            self._outcome = message

    @property
    def seats(self) -> int:
        raise NotImplementedError

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

    def outcome(self) -> Any:
        if self._outcome is None:
            raise IllegalMove("the game is not over")
        return self._outcome

    def returns(self) -> tuple[float, ...]:
        """Per seat: 1 for a sole winner, 1/k each for k tied winners (R11.3 for Fort; a
        module's :class:`~fortlang.module.Outcome` ``winners`` alike), else 0; all 0 before
        the end."""
        if self._outcome is None:
            return (0.0,) * self.seats
        won = self._outcome.winners
        return tuple(1.0 / len(won) if s in won else 0.0 for s in range(self.seats))

    def close(self) -> None:
        """Unwind the engine now (a dropped state is unwound when collected)."""
        if self._runner and not self._runner.dead:
            try:
                self._runner.throw(GreenletExit)
            except GreenletExit:
                pass
        self._pending = None


def answer(agent: Any, state: Any, decision: Decision) -> int:
    """``agent``'s answer to ``state``'s pending ``decision``: ``choose(view, decision)`` with
    its seat's view; an agent that searches (one with ``choose_in(state, decision)``, e.g.
    the search bot, which clones the state and deals the cards it cannot see anew) is given
    the state instead."""
    search = getattr(agent, "choose_in", None)
    if search is not None:
        return search(state, decision)
    return agent.choose(state.view(decision.player), decision)


def watch(state: Any, seated: Iterable[tuple[int, Any]]) -> None:
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


def chance_mode(chance: str) -> str:
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
