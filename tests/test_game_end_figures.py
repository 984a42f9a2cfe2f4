"""Issue 38: the figures a game ends with, made cheaper, must be what they were: the metrics of
R14 counted zone by zone (no list of the cards), the final score (R11.2) a plain class, the
state's snapshot (replays) without a closure, and an aggregate's item tallies looked up in
place. Each is checked against the way it was computed before, on the tables of random and
greedy 2-4 player games at every turn."""

from __future__ import annotations

import pickle
from collections import Counter
from dataclasses import FrozenInstanceError, dataclass

import pytest

from fortlang.cardset import base_set
from fortlang.games.fort import metrics
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.gains import resource_rate
from fortlang.games.fort.match import run_game
from fortlang.games.fort.metrics import cards_you_have
from fortlang.games.fort.model import board_of, rules_of
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.scoring import Score, final_score
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.sim.stats import Aggregate, kinds_of

CARDSET = base_set()
RULES = rules_of(CARDSET)

#: The metrics of R14 as they were counted up to 08410e7: over the list of the cards you have.
REFERENCE = {
    "cards": lambda game, p: len(cards_you_have(p)),
    "suits": lambda game, p: len({s for c in cards_you_have(p) for s in c.suits
                                  if s is not Suit.COIN}),
    "best_friends": lambda game, p: sum(c.defn.best_friend for c in cards_you_have(p)),
    "advances": lambda game, p: sum(metrics._printed_advances(c.card)
                                    for c in cards_you_have(p)),
    **{s.value: (lambda game, p, s=s: sum(c.suits.count(s) for c in cards_you_have(p)))
       for s in Suit},
}


def _snapshot(game) -> tuple:
    """Game.snapshot as it was written up to 08410e7."""
    def cards(zone) -> tuple[int, ...]:
        return tuple(c.uid for c in zone)

    players = tuple((tuple(cards(z) for _, z in p.zones()),
                     p.stuff.values(), p.pack.values(),
                     p.level, p.vp, p.rule.id if p.rule else None,
                     tuple(k.id for k in p.perks)) for p in game.players)
    return (players, cards(game.park), cards(game.park_deck), cards(game.box),
            game.supply.values(), tuple(r.id for r in game.rule_pile),
            tuple(k.id for k in game.perk_row), tuple(k.id for k in game.boxed_perks),
            game.macaroni)


@dataclass(frozen=True)
class OldScore:
    """Score as it was up to 08410e7: a frozen dataclass."""

    seat: int
    track: int
    fort: int
    rule: int
    macaroni: int
    level: int


GAMES = [(2, ["random"], 1), (3, ["greedy", "random"], 2), (4, ["random"], 3),
         (4, ["greedy"], 4)]


@pytest.mark.parametrize(("players", "lineup", "seed"), GAMES)
def test_r14_metrics_and_the_snapshot_are_what_they_were_at_every_turn(players, lineup, seed):
    """Issue 38: every metric of R14 counted zone by zone, the snapshot built without its
    closure and generators: equal to the list-based metrics and the old snapshot at every
    turn's start, for every seat, and so is every made-up rule's score (R11.2)."""
    bots = make_bots(lineup, players, seed)
    game, first = new_game(CARDSET, players, seed=seed, agents=bots)
    turns = []

    def on_turn(g, at) -> None:
        turns.append(at.turns)
        assert g.snapshot() == _snapshot(g)
        for p in g.players:
            for name, count in REFERENCE.items():
                assert metrics.metric(g, p, name) == count(g, p), name
            assert metrics.count_you_have(p) == len(cards_you_have(p))
            for rule in RULES:
                assert metrics.evaluate(rule.score, g, p) == _reference(rule.score, g, p)
            old = OldScore(p.seat, p.vp, g.level_points[p.level],
                           _reference(p.rule.score, g, p) if p.rule else 0,
                           g.board.macaroni_points if g.macaroni == p.seat else 0, p.level)
            assert repr(final_score(g, p)) == repr(old).replace("OldScore", "Score")

    out = run_game(CARDSET, players, bots, game=game, first=first, on_turn=on_turn)
    assert len(turns) == out.turns
    assert out.snapshot == _snapshot(game)
    assert any(metrics.metric(game, p, "advances") for p in game.players)


