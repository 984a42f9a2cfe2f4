"""`fortlang play` driven with scripted standard input through CliRunner."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from fortlang.cli import main


def play(stdin: str, *args: str):
    return CliRunner().invoke(main, ["play", "--seed", "3", *args], input=stdin)


def test_play_shows_the_table_hand_actions_and_numbered_choices():
    result = play("q\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "the table" in out and "park:" in out and "your hand:" in out
    assert "score x book" in out  # action text from the AST (printer)
    assert "Score 1 victory point for each book." in out  # and its sentence (phrasebook)
    assert "1. skip the play phase" in out
    assert "bye (quit)" in out and "--seed 3" in out


def test_play_re_asks_on_bad_input_and_quits_cleanly_at_end_of_input():
    result = play("x\n0\n99\n\n2\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("is not a choice") == 4
    assert "bye (end of input)" in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.parametrize("lang, word", [("fr", "Gagnez"), ("ru", "Получите")])
def test_play_explains_cards_in_the_chosen_language(lang, word):
    result = play("q\n", "--lang", lang)
    assert result.exit_code == 0 and word in result.stdout


def test_play_a_whole_game_by_always_choosing_the_first_option():
    result = CliRunner().invoke(main, ["play", "--seed", "5", "--players", "3",
                                       "--bots", "random"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "final scores" in result.stdout and "winner: player" in result.stdout
    assert "player 2 (random) — " in result.stdout  # the rivals' moves are told


def test_play_unknown_bot_is_a_diagnostic():
    result = play("", "--bots", "grredy")
    assert result.exit_code == 1 and "did you mean `greedy`" in result.stderr
