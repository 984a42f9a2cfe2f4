"""The core engine performs a game module's actions on its own table (issue 33: one core, games
as modules): the example module, Pig with cards (examples/game-module), installed the way pip
lays it out, plays whole games through fortlang's transaction driver
(``fortlang.engine.perform``) and interpreter on its ``PigTable``, which is not Fort's. Run
compiled too (.ci/compiled), where the engine checks the types it is handed."""

from __future__ import annotations

from typing import Any

import pytest
from pig_site import PIG_SET, pig  # noqa: F401 - pig: the fixture

from fortlang.cardset.load import load_set
from fortlang.engine.asker import RandomAsker
from fortlang.engine.choices import Decision, RandomAgent
from fortlang.module import Outcome
from fortlang.parser import language


def bots(seed: int, n: int = 3) -> RandomAsker:
    return RandomAsker([RandomAgent(seed * 10 + i) for i in range(n)])


class Dice:
    """Random decisions; every chance point answered from ``faces`` in turn (1 to 6)."""

    def __init__(self, faces: list[int], n: int = 3) -> None:
        self.bots = bots(0, n)
        self.faces = list(faces)
        self.asked: list[tuple[str, int]] = []

    def decide(self, game: Any, decision: Decision) -> int:
        return self.bots.decide(game, decision)

    def chance(self, game: Any, dist: Any, context: str, seat: int) -> int:
        self.asked.append((context, seat))
        face = self.faces.pop(0)
        return [o.value for o in dist.outcomes].index(face)


def action(text: str) -> Any:
    from fortlang_pig.words import VOCABULARY
    return language(VOCABULARY).parse_action(text)


def table_of(n: int = 3, *, seed: int = 0, asker: Any = None, vp: tuple[int, ...] = ()) -> Any:
    from fortlang_pig.table import new_table
    table = new_table(load_set(PIG_SET), n, seed=seed, asker=asker)
    for p, points in zip(table.players, vp, strict=False):
        p.vp = points
    return table


def snapshot(table: Any) -> tuple:
    """Everything of a Pig table a move could change, the generator's state included."""
    return (tuple(p.vp for p in table.players), tuple(tuple(c.id for c in p.hand)
                                                      for p in table.players),
            tuple(c.id for c in table.deck), tuple(c.id for c in table.discard),
            table.rng.getstate(), tuple(table.log), table.turn)


# -- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_game_ends_with_an_outcome(seed: int) -> None:
    from fortlang_pig.table import TARGET, run_game
    outcome = run_game(load_set(PIG_SET), 3, seed=seed, asker=bots(seed))
    assert isinstance(outcome, Outcome)
    assert len(outcome.scores) == 3 and outcome.turns > 0
    assert outcome.winners and all(outcome.scores[w] == max(outcome.scores)
                                   for w in outcome.winners)
    assert sum(outcome.plays.values()) <= min(outcome.turns, 18)  # a card a turn, 18 cards
    # P6: someone reached the target, or every one of the 18 cards left the hands (one a turn)
    assert max(outcome.scores) >= TARGET or outcome.turns >= 18


def test_the_same_seed_plays_the_same_game() -> None:
    from fortlang_pig.table import run_game
    cards = load_set(PIG_SET)
    games_played = [run_game(cards, 3, seed=s, asker=bots(s)) for s in (1, 1, 2, 3, 4)]
    assert games_played[0] == games_played[1]
    assert len({(g.scores, g.turns) for g in games_played[1:]}) > 1


def _expected(card: str, seat: int, vp: list[int], faces: list[int]) -> list[int]:
    """Pig's rules (examples/game-module/README.md) for the five cards of the base set, given the
    chance outcomes the journal logged: the points each seat has after ``seat`` played ``card``."""
    out = list(vp)
    if card in ("piggy_bank", "truffle"):
        out[seat] += 2 if card == "piggy_bank" else 5
    elif card == "lucky_roll":  # roll then bank
        assert len(faces) == 1
        if faces[0] != 1:
            out[seat] += faces[0] + 1
    elif card == "double_or_nothing":  # roll x 2 or bank 3: rolled if the journal holds a roll
        if not faces:
            out[seat] += 3
        else:
            assert len(faces) == (1 if faces[0] == 1 else 2)
            out[seat] += sum(f for f in faces if f != 1)
    else:
        assert card == "mud_bath"  # each rival -> lose 2
        for q in range(len(vp)):
            if q != seat:
                out[q] -= min(out[q], 2)
    return out


