"""Issue 38: an item's tally sums what its plays brought by Gain's part in native ints
(ItemTally.vp, resources, cards, fort; ``parts`` reads them). The sums must be those of the
games' yields, and merging chunks must give the figures of one run."""

from __future__ import annotations

from collections import Counter, defaultdict

from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.gains import resource_rate
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import board_of
from fortlang.games.fort.sim.stats import Aggregate, kinds_of

CARDSET = base_set()


def _aggregate() -> Aggregate:
    return Aggregate(rate=resource_rate(board_of(CARDSET)), kinds=kinds_of(CARDSET))


def test_an_items_parts_are_the_sums_of_its_yields_and_chunks_merge_to_one_run():
    outs = [run_game(CARDSET, 4, make_bots(["random", "greedy"], 4, seed), seed=seed)
            for seed in range(6)]
    lineup = ["random", "greedy", "random", "greedy"]
    whole, first, second = _aggregate(), _aggregate(), _aggregate()
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for i, out in enumerate(outs):
        whole.add(out, lineup)
        (first if i < 3 else second).add(out, lineup)
        for key, gain in out.yields:
            expected[key] = [a + b for a, b in zip(expected[key], gain, strict=True)]
    assert {k: t.parts for k, t in whole.items.items() if t.yields} == dict(expected)
    assert any(sum(map(abs, parts)) for parts in expected.values())
    first.merge(second)
    assert first.figures() == whole.figures()
    assert {k: t.parts for k, t in first.items.items()} == {
        k: t.parts for k, t in whole.items.items()}


def test_a_runs_counters_are_the_outcomes_counted():
    """Issue 38: the run's Counters (end triggers R11.1, perks used R15, final scores, game
    lengths) are bumped through dict's item assignment, not the Counter's: the same counts,
    still Counters (merged with Counter.update, reported sorted)."""
    outs = [run_game(CARDSET, players, make_bots(["random"], players, seed), seed=seed)
            for seed, players in ((1, 4), (2, 3), (3, 2), (4, 4), (5, 4), (6, 3))]
    agg = _aggregate()
    triggers, perks, scores, turns = Counter(), Counter(), Counter(), Counter()
    for out in outs:
        agg.add(out, ["random"] * len(out.scores))
        triggers.update(out.triggers)
        perks.update(out.perks_used)
        scores.update(s.total for s in out.scores)
        turns[out.turns] += 1
    for mine, theirs in ((agg.triggers, triggers), (agg.perks, perks),
                         (agg.score_hist, scores), (agg.turns_hist, turns)):
        assert type(mine) is Counter and mine == theirs and sum(theirs.values())
    assert sum(perks.values()) > 0


def test_a_yields_points_follow_the_runs_rate_when_it_changes():
    """Issue 38: the units a yield's points are counted in are worked out once per rate, and
    again for another rate (a merge into an empty run takes the other run's)."""
    from fractions import Fraction

    from fortlang.games.fort.gains import Gain

    out = run_game(CARDSET, 2, make_bots(["random"], 2, 3), seed=3)
    out.yields = [("a", Gain(1, 2, 0, 0))]
    agg = Aggregate(rate=Fraction(1, 3))
    agg.add(out, ["random"] * 2)
    assert agg.items["a"].points == 1 * 3 + 2 * 1  # in thirds of a point
    agg.rate = Fraction(2, 5)
    agg.add(out, ["random"] * 2)
    assert agg.items["a"].points == 5 + (1 * 5 + 2 * 2)  # then in fifths
    fresh = Aggregate()
    fresh.merge(agg)
    fresh.add(out, ["random"] * 2)
    assert fresh.items["a"].points == agg.items["a"].points + 1 * 5 + 2 * 2
