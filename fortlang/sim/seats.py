"""The agents of a match, one per seat, as the :class:`~fortlang.engine.asker.Asker` the engine
asks (issue 33 stage 2: the game holds the asker, never the agents).

Compiled with the engine (pyproject.toml): every decision of a game run by
:func:`~fortlang.games.fort.match.run_game` passes here, and a random bot is called natively.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fortlang.engine.asker import Asker, CountAnswerer, CountAsker, RandomAsker
from fortlang.engine.choices import RandomAgent

if TYPE_CHECKING:
    from fortlang.engine.choices import Decision, Kind
    from fortlang.engine.journal import Journal


def asker_for(agents: Sequence[Any]) -> Asker:
    """The asker of a table with these agents, one per seat: a :class:`RandomAsker` when every
    seat has a random bot (the engine calls it natively), else :class:`Seats`. Both ask the
    same agents the same questions: the game is the same either way."""
    if agents and all(type(a) is RandomAgent for a in agents):
        return RandomAsker(agents)
    return Seats(agents)


class Seats(CountAsker):
    """Asks the agent at the deciding seat (``choose(view, decision) -> index``, the
    :class:`~fortlang.engine.choices.Agent` protocol) with its seat's read-only view, as the
    table gives it (:meth:`~fortlang.engine.journal.Journal.view`: Fort's ``GameView``, None
    for a table that shows none). A seat may be None while nothing asks it (a scenario's table,
    a test's silent rival)."""

    def __init__(self, agents: Sequence[Any]) -> None:
        self.agents: list[Any] = list(agents)

    def decide_by_count(self, seat: int, kind: Kind, count: int,
                        items: list[Any] | None = None) -> int:
        """What the agent at ``seat`` answers to a decision of ``kind`` among ``count`` options
        when the rules settled them so that their count, and ``items`` (what each option names),
        is all it needs (:meth:`Journal.ask_count
        <fortlang.engine.journal.Journal.ask_count>`): a random bot draws as
        :meth:`RandomAgent.choose` would; another agent answers through its
        ``answer_by_count(kind, count, items)`` if it has one (Fort's greedy bot, a
        :class:`~fortlang.engine.asker.CountAnswerer`, called natively); -1: it needs the
        decision."""
        agent = self.agents[seat]
        if type(agent) is RandomAgent:
            random_agent: RandomAgent = agent
            return random_agent.draw_below(count)
        if isinstance(agent, CountAnswerer):
            answerer: CountAnswerer = agent
            return answerer.answer_by_count(kind, count, items)
        answer = getattr(agent, "answer_by_count", None)
        return -1 if answer is None else int(answer(kind, count, items))

    def decide(self, game: Journal, decision: Decision) -> int:
        """The agent's answer (Game.ask checks that it is an option's index)."""
        seat = decision.player
        agent = self.agents[seat]
        if agent is None:
            raise RuntimeError(f"seat {seat} has no agent for a {decision.kind} decision")
        if type(agent) is RandomAgent:  # compiled with the engine: a direct call, not a generic one
            random_agent: RandomAgent = agent
            return random_agent.choose(None, decision)  # it never looks at the table
        # A view per question: keeping one per seat would make a reference cycle (the view
        # holds the game), and a finished game would wait for the cyclic collector.
        return agent.choose(game.view(seat), decision)
