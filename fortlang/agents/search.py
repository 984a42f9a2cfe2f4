"""Information-set Monte Carlo tree search with determinization (single observer, Cowling, Powley
and Whitehouse 2012), for any game with a pull API (:class:`fortlang.sim.bridge.Stepped` with
``clone``): the search itself, which knows no game. A game's search bot
(:class:`fortlang.games.fort.agents.mcts.MctsAgent` for Fort,
:class:`fortlang.agents.module_mcts.ModuleMcts` for a game module) subclasses
:class:`InformationSetSearch` and says how to deal the cards its seat cannot see
(:meth:`InformationSetSearch._deal`), which option its playout policy favours, where a playout
stops and how an unfinished game is scored.

Each iteration copies the game at the decision (``state.clone()``), deals the hidden cards anew,
then walks down one tree of the bot's information set: at each decision with more than one
option it takes an option not tried yet, or the best by UCB among those legal in this deal
(counting how often each was available, since a rival's options depend on the hand dealt to it).
From the new node a playout runs with the cheap policy; the end of the playout is scored per
seat in [0, 1], and the rewards go back up the path.

At the root (the decision asked), every option is tried in turn on each deal, with the same
draws for the playout policy (common random numbers): the difference between two options on the
same deal is not drowned by the luck of the deal, which is what makes a small budget useful.
The answer is the policy's option unless another did better on the same deals by more than
half a standard error of the mean difference (``PAIRED = False``: UCB at the root too, and the
option tried most).

The bot only ever answers with one of the decision's legal options; its generator is its own
(seeded from the game seed and its seat), so a budget in playouts gives the same game for the
same seed; a budget in seconds depends on the machine.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fortlang.engine.choices import Decision

#: The most playouts per decision a budget may ask (a decision's search stays minutes long).
MAX_PLAYOUTS = 1_000_000
_SECONDS = re.compile(r"-?[0-9]+(\.[0-9]*)?s|-?\.[0-9]+s")


@dataclass(frozen=True)
class Budget:
    """What one decision may cost: ``playouts`` iterations, or ``seconds`` of search."""

    playouts: int = 40  # about 8 s of processor time per two-player game of Fort (bench_mcts.py)
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``400`` playouts or ``0.2s`` seconds per decision; ValueError if neither.

        >>> Budget.parse("400"), Budget.parse("0.2s")
        (Budget(playouts=400, seconds=None), Budget(playouts=0, seconds=0.2))
        """
        text = text.strip()
        if _SECONDS.fullmatch(text):
            seconds = float(text[:-1])
            if not 0 < seconds <= 3600:
                raise ValueError("a time budget is between 0 and 3600 seconds, e.g. 0.2s")
            return cls(0, seconds)
        # digits bounded before conversion, playouts before any search (issue 31)
        if not text.isascii() or not text.isdigit() or len(text) > 7 \
                or not 1 <= int(text) <= MAX_PLAYOUTS:
            raise ValueError("a budget is a number of playouts from 1 to 1000000 (e.g. 400) "
                             "or of seconds (0.2s)")
        return cls(int(text))

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else str(self.playouts)


#: A playout stops where the game's bot says (Fort: the searching seat's next turn), or after
#: this many decisions; it is then scored by the estimate (a finished game by its result).
PLAYOUT_DEPTH = 60
#: The UCB exploration constant (rewards are in [0, 1]).
EXPLORATION = 0.35
#: How often the playout policy answers at random instead of by itself (0: the policy's own
#: playouts, the least noisy at small budgets).
EPSILON = 0.0
#: Progressive bias towards the option the playout policy would take (Chaslot et al. 2008): a
#: bonus of BIAS / (visits + 1) in the selection, so that a small budget plays at least as the
#: policy does unless the search finds better; that option is also tried first.
BIAS = 0.15
#: How many standard errors better than the policy's option another must look to be taken.
SIGNIFICANCE = 0.5
#: At the root, try every option in turn on each deal (common random numbers) and compare
#: each with the policy's option on the same deals (Fort, in trials of 60 games against greedy
#: at 20 playouts: 66-72% won, against 53-55% with UCB at the root).
PAIRED = True


class _Edge:
    """One option of one information set: visits, total reward of the player who chose it, and
    how often it was available."""

    __slots__ = ("player", "visits", "reward", "squares", "available", "children", "favourite")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.reward = 0.0
        self.squares = 0.0  # sum of squared rewards: the spread of the mean
        self.available = 0
        self.children: dict[tuple, _Edge] = {}
        self.favourite: tuple | None = None  # the policy's option at the next decision


