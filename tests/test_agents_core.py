"""The core's agents and engine hold what serves any game; Fort's seat view and Fort's bots are
Fort's (issue 33 item 5: bots generic over the module; item 6: agents outside the game state).
A game's bots come from its module's declaration (``GameModule.bots``), and an agent's view
from the table it sits at (``Journal.view``)."""

from __future__ import annotations

import ast
import importlib
import random

import pytest

import fortlang
from fortlang.agents.bots import BOT_NAMES, agent_seed, declared_bots, make_bot, make_bots
from fortlang.engine.choices import Decision, Kind, Option, RandomAgent
from fortlang.engine.journal import Journal
from fortlang.games import game_named
from fortlang.module import GameModule
from fortlang.sim.module_games import CardWorthAgent, make_agent
from fortlang.sim.seats import Seats

PACKAGE = fortlang.__file__.rsplit("/", 1)[0]

#: Names that are Fort's alone: its seat view, its cards, its search and terminal agents.
FORT_NAMES = {"GameView", "PlayerView", "KidCard", "GreedyAgent", "MctsAgent", "HumanAgent"}


def _names(path: str) -> set[str]:
    """Every name ``path``'s code uses or imports (not its docstrings and comments)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.alias):
            out.add(node.name.rsplit(".", 1)[-1])
            out.add(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_fort_s_view_is_no_longer_the_engine_s():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("fortlang.engine.view")
    from fortlang.games.fort.view import GameView, PlayerView  # Fort's, in Fort's folder

    assert GameView.__module__ == PlayerView.__module__ == "fortlang.games.fort.view"


@pytest.mark.parametrize("module", ["agents/__init__.py", "agents/bots.py", "agents/search.py",
                                    "agents/module_mcts.py", "agents/terminal.py",
                                    "sim/seats.py", "engine/journal.py"])
def test_the_core_s_agents_name_nothing_of_fort(module):
    """The core's agents, seats and journal read no Fort card, view or bot, and import no
    game: what they do serves any game."""
    names = _names(f"{PACKAGE}/{module}")
    assert not names & FORT_NAMES, module
    assert not {x for x in names if x.startswith("fortlang.games.")}, module


def test_the_core_agents_package_holds_no_fort_module():
    from fortlang.agents import bots

    assert not hasattr(bots, "GreedyAgent") and not hasattr(bots, "card_worth")
    for fort in ("mcts", "human"):  # Fort's search bot and terminal player
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"fortlang.agents.{fort}")


# -- a game's bots, from its module's declaration ------------------------------------------------


def test_fort_declares_its_bots_and_greedy_is_fort_s():
    from fortlang.games.fort.agents.bots import BOTS, GreedyAgent

    fort = game_named("fort")
    assert declared_bots(fort) is BOTS and set(BOTS) == set(BOT_NAMES)
    bot = make_agent("greedy", 5, (), fort)  # the path a module's run takes
    assert type(bot) is GreedyAgent
    assert bot.rng.getstate() == random.Random(5).getstate()


@pytest.mark.parametrize("game", ["frantic"])
def test_a_module_without_bots_plays_the_generic_ones(game):
    module = game_named(game)
    assert module.bots == "" and declared_bots(module) is None
    assert type(make_agent("greedy", 5, (), module)) is CardWorthAgent
    assert type(make_agent("random", 5, (), module)) is RandomAgent


class _Toy:
    """A toy game's own bot: it records what it was made with and what it is shown."""

    def __init__(self, rng, budget=None):
        self.rng, self.budget, self.seen = rng, budget, []

    def choose(self, view, decision):
        self.seen.append(view)
        return len(decision.options) - 1


#: The toy's bots, as a module declares them (``bots="test_agents_core:TOY_BOTS"``).
TOY_BOTS = {"random": RandomAgent, "greedy": _Toy, "mcts": _Toy}
TOY = GameModule(name="toy", titles={"en": "Toy"}, players=range(2, 3),
                 bots="test_agents_core:TOY_BOTS")


def test_a_module_s_declared_bots_are_the_ones_made():
    assert declared_bots(TOY) is TOY_BOTS
    greedy = make_agent("greedy", 11, (), TOY)
    assert type(greedy) is _Toy and greedy.rng.getstate() == random.Random(11).getstate()
    searcher = make_agent("mcts:30", 11, (), TOY)
    assert type(searcher) is _Toy and (searcher.rng, searcher.budget) == (11, "30")
    # the seeds are any game's: each seat's own, from the game seed
    seats = make_bots(["greedy", "random"], 3, 9, TOY_BOTS)
    assert [type(b) for b in seats] == [_Toy, RandomAgent, _Toy]
    assert seats[2].rng.getstate() == random.Random(agent_seed(9, 2)).getstate()
    with pytest.raises(ValueError, match="unknown bot `smart`"):
        make_bot("smart", 1, TOY_BOTS)


# -- an agent's view comes from its table ---------------------------------------------------------


class _Table(Journal):
    def view(self, seat):
        return ("the table as seat", seat, "sees it")


def _decision(seat: int) -> Decision:
    return Decision(seat, Kind.CHOICE, (Option("a", 0), Option("b", 1)), "which?")


def test_seats_show_each_agent_its_table_s_view():
    toy = _Toy(0)
    table = _Table(asker=Seats([None, toy]))
    assert table.ask(_decision(1)) == 1
    assert toy.seen == [("the table as seat", 1, "sees it")]


def test_a_table_that_shows_nothing_shows_none():
    toy = _Toy(0)
    assert Journal(asker=Seats([toy])).ask(_decision(0)) == 1
    assert toy.seen == [None]


def test_fort_s_table_shows_its_seat_view():
    from fortlang.games.fort.table import Game
    from fortlang.games.fort.view import GameView

    view = Game(2).view(1)
    assert type(view) is GameView and view.seat == 1 and view.me.hand is not None
