"""A designer's own set (issue 36): cards of ``source: original`` are not unverified Fort cards
(no W300, no provenance stamp on the face, a glossary that does not speak of a rulebook), and a
set's name can be given in other languages (manifest ``names``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fortlang.cardset import check_report, load_set
from fortlang.docsite.lexicon import ui
from fortlang.docsite.site import mkdocs_config
from fortlang.games.fort.docs.face import captions
from fortlang.games.fort.docs.glossary import glossary_page
from fortlang.games.fort.model import kids_of
from fortlang.model import Source

LANGS = ("en", "fr", "ru")


def write_set(folder: Path, source: str = "original") -> Path:
    folder.mkdir()
    (folder / "manifest.yaml").write_text(
        "id: tree-house\nname: Tree House\nversion: \"0.1\"\nrequires: [fort-base]\n"
        "names: {fr: La Cabane, ru: Домик на дереве}\n", encoding="utf-8")
    (folder / "kids.yaml").write_text(
        "kids:\n"
        f"  - {{id: ada, name: Ada, suits: [book], public: gain pizza, private: score,"
        f" source: {source}}}\n"
        f"  - {{id: bo, name: Bo, suits: [glue], copies: 2, public: gain toy, private: pack,"
        f" source: {source}, names: {{fr: Beau}}}}\n", encoding="utf-8")
    return folder


def test_an_original_card_checks_without_the_provisional_warning(tmp_path: Path) -> None:
    report = check_report([write_set(tmp_path / "tree-house")])
    assert [d.code for d in report.diagnostics] == []
    provisional = check_report([write_set(tmp_path / "other", "provisional")])
    assert {d.code for d in provisional.diagnostics} == {"W300"}  # the warning still works


@pytest.mark.parametrize("lang", LANGS)
def test_an_original_card_face_carries_no_provenance_stamp(tmp_path: Path, lang: str) -> None:
    card_set = load_set(write_set(tmp_path / "tree-house"), ["fort-base"])
    assert all(k.source is Source.ORIGINAL for k in kids_of(card_set))
    assert captions(kids_of(card_set)[0], lang).source == ""
    provisional = replace(kids_of(card_set)[0], source=Source.PROVISIONAL)
    assert captions(provisional, lang).source == ui("provisional", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_of_original_cards_speaks_of_its_authors(tmp_path: Path, lang: str) -> None:
    card_set = load_set(write_set(tmp_path / "tree-house"), ["fort-base"])
    page = glossary_page(card_set, lang)
    assert ui("names_policy_original", lang) in page
    assert ui("original_notice", lang).format(n=3, total=3) in page
    # not the base set's policy, which counts the names the Russian rulebook prints
    assert ui("names_policy", lang).split("{")[0] not in page
    assert ui("none_provisional", lang) not in page
    assert "fl-badge-provisional" not in page


@pytest.mark.parametrize(("lang", "name"),
                         [("en", "Tree House"), ("fr", "La Cabane"), ("ru", "Домик на дереве")])
def test_a_set_name_is_given_in_the_page_language(tmp_path: Path, lang: str, name: str) -> None:
    card_set = load_set(write_set(tmp_path / "tree-house"), ["fort-base"])
    assert glossary_page(card_set, lang).startswith(f"# {name} — {ui('glossary', lang)}")
    nav = mkdocs_config(lang, LANGS, [card_set], "out")["nav"]
    glossary = next(v for item in nav for k, v in item.items() if k == ui("glossary", lang))
    assert glossary == [{name: "glossary/tree-house.md"}]
