"""The example game module (examples/game-module, docs/games.md) as a user installs it: pip
builds and installs the package into a folder of its own, and fortlang, run as a separate
process with that folder on its path, finds the game through its entry point and checks,
explains, tests the scenarios of, simulates and builds the docs site of its set (issue 33
item 7, stage 9; its scenario rules and site: issue 33 item 5)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "game-module"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example installed by pip (its wheel built here, offline: hatchling is a test
    dependency) into a private folder."""
    target = tmp_path_factory.mktemp("pig-site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--target", str(target), str(EXAMPLE)],
                   check=True, capture_output=True, timeout=600, cwd=target)
    return target


def fortlang(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(site), NO_COLOR="1")
    return subprocess.run([sys.executable, "-c", "from fortlang.cli import main; main()",
                           *args], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def test_installed_example_checks_explains_and_simulates(site: Path, tmp_path: Path) -> None:
    assert (site / "fortlang_pig" / "words.py").is_file()
    pig_set = EXAMPLE / "cards" / "pig-base"
    check = fortlang(site, tmp_path, "check", str(pig_set))
    assert check.returncode == 0, check.stdout + check.stderr
    explain = fortlang(site, tmp_path, "explain", "--game", "pig", "--lang", "ru",
                       "each rival -> lose 2")
    assert explain.returncode == 0, explain.stderr
    assert explain.stdout.splitlines()[0] == "each rival -> lose 2"
    sim = fortlang(site, tmp_path, "simulate", "--sets", str(pig_set), "--players", "2",
                   "--games", "20", "--bots", "random", "--json")
    assert sim.returncode == 0, sim.stderr
    figures = json.loads(sim.stdout)
    assert figures["game"] == "pig" and figures["games"] == 20


def test_installed_example_runs_its_scenarios(site: Path, tmp_path: Path) -> None:
    result = fortlang(site, tmp_path, "test", str(EXAMPLE / "scenarios"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.endswith("5 passed, 0 failed\n")
    wrong = tmp_path / "example"
    for folder in ("cards", "scenarios"):
        shutil.copytree(EXAMPLE / folder, wrong / folder)
    path = wrong / "scenarios" / "pig.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("scores: [5, 0], discard",
                                                            "scores: [6, 0], discard"),
                    encoding="utf-8")
    result = fortlang(site, tmp_path, "test", str(path))
    assert result.returncode == 1
    assert "line 10: scores: expected [6, 0], got [5, 0]" in result.stdout


def test_installed_example_builds_its_docs_site(site: Path, tmp_path: Path) -> None:
    """`docs build` of the example's set, the package installed by pip: its rules page
    shipped in the wheel (rules_pages), the reference of its words, the glossary of its
    cards."""
    assert (site / "fortlang_pig" / "rules" / "en.md").is_file()  # in the wheel
    built = fortlang(site, tmp_path, "docs", "build", "--sets",
                     str(EXAMPLE / "cards" / "pig-base"), "--lang", "en", "--out", "pig-site")
    assert built.returncode == 0, built.stdout + built.stderr
    pages = tmp_path / "pig-site" / "en"
    rules = (pages / "rules.html").read_text(encoding="utf-8")
    assert 'id="p4"' in rules  # its numbered rules, anchored
    reference = (pages / "reference.html").read_text(encoding="utf-8")
    assert "bank" in reference and "recruit" not in reference  # Pig's words, not Fort's
    assert "Lucky Roll" in (pages / "glossary" / "pig-base.html").read_text(encoding="utf-8")


def test_without_the_package_the_set_says_its_game_is_missing(tmp_path: Path) -> None:
    result = fortlang(tmp_path, tmp_path, "check", str(EXAMPLE / "cards" / "pig-base"))
    assert result.returncode == 1
    assert "error[E350]: no game module `pig` is installed" in result.stdout + result.stderr
