"""Scenario files answer chance points (issue 33 stage 6): a move's `chance:` lists the
outcomes of the rolls it meets, by value or label, in order; a roll the move does not answer,
an outcome that is not one, and an outcome left over are each a scenario failure that says so.
The roll comes from a vocabulary plugin installed for the test (`roll N`: roll a die, on N or
more gain a toy), as a designer's plugin would bring it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_site import install

from fortlang.cli import main

pytestmark = pytest.mark.usefixtures("fresh_vocabularies")

DICE = (Path(__file__).parent / "dice_plugin.py").read_text(encoding="utf-8")

SCENARIOS = textwrap.dedent('''
    sets: [fort-base, ./dice]
    scenarios:
      - name: two rolls, both hit
        given:
          players:
            - hand: [Gambler]
        when:
          - play: Gambler
            use: public only
            chance: [4, "6"]
        then:
          players:
            - stuff: {toy: 2}
      - name: the first roll misses, so the second is never rolled (R13.4)
        given:
          players:
            - hand: [Gambler]
        when:
          - play: Gambler
            use: public only
            chance: [3]
        then:
          players:
            - stuff: {toy: 0}
''')


@pytest.fixture
def dice_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    site = install(tmp_path / "site", name="dice", module="fortlang_dice_plugin", source=None,
                   code=DICE)
    monkeypatch.syspath_prepend(str(site))
    folder = tmp_path / "dice"
    folder.mkdir()
    (folder / "manifest.yaml").write_text(
        "id: dice\nname: Dice\nversion: '0.1'\nrequires: [fort-base]\nuses: [dice]\n",
        encoding="utf-8")
    (folder / "kids.yaml").write_text(textwrap.dedent("""
        kids:
          - id: gambler
            name: Gambler
            suits: [book]
            public: roll 4 then roll 6
            private: score
            source: original
        """), encoding="utf-8")
    return tmp_path


def _test(folder: Path, text: str):
    (folder / "rolls.yaml").write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["test", str(folder / "rolls.yaml")])


def test_a_moves_chance_answers_its_rolls_in_order(dice_set: Path) -> None:
    result = _test(dice_set, SCENARIOS)
    assert result.exit_code == 0 and "2 passed, 0 failed" in result.output, result.output


def test_a_roll_left_unanswered_names_the_outcomes(dice_set: Path) -> None:
    result = _test(dice_set, SCENARIOS.replace("chance: [3]", "chance: []"))
    assert result.exit_code == 1, result.output
    assert "meets a chance point; say which outcome with `chance: [<outcome>]`" in result.output
    assert "the outcomes are 1, 2, 3, 4, 5, 6" in result.output


def test_an_outcome_that_is_not_one_and_one_left_over_fail(dice_set: Path) -> None:
    result = _test(dice_set, SCENARIOS.replace('chance: [4, "6"]', "chance: [4, 7]"))
    said = "chance 7 is not an outcome of `Gambler (public): roll 4 then roll 6`"
    assert result.exit_code == 1 and said in result.output, result.output
    result = _test(dice_set, SCENARIOS.replace("chance: [3]", "chance: [3, 5]"))
    assert result.exit_code == 1 and "chance 5" in result.output, result.output
