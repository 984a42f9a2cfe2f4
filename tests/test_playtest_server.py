"""The playtest server's routes in process (Starlette's TestClient): tokens, limits, headers,
answers, undo, save (issue 37)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from fortlang.cardset.load import base_set
from fortlang.games.fort.playtest.table import Table
from fortlang.playtest import server as server_module
from fortlang.playtest.server import Playtest
from fortlang.sim.replay import replay


def _app(humans: int = 1, seed: int = 4, hosts: list[str] | None = None) -> Playtest:
    return Playtest(lambda: Table(base_set(), players=2, humans=humans, bots=["random"],
                                  seed=seed), pace=0, hosts=hosts)


@pytest.fixture
def app() -> Iterator[Playtest]:
    yield _app()


@pytest.fixture
def client(app: Playtest) -> Iterator[TestClient]:
    with TestClient(app.app) as c:  # runs the lifespan: bots move first if theirs is the turn
        yield c


def _view(client: TestClient, token: str) -> dict:
    r = client.get(f"/t/{token}/view")
    assert r.status_code == 200, r.text
    return r.json()


def _wait_for_person(client: TestClient, token: str) -> dict:
    for _ in range(200):  # the bots answer on the server's loop; a few polls at most
        view = _view(client, token)
        if view["decision"] is not None or view["over"] is not None:
            return view
    raise AssertionError("the bots never gave the turn back")


def test_every_route_refuses_an_unknown_token_the_same_way(client: TestClient) -> None:
    for path in ("/t/nope/", "/t/nope/view", "/t/nope/save.json", "/t/nope/face/dot.svg",
                 "/t/" + "x" * 5000 + "/view", "/nothing"):
        r = client.get(path)
        assert r.status_code == 404 and r.json() == {"error": "not found"}
    r = client.post("/t/nope/act", json={"number": 0, "option": 0})
    assert r.status_code == 404


def test_pages_forbid_every_script_but_ours_and_send_no_referrer(app: Playtest,
                                                                 client: TestClient) -> None:
    r = client.get(f"/t/{app.table.tokens[0]}/")
    assert r.status_code == 200 and "<script src=\"/static/app.js\"" in r.text
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert "default-src 'none'" in r.headers["content-security-policy"]
    assert r.headers["referrer-policy"] == "no-referrer"  # the token is in the address
    assert r.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/index.html").status_code == 404
    assert client.get("/static/../server.py").status_code == 404


def test_a_whole_game_through_the_routes_then_the_save_replays(app: Playtest,
                                                               client: TestClient) -> None:
    token = app.table.tokens[0]
    answers = 0
    while True:
        view = _wait_for_person(client, token)
        if view["over"] is not None:
            break
        d = view["decision"]
        r = client.post(f"/t/{token}/act", json={"number": d["number"], "option": 0})
        assert r.status_code == 200, r.text
        answers += 1
    assert answers > 10 and view["over"]["winners"]
    saved = client.get(f"/t/{token}/save.json")
    assert saved.headers["content-disposition"].startswith("attachment")
    assert replay(base_set(), json.loads(saved.text)).identical


def test_bad_answers_are_clear_errors_and_change_nothing(app: Playtest,
                                                         client: TestClient) -> None:
    token = app.table.tokens[0]
    view = _wait_for_person(client, token)
    number = view["decision"]["number"]
    for body, status in (({"number": number, "option": 10**6}, 409),
                         ({"number": number + 7, "option": 0}, 409),
                         ({"number": "0", "option": 0}, 400), ([1, 2], 400),
                         ({"number": number, "option": True}, 400)):
        r = client.post(f"/t/{token}/act", json=body)
        assert r.status_code == status and "error" in r.json(), (body, r.text)
    r = client.post(f"/t/{token}/act", content=b"{" + b" " * 10_000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400  # over MAX_BODY: refused before it is parsed
    r = client.post(f"/t/{token}/act", content=b"\xff\xfe")
    assert r.status_code == 400
    host = client.post(f"/t/{app.table.host_token}/act", json={"number": number, "option": 0})
    assert host.status_code == 403
    assert _view(client, token)["version"] == view["version"]


def test_the_host_sees_the_links_and_no_hand() -> None:
    app = _app(humans=2)
    with TestClient(app.app) as client:
        view = _view(client, app.table.host_token)
        assert [href for _, href in view["links"]] == [f"/t/{t}/" for t in app.table.tokens]
        assert all("cards" not in p["zones"][0] for p in view["players"])
        for token in app.table.tokens:  # a person's view hands out no links
            assert "links" not in _view(client, token)


def test_a_host_header_other_than_loopback_is_refused_when_bound_to_loopback() -> None:
    for base, status in (("http://127.0.0.1", 200), ("http://attacker.example", 400)):
        app = _app(hosts=["127.0.0.1", "localhost"])
        with TestClient(app.app, base_url=base) as client:  # DNS rebinding: a foreign name
            assert client.get(f"/t/{app.table.tokens[0]}/view").status_code == status


def test_a_long_poll_ends_at_its_deadline_and_the_waiters_are_bounded(
        app: Playtest, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    token = app.table.tokens[0]
    view = _wait_for_person(client, token)
    monkeypatch.setattr(server_module, "POLL_SECONDS", 0.05)
    again = client.get(f"/t/{token}/view", params={"since": view["version"]})
    assert again.status_code == 200 and again.json()["version"] == view["version"]
    app.waiters = server_module.MAX_WAITERS
    busy = client.get(f"/t/{token}/view", params={"since": view["version"]})
    assert busy.status_code == 503
    app.waiters = 0


def test_faces_are_the_sets_svg_faces_and_only_kids(app: Playtest, client: TestClient) -> None:
    token = app.table.tokens[0]
    r = client.get(f"/t/{token}/face/dot.svg")
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
    assert r.text.startswith("<svg") and 'data-card="dot"' in r.text
    assert client.get(f"/t/{token}/face/loner.svg").status_code == 404  # a rule: no kid face
    assert client.get(f"/t/{token}/face/..%2Fserver.svg").status_code == 404
    # the server asks the table for the set's cards only (no face of its own kind test), and
    # keeps nothing for a name no card has: its cache is bounded by the set
    assert client.get(f"/t/{token}/face/nobody.svg").status_code == 404
    assert "nobody" not in app.faces and set(app.faces) <= set(app.cards)


def test_the_command_says_which_extra_it_needs_when_it_is_missing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from click.testing import CliRunner

    from fortlang.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # `import uvicorn` raises ImportError
    result = CliRunner().invoke(main, ["playtest", "--no-browser"])
    assert result.exit_code == 1
    assert "error[E608]: the playtest server needs the playtest extra" in result.output
    assert "pip install 'fortlang[playtest]'" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--seats", "3", "--players", "2"], "3 people for 2 players"),
    (["--port", "70000"], "70000 is not in the range"),
    (["--host", "192.0.2.1"], "cannot listen on 192.0.2.1"),  # not an address of ours
])
def test_a_wrong_command_line_is_refused_before_serving(args: list[str], message: str) -> None:
    from click.testing import CliRunner

    from fortlang.cli import main

    result = CliRunner().invoke(main, ["playtest", "--no-browser", *args])
    assert result.exit_code == 2 and "error[E807]" in result.output, result.output
    assert message in result.output and "Traceback" not in result.output


def test_a_saved_game_is_resumed_where_it_was(tmp_path) -> None:
    table = Table(base_set(), players=2, humans=1, bots=["random"], seed=6)
    table.run_bots()
    for _ in range(3):
        d = table.decision()
        assert d is not None and table.whose_turn() == 0
        table.act(0, len(table.log), len(d.options) - 1)
        table.run_bots()
    saved = tmp_path / "save.jsonl"
    saved.write_text(json.dumps(table.save()) + "\n")
    from fortlang.cli.playtest import _loaded

    seed, players, draft, history = _loaded(saved, [base_set()])
    assert (seed, players, draft) == (6, 2, False)
    again = Table(base_set(), players=2, humans=1, bots=["random"], seed=seed, history=history)
    assert again.state.game.snapshot() == table.state.game.snapshot()
    assert again.told(0) == table.told(0)
