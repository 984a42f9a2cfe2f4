"""The core's docs site builder is one, generic over the game module (issue 33 item 5): Fort's
own pages (its rules, card browser, reference, glossary, faces, hand-written pages and texts)
come from what Fort declares (``GameModule.docs``: fortlang.games.fort.docs), a module's from
what it declares, through the same code; the core reads none of Fort's card fields, and asks
no picture of the default game; the ids it checks are those of the cards of every kind the
game declares."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from fortlang.docsite import site
from fortlang.docsite.gamedocs import game_docs
from fortlang.docsite.reference import game_reference_page
from fortlang.errors import FortError
from fortlang.games import game_named
from fortlang.games.fort.kinds import CARD_KINDS
from fortlang.games.fort.model import Board, KidCard, MadeUpRule, Perk
from fortlang.model import CardSet, GameCard, Manifest, Source
from fortlang.module import DEFAULT_GAME, CardKind
from fortlang.plugins import vocabulary

DOCSITE = Path(site.__file__).parent
#: The site's builders: they read a game's cards only through what it declares.
BUILDERS = ("site", "browser", "reference", "gamedocs", "faces", "gameface", "gameglossary",
            "meanings")


def _forts_card_fields() -> set[str]:
    """Fort's fields of a set (its kinds' slots: kids, rules, perks, board) and of its cards
    (suits, best_friend, public, score, hook...), less those every game's card has."""
    every_card = {f.name for f in dataclasses.fields(GameCard)}
    own = {f.name for model in (KidCard, MadeUpRule, Perk, Board)
           for f in dataclasses.fields(model)}
    return {k.slot for k in CARD_KINDS if k.slot} | (own - every_card)


def _read(module: str, fields: set[str]) -> list[str]:
    path = DOCSITE / f"{module}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{module}.py:{node.lineno}: .{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in fields]


def test_the_core_docs_builders_read_none_of_forts_card_fields() -> None:
    fields = _forts_card_fields()
    assert {"kids", "rules", "perks", "board", "suits", "best_friend", "score"} <= fields
    assert [hit for module in BUILDERS for hit in _read(module, fields)] == []


def test_the_field_scan_finds_a_read_of_a_card_field() -> None:
    """The scan above sees what it looks for (it is not passing for want of reading)."""
    assert _read("site", {"check_ids"}) == []  # a name, never an attribute there
    assert _read("site", {"glossary"})  # `declared.glossary`


def test_fort_declares_its_own_pages() -> None:
    fort = game_docs(game_named(DEFAULT_GAME))
    assert fort.rules_page is not None and fort.browser is not None and fort.reference is not None
    assert fort.rules_page("en") is not None and "R5" in (fort.rules_page("en") or "")


def _generate(tmp_path: Path, sets: tuple[CardSet, ...] = ()) -> Path:
    src = tmp_path / "en"
    site.generate(src, "../../en", sets, "en", ("en",))
    return src / "docs"


