"""Hostile set folders: links out of the set, binary files, folders that vanish mid-walk,
scenario `sets:` naming folders that are not sets, and `requires` cycles. Each is a positioned
diagnostic with exit 1, never a traceback, never a secret quoted back."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cardset import check_paths
from fortlang.cli import main

KIDS = ("kids:\n  - {id: newbie, name: Newbie, suits: [book], public: score x book, "
        "source: provisional}\n")
SECRET = "hunter2-do-not-print"


def make_set(folder: Path, set_id: str = "my-expansion", requires: str = "[fort-base]") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.yaml").write_text(
        f'id: {set_id}\nname: Mine\nversion: "1"\nrequires: {requires}\n', encoding="utf-8")
    (folder / "kids.yaml").write_text(KIDS, encoding="utf-8")
    return folder


def check(*paths: Path):
    return CliRunner().invoke(main, ["check", *map(str, paths)])


def codes(output: str) -> list[str]:
    return re.findall(r"error\[(E\d+)\]", output)


# -- item 8: links out of the set, binary files ------------------------------------------------


def test_a_link_out_of_the_set_is_not_read(tmp_path: Path):
    shadow = tmp_path / "shadow"
    shadow.write_text(f"root:{SECRET}:19000:0:99999:7:::\n", encoding="utf-8")
    cards = make_set(tmp_path / "set")
    (cards / "shadow.yaml").symlink_to(shadow)
    (cards / "environ.yaml").symlink_to("/proc/self/environ")
    result = check(cards)
    assert result.exit_code == 1
    assert SECRET not in result.output and "PATH=" not in result.output
    assert f"{cards / 'shadow.yaml'}: error[E330]: a link that leads out of the folder" \
        in result.output
    assert codes(result.output) == ["E330", "E330"]


def test_a_link_inside_the_set_is_read(tmp_path: Path):
    cards = make_set(tmp_path / "set")
    (cards / "more").mkdir()
    (cards / "kids.yaml").rename(cards / "more" / "kids.txt")
    (cards / "kids.yaml").symlink_to(Path("more") / "kids.txt")
    result = check(cards)
    assert result.exit_code == 0, result.output


def test_a_linked_folder_out_of_the_set_is_not_walked(tmp_path: Path):
    cards = make_set(tmp_path / "set")
    (cards / "everything").symlink_to("/")
    start = time.perf_counter()
    result = check(cards)
    assert time.perf_counter() - start < 10
    assert codes(result.output) == ["E330"] and result.exit_code == 1


def test_the_bytes_of_a_binary_file_are_never_echoed(tmp_path: Path):
    cards = make_set(tmp_path / "set")
    (cards / "blob.yaml").write_bytes(f"kids: {SECRET}\0\1\2".encode())
    result = check(cards)
    assert result.exit_code == 1 and "E103" in result.output
    assert SECRET not in result.output


# -- item 10: a folder that vanishes during the walk --------------------------------------------


@pytest.fixture
def vanishing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A set whose sub-folder `gone` disappears the moment it is listed."""
    cards = make_set(tmp_path / "set")
    (cards / "gone").mkdir()
    (cards / "gone" / "more.yaml").write_text(KIDS.replace("newbie", "other"), encoding="utf-8")
    real = os.scandir

    def scandir(path=".", *args, **kwargs):
        if os.path.basename(os.fspath(path)) == "gone":
            raise FileNotFoundError(2, "No such file or directory", os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "scandir", scandir)
    return cards


@pytest.mark.parametrize("command", [["check"], ["fmt"], ["test"],
                                     ["docs", "pnp", "--out", "{tmp}/x.pdf", "--sets"]])
def test_a_vanished_folder_is_a_diagnostic(vanishing: Path, command: list[str]):
    args = [a.format(tmp=vanishing.parent) for a in command] + [str(vanishing)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert re.search(rf"{re.escape(str(vanishing / 'gone'))}: error\[E333\]: folder no "
                     "longer exists", result.output), result.output


# -- item 9: scenario `sets:` only names set folders -------------------------------------------


def test_a_scenario_set_that_is_not_a_set_folder_is_refused_unread(tmp_path: Path):
    notes = tmp_path / "notes" / "deep"
    notes.mkdir(parents=True)
    (notes / "broken.yaml").write_text("kids: [\n", encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text("sets: [fort-base, notes]\nscenarios:\n  - name: x\n    given: {}\n"
                        "    when: []\n    then: {}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(scenario)])
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(scenario))}:1:19: error\[E331\]: `notes` is not a "
                     r"card set: no manifest\.yaml in ", result.output), result.output
    assert "broken.yaml" not in result.output


# -- item 14: requires cycles ----------------------------------------------------------------------


def test_a_set_requiring_itself_is_an_error(tmp_path: Path):
    cards = make_set(tmp_path / "set", requires="[fort-base, my-expansion]")
    diagnostics = check_paths([cards])
    [cycle] = [d for d in diagnostics if d.code == "E332"]
    assert cycle.message == "`my-expansion` requires itself"
    assert (cycle.span.line, cycle.span.column) == (4, 23)


def test_two_sets_requiring_each_other_are_an_error(tmp_path: Path):
    a = make_set(tmp_path / "a", "set-a", "[fort-base, set-b]")
    b = make_set(tmp_path / "b", "set-b", "[set-a]")
    found = {(Path(d.file).parent.name, d.message) for d in check_paths([a, b])
             if d.code == "E332"}
    assert found == {("a", "requires cycle: set-a -> set-b -> set-a"),
                     ("b", "requires cycle: set-b -> set-a -> set-b")}
