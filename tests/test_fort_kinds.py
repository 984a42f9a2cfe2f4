"""Fort's card kinds are declarations (issue 33 item 1, docs/design/game-modules.md §2.4):
``fortlang.games.fort.kinds`` declares kids, made-up rules, perks and the board as
``CardKind`` values, the shipped ``fortlang/schemas`` files editors read are their text, and
``fortlang check`` validates Fort's card files with what the declarations derive, reached
through Fort's game module as every game's kinds are."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from fortlang import games
from fortlang.cardset import build
from fortlang.cardset.build import check_file
from fortlang.cardset.schema import SCHEMA_DIR, load_schema
from fortlang.games import game_named
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.vocabulary import FORT, TRIGGERS
from fortlang.module import ACTION, SCORING

KID = """kids:
  - id: big-kid
    name: Big Kid
    suits: [book]
    copies: 3
    public: gain pizza
"""


def test_fort_declares_its_card_kinds_and_the_shipped_schemas_are_their_text() -> None:
    fort = game_named("fort")
    # the kinds' names and top keys of the files Fort's sets have always had (R1, R10, R15)
    assert [(k.name, k.key) for k in fort.cards] == [
        ("kids", "kids"), ("rules", "made_up_rules"), ("perks", "perks"), ("board", "board")]
    for kind in fort.cards:
        Draft202012Validator.check_schema(kind.json_schema())
        assert (SCHEMA_DIR / kind.schema_name).read_text(encoding="utf-8") == \
            kind.schema_text(), f"{kind.schema_name} is not what Fort declares: regenerate it"


def test_the_fields_written_in_the_language_are_marked() -> None:
    written = {(k.key, a.name): a.language for k in game_named("fort").cards
               for a in k.all_attributes if a.language}
    assert written == {("kids", "public"): ACTION, ("kids", "private"): ACTION,
                       ("made_up_rules", "score"): SCORING, ("perks", "action"): ACTION}
    perk = next(k for k in game_named("fort").cards if k.key == "perks")
    when = next(a for a in perk.attributes if a.name == "when")
    assert when.value["enum"] == [t.name for t in TRIGGERS]  # R15: the registry's moments


def test_every_field_of_fort_cards_says_what_it_is() -> None:
    """A field the schema has no description for still has the docs of its declaration,
    except the names of perks and made-up rules (their schema texts are translated on the
    docs site, which has no French or Russian for a new one yet)."""
    undocumented = [(k.key, a.name) for k in game_named("fort").cards for a in k.all_attributes
                    if "en" not in a.doc]
    assert undocumented == [("made_up_rules", "name"), ("perks", "name")]


@pytest.fixture
def fort_declaring(monkeypatch: pytest.MonkeyPatch):
    """Make Fort's module declare other card kinds for the test (its kinds are found through
    fortlang.games, as every game's are)."""
    def declare(change) -> None:
        fort = game_named("fort")
        changed = dataclasses.replace(fort, cards=tuple(change(k) for k in fort.cards))
        monkeypatch.setattr(games, "game_named", lambda name: changed if name == "fort"
                            else game_named(name))
        monkeypatch.setattr(build, "_KINDS", {})
    yield declare
    build._KINDS.clear()


def _copies_at_most(most: int):
    def change(kind):
        if kind.key != "kids":
            return kind
        attributes = tuple(dataclasses.replace(a, value={**a.value, "maximum": most})
                           if a.name == "copies" else a for a in kind.attributes)
        return dataclasses.replace(kind, attributes=attributes)
    return change


def test_check_validates_fort_files_with_what_the_declarations_derive(
        tmp_path: Path, fort_declaring) -> None:
    path = tmp_path / "kids.yaml"
    path.write_text(KID, encoding="utf-8")
    before = check_file(path, vocabulary=FORT)
    assert before.diagnostics == [] and isinstance(before.entries[0].item, KidCard)
    fort_declaring(_copies_at_most(2))
    after = check_file(path, vocabulary=FORT)
    assert [(d.code, d.message, d.span.line) for d in after.diagnostics if d.span] == \
        [("E313", "`copies` must be at most 2, not 3", 5)]
    assert after.entries == []  # an item with a schema error is not built


def test_a_kind_fort_no_longer_declares_is_no_card_file(tmp_path: Path, fort_declaring) -> None:
    path = tmp_path / "board.yaml"
    path.write_text("board: {costs: [[pizza]], points: [0, 1]}\n", encoding="utf-8")
    assert check_file(path, vocabulary=FORT).diagnostics == []
    fort_declaring(lambda kind: dataclasses.replace(kind, key="boards")
                   if kind.key == "board" else kind)
    found = [(d.code, d.message) for d in check_file(path, vocabulary=FORT).diagnostics]
    assert found == [("E311", "unknown kind of card file `board`; expected `kids`, "
                      "`made_up_rules`, `perks`, `boards`")]


def test_fort_is_still_read_into_its_own_model() -> None:
    """Fort declares card kinds, yet its cards stay KidCards, Perks... (not GameCards):
    ``usable_game`` names only the games whose cards are GameCards."""
    assert build.usable_game("fort") is None
    assert build.usable_game("frantic") is not None


def test_the_declared_order_of_keywords_orders_the_messages_at_one_place(
        tmp_path: Path, fort_declaring) -> None:
    """Fort declares `required` before `additionalProperties`: a missing field is said before
    an unknown one at the same place, as the hand-written schemas had it."""
    path = tmp_path / "kids.yaml"
    path.write_text("kids:\n  - idd: x\n    name: y\n    suits: [book]\n", encoding="utf-8")

    def found() -> list[tuple[str, int, int]]:
        return [(d.code, d.span.line, d.span.column) for d in
                check_file(path, vocabulary=FORT).diagnostics if d.span]

    assert found() == [("E312", 2, 5), ("E311", 2, 5)]
    fort_declaring(lambda kind: dataclasses.replace(
        kind, order=("type", "additionalProperties", "required", "properties")))
    assert found() == [("E311", 2, 5), ("E312", 2, 5)]


def test_the_language_server_reads_the_same_schemas() -> None:
    fort = {k.key: k.json_schema() for k in game_named("fort").cards}
    assert {k.key: load_schema(k) for k in build.fort_kinds()} == fort
    assert {k.key: load_schema(k) for k in build.installed_kinds() if k.key in fort} == fort


@pytest.mark.parametrize("name", ["fortlang.module", "fortlang.games.fort.kinds",
                                  "fortlang.games.fort.cards"])
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted >= 2 and result.failed == 0


def test_every_name_the_kinds_docs_cite_exists() -> None:
    """A dotted name a kind's text cites (``(fortlang.games.fort.vocabulary.TRIGGERS)``) is
    one that exists: the schemas an editor shows do not send a reader to a moved name."""
    import re

    dotted = re.compile(r"(?<![/\w.])fortlang(?:\.\w+)+(?![\w/])")  # not in an address
    cited = {name for game in ("fort", "frantic", "fortune-and-glory")
             for kind in game_named(game).cards for name in dotted.findall(kind.schema_text())}
    assert cited  # Fort's perks cite their triggers
    for name in sorted(cited):
        module, _, attr = name.rpartition(".")
        try:
            found = importlib.import_module(name)
        except ImportError:
            found = getattr(importlib.import_module(module), attr, None)
        assert found is not None, f"{name} does not exist"
