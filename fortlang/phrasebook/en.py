"""English: the rulebook's imperative ("Gain 1 pizza for each shovel.").

The core's words: the operators, a number of times, the scoring sub-language's structure and
comparisons. A game's nouns, glossary and own node classes come from its phrasebook
(``GameModule.phrasebooks``, Fort's in ``fortlang.games.fort.phrasebook.en``), adopted by
:func:`fortlang.phrasebook.book` (:func:`~fortlang.phrasebook.base.adopt`); "rival" is the word
the DSL uses for an opponent.
"""

from __future__ import annotations

import sys
from typing import Any

from fortlang import nodes as n
from fortlang.phrasebook.base import (
    ActionWords,
    ExprWords,
    Handler,
    MetricWords,
    action_handlers,
    dispatch,
    expr_handlers,
    game_word,
)
from fortlang.phrasebook.grammar import PLURAL_CATEGORY, Noun

LANG = "en"
#: This module, the lexicon a declaration's ``Phrase`` counts with (``count``, ``resource``).
LEXICON = sys.modules[__name__]

#: The core's own nouns; :data:`NOUNS` adds the games' (adopted).
CORE_NOUNS: dict[str, Noun] = {
    "time": Noun("time", "times"),
}
#: The words the core's own sentences need when a game's phrasebook lacks them (a score's
#: "point"); any game's word wins over these.
FALLBACK_NOUNS: dict[str, Noun] = {
    "point": Noun("point", "points"),
}
NOUNS: dict[str, Noun] = dict(CORE_NOUNS)
#: The glossary: the games' terms (adopted).
TERMS: dict[str, str] = {}
#: The games' phrasebooks in this language, the first's words first (adopted).
GAMES: list[object] = []


def __getattr__(name: str) -> Any:
    """A word of a game's (``resource``, any word its texts ask for): its phrasebook's."""
    return game_word(GAMES, __name__, name)


def count(key: str, amount: int) -> str:
    """``2 pizzas``."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount))}"


def noun(key: str) -> str:
    return NOUNS[key].one


def say(node: n.Node) -> str:
    return dispatch(TABLE, node, LANG, LEXICON)


def polish(text: str) -> str:
    return text


# -- quantities after `x` (R13.1) ---------------------------------------------------------------

_TIMES = {1: "once", 2: "twice"}
_QUANTITIES: dict[type, Handler] = {
    n.Fixed: lambda node: _TIMES.get(node.n, f"{node.n} times"),
}

#: A quantity's "as many" complement: the games' (adopted).
HOW_MANY: dict[type, Any] = {}

ACTION_WORDS = ActionWords(
    lexicon=LEXICON,
    then=", then ", choice=" or ", inline="{body} {each}", block="{each}: {body}",
    how_many=HOW_MANY,  # English says "1 pizza for each shovel" throughout
)

# -- scoring (R14) ------------------------------------------------------------------------------

#: Metrics said by a template of the games' (Fort's suits, adopted); the others' words are in
#: their declarations (``WordSpec.said``).
METRICS: dict[str, MetricWords] = {}


EXPR_WORDS = ExprWords(
    metrics=METRICS, count=count, lang=LANG, lexicon=LEXICON,
    score="score {amount}", score_per="score {amount} {each}",
    score_value="score as many {points} as {value}", many=lambda key: NOUNS[key].other,
    plus="{clause}, plus {amount}",
    conditional="{clause} if {test}", otherwise="{clause}; otherwise, {otherwise}",
    value_if="{value} if {test}, otherwise {otherwise}",
    arith={"+": "{left} plus {right}", "-": "{left} minus {right}", "*": "{left} times {right}"},
    compare={
        "=": "{left} is {right}", "!=": "{left} is not {right}",
        "<": "{left} is less than {right}", "<=": "{left} is at most {right}",
        ">": "{left} is greater than {right}", ">=": "{left} is at least {right}",
    },
    vs_rival={
        ">": "you have more {counted} than every rival",
        ">=": "you have at least as many {counted} as every rival",
        "=": "you have as many {counted} as the best rival",
        "!=": "you do not have as many {counted} as the best rival",
        "<": "you have fewer {counted} than the best rival",
        "<=": "you have no more {counted} than the best rival",
    },
    vs_number={
        "=": "you have exactly {count}", "!=": "you do not have exactly {count}",
        "<": "you have fewer than {count}", "<=": "you have at most {count}",
        ">": "you have more than {count}", ">=": "you have at least {count}",
    },
    vs_zero={"=": "you have no {counted}"},
)  # fmt: skip

#: The core's handlers; :data:`TABLE` adds the games' (adopted).
CORE_TABLE: dict[type, Handler] = {
    **_QUANTITIES,
    **action_handlers(ACTION_WORDS, say),
    **expr_handlers(EXPR_WORDS, say),
}
TABLE: dict[type, Handler] = dict(CORE_TABLE)
