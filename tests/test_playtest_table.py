"""The playtest table (issue 37): a game stepped through the pull API for people and bots, what
each seat is told, undo, and a save that `fortlang replay` verifies."""

from __future__ import annotations

import json
import random

import pytest

from fortlang.cardset.load import base_set
from fortlang.engine.choices import IllegalMove, Kind
from fortlang.games.fort.model import rules_of
from fortlang.games.fort.playtest.table import Table
from fortlang.games.fort.playtest.view import seat_view
from fortlang.sim.replay import replay


def _play(table: Table, pick: random.Random, *, undo_every: float = 0.0) -> int:
    """Answer every person's decision at random to the end; the number of undos made."""
    undos = 0
    table.run_bots()
    while (seat := table.whose_turn()) is not None:
        if undo_every and pick.random() < undo_every and table.undo_point(seat) is not None:
            table.undo(seat)
            undos += 1
        else:
            d = table.decision()
            assert d is not None
            table.act(seat, len(table.log), pick.randrange(len(d.options)))
        table.run_bots()
    return undos


def test_a_whole_game_against_a_bot_saves_a_line_that_replay_verifies() -> None:
    table = Table(base_set(), players=2, humans=1, bots=["greedy"], seed=3)
    _play(table, random.Random(1))
    entry = json.loads(json.dumps(table.save()))
    assert entry["outcome"]["winners"] and entry["bots"] == ["person", "greedy"]
    verdict = replay(base_set(), entry)
    assert verdict.identical, verdict.detail


def test_undo_takes_back_only_the_persons_own_last_answer_and_replays_the_same_game() -> None:
    table = Table(base_set(), players=2, humans=2, bots=[], seed=8)
    pick = random.Random(5)
    undos = _play(table, pick, undo_every=0.3)
    assert undos > 0
    # the save is the game without the answers taken back: it replays identically
    assert replay(base_set(), table.save()).identical


def test_no_undo_once_another_seat_answered_or_a_card_was_drawn() -> None:
    table = Table(base_set(), players=2, humans=2, bots=[], seed=8)
    first = table.whose_turn()
    assert first is not None and table.undo_point(first) is None  # nothing answered yet
    d = table.decision()
    assert d is not None and d.kind == Kind.PLAY
    table.act(first, 0, 1)  # a card played: the move goes on, nothing drawn yet
    if table.whose_turn() == first:
        assert table.undo_point(first) == 0
    # answer until the other seat has answered once: the first seat's answers are final
    while table.whose_turn() == first:
        table.act(first, len(table.log), 0)
    other = table.whose_turn()
    assert other is not None and other != first
    assert table.undo_point(first) is None
    with pytest.raises(IllegalMove, match="nothing to undo"):
        table.undo(first)


def test_a_seat_cannot_answer_for_another_nor_a_stale_question() -> None:
    table = Table(base_set(), players=2, humans=2, bots=[], seed=8)
    seat = table.whose_turn()
    assert seat is not None
    with pytest.raises(IllegalMove, match="not your decision"):
        table.act(1 - seat, 0, 0)
    with pytest.raises(IllegalMove, match="out of date"):
        table.act(seat, 5, 0)
    with pytest.raises(IllegalMove, match="no option"):
        table.act(seat, 0, 999)
    assert table.log == []


def test_tokens_find_their_seat_and_nothing_else_does() -> None:
    table = Table(base_set(), players=3, humans=2, bots=["random"], seed=1)
    assert [table.seat_of(t) for t in table.tokens] == [0, 1]
    assert table.seat_of(table.host_token) is None and table.is_host(table.host_token)
    assert table.seat_of("") is None and table.seat_of(table.tokens[0][:-1]) is None
    assert len(set(table.tokens + [table.host_token])) == 3


def test_a_seats_view_never_holds_a_rivals_hand_or_secret_rule() -> None:
    """R10.3 (made-up rules chosen in secret), R1: hands are private. Every state of a game is
    checked: the rival's hand is a count, its rule is "secret" and never named in the log."""
    table = Table(base_set(), players=2, humans=1, bots=["greedy"], seed=21)
    rules = {r.id: r.name for r in rules_of(base_set())}
    pick = random.Random(3)
    checked = 0
    table.run_bots()
    while (seat := table.whose_turn()) is not None:
        view = seat_view(table, 0)
        rival = view["players"][1]
        hand = rival["zones"][0]
        assert hand["title"] == "hand" and "cards" not in hand and hand["count_text"]
        assert hand["count"] == len(table.state.game.players[1].hand)
        secret = table.state.game.players[1].rule
        if secret is not None:
            assert ["made-up rule", "secret"] in rival["counters"]
            text = json.dumps({k: v for k, v in view.items() if k != "cards"})
            mine = table.state.game.players[0].rule
            if mine is None or mine.id != secret.id:
                assert secret.id not in text and rules[secret.id] not in text
            checked += 1
        d = table.decision()
        assert d is not None
        table.act(seat, len(table.log), pick.randrange(len(d.options)))
        table.run_bots()
    assert checked > 0, "no state with a rival's made-up rule was checked"


def test_the_log_says_what_each_answer_changed_for_everyone() -> None:
    table = Table(base_set(), players=2, humans=1, bots=["greedy"], seed=3)
    _play(table, random.Random(1))
    lines = table.told(0)
    assert any(line.startswith("you — play a card (R5.1)") for line in lines)
    assert any(line.startswith(f"{table.name(1)} — ") for line in lines)
    assert table.name(1).endswith("(greedy)")
    assert any(line.startswith(f"    {table.name(1)}: ") and "VP 0 → " in line
               for line in lines)  # what a play yielded, under it
    final = seat_view(table, 0)["over"]
    assert final is not None and final["winners"]
    out = table.state.outcome()
    assert [s["total"] for s in final["scores"]] == [s.total for s in out.scores]  # R11


def test_a_french_table_speaks_french_and_names_a_rivals_draws_only_by_count() -> None:
    table = Table(base_set(), players=2, humans=1, bots=["greedy"], seed=3, lang="fr")
    _play(table, random.Random(1))
    view = seat_view(table, 0)
    assert view["words"]["undo"] == "reprendre ma dernière réponse"
    assert view["players"][0]["name"] == "vous"
    assert any(line.startswith("vous — ") for line in view["log"])
    hands = {z["title"] for p in view["players"] for z in p["zones"]}
    assert "main" in {h.lower() for h in hands}
    rival = table.name(1)
    drawn = [line for line in view["log"] if line.startswith(f"    {rival}: ") and "pioch" in line]
    assert drawn and all("(" not in line.split("pioch", 1)[1] for line in drawn)
