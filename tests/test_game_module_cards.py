"""A game module's own card kinds and words (issue 33 stages 5 and 9): a set whose manifest
names an installed game that declares card kinds is read with those kinds (their JSON Schemas
derived from the declarations) and its actions with that game's vocabulary; Fort's rules and
kinds are never applied to it. The game is the example module, examples/game-module (Pig with
cards), installed here the way pip lays it out."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pig_site import PIG_SET, ROOT, pig  # noqa: F401 - pig: the fixture

from fortlang.cardset.load import load_set
from fortlang.cli import main
from fortlang.games.fort.model import board_of, kids_of


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def planted(tmp_path: Path, old: str, new: str) -> Path:
    folder = shutil.copytree(PIG_SET, tmp_path / "pig-set")
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert old in text
    cards.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_the_example_set_checks_clean() -> None:
    result = run("check", str(PIG_SET))
    assert result.exit_code == 0, result.output
    assert "checked 2 files, 5 cards: 0 errors, 0 warnings" in result.output


def test_its_cards_are_built_with_the_games_kinds_and_words() -> None:
    cardset = load_set(PIG_SET)
    assert kids_of(cardset) == () and board_of(cardset) is None
    by_id = {c.id: c for c in cardset.cards}
    assert sum(c.copies for c in cardset.cards) == 18
    card = by_id["double_or_nothing"]
    assert card.kind == "card" and card.copies == 3 and card.name_in("fr") == "Quitte ou double"
    assert type(card.texts["action"]).__name__ == "Choice"
    assert "action" not in card.fields


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("action: bank 2", "action: bnak 2",
     "cards.yaml:6:13: error[E100]: unexpected `bnak`"),
    ("action: bank 5", "action: gain pizza",
     "cards.yaml:30:13: error[E100]: unexpected `gain`"),
    ("action: bank 5", "action: bank 11",
     "cards.yaml:30:13: error[E200]: amount 11 is out of range (at most 10)"),
    ("    copies: 4\n", "    copeis: 4\n",
     "cards.yaml:5:5: error[E311]: unknown field `copeis`"),
    ("    action: bank 2\n", "",
     "error[E312]: missing field `action`"),
])
def test_planted_mistakes_are_positioned_errors(tmp_path, old, new, expected) -> None:
    result = run("check", str(planted(tmp_path, old, new)))
    assert result.exit_code == 1
    assert expected in result.output, result.output


def test_fort_kinds_are_not_this_games(tmp_path) -> None:
    folder = planted(tmp_path, "cards:\n", "kids:\n")
    result = run("check", str(folder))
    assert result.exit_code == 1
    assert "error[E311]: unknown kind of card file `kids`; expected `cards`" in result.output


def test_a_lone_file_of_the_set_is_read_as_its_games(tmp_path) -> None:
    folder = planted(tmp_path, "action: bank 2", "action: bank 2 then roll")
    result = run("fmt", "--check", str(folder / "cards.yaml"))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Roll the die, then score 2 points."),
    ("fr", "Lancez le dé, puis marquez 2 points."),
    ("ru", "Бросьте кубик, затем получите очков: 2."),
])
def test_explain_speaks_the_games_words(lang, said) -> None:
    result = run("explain", "--game", "pig", "--lang", lang, "roll ▶ bank 2")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "roll then bank 2"
    assert result.output.splitlines()[1] == said


def test_explain_of_an_unknown_game_is_e350_with_did_you_mean() -> None:
    result = run("explain", "--game", "pgi", "bank 2")
    assert result.exit_code == 1
    assert "--game: error[E350]: no game module `pgi` is installed" in result.output
    assert "did you mean `pig`?" in result.output


def test_the_language_server_completes_and_diagnoses_in_the_games_words() -> None:
    """The editor's words for a file of the set are its game's: completion offers Pig's
    primitives and never Fort's; diagnostics are check's (test_the_example_set_checks_clean)."""
    from fortlang.cardset.build import nearby_vocabulary
    from fortlang.lsp.completion import language_items

    vocab = nearby_vocabulary(PIG_SET / "cards.yaml")
    assert vocab.name == "pig"
    labels = {item.label for item in language_items("", "action", vocab)}
    assert {"bank", "roll", "lose"} <= labels
    assert not labels & {"gain", "recruit", "advance"}


def test_simulate_plays_the_games_module_with_its_figures() -> None:
    args = ("simulate", "--sets", str(PIG_SET), "--players", "3", "--games", "60",
            "--bots", "greedy,random", "--seed", "4", "--json", "--check-invariants")
    first, again = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout  # the figures depend on the seed only
    figures = json.loads(first.stdout)
    assert figures["game"] == "pig" and figures["games"] == 60
    assert {b["seats"] for b in figures["by_bot"].values()} == {60, 120}
    assert sum(b["wins"] for b in figures["by_bot"].values()) == pytest.approx(60)
    assert figures["never_played"] == []
    assert figures["sets"][0]["id"] == "pig-base"
    assert figures["turns"]["min"] >= 1


@pytest.mark.parametrize(("args", "expected"), [
    (("--players", "5"), "--players: error[E905]: Pig with cards is for 2 to 4 players, not 5"),
    (("--draft",), "--draft: error[E906]: --draft is not available for Pig with cards yet"),
    (("--margin", "1"), "--margin: error[E906]: --margin is not available for Pig with cards"),
    (("--bots", "mcts"), "--bots: error[E906]: bot `mcts` is not available for Pig with cards yet"),
    (("--bots", "nobot"), "--bots:1:1: error[E902]: unknown bot `nobot`"),
])
def test_simulate_refuses_what_the_module_cannot_do_yet(args, expected) -> None:
    result = run("simulate", "--sets", str(PIG_SET), "--games", "2", *args)
    assert result.exit_code == 1
    assert expected in result.output, result.output


def test_balance_of_a_game_that_does_not_say_who_played_ranks_no_card(tmp_path) -> None:
    """Pig's outcome gives the plays of the game, not of each seat (Outcome.seat_plays): the
    report has its games' figures and says why no card is ranked."""
    pytest.importorskip("matplotlib")
    result = run("balance", "--sets", str(PIG_SET), "--games", "4", "--out",
                 str(tmp_path / "report"))
    assert result.exit_code == 0, result.output
    assert "does not say who played which card" in result.output
    figures = json.loads((tmp_path / "report" / "figures.json").read_text(encoding="utf-8"))
    assert figures["games"] == 4 and figures["ranking"] == [] and figures["seat_games"] == 0