def _reference(expr, game, p) -> int:
    """A made-up rule's score with the reference metrics (R14)."""
    from fortlang import nodes as n

    if isinstance(expr, n.Number):
        return expr.value
    if isinstance(expr, n.Metric):
        count = REFERENCE.get(expr.name)
        return count(game, p) if count else metrics.metric(game, p, expr.name)
    if isinstance(expr, n.RivalBest):
        return max((_reference(n.Metric(name=expr.name), game, q)
                    for q in game.rivals(p.seat)), default=0)
    if isinstance(expr, n.Arith):
        a, b = _reference(expr.left, game, p), _reference(expr.right, game, p)
        return {"+": a + b, "-": a - b, "*": a * b}[expr.op]
    if isinstance(expr, n.Compare):
        a, b = _reference(expr.left, game, p), _reference(expr.right, game, p)
        return int({"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
                    ">=": a >= b}[expr.op])
    if isinstance(expr, n.IfElse):
        if _reference(expr.test, game, p):
            return _reference(expr.value, game, p)
        return _reference(expr.otherwise, game, p) if expr.otherwise is not None else 0
    raise TypeError(type(expr).__name__)


def test_r11_2_a_score_is_the_frozen_value_it_was():
    """Issue 38: Score is a plain class (a native constructor once compiled), with the frozen
    dataclass's equality, hash, repr and pickling, and no field to assign (mypy: Final)."""
    for fields in [(0, 17, 23, 4, 4, 5), (3, 0, 0, 0, 0, 0), (1, 25, 3, 8, 0, 2)]:
        new, old = Score(*fields), OldScore(*fields)
        assert repr(new) == repr(old).replace("OldScore", "Score")
        assert hash(new) == hash(old)
        assert new == Score(*fields) and new != Score(*fields[:-1], fields[-1] + 1)
        assert new != old and new != fields
        assert pickle.loads(pickle.dumps(new)) == new
        assert new.total == old.track + old.fort + old.rule + old.macaroni
    with pytest.raises((AttributeError, FrozenInstanceError, TypeError)):
        Score(0, 1, 2, 3, 4, 5).nope = 1  # type: ignore[attr-defined]
    out = run_game(CARDSET, 3, make_bots(["random"], 3, 5), seed=5)
    assert len({s.seat for s in out.scores}) == 3


def _reference_items(outs, lineup) -> dict[str, Counter]:
    """An aggregate's item figures counted the plain way (issue 38's reference)."""
    rate = resource_rate(board_of(CARDSET))
    items: dict[str, Counter] = {}
    for out in outs:
        credit = 12 // len(out.winners)
        for seat, keys in enumerate(out.acquired):
            for key in keys:
                t = items.setdefault(key, Counter())
                t["acquired"] += 1
                t["acquired_wins"] += credit if seat in out.winners else 0
        for field, counts in (("played", out.played), ("followed", out.followed),
                              ("played", out.perks_used), ("recruited", out.recruited)):
            for key, k in counts.items():
                items.setdefault(key, Counter())[field] += k
        for key, gain in out.yields:
            t = items.setdefault(key, Counter())
            value = int(gain.points(rate) * rate.denominator)
            t["yields"] += 1
            t["points"] += value
            t["points_sq"] += value * value
            for name, part in zip(("vp", "resources", "cards", "fort"), gain, strict=True):
                t[name] += part
    return items


def test_an_aggregates_item_tallies_are_the_outcomes_counted():
    """Issue 38: Aggregate.add looks each item's tally up in place: every field of every
    item is what the outcomes count, the plain way."""
    lineup = ["random", "greedy", "random", "greedy"]
    outs = [run_game(CARDSET, 4, make_bots(lineup, 4, seed), seed=seed) for seed in range(4)]
    agg = Aggregate(rate=resource_rate(board_of(CARDSET)), kinds=kinds_of(CARDSET))
    for out in outs:
        agg.add(out, lineup)
    fields = ("played", "followed", "recruited", "acquired", "acquired_wins", "yields",
              "points", "points_sq", "vp", "resources", "cards", "fort")
    got = {key: Counter({f: getattr(t, f) for f in fields if getattr(t, f)})
           for key, t in agg.items.items()}
    assert got == _reference_items(outs, lineup)
    for f in ("played", "followed", "recruited", "acquired", "yields", "points_sq"):
        assert any(t[f] for t in got.values()), f
