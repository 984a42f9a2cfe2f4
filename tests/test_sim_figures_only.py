"""Issue 38: what a game costs around its turns on simulate's path. A game played for the
figures only (``run_game(..., figures_only=True)``, simulate without ``--log``) leaves the
Outcome's log, holdings and end state empty and nothing else changes: every other field, and
so the aggregate's figures, are those of the same game played in full (the reference). The
Outcome's written-out ``__init__`` is the dataclass's (defaults, equality, ``replace``), and a
game made without rule switches shares one frozen Rules object."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.gains import resource_rate
from fortlang.games.fort.match import Outcome, run_game
from fortlang.games.fort.metrics import cards_you_have
from fortlang.games.fort.model import board_of
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.sim.batch import Job, run_chunk
from fortlang.games.fort.sim.stats import Aggregate, kinds_of
from fortlang.games.fort.table import Game, Rules

CARDSET = base_set()
EMPTIED = ("log", "holdings", "snapshot")
GAMES = [(2, ["random"], 11), (3, ["greedy", "random"], 12), (4, ["random"], 13),
         (4, ["greedy"], 14), (4, ["random", "greedy"], 15)]


def _pair(players: int, lineup: list[str], seed: int) -> tuple[Outcome, Outcome, Game]:
    """The same game played in full (the reference) and for the figures only."""
    full_game, first = new_game(CARDSET, players, seed=seed,
                                agents=make_bots(lineup, players, seed))
    full = run_game(CARDSET, players, (), seed=seed, game=full_game, first=first)
    game, first = new_game(CARDSET, players, seed=seed, agents=make_bots(lineup, players, seed))
    fast = run_game(CARDSET, players, (), seed=seed, game=game, first=first, figures_only=True)
    return full, fast, full_game


@pytest.mark.parametrize(("players", "lineup", "seed"), GAMES)
def test_a_game_for_the_figures_only_is_the_full_games_outcome_but_its_replay(players, lineup,
                                                                               seed):
    full, fast, game = _pair(players, lineup, seed)
    for f in dataclasses.fields(Outcome):
        if f.name in EMPTIED:
            assert not getattr(fast, f.name), f.name
        else:
            assert getattr(fast, f.name) == getattr(full, f.name), f.name
    # the full game's are still made, as they were
    assert full.log == game.log and full.log and full.snapshot == game.snapshot()
    assert full.holdings == [{c.defn.id for c in cards_you_have(p)} for p in game.players]
    assert all(full.holdings)
    lineup_of = [lineup[i % len(lineup)] for i in range(players)]
    figures = []
    for out in (full, fast):
        agg = Aggregate(rate=resource_rate(board_of(CARDSET)), kinds=kinds_of(CARDSET))
        agg.add(out, lineup_of)
        figures.append(json.dumps(agg.figures()))
    assert figures[0] == figures[1]


def test_simulate_logging_or_not_reports_the_same_figures():
    """run_chunk plays for the figures only unless it logs (then each line carries the
    replay: decisions and the end state's hash); the figures are the same byte for byte."""
    kw = dict(cardset=CARDSET, seed=3, start=0, stop=6, players=4, bots=("random", "greedy"))
    quiet, logged = run_chunk(Job(**kw)), run_chunk(Job(**kw, log=True))
    assert not quiet.lines and len(logged.lines) == 6
    assert all(json.loads(line)["decisions"] for line in logged.lines)
    assert json.dumps(quiet.aggregate.figures()) == json.dumps(logged.aggregate.figures())


def test_an_outcomes_written_init_is_the_dataclasss():
    made = Outcome(1, 2, [], (0,), 3, ["score"], [("decision", 1)])
    assert (made.played, made.followed, made.perks_used, made.recruited) == (Counter(),) * 4
    assert all(type(c) is Counter for c in (made.played, made.followed, made.perks_used,
                                            made.recruited))
    assert (made.holdings, made.snapshot, made.yields, made.acquired) == ([], (), [], [])
    other = Outcome(1, 2, [], (0,), 3, ["score"], [("decision", 1)])
    assert made == other and repr(made) == repr(other)
    made.played["a"] += 1  # each its own
    assert not other.played and made != other
    assert [f.name for f in dataclasses.fields(Outcome)] == [
        "seed", "first", "scores", "winners", "turns", "triggers", "log", "played", "followed",
        "holdings", "perks_used", "snapshot", "yields", "recruited", "acquired"]
    again = dataclasses.replace(made, turns=9)
    assert again.turns == 9 and again.played == made.played and again.log == made.log
    keywords = Outcome(seed=1, first=2, scores=[], winners=(0,), turns=3, triggers=["score"],
                       log=[("decision", 1)], played=Counter(a=1))
    assert keywords == made


def test_games_without_switches_share_the_default_rules():
    """Rules is frozen: one default object for every game made without switches; a game
    given its own keeps them (and so does its copy)."""
    one, two = Game(2), Game(4)
    assert one.rules == Rules() and one.rules is two.rules
    own = Rules(lookout_optional=False)
    mine = Game(3, rules=own)
    assert mine.rules is own and mine.copy().rules is own
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.rules.coin_follows_any = False  # type: ignore[misc]


def _reference_winners(scores) -> tuple[int, ...]:
    """R11.3's winners as they were worked out up to ee2d29d: by (total, level) tuples."""
    best = max((s.total, s.level) for s in scores)
    return tuple(s.seat for s in scores if (s.total, s.level) == best)


def test_r11_3_winners_are_the_best_total_then_level_pairs():
    """Issue 38: winners compares totals then levels without a tuple a score: the same seats
    as the tuples' maximum, on made-up ties (every order of them) and on played games."""
    from itertools import permutations, product

    from fortlang.games.fort.scoring import Score, winners

    cases = 0
    for fields in product((10, 11), (0, 1), (2, 3)):  # track, rule, level of seat 0
        for other in ((10, 1, 3), (11, 0, 2), (12, 0, 1), fields, (9, 2, 3)):
            scores = [Score(0, fields[0], 0, fields[1], 0, fields[2]),
                      Score(1, other[0], 0, other[1], 0, other[2]),
                      Score(2, 11, 0, 0, 0, 2)]
            for order in permutations(scores):
                assert winners(list(order)) == _reference_winners(order)
                cases += 1
    assert cases == 8 * 5 * 6
    shared = [Score(s, 20, 0, 0, 0, 3) for s in range(4)]
    assert winners(shared) == (0, 1, 2, 3)
    for players, lineup, seed in GAMES:
        full, _, _ = _pair(players, lineup, seed)
        assert full.winners == _reference_winners(full.scores)
    with pytest.raises(ValueError):
        winners([])
