"""The search bot for Fort: information-set Monte Carlo tree search with determinization (single
observer, Cowling, Powley and Whitehouse 2012), over Fort's pull API (fortlang.games.fort.sim.pull).
The search itself is :mod:`fortlang.agents.search` (any game's); this is what Fort gives it.

Each iteration copies the game at the decision (:meth:`GameState.clone`), deals the cards the
bot cannot see anew (the game's ``determinize``, ``GameModule.search``: Fort's is
:func:`fortlang.games.fort.knowledge.determinize`: rivals' hands and decks, the park deck, every
deck's order, rivals' made-up rules, the game's generator), then walks down one
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
(seeded from the game seed and its seat, :func:`fortlang.agents.bots.agent_seed`), so a
budget in playouts gives the same game for the same seed; a budget in seconds depends on the
machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from fortlang.agents.search import (
    MAX_PLAYOUTS,
    PLAYOUT_DEPTH,
    Budget,
    InformationSetSearch,
    _Edge,
    _paired_answer,
    option_keys,
)
from fortlang.engine.choices import Decision, Kind
from fortlang.games.fort.model import KidCard, kids_of, rules_of
from fortlang.sim.bridge import PullState as GameState  # the type only: any game's state

#: Re-exported: the search's own names, imported from here by Fort's callers and tests.
__all__ = ["MAX_PLAYOUTS", "PLAYOUT_DEPTH", "Budget", "MctsAgent", "_Edge", "_paired_answer",
           "estimate", "option_keys", "search_pieces"]

#: Points of lead that make a win about three times likelier than a loss (the estimate's scale).
SCALE = 4.0
#: What a resource in stuff or pack is worth towards the final score (a level costs about 2).
RESOURCE_POINTS = 1.0
#: What a card's static value (``card_worth``) is worth, for every card a player has (R14's
#: "cards you have"): a playout too short to play a recruit still sees the deck improve.
DECK_POINTS = 0.3


def search_pieces(state: GameState) -> Any:
    """What the game of ``state``'s sets gives this bot (``GameModule.search``: ``Knowledge``,
    ``determinize``, ``final_score``, ``cards_you_have``); LookupError if it declares none."""
    from fortlang.table_pieces import table_piece

    name = state.config.cardset.manifest.game
    pieces = table_piece(name, "search", "what its search bot reads")
    if pieces is None:
        raise LookupError(f"game `{name}` declares nothing for the search bot")
    return pieces


def estimate(state: GameState, card_value: Callable[[str], float],
             pieces: Any = None) -> list[float]:
    """Each seat's chance to win, estimated from the final scores as they stand (R11.2) plus
    the resources and the static value of the cards held (``card_value`` of a card id), as a
    logistic of the lead over the best rival; a finished game is its returns (R11.3).
    ``pieces``: the game's (:func:`search_pieces`), looked up when not given."""
    if state.is_terminal():
        return list(state.returns())
    if pieces is None:
        pieces = search_pieces(state)
    final_score, cards_you_have = pieces.final_score, pieces.cards_you_have
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


class MctsAgent(InformationSetSearch):
    """The search bot (see the module docstring); it needs the game state, so it answers
    through :meth:`choose_in` (``fortlang.sim.bridge.answer`` gives it the state).

    ``policy(seed)`` makes the playout policy, an agent (``choose(view, decision)``: the greedy
    bot, which the search also leans towards); ``card_value(card)`` is a kid card's static
    value for the estimate (see :mod:`fortlang.games.fort.agents.bots`, which builds the bot
    with both)."""

    def __init__(self, rng: random.Random | int, policy: Callable[[int], Any],
                 card_value: Callable[[KidCard], float], budget: Budget | None = None, *,
                 depth: int = PLAYOUT_DEPTH) -> None:
        super().__init__(rng, policy, budget, depth=depth)
        self._value = card_value
        self._worth: dict[str, float] = {}  # card id -> card_value, once per card
        self._knowledge: dict[int, Any] = {}  # seat -> the game's Knowledge of the table
        self._state: GameState | None = None
        self._seen: Any = None  # the searching seat's Knowledge, during a search
        self._rules: Any = ()
        self._pieces: Any = None  # the game's (search_pieces), once per game

    def watch(self, state: GameState, seat: int) -> None:
        """Look at the table now, as ``seat`` (:func:`fortlang.sim.bridge.watch`: at every
        decision of the game, so no card changes hands unseen between two of its own)."""
        self._know(state, seat)

    def _card_value(self, card_id: str) -> float:
        return self._worth[card_id]

    def _know(self, state: GameState, seat: int) -> Any:
        if self._state is not state:  # a new game: forget the last one
            self._state, self._knowledge = state, {}
            self._pieces = search_pieces(state)
        knowledge = self._knowledge.get(seat)
        if knowledge is None:
            knowledge = self._knowledge[seat] = self._pieces.Knowledge(seat)
        knowledge.look(state.game)
        return knowledge

    # -- what the search asks ----------------------------------------------------------------------

    def _prepare(self, state: GameState, decision: Decision) -> None:
        self._seen = self._know(state, decision.player)
        if not self._worth:
            self._worth = {k.id: self._value(k) for k in kids_of(state.config.cardset)}
        self._rules = rules_of(state.config.cardset)

    def _deal(self, sim: GameState, rng: random.Random) -> None:
        assert self._seen is not None
        self._pieces.determinize(sim.game, self._seen, self._rules, rng)

    def _favourite(self, sim: GameState, decision: Decision) -> int:
        return int(self.policy.choose(sim.view(decision.player), decision))

    def _estimate(self, sim: GameState) -> list[float]:
        return estimate(sim, self._card_value, self._pieces)

    def _ends_playout(self, decision: Decision, seat: int, others: bool) -> bool:
        """The searching seat's next turn (its next play decision, R5.1: every player has
        drawn a new hand, R9.1, so the tables compared are at the same point of the round)."""
        return decision.kind == Kind.PLAY and decision.player == seat
