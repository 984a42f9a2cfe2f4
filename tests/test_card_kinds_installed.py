"""A card file's kind is known by the installed games' declared kinds (issue 33): the core
(``fortlang.cardset.schema``) declares none of Fort's kinds; a YAML file in no set is a card
file by any installed game's top key, Frantic's as Fort's, and an editor's help reads the
schema that game's kind derives."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fortlang.cardset import build
from fortlang.cardset import schema as sc
from fortlang.cardset.yamlsrc import read_document
from fortlang.lsp.schema_help import schema_of
from fortlang.lsp.source import CARDS, SCENARIO, Source

ROOT = Path(__file__).resolve().parent.parent

#: Fort's kinds' names and top keys (R1 kids, R10 made-up rules, R15 perks, R1.2 the board).
FORT_KEYS = {"kids", "made_up_rules", "perks", "board", "rules"}


def test_the_cores_schema_module_names_none_of_forts_kinds() -> None:
    tree = ast.parse((ROOT / "fortlang" / "cardset" / "schema.py").read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | \
        {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets
         if isinstance(t, ast.Name)}
    assert not names & {"KIDS", "RULES", "PERKS", "BOARD", "CARD_KINDS", "KIND_BY_KEY"}
    said = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}
    assert not said & FORT_KEYS
    assert not [s for s in said if s.endswith(".schema.json") and s != "manifest.schema.json"]


def test_the_installed_kinds_are_every_games_declared_kinds() -> None:
    keys = [k.key for k in build.installed_kinds()]
    assert keys[:4] == [k.key for k in build.fort_kinds()]  # the default game's first
    assert {"kids", "cards", "events"} <= set(keys)  # Fort's, Frantic's
    assert len(keys) == len(set(keys))


def _lone(tmp_path: Path, name: str, text: str) -> Source:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return Source(path.as_uri(), str(path), text, roots=(str(tmp_path),))


@pytest.mark.parametrize(("key", "game"), [
    ("kids", "fort"), ("perks", "fort"), ("cards", "frantic"), ("events", "frantic")])
def test_a_lone_file_is_a_card_file_by_any_games_top_key(tmp_path: Path, key: str,
                                                         game: str) -> None:
    from fortlang.games import game_named

    src = _lone(tmp_path, f"{key}.yaml", f"{key}:\n  - id: x\n")
    assert src.kind == CARDS
    schema = schema_of(src, (key, 0))
    assert schema is not None
    declared = next(c for c in game_named(game).cards if c.key == key)
    assert schema == declared.json_schema()


@pytest.mark.parametrize("key", ["kids", "cards"])
def test_a_broken_lone_file_is_a_card_file_by_a_key_at_a_lines_start(tmp_path: Path,
                                                                      key: str) -> None:
    src = _lone(tmp_path, "x.yaml", f"{key}:\n  - id: [unclosed\n")
    assert src.doc.root is None and src.doc.diagnostics
    assert src.kind == CARDS


def test_a_scenario_file_is_no_card_file(tmp_path: Path) -> None:
    assert _lone(tmp_path, "s.yaml", "scenarios: []\n").kind == SCENARIO
    # Fort's scenario files have their own `cards:` (a scenario's cards), Frantic's card key
    assert _lone(tmp_path, "f.yaml", "sets: [fort-base]\ncards: []\nscenarios: []\n").kind \
        == SCENARIO
    assert _lone(tmp_path, "c.yaml", "scenarios: []\nevents: []\n").kind == CARDS
    assert _lone(tmp_path, "k.yaml", "scenarios: []\nkids: []\n").kind == CARDS


def test_a_set_folders_kinds_are_its_games(tmp_path: Path) -> None:
    frantic = build.card_kinds_near(ROOT / "cards" / "frantic-base" / "cards.yaml")
    assert {k.key for k in frantic} == {"cards", "events"}
    fort = build.card_kinds_near(ROOT / "cards" / "fort-base" / "kids.yaml")
    assert fort == build.fort_kinds()
    assert build.card_kinds_near(tmp_path / "lone.yaml") == build.installed_kinds()
    assert sc.kind_of(read_document(str(tmp_path / "c.yaml"), "events: []\n"),
                      build.installed_kinds())[0] is not None
