"""The search bot: information-set Monte Carlo tree search with determinization (single observer,
Cowling, Powley and Whitehouse 2012), over the pull API (fortlang.sim.pull).

Each iteration copies the game at the decision (:meth:`GameState.clone`), deals the cards the
bot cannot see anew (:func:`fortlang.games.fort.knowledge.determinize`: rivals' hands and decks, the
park deck, every deck's order, rivals' made-up rules, the game's generator), then walks down one
tree of the bot's information set: at each decision with more than one option it takes an option
not tried yet, or the best by UCB among those legal in this deal (counting how often each was
available, since a rival's options depend on the hand dealt to it). From the new node a playout
runs with a cheap policy (the greedy bot's) until the bot's next turn; a finished game scores
its returns (R11.3), an unfinished one an estimate from the final scores as they stand (R11.2)
plus the resources and cards held.

At the root (the decision asked), every option is tried in turn on each deal, with the same
draws for the playout policy (common random numbers): the difference between two options on the
same deal is not drowned by the luck of the deal, which is what makes a small budget useful.
The answer is the greedy bot's option unless another did better on the same deals by more than
half a standard error of the mean difference (``PAIRED = False``: UCB at the root too, and the
option tried most).

The bot only ever answers with one of the decision's legal options; its generator is its own
(seeded from the game seed and its seat, :func:`fortlang.agents.bots.agent_seed`), so a budget
in playouts gives the same game for the same seed; a budget in seconds depends on the machine.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fortlang.engine.choices import Decision, Kind
from fortlang.games.fort.knowledge import Knowledge, determinize
from fortlang.games.fort.scoring import cards_you_have, final_score
from fortlang.model import KidCard
from fortlang.sim.pull import GameState

#: The most playouts per decision a budget may ask (a decision's search stays minutes long).
MAX_PLAYOUTS = 1_000_000
_SECONDS = re.compile(r"-?[0-9]+(\.[0-9]*)?s|-?\.[0-9]+s")


@dataclass(frozen=True)
class Budget:
    """What one decision may cost: ``playouts`` iterations, or ``seconds`` of search."""

    playouts: int = 40  # about 8 s of processor time per two-player game (bench_mcts.py)
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


#: A playout stops at the searching seat's next turn, or after this many decisions; it is then
#: scored by the estimate (a finished game by its result).
PLAYOUT_DEPTH = 60
#: The UCB exploration constant (rewards are in [0, 1]).
EXPLORATION = 0.35
#: How often the playout policy answers at random instead of greedily (0: greedy playouts,
#: the least noisy at small budgets).
EPSILON = 0.0
#: Points of lead that make a win about three times likelier than a loss (the estimate's scale).
SCALE = 4.0
#: What a resource in stuff or pack is worth towards the final score (a level costs about 2).
RESOURCE_POINTS = 1.0
#: What a card's static value (``card_worth``) is worth, for every card a player has (R14's
#: "cards you have"): a playout too short to play a recruit still sees the deck improve.
DECK_POINTS = 0.3
#: Progressive bias towards the option the greedy bot would take (Chaslot et al. 2008): a
#: bonus of BIAS / (visits + 1) in the selection, so that a small budget plays at least as
#: greedy does unless the search finds better; that option is also tried first.
BIAS = 0.15
#: How many standard errors better than the greedy bot's option another must look to be taken.
SIGNIFICANCE = 0.5
#: At the root, try every option in turn on each deal (common random numbers) and compare
#: each with the greedy bot's option on the same deals (in trials of 60 games against greedy
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
        self.favourite: tuple | None = None  # the greedy bot's option at the next decision


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


def estimate(state: GameState, card_value: Callable[[str], float]) -> list[float]:
    """Each seat's chance to win, estimated from the final scores as they stand (R11.2) plus
    the resources and the static value of the cards held (``card_value`` of a card id), as a
    logistic of the lead over the best rival; a finished game is its returns (R11.3)."""
    if state.is_terminal():
        return list(state.returns())
    game = state.game
    points = [final_score(game, p).total
              + RESOURCE_POINTS * (sum(p.stuff.values()) + sum(p.pack.values()))
              + DECK_POINTS * sum(card_value(c.card.id) for c in cards_you_have(p))
              for p in game.players]
    out = []
    for s, mine in enumerate(points):
        best = max(v for r, v in enumerate(points) if r != s)
        out.append(1.0 / (1.0 + math.exp(-(mine - best) / SCALE)))
    return out


class MctsAgent:
    """The search bot (see the module docstring); it needs the game state, so it answers
    through :meth:`choose_in` (``fortlang.sim.pull.answer`` gives it the state).

    ``policy(seed)`` makes the playout policy, an agent (``choose(view, decision)``: the greedy
    bot, which the search also leans towards); ``card_value(card)`` is a kid card's static
    value for the estimate (see :mod:`fortlang.agents.bots`, which builds the bot with both)."""

    def __init__(self, rng: random.Random | int, policy: Callable[[int], Any],
                 card_value: Callable[[KidCard], float], budget: Budget | None = None, *,
                 depth: int = PLAYOUT_DEPTH) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.budget = budget or Budget()
        self.depth = depth
        self.policy = policy(self.rng.getrandbits(64))
        self._value = card_value
        self._worth: dict[str, float] = {}  # card id -> card_value, once per card
        self._knowledge: dict[int, Knowledge] = {}
        self._state: GameState | None = None
        self.iterations = 0  # playouts over the bot's life (figures, benches)

    def choose(self, view: Any, decision: Decision) -> int:
        raise TypeError("the search bot needs the game state: drive the game through "
                        "fortlang.sim.pull (play or answer), not from inside the engine")

    def choose_in(self, state: GameState, decision: Decision) -> int:
        """The option to take at ``decision``, the pending decision of ``state``."""
        if len(decision.options) == 1:
            return 0  # one option: nothing to think about
        knowledge = self._know(state, decision.player)
        if not self._worth:
            self._worth = {k.id: self._value(k) for k in state.config.cardset.kids}
        root = _Edge(decision.player)
        rules = state.config.cardset.rules
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
                determinize(sim.game, knowledge, rules, random.Random(deal))
                self.policy.rng.seed(deal)
                rounds[-1][turn] = self._iterate(root, sim, turn)
            else:
                determinize(sim.game, knowledge, rules, self.rng)
                self._iterate(root, sim)
            sim.close()
            done += 1
        self.iterations += done
        if PAIRED:
            return _paired_answer(root, keys, rounds)
        return _answer(root, keys)

    def watch(self, state: GameState, seat: int) -> None:
        """Look at the table now, as ``seat`` (:func:`fortlang.sim.pull.watch`: at every
        decision of the game, so no card changes hands unseen between two of its own)."""
        self._know(state, seat)

    def _card_value(self, card_id: str) -> float:
        return self._worth[card_id]

    def _know(self, state: GameState, seat: int) -> Knowledge:
        if self._state is not state:  # a new game: forget the last one
            self._state, self._knowledge = state, {}
        knowledge = self._knowledge.get(seat)
        if knowledge is None:
            knowledge = self._knowledge[seat] = Knowledge(seat)
        knowledge.look(state.game)
        return knowledge

    def _iterate(self, root: _Edge, sim: GameState, first: int | None = None) -> float:
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
                node.favourite = keys[self.policy.choose(sim.view(d.player), d)]
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
        reward = estimate(sim, self._card_value)
        for edge in path:
            r = reward[edge.player]
            edge.visits += 1
            edge.reward += r
            edge.squares += r * r
        return reward[root.player]

    def _playout(self, sim: GameState, seat: int) -> None:
        """Play on until ``seat``'s next turn (its next play decision, R5.1: every player has
        drawn a new hand, R9.1, so the tables compared are at the same point of the round),
        the end, or ``depth`` decisions."""
        rng, policy = self.rng, self.policy
        for _ in range(self.depth):
            if sim.is_terminal():
                return
            d = sim.decision()
            if d.kind == Kind.PLAY and d.player == seat:
                return
            n = len(d.options)
            if n == 1:
                pick = 0
            elif rng.random() < EPSILON:
                pick = rng.randrange(n)
            else:
                pick = policy.choose(sim.view(d.player), d)
            sim.apply_action(pick)


def _ucb(edge: _Edge, favourite: bool) -> float:
    value = (edge.reward / edge.visits
             + EXPLORATION * math.sqrt(math.log(max(edge.available, 1)) / edge.visits))
    return value + BIAS / (edge.visits + 1) if favourite else value


def _answer(root: _Edge, keys: list[tuple]) -> int:
    """The option tried most (ties: the higher mean reward, then the first option); but the
    greedy bot's option unless the other's mean reward is higher by more than SIGNIFICANCE
    standard errors (a search too short to tell options apart keeps the greedy choice)."""
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
    """The greedy bot's option, unless another did better on the same deals by more than
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
