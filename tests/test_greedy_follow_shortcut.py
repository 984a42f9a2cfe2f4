"""Issue 38: a follower at a table of bots (not all random) whose options are all settled
without a trial (R6.1, R6.2: declining, and each discard certain to be performed in full or
certain to fail) is answered by the count of legal options, without the choice point's
decision and labels: the greedy bot takes the first discard (GreedyAgent.follow_by_count), a
random bot draws by the count. The same answers as through the decision, in every game: the
games played with the shortcut are compared with the same games played through the full choice
point (``on_decision`` set: someone reads every decision, so the shortcut is never taken)."""

from __future__ import annotations

import random

import pytest

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.games.fort import play
from fortlang.games.fort.agents import bots
from fortlang.games.fort.agents.bots import GreedyAgent, make_bots
from fortlang.games.fort.match import Outcome, run_game
from fortlang.games.fort.setup import new_game

BASE = base_set()


def _play(lineup: list[str], players: int, seed: int, *, read: bool) -> tuple[list, Outcome]:
    """One game's log and outcome; ``read``: every decision read (the full choice point)."""
    agents = make_bots(lineup, players, seed)
    game, first = new_game(BASE, players, seed=seed, agents=agents)
    seen: list[Decision] = []
    if read:
        game.on_decision = lambda decision, index: seen.append(decision)
    out = run_game(BASE, players, agents, seed=seed, game=game, first=first)
    return list(game.log), out


@pytest.mark.parametrize(("lineup", "players"), [
    (["greedy"], 4), (["greedy"], 2), (["greedy", "random"], 4), (["random", "greedy"], 3)])
def test_the_shortcut_answers_as_the_choice_point_does(lineup, players):
    """Game by game, the same decisions (kinds and indices, in order) and the same outcome as
    the same seed played through the full choice point; follow decisions were met."""
    follows = 0
    for seed in range(12 if players == 4 else 8):
        fast = _play(lineup, players, 1000 + seed, read=False)
        full = _play(lineup, players, 1000 + seed, read=True)
        assert fast == full, (lineup, players, seed)
        follows += sum(1 for kind, _ in fast[0] if kind == "follow")
    assert follows > 20


def test_follow_by_count_is_what_choose_answers():
    """For every count of options (declining, then discards), the same index as
    :meth:`GreedyAgent.choose` gives the decision, the generator left in the same state."""
    view = object()  # the follow rater reads no view
    for count in range(1, 130):
        options = (Option("decline", None),
                   *(Option(f"discard {i}", (f"c{i}",)) for i in range(1, count)))
        decision = Decision(0, Kind.FOLLOW, options)
        for seed in range(5):
            a = GreedyAgent(random.Random(seed))
            b = GreedyAgent(random.Random(seed))
            assert a.follow_by_count(count) == b.choose(view, decision)
            assert a.rng.getstate() == b.rng.getstate()


def test_a_settled_follow_builds_no_decision(monkeypatch):
    """The greedy bot is asked through its decision only for follows a trial must settle: fewer
    than the follow decisions logged (every one, before the shortcut)."""
    if native.is_compiled(bots) or native.is_compiled(play):
        pytest.skip("counts calls of a compiled class's method")
    asked: list[Decision] = []
    choose = GreedyAgent.choose

    def spy(self, view, decision):
        if decision.kind == Kind.FOLLOW:
            asked.append(decision)
        return choose(self, view, decision)

    monkeypatch.setattr(GreedyAgent, "choose", spy)
    logged = 0
    for seed in range(4):
        log, _ = _play(["greedy"], 4, 2000 + seed, read=False)
        logged += sum(1 for kind, _ in log if kind == "follow")
    assert logged > 10
    assert len(asked) < logged / 2


RULES = ("play", "turn", "moves", "certain", "table", "match", "context", "knowledge", "scoring",
         "gains", "metrics")


def test_fort_rules_ask_through_the_asker_and_name_no_agent() -> None:
    """The game asks through its asker (Journal.ask, ask_count), never holding the agents: none
    of Fort's rules modules imports an agent, the seats or a simulation module (issue 33 item 6;
    the follow by count goes Journal.ask_count -> Seats.decide_by_count -> answer_by_count)."""
    import ast
    from pathlib import Path

    import fortlang.games.fort as fort
    folder = Path(fort.__file__).parent
    for name in RULES:
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module}
        assert not {m for m in imported if m.startswith(
            ("fortlang.agents", "fortlang.sim", "fortlang.games.fort.agents",
             "fortlang.games.fort.sim"))}, name
