"""``fortlang balance`` for a game module's sets (issue 34 item 4: "simulate and balance
(per-card figures)"): Frantic's games, each card's win rate when played, flags as Fort's, the
page and figures.json written safely, card names escaped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cardset.load import load_set
from fortlang.cli import main
from fortlang.games.fort.sim.stats import flag_outliers
from fortlang.games.frantic import match
from fortlang.sim.module_games import ModuleSeats, make_agent
from fortlang.sim.replay import game_seed

pytest.importorskip("matplotlib")

ROOT = Path(__file__).resolve().parent.parent
FRANTIC = ROOT / "cards" / "frantic-base"


def balance(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["balance", *args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("frantic-balance")
    code, text = balance("--sets", str(FRANTIC), "--players", "3", "--games", "30",
                         "--bots", "random", "--seed", "4", "--out", str(out))
    assert code == 0, text
    assert "report ->" in text
    return out


def test_each_card_counts_the_seats_that_played_it(report: Path) -> None:
    """The figures recounted from the same games played here, seat by seat."""
    figures = json.loads((report / "figures.json").read_text(encoding="utf-8"))
    cardset = load_set(FRANTIC)
    seats: dict[str, int] = {}
    wins: dict[str, float] = {}
    for index in range(30):
        s = game_seed(4, index)
        agents = [make_agent("random", seat_seed, cardset.cards)
                  for seat_seed in _agent_seeds(s, 3)]
        out = match.run_game(cardset, 3, seed=s, asker=ModuleSeats(agents))
        for seat, cards in enumerate(out.seat_plays):
            for card in cards:
                seats[card] = seats.get(card, 0) + 1
                if seat in out.winners:
                    wins[card] = wins.get(card, 0.0) + 1 / len(out.winners)
    assert {k: c["seats_played"] for k, c in figures["cards"].items() if c["seats_played"]} \
        == seats
    for card, n in seats.items():
        assert figures["cards"][card]["win_rate"] == pytest.approx(wins.get(card, 0) / n,
                                                                    abs=1e-6)
    ranked = figures["ranking"]
    assert ranked and all(figures["cards"][k]["seats_played"] >= 10 for k in ranked)
    effects = [figures["cards"][k]["effect"] for k in ranked]
    assert effects == sorted(effects, reverse=True)


def _agent_seeds(game: int, players: int) -> list[int]:
    from fortlang.agents.bots import agent_seed

    return [agent_seed(game, seat) for seat in range(players)]


def test_a_seats_plays_add_up_to_the_games_plays() -> None:
    """Every card played is some seat's; only events, turned by nobody, are not (F9)."""
    cardset = load_set(FRANTIC)
    events = {c.id for c in cardset.cards if c.kind == "event"}
    out = match.run_game(cardset, 4, seed=11,
                         asker=ModuleSeats([make_agent("random", i, cardset.cards)
                                            for i in range(4)]))
    by_seats: dict[str, int] = {}
    for cards in out.seat_plays:
        for card, times in cards.items():
            by_seats[card] = by_seats.get(card, 0) + times
    assert by_seats == {k: v for k, v in out.plays.items() if k not in events}
    assert not set(by_seats) & events


def test_the_page_shows_the_cards_and_the_flags_rule(report: Path) -> None:
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "<title>Frantic balance report</title>" in page
    assert "Win rate when played" in page and 'src="data:image/png;base64,' in page
    assert "Fantastic" in page and "figures.json" in page


def test_a_hostile_card_name_is_shown_as_text(tmp_path: Path) -> None:
    bad = "<img src=x onerror=alert(1)>\u202e"
    theirs = tmp_path / "frantic-hostile"
    shutil.copytree(FRANTIC, theirs)
    cards = theirs / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "name: Fantastic\n" in text
    cards.write_text(text.replace("name: Fantastic\n", f"name: '{bad}'\n", 1),
                     encoding="utf-8")
    out = tmp_path / "report"
    code, shown = balance("--sets", str(theirs), "--players", "3", "--games", "12",
                          "--bots", "random", "--out", str(out))
    assert code == 0, shown
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<img src=x" not in page and "\u202e" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_the_flags_say_what_a_modules_figure_counts() -> None:
    cards = {f"c{i}": {"effect": float(i % 3), "effect_ci95": [i % 3 - 0.1, i % 3 + 0.1],
                       "effect_n": 50} for i in range(8)}
    cards["odd"] = {"effect": 40.0, "effect_ci95": [39.0, 41.0], "effect_n": 50}
    flag_outliers(cards, 0.0, "points of win rate when played")
    assert cards["odd"]["flag"] == "above"
    assert cards["odd"]["flag_reason"].startswith("yields +40.00 points of win rate when played")


@pytest.mark.parametrize("option, value", [("--set", "frantic-base"), ("--draft", None)])
def test_what_serves_forts_report_only_is_e906(tmp_path: Path, option: str,
                                               value: str | None) -> None:
    extra = [option] + ([value] if value else [])
    code, text = balance("--sets", str(FRANTIC), "--players", "3", "--games", "2",
                         "--out", str(tmp_path / "r"), *extra)
    assert code == 1 and "error[E906]" in text and option in text
    assert not (tmp_path / "r" / "index.html").exists()


@pytest.mark.parametrize("bot, said", [("nosuchbot", "unknown bot"),
                                       ("nobot:3", "unknown bot")])
def test_a_bot_the_game_lacks_is_e902(tmp_path: Path, bot: str, said: str) -> None:
    code, text = balance("--sets", str(FRANTIC), "--players", "3", "--games", "2",
                         "--bots", bot, "--out", str(tmp_path / "r"))
    assert code == 1 and "error[E902]" in text and said in text
    assert not (tmp_path / "r").exists()


def test_a_failed_game_of_a_balance_run_is_saved_as_simulates(tmp_path, monkeypatch) -> None:
    """`balance` of a module's sets saves a failed game as `simulate` does (Fort's balance
    does, through the same driver)."""
    def broken(*args, **kwargs):
        raise RuntimeError("the deck caught fire")

    monkeypatch.setattr(match, "run_game", broken)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["balance", "--sets", "frantic-base", "--players", "3",
                                       "--games", "2", "--seed", "4", "--out",
                                       str(tmp_path / "report")])
    assert result.exit_code == 1
    assert "simulate: error[E903]: game 0 (seed " in result.output, result.output
    saved = tmp_path / "fortlang-failed-seed4-game0.jsonl"
    assert "RuntimeError: the deck caught fire" in json.loads(saved.read_text())["error"]
