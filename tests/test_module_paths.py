"""The paths of the core that reach a game module's own pieces, each taken by a toy game with
card kinds of its own (issue 33 item 5): the search bot deals with the module's
determinization through the pull API (``simulate`` and a playtest table's bot seats), and
``fortlang playtest`` serves the table the module declares (``GameModule.playtest``), the
generic one when it declares none. A regression that hard-wires Fort's (or Frantic's) piece on
one of these paths fails here. `high` is installed the way pip lays a package out
(tests/plugin_site.py); Fort's-table paths (replay's drivers) are in test_module_pieces.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_site import forget_games, install

from fortlang.cli import main

#: High card: each seat is dealt three cards (hidden from the others) and plays one a turn;
#: the most points played wins. Its determinization deals the hidden cards again, and writes
#: a line to MARKER each time, so a test sees that the search bot used it.
HIGH = '''
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.journal import Journal
from fortlang.module import Attribute, CardKind, GameModule, Outcome

CARD = CardKind("card", "cards", (Attribute("value", {"type": "integer"}, required=True),))
HAND = 3


class Seat:
    def __init__(self, seat):
        self.seat, self.hand, self.vp = seat, [], 0


class HighTable(Journal):
    def __init__(self, cards, players, *, seed=0, asker=None):
        super().__init__(seed=seed, asker=asker)
        self.players = [Seat(i) for i in range(players)]
        self.deck = list(cards)

    @property
    def seat_count(self):
        return len(self.players)


def new_table(cardset, players, *, seed=0, asker=None):
    table = HighTable([c for c in cardset.cards for _ in range(c.copies)], players,
                      seed=seed, asker=asker)
    table.rng.shuffle(table.deck)
    for _ in range(HAND):
        for p in table.players:
            p.hand.append(table.deck.pop())
    return table


def run_game(cardset, players, *, seed=0, asker=None, debug=False):
    table = new_table(cardset, players, seed=seed, asker=asker)
    plays = {}
    for turn in range(HAND * players):
        p = table.players[turn % players]
        options = tuple(Option(c.name, c.id) for c in p.hand)
        card = p.hand.pop(table.ask(Decision(p.seat, Kind.PLAY, options, "play a card")))
        p.vp += card.fields["value"]
        plays[card.id] = plays.get(card.id, 0) + 1
    scores = tuple(p.vp for p in table.players)
    return Outcome(scores=scores, turns=HAND * players, plays=plays,
                   winners=tuple(i for i, s in enumerate(scores) if s == max(scores)))


class Hidden:
    @staticmethod
    def observe(table, seat):
        return {"hand": tuple(c.id for c in table.players[seat].hand),
                "sizes": tuple(len(p.hand) for p in table.players)}

    @staticmethod
    def determinize(table, seat, rng):
        with open(MARKER, "a") as f:
            f.write(f"dealt for seat {seat}\\n")
        rivals = [p for p in table.players if p.seat != seat]
        pool = sorted((c for p in rivals for c in p.hand), key=lambda c: c.id) + table.deck
        rng.shuffle(pool)
        for p in rivals:
            p.hand[:] = [pool.pop() for _ in p.hand]
        table.deck[:] = pool
        table.rng.seed(rng.getrandbits(64))


class PlaytestTable:
    def __init__(self, cardset, *, players, humans, bots, seed, draft, history, sets, lang):
        from fortlang.playtest.module_table import ModuleTable

        self.inner = ModuleTable(GAME, cardset, players=players, humans=humans, bots=bots,
                                 seed=seed, history=history, lang=lang)
        with open(MARKER + ".table", "w") as f:
            f.write(f"high's own table: {players} players, {humans} people, seed {seed}\\n")

    def __getattr__(self, name):
        return getattr(self.inner, name)


HIDDEN = Hidden()
GAME = GameModule(name="high", titles={"en": "High card"}, players=range(2, 5), cards=(CARD,),
                  new_table="high_game:new_table", run="high_game:run_game", **FIELDS)
'''


@pytest.fixture(autouse=True)
def fresh_games() -> Iterator[None]:
    forget_games()
    yield
    forget_games()


def high(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **fields: str) -> Path:
    """The toy game installed with ``fields`` (``determinization``, ``playtest``), and a set of
    it; the current folder is ``tmp_path``."""
    monkeypatch.chdir(tmp_path)
    code = HIGH.replace("**FIELDS", ", ".join(f"{k}={v!r}" for k, v in fields.items()))
    code = code.replace("MARKER", repr(str(tmp_path / "dealt")))
    site = install(tmp_path / "site", name="high", module="high_game", source=None, code=code,
                   group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    folder = tmp_path / "high-set"
    folder.mkdir()
    (folder / "manifest.yaml").write_text("id: high-set\nname: High\nversion: '1'\n"
                                          "game: high\n", encoding="utf-8")
    cards = "".join(f"  - {{id: c{v}, name: C{v}, value: {v}, copies: 2}}\n" for v in range(1, 7))
    (folder / "cards.yaml").write_text("cards:\n" + cards, encoding="utf-8")
    return folder


def run(*args: str, **kw):
    return CliRunner().invoke(main, list(args), **kw)


def test_the_toy_is_a_game_module_with_its_own_cards(tmp_path, monkeypatch) -> None:
    folder = high(tmp_path, monkeypatch)
    assert run("check", str(folder)).exit_code == 0
    result = run("simulate", "--sets", str(folder), "--games", "4", "--players", "3", "--json")
    assert result.exit_code == 0, result.output
    assert '"game": "high"' in result.output


def test_the_search_bot_deals_with_the_modules_determinization(tmp_path, monkeypatch) -> None:
    folder = high(tmp_path, monkeypatch, determinization="high_game:HIDDEN")
    result = run("simulate", "--sets", str(folder), "--bots", "mcts:4,random", "--games", "2",
                 "--players", "2", "--seed", "3")
    assert result.exit_code == 0, result.output
    dealt = (tmp_path / "dealt").read_text().splitlines()
    # the bot searched at each of its decisions (seat 0 in game 0, seat 1 in game 1)
    assert {"dealt for seat 0", "dealt for seat 1"} <= set(dealt), dealt


def test_without_a_determinization_the_search_bot_is_refused(tmp_path, monkeypatch) -> None:
    folder = high(tmp_path, monkeypatch)
    result = run("simulate", "--sets", str(folder), "--bots", "mcts:4")
    assert result.exit_code == 1 and "error[E906]" in result.output
    assert "bot `mcts` is not available for High card" in result.output


def serve(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[object, str]:
    """`fortlang playtest` up to serving (the server's loop is not entered): the table made
    and the links printed."""
    import uvicorn

    from fortlang.playtest import server

    made: list[object] = []
    real = server.Playtest.__init__

    def keep(self, make_table, **kw):
        real(self, make_table, **kw)
        made.append(self.table)
    monkeypatch.setattr(server.Playtest, "__init__", keep)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    result = run("playtest", "--no-browser", "--port", "0", *args)
    assert result.exit_code == 0, result.output
    return made[0], result.output


def test_playtest_serves_the_modules_own_table(tmp_path, monkeypatch) -> None:
    folder = high(tmp_path, monkeypatch, playtest="high_game:PlaytestTable")
    table, output = serve(monkeypatch, "--sets", str(folder), "--players", "3", "--seed", "5")
    assert type(table).__name__ == "PlaytestTable", output
    assert (tmp_path / "dealt.table").read_text() == \
        "high's own table: 3 players, 1 people, seed 5\n"
    assert "High card playtest, 3 players, seed 5" in output


def test_playtest_without_a_table_of_its_own_serves_the_generic_one(
        tmp_path, monkeypatch) -> None:
    from fortlang.playtest.module_table import ModuleTable

    folder = high(tmp_path, monkeypatch)
    table, _ = serve(monkeypatch, "--sets", str(folder), "--players", "2")
    assert type(table) is ModuleTable


def test_a_playtest_seats_search_bot_deals_with_the_modules_determinization(
        tmp_path, monkeypatch) -> None:
    """A bot seat of the table answers through the pull API (fortlang.sim.bridge.answer):
    the search bot deals the toy's hidden cards with the toy's determinization."""
    from fortlang.cardset.table import combine, split_specs, table_sets
    from fortlang.games import game_named
    from fortlang.playtest.module_table import ModuleTable

    folder = high(tmp_path, monkeypatch, determinization="high_game:HIDDEN")
    cardset = combine(table_sets(split_specs((str(folder),))))
    table = ModuleTable(game_named("high"), cardset, players=2, humans=1, bots=["mcts:3"],
                        seed=2)
    table.run_bots()
    while table.decision() is not None:
        assert table.whose_turn() == 0
        table.act(0, len(table.log), 0)
        table.run_bots()
    assert (tmp_path / "dealt").read_text().splitlines().count("dealt for seat 1") >= 2
    table.close()
