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
