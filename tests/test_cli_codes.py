"""Every command's errors carry their code: `file:line:col: error[CODE]: message` (issue 13).
Each command is driven through click's CliRunner with a bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import COMMANDS, game_commands, main

#: the head of a diagnostic, with or without its code
HEAD = re.compile(r"^\S.*?: (error|warning)(\[[EW]\d{3}\])?: ", re.M)

BAD_SCENARIO = """scenarios:
  - name: unknown card
    given: {players: [{hand: [Bgu]}]}
    when: [{play: Bgu}]
"""


def _cases(tmp: Path) -> dict[str, tuple[list[str], str]]:
    """command -> (arguments, the code its error must carry)."""
    (tmp / "kids.yaml").write_text("kids: [a, b\n", encoding="utf-8")
    (tmp / "log.jsonl").write_text("not json\n", encoding="utf-8")
    (tmp / "sc.yaml").write_text(BAD_SCENARIO, encoding="utf-8")
    return {
        "explain": (["explain", "gain pizza x shovle"], "E101"),
        "check": (["check", str(tmp / "kids.yaml")], "E301"),
        "fmt": (["fmt", str(tmp / "kids.yaml")], "E301"),
        "docs": (["docs", "build", "--out", str(tmp / "site"), "--sets", "fort-bsae"], "E604"),
        "simulate": (["simulate", "--bots", "randum", "--games", "1"], "E902"),
        "odds": (["odds", "test combat 5+ need 2", "--hero", "dukee"], "E363"),
        "replay": (["replay", str(tmp / "log.jsonl")], "E901"),
        "play": (["play", "--bots", "randum"], "E902"),
        "playtest": (["playtest", "--no-browser", "--load", str(tmp / "log.jsonl")], "E901"),
        "balance": (["balance", "--out", str(tmp / "report"), "--sets", "fort-bsae"], "E604"),
        "test": (["test", str(tmp / "sc.yaml")], "E701"),
        "lsp": (["lsp", "--stdio-typo"], "E807"),  # its input is the protocol: no file
        "new": (["new", "set", str(tmp)], "E801"),  # the folder exists
    }


def test_every_command_is_covered(tmp_path: Path):
    # fortlang's own and those of the games it ships (odds: Fortune and Glory's)
    assert set(_cases(tmp_path)) == set(COMMANDS) | set(game_commands())


@pytest.mark.parametrize("command", sorted(set(COMMANDS) | set(game_commands())))
def test_each_command_prints_its_errors_with_their_code(tmp_path: Path, command: str):
    args, code = _cases(tmp_path)[command]
    result = CliRunner().invoke(main, args, input="")
    # a wrong command line keeps click's exit code 2; every other error is 1
    assert result.exit_code == (2 if code == "E807" else 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    heads = HEAD.findall(result.output)
    assert heads, result.output
    assert all(with_code for _, with_code in heads), result.output
    assert f"error[{code}]: " in result.output, result.output


def test_docs_pnp_error_has_its_code(tmp_path: Path):
    result = CliRunner().invoke(main, ["docs", "pnp", "--out", str(tmp_path / "x.pdf"),
                                       "--sets", "fort-bsae"])
    assert result.exit_code == 1 and "error[E604]: " in result.output, result.output


@pytest.mark.parametrize(("args", "where", "message"), [
    (["explain"], "fortlang explain", "give either ACTION or --file PATH"),
    (["explain", "--lang", "de", "gain pizza"], "fortlang explain",
     "Invalid value for '--lang'"),
    (["check", "--bogus"], "fortlang check", "No such option '--bogus'"),
    (["test"], "fortlang test", "Missing argument 'PATHS...'"),
    (["bogus"], "fortlang", "No such command 'bogus'"),
    (["--bogus"], "fortlang", "No such option '--bogus'"),
])
def test_a_wrong_command_line_is_a_coded_usage_error(args: list[str], where: str,
                                                      message: str):
    result = CliRunner().invoke(main, args, prog_name="fortlang")
    assert result.exit_code == 2, result.output  # click's convention for usage errors
    assert result.output.startswith("Usage: "), result.output  # the usage line stays
    assert f"\n{where}: error[E807]: {message}" in result.output, result.output
    assert "\nError: " not in result.output


def test_a_usage_error_shows_command_line_values_escaped():
    result = CliRunner().invoke(main, ["explain", "--lang", "\x1b[2Jx", "gain pizza"],
                                prog_name="fortlang")
    assert "\x1b" not in result.output and "\\x1b[2Jx" in result.output


def test_a_failed_simulated_game_is_a_coded_error(tmp_path: Path, monkeypatch):
    import fortlang.games.fort.sim.batch

    def broken(*args, **kwargs):
        raise RuntimeError("engine bug")

    # random bots play in the engine's own loop (run_game); a search bot through the pull API
    monkeypatch.setattr(fortlang.games.fort.sim.batch, "run_game", broken)
    monkeypatch.setattr(fortlang.games.fort.sim.batch, "play", broken)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--players", "2"])
    assert result.exit_code == 1, result.output
    assert "simulate: error[E903]: game 0 (seed " in result.output
    assert "failed: RuntimeError: engine bug" in result.output
    assert "its replay is saved in fortlang-failed-seed0-game0.jsonl" in result.output
    assert (tmp_path / "fortlang-failed-seed0-game0.jsonl").exists()
