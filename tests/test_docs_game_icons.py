"""A game module's docs site writes its own game's icons only (issue 33 items 1, 5: a game is
one folder): with Fort installed, Frantic's, Fortune and Glory's and the example module's sites
wrote Fort's suits, resources, primitives, quantities and best-friend star beside their pages;
Fort's pictures are Fort's module's (``GameModule.docs``, ``GameModule.face``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from pig_site import PIG_SET, pig  # noqa: F401  (installs the example module for each test)

from fortlang.cardset.table import load_specs
from fortlang.docsite import site
from fortlang.docsite.gamedocs import game_docs
from fortlang.docsite.icons import OPERATORS, action_icon, every_icon
from fortlang.games import game_named
from fortlang.module import DEFAULT_GAME
from fortlang.registry import default_vocabulary, words_of

ROOT = Path(__file__).resolve().parent.parent
SETS = {"frantic": ROOT / "cards" / "frantic-base", "fortune-and-glory": ROOT / "cards" /
        "fortune-base", "pig": PIG_SET}


def _forts_icons() -> set[str]:
    """Every icon file Fort's site writes that is Fort's own (the core's operators are not)."""
    fort = game_docs(game_named(DEFAULT_GAME))
    names = set(every_icon(default_vocabulary().primitives, fort.words.values(),
                           fort.marks.values()))
    return names - {icon.name for icon in OPERATORS.values()}


def _written(out: Path, lang: str) -> set[str]:
    folder = out / "_src" / lang / "docs" / "assets" / "icons"
    return {p.stem for p in folder.glob("*.svg")}


@pytest.mark.parametrize("name", sorted(SETS))
def test_a_games_site_writes_none_of_forts_icons(tmp_path: Path, name: str) -> None:
    assert {"skateboard", "best_friend", "pizza", "gain"} <= _forts_icons()  # Fort installed
    game, vocab = game_named(name), words_of(name)
    assert vocab is not None
    site.build(tmp_path / "out", load_specs([str(SETS[name])]), ("en", "ru"), mkdocs=False,
               game=game, vocab=vocab)
    for lang in ("en", "ru"):
        written = _written(tmp_path / "out", lang)
        assert not written & _forts_icons(), (lang, sorted(written & _forts_icons()))
        own = {i.name for spec in vocab.primitives if (i := action_icon(spec)) is not None}
        assert written == own | {icon.name for icon in OPERATORS.values()}


def test_a_games_site_writes_the_pictures_its_module_declares(tmp_path: Path) -> None:
    """``GameModule.docs``: the module's own icons are written with its site, and its cards'
    backs in the print-and-play sheet repeat its word icons (never Fort's suits)."""
    from fortlang.docsite import pnp

    game = dataclasses.replace(game_named("pig"), docs="module_faces:PICTURES")
    vocab = words_of("pig")
    assert vocab is not None and set(game_docs(game).words) == {"pig_snout"}
    sets = load_specs([str(PIG_SET)])
    site.build(tmp_path / "out", sets, ("en",), mkdocs=False, game=game, vocab=vocab)
    written = _written(tmp_path / "out", "en")
    assert {"pig_snout", "pig_tail"} <= written and not written & _forts_icons()
    back = pnp.sheet(sets, "en", one_each=True, game=game)
    assert back[1] == len(sets[0].cards)


def test_a_games_card_back_shows_its_own_icons_or_none(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """The back the print-and-play sheet draws for a module's cards: the module's icons as a
    pattern, none where it declares none; Fort's back keeps its suits."""
    from fortlang.docsite import face, faces, pnp

    drawn: list[tuple[str, ...]] = []
    real = face.back_face

    def spy(set_name: str, game: str = "FORT", pattern: tuple = ()) -> face.Face:
        back = real(set_name, game, pattern)
        drawn.append(tuple(s for s in back.shapes if "fl-icon-" in s))
        return back

    monkeypatch.setattr(face, "back_face", spy)
    sets = load_specs([str(PIG_SET)])
    pnp.sheet(sets, "en", one_each=True, game=game_named("pig"))
    assert drawn and all(icons == () for icons in drawn)
    drawn.clear()
    pnp.sheet(sets, "en", one_each=True,
              game=dataclasses.replace(game_named("pig"), docs="module_faces:PICTURES"))
    assert drawn and all(icons and all("fl-icon-pig_snout" in s for s in icons)
                         for icons in drawn)
    fort = faces.back_face(game_named(DEFAULT_GAME), "Fort", "ru")
    forts = game_docs(game_named(DEFAULT_GAME))
    suits = {f"fl-icon-{icon.name}" for icon in forts.words.values()}
    assert {s.split('class="fl-icon ')[1].split('"')[0] for s in fort.shapes
            if "fl-icon-" in s} == suits
    assert "FORT" in [t.text for t in fort.texts]  # its own word, in every language


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_card_kinds_fields_are_described_in_the_pages_language(lang: str) -> None:
    """A module's card kinds declare what each field is by language (``Attribute.doc``): the
    French and Russian references said it in English (the schema carries only "en")."""
    from fortlang.docsite.reference import card_kinds
    from fortlang.module import COMMON_ATTRIBUTES, Attribute, CardKind

    game = dataclasses.replace(game_named("pig"), cards=(CardKind(
        "event", "events", (Attribute("oink", {"type": "integer"}, doc={
            "en": "How loud it oinks.", "fr": "La force du grouin.", "ru": "Громкость хрюка."}),
            Attribute("mud", {"type": "integer"}, doc={"en": "Mud, in English only."})),
        doc={"en": "event", "fr": "événement", "ru": "событие"}),))
    page = card_kinds(lang, game)
    said = {"fr": "La force du grouin.", "ru": "Громкость хрюка."}[lang]
    assert f"| `oink` | {'entier' if lang == 'fr' else 'целое'} |  | {said} |" in page
    assert "How loud it oinks." not in page
    assert "Mud, in English only." in page  # no translation declared: the English one
    for attribute in COMMON_ATTRIBUTES:
        assert attribute.doc[lang] in page and attribute.doc["en"] not in page


def test_the_pictures_module_examples_hold() -> None:
    import doctest

    from fortlang.docsite import gamedocs

    assert doctest.testmod(gamedocs).failed == 0
