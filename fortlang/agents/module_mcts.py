"""The search bot for a game module (issue 34 item 4, issue 33 item 5): the information-set search
of :mod:`fortlang.agents.search` over the module's pull API
(:class:`fortlang.sim.module_pull.ModuleState`), with the module's determinization.

What the module gives it (``GameModule.determinization``, docs/search-bot.md):

- ``determinize(table, seat, rng)``: each iteration's clone has the cards the seat cannot see
  dealt anew (nothing else of the true table reaches the search: the clone's hidden cards are
  rewritten before any move of the iteration);
- ``estimate(table)`` (optional): each seat's chance to win from an unfinished table. With it, a
  playout stops at the searching seat's next decision once another seat has decided (about a
  lap of the table) and is scored by the estimate; without it, a playout runs to the end of the
  game and scores its returns (1/k for each of k winners, else 0).

The playout policy is ``simulate``'s greedy bot for any game (``CardWorthAgent``: the card whose
declared action is worth most), which the search also leans towards; like ``simulate``'s bots,
it reads the decision only (its view is None)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fortlang.agents.search import PLAYOUT_DEPTH, Budget, InformationSetSearch
from fortlang.engine.choices import Decision
from fortlang.sim.module_pull import Determinization, ModuleState, estimator

#: The most decisions a playout runs without an estimate: to the end of any game whose loop is
#: bounded (a module's ``run`` must end), never forever.
FULL_PLAYOUT = 100_000


class ModuleMcts(InformationSetSearch):
    """The search bot for a module (see the module docstring). ``policy(seed)`` makes the
    playout policy (an agent with ``choose(view, decision)`` and a generator ``rng``);
    ``hidden`` is the module's determinization."""

    def __init__(self, rng: random.Random | int, policy: Callable[[int], Any],
                 hidden: Determinization, budget: Budget | None = None, *,
                 depth: int = PLAYOUT_DEPTH) -> None:
        self.hidden = hidden
        self._guess: Callable[[Any], list[float]] | None = estimator(hidden)
        super().__init__(rng, policy, budget,
                         depth=depth if self._guess is not None else FULL_PLAYOUT)
        self._seat = -1

    def _prepare(self, state: ModuleState, decision: Decision) -> None:
        self._seat = decision.player

    def _deal(self, sim: ModuleState, rng: random.Random) -> None:
        self.hidden.determinize(sim.table, self._seat, rng)

    def _favourite(self, sim: ModuleState, decision: Decision) -> int:
        return int(self.policy.choose(None, decision))

    def _estimate(self, sim: ModuleState) -> list[float]:
        if sim.is_terminal():
            return list(sim.returns())
        if self._guess is None:  # FULL_PLAYOUT decisions and still not over: nobody ahead
            return [1.0 / sim.seats] * sim.seats
        return [float(x) for x in self._guess(sim.table)]

    def _ends_playout(self, decision: Decision, seat: int, others: bool) -> bool:
        return self._guess is not None and others and decision.player == seat
