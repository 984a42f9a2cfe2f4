"""Issue 33 (one core, games as modules): the core's phrasebook keeps the scoring
sub-language's structure (R14) and names none of Fort's things; a game's words (its point, its
cards' texts) are its declarations (``GameModule.phrasebooks``). Fort's made-up rules (R14),
perks (R15) and suits (R1.1) are said by Fort's phrasebook package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import fortlang.games.fort.phrasebook as fort_phrasebook
import fortlang.phrasebook
from fortlang import nodes as n
from fortlang.games import game_named
from fortlang.games.fort.model import MadeUpRule
from fortlang.parser import parse_scoring
from fortlang.phrasebook import sentence

CORE = Path(fortlang.phrasebook.__file__).parent


def test_frantic_s_scoring_says_frantic_s_points() -> None:
    """A scoring formula read for Frantic scores Frantic's points (F4.3), not Fort's victory
    points (R14), in every language."""
    formula = n.IfElse(n.Arith("*", n.Number(2), n.Number(3)),
                       n.Compare(">", n.Number(2), n.Number(1)), n.Number(1))
    said = {lang: (sentence(n.Number(3), lang, "frantic"), sentence(formula, lang, "frantic"))
            for lang in ("en", "fr", "ru")}
    assert said["en"] == ("Score 3 points.", "Score as many points as 2 times 3 if 2 is "
                                             "greater than 1; otherwise, score 1 point.")
    assert said["fr"][0] == "Marquez 3 points." and "victoire" not in said["fr"][1]
    assert said["ru"][0] == "Получите 3 очка." and "ПО" not in said["ru"][1]
    # and Fort's sentences keep Fort's words
    assert sentence(n.Number(3), "en") == "Score 3 victory points."
    assert sentence(n.Number(3), "ru", "fort") == "Получите 3 ПО."


def test_fort_s_texts_are_fort_s() -> None:
    """What a made-up rule scores (R14), what a perk does (R15) and a suit's name (R1.1) are
    said by Fort's phrasebook package; the core's offers none of them."""
    for name in ("rule_text", "perk_text", "suit_name"):
        assert not hasattr(fortlang.phrasebook, name)
    rule = MadeUpRule("r", "R", parse_scoring("level * 2"))
    assert fort_phrasebook.rule_text(rule, "en") == \
        "At the end of the game, score 2 victory points for each level of your fort."
    assert fort_phrasebook.suit_name("shovel", "ru", 5) == "5 лопаток"


def _code_words(path: Path) -> set[str]:
    """The identifiers and the words of the string constants of a module (no docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.FunctionDef):
            out.add(node.name)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            out |= set(re.findall(r"[A-Za-z_][A-Za-z_-]*", node.value))
    return {w.lower() for w in out}


def test_the_core_phrasebook_names_none_of_fort_s_kinds() -> None:
    """No Fort kind (kid, perk, made-up rule, suit), no Fort text (RULE_INTRO, perk_text,
    rule_text, suit_name), no victory point in the core's books' code."""
    fort = game_named("fort")
    words = {w.lower() for k in fort.cards for w in (k.name, k.key, k.label, k.slot) if w}
    words |= {"kid", "perk", "perk_text", "rule_text", "suit", "suits", "suit_name",
              "rule_intro", "made-up", "made_up", "victory", "victory_point"}
    found = {path.name: sorted(_code_words(path) & words) for path in sorted(CORE.glob("*.py"))}
    assert {name: named for name, named in found.items() if named} == {}


def test_a_game_with_its_own_words_and_no_phrasebook_scores_plain_points() -> None:
    """Fortune and Glory declares a vocabulary and no phrasebook: its scoring sentences count
    the core's plain point, never Fort's victory points (R14's words are Fort's)."""
    said = [sentence(n.Number(3), lang, "fortune-and-glory") for lang in ("en", "fr", "ru")]
    assert said == ["Score 3 points.", "Marquez 3 points.", "Получите 3 очка."]
