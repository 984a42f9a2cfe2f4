"""Russian: the imperative of the Russian rulebook (001_*.txt): «Получите столько игрушек,
сколько у вас мастей клея.», «Повысьте уровень вашего форта, заплатив его стоимость, затем
получите 2 ПО.»

The core's words: the operators, a number of times, the scoring sub-language's structure and
comparisons, and the grammar a game's words agree with (:data:`EACH`, :data:`HAVING`). Nouns
carry their case forms (:class:`RuNoun`): the accusative after «получите», the genitive plural
after «сколько у вас», the numeral forms 1 пицца / 2 пиццы / 5 пицц. A game's nouns, glossary
and own node classes come from its phrasebook (``GameModule.phrasebooks``, Fort's in
``fortlang.games.fort.phrasebook.ru``), adopted by :func:`fortlang.phrasebook.book`.
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
from fortlang.phrasebook.grammar import PLURAL_CATEGORY, RuNoun

LANG = "ru"
#: This module, the lexicon a declaration's ``Phrase`` counts with (``count``, ``resource``).
LEXICON = sys.modules[__name__]

#: The core's own nouns; :data:`NOUNS` adds the games' (adopted).
CORE_NOUNS: dict[str, RuNoun] = {
    "time": RuNoun("раз", "раза", "раз", "раз", "m"),
}
#: The words the core's own sentences need when a game's phrasebook lacks them (a score's
#: "point"); any game's word wins over these.
FALLBACK_NOUNS: dict[str, RuNoun] = {
    "point": RuNoun("очко", "очка", "очко", "очков", "n"),
}
NOUNS: dict[str, RuNoun] = dict(CORE_NOUNS)

#: «каждый» and «имеющийся» in the accusative, by the gender of the noun they go with.
EACH = {"m": "каждый", "f": "каждую", "n": "каждое", "ma": "каждого"}
HAVING = {"m": "имеющийся", "f": "имеющуюся", "n": "имеющееся", "ma": "имеющегося"}

#: The glossary: the games' terms (adopted).
TERMS: dict[str, str] = {}
#: The games' phrasebooks in this language, the first's words first (adopted).
GAMES: list[object] = []


def __getattr__(name: str) -> Any:
    """A word of a game's (``resource``, ``many``, any word its texts ask for): its
    phrasebook's."""
    return game_word(GAMES, __name__, name)


def count(key: str, amount: int, case: str = "nom") -> str:
    """``5 пицц``; ``case="acc"`` after a verb: «получите 1 пиццу»."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount), case)}"


def noun(key: str) -> str:
    return NOUNS[key].nom


def say(node: n.Node) -> str:
    return dispatch(TABLE, node, LANG, LEXICON)


def polish(text: str) -> str:
    return text


# -- quantities after `x` (R13.1) ---------------------------------------------------------------

_QUANTITIES: dict[type, Handler] = {
    n.Fixed: lambda node: count("time", node.n),
}

#: A quantity's «столько X, сколько ...» complement: the games' (adopted; a declared quantity
#: says its own: WordSpec.how_many).
HOW_MANY: dict[type, Any] = {}

ACTION_WORDS = ActionWords(
    conditional="если {test}, {body}", conditional_block="если {test}: {body}",
    lang="ru", lexicon=LEXICON,
    then=", затем ", choice=" или ", inline="{body} {each}", block="{each}: {body}",
    how_many=HOW_MANY,
)

# -- scoring (R14) ------------------------------------------------------------------------------

#: Metrics said by a template of the games' (Fort's suits, adopted); the others' words are in
#: their declarations (``WordSpec.said``).
METRICS: dict[str, MetricWords] = {}

EXPR_WORDS = ExprWords(
    metrics=METRICS, count=count, lang=LANG, lexicon=LEXICON,
    score="получите {amount}", score_per="получите {amount} {each}",
    score_value="получите столько {points}, сколько составляет {value}",
    many=lambda key: NOUNS[key].many,
    plus="{clause}, плюс {amount}",
    conditional="{clause}, если {test}", otherwise="{clause}; иначе {otherwise}",
    value_if="{value}, если {test}, иначе {otherwise}",
    arith={"+": "{left} плюс {right}", "-": "{left} минус {right}",
           "*": "{left} умножить на {right}"},
    compare={  # forms that leave the right side in the nominative
        "=": "{left} — ровно {right}", "!=": "{left} — не {right}",
        "<": "{left} меньше, чем {right}", "<=": "{left} не больше, чем {right}",
        ">": "{left} больше, чем {right}", ">=": "{left} не меньше, чем {right}",
    },
    vs_rival={  # «если у вас больше карт, чем у каждого из соперников» (Ночевка)
        ">": "у вас больше {counted}, чем у каждого из соперников",
        ">=": "у вас не меньше {counted}, чем у каждого из соперников",
        "=": "у вас столько же {counted}, сколько у лучшего из соперников",
        "!=": "у вас не столько же {counted}, сколько у лучшего из соперников",
        "<": "у вас меньше {counted}, чем у лучшего из соперников",
        "<=": "у вас не больше {counted}, чем у лучшего из соперников",
    },
    vs_number={
        "=": "у вас ровно {count}", "!=": "у вас не ровно {count}",
        "<": "у вас меньше, чем {count}", "<=": "у вас не больше, чем {count}",
        ">": "у вас больше, чем {count}", ">=": "у вас не меньше, чем {count}",
    },
    vs_zero={"=": "у вас нет {counted}"},
)  # fmt: skip

#: The core's handlers; :data:`TABLE` adds the games' (adopted).
CORE_TABLE: dict[type, Handler] = {
    **_QUANTITIES,
    **action_handlers(ACTION_WORDS, say),
    **expr_handlers(EXPR_WORDS, say),
}
TABLE: dict[type, Handler] = dict(CORE_TABLE)
