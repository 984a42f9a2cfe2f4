"""The engine asks one asker (issue 33 stage 2): a :class:`~fortlang.games.fort.table.Game` holds no
agents; the match layer seats them (:class:`~fortlang.sim.seats.Seats`) and answers through
the :class:`~fortlang.engine.asker.Asker` protocol."""

from __future__ import annotations

import pytest
from builders import kid

from fortlang.cardset import base_set
from fortlang.engine import Kind, RandomAgent, ScriptedAgent
from fortlang.engine.asker import RandomAsker
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import perform
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.sim.pull import GameState, play
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats, asker_for

BASE = base_set()


class Noting:
    """An asker (the engine's Asker protocol) that notes what it is asked and answers the last
    option."""

    def __init__(self) -> None:
        self.asked: list[tuple[Game, int, Kind]] = []

    def decide(self, game: Game, decision) -> int:
        self.asked.append((game, decision.player, decision.kind))
        return len(decision.options) - 1


def test_a_game_holds_no_agents_only_the_asker_it_asks():
    asker = Noting()
    game = Game(2, asker=asker)
    assert not hasattr(game, "agents") and game.asker is asker
    assert perform(game, 1, parse_action("gain 2 pizza/toy"))
    assert asker.asked == [(game, 1, Kind.RESOURCE)]
    assert game.log == [("resource", 1)] and game.players[1].stuff[Resource.TOY] == 2


def test_a_set_up_game_holds_no_agents_either():
    game, _ = new_game(BASE, 2, seed=3, agents=make_bots(["greedy", "random"], 2, 3))
    assert not hasattr(game, "agents") and isinstance(game.asker, Seats)
    state = GameState(BASE, 2, seed=3)
    assert not hasattr(state.game, "agents")


def test_random_bots_get_the_native_random_asker_and_play_the_same_game_as_seats():
    bots = make_bots(["random"], 3, 11)
    assert isinstance(asker_for(bots), RandomAsker)
    assert isinstance(asker_for([*bots[:2], ScriptedAgent()]), Seats)
    fast, _ = new_game(BASE, 3, seed=11, agents=bots)
    assert type(fast.asker) is RandomAsker
    slow, first = new_game(BASE, 3, seed=11, asker=Seats(make_bots(["random"], 3, 11)))
    assert fast.log == slow.log  # the draft-free set-up asks nothing; the turns do
    a = run_game(BASE, 3, [], game=fast, first=first)
    b = run_game(BASE, 3, [], game=slow, first=first)
    assert len(a.log) > 100 and a.log == b.log and a.snapshot == b.snapshot


def test_seats_ask_the_deciding_seat_s_agent_with_that_seat_s_view():
    class Looker:
        def __init__(self) -> None:
            self.seen: list[tuple[int, int]] = []

        def choose(self, view, decision) -> int:
            self.seen.append((view.seat, decision.player))
            return 0

    first, second = Looker(), Looker()
    seats = Seats([first, second])
    game = Game(2, asker=seats)
    perform(game, 1, parse_action("gain pizza/toy"))
    perform(game, 0, parse_action("gain pizza/toy"))
    assert first.seen == [(0, 0)] and second.seen == [(1, 1)] and seats.agents == [first, second]


def test_a_seat_without_an_agent_and_an_answer_out_of_range_are_errors():
    for game in (Game(2), Game(2, asker=Seats([None, ScriptedAgent()]))):
        with pytest.raises(RuntimeError, match="seat 0 has no agent for a resource decision"):
            perform(game, 0, parse_action("gain pizza/toy"))
    class Wrong:
        def choose(self, view, decision) -> int:
            return 7

    game = Game(2, asker=Seats([Wrong(), None]))
    with pytest.raises(ValueError, match="seat 0 answered 7 to a resource decision with 2"):
        perform(game, 0, parse_action("gain pizza/toy"))


def test_a_copy_asks_the_same_asker_and_random_seats_play_as_before():
    asker = Noting()
    game = Game(2, asker=asker)
    game.new_card(kid("Alpha", "book", "score"), game.players[0].hand)
    assert game.copy().asker is asker
    # run_game seats its agents; the pull API answers from outside: the same game either way
    out = run_game(BASE, 3, make_bots(["random"], 3, 5), seed=5)
    pulled = play(GameState(BASE, 3, seed=5), make_bots(["random"], 3, 5))
    assert out.log == pulled.log and out.snapshot == pulled.snapshot
    assert [type(a) for a in make_bots(["random"], 3, 5)] == [RandomAgent] * 3
