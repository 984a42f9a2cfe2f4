"""The JSON Schemas: valid 2020-12, in step with the registry and the model, and satisfied by
every bundled card file (validated here with jsonschema directly, not through fortlang)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from fortlang.cardset import bundled_dir
from fortlang.cardset.build import fort_kinds
from fortlang.cardset.schema import MANIFEST, SCHEMA_DIR, load_schema
from fortlang.games.fort.model import PerkHook
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.scenarios.format import SCENARIO
from fortlang.model import Source

SCHEMAS = sorted(SCHEMA_DIR.glob("*.schema.json"))
BUNDLED_FILES = sorted(bundled_dir().rglob("*.yaml"))
HEADER = re.compile(r"^# yaml-language-server: \$schema=(\S+)$", re.M)


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_2020_12(path: Path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_every_file_kind_has_a_schema():
    assert {k.schema for k in (MANIFEST, *fort_kinds(), SCENARIO)} == {p.name for p in SCHEMAS}


def test_r1_1_suit_enum_is_the_registry_suits():
    kid = load_schema(fort_kinds()[0])["$defs"]["kid"]["properties"]
    assert kid["suits"]["items"]["enum"] == [s.value for s in Suit]
    assert kid["source"]["enum"] == [s.value for s in Source]


def test_r15_perk_hooks_are_the_model_hooks():
    perks = next(k for k in fort_kinds() if k.name == "perks")
    assert load_schema(perks)["$defs"]["perk"]["properties"]["hook"]["enum"] == \
        [h.value for h in PerkHook]


def _module_schema(named: Path, card_file: Path) -> Path:
    """The schema file of a game module's card kind that ``named`` points at, checked to be
    what the kind's declaration derives (regenerate it with ``CardKind.schema_text()``)."""
    from fortlang.cardset.build import nearby_game

    game = nearby_game(card_file)
    assert game is not None
    package = game.vocabulary.split(":")[0].split(".")[2]  # fortlang.games.<package>...
    assert named.parent.parent.name == package  # the schemas live in the game's own folder
    schema_file = SCHEMA_DIR.parent / "games" / package / "schemas" / named.name
    if named.name == "scenarios.schema.json":  # a scenario file: the game's scenario rules
        declared = game.piece("scenarios").schema_text(game.name)  # type: ignore[attr-defined]
        what = "scenario rules"
    else:
        kind = next(k for k in game.cards if f"{k.key}.schema.json" == named.name)
        declared, what = kind.schema_text(), f"`{kind.key}`"
    assert schema_file.read_text(encoding="utf-8") == declared, \
        f"{schema_file} is not what {game.name}'s {what} declares: regenerate it"
    return schema_file


@pytest.mark.parametrize("path", BUNDLED_FILES, ids=lambda p: p.name)
def test_bundled_file_names_its_schema_and_satisfies_it(path: Path):
    import yaml

    text = path.read_text(encoding="utf-8")
    header = HEADER.search(text)
    assert header, "first line: # yaml-language-server: $schema=..."
    # The header is for editors of the repository (cards/SET/FILE beside fortlang/schemas/),
    # whatever the layout these tests run against (a wheel puts cards/ inside the package).
    named = Path(header.group(1))
    depth = len(path.relative_to(bundled_dir()).parts)
    up = Path(*[".."] * depth, "fortlang")
    if named.parent.parent.parent == up / "games":  # a game module's kind: its own file
        schema_file = _module_schema(named, path)
    else:
        assert named.parent == up / "schemas"
        schema_file = SCHEMA_DIR / named.name
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    errors = list(Draft202012Validator(schema).iter_errors(yaml.safe_load(text)))
    assert errors == []
