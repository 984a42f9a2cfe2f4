"""Fort's phrasebooks (issue 33 item 1, "a game is one folder"): Fort's words in English, French
and Russian (:mod:`.en`, :mod:`.fr`, :mod:`.ru`): its nouns (pizza, toy, the suits...), the
glossary of FORT-RULES.md, its suits after `x` and in scoring (R13.1, R14), made-up rules (R14)
and perks (R15). Fort's game module declares them (``GameModule.phrasebooks``); the core's
books (:mod:`fortlang.phrasebook`) adopt them as they would another game's, and keep the
sentence machinery, the operators' and selectors' words and each language's grammar."""

from __future__ import annotations

from typing import Any

from fortlang.games.fort.model import MadeUpRule, Perk
from fortlang.phrasebook import book
from fortlang.phrasebook.grammar import finish


def perk_text(perk: Perk, lang: str, game: str | None = None) -> str:
    """What a perk does (R15), generated from its hook and parameters."""
    b: Any = book(lang, game)  # Fort's words: its lexicons' ``perk``
    return str(b.polish(finish(b.perk(perk, b.say))))


def rule_text(rule: MadeUpRule, lang: str, game: str | None = None) -> str:
    """What a made-up rule scores at the end of the game (R14), from its scoring expression:
    the core's scoring sentence after Fort's ``RULE_INTRO``."""
    b: Any = book(lang, game)
    return str(b.polish(finish(b.RULE_INTRO + b.say(rule.score))))


def suit_name(suit: str, lang: str, n: int | None = None, game: str | None = None) -> str:
    """The glossary name of a suit (``pelle``), or with ``n`` its counted form (``2 pelles``):
    ``suit`` is its word (a member of Fort's ``Suit``, a string enumeration, is its word)."""
    key = str(suit)
    b = book(lang, game)
    return b.TERMS[key] if n is None else b.count(key, n)
