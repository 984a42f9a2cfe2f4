"""scenario.schema.json stays in step with the code that reads it: suits from the registry,
the move verbs and `use` words the reader knows, and every shipped scenario satisfies it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from fortlang.cardset.schema import load_schema
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.scenarios.format import SCENARIO, USES, VERBS

SCHEMA = load_schema(SCENARIO)
MOVE = SCHEMA["$defs"]["move"]["else"]["properties"]
FILES = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


def test_r1_1_suits_are_the_registry_suits():
    assert SCHEMA["$defs"]["suit"]["enum"] == [s.value for s in Suit]


def test_move_verbs_and_r5_2_use_words_match_the_reader():
    assert set(VERBS) <= set(MOVE)
    assert sorted(MOVE["use"]["enum"]) == sorted(USES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_shipped_scenario_file_satisfies_the_schema(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert list(Draft202012Validator(SCHEMA).iter_errors(data)) == []


def test_r11_1_end_triggers_are_the_game_loops():
    from fortlang.games.fort.match import Trigger

    enum = SCHEMA["$defs"]["expected"]["properties"]["triggers"]["items"]["enum"]
    assert sorted(enum) == sorted([Trigger.SCORE, Trigger.LEVEL, Trigger.PARK])
