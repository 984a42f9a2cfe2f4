"""One docs site builder for every game (issue 33 item 5): the same code writes Fort's site and
a game module's from what each declares (``GameModule`` and its ``GameDocs``). A module that
declares its own faces, glossary pages, hand-written pages or texts gets them honoured as Fort's
are (they were read for the default game only: a module's site drew the generic ones); and
every picture and meaning a page draws or says is the documented game's, never the default
game's (the strips, meanings, faces and reference asked Fort's ``GameDocs`` whatever the game).
"""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest
from module_faces import HOOKED, PICTURES
from pig_site import PIG_SET, pig  # noqa: F401  (installs the example module for each test)

from fortlang import nodes as n
from fortlang.cardset.table import load_specs
from fortlang.docsite import site
from fortlang.docsite.gamedocs import game_docs
from fortlang.docsite.strip import Glyph, glyphs
from fortlang.games import game_named
from fortlang.module import DEFAULT_GAME
from fortlang.registry import words_of

PACKAGE = Path(site.__file__).resolve().parent.parent


def _hooked() -> tuple:
    game = dataclasses.replace(game_named("pig"), docs="module_faces:HOOKED")
    return game, words_of("pig"), load_specs([str(PIG_SET)])


def _src(out: Path, lang: str) -> Path:
    return out / "_src" / lang


def test_a_modules_declared_faces_and_glossary_make_its_site(tmp_path: Path) -> None:
    game, vocab, sets = _hooked()
    (pig_set,) = sets
    built = site.build(tmp_path / "out", sets, ("en", "fr"), mkdocs=False, game=game,
                       vocab=vocab)
    assert built.faces == 2 * len(pig_set.cards)  # every dealt card's face, per language
    for lang in ("en", "fr"):
        docs = _src(tmp_path / "out", lang) / "docs"
        glossary = (docs / "glossary" / f"{pig_set.id}.md").read_text(encoding="utf-8")
        assert glossary == HOOKED.glossary(pig_set, lang)  # type: ignore[misc]
        folder = docs / "assets" / "faces" / pig_set.id
        for card in pig_set.cards:
            face = (folder / f"own-{card.id}.svg").read_text(encoding="utf-8")
            assert f"STAMPED {card.name_in(lang)} {lang}" in face
            assert not (folder / f"{card.id}.svg").exists()  # not the generic face
        back = (folder / "back.svg").read_text(encoding="utf-8")
        assert "OINK" in back and "fl-icon-pig_snout" in back  # its word, its pattern


