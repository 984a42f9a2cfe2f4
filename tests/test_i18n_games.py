"""The interface's words are the core's and each game's (issue 33): the core's catalogues
(fortlang/i18n/{en,fr,ru}.py) hold the words around any game's table and none of Fort's; Fort's
table words are its module's (``GameModule.ui``), which :func:`fortlang.i18n.ui` finds after
the core's through the installed games, as it finds another game's."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_site import forget_games, install

from fortlang.i18n import LANGUAGES, catalogue, ui

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "fortlang"

#: Fort's own words (its glossary's terms that no other game has: its zones, resources, suits,
#: made-up rules, perks, victory points), in each language.
FORT_TERMS = ("kid_card", "suit", "park", "park_deck", "yard", "lookout", "stuff", "pack",
              "fort_level", "vp", "victory_track", "pizza", "toy", "made_up_rule", "perk",
              "macaroni_sculpture", "skateboard", "shovel", "glue", "water_gun", "crown", "book")


def _strings(lang: str) -> list[str]:
    """Every string constant of the core's catalogue module in ``lang``: keys and templates."""
    tree = ast.parse((CORE / "i18n" / f"{lang}.py").read_text(encoding="utf-8"))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cores_catalogue_names_none_of_forts_words(lang: str) -> None:
    import importlib

    terms = importlib.import_module(f"fortlang.games.fort.phrasebook.{lang}").TERMS
    fort_words = {terms[t].lower() for t in FORT_TERMS} | {"fort", "форт", "made-up", "kid"}
    said = [s.lower() for s in _strings(lang)[1:]]  # [0]: the module's docstring
    # a word's start (Russian inflects its endings), a whole word for an abbreviation ("ПО")
    found = {(w, s) for s in said for w in fort_words
             if re.search(r"(?<!\w)" + re.escape(w) + (r"(?!\w)" if len(w) <= 3 else ""), s)}
    assert found == set()
    rules = [s for s in said if re.search(r"\br\d+(\.\d+)?\b", s)]  # Fort's rule numbers
    assert rules == []


def _named_by_the_core() -> set[str]:
    """The catalogue keys the core's own code names: its string constants, and the keys it
    makes from an f-string's head (``f"bye.{why}"``) or from playtest's page words."""
    from fortlang.playtest.words import WORDS

    names: set[str] = {f"pt.{w}" for w in WORDS}
    heads: set[str] = set()
    for path in CORE.rglob("*.py"):
        rel = path.relative_to(CORE).parts
        if rel[0] in ("games", "i18n"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                names.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                head = node.values[0]
                if isinstance(head, ast.Constant) and str(head.value).endswith(".") \
                        and head.value != "pt.":
                    heads.add(str(head.value))
    return names | {k for k in catalogue("en") if k.startswith(tuple(heads))}


def test_every_key_of_the_cores_catalogue_is_named_by_the_cores_code() -> None:
    from fortlang.i18n import en

    unused = sorted(set(en.UI) - _named_by_the_core())
    assert unused == []


def test_forts_words_are_found_through_its_module() -> None:
    from fortlang.games import game_named
    from fortlang.games.fort.i18n import en as fort_en
    from fortlang.i18n import en

    assert game_named("fort").ui["en"] == "fortlang.games.fort.i18n.en:UI"
    assert "start" in fort_en.UI and "start" not in en.UI
    assert ui("en", "start", players=2, seed=3, seat="player 1") == \
        "Fort, 2 players, seed 3: you are player 1"
    assert ui("ru", "col.lookout") == "дозор"
    assert set(fort_en.UI) <= set(catalogue("fr"))


#: A game of one kind of card whose module declares its table's words in English and French.
DICE = '''
from fortlang.module import Attribute, CardKind, GameModule

FACE = CardKind("face", "faces", (Attribute("value", {"type": "integer"}),))
UI = {"dice.rolled": "{who} rolled {n}", "dice.only_en": "kept"}
UI_FR = {"dice.rolled": "{who} a fait {n}"}
GAME = GameModule(name="dice", titles={"en": "Dice"}, players=range(1, 3), cards=(FACE,),
                  ui={"en": "dice_game", "fr": "dice_game:UI_FR"})
'''


@pytest.fixture
def dice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    forget_games()
    site = install(tmp_path / "site", name="dice", module="dice_game", source=None, code=DICE,
                   group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    yield site
    forget_games()


def test_a_games_declared_words_are_found_by_ui(dice: Path) -> None:
    assert ui("en", "dice.rolled", who="you", n=6) == "you rolled 6"
    assert ui("fr", "dice.rolled", who="vous", n=6) == "vous a fait 6"
    assert ui("fr", "dice.only_en") == "kept"  # English where the language lacks it
    assert ui("fr", "seat", n=2) == "joueur 2"  # the core's words still come first
    assert catalogue("en")["dice.rolled"] == "{who} rolled {n}"


def test_a_key_no_catalogue_has_is_a_key_error(dice: Path) -> None:
    with pytest.raises(KeyError):
        ui("en", "dice.nothing")


def test_an_uninstalled_game_takes_its_words_with_it(dice: Path) -> None:
    assert ui("en", "dice.rolled", who="you", n=1) == "you rolled 1"
    sys.path.remove(str(dice))
    forget_games()
    with pytest.raises(KeyError):
        ui("en", "dice.rolled", who="you", n=1)


def test_a_games_catalogue_that_fails_to_load_is_its_e351(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang.games import GameError

    forget_games()
    site = install(tmp_path / "site", name="dice", module="dice_game", source=None,
                   code=DICE.replace('"fr": "dice_game:UI_FR"', '"fr": "dice_game:UI_DE"'),
                   group="fortlang.games", attr="GAME")
    monkeypatch.syspath_prepend(str(site))
    try:
        assert ui("en", "dice.rolled", who="you", n=2) == "you rolled 2"
        with pytest.raises(GameError) as caught:
            ui("fr", "dice.rolled", who="vous", n=2)
        assert caught.value.code == "E351" and "dice_game:UI_DE" in str(caught.value.hint)
        assert ui("fr", "seat", n=1) == "joueur 1"  # the core's words never need a game
    finally:
        forget_games()