@pytest.mark.parametrize("seed", range(8))
def test_every_point_is_what_the_cards_and_the_logged_rolls_say(seed: int) -> None:
    from fortlang_pig.table import MOST_TURNS, TARGET, play_turn
    from fortlang_pig.words import D6
    table = table_of(seed=seed, asker=bots(seed))
    plays: dict[str, int] = {}
    kinds = set()
    for turn in range(MOST_TURNS):
        seat = turn % 3
        before, logged, played = [p.vp for p in table.players], len(table.log), dict(plays)
        play_turn(table, seat, plays)
        new = [card for card in plays if plays[card] != played.get(card, 0)]
        faces = [D6.outcomes[i].value for kind, i in table.log[logged:] if kind == "chance"]
        if new:
            kinds.add(new[0])
            assert [p.vp for p in table.players] == _expected(new[0], seat, before, faces)
        else:  # P5: a discard scores nothing
            assert [p.vp for p in table.players] == before and not faces
        if any(p.vp >= TARGET for p in table.players) or not table.deck and not any(
                p.hand for p in table.players):
            break
    assert kinds  # cards were played


# -- chance points --------------------------------------------------------------------------------


def test_roll_is_a_chance_point_the_chance_player_answers() -> None:
    from fortlang.engine.perform import perform
    dice = Dice([4, 1, 6, 3])
    table = table_of(asker=dice)
    table.chance_asked = True
    assert perform(table, 0, action("roll then bank"))
    assert table.players[0].vp == 5
    assert perform(table, 1, action("roll then bank"))  # a 1: not in full, the move stands
    assert table.players[1].vp == 0
    assert perform(table, 2, action("roll x 2"))
    assert table.players[2].vp == 9
    assert [kind for kind, _ in table.log] == ["chance"] * 4
    assert [seat for _, seat in dice.asked] == [0, 1, 2, 2]


def test_a_search_never_rolls() -> None:
    from fortlang.engine.perform import can_perform
    table = table_of(asker=Dice([]))
    table.chance_asked = True
    assert can_perform(table, 0, action("roll then bank 2"))  # nothing asked: dice is empty
    assert table.log == []


# -- selectors and searches on the module's table -----------------------------------------------


def test_each_rival_loses() -> None:
    from fortlang.engine.perform import perform
    table = table_of(4, vp=(5, 1, 7, 1))
    assert not perform(table, 1, action("each rival -> lose 2"))  # seat 3 has 1 (P4)
    assert [p.vp for p in table.players] == [5, 1, 7, 1]
    assert perform(table, 1, action("each rival -> lose 2"), full=False)  # as much as they can
    assert [p.vp for p in table.players] == [3, 1, 5, 0]
    assert perform(table, 0, action("each rival -> lose 1"), full=False)
    assert [p.vp for p in table.players] == [3, 0, 4, 0]


def test_a_rival_is_chosen_and_loses() -> None:
    from fortlang.engine.perform import can_perform, perform

    class Last:
        seen: list[str] = []

        def decide(self, game: Any, decision: Decision) -> int:
            self.seen = [o.label for o in decision.options]
            return len(decision.options) - 1

    asker = Last()
    table = table_of(3, asker=asker, vp=(0, 1, 4))
    assert can_perform(table, 0, action("a rival -> lose 2"))  # seat 2 has them (P4)
    assert perform(table, 0, action("a rival -> lose 2"))
    assert [p.vp for p in table.players] == [0, 1, 2]
    assert asker.seen == ["player 3"]  # seat 1 cannot lose 2 in full: not offered


@pytest.mark.parametrize(("text", "vp", "possible"), [
    ("bank 3", (0, 0, 0), True),
    ("lose 2", (1, 0, 0), False),
    ("lose 2", (2, 0, 0), True),
    ("each rival -> lose 2", (0, 2, 1), False),
    ("each rival -> lose 2", (0, 2, 2), True),
    ("lose 3 or bank 1", (0, 0, 0), True),
    ("bank 1 then lose 4", (3, 0, 0), True),
    ("roll then lose 9", (0, 0, 0), True),  # legality stops at the chance point
])
def test_can_perform_answers_and_leaves_the_table_as_it_was(text, vp, possible) -> None:
    from fortlang.engine.perform import can_perform
    table = table_of(seed=3, asker=bots(3), vp=vp)
    before = snapshot(table)
    keep: dict[int, Any] = {}
    key = table.state_key(table.mark(), keep)
    assert can_perform(table, 0, action(text)) is possible
    assert snapshot(table) == before
    assert table.state_key(table.mark(), keep) == key


def test_perform_in_full_that_cannot_changes_nothing() -> None:
    from fortlang.engine.perform import perform
    table = table_of(vp=(1, 0, 0))
    before = snapshot(table)
    assert not perform(table, 0, action("bank 2 then lose 4"))
    assert snapshot(table) == before