def test_the_pages_fort_declares_are_the_ones_written(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang.cardset import load_bundled

    fort = game_docs(game_named(DEFAULT_GAME))
    mine = dataclasses.replace(
        fort, rules_page=lambda lang: f"# rules in {lang}\n",
        browser=lambda sets, lang: f"# browser of {len(sets)}\n",
        reference=lambda lang, sets, *, card_format, error_codes:
            f"# reference {card_format} {error_codes}\n")
    monkeypatch.setattr(site, "game_docs", lambda game: mine)
    docs = _generate(tmp_path, (load_bundled()["fort-base"],))
    rules = (docs / "rules.md").read_text(encoding="utf-8")
    assert rules.startswith("# rules in en\n") and "#turn-structure" in rules  # its flow's
    assert (docs / "cards.md").read_text(encoding="utf-8") == "# browser of 1\n"
    assert (docs / "reference.md").read_text(encoding="utf-8") == "# reference True True\n"


def test_a_default_game_without_pages_of_its_own_gets_the_generic_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fort = game_docs(game_named(DEFAULT_GAME))
    bare = dataclasses.replace(fort, rules_page=None, browser=None, reference=None)
    monkeypatch.setattr(site, "game_docs", lambda game: bare)
    docs = _generate(tmp_path)
    assert not (docs / "rules.md").exists()
    assert (docs / "reference.md").read_bytes().decode() == game_reference_page(
        "en", game_named(DEFAULT_GAME), vocabulary(()), error_codes=True)


def _a_set_of(card_id: str) -> CardSet:
    card = GameCard(id=card_id, name="Storm", kind="event", source=Source.ORIGINAL)
    return CardSet(manifest=Manifest(id="toy-base", name="Toy", version="1"), cards=(card,))


def test_ids_are_checked_for_every_kind_the_game_declares() -> None:
    """check_ids reads the cards of each declared kind from the set's field the kind names
    (``CardKind.slot``, ``cards`` by default) and names one as the loader does (``label``)."""
    events = CardKind("event", "events", label="event")
    site.check_ids([_a_set_of("storm")], (events,))
    with pytest.raises(FortError) as caught:
        site.check_ids([_a_set_of("Storm Two")], (events,))
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "E313"
    assert diagnostic.message.startswith("event id `Storm Two`")
    # a card of no kind the game declares is still on the site (its glossary, its face's
    # file): checked all the same, as a card
    with pytest.raises(FortError) as caught:
        site.check_ids([_a_set_of("Storm Two")], (dataclasses.replace(events, slot="perks"),))
    assert caught.value.diagnostics[0].message.startswith("card id `Storm Two`")


def test_forts_ids_are_checked_by_its_declared_kinds() -> None:
    """Fort's kids, made-up rules and perks (R1.1, R14, R15), by the labels its kinds declare."""
    from fortlang.cardset import load_bundled

    base = load_bundled()["fort-base"]
    site.check_ids([base])
    for slot, label in (("kids", "kid"), ("rules", "made-up rule"), ("perks", "perk")):
        first = base.slot(slot)[0]
        broken = base.with_slot(slot, (dataclasses.replace(first, id="a b"),))
        with pytest.raises(FortError) as caught:
            site.check_ids([broken])
        assert caught.value.diagnostics[0].message == f"{label} id `a b` is not an id"


def test_a_game_modules_site_writes_the_pages_it_declares(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """One path for every game: a module's site writes its own rules, browser and reference
    pages where its GameDocs declares them, as the default game's does; the rules open with
    the turn structure of its declared flow; without them, the generic pages."""
    from fortlang.cardset import load_bundled
    from fortlang.registry import vocabulary_of

    game = game_named("frantic")
    sets = (load_bundled()["frantic-base"],)
    plain = game_docs(game)
    mine = dataclasses.replace(
        plain, rules_page=lambda lang: f"# rules in {lang}\n",
        browser=lambda sets, lang: f"# browser of {len(sets)}\n",
        reference=lambda lang, sets, *, card_format, error_codes:
            f"# reference {card_format} {error_codes}\n")
    monkeypatch.setattr(site, "game_docs", lambda g: mine)
    src = tmp_path / "en"
    site.generate(src, "../../en", sets, "en", ("en",), game=game,
                  vocab=vocabulary_of(game.name))
    docs = src / "docs"
    rules = (docs / "rules.md").read_text(encoding="utf-8")
    assert rules.startswith("# rules in en\n") and "turn-structure" in rules
    assert (docs / "cards.md").read_text(encoding="utf-8") == "# browser of 1\n"
    assert (docs / "reference.md").read_text(encoding="utf-8") == "# reference False True\n"
    monkeypatch.setattr(site, "game_docs", lambda g: plain)
    generic = tmp_path / "generic"
    site.generate(generic, "../../en", sets, "en", ("en",), game=game,
                  vocab=vocabulary_of(game.name))
    words = vocabulary_of(game.name)
    assert (generic / "docs" / "reference.md").read_bytes().decode() == game_reference_page(
        "en", game, words, error_codes=True)
    assert (generic / "docs" / "cards.md").read_text(encoding="utf-8") != "# browser of 1\n"
