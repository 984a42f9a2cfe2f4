"""Every scenario shipped in tests/scenarios (the rulebooks' worked examples, R5.3-R13.5, and
one per primitive R12.1-R12.13) passes against the rules engine."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import fortlang.scenario
from fortlang.scenario import load_file, run_scenario, scenario_files

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
    result = doctest.testmod(fortlang.scenario)
    assert result.attempted >= 2 and result.failed == 0
