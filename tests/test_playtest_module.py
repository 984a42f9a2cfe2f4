"""`fortlang playtest` of a game module's sets (issue 33 item 5): a whole Frantic game through the
server's routes with one person scripted and bots in the other seats; every JSON the person's
seat is sent holds no rival's hand (F2.3); the save is a module's line `fortlang replay`
verifies; undo is refused with its reason; a seat's token is checked on every route."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from fortlang.cardset.build import usable_game
from fortlang.cardset.table import combine, fingerprint, split_specs, table_sets
from fortlang.cli import main
from fortlang.playtest.module_table import ModuleTable
from fortlang.playtest.server import Playtest

FRANTIC = "frantic-base"


def module_app(spec: str, *, players: int, seed: int, humans: int = 1,
               bots: tuple[str, ...] = ("greedy", "random"), lang: str = "en") -> Playtest:
    sets = table_sets(split_specs((spec,)))
    cardset = combine(sets)
    game = usable_game(cardset.manifest.game)
    assert game is not None
    return Playtest(lambda: ModuleTable(game, cardset, players=players, humans=humans,
                                        bots=list(bots), seed=seed, lang=lang,
                                        sets=[fingerprint(s) for s in sets]), pace=0)


@pytest.fixture
def frantic() -> Iterator[tuple[Playtest, TestClient]]:
    app = module_app(FRANTIC, players=4, seed=8)
    with TestClient(app.app) as client:
        yield app, client


def names_in(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def hidden_from(table: Any, seat: int, lang: str = "en") -> set[str]:
    """The names of the cards in rivals' hands that ``seat`` cannot see anywhere else now
    (a name shared with a card of its own hand or on the discard pile is not a secret)."""
    def name(c: Any) -> str:
        return str(c.card.name_in(lang))

    seen = {name(c) for c in table.players[seat].hand}
    seen |= {name(c) for c in (*table.discard, *table.aside)}
    rivals = {name(c) for p in table.players if p.seat != seat for c in p.hand}
    return rivals - seen


def leaks(view: dict, table: Any, seat: int) -> set[str]:
    """Rival-only card names in what the page draws of the table now (its lines, the
    question, its options)."""
    shown = names_in([view["seen"], view["decision"]])
    return {n for n in hidden_from(table, seat) if n in shown}


def waiting_on_person(client: TestClient, token: str) -> dict:
    for _ in range(5000):  # the bots answer on the server's loop
        view = client.get(f"/t/{token}/view").json()
        if view["decision"] is not None:
            return view
    raise AssertionError("the bots never gave the turn back")


def play_whole_game(app: Playtest, client: TestClient, pick: Any = None,
                    check: Any = None) -> list[dict]:
    """Seat 1 answers every question (``pick(options) -> index``, by default the last
    option) until the game is over; every JSON the seat was sent. ``check(view, table)`` is
    called on each view read while the table waits on the person, or is over: the table
    then holds what it held when the view was made."""
    token = app.table.tokens[0]
    sent: list[dict] = []
    while True:
        for _ in range(5000):  # the bots answer on the server's loop
            view = client.get(f"/t/{token}/view").json()
            sent.append(view)
            if view["decision"] is not None or view["over"] is not None:
                break
        else:
            raise AssertionError("the bots never gave the turn back")
        if check is not None:
            check(view, app.table.state.table)
        if view["over"] is not None:
            return sent
        d = view["decision"]
        option = pick(d["options"]) if pick else len(d["options"]) - 1
        r = client.post(f"/t/{token}/act", json={"number": d["number"], "option": option})
        assert r.status_code == 200, r.text
        sent.append(r.json())


def test_a_whole_frantic_game_at_one_seat_with_bots_then_the_save_replays(
        frantic: tuple[Playtest, TestClient], tmp_path: Path) -> None:
    app, client = frantic

    def no_rivals_hand(view: dict, table: Any) -> None:
        assert not leaks(view, table, 0), view

    sent = play_whole_game(app, client, check=no_rivals_hand)
    asked = [v for v in sent if v["decision"] is not None]
    assert len(asked) > 10
    final = sent[-1]["over"]
    assert [row[0] for row in final["rows"]] == [
        "player 1", "player 2 (greedy)", "player 3 (random)", "player 4 (greedy)"]
    assert final["text"].startswith("winner: player ")
    # what the seat sees comes from Frantic's narration: its hand, the others' counts only
    assert any(line.startswith("your hand: ") for line in asked[0]["seen"])
    assert any(line.startswith("cards in hand: player 1 ") for line in asked[0]["seen"])
    # its answers are typed values worded by the narration, not the engine's labels
    labels = {o["label"] for v in asked for o in v["decision"]["options"]}
    assert "draw a card" in labels
    # others' answers: what they play, never the cards they pass or stake (F6.2, F9.10)
    log = sent[-1]["log"]
    rivals = [line for line in log if not line.startswith("you — ")]
    assert rivals and all(" — plays " in line or " — chooses " in line or " — wishes " in line
                          for line in rivals), rivals
    # no page of this seat ever carried a key for a hand but its own lines
    assert all('"hand"' not in names_in(v) for v in sent)
    saved = client.get(f"/t/{app.table.tokens[0]}/save.json")
    assert saved.status_code == 200
    line = tmp_path / "playtest.jsonl"
    line.write_text(saved.text, encoding="utf-8")
    entry = json.loads(saved.text)
    assert entry["module"] == "frantic" and entry["bots"][0] == "person"
    result = CliRunner().invoke(main, ["replay", str(line)])
    assert result.exit_code == 0, result.output
    assert "1 game(s) replayed: 1 identical, 0 different" in result.output


def test_the_leak_check_finds_a_rivals_hand(frantic: tuple[Playtest, TestClient]) -> None:
    """The check above can fail: a view given a rival's hand is caught."""
    app, client = frantic
    token = app.table.tokens[0]
    view = waiting_on_person(client, token)
    table = app.table.state.table
    rivals = [c.card.name_in("en") for p in table.players[1:] for c in p.hand]
    planted = dict(view, seen=[", ".join(rivals)])
    assert leaks(planted, table, 0) == hidden_from(table, 0) != set()