def option_keys(decision: Decision) -> list[tuple]:
    """One key per option that means the same in every deal: the kind and the option's value
    (cards by id, never by position in a hand), numbered when two options are alike. Never the
    label (issue 33 stage 1): it is text for people, and a value says everything a label
    says inside one decision (tests/test_option_values.py)."""
    keys: list[tuple] = []
    seen: dict[tuple, int] = {}
    for o in decision.options:
        base = (decision.kind, repr(o.value))
        n = seen.get(base, 0)
        seen[base] = n + 1
        keys.append((*base, n))
    return keys


class InformationSetSearch:
    """The search (see the module docstring), over a state with ``clone(checkpoints=False)``,
    ``decision()``, ``apply_action()``, ``is_terminal()`` and ``close()``; it answers through
    :meth:`choose_in` (``fortlang.sim.bridge.answer`` gives it the state).

    ``policy(seed)`` makes the playout policy, an agent with a generator ``rng`` that the
    search reseeds per deal; a subclass says how the policy is asked (:meth:`_favourite`)."""

    def __init__(self, rng: random.Random | int, policy: Callable[[int], Any],
                 budget: Budget | None = None, *, depth: int = PLAYOUT_DEPTH) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.budget = budget or Budget()
        self.depth = depth
        self.policy = policy(self.rng.getrandbits(64))
        self.iterations = 0  # playouts over the bot's life (figures, benches)

    # -- what a game's bot says --------------------------------------------------------------------

    def _prepare(self, state: Any, decision: Decision) -> None:
        """Before a decision's search: what the seat knows now (``state`` is the live game)."""

    def _deal(self, sim: Any, rng: random.Random) -> None:
        """Deal the cards the searching seat cannot see anew in ``sim``, a clone of the game."""
        raise NotImplementedError

    def _favourite(self, sim: Any, decision: Decision) -> int:
        """The playout policy's option at ``decision`` of ``sim``."""
        raise NotImplementedError

    def _estimate(self, sim: Any) -> list[float]:
        """Each seat's reward in [0, 1] where a playout stopped (a finished game: its
        returns)."""
        raise NotImplementedError

    def _ends_playout(self, decision: Decision, seat: int, others: bool) -> bool:
        """Whether a playout for ``seat`` stops at ``decision`` (``others``: a seat other than
        ``seat`` has decided since the playout began)."""
        raise NotImplementedError

    # -- the search --------------------------------------------------------------------------------

    def choose(self, view: Any, decision: Decision) -> int:
        raise TypeError("the search bot needs the game state: drive the game through the "
                        "pull API (Fort's or fortlang.sim.module_pull), not from "
                        "inside the engine")

    def choose_in(self, state: Any, decision: Decision) -> int:
        """The option to take at ``decision``, the pending decision of ``state``."""
        if len(decision.options) == 1:
            return 0  # one option: nothing to think about
        self._prepare(state, decision)
        root = _Edge(decision.player)
        deadline = (time.perf_counter() + self.budget.seconds
                    if self.budget.seconds is not None else None)
        keys = option_keys(decision)
        rounds: list[list[float]] = []  # PAIRED: per deal, each root option's reward
        done = 0
        while (done < self.budget.playouts if deadline is None
               else done == 0 or time.perf_counter() < deadline):
            sim = state.clone(checkpoints=False)
            if PAIRED:
                turn = done % len(keys)
                if turn == 0:  # a new deal, on which every root option is tried in turn
                    deal = self.rng.getrandbits(64)
                    rounds.append([math.nan] * len(keys))
                self._deal(sim, random.Random(deal))
                self.policy.rng.seed(deal)
                rounds[-1][turn] = self._iterate(root, sim, turn)
            else:
                self._deal(sim, self.rng)
                self._iterate(root, sim)
            sim.close()
            done += 1
        self.iterations += done
        if PAIRED:
            return _paired_answer(root, keys, rounds)
        return _answer(root, keys)

    def _iterate(self, root: _Edge, sim: Any, first: int | None = None) -> float:
        """One iteration: down the tree (selection, expansion), a playout, back up; ``first``:
        the root option to take. Returns the reward of the root's player."""
        node, path = root, []
        expanded = False
        while not sim.is_terminal() and not expanded:
            d = sim.decision()
            if len(d.options) == 1:
                sim.apply_action(0)
                continue
            keys = option_keys(d)
            children = node.children
            if node.favourite is None or node.favourite not in keys:
                node.favourite = keys[self._favourite(sim, d)]
            fresh = [i for i, k in enumerate(keys) if k not in children]
            for k in keys:
                child = children.get(k)
                if child is not None:
                    child.available += 1
            if node is root and first is not None:
                pick = first
                child = children.get(keys[pick]) or children.setdefault(keys[pick],
                                                                        _Edge(d.player))
                child.available += child.available == 0
            elif fresh:
                pick = fresh[self.rng.randrange(len(fresh))]
                if not children:
                    pick = keys.index(node.favourite)
                child = children[keys[pick]] = _Edge(d.player)
                child.available = 1
                expanded = True
            else:
                favourite = node.favourite
                pick = max(range(len(keys)),
                           key=lambda i: _ucb(children[keys[i]], keys[i] == favourite))
                child = children[keys[pick]]
            sim.apply_action(pick)
            path.append(child)
            node = child
        self._playout(sim, root.player)
        reward = self._estimate(sim)
        for edge in path:
            r = reward[edge.player]
            edge.visits += 1
            edge.reward += r
            edge.squares += r * r
        return reward[root.player]

    def _playout(self, sim: Any, seat: int) -> None:
        """Play on with the policy until :meth:`_ends_playout`, the end, or ``depth``
        decisions."""
        rng = self.rng
        others = False
        for _ in range(self.depth):
            if sim.is_terminal():
                return
            d = sim.decision()
            if self._ends_playout(d, seat, others):
                return
            others = others or d.player != seat
            n = len(d.options)
            if n == 1:
                pick = 0
            elif rng.random() < EPSILON:
                pick = rng.randrange(n)
            else:
                pick = self._favourite(sim, d)
            sim.apply_action(pick)


