"""A game module's own card faces (``GameModule.face``) on its site and print-and-play sheet,
E609 when its drawing fails, and the example module Pig's site (issue 33 item 5)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner
from pig_site import PIG_SET, pig  # noqa: F401  (installs the example module for each test)

from fortlang.cardset.table import load_specs
from fortlang.cli import main
from fortlang.docsite import site
from fortlang.docsite.pnp import sheet
from fortlang.errors import FortError
from fortlang.games import game_named
from fortlang.registry import words_of


def _pig(face: str = "") -> tuple:
    game = dataclasses.replace(game_named("pig"), face=face)
    vocab = words_of("pig")
    return game, vocab, load_specs([str(PIG_SET)])


def test_a_declared_face_function_draws_every_card_of_the_site(tmp_path: Path) -> None:
    game, vocab, sets = _pig("module_faces:stamped")
    built = site.build(tmp_path / "out", sets, ("en", "fr"), mkdocs=False, game=game,
                       vocab=vocab)
    assert built.faces == 2 * len(sets[0].cards)
    svg = (tmp_path / "out" / "_src" / "fr" / "docs" / "assets" / "faces" / "pig-base"
           / "truffle.svg").read_text(encoding="utf-8")
    assert "STAMPED Truffe fr" in svg


@pytest.mark.parametrize("face, why", [("module_faces:broken", "ValueError: out of ink"),
                                       ("module_faces:not_a_face", "gave a str, not a Face")])
def test_a_failing_face_function_is_e609_at_the_card_and_nothing_is_written(
        tmp_path: Path, face: str, why: str) -> None:
    game, vocab, sets = _pig(face)
    with pytest.raises(FortError) as caught:
        site.build(tmp_path / "out", sets, ("en",), mkdocs=False, game=game, vocab=vocab)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "E609" and why in diagnostic.message
    assert diagnostic.file.endswith("cards.yaml")
    assert not (tmp_path / "out").exists()
    with pytest.raises(FortError):
        sheet(sets, game=game)


def test_the_example_modules_site_builds_in_three_languages(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["docs", "build", "--sets", str(PIG_SET), "--out",
                                       str(out)])
    assert result.exit_code == 0, result.output
    for lang, name in (("en", "Piggy Bank"), ("fr", "Tirelire"), ("ru", "Копилка")):
        glossary = (out / lang / "glossary" / "pig-base.html").read_text(encoding="utf-8")
        assert name in glossary and 'data-card="piggy_bank"' in glossary
        reference = (out / lang / "reference.html").read_text(encoding="utf-8")
        assert all(f'id="{spec.name}"' in reference for spec in words_of("pig").primitives)
    rules = {lang: (out / lang / "rules.html").read_text(encoding="utf-8")
             for lang in ("en", "fr", "ru")}  # Pig's rules pages, one per language
    assert 'id="p3-1"' in rules["en"] and "The die" in rules["en"]
    assert "Mise en place" in rules["fr"] and "anglais" not in rules["fr"]
    assert "Подготовка" in rules["ru"] and 'id="p6-2"' in rules["ru"]
    pdf = tmp_path / "pig.pdf"
    result = CliRunner().invoke(main, ["docs", "pnp", "--sets", str(PIG_SET), "--out",
                                       str(pdf)])
    assert result.exit_code == 0, result.output
    assert "18 cards" in result.output