def test_fort_keeps_its_players_range() -> None:
    result = run("simulate", "--games", "1", "--players", "5")
    assert result.exit_code == 1
    assert "--players: error[E905]: Fort is for 2 to 4 players, not 5" in result.output


def test_the_print_and_play_sheet_prints_the_games_cards(tmp_path) -> None:
    """Once E906 (issue 33 item 5): the sheet now prints every copy of the module's cards."""
    result = run("docs", "pnp", "--sets", str(PIG_SET), "--out", str(tmp_path / "pig.pdf"))
    assert result.exit_code == 0, result.output
    assert "18 cards" in result.output and (tmp_path / "pig.pdf").stat().st_size > 0


def test_the_docs_never_mix_two_games_sets(tmp_path) -> None:
    result = run("docs", "pnp", "--sets", f"fort-base,{PIG_SET}", "--out",
                 str(tmp_path / "mixed.pdf"))
    assert result.exit_code == 1
    assert "error[E352]" in result.output, result.output
    assert not (tmp_path / "mixed.pdf").exists()


def test_a_game_with_no_loop_yet_is_not_simulated() -> None:
    result = run("simulate", "--sets", str(ROOT / "cards" / "fortune-base"), "--players", "2",
                 "--games", "2")
    assert result.exit_code == 1
    assert "--sets: error[E906]: `fortlang simulate` is not available for Fortune and Glory " \
           "yet: it has no game loop" in result.output, result.output


def test_a_broken_invariant_is_e903_naming_the_game_and_its_seed(monkeypatch, tmp_path
                                                                  ) -> None:
    from fortlang_pig import table

    def lose_a_card(self) -> None:
        raise AssertionError("a card went missing")

    monkeypatch.setattr(table.PigTable, "check_invariants", lose_a_card)
    monkeypatch.chdir(tmp_path)  # where the failed game is saved
    result = run("simulate", "--sets", str(PIG_SET), "--games", "3", "--seed", "2",
                 "--check-invariants")
    assert result.exit_code == 1
    assert "simulate: error[E903]: game 0 (seed " in result.output, result.output
    assert "failed: AssertionError: a card went missing" in result.output
    assert "the error is in the engine of Pig with cards" in result.output
