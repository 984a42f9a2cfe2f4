"""The language server on another game's set (issue 34 item 4, issue 35 item 3: "the language
server ... work for this game as for Fort"): a card file of Frantic or of Fortune and Glory is
checked with its game's kinds and words as the editor types, positioned, with a did-you-mean;
completion offers the game's words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fortlang.lsp.completion import language_items
from fortlang.lsp.diagnostics import check
from fortlang.lsp.source import Source

ROOT = Path(__file__).resolve().parent.parent


def diagnostics_of(folder: Path, name: str, text: str) -> list:
    path = folder / name
    src = Source(path.as_uri(), str(path), text, roots=(str(folder.parent),))
    found = check(src, {str(path): text})
    return found[str(path)].diagnostics


@pytest.mark.parametrize("bundled, name, good, bad, word, code, meant", [
    ("frantic-base", "cards.yaml", "action: wish", "action: wish yelow", "yelow", "E101",
     "did you mean `yellow`?"),
    ("fortune-base", "dangers.yaml", "test: test agility 5+ need 2",
     "test: test agilty 5+ need 2", "agilty", "E101", "did you mean `agility`?"),
    ("fortune-base", "dangers.yaml", "test: test agility 5+ need 2",
     "test: test agility 7+ need 2", "7+", "E200", None),
])
def test_an_edit_is_checked_with_the_games_words(tmp_path: Path, bundled: str, name: str,
                                                 good: str, bad: str, word: str, code: str,
                                                 meant: str | None) -> None:
    folder = tmp_path / bundled
    shutil.copytree(ROOT / "cards" / bundled, folder)
    text = (folder / name).read_text(encoding="utf-8")
    assert good in text
    assert diagnostics_of(folder, name, text) == []  # the set as bundled: clean
    edited = text.replace(good, bad, 1)
    (found,) = [d for d in diagnostics_of(folder, name, edited) if d.severity == "error"]
    assert found.code == code and found.file == str(folder / name)
    line = edited.splitlines()[found.span.line - 1]
    assert line[found.span.column - 1:].startswith(word)  # at the word, in the file
    if meant:
        assert found.hint == meant


def test_completion_offers_the_games_words_in_its_set() -> None:
    from fortlang.cardset.build import nearby_vocabulary

    frantic = nearby_vocabulary(ROOT / "cards" / "frantic-base" / "cards.yaml")
    fortune = nearby_vocabulary(ROOT / "cards" / "fortune-base" / "dangers.yaml")
    assert {"wish", "give to"} <= {i.label for i in language_items("", "action", frantic)}
    # the test primitive is offered by its keywords; Fort's words and performers are not
    assert {i.label for i in language_items("", "action", fortune)} == {"test need"}


def test_a_fortune_and_glory_action_names_no_performer() -> None:
    """Fort's `each rival ->` is not a word of Fortune and Glory: a test is the hero's own
    (G2.1); the error says so instead of listing no performer."""
    from fortlang.errors import FortSyntaxError
    from fortlang.games.fortune.vocabulary import VOCABULARY
    from fortlang.parser import language

    with pytest.raises(FortSyntaxError) as err:
        language(VOCABULARY).parse_action("each rival -> test agility 5+ need 2")
    (d,) = err.value.diagnostics
    assert (d.code, d.span.column) == ("E101", 1)
    assert d.hint.startswith("this game's actions name no performer")


def _key_help(folder: Path, name: str, key: str, lang: str = "en"
              ) -> tuple[str | None, dict[str, str]]:
    """The hover on the first ``key:`` of a set's file, and the fields completion offers in
    the mapping holding it, in ``lang``."""
    from lsprotocol import types

    from fortlang.lsp.hover import hover
    from fortlang.lsp.schema_help import fields
    from fortlang.lsp.spot import spot_at

    path = folder / name
    text = path.read_text(encoding="utf-8")
    src = Source(path.as_uri(), str(path), text, roots=(str(folder.parent),))
    line = next(n for n, t in enumerate(text.split("\n")) if t.lstrip(" -").startswith(key))
    column = text.split("\n")[line].index(key)
    said = hover(src, types.Position(line=line, character=column), lang)
    spot = spot_at(src.doc, line, column)
    assert spot is not None
    return (said.contents.value if said else None), fields(src, spot.path[:-1], lang)


@pytest.mark.parametrize("bundled, name, key, meaning", [
    ("frantic-base", "cards.yaml", "points:",
     "What it is worth in a hand at the end of a round (F1.7)."),
    ("frantic-base", "cards.yaml", "kind:", "number, special (one or two colours), wish or "
     "peculiar (F1)\n\none of: `number`, `special`, `wish`, `peculiar`"),
])
def test_a_key_of_a_game_modules_card_file_is_explained_by_its_game(
        tmp_path: Path, bundled: str, name: str, key: str, meaning: str) -> None:
    """Hover and completion of a card file's keys read the game's own card kinds (their
    attributes and what each means), as Fort's read Fort's."""
    from fortlang.games import game_named

    folder = tmp_path / bundled
    shutil.copytree(ROOT / "cards" / bundled, folder)
    said, offered = _key_help(folder, name, key)
    assert said == meaning
    game = game_named("frantic")
    (kind,) = [c for c in game.cards if c.key == "cards"]
    assert offered == {a.name: a.doc["en"] for a in kind.all_attributes}


def test_a_fortune_danger_key_says_what_fortune_declares(tmp_path: Path) -> None:
    from fortlang.games import game_named
    from fortlang.lsp import markup

    folder = tmp_path / "fortune-base"
    shutil.copytree(ROOT / "cards" / "fortune-base", folder)
    said, offered = _key_help(folder, "dangers.yaml", "test:")
    (kind,) = [c for c in game_named("fortune-and-glory").cards if c.key == "dangers"]
    (test,) = [a for a in kind.all_attributes if a.name == "test"]
    assert said == markup.text(test.doc["en"])  # escaped as Markdown, as Fort's are
    assert "kids" not in offered and "test" in offered


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_modules_key_help_is_in_the_editors_language(tmp_path: Path, lang: str) -> None:
    """The key help of a module's card file speaks the language the declarations give (an
    attribute's ``doc``), English where they give none; Fort's speaks its schemas'
    translations (docsite/schema_text.json), as its docs site does."""
    from fortlang.docsite.reference import schema_text
    from fortlang.games import game_named
    from fortlang.lsp import markup

    folder = tmp_path / "frantic-base"
    shutil.copytree(ROOT / "cards" / "frantic-base", folder)
    (kind,) = [c for c in game_named("frantic").cards if c.key == "cards"]
    docs = {a.name: a.doc for a in kind.all_attributes}
    said, offered = _key_help(folder, "cards.yaml", "points:", lang)
    assert said == markup.text(docs["points"][lang]) != markup.text(docs["points"]["en"])
    assert offered == {name: doc.get(lang, doc["en"]) for name, doc in docs.items()}
    assert offered["number"] == docs["number"][lang] and offered["id"] == docs["id"][lang]
    heroes = tmp_path / "fortune-base"
    shutil.copytree(ROOT / "cards" / "fortune-base", heroes)
    (hero,) = [c for c in game_named("fortune-and-glory").cards if c.key == "heroes"]
    translated = [a for a in hero.attributes if lang in a.doc]
    assert translated
    said, _ = _key_help(heroes, "heroes.yaml", f"{translated[0].name}:", lang)
    assert said is not None and said.startswith(markup.text(translated[0].doc[lang]))
    fort = tmp_path / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", fort)
    said, _ = _key_help(fort, "kids-glue.yaml", "suits:", lang)
    english = "One or two suit icons (R1.1); a suit may appear twice."
    assert said is not None and said.startswith(markup.text(schema_text(english, lang)))
    assert schema_text(english, lang) != english


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_every_common_field_of_a_modules_card_is_explained_in_each_language(lang: str) -> None:
    """The fields every module card has (fortlang.module.COMMON_ATTRIBUTES) say what they are
    in each language the editor may speak, not English alone."""
    from fortlang.module import COMMON_ATTRIBUTES

    for attribute in COMMON_ATTRIBUTES:
        assert attribute.doc.get(lang) not in (None, "", attribute.doc["en"]), attribute.name


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_completion_documents_a_modules_fields_in_the_editors_language(
        tmp_path: Path, lang: str) -> None:
    """The fields completion offers at a card's new key carry their help in the editor's
    language, as hover's does (the server passes its language to both)."""
    from lsprotocol import types

    from fortlang.games import game_named
    from fortlang.lsp.completion import complete

    folder = tmp_path / "frantic-base"
    shutil.copytree(ROOT / "cards" / "frantic-base", folder)
    path = folder / "cards.yaml"
    text = "cards:\n  - id: blue_1\n    name: Blue 1\n    \n"
    path.write_text(text, encoding="utf-8")
    src = Source(path.as_uri(), str(path), text, roots=(str(tmp_path),))
    items = complete(src, types.Position(line=3, character=4), lang)
    (kind,) = [c for c in game_named("frantic").cards if c.key == "cards"]
    offered = {i.label: i.documentation for i in items}
    assert offered  # the card's fields not written yet
    for attribute in kind.all_attributes:
        if attribute.name in offered:
            assert offered[attribute.name] == attribute.doc.get(lang, attribute.doc["en"])
    note = next(a for a in kind.all_attributes if a.name == "note")  # a common field
    assert offered["note"] == note.doc[lang]
    assert (offered["note"] == note.doc["en"]) is (lang == "en")



def test_the_editor_says_a_set_s_actions_in_its_game_s_book() -> None:
    """The hover's sentences are asked of the book of the file's set's game (review of issue
    33: a game's words are its own): Frantic's for a Frantic card file, the default game's
    (None) for Fort's set."""
    from fortlang.lsp.context import game_of

    def src(path: Path) -> Source:
        return Source(path.as_uri(), str(path), path.read_text(encoding="utf-8"),
                      roots=(str(path.parent.parent),))

    assert game_of(src(ROOT / "cards" / "frantic-base" / "cards.yaml")) == "frantic"
    assert game_of(src(ROOT / "cards" / "fortune-base" / "dangers.yaml")) == "fortune-and-glory"
    assert game_of(src(ROOT / "cards" / "fort-base" / "kids-book.yaml")) is None
