"""Issue 38: the greedy bot finds its best options in one pass, without a list of values; it
answers every decision as it did with one (the best value, then a uniform draw among the
options that have it), its generator left alike: checked against that way, written out here,
on decisions with many ties (rivals with equal VP, options worth nothing), and on the static
values of every card, read fresh or from their cache."""

from __future__ import annotations

import random
from types import SimpleNamespace

from fortlang.cardset import base_set
from fortlang.engine.chance import choice
from fortlang.engine.choices import Decision, Give, Kind, Option, Seat, Take
from fortlang.games.fort.agents import bots
from fortlang.games.fort.agents.bots import GreedyAgent
from fortlang.games.fort.model import kids_of


def _as_before(agent: GreedyAgent, view, decision: Decision) -> int:
    """The greedy bot's choice as it was made with a list of values (before issue 38's pass)."""
    code = bots._RATER_CODE.get(decision.kind, 0)
    values: list[float] = []
    best = 0.0
    for i in range(len(decision.options)):
        value = bots._rate(code, agent, view, decision, i)
        if not i or value > best:
            best = value
        values.append(value)
    return choice(agent.rng, [i for i, v in enumerate(values) if v == best])


def _decisions(rng: random.Random):
    for _ in range(400):
        n = rng.randint(1, 9)
        kind = rng.choice([Kind.FOLLOW, Kind.DIY, Kind.RIVAL, Kind.CHOICE, Kind.ORDER])
        if kind is Kind.RIVAL:
            seats = [rng.randrange(4) for _ in range(n)]
            values = [rng.choice([Seat(s), Give(s, 1), Take(s, 2), None]) for s in seats]
        elif kind is Kind.ORDER:
            values = [tuple("ab"[: rng.randint(0, 2)]) for _ in range(n)]
        else:
            values = [rng.choice([None, False, True, ("c1",)]) for _ in range(n)]
        yield Decision(0, kind, tuple(Option(f"o{i}", v) for i, v in enumerate(values)))


def test_choose_answers_as_with_a_list_of_values():
    rng = random.Random(5)
    players = [SimpleNamespace(vp=rng.choice([0, 3, 3, 7])) for _ in range(4)]
    view = SimpleNamespace(players=players)
    ties = 0
    for seed, decision in enumerate(_decisions(rng)):
        a, b = GreedyAgent(random.Random(seed)), GreedyAgent(random.Random(seed))
        code = bots._RATER_CODE[decision.kind]
        values = [bots._rate(code, b, view, decision, i) for i in range(len(decision.options))]
        ties += values.count(max(values)) > 1
        assert a.choose(view, decision) == _as_before(b, view, decision), decision
        assert a.rng.getstate() == b.rng.getstate()
    assert ties > 50  # the draw among equals was exercised


def test_the_static_values_are_the_same_fresh_or_kept():
    for card in kids_of(base_set()):
        play = bots.worth(card.public) + bots.worth(card.private)
        want = (play, play + 0.3 * len(card.suits))
        bots._VALUES.clear()
        assert (bots.play_worth(card), bots.card_worth(card)) == want  # fresh
        assert (bots.play_worth(card), bots.card_worth(card)) == want  # kept


def test_values_named_by_id_are_the_named_cards():
    """The values kept by the id an option names are those of the card found under that id,
    even when another card had that id before (another set, a scenario's made-up card)."""
    kids = kids_of(base_set())
    a, b = kids[0], next(k for k in kids if bots.card_worth(k) != bots.card_worth(kids[0]))
    for card in (a, b, a):
        assert bots._values_of("same id", card).deck == bots.card_worth(card)
        assert bots._values_of("same id", card).play == bots.play_worth(card)
