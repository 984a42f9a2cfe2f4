"""Fort's card model is Fort's (issue 33 item 1, docs/design/game-modules.md §2.4): its kid
cards, made-up rules, perks and board (R1, R10, R14, R15) live in ``fortlang.games.fort.model``
and are built by Fort's card kinds' builders (``CardKind.build``); no module of the core
defines them or names them, not even in an annotation or a cast, so the core reads any game's
cards through its own :class:`fortlang.model.Card` protocol."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import fortlang
from fortlang.cardset import base_set
from fortlang.cardset.build import check_file
from fortlang.cardset.table import hash_text
from fortlang.games import game_named
from fortlang.games.fort import model as fort_model
from fortlang.games.fort.vocabulary import FORT

PACKAGE = Path(fortlang.__file__).parent
#: Fort's card classes and what goes with them.
FORT_CARD_NAMES = frozenset({"KidCard", "MadeUpRule", "Perk", "PerkHook", "PERK_DEFAULTS",
                             "printed_name", "Board"})


def _names_in(tree: ast.AST) -> set[str]:
    """Every identifier ``tree`` defines, imports or reads, and those of the types its casts
    give as strings (``cast("tuple[KidCard, ...]", x)``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found.add(node.name)
        elif isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add((node.asname or node.name).rpartition(".")[2])
            found.add(node.name.rpartition(".")[2])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "cast" \
                and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            found |= _names_in(ast.parse(node.args[0].value, mode="eval"))
    return found


def core_names_of_fort_cards(package: Path) -> dict[str, list[str]]:
    """The core's modules (all but ``games/<name>/``) that define or name Fort's card
    classes, with the names."""
    out: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package)
        if relative.parts[0] == "games" and len(relative.parts) > 2:
            continue
        named = _names_in(ast.parse(path.read_text(encoding="utf-8"))) & FORT_CARD_NAMES
        if named:
            out[str(relative)] = sorted(named)
    return out


def test_no_core_module_defines_or_names_forts_card_classes() -> None:
    assert core_names_of_fort_cards(PACKAGE) == {}


def test_the_check_finds_a_core_module_naming_them(tmp_path: Path) -> None:
    pkg = tmp_path / "fortlang"
    (pkg / "games" / "fort").mkdir(parents=True)
    (pkg / "docsite").mkdir()
    (pkg / "model.py").write_text("class KidCard:\n    pass\n", encoding="utf-8")
    (pkg / "docsite" / "faces.py").write_text(
        "from typing import TYPE_CHECKING, cast\nif TYPE_CHECKING:\n"
        "    from fortlang.games.fort.model import Perk\n"
        "def f(s):\n    return cast('tuple[Board, ...]', s)\n", encoding="utf-8")
    (pkg / "games" / "fort" / "model.py").write_text("class KidCard:\n    pass\n",
                                                     encoding="utf-8")
    (pkg / "games" / "loader.py").write_text('"""Reads KidCard in a docstring only."""\n',
                                             encoding="utf-8")
    assert core_names_of_fort_cards(pkg) == {"docsite/faces.py": ["Board", "Perk"],
                                             "model.py": ["KidCard"]}


def test_forts_cards_are_its_own_classes_built_by_its_kinds() -> None:
    """Each of Fort's kinds names its builder in Fort's package, and a set's cards are
    Fort's classes held in the slots its kinds name, in their declared order, which its
    content hash text names (R1, R10, R14, R15)."""
    fort = game_named("fort")
    assert {k.key: (k.build, k.slot) for k in fort.cards} == {
        "kids": ("fortlang.games.fort.cards:build_kid", "kids"),
        "made_up_rules": ("fortlang.games.fort.cards:build_rule", "rules"),
        "perks": ("fortlang.games.fort.cards:build_perk", "perks"),
        "board": ("fortlang.games.fort.cards:build_board", "board")}
    base = base_set()
    assert base.slot_names == ("kids", "rules", "perks", "board")
    assert {type(k) for k in fort_model.kids_of(base)} == {fort_model.KidCard}
    assert {type(r) for r in fort_model.rules_of(base)} == {fort_model.MadeUpRule}
    assert {type(p) for p in fort_model.perks_of(base)} == {fort_model.Perk}
    assert type(fort_model.board_of(base)) is fort_model.Board
    assert base.slot("board") == (fort_model.board_of(base),)
    assert re.match(r"CardSet\(manifest=Manifest\(.*\), kids=\(KidCard\(id=.*\), "
                    r"rules=\(MadeUpRule\(.*\), perks=\(Perk\(.*\), board=Board\(.*\)\)$",
                    hash_text(base), re.S)


def test_a_kind_builds_its_cards_by_the_builder_it_names(tmp_path: Path, monkeypatch) -> None:
    """The loader builds every kind by one path: what the kind's ``build`` names."""
    import dataclasses

    from fortlang import games

    path = tmp_path / "kids.yaml"
    path.write_text("kids:\n  - id: big-kid\n    name: Big Kid\n    suits: [book]\n"
                    "    public: gain pizza\n", encoding="utf-8")
    built = check_file(path, vocabulary=FORT).entries
    assert [(e.kind, e.slot, type(e.item).__name__) for e in built] == \
        [("kid", "kids", "KidCard")]
    fort = game_named("fort")
    other = dataclasses.replace(fort, cards=tuple(
        dataclasses.replace(k, build="test_fort_model_is_forts:_named_only", label="named")
        if k.key == "kids" else k for k in fort.cards))
    monkeypatch.setattr(games, "game_named",
                        lambda name: other if name == "fort" else game_named(name))
    entries = check_file(path, vocabulary=FORT).entries
    assert [(e.kind, e.slot, e.item) for e in entries] == [("named", "kids", ("Big Kid", 1))]


def _named_only(kind, data, texts, origin):
    """A builder for the test: the card's name and how many texts it parsed."""
    return (data["name"], sum(t is not None for t in texts.values()))
