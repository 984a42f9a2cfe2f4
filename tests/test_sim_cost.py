"""What simulate's own loop costs per game besides the engine (issue 38), counted as work done,
never timed: the greedy bot's static card values are worked out once per card, and a game's
figures are summed in integers (no Fraction arithmetic per play)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine.choices import RandomAgent
from fortlang.games.fort import gains
from fortlang.games.fort import view as fort_view
from fortlang.games.fort.agents import bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import kids_of, rules_of
from fortlang.games.fort.sim import stats
from fortlang.games.fort.sim.batch import Job, run_chunk
from fortlang.games.fort.sim.stats import Aggregate


def _chunk(start: int, stop: int, bot: str = "greedy", players: int = 4):
    return run_chunk(Job(cardset=base_set(), seed=3, start=start, stop=stop, players=players,
                         bots=(bot,)))


def test_the_greedy_bot_values_each_card_once(monkeypatch):
    _chunk(0, 3)  # every card of the set valued
    calls = []
    real = bots.worth

    def counting(action):
        calls.append(action)
        return real(action)

    monkeypatch.setattr(bots, "worth", counting)
    _chunk(3, 6)
    assert calls == []


def test_the_greedy_bot_decides_as_it_did_with_values_cached():
    """A card valued from the cache is worth what it was worth fresh (the cache keeps the card,
    so another card can never answer for it), and emptying the cache changes nothing."""
    first = _chunk(0, 4).aggregate.figures()
    card = kids_of(base_set())[0]
    assert bots.card_worth(card) == bots.worth(card.public) + bots.worth(card.private) \
        + 0.3 * len(card.suits)
    assert bots.play_worth(card) == bots.worth(card.public) + bots.worth(card.private)
    bots._VALUES.clear()
    assert _chunk(0, 4).aggregate.figures() == first


def test_a_game_figures_make_no_fraction_arithmetic(monkeypatch):
    out = _chunk(0, 2, "random").aggregate
    called = []
    monkeypatch.setattr(gains.Gain, "points", lambda *a: called.append(a) or Fraction(0))
    again = _chunk(0, 2, "random").aggregate
    assert called == []
    assert again.figures() == out.figures()


@pytest.mark.parametrize("card_rate", [Fraction(1), Fraction(1, 2), Fraction(3, 7)])
def test_a_yield_points_are_what_the_exchange_rate_says(monkeypatch, card_rate):
    """In 1/denominator of the resource rate: exact integers, as ``int(points * scale)``; a
    card rate that is not a whole number of points takes the Fraction path."""
    monkeypatch.setattr(stats, "CARD_RATE", card_rate)
    monkeypatch.setattr(gains, "CARD_RATE", card_rate)
    rate = Fraction(23, 9)
    plays = [gains.Gain(vp=1, resources=-2, cards=3, fort=5), gains.Gain(0, 4, -1, 0)]
    game = run_game(base_set(), 4, [RandomAgent(s) for s in range(4)], seed=1)
    agg = Aggregate(rate=rate)
    agg.add(dataclasses.replace(game, yields=[("a", g) for g in plays]), ["random"] * 4)
    want = [int(g.points(rate) * 9) for g in plays]
    t = agg.items["a"]
    assert (t.yields, t.points, t.points_sq) == (2, sum(want), sum(v * v for v in want))
    assert t.parts == [1, 2, 2, 5]


class _CountingView:
    """A seat's real view that counts the looks at the park (one per scan of the table)."""

    def __init__(self, view):
        self.view, self.looks = view, 0

    def __getattr__(self, name):
        if name == "park":
            self.looks += 1
        return getattr(self.view, name)


def test_the_greedy_bot_looks_at_the_table_once_per_decision():
    """Cards it cannot see (a rival's hand) are valued as unknown, as before, after a single
    look: the table does not change while one decision's options are valued."""
    from fortlang.engine.choices import Decision, Kind, Option
    from fortlang.games.fort.setup import new_game
    from fortlang.games.fort.table import Game
    from fortlang.games.fort.view import GameView

    game: Game
    game, _ = new_game(base_set(), 3, seed=2, agents=[RandomAgent(s) for s in range(3)])
    hidden = [c.card.id for c in game.players[1].hand if c.card.id not in
              {k.card.id for p in (game.players[0],) for k in p.hand} | {k.card.id for k in
                                                                          game.park}]
    assert hidden
    options = tuple(Option(f"take {i}", ("park", i)) for i in hidden[:3]) + (
        Option("mine", ("park", game.players[0].hand[0].card.id)),)
    decision = Decision(0, Kind.RECRUIT, options)
    view = _CountingView(GameView(game, 0))
    agent = bots.GreedyAgent(5)
    assert agent.choose(view, decision) == len(options) - 1  # the one card it can value
    assert view.looks == 1
    agent.choose(view, decision)
    assert view.looks == 2  # a new decision looks again (the table may have changed)


