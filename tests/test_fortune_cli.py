"""`fortlang odds` (issue 35 item 2) through click's CliRunner: the fraction and the
percentage, JSON, seeded simulation, the switches, and errors with their code and place."""

from __future__ import annotations

import json

from click.testing import CliRunner

from fortlang.cli import main


def run(*args: str):
    return CliRunner().invoke(main, ["odds", *args])


def test_odds_print_the_fraction_and_the_percentage() -> None:
    result = run("test 3 dice 5+ need 2", "--hero", "duke_dudley")
    assert result.exit_code == 0, result.output
    assert result.output == "test 3 dice 5+ need 2, duke_dudley: 139/243 = 57.20%\n"
    once = run("test 3 dice 5+ need 2", "--hero", "duke_dudley", "--keep-rolling", "off")
    assert "7/27 = 25.93%" in once.output


def test_odds_in_json_with_a_seeded_simulation() -> None:
    args = ("boat_chase", "--hero", "jake_zane", "--json", "--simulate", "20000", "--seed", "3")
    first, again = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.output == again.output
    figures = json.loads(first.output)
    assert figures["exact"]["fraction"] == "4753/6561" and figures["by"] == "tests"
    simulated = figures["simulated"]
    assert simulated["runs"] == 20000 and simulated["seed"] == 3
    assert abs(simulated["probability"] - 4753 / 6561) < 0.015


def test_an_enemy_is_a_fight() -> None:
    result = run("crimson_hand", "--hero", "duke_dudley")
    assert result.exit_code == 0 and "(fight)" in result.output
    assert "\n  expected wounds: " in result.output
    figures = json.loads(run("crimson_hand", "--hero", "duke_dudley", "--json").output)
    assert 0 < figures["expected_wounds"]["value"] < 5  # Duke's health is 4: KO counts 5


def test_a_wrong_skill_is_positioned_in_the_command_line() -> None:
    result = run("test combatt 5+ need 2", "--hero", "duke_dudley")
    assert result.exit_code == 1
    assert "<command line>:1:6: error[E101]" in result.output
    assert "did you mean `combat`?" in result.output


def test_an_unknown_hero_is_e363_with_did_you_mean() -> None:
    result = run("test combat 5+ need 2", "--hero", "jake_zan")
    assert result.exit_code == 1
    assert "error[E363]" in result.output and "`jake_zane`" in result.output


def test_runs_beyond_the_bound_are_a_command_line_error() -> None:
    result = run("test combat 5+ need 2", "--hero", "jake_zane", "--simulate", "0")
    assert result.exit_code != 0 and "E807" in result.output