def test_a_modules_declared_pages_and_texts_make_its_site(tmp_path: Path) -> None:
    game, vocab, sets = _hooked()
    site.build(tmp_path / "out", sets, ("en", "ru"), mkdocs=False, game=game, vocab=vocab)
    for lang in ("en", "ru"):
        src = _src(tmp_path / "out", lang)
        index = (src / "docs" / "index.md").read_text(encoding="utf-8")
        assert index.startswith(f"# The Sty ({lang})\n") and "Pigs love mud." in index
        config = json.loads((src / "mkdocs.yml").read_text(encoding="utf-8"))
        assert config["site_name"] == f"The Sty ({lang})"
        assert (src / "docs" / "games.md").is_file()
        assert not (src / "docs" / "scenarios.md").exists()  # only the page it declares
        assert {"games.md"} <= {v for item in config["nav"] for v in item.values()
                                if isinstance(v, str)}
    assert "The Sty (en)" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_the_print_and_play_sheet_prints_the_faces_a_module_declares(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang.docsite import pnp

    printed: list[str] = []
    real = pnp.render

    def spy(faces, title="", cards=(), back=None) -> bytes:  # type: ignore[no-untyped-def]
        printed.extend(t.text for face in faces for t in face.texts)
        printed.extend(t.text for t in (back.texts if back is not None else ()))
        return real(faces, title, cards, back)

    monkeypatch.setattr(pnp, "render", spy)
    game, _, sets = _hooked()
    _, count = pnp.sheet(sets, "fr", one_each=True, game=game)
    assert count == len(sets[0].cards)
    assert [t for t in printed if t.startswith("STAMPED")] == [
        f"STAMPED {card.name_in('fr')} fr" for card in sets[0].cards]
    assert "OINK" in printed


def test_forts_site_and_a_modules_are_written_by_the_same_function(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One path: both go through :func:`fortlang.docsite.site.generate`."""
    calls: list[str] = []
    real = site.generate

    def spy(*args, **kwargs) -> int:
        calls.append((kwargs.get("game") or site.site_game(args[2])).name)
        return real(*args, **kwargs)

    monkeypatch.setattr(site, "generate", spy)
    from fortlang.cardset import load_bundled

    site.build(tmp_path / "fort", (load_bundled()["fort-base"],), ("en",), mkdocs=False)
    site.build(tmp_path / "pig", load_specs([str(PIG_SET)]), ("en",), mkdocs=False)
    assert calls == [DEFAULT_GAME, "pig"]


# -- item 2: every picture is the documented game's ------------------------------------------


def _calls_default_docs(path: Path) -> list[str]:
    """Where ``path`` names ``default_docs`` (a call, an import, an attribute)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [node.lineno for node in ast.walk(tree)
             if (isinstance(node, ast.Name) and node.id == "default_docs")
             or (isinstance(node, ast.Attribute) and node.attr == "default_docs")
             or (isinstance(node, ast.alias) and node.name == "default_docs")]
    return [f"{path.name}:{line}" for line in sorted(set(names))]


def test_no_docs_module_asks_the_default_games_pictures() -> None:
    """The strips, meanings, faces, reference and Fort's own glossary asked ``default_docs()``
    (Fort's GameDocs) whatever the game documented; each now takes the documented game's."""
    folders = [PACKAGE / "fortlang" / "docsite", PACKAGE / "fortlang" / "games" / "fort" / "docs"]
    hits = [hit for folder in folders for path in sorted(folder.glob("*.py"))
            for hit in _calls_default_docs(path)]
    assert hits == []


def test_the_scan_sees_a_call_of_default_docs(tmp_path: Path) -> None:
    """The scan above sees what it looks for (it is not passing for want of reading)."""
    sample = tmp_path / "sample.py"
    sample.write_text("from x import default_docs\nicon = default_docs().icon('crown')\n"
                      "import x\nx.default_docs()\n", encoding="utf-8")
    assert _calls_default_docs(sample) == ["sample.py:1", "sample.py:2", "sample.py:4"]


def test_a_strip_draws_the_pictures_of_the_game_it_documents() -> None:
    """A word another game names as Fort names a suit (`crown`) is drawn by its word on that
    game's strips, never with Fort's suit; Fort's own strips keep the suit; a module's own
    picture of a word is drawn."""
    crown = n.Tally("crown")
    assert glyphs(crown, "en", game_docs(game_named("pig"))) == (Glyph(text="crown"),)
    fort = glyphs(crown, "en", game_docs(game_named(DEFAULT_GAME)))
    assert fort[0].icon is not None and fort[0].icon.name == "crown"
    (snout,) = glyphs(n.Tally("pig_snout"), "en", PICTURES)
    assert snout.icon == PICTURES.words["pig_snout"]


def test_a_strip_on_a_reference_page_draws_the_documented_games_pictures() -> None:
    from fortlang.docsite.face import strip_svg

    pig_words = words_of("pig")
    assert pig_words is not None
    bank = next(p for p in pig_words.primitives if p.name == "bank")
    action = n.Repeat(bank.node(2), n.Tally("crown"))  # `bank 2 x crown`, in Pig's words
    assert "fl-icon-crown" not in strip_svg(action, docs=game_docs(game_named("pig")))
    assert "fl-icon-crown" in strip_svg(action, docs=game_docs(game_named(DEFAULT_GAME)))


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_meaning_is_said_by_the_documented_game(lang: str) -> None:
    """Fort's suits' template says what `crown` means on Fort's pages; another game's page
    borrows none of it."""
    from fortlang.docsite.meanings import meaning

    fort = meaning("quantity", "crown", lang, game_docs(game_named(DEFAULT_GAME)))
    assert fort
    with pytest.raises(KeyError):
        meaning("quantity", "crown", lang, game_docs(game_named("pig")))


def test_the_builders_examples_hold() -> None:
    import doctest

    result = doctest.testmod(site)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_game_that_borrows_the_default_games_words_says_them_as_it_does(lang: str) -> None:
    """A module that declares card kinds but no vocabulary writes its cards in the default
    game's words (``registry.vocabulary_of``): its reference says and draws those words as the
    default game does (a suit's meaning in French), the one place the default game's pictures
    are asked for, because the module named no words of its own."""
    from fortlang.docsite.meanings import meaning
    from fortlang.docsite.reference import game_reference_page
    from fortlang.registry import default_vocabulary

    borrowing = dataclasses.replace(game_named("pig"), vocabulary="")
    page = game_reference_page(lang, borrowing, default_vocabulary(), error_codes=True)
    assert meaning("quantity", "crown", lang, game_docs(game_named(DEFAULT_GAME))) in page