def _ucb(edge: _Edge, favourite: bool) -> float:
    value = (edge.reward / edge.visits
             + EXPLORATION * math.sqrt(math.log(max(edge.available, 1)) / edge.visits))
    return value + BIAS / (edge.visits + 1) if favourite else value


def _answer(root: _Edge, keys: list[tuple]) -> int:
    """The option tried most (ties: the higher mean reward, then the first option); but the
    policy's option unless the other's mean reward is higher by more than SIGNIFICANCE
    standard errors (a search too short to tell options apart keeps the policy's choice)."""
    best = max(range(len(keys)), key=lambda i: _rank(root.children.get(keys[i]), -i))
    if root.favourite is None or root.favourite not in keys:
        return best
    favourite = keys.index(root.favourite)
    b, f = root.children.get(keys[best]), root.children.get(keys[favourite])
    if b is None or f is None or b is f or f.visits < 2 or b.visits < 2:
        return best if f is None or f.visits == 0 else favourite
    gap = b.reward / b.visits - f.reward / f.visits
    spread = math.sqrt(_variance(b) / b.visits + _variance(f) / f.visits)
    return best if gap > SIGNIFICANCE * spread else favourite


def _paired_answer(root: _Edge, keys: list[tuple], rounds: list[list[float]]) -> int:
    """The policy's option, unless another did better on the same deals by more than
    SIGNIFICANCE standard errors of the mean difference (common random numbers: the deal and
    the playout policy's draws are the same for every option of a round)."""
    favourite = keys.index(root.favourite) if root.favourite in keys else 0
    complete = [r for r in rounds if not any(math.isnan(x) for x in r)]
    if len(complete) < 2:
        return favourite
    best, best_gain = favourite, 0.0
    for i in range(len(keys)):
        if i == favourite:
            continue
        diffs = [r[i] - r[favourite] for r in complete]
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1) / len(diffs))
        if mean > best_gain and mean > SIGNIFICANCE * spread:
            best, best_gain = i, mean
    return best


def _variance(edge: _Edge) -> float:
    mean = edge.reward / edge.visits
    return max(edge.squares / edge.visits - mean * mean, 0.0) * edge.visits / (edge.visits - 1)


def _rank(edge: _Edge | None, order: int) -> tuple[float, float, int]:
    if edge is None or not edge.visits:
        return (0.0, 0.0, order)
    return (float(edge.visits), edge.reward / edge.visits, order)
