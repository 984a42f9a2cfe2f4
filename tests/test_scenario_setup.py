"""Set-up (R2) and the draft (R2.5) as scenario expectations from a seed (issue 32 item 5):
`given: setup` deals the table as the game loop does, `then` says what was dealt."""

from __future__ import annotations

import pytest

from fortlang.cardset import base_set
from fortlang.engine.choices import Kind
from fortlang.errors import FortError
from fortlang.games.fort.scenarios import load_text, run_scenario
from fortlang.games.fort.setup import new_game

CARDSET = base_set()


def _names(cards) -> str:
    return "[" + ", ".join(c.name for c in cards) + "]"


def _expected(game, first: int) -> str:
    players = "".join(f"        - hand: {_names(p.hand)}\n          deck: {_names(p.deck)}\n"
                      for p in game.players)
    return (f"    then:\n      first_player: {first + 1}\n      park: {_names(game.park)}\n"
            f"      rule_pile: [{', '.join(r.name for r in game.rule_pile)}]\n"
            f"      perk_row: [{', '.join(k.name for k in game.perk_row)}]\n"
            f"      players:\n{players}")


def _run(body: str):
    [scenario] = load_text("sets: [fort-base]\nscenarios:\n  - name: x\n" + body)
    return run_scenario(scenario)


def test_r2_setup_from_a_seed_deals_hands_decks_park_rule_pile_and_perk_row():
    game, first = new_game(CARDSET, 3, seed=5)
    given = "    given:\n      setup: {seed: 5}\n      players: [{}, {}, {}]\n"
    result = _run(given + _expected(game, first))
    assert result.passed, (result.message, result.diffs)
    other, _ = new_game(CARDSET, 3, seed=6)
    wrong = _run(given + _expected(other, first).replace(f"first_player: {first + 1}", ""))
    assert not wrong.passed and {d.path for d in wrong.diffs} >= {"park", "player1.hand"}


class _FirstPick:
    def __init__(self):
        self.kept: list[str] = []

    def choose(self, view, decision):
        assert decision.kind == Kind.DRAFT
        self.kept.append(decision.options[0].label.split(" (")[0])
        return 0


def test_r2_5_the_draft_from_a_seed_with_each_players_picks():
    agents = [_FirstPick(), _FirstPick()]
    game, first = new_game(CARDSET, 2, seed=7, agents=agents, draft=True)
    picks = ", ".join("[" + ", ".join(a.kept) + "]" for a in agents)
    given = f"    given:\n      setup: {{seed: 7, draft: true, picks: [{picks}]}}\n" \
            "      players: [{}, {}]\n"
    result = _run(given + _expected(game, first))
    assert result.passed, (result.message, result.diffs)
    bad = given.replace(f"[{agents[0].kept[0]},", "[Worm,", 1)
    refused = _run(bad + "    then: {error: R2.5}\n")
    assert agents[0].kept[0] != "Worm" and refused.passed, refused.message


def test_a_dealt_table_is_not_written_too():
    with pytest.raises(FortError) as err:
        load_text("scenarios:\n  - name: x\n    given:\n      setup: {seed: 1}\n"
                  "      players: [{hand: [Bug]}, {}]\n    then: {}\n")
    assert err.value.first.code == "E709"
