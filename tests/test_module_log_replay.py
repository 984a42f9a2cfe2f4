"""Logs and replays of a game module's games (issue 34 item 4, issue 33 item 5): `simulate --log`
writes one line a game (module, sets with their hashes, seed, bots, every answer, chance
outcomes, the outcome) through Fort's writer, and `replay` plays each line again through the
module's own loop; a changed set or an answer that does not fit is an error positioned on the
line. Frantic and the example module Pig (whose die rolls are chance outcomes)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from pig_site import PIG_SET, pig  # noqa: F401 - pig: the fixture

from fortlang.cli import main

FRANTIC = "frantic-base"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def logged(tmp_path: Path, sets: str, players: int, games: int = 3, seed: int = 5) -> Path:
    log = tmp_path / "games.jsonl"
    result = run("simulate", "--sets", sets, "--players", str(players), "--games", str(games),
                 "--seed", str(seed), "--bots", "greedy,random", "--log", str(log))
    assert result.exit_code == 0, result.output
    return log


def lines(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def test_a_frantic_log_holds_each_game_and_replays(tmp_path: Path) -> None:
    log = logged(tmp_path, FRANTIC, 4)
    games = lines(log)
    assert len(games) == 3
    first = games[0]
    assert first["module"] == "frantic" and first["format"] == 3 and first["players"] == 4
    assert first["sets"][0]["id"] == FRANTIC and len(first["sets"][0]["hash"]) == 16
    assert first["bots"] == ["greedy", "random", "greedy", "random"]
    assert all(len(a) == 3 for a in first["answers"] if a[0] != "chance")
    assert {"scores", "winners", "turns", "plays"} <= set(first["outcome"])
    result = run("replay", str(log))  # the log names its (bundled) set: no --sets needed
    assert result.exit_code == 0, result.output
    assert "3 game(s) replayed: 3 identical, 0 different" in result.output


def test_a_tampered_answer_is_positioned_on_the_line(tmp_path: Path) -> None:
    log = logged(tmp_path, FRANTIC, 3)
    text = log.read_text(encoding="utf-8").splitlines()
    game = json.loads(text[1])
    # an answer whose option is replaced by another the game offered there: its label is
    # then not the option's
    at = next(i for i, a in enumerate(game["answers"])
              if a[0] == "play" and a[1] == 0 and i > 2)
    taken = game["answers"][at][2]
    game["answers"][at][1] = 1
    text[1] = json.dumps(game)
    log.write_text("\n".join(text) + "\n", encoding="utf-8")
    before = json.dumps(game["answers"][:at])[:-1] + ", "  # the answers before it
    column = text[1].index('"answers": ') + len('"answers": ') + len(before) + 1
    result = run("replay", str(log))
    assert result.exit_code == 1
    assert f"{log}:2:{column}: error[E810]: game 1 plays differently: answer {at + 1} took " \
           f"`{taken}`, option 2 is " in result.output, result.output
    assert "3 game(s) replayed: 2 identical, 1 different" in result.output


def test_a_changed_set_is_positioned_on_the_set(tmp_path: Path) -> None:
    log = logged(tmp_path, FRANTIC, 2, games=1)
    game = lines(log)[0]
    real = game["sets"][0]["hash"]
    game["sets"][0]["hash"] = "0123456789abcdef"
    text = json.dumps(game)
    log.write_text(text + "\n", encoding="utf-8")
    column = text.index('{"id": "frantic-base"') + 1
    result = run("replay", str(log))
    assert result.exit_code == 1
    assert f"{log}:1:{column}: error[E335]: game logged with other card data: set " \
           f"frantic-base: hash 0123456789abcdef logged, {real} loaded (its cards changed " \
           "since the game was logged)" in result.output, result.output


def test_a_log_of_frantic_is_not_replayed_with_forts_sets(tmp_path: Path) -> None:
    log = logged(tmp_path, FRANTIC, 2, games=1)
    result = run("replay", str(log), "--sets", "fort-base")
    assert result.exit_code == 1
    assert f"{log}:1:1: error[E335]: game logged with other card data: a game of `frantic`, " \
           "the sets loaded are Fort's" in result.output, result.output


def test_pig_is_logged_with_its_rolls_and_replays(tmp_path: Path) -> None:
    log = logged(tmp_path, str(PIG_SET), 3, games=6)
    games = lines(log)
    assert any(a[0] == "chance" for g in games for a in g["answers"])  # P3: the die
    result = run("replay", str(log), "--sets", str(PIG_SET))
    assert result.exit_code == 0, result.output
    assert "6 game(s) replayed: 6 identical, 0 different" in result.output


def test_a_tampered_roll_is_positioned_on_it(tmp_path: Path) -> None:
    log = logged(tmp_path, str(PIG_SET), 2, games=4)
    games = lines(log)
    number, game = next((n, g) for n, g in enumerate(games, 1)
                        if any(a[0] == "chance" for a in g["answers"]))
    at = next(i for i, a in enumerate(game["answers"]) if a[0] == "chance")
    was = game["answers"][at][1]
    game["answers"][at][1] = (was + 1) % 6
    text = [json.dumps(g) for g in games]
    text[number - 1] = json.dumps(game)
    log.write_text("\n".join(text) + "\n", encoding="utf-8")
    result = run("replay", str(log), "--sets", str(PIG_SET))
    assert result.exit_code == 1
    assert f"{log}:{number}:" in result.output and "error[E810]" in result.output
    assert f"the log has {(was + 1) % 6}, the game drew {was}" in result.output, result.output


def test_a_game_cut_short_says_the_log_ends(tmp_path: Path) -> None:
    log = logged(tmp_path, str(PIG_SET), 2, games=1)
    game = lines(log)[0]
    game["answers"] = game["answers"][:3]
    log.write_text(json.dumps(game) + "\n", encoding="utf-8")
    result = run("replay", str(log), "--sets", str(PIG_SET))
    assert result.exit_code == 1
    assert "error[E810]: game 0 plays differently: the log ends, the game asks more" \
        in result.output, result.output


@pytest.mark.parametrize(("change", "key", "message"), [
    ({"players": 9}, "players", "`players` must be from 2 to 4: Pig with cards is for so "
                                "many players"),
    ({"players": 10 ** 9}, "players", "`players` must be from 2 to 4"),
    ({"answers": [["play", 0, "x"]] * 200_001}, "answers", "holds 200,001 answers, more than "
                                                          "200,000"),
    ({"answers": [["play", 10 ** 7, "x"]]}, "answers", "answer 1 must be [kind, option, label]"),
    ({"seed": -1}, "seed", "`seed` must be a whole number from 0 to 2^64 - 1"),
])
def test_a_line_out_of_bounds_is_refused_before_the_game_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change, key, message) -> None:
    from fortlang_pig import table

    log = logged(tmp_path, str(PIG_SET), 2, games=1)
    game = lines(log)[0] | change
    text = json.dumps(game)
    log.write_text(text + "\n", encoding="utf-8")
    played: list[int] = []
    monkeypatch.setattr(table, "run_game", lambda *a, **k: played.append(1))
    result = run("replay", str(log), "--sets", str(PIG_SET))
    assert result.exit_code == 1
    column = text.index(f'"{key}": ') + len(f'"{key}": ') + 1
    if key == "answers" and "answer 1 " in message:
        column += 1  # the first element, past the bracket
    assert f"{log}:1:{column}: error[E901]: not a replay line: " in result.output, result.output
    assert message in result.output
    assert played == []


def test_the_log_is_written_as_forts_keeping_the_files_mode(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    log.write_text("old\n", encoding="utf-8")
    os.chmod(log, 0o640)
    result = run("simulate", "--sets", str(PIG_SET), "--players", "2", "--games", "2",
                 "--log", str(log))
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(log.stat().st_mode) == 0o640
    assert [g["game"] for g in lines(log)] == [0, 1]


def test_a_log_into_a_folder_is_refused_before_any_game(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang_pig import table

    played: list[int] = []
    monkeypatch.setattr(table, "run_game", lambda *a, **k: played.append(1))
    result = run("simulate", "--sets", str(PIG_SET), "--players", "2", "--games", "2",
                 "--log", str(tmp_path))
    assert result.exit_code == 1
    assert "error[E800]" in result.output
    assert played == []


def test_a_log_to_a_fifo_nobody_reads_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    result = run("simulate", "--sets", str(PIG_SET), "--players", "2", "--games", "1",
                 "--log", str(fifo))
    assert result.exit_code == 1
    assert "error[E801]" in result.output, result.output


def test_a_long_label_is_logged_cut_and_replays() -> None:
    """A module's option may be a long text: its label is logged to LABEL_CHARS characters
    (within the bound replay sets) and compared so."""
    from fortlang.engine.choices import Decision, Kind, Option
    from fortlang.sim.module_log import LABEL_CHARS, LogAsker, Recorder

    long = "bank 1 then " * 60
    decision = Decision(0, Kind.CHOICE, (Option("bank 1"), Option(long)))

    class Table:
        log = [("choice", 1)]

    class Second:
        def decide(self, game, d) -> int:
            return 1

    recorder = Recorder(Second())
    assert recorder.decide(Table(), decision) == 1
    answers = recorder.answers()
    assert answers == [["choice", 1, long[:LABEL_CHARS]]]
    assert LogAsker(answers).decide(Table(), decision) == 1


def test_a_failed_game_leaves_no_half_written_log(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang_pig import table

    def broken(*args, **kwargs):
        raise RuntimeError("the deck caught fire")

    monkeypatch.setattr(table, "run_game", broken)
    monkeypatch.chdir(tmp_path)  # where the failed game is saved
    out = tmp_path / "out"
    out.mkdir()
    log = out / "games.jsonl"
    result = run("simulate", "--sets", str(PIG_SET), "--players", "2", "--games", "2",
                 "--log", str(log))
    assert result.exit_code == 1
    assert "error[E903]: game 0 (seed " in result.output
    # as Fort's: the log holds the games before the failed one, whole (none here), and no
    # temporary file is left; the failed game is saved apart
    assert list(out.iterdir()) == [log] and log.read_text(encoding="utf-8") == ""
    assert (tmp_path / "fortlang-failed-seed0-game0.jsonl").exists()


def _mud_that_breaks(site: Path) -> None:
    """Pig's installed copy with an engine error in its own code: its `lose` effect raises
    once the seat performing it has 15 points (mid-game, after some answers; the effect is
    also tried when judging which cards can be played, P4)."""
    words = site / "fortlang_pig" / "words.py"
    text = words.read_text(encoding="utf-8")
    broken = text.replace("    had = ctx.who.vp\n", "    if ctx.who.vp >= 15:\n"
                          "        raise RuntimeError('the mud is too deep')\n"
                          "    had = ctx.who.vp\n", 1)
    assert broken != text
    words.write_text(broken, encoding="utf-8")


def test_a_failed_game_is_saved_as_forts_and_its_replay_meets_the_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pig: Path) -> None:  # noqa: F811
    """As Fort's (games.fort.sim.batch): the games before the failed one are logged whole, the
    failed game's partial line (its answers, seed, error and traceback) is saved in the
    current folder, E903 names it, and the replay the hint gives meets the error again."""
    import shlex

    _mud_that_breaks(pig)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    log = tmp_path / "games.jsonl"
    result = run("simulate", "--sets", str(PIG_SET), "--players", "2", "--games", "8",
                 "--seed", "7", "--bots", "greedy,random", "--log", str(log))
    assert result.exit_code == 1, result.output
    saved = sorted(work.glob("fortlang-failed-seed7-game*.jsonl"))
    assert len(saved) == 1, result.output
    failure = json.loads(saved[0].read_text(encoding="utf-8"))
    index = failure["game"]
    assert index > 0  # some games ended first: the log keeps them
    assert f"simulate: error[E903]: game {index} (seed {failure['seed']}) failed: " \
           "RuntimeError: the mud is too deep" in result.output, result.output
    assert f"its replay is saved in {saved[0].name}" in result.output
    assert failure["module"] == "pig" and failure["format"] == 3
    assert failure["players"] == 2 and len(failure["bots"]) == 2
    assert failure["sets"][0]["id"] == "pig-base"
    assert failure["error"] == "RuntimeError: the mud is too deep"
    assert "the mud is too deep" in failure["traceback"]
    assert "outcome" not in failure and failure["answers"]  # a game cut short
    assert [g["game"] for g in lines(log)] == list(range(index))
    command = result.output.split("\n  fortlang replay ", 1)[1].split("\n")[0]
    assert command.startswith(f"{saved[0].name} --sets ")  # a folder: a log names its id
    again = run("replay", *shlex.split(command))
    assert again.exit_code == 1
    assert f"{saved[0].name}:1:" in again.output and "error[E903]" in again.output
    assert "RuntimeError: the mud is too deep" in again.output, again.output
    assert "the same error as the log's" in again.output
    assert "1 game(s) replayed: 0 identical, 1 different" in again.output


def test_a_failed_game_that_plays_on_now_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pig: Path) -> None:  # noqa: F811
    """Replayed once the module is mended, a failed game's line says where it failed."""
    from plugin_site import forget_games

    words = pig / "fortlang_pig" / "words.py"
    mended = words.read_text(encoding="utf-8")
    _mud_that_breaks(pig)
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "--sets", str(PIG_SET), "--players", "2", "--games", "8",
                 "--seed", "7")
    assert result.exit_code == 1, result.output
    saved = next(tmp_path.glob("fortlang-failed-seed7-game*.jsonl"))
    words.write_text(mended, encoding="utf-8")
    forget_games()
    again = run("replay", str(saved), "--sets", str(PIG_SET))
    assert again.exit_code == 1
    assert "error[E810]" in again.output
    assert "the logged game failed here (RuntimeError: the mud is too deep); it does not " \
           "now" in again.output, again.output


