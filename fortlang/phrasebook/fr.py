"""French: the imperative of the French rulebook (002_*.txt): « Gagnez autant de pizzas que de
pelles. », « Avancez votre Niveau de Fort, puis marquez 2 points de victoire. »

The core's words: the operators, a number of times, the scoring sub-language's structure and
comparisons. A game's nouns, glossary and own node classes come from its phrasebook
(``GameModule.phrasebooks``, Fort's in ``fortlang.games.fort.phrasebook.fr``), adopted by
:func:`fortlang.phrasebook.book`. Templates may write « de le », « que un »: :func:`polish`
contracts and elides them.
"""

from __future__ import annotations

import re
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

LANG = "fr"
#: This module, the lexicon a declaration's ``Phrase`` counts with (``count``, ``resource``).
LEXICON = sys.modules[__name__]

#: The core's own nouns; :data:`NOUNS` adds the games' (adopted).
CORE_NOUNS: dict[str, Noun] = {
    "time": Noun("fois", "fois", "f"),
}
#: The words the core's own sentences need when a game's phrasebook lacks them (a score's
#: "point"); any game's word wins over these.
FALLBACK_NOUNS: dict[str, Noun] = {
    "point": Noun("point", "points", "m"),
}
NOUNS: dict[str, Noun] = dict(CORE_NOUNS)
#: The glossary: the games' terms (adopted).
TERMS: dict[str, str] = {}
#: The games' phrasebooks in this language, the first's words first (adopted).
GAMES: list[object] = []


def __getattr__(name: str) -> Any:
    """A word of a game's (``resource``, ``some``, any word its texts ask for): its
    phrasebook's."""
    return game_word(GAMES, __name__, name)


def count(key: str, amount: int) -> str:
    """``2 pizzas``; 0 and 1 take the singular (« 1 point de victoire »)."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount))}"


def noun(key: str) -> str:
    return NOUNS[key].one


def say(node: n.Node) -> str:
    return dispatch(TABLE, node, LANG, LEXICON)


_CONTRACTIONS = {"à le ": "au ", "à les ": "aux ", "de le ": "du ", "de les ": "des "}
_CONTRACT = re.compile(r"\b(?:" + "|".join(_CONTRACTIONS) + ")")
_ELIDE = re.compile(r"\b(d|qu)e (?=[aeiouyéèêâîôûAEIOUYÉÈÊ])")


def polish(text: str) -> str:
    """« de le » → « du », « que un » → « qu'un », « de une » → « d'une »."""
    text = _CONTRACT.sub(lambda m: _CONTRACTIONS[m.group(0)], text)
    return _ELIDE.sub(r"\1'", text)


# -- quantities after `x` (R13.1) ---------------------------------------------------------------

_QUANTITIES: dict[type, Handler] = {
    n.Fixed: lambda node: count("time", node.n),
}

#: A quantity's « autant de X que ... » complement: the games' (adopted; a declared quantity
#: says its own: WordSpec.how_many).
HOW_MANY: dict[type, Any] = {}

ACTION_WORDS = ActionWords(
    conditional="si {test}, {body}", conditional_block="si {test} : {body}",
    lang="fr", lexicon=LEXICON,
    then=", puis ", choice=" ou ", inline="{body} {each}", block="{each} : {body}",
    how_many=HOW_MANY,
)

# -- scoring (R14) ------------------------------------------------------------------------------

#: Metrics said by a template of the games' (Fort's suits, adopted); the others' words are in
#: their declarations (``WordSpec.said``).
METRICS: dict[str, MetricWords] = {}

EXPR_WORDS = ExprWords(
    metrics=METRICS, count=count, lang=LANG, lexicon=LEXICON,
    score="marquez {amount}", score_per="marquez {amount} {each}",
    score_value="marquez autant de {points} que {value}", many=lambda key: NOUNS[key].other,
    plus="{clause}, plus {amount}",
    conditional="{clause} si {test}", otherwise="{clause} ; sinon, {otherwise}",
    value_if="{value} si {test}, sinon {otherwise}",
    arith={"+": "{left} plus {right}", "-": "{left} moins {right}", "*": "{left} fois {right}"},
    compare={
        "=": "{left} est égal à {right}", "!=": "{left} est différent de {right}",
        "<": "{left} est inférieur à {right}", "<=": "{left} est inférieur ou égal à {right}",
        ">": "{left} est supérieur à {right}", ">=": "{left} est supérieur ou égal à {right}",
    },
    vs_rival={  # « si vous avez plus de cartes que chacun de vos adversaires » (Sleepover)
        ">": "vous avez plus {counted} que chacun de vos adversaires",
        ">=": "vous avez au moins autant {counted} que chacun de vos adversaires",
        "=": "vous avez autant {counted} que le meilleur de vos adversaires",
        "!=": "vous n'avez pas autant {counted} que le meilleur de vos adversaires",
        "<": "vous avez moins {counted} que le meilleur de vos adversaires",
        "<=": "vous n'avez pas plus {counted} que le meilleur de vos adversaires",
    },
    vs_number={
        "=": "vous avez exactement {count}", "!=": "vous n'avez pas exactement {count}",
        "<": "vous avez moins de {count}", "<=": "vous avez au plus {count}",
        ">": "vous avez plus de {count}", ">=": "vous avez au moins {count}",
    },
    vs_zero={"=": "vous n'avez pas {counted}"},
)  # fmt: skip

#: The core's handlers; :data:`TABLE` adds the games' (adopted).
CORE_TABLE: dict[type, Handler] = {
    **_QUANTITIES,
    **action_handlers(ACTION_WORDS, say),
    **expr_handlers(EXPR_WORDS, say),
}
TABLE: dict[type, Handler] = dict(CORE_TABLE)
