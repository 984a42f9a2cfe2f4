"""`simulate`, `play` and `replay` with a designer's own sets (--sets): requires resolved, each
set's id, version and content hash logged, a replay of other card data refused (E335)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from expansion import write_expansion

from fortlang.cli import main


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_simulate_plays_an_expansion_folder_with_the_set_it_requires(tmp_path):
    folder = write_expansion(tmp_path / "yard-kids")
    result = run("simulate", "--sets", str(folder), "--games", "30", "--seed", "3",
                 "--bots", "greedy", "--json")
    assert result.exit_code == 0, result.output
    f = json.loads(result.stdout)
    assert [s["id"] for s in f["sets"]] == ["fort-base", "yard-kids"]  # requires: [fort-base]
    assert all(len(s["hash"]) == 16 and s["version"] == "0.1.0" for s in f["sets"])
    assert f["cards"]["strong-sam"]["played"] > 0  # the expansion's cards are in the park
    assert f["cards"]["strong-sam"]["set"] == "yard-kids" and f["cards"]["bones"]["set"] == \
        "fort-base"
    assert f["cards"]["bones"]["kind"] == "kid" and f["perks"] and f["rules"]


def test_a_bundled_id_and_a_folder_combine_once(tmp_path):
    folder = write_expansion(tmp_path / "yard-kids")
    one = run("simulate", "--sets", f"fort-base,{folder}", "--games", "4", "--json")
    two = run("simulate", "--sets", str(folder), "--games", "4", "--json")
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_unknown_set_is_a_diagnostic_not_a_traceback():
    result = run("simulate", "--sets", "fort-bsae", "--games", "2")
    assert result.exit_code == 1
    assert "error[E604]" in result.stderr or "error: no card set 'fort-bsae'" in result.stderr
    assert "fort-base" in result.stderr  # did you mean
    assert "Traceback" not in result.output


def test_two_sets_sharing_a_card_id_refuse_to_combine(tmp_path):
    kids = [("bones", "Other Bones", "[book]", 1, "score", "pack")]
    folder = write_expansion(tmp_path / "clash", set_id="clash", kids=kids)
    result = run("simulate", "--sets", str(folder), "--games", "2")
    assert result.exit_code == 1
    assert "`bones` is in both `fort-base` and `clash`" in result.stderr
    assert "Traceback" not in result.output


def test_required_set_missing_is_reported(tmp_path):
    folder = write_expansion(tmp_path / "needy", set_id="needy")
    text = (folder / "manifest.yaml").read_text().replace("[fort-base]", "[fort-base, nowhere]")
    (folder / "manifest.yaml").write_text(text)
    result = run("simulate", "--sets", str(folder), "--games", "2")
    assert result.exit_code == 1
    assert "nowhere" in result.stderr and "Traceback" not in result.output


def test_replay_needs_the_card_data_the_log_was_made_with(tmp_path):
    folder = write_expansion(tmp_path / "yard-kids")
    log = tmp_path / "games.jsonl"
    made = run("simulate", "--sets", str(folder), "--games", "3", "--players", "2",
               "--log", str(log), "--json")
    assert made.exit_code == 0, made.output
    entry = json.loads(log.read_text().splitlines()[0])
    assert [s["id"] for s in entry["sets"]] == ["fort-base", "yard-kids"]
    ok = run("replay", str(log), "--sets", str(folder))
    assert ok.exit_code == 0 and "3 identical, 0 different" in ok.stdout
    base_only = run("replay", str(log))  # without the expansion: refused, not "different"
    assert base_only.exit_code == 1
    assert "error[E335]" in base_only.stderr or "game logged with other card data" in \
        base_only.stderr
    assert "--sets" in base_only.stderr and "Traceback" not in base_only.output
    # the same set id and version with one card changed: the content hash tells
    kids = (folder / "kids.yaml").read_text().replace("score 9", "score 8")
    (folder / "kids.yaml").write_text(kids)
    changed = run("replay", str(log), "--sets", str(folder))
    assert changed.exit_code == 1 and "other card data" in changed.stderr


def test_a_base_game_log_replays_without_sets(tmp_path):
    log = tmp_path / "games.jsonl"
    assert run("simulate", "--games", "2", "--players", "2", "--log", str(log)).exit_code == 0
    ok = run("replay", str(log))
    assert ok.exit_code == 0 and "2 identical" in ok.stdout


def test_play_takes_sets_and_escapes_card_names_for_the_terminal(tmp_path):
    # every park card of this expansion is named with markup and an escape sequence
    kids = [("evil", '"[bold]Evil\\e[2J"', "[book]", 20, "score", "pack"),
            ("evil-twin", '"[bold]Evil\\e[2J twin"', "[book]", 20, "score", "pack")]
    folder = write_expansion(tmp_path / "evil", set_id="evil", kids=kids)
    result = run("play", "--sets", str(folder), "--seed", "5", stdin="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "[bold]Evil\\x1b[2J" in result.stdout  # shown literally, the escape made harmless
    assert "\x1b[2J" not in result.stdout
