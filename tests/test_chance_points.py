"""Chance points (issue 33 stage 6, docs/design/game-modules.md §4): a primitive that rolls a die
inside a move. `roll N` is declared here, in this test alone (as a vocabulary plugin would): roll
a d6; on N or more, gain a toy. Legality is judged up to the first chance point, a search never
draws from the generator, the outcome is logged and replayed, and the pull API can hand every
chance point to the caller (OpenSpiel's chance player), which makes exact odds a walk."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from builders import Recorder
from dice_plugin import D6, ROLL

from fortlang.cardset import base_set
from fortlang.engine import IllegalMove
from fortlang.engine.chance import CHANCE, Distribution, below
from fortlang.engine.choices import Option
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import can_perform, perform
from fortlang.games.fort.sim.pull import GameState, play
from fortlang.games.fort.table import Game
from fortlang.parser import language
from fortlang.sim.replay import FORMAT_WITH_CHANCE, StateTrace, outcome_json, record, replay
from fortlang.sim.seats import Seats

TOY = Resource.TOY


ROLLING = language(fort_words.FORT.extended("fort+roll", primitives=(ROLL,)))


def _table(seed: int, answers=()) -> tuple[Game, Recorder]:
    agent = Recorder(answers)
    return Game(2, seed=seed, asker=Seats([agent, None]), debug=True), agent


def test_a_search_never_draws_so_options_and_outcomes_do_not_depend_on_trials() -> None:
    """The issue's finding: a roll drawing from the generator inside a trial made the searched
    move and the performed one disagree (912 of 2,000 seeds). Now the offered options are the
    same for every seed, and the die shows the generator's first draw since the move began,
    however many trials ran before it."""
    action = ROLLING.parse_action("(roll 4 then gain 2 pizza) or gain toy")
    firsts = set()
    for seed in range(2000):
        game, agent = _table(seed, ["roll"])
        expected = below(random.Random(seed), 6) + 1  # the generator as the move found it
        assert perform(game, 0, action)
        firsts.add(tuple(agent.seen[0].options))
        chances = [i for kind, i in game.log if kind == "chance"]
        assert [D6.outcomes[i].value for i in chances] == [expected]
        assert game.players[0].stuff[TOY] == (1 if expected >= 4 else 0)
    assert len(firsts) == 1 and len(next(iter(firsts))) == 2


def test_legality_is_judged_up_to_the_first_chance_point() -> None:
    """Design §4.2: what precedes the roll must be possible in full; what follows it is done as
    far as it goes once the die is known, and the move stands."""
    game, _ = _table(1)
    assert not can_perform(game, 0, ROLLING.parse_action("spend toy then roll"))
    assert can_perform(game, 0, ROLLING.parse_action("roll then spend 3 toy"))
    assert perform(game, 0, ROLLING.parse_action("roll then spend 3 toy"))  # nothing to spend
    assert game.players[0].stuff[TOY] in (0, 1)
    assert [kind for kind, _ in game.log] == ["chance"]


def test_after_the_roll_every_option_is_offered() -> None:
    """Nothing after a chance point can make the move illegal: a later choice offers all its
    options, even one that falls short (here: gaining pizza into a full stuff)."""
    game, agent = _table(3, ["spend toy"])
    assert perform(game, 0, ROLLING.parse_action("roll 1 then (spend toy or gain pizza)"))
    (after,) = agent.seen
    assert [o.label for o in after.options] == ["spend toy", "gain pizza"] and not after.excluded
    assert game.players[0].stuff[TOY] == 0  # gained on the roll (1+), then spent


def test_a_rollback_restores_the_generator() -> None:
    game, _ = _table(5)
    before = game.rng.getstate()
    mark = game.begin()
    game.chance(D6)
    game.chance(D6)
    assert game.rng.getstate() != before
    game.rollback(mark)
    assert game.rng.getstate() == before
    game.commit(mark)


def test_an_agent_error_after_a_roll_undoes_the_move_and_the_draw() -> None:
    class Boom:
        def choose(self, view, decision):
            raise RuntimeError("boom")

    game = Game(2, seed=9, asker=Seats([Boom(), None]))
    before, snapshot = game.rng.getstate(), game.snapshot()
    with pytest.raises(RuntimeError, match="boom"):
        perform(game, 0, ROLLING.parse_action("roll 1 then gain pizza/toy"))
    assert game.rng.getstate() == before and game.snapshot() == snapshot


def _walk_state(history: list[int], action: str) -> GameState:
    game = Game(2, seed=0, asker=None)
    state = GameState.on_table(game, lambda g: (perform(g, 0, ROLLING.parse_action(action)),
                                                g.players[0].stuff[TOY]), chance="explicit")
    for index in history:
        state.apply_action(index)
    return state


def _expectation(action: str, value, history: list[int] | None = None) -> Fraction:
    """An expectimax walk over the pull API with explicit chance (design §4.5): at a chance
    point, the outcomes' values weighted by their probabilities."""
    history = history or []
    state = _walk_state(history, action)
    if state.is_terminal():
        return Fraction(value(state.outcome()[1]))
    assert state.current_player() == CHANCE and state.is_chance_node()
    total = Fraction(0)
    for i, (_, p) in enumerate(state.chance_outcomes()):
        total += p * _expectation(action, value, [*history, i])
    return total


