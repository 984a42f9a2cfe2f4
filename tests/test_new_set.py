"""`fortlang new set PATH` (issue 36): a starting set that checks with no error and no warning,
whose scenarios pass and whose cards play in simulated games; an existing folder is never
touched and a folder name that is not a set id is refused."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fortlang.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_new_set_checks_clean_and_its_scenarios_pass(tmp_path: Path) -> None:
    folder = tmp_path / "tree-house"
    made = run("new", "set", str(folder))
    assert made.exit_code == 0, made.output
    assert sorted(p.name for p in folder.iterdir()) == [
        "README.md", "kids.yaml", "made-up-rules.yaml", "manifest.yaml", "scenarios.yaml"]
    checked = run("check", str(folder))
    assert checked.exit_code == 0, checked.output
    assert checked.output.splitlines()[-1] == "checked 4 files, 3 cards: 0 errors, 0 warnings"
    tested = run("test", str(folder))
    assert tested.exit_code == 0, tested.output
    assert tested.output.splitlines()[-1] == "1 passed, 0 failed"


def test_the_new_set_s_cards_are_played_in_simulated_games(tmp_path: Path) -> None:
    folder = tmp_path / "tree-house"
    assert run("new", "set", str(folder)).exit_code == 0
    result = run("simulate", "--sets", f"fort-base,{folder}", "--games", "6", "--seed", "3",
                 "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    text = json.dumps(figures)
    assert "ada" in text and "bookworm" in text


def test_an_existing_folder_is_left_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "tree-house"
    folder.mkdir()
    (folder / "mine.yaml").write_text("kids: []\n")
    result = run("new", "set", str(folder))
    assert result.exit_code == 1
    assert "error[E801]: already exists" in result.output
    assert [p.name for p in folder.iterdir()] == ["mine.yaml"]
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere")  # a dangling link is not written through either
    assert run("new", "set", str(link)).exit_code == 1
    assert not (tmp_path / "nowhere").exists()


def test_a_folder_name_that_is_not_a_set_id_is_refused(tmp_path: Path) -> None:
    for name in ("Tree_House", "tree-house-", "x\x1b[2Jy", "a" * 65):
        result = run("new", "set", str(tmp_path / name))
        assert result.exit_code == 2, name
        assert "error[E807]" in result.output and "is not a set id" in result.output
        assert "\x1b" not in result.output
    assert list(tmp_path.iterdir()) == []
