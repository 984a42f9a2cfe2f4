"""Issue 33 item 1 ("a game is one folder"): a game brings its own phrasebooks
(``GameModule.phrasebooks``, en/fr/ru). The core's books (fortlang/phrasebook/) hold the
sentence machinery, the operators' and selectors' words and each language's grammar; Fort's
nouns, glossary, suits, made-up rules (R14) and perks (R15) are Fort's
(fortlang/games/fort/phrasebook/), adopted as another game's would be."""

from __future__ import annotations

import ast
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_site import forget_games, install

import fortlang.phrasebook
from fortlang import nodes as n
from fortlang.games import GameError, game_named
from fortlang.games.fort import GAME as FORT
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.phrasebook import en as fort_en
from fortlang.games.fort.phrasebook import fr as fort_fr
from fortlang.games.fort.phrasebook import ru as fort_ru
from fortlang.parser import parse_action
from fortlang.phrasebook import plural, resource_name, sentence, term

CORE = Path(fortlang.phrasebook.__file__).parent


def _fort_words() -> set[str]:
    """Every form of Fort's nouns and glossary terms, in every language, less the DSL's own
    word for an opponent (the core's selectors: `each rival ->`, core C6)."""
    words: set[str] = set()
    for lexicon in (fort_en, fort_fr, fort_ru):
        for noun in lexicon.NOUNS.values():
            words |= {getattr(noun, form) for form in ("one", "other", "nom", "gen", "acc",
                                                        "gen_pl") if hasattr(noun, form)}
        words |= set(lexicon.TERMS.values())
    return {w.lower() for w in words} - {"rival"}


def _prose(path: Path) -> Iterator[tuple[int, str]]:
    """The string constants of a module that are words (no docstring, no name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs and not node.value.isidentifier():
            yield node.lineno, node.value


def test_the_core_phrasebooks_hold_no_word_of_fort() -> None:
    """No noun or glossary term of Fort's (pizza, pelle, дозор, perk...) in the core's books."""
    words = [re.compile(rf"(?<!\w){re.escape(w)}(?!\w)") for w in _fort_words()]
    found = [f"{path.name}:{line}: {text!r}" for path in sorted(CORE.glob("*.py"))
             for line, text in _prose(path)
             if any(w.search(text.lower()) for w in words)]
    assert found == []


def test_fort_declares_its_phrasebooks_and_the_core_says_fort_with_them() -> None:
    assert set(FORT.phrasebooks) == {"en", "fr", "ru"}
    assert term("lookout", "fr") == fort_fr.TERMS["lookout"] == "Observatoire"
    assert plural("ru", "pizza", 5) == fort_ru.count("pizza", 5) == "5 пицц"
    assert sentence(parse_action("score x level then gain 2 toy x shovel"), "en") == \
        "Score 1 victory point for each level of your fort, then gain 2 toys for each shovel."


# -- a game of a test's own: its phrasebooks bring its words ----------------------------------

_TOY = '''
from dataclasses import dataclass
from types import SimpleNamespace

from fortlang.module import GameModule
from fortlang.nodes import Quantity
from fortlang.phrasebook.grammar import Noun, RuNoun


@dataclass(frozen=True, slots=True)
class Marbles(Quantity):
    """A quantity of the toy game's: `x marbles`."""


GAME = GameModule(name="toyphrases", titles={"en": "Toy"}, players=range(2, 3),
                  phrasebooks={"en": "fortlang_toyphrases:EN", "fr": "fortlang_toyphrases:FR",
                               "ru": "fortlang_toyphrases:RU"})
EN = SimpleNamespace(NOUNS={"marble": Noun("marble", "marbles"), "pizza": Noun("slice", "slices")},
                     TERMS={"marble": "marble"}, jingle=lambda: "clink",
                     HANDLERS={Marbles: lambda node: "for each marble in the bag"})
FR = SimpleNamespace(NOUNS={"marble": Noun("bille", "billes", "f")}, TERMS={"marble": "bille"})
RU = SimpleNamespace(NOUNS={"marble": RuNoun("шарик", "шарика", "шарик", "шариков", "m")},
                     TERMS={"marble": "шарик"})
'''
_BROKEN = '''
from fortlang.module import GameModule

GAME = GameModule(name="toyphrases", titles={"en": "Toy"}, players=range(2, 3),
                  phrasebooks={"en": "fortlang_toyphrases_nowhere:EN"})
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    forget_games()
    site = tmp_path / "site"
    monkeypatch.syspath_prepend(str(site))
    yield site
    forget_games()


def _install(site: Path, code: str) -> None:
    install(site, name="toyphrases", module="fortlang_toyphrases", code=code,
            group="fortlang.games", attr="GAME")
    forget_games()