def test_determinize_shuffles_natively_as_rng_shuffle_would(monkeypatch):
    """The search bot's deals (fortlang.games.fort.knowledge) draw through the engine's compiled
    shuffle: never Random.shuffle (interpreted), and the same deal as it would give."""
    import random

    from fortlang.games.fort.knowledge import Knowledge, determinize
    from fortlang.games.fort.setup import new_game
    from fortlang.games.fort.table import Game

    def table() -> Game:
        game, _ = new_game(base_set(), 3, seed=4, agents=[RandomAgent(s) for s in range(3)])
        return game

    knowledge = Knowledge(0)
    knowledge.look(table())
    dealt = table()
    determinize(dealt, knowledge, rules_of(base_set()), random.Random(7))

    class Counting(random.Random):  # a subclass: chance.shuffle hands it to its own shuffle
        calls = 0

        def shuffle(self, x):
            Counting.calls += 1
            return super().shuffle(x)

    again = table()
    determinize(again, knowledge, rules_of(base_set()), Counting(7))
    assert Counting.calls > 0 and again.snapshot() == dealt.snapshot()
    shuffled = []
    real = random.Random.shuffle
    monkeypatch.setattr(random.Random, "shuffle",
                        lambda self, x: shuffled.append(len(x)) or real(self, x))
    determinize(table(), knowledge, rules_of(base_set()), random.Random(7))
    assert shuffled == []


def test_a_game_figures_are_summed_by_compiled_code():
    """simulate's bookkeeping runs once a game beside the compiled engine: interpreted, it was
    a tenth of a random-bot game's time (issue 38), so the wheel compiles it with the engine."""
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    hook = tomllib.loads(pyproject.read_text("utf-8"))["tool"]["hatch"]["build"]["targets"][
        "wheel"]["hooks"]["custom"]
    assert "fortlang/games/fort/sim/stats.py" in hook["modules"]



@pytest.mark.skipif(native.is_compiled(fort_view),
                    reason="patches a property of a class compiled with the engine")
def test_the_greedy_bot_scans_the_table_without_a_seat_view(monkeypatch):
    """A scan for the cards it can value reads the table's zones once, natively
    (GameView.note_cards): no view of the park, of each seat and of its zones as tuples per
    scan, and the same decisions (issue 38: the scans were a tenth of a greedy game)."""
    from fortlang.games.fort.view import GameView

    first = _chunk(0, 2).aggregate.figures()
    looks = []
    real = GameView.park.fget

    def counting(view):
        looks.append(view.seat)
        return real(view)

    monkeypatch.setattr(GameView, "park", property(counting))
    assert _chunk(0, 2).aggregate.figures() == first
    assert looks == []


def test_a_bot_generator_is_seeded_without_the_interpreted_seed(monkeypatch):
    """make_bots seeds each bot's generator natively (random.Random.seed is Python code that
    hashes a string seed and checks types, twice per bot per game), to the same state as
    ``Random(agent_seed(...))``, and agent_seed is what it was."""
    import random

    calls = []
    real = random.Random.seed
    monkeypatch.setattr(random.Random, "seed",
                        lambda self, *a, **k: calls.append(a) or real(self, *a, **k))
    made = bots.make_bots(["random", "greedy"], 4, 1234)
    assert calls == []
    monkeypatch.setattr(random.Random, "seed", real)
    for seat, bot in enumerate(made):
        want = random.Random(random.Random(f"fortlang-agent:1234:{seat}").getrandbits(64))
        assert bot.rng.getstate() == want.getstate()
    from fortlang.agents.bots import agent_seed

    assert agent_seed(1234, 2) == random.Random("fortlang-agent:1234:2").getrandbits(64)


@pytest.mark.skipif(native.is_compiled(bots), reason="reads the dispatch's Python source")
def test_the_greedy_bot_calls_each_kind_s_rater():
    """The direct dispatch (bots._rate) calls, for each kind, the rater the table declares."""
    for kind, rater in bots._RATERS.items():
        assert bots._RATER_LIST[bots._RATER_CODE[kind]] is rater
    source = __import__("inspect").getsource(bots._rate)
    for code, rater in enumerate(bots._RATER_LIST):
        assert f"if code == {code}:\n        return {rater.__name__}(" in source or (
            code == len(bots._RATER_LIST) - 1 and f"return {rater.__name__}(" in source)