def test_explicit_chance_hands_each_roll_to_the_caller_and_exact_odds_are_a_walk() -> None:
    state = _walk_state([], "roll 5 then roll 5")
    assert state.current_player() == CHANCE
    assert [str(p) for _, p in state.chance_outcomes()] == ["1/6"] * 6
    assert state.legal_actions() == D6.outcomes
    with pytest.raises(IllegalMove, match="a chance point, not a decision"):
        state.decision()
    with pytest.raises(IllegalMove, match="is not an outcome"):
        state.apply_action(7)
    state.apply_action(Option("6", 6))  # an outcome given as itself: a hit
    state.apply_action(2)  # as an index: a 3, a miss
    assert state.is_terminal() and state.outcome()[1] == 1 and state.history() == (5, 2)
    # rolls at 5+ hit with p = 1/3; under R13.4 the second roll needs the first in full:
    # E[toys] = p (1 + p) = 4/9, P(a toy) = p; either roll alone (`or`, chosen first) is p
    p = Fraction(1, 3)
    assert _expectation("roll 5 then roll 5", lambda toys: toys) == p * (1 + p)
    assert _expectation("roll 5 then roll 5", lambda toys: toys >= 1) == p
    assert _expectation("roll 4 then roll 6", lambda toys: toys == 2) == Fraction(1, 2) / 6


def _rolling_set():
    """The base set with every kid's public action a roll first: games meet chance points."""
    base = base_set()
    act = ROLLING.parse_action("roll 4 then gain pizza/toy")
    kids = tuple(dataclasses.replace(k, public=act) for k in kids_of(base))
    return base.with_slot("kids", kids)


def _logged_game(cardset, seed: int) -> dict:
    trace = StateTrace()
    state = GameState(cardset, 2, seed=seed, trace=trace)
    out = play(state, make_bots(["random"], 2, seed))
    return record(out, index=0, players=2, bots=["random"], draft=False, trace=trace.digest)


def test_a_game_with_chance_points_logs_them_and_replays_identically() -> None:
    cardset = _rolling_set()
    entry = _logged_game(cardset, 11)
    chances = [d for d in entry["decisions"] if d[0] == "chance"]
    assert chances and entry["format"] == FORMAT_WITH_CHANCE
    assert replay(cardset, entry).identical
    tampered = dict(entry, decisions=[["chance", (i + 1) % 6] if k == "chance" else [k, i]
                                      for k, i in entry["decisions"]])
    assert not replay(cardset, tampered).identical


def test_explicit_chance_answered_as_sampled_replays_the_same_game() -> None:
    """The same seed and answers give the same game: a game whose chance points the caller
    answers with the draws the engine would have made equals the sampled one, and a clone
    carries the chance answers in its history."""
    cardset = _rolling_set()
    sampled = GameState(cardset, 2, seed=4)
    out = play(sampled, make_bots(["random"], 2, 4))
    answers = iter(out.log)
    explicit = GameState(cardset, 2, seed=4, chance="explicit")
    while not explicit.is_terminal():
        kind, index = next(answers)
        if explicit.is_chance_node():
            assert kind == "chance"
        explicit.apply_action(index)
        if len(explicit.history()) == 40:
            clone = explicit.clone()
            assert clone.history() == explicit.history() and clone.is_chance_node() == \
                explicit.is_chance_node()
    assert outcome_json(explicit.outcome()) == outcome_json(out)


def test_a_distribution_is_bounded_and_exact() -> None:
    with pytest.raises(ValueError):
        Distribution([])
    with pytest.raises(ValueError):
        Distribution([Option("a")], [0])
    with pytest.raises(ValueError):
        Distribution([Option(str(i)) for i in range(10_001)])
    loaded = Distribution([Option("miss"), Option("hit")], [2, 1])
    draws = [loaded.draw(random.Random(s)) for s in range(3000)]
    assert 900 < draws.count(1) < 1100  # 1/3 of 3,000, loosely
