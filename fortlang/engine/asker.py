"""Who answers the engine's questions: one :class:`Asker` per game (issue 33, design §2.2, §6.3).

The engine never holds agents. When a rule needs a choice, :meth:`Journal.ask
<fortlang.engine.journal.Journal.ask>` (the base of every game's table) hands the
:class:`~fortlang.engine.choices.Decision` to the game's asker, then checks, logs and returns the
index it got. Who answers is the match layer's business (:func:`fortlang.sim.seats.asker_for`):
:class:`~fortlang.sim.seats.Seats` asks the agent at the deciding seat with its read-only view; a
table of random bots gets a :class:`RandomAsker`, which the game calls natively (both compiled: a
random bot's decision costs microseconds, and a generic call per decision would show in games/s);
Fort's pull API (:mod:`fortlang.games.fort.sim.pull`) hands the decision to the caller from its
engine greenlet.

The protocol grows with the engine; each method is one kind of question:

* ``decide(game, decision) -> int`` (now): a player's choice among ``decision.options``,
  asked of ``decision.player``.
* ``chance(game, dist, context, seat) -> int`` (chance points, design §4.2-§4.3): the outcome of
  a roll inside an effect, as an index into the
  :class:`~fortlang.engine.chance.Distribution`'s outcomes; ``seat`` is whose action rolls
  (-1: the table's own chance). Asked only of a game whose
  ``chance_asked`` is set (the pull API's ``chance="explicit"``, OpenSpiel's chance player);
  otherwise ``Journal.chance`` draws it from ``game.rng`` itself, as a match does, so an asker
  without the method never meets one. ``Journal.chance`` journals the generator, checks the
  index and logs ``("chance", index)`` as ``Journal.ask`` logs a decision.
* ``react(game, decision) -> int`` (stage 7, the flow's reaction windows, design §5.1): a seat
  other than the current one answers ``Decision(kind="react", options=(pass, card...))`` when
  an event opens a window it can act in. Its own method, so that an asker can tell an
  out-of-turn question from a turn's (a human interface, the scenario runner's per-seat
  answers); ``Seats`` will route it to the same agent's ``choose``.

* ``decide_by_count(seat, kind, count, items) -> int`` (issue 38, optional): the same answer
  as ``decide`` would give, without the decision, for an agent that needs only the kind, the
  count of options and ``items`` (what each option names: Fort's play, recruit, follow), or -1
  (:meth:`Journal.ask_count <fortlang.engine.journal.Journal.ask_count>`); a
  :class:`CountAsker` is called natively, its agents' answers through :class:`CountAnswerer`.

An asker returns an index; range checks, the log and ``on_decision`` stay in the engine, so
that every asker is held to the same contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from mypy_extensions import mypyc_attr

from fortlang.engine.choices import Decision, RandomAgent

if TYPE_CHECKING:
    from fortlang.engine.choices import Kind
    from fortlang.engine.journal import Journal


class Asker(Protocol):
    """Answers a game's questions (see the module docstring for the methods to come). ``game``
    is the table asking: a :class:`~fortlang.engine.journal.Journal` of its game's own class
    (Fort's :class:`~fortlang.games.fort.table.Game`), which an asker of that game may read as
    such (typed Any here, so that its ``decide`` may name that class)."""

    def decide(self, game: Any, decision: Decision) -> int:
        """The index in ``decision.options`` of the option ``decision.player`` chooses."""
        ...


class NoAsker:
    """The asker of a table nobody plays yet (set-up, tests, a scenario's `given`): any
    question is an engine error, named by the seat and the kind of decision asked."""

    def decide(self, game: Journal, decision: Decision) -> int:
        raise RuntimeError(f"seat {decision.player} has no agent for a {decision.kind} decision")


class RandomAsker:
    """Every seat a :class:`~fortlang.engine.choices.RandomAgent`: each decision goes to the
    deciding seat's, exactly as :class:`~fortlang.sim.seats.Seats` would ask it, but
    :meth:`Journal.ask <fortlang.engine.journal.Journal.ask>` calls this class natively."""

    def __init__(self, agents: Sequence[RandomAgent]) -> None:
        self.agents: list[RandomAgent] = list(agents)

    def decide(self, game: Journal, decision: Decision) -> int:
        return self.agents[decision.player].choose(None, decision)  # it never looks at the table

    def decide_count(self, seat: int, count: int) -> int:
        """What :meth:`decide` answers to ``seat``'s decision with ``count`` options: a random
        bot reads nothing else (:meth:`Journal.blind <fortlang.engine.journal.Journal.blind>`).
        The agent's :meth:`~fortlang.engine.choices.RandomAgent.draw_below`, as its ``choose``
        draws (``below(rng, count)``: every draw of the agent from the same source, which may
        keep a word drawn ahead)."""
        return self.agents[seat].draw_below(count)


@mypyc_attr(allow_interpreted_subclasses=True)
class CountAsker:
    """An asker that may answer a decision without it (:meth:`Journal.ask_count
    <fortlang.engine.journal.Journal.ask_count>`): from the kind, the count of options and, when
    the game gives them, ``items``, one per option, the piece it names (Fort: the card it plays
    or takes) or else the value the option would carry. A native base (:class:`~fortlang.sim.
    seats.Seats` subclasses it), so that the journal calls it directly, not through a generic
    attribute lookup and call at every such decision (issue 38). -1: the decision is needed."""

    def decide_by_count(self, seat: int, kind: Kind, count: int,
                        items: list[Any] | None = None) -> int:
        return -1


@mypyc_attr(allow_interpreted_subclasses=True)
class CountAnswerer:
    """An agent that may answer some decisions by :meth:`answer_by_count` (see
    :class:`CountAsker`); a native base, so that :class:`~fortlang.sim.seats.Seats` calls it
    directly (Fort's greedy bot subclasses it). -1, the default: it needs the decision."""

    def answer_by_count(self, kind: Kind, count: int, items: list[Any] | None = None) -> int:
        return -1