def test_a_broken_invariant_is_saved_and_met_again_by_its_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed game's replay checks the invariants (as Fort's): a game that failed under
    --check-invariants meets the same error."""
    from fortlang_pig import table

    def lose_a_card(self) -> None:
        if self.log:
            raise AssertionError("a card went missing")

    monkeypatch.setattr(table.PigTable, "check_invariants", lose_a_card)
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "--sets", str(PIG_SET), "--players", "2", "--games", "3",
                 "--seed", "2", "--check-invariants")
    assert result.exit_code == 1
    assert "failed: AssertionError: a card went missing" in result.output, result.output
    saved = next(tmp_path.glob("fortlang-failed-seed2-game0.jsonl"))
    assert json.loads(saved.read_text(encoding="utf-8"))["answers"]
    again = run("replay", str(saved), "--sets", str(PIG_SET))
    assert again.exit_code == 1
    assert "error[E903]" in again.output and "AssertionError: a card went missing" \
        in again.output, again.output


def test_a_failed_game_of_the_search_bot_is_saved_too(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the search bot plays goes through the pull API: its failure is saved with the
    game's answers so far (kind and option), and its replay meets the error again."""
    from fortlang.games.frantic import match

    real = match.run_game
    games: list[int] = []  # the game loops started: the first is the game, then the search's

    def breaks_late(*args, **kwargs):  # the game itself fails once two answers are given
        first = not games
        games.append(1)
        asker = kwargs["asker"]
        decide = asker.decide

        def counted(table, decision):
            if first and sum(kind != "chance" for kind, _ in table.log) >= 2:
                raise RuntimeError("the deck caught fire")
            return decide(table, decision)

        asker.decide = counted
        return real(*args, **kwargs)

    monkeypatch.setattr(match, "run_game", breaks_late)
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "--sets", FRANTIC, "--players", "3", "--games", "1",
                 "--seed", "4", "--bots", "mcts:2,random")
    assert result.exit_code == 1
    assert "failed: RuntimeError: the deck caught fire" in result.output, result.output
    saved = tmp_path / "fortlang-failed-seed4-game0.jsonl"
    answers = json.loads(saved.read_text())["answers"]
    assert len([a for a in answers if a[0] != "chance"]) == 2
    assert all(len(a) == 2 for a in answers)
    games.clear()
    again = run("replay", str(saved))
    assert again.exit_code == 1
    assert "error[E903]" in again.output and "the same error as the log's" in again.output, \
        again.output
