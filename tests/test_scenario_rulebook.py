"""Every scenario shipped in tests/scenarios (the rulebooks' worked examples, R5.3-R13.5, and
one per primitive R12.1-R12.13) passes against the rules engine."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import fortlang.games.fort.scenarios
from fortlang.games.fort.scenarios import load_file, run_scenario
from fortlang.scenario import scenario_files

SCENARIOS = Path(__file__).parent / "scenarios"
CASES = [(path, sc) for path in scenario_files([SCENARIOS]) for sc in load_file(path)]


@pytest.mark.parametrize("scenario", [sc for _, sc in CASES],
                         ids=[f"{p.stem}:{sc.line}" for p, sc in CASES])
def test_shipped_scenario_passes(scenario):
    outcome = run_scenario(scenario)
    assert outcome.passed, "\n".join([outcome.message or ""] + [d.render() for d in outcome.diffs])


def test_every_primitive_r12_1_to_r12_13_has_a_scenario():
    text = (SCENARIOS / "rulebook" / "r12_primitives.yaml").read_text(encoding="utf-8")
    for i in range(1, 14):
        assert f"rule: R12.{i}\n" in text


def test_every_rulebook_worked_example_is_there():
    names = " ".join(sc.name for _, sc in CASES)
    for words in ("Bug + The Moles", "Bud", "Doodles", "Blitz", "Crash", "Noodle Twins"):
        assert words in names


def test_scenario_docstring_example():
    result = doctest.testmod(fortlang.games.fort.scenarios)
    assert result.attempted >= 2 and result.failed == 0


def test_every_quantity_coin_rule_and_following_rule_has_a_scenario():
    text = "".join(p.read_text(encoding="utf-8") for p in scenario_files([SCENARIOS]))
    for rule in ("R5.4", "R5.6", "R5.7", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6", "R6.7",
                 "R13.1", "R13.2", "R13.3", "R13.4", "R13.5"):
        assert re.search(rf"rule: {re.escape(rule)}\n|\({re.escape(rule)}[,)]", text), rule
    quantities = (SCENARIOS / "rulebook" / "r13_1_quantities.yaml").read_text(encoding="utf-8")
    for word in ("x shovel", "x any", "x lookout", "x level", "advance -1", "advance +1"):
        assert word in quantities
    assert "score x resources in pack" in text  # Spike (score x pack), r13_operators.yaml


def test_the_rulebooks_examples_keep_their_numbers():
    """The figures of the worked examples (Russian and French rulebooks), as the scenarios say."""
    by_name = {sc.name: sc for _, sc in CASES}
    bug = by_name["Bug + The Moles + lookout shovel gain 4 pizza (R5.3)"]
    assert bug.expect.players[0].fields["stuff"] == {"pizza": 4}
    assert bug.expect.players[0].fields["vp"] == 1  # score x level at fort level 1
    julie = by_name["Julie's 48 points, and she wins the tie on fort level (R11.4)"]
    assert [p.fields["score"] for p in julie.expect.players] == [48, 48]
    shona = julie.given.players[0].fields  # Shona in the Russian rulebook
    assert shona["vp"] == 17 and shona["level"] == 5 and len(shona["lookout"]) == 4
    assert julie.given.fields["macaroni"] == 1
    doodles = by_name["Doodles may not add both Tink and Puddin (R5.5)"]
    assert doodles.error == "R5.5" and doodles.given.players[0].fields["stuff"] == {"toy": 2}
    bud = by_name["Bud destroys a card, then gains 1 pizza in part (R5.4)"]
    assert bud.given.players[0].fields["stuff"] == {"pizza": 3, "toy": 4}
    assert bud.expect.players[0].fields["stuff"] == {"pizza": 4, "toy": 4}