def test_the_page_is_worded_in_the_tables_language() -> None:
    app = module_app(FRANTIC, players=3, seed=2, lang="fr")
    with TestClient(app.app) as client:
        token = app.table.tokens[0]
        view = waiting_on_person(client, token)
        assert any(line.startswith("votre main : ") for line in view["seen"])
        assert view["words"]["title"] == "Frantic" and view["seat_name"] == "joueur 1"


def test_every_route_checks_the_token(frantic: tuple[Playtest, TestClient]) -> None:
    app, client = frantic
    token = app.table.tokens[0]
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    for path in ("/", "view", "save.json"):
        r = client.get(f"/t/{wrong}/{path if path != '/' else ''}")
        assert r.status_code == 404 and r.json() == {"error": "not found"}
    assert client.post(f"/t/{wrong}/act", json={"number": 0, "option": 0}).status_code == 404
    assert client.post(f"/t/{wrong}/undo").status_code == 404
    host = app.table.host_token
    r = client.post(f"/t/{host}/act", json={"number": 0, "option": 0})
    assert r.status_code == 403 and "host" in r.json()["error"]
    host_view = client.get(f"/t/{host}/view").json()
    assert host_view["seen"] == [] and host_view["links"][0][1] == f"/t/{token}/"


def test_undo_is_refused_with_its_reason(frantic: tuple[Playtest, TestClient]) -> None:
    app, client = frantic
    token = app.table.tokens[0]
    d = waiting_on_person(client, token)["decision"]
    after = client.post(f"/t/{token}/act", json={"number": d["number"], "option": 0}).json()
    assert after["undo"] is False
    r = client.post(f"/t/{token}/undo")
    assert r.status_code == 409
    assert "undo is not available for a game module's table" in r.json()["error"]


def test_a_stale_or_foreign_answer_is_refused(frantic: tuple[Playtest, TestClient]) -> None:
    app, client = frantic
    token = app.table.tokens[0]
    d = waiting_on_person(client, token)["decision"]
    for body in ({"number": d["number"], "option": len(d["options"])},
                 {"number": d["number"] + 1, "option": 0}):
        assert client.post(f"/t/{token}/act", json=body).status_code == 409
    assert client.post(f"/t/{token}/act", json={"number": "0", "option": 0}).status_code == 400


def test_a_saved_module_game_is_resumed_where_it_was(tmp_path: Path) -> None:
    sets = table_sets(split_specs((FRANTIC,)))
    cardset = combine(sets)
    game = usable_game(cardset.manifest.game)
    assert game is not None
    table = ModuleTable(game, cardset, players=3, humans=1, bots=["random"], seed=6,
                        sets=[fingerprint(s) for s in sets])
    table.run_bots()
    for _ in range(4):
        d = table.decision()
        assert d is not None and table.whose_turn() == 0
        table.act(0, len(table.log), 0)
        table.run_bots()
    saved = tmp_path / "save.jsonl"
    saved.write_text(json.dumps(table.save()) + "\n")
    from fortlang.cli.playtest import _module_loaded

    seed, players, draft, history = _module_loaded(saved, sets, game)
    assert (seed, players, draft) == (6, 3, False)
    again = ModuleTable(game, cardset, players=3, humans=1, bots=["random"], seed=seed,
                        history=history)
    assert again.told(0) == table.told(0) and again.seen(0) == table.seen(0)
    table.close()
    again.close()


@pytest.mark.parametrize(("args", "message"), [
    (["--draft"], "--draft: error[E906]: --draft is not available for Frantic yet"),
    (["--players", "9"], "9 is not in the range 2<=x<=8"),
    (["--bots", "clever"], "error[E902]"),
])
def test_what_a_module_cannot_serve_is_refused_before_serving(args: list[str],
                                                              message: str) -> None:
    result = CliRunner().invoke(main, ["playtest", "--no-browser", "--sets", FRANTIC, *args])
    assert result.exit_code in (1, 2) and message in result.output, result.output
    assert "Traceback" not in result.output


def test_fort_keeps_its_own_player_range() -> None:
    result = CliRunner().invoke(main, ["playtest", "--no-browser", "--players", "5"])
    assert result.exit_code == 2
    assert "Invalid value for '--players': 5 is not in the range 2<=x<=4." in result.output
