"""Options carry typed values, and nothing but people reads their labels (issue 33 stage 1,
design docs/design/game-modules.md §2.6, risk 6); labels count players from 1, as scenario files
and `fortlang play` do (issue 32 item 6)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from builders import Recorder

from fortlang.cardset import base_set
from fortlang.engine import Kind
from fortlang.engine.choices import Decision, Give, Option, Seat, Take, player_name
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.agents.mcts import option_keys
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import perform
from fortlang.games.fort.sim.pull import GameState, answer
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats

PACKAGE = Path(__file__).resolve().parent.parent / "fortlang"

#: Reading a label to learn what an option means: a test on its text, or a label as a key.
LABEL_PARSING = re.compile(r"""\.label\s*(==|!=|\.startswith|\.endswith|\.split|\[)"""
                           r"""|in\s+\w+(\.options\[\w+\])?\.label\b"""
                           r"""|\(\s*[\w.]+\.kind\s*,\s*\w+\.label""")

#: Left on purpose: the excluded options of a decision are (label, rule) pairs, with no value,
#: so a scenario naming a refused card finds its rule by the card's name in the label.
#: A module game's log keeps each answer's label, cut to LABEL_CHARS, for people and so that
#: replay can say an answer now names another option (E810): kept and compared, never parsed.
KNOWN = {("games/fort/scenarios/agent.py", "_names"), ("sim/module_log.py", "[:LABEL_CHARS]")}


def _label_readers() -> list[str]:
    found = []
    for folder in ("agents", "sim", "games", "scenario"):  # the bots, drivers, games, scenarios
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            rel = path.relative_to(PACKAGE).as_posix()
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if LABEL_PARSING.search(line) and not any(
                        rel == f and name in line for f, name in KNOWN):
                    found.append(f"{rel}:{number}: {line.strip()}")
    return found


def test_no_bot_or_tool_reads_an_options_label_to_learn_what_it_means() -> None:
    assert _label_readers() == []


def test_every_exemption_names_a_file_and_line_that_exist() -> None:
    """An exemption whose file moved exempts nothing and misleads the reader."""
    for rel, name in KNOWN:
        path = PACKAGE / rel
        assert path.is_file(), rel
        assert name in path.read_text(encoding="utf-8"), (rel, name)


def test_the_label_check_catches_the_old_ways_of_reading_labels(tmp_path: Path) -> None:
    """The pattern finds what the bots did before (so the test above can fail)."""
    for old in ('return -vp if " to seat " in option.label else vp',
                "base = (decision.kind, o.label, repr(o.value))",
                'if label.startswith(f"{verb}{name} ") or o.label == name:'):
        assert LABEL_PARSING.search(old), old


# -- issue 32 item 6: one numbering for people ---------------------------------------------------


def test_a_rival_is_offered_and_answered_as_people_count_players() -> None:
    """Seat 2 is player 3 in a label, and a script answering "player 3" picks seat 2."""
    game = Game(3, asker=Seats([Recorder(["player 3"]), Recorder(), Recorder()]), debug=True)
    me, left, right = game.players
    left.vp = right.vp = 2
    assert perform(game, 0, parse_action("a rival -> lose"), full=True)
    (asked,) = game.asker.agents[0].seen
    assert asked.kind == Kind.RIVAL
    assert [(o.label, o.value) for o in asked.options] == [("player 2", Seat(1)),
                                                          ("player 3", Seat(2))]
    assert (left.vp, right.vp) == (2, 1)
    assert asked.describe().startswith("player 1 rival:")


def test_give_and_take_name_the_rival_as_people_count_with_typed_values() -> None:
    game = Game(3, asker=Seats([Recorder(["1 toy to player 3", "1 pizza from player 2"]),
                                  Recorder(), Recorder()]), debug=True)
    me, left, right = game.players
    game.give(me, Resource.TOY, 1)
    game.give(left, Resource.PIZZA, 1)
    game.give(right, Resource.PIZZA, 1)
    assert perform(game, 0, parse_action("give toy"), full=True)
    assert perform(game, 0, parse_action("take pizza"), full=True)
    given, taken = game.asker.agents[0].seen
    assert [o.value for o in given.options] == [Give(1, 1), Give(2, 1)]
    assert [o.value for o in taken.options] == [Take(1, 1), Take(2, 1)]
    assert right.stuff[Resource.TOY] == 1 and left.stuff[Resource.PIZZA] == 0


def test_player_names_count_from_one() -> None:
    assert [player_name(s) for s in range(4)] == ["player 1", "player 2", "player 3", "player 4"]


# -- the bots decide from values alone -----------------------------------------------------------


def _scrambled(d: Decision, rng: random.Random) -> Decision:
    """The same decision with every label replaced by random text (the same text for options
    that were alike, so an option still reads like its twin)."""
    words: dict[str, str] = {}
    for label in d.labels:
        words.setdefault(label, f"{rng.getrandbits(48):x} seat {rng.randrange(9)}")
    options = tuple(Option(words[o.label], o.value) for o in d.options)
    return Decision(d.player, d.kind, options, d.context, d.excluded)


def _choices(bots: list[str], players: int, seed: int, scramble: bool) -> list[int]:
    cardset = base_set()
    agents = make_bots(bots, players, seed)
    state = GameState(cardset, players, seed=seed)
    rng = random.Random(seed)
    picked: list[int] = []
    try:
        while not state.is_terminal():
            d = state.decision()
            index = answer(agents[d.player], state, _scrambled(d, rng) if scramble else d)
            picked.append(index)
            state.apply_action(index)
    finally:
        state.close()
    return picked


@pytest.mark.parametrize("bots, players, games", [
    (["greedy"], 4, 6),
    (["greedy", "random"], 3, 6),
    (["mcts:6", "greedy"], 2, 1),
])
def test_the_bots_decide_the_same_whatever_the_labels_say(bots: list[str], players: int,
                                                          games: int) -> None:
    for seed in range(games):
        plain = _choices(bots, players, seed, scramble=False)
        assert _choices(bots, players, seed, scramble=True) == plain, (bots, seed)


@pytest.mark.parametrize("value, best", [(Give, 2), (Take, 1), (lambda seat, _: Seat(seat), 1)])
def test_the_greedy_bot_gives_to_the_poorest_and_takes_from_the_richest_by_value(
        value, best) -> None:
    """Core C3, C4, C6 as the greedy bot reads them: from the option's value, whatever the
    label says (here every label lies: it names the other rival and the other way)."""
    from fortlang.games.fort.agents.bots import GreedyAgent
    from fortlang.games.fort.view import GameView

    game = Game(3)
    game.players[1].vp, game.players[2].vp = 5, 1
    lies = {1: "1 toy from player 3", 2: "1 toy to player 2"}
    d = Decision(0, Kind.RIVAL, tuple(Option(lies[s], value(s, 1)) for s in (1, 2)))
    assert d.options[GreedyAgent(0).choose(GameView(game, 0), d)].value == value(best, 1)


# -- risk 6: values are one-to-one with labels inside a decision ---------------------------------


def _one_to_one(d: Decision) -> bool:
    by_label: dict[str, str] = {}
    by_value: dict[str, str] = {}
    for o in d.options:
        value = repr(o.value)
        if by_label.setdefault(o.label, value) != value:
            return False
        if by_value.setdefault(value, o.label) != o.label:
            return False
    return True


class _Checking:
    def __init__(self, agent: object, merged: list[Decision], asked: list[int]) -> None:
        self.agent, self.merged, self.asked = agent, merged, asked

    def choose(self, view: object, d: Decision) -> int:
        self.asked[0] += 1
        if not _one_to_one(d):
            self.merged.append(d)
        return self.agent.choose(view, d)  # type: ignore[attr-defined]


def test_no_two_options_of_a_decision_share_a_value_but_not_a_label() -> None:
    """Design risk 6: the search bot keys options by value, so two options with different
    labels and one value would be merged. Over many games of every size and set-up, never."""
    from fortlang.games.fort.match import run_game
    from fortlang.games.fort.setup import new_game

    cardset = base_set()
    merged: list[Decision] = []
    asked = [0]
    for i in range(120):
        players, draft = 2 + i % 3, (i // 3) % 2 == 1
        bots = (["random"], ["greedy"], ["greedy", "random"])[(i // 6) % 3]
        agents = [_Checking(a, merged, asked) for a in make_bots(bots, players, i)]
        game, start = new_game(cardset, players, seed=i, agents=agents, draft=draft)
        run_game(cardset, players, agents, seed=i, game=game, first=start)
    assert asked[0] > 10_000
    assert merged == []


def test_option_keys_tell_apart_options_alike_only_by_number() -> None:
    d = Decision(0, Kind.RECRUIT, (Option("Bug from the park", ("park", "bug")),
                                   Option("Bug from the park", ("park", "bug")),
                                   Option("Ant from the park", ("park", "ant"))))
    keys = option_keys(d)
    assert len(set(keys)) == 3
    assert all("Bug from the park" not in k for k in keys)  # no label in a key
