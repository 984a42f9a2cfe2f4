"""Issue 38: the greedy bot answers more of Fort's decisions without their choice point (no
decision, no labels, no view): the play (R5.1) and the recruit (R7.1) from the cards the options
name, a lookout (R12.3), a card destroyed (R12.4), Recycling and Do-Over (R15) likewise, and the
perks' yes-or-no (R15: DIY, Birthday Party, Rough Housing, a perk's action) by their count
(Journal.ask_count -> Seats.decide_by_count -> GreedyAgent.answer_by_count). Each shortcut alone
gives the same answers as the full choice point, game by game: a table whose asker lets one kind
of decision through by count is compared with the same seed played through the choice point
(``on_decision`` set: someone reads every decision, no shortcut taken)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from fortlang.cardset import base_set
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.games.fort.agents.bots import GreedyAgent, make_bots
from fortlang.games.fort.match import Outcome, run_game
from fortlang.games.fort.model import KidCard, kids_of
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.table import card_def
from fortlang.sim.seats import Seats

BASE = base_set()


class _OneKind:
    """The seats' asker, letting only ``kinds`` be answered by count (-1 for any other: the
    full choice point), and counting those a greedy bot answered, by kind. Not a CountAsker:
    the journal asks it through ``decide_by_count`` by name."""

    def __init__(self, agents: list[Any], kinds: frozenset[str] | None) -> None:
        self.seats = Seats(agents)
        self.kinds = kinds
        self.answered: Counter[str] = Counter()

    def decide(self, game: Any, decision: Decision) -> int:
        return self.seats.decide(game, decision)

    def decide_by_count(self, seat: int, kind: Kind, count: int,
                        items: list[Any] | None = None) -> int:
        if self.kinds is not None and kind not in self.kinds:
            return -1
        index = self.seats.decide_by_count(seat, kind, count, items)
        if index >= 0 and isinstance(self.seats.agents[seat], GreedyAgent):
            self.answered[str(kind)] += 1
        return index


def _play(lineup: list[str], players: int, seed: int, kinds: frozenset[str] | None, *,
          read: bool) -> tuple[list, Outcome, Counter[str]]:
    """One game's log, outcome, and the decisions answered by count; ``read``: every decision
    read (the full choice point)."""
    agents = make_bots(lineup, players, seed)
    asker = _OneKind(agents, kinds)
    game, first = new_game(BASE, players, seed=seed, asker=asker)
    if read:
        game.on_decision = lambda decision, index: None
    out = run_game(BASE, players, agents, seed=seed, game=game, first=first)
    return list(game.log), out, asker.answered


LINEUPS = [(["greedy"], 4), (["greedy"], 2), (["greedy", "random"], 4), (["random", "greedy"], 3)]


def _compare(kinds: frozenset[str] | None, games: int, base: int = 3000) -> Counter[str]:
    answered: Counter[str] = Counter()
    for lineup, players in LINEUPS:
        for seed in range(base, base + games):
            log, out, by_count = _play(lineup, players, seed, kinds, read=False)
            full_log, full_out, none = _play(lineup, players, seed, kinds, read=True)
            assert not none
            assert (log, out) == (full_log, full_out), (sorted(kinds or ()), lineup, players, seed)
            answered += by_count
    return answered


@pytest.mark.parametrize(("kind", "games", "least"), [
    (Kind.PLAY, 5, 50), (Kind.RECRUIT, 5, 50), (Kind.LOOKOUT, 10, 20), (Kind.DESTROY, 10, 10),
    (Kind.DO_OVER, 10, 5), (Kind.DIY, 10, 5), (Kind.EXTRA_RECRUIT, 10, 20),
    (Kind.RECYCLE, 10, 1)])
def test_each_shortcut_alone_answers_as_the_choice_point(kind: Kind, games: int, least: int
                                                         ) -> None:
    """Each kind alone by count: the same games as through the choice point, and a greedy
    bot took it (at least ``least`` times over ``games`` seeds of each line-up). Rough Housing
    and a perk's action are never asked of it in these games (it takes no such perk): their
    yes-or-no is held to choose's below."""
    answered = _compare(frozenset({kind}), games, base=4000)
    assert answered[str(kind)] >= least, answered


def test_every_shortcut_together_answers_as_the_choice_point() -> None:
    """Every kind by count at once, over more games: the same games; the rarer shortcuts
    (lookout, destroy, the perks') were taken too."""
    answered = _compare(None, 10, base=4000)
    for kind in (Kind.PLAY, Kind.RECRUIT, Kind.FOLLOW):
        assert answered[str(kind)] > 100, answered
    assert sum(answered[str(k)] for k in (Kind.LOOKOUT, Kind.DESTROY)) > 5, answered


# -- each shortcut against choose itself, on made-up decisions --------------------------------

CARDS = list(kids_of(BASE))


def _same(kind: Kind, options: tuple[Option, ...], items: list[Any], view: Any) -> None:
    for seed in range(6):
        a = GreedyAgent(random.Random(seed))
        b = GreedyAgent(random.Random(seed))
        by_count = a.answer_by_count(kind, len(options), items)
        assert by_count == b.choose(view, Decision(0, kind, options)), (kind, items)
        assert a.rng.getstate() == b.rng.getstate()


class _View:
    """What the greedy bot's card lookup reads of a view (not a GameView): every card shown."""

    def __init__(self, cards: list[KidCard]) -> None:
        class Me:
            hand = cards
            lookout: list = []
            discard: list = []
        self.me = Me()
        self.park: list = []
        self.players: list = []


def test_answer_by_count_is_what_choose_answers() -> None:
    """For random sets of cards (ties included: copies of one card), each kind's answer by
    count equals choose's on the decision those options make, the generator left alike."""
    rng = random.Random(7)
    for _ in range(300):
        cards = [rng.choice(CARDS) for _ in range(rng.randint(1, 6))]
        view = _View(cards)
        ids = [c.id for c in cards]
        defs = [card_def(c) for c in cards]  # what the engine's items name a card by
        _same(Kind.PLAY, (Option("skip", None), *[Option(i, i) for i in ids]),
              [None, *defs], view)
        deck = rng.random() < 0.5
        _same(Kind.RECRUIT, (*[Option(i, ("park", i)) for i in ids],
                             *([Option("deck", ("park_deck",))] if deck else [])),
              [*defs, *([("park_deck",)] if deck else [])], view)
        _same(Kind.DESTROY, tuple(Option(i, ("hand", i)) for i in ids), defs, view)
        for kind in (Kind.RECYCLE, Kind.DO_OVER):
            _same(kind, (Option("no", None), *[Option(i, i) for i in ids]), [None, *defs], view)
    for kind in (Kind.DIY, Kind.EXTRA_RECRUIT, Kind.ROUGH_HOUSING, Kind.PERK_ACTION):
        _same(kind, (Option("no", False), Option("yes", True)), [False, True], None)


def test_answer_by_count_needs_the_decision_otherwise() -> None:
    """A kind it values from more than the cards (the order of actions, a resource...), or
    items that do not match the count: -1, the generator untouched."""
    agent = GreedyAgent(random.Random(1))
    state = agent.rng.getstate()
    assert agent.answer_by_count(Kind.ORDER, 3, [None, None, None]) == -1
    assert agent.answer_by_count(Kind.RESOURCE, 2, [None, None]) == -1
    assert agent.answer_by_count(Kind.PLAY, 3, None) == -1
    assert agent.answer_by_count(Kind.PLAY, 3, [None, card_def(CARDS[0])]) == -1
    assert agent.answer_by_count(Kind.DIY, 3) == -1
    assert agent.rng.getstate() == state