def test_a_game_s_phrasebook_brings_its_words_to_its_own_book(toy: Path) -> None:
    _install(toy, _TOY)
    with pytest.raises(KeyError):  # the default game's book never holds another game's words
        plural("en", "marble", 2)
    module = game_named("toyphrases")
    with pytest.raises(KeyError):  # loaded or not: words do not depend on what was imported
        plural("en", "marble", 2)
    toy_ = "toyphrases"
    assert [plural(lang, "marble", k, toy_) for lang, k in (("en", 2), ("fr", 0), ("ru", 5))] \
        == ["2 marbles", "0 bille", "5 шариков"]
    assert [term("marble", lang, toy_) for lang in ("en", "fr", "ru")] == \
        ["marble", "bille", "шарик"]
    # any other word a declaration asks the book for is the game's (the book's __getattr__)
    assert fortlang.phrasebook.book("en", toy_).jingle() == "clink"  # type: ignore[attr-defined]
    # its own word for a key Fort has too, and Fort's book keeps Fort's
    assert plural("en", "pizza", 2, toy_) == "2 slices"
    assert plural("en", "pizza", 2) == plural("en", "pizza", 2, "fort") == "2 pizzas"
    assert resource_name("pizza", "en") == "pizza"
    # a handler of its own node class: said by the core's operators around it; its points are
    # the core's fallback word, as it names none (Fort's "victory point" is Fort's)
    marbles = sys.modules[module.phrasebooks["en"].partition(":")[0]].Marbles
    assert sentence(n.Repeat(fn.Score(2), marbles()), "en", toy_) == \
        "Score 2 points for each marble in the bag."
    with pytest.raises(TypeError, match="no phrase"):  # Fort's book has not the toy's words
        sentence(n.Repeat(fn.Score(2), marbles()), "en", "fort")


def test_a_game_s_words_go_with_it(toy: Path) -> None:
    _install(toy, _TOY)
    assert plural("en", "marble", 1, "toyphrases") == "1 marble"
    shutil.rmtree(toy / "fortlang_toyphrases-0.1.0.dist-info")
    forget_games()  # uninstalled: its name now speaks in the default game's words
    with pytest.raises(KeyError):
        plural("en", "marble", 1, "toyphrases")
    assert plural("en", "pizza", 1, "toyphrases") == "1 pizza"


def test_a_phrasebook_that_fails_to_load_is_the_game_s_e351(toy: Path) -> None:
    _install(toy, _BROKEN)
    with pytest.raises(GameError, match="toyphrases.*en phrasebook fails to load") as e:
        sentence(parse_action("score"), "en", "toyphrases")
    assert e.value.code == "E351"
    assert sentence(parse_action("score"), "en") == "Score 1 victory point."  # Fort's unharmed


# -- two games, one key: each its own word, whatever was loaded first (review of issue 33) --------

_OTHER = _TOY.replace('name="toyphrases"', 'name="toyother"').replace(
    "fortlang_toyphrases:", "fortlang_toyother:").replace(
    'Noun("marble", "marbles")', 'Noun("bead", "beads")').replace(
    '"marble": "marble"', '"marble": "bead"').replace(
    '"pizza": Noun("slice", "slices")', '"point": Noun("star", "stars")')


def _both(site: Path) -> None:
    install(site, name="toyphrases", module="fortlang_toyphrases", code=_TOY,
            group="fortlang.games", attr="GAME")
    install(site, name="toyother", module="fortlang_toyother", code=_OTHER,
            group="fortlang.games", attr="GAME")
    forget_games()


@pytest.mark.parametrize("first", ["toyphrases", "toyother"])
def test_two_games_with_one_key_each_say_their_own_word(toy: Path, first: str) -> None:
    _both(toy)
    game_named(first)  # which game was imported first changes nothing
    said = {g: (plural("en", "marble", 2, g), term("marble", "en", g),
                sentence(parse_action("score 3"), "en", g)) for g in ("toyother", "toyphrases")}
    assert said == {"toyother": ("2 beads", "bead", "Score 3 stars."),
                    "toyphrases": ("2 marbles", "marble", "Score 3 points.")}
    # and the default game's words are Fort's, with the toys loaded or not
    assert sentence(parse_action("score 3"), "en") == "Score 3 victory points."
    assert plural("en", "marble", 2, first) in ("2 beads", "2 marbles")


def test_the_core_s_sentences_need_no_game_s_point(toy: Path) -> None:
    """A game whose phrasebooks name no "point" scores in the core's fallback word (R14), in
    every language, where the old books raised KeyError: 'point'."""
    _install(toy, _TOY)
    rule = n.Arith("*", n.Number(2), n.Number(3))  # "as many points as": the plural alone
    said = [sentence(n.Number(2), lang, "toyphrases") for lang in ("en", "fr", "ru")]
    assert said == ["Score 2 points.", "Marquez 2 points.", "Получите 2 очка."]
    assert sentence(rule, "en", "toyphrases") == "Score as many points as 2 times 3."


def test_the_core_s_modules_are_never_changed(toy: Path) -> None:
    _install(toy, _TOY)
    from fortlang.phrasebook import en
    before = (dict(en.NOUNS), dict(en.TERMS), dict(en.TABLE), list(en.GAMES))
    for game, action in ((None, "score 2 then gain pizza x shovel"),
                         ("fort", "gain toy x crown"), ("toyphrases", "score 2")):
        sentence(parse_action(action), "en", game)
    assert (dict(en.NOUNS), dict(en.TERMS), dict(en.TABLE), list(en.GAMES)) == before
    assert "point" not in en.NOUNS and en.GAMES == []
