"""English: the rulebook's imperative ("Gain 1 pizza for each shovel.").

Terms are those of the glossary in FORT-RULES.md; "rival" is the word the DSL uses for an opponent.
"""

from __future__ import annotations

import sys

from fortlang import nodes as n
from fortlang.model import Perk, PerkHook
from fortlang.nodes import Resource
from fortlang.phrasebook.base import (
    KINDS,
    ActionWords,
    ExprWords,
    Handler,
    MetricWords,
    PerkWords,
    action_handlers,
    dispatch,
    expr_handlers,
    perk_clause,
)
from fortlang.phrasebook.grammar import PLURAL_CATEGORY, Noun

LANG = "en"
#: This module, the lexicon a declaration's ``Phrase`` counts with (``count``, ``resource``).
LEXICON = sys.modules[__name__]

NOUNS: dict[str, Noun] = {
    "pizza": Noun("pizza", "pizzas"),
    "toy": Noun("toy", "toys"),
    "resource": Noun("resource", "resources"),
    "point": Noun("victory point", "victory points"),
    "victory_point": Noun("victory point", "victory points"),
    "card": Noun("card", "cards"),
    "best_friend": Noun("best friend", "best friends"),
    "suit": Noun("suit", "suits"),
    "different_suit": Noun("different suit", "different suits"),
    "advance_action": Noun("advance-fort action", "advance-fort actions"),
    "level": Noun("level", "levels"),
    "time": Noun("time", "times"),
    # the suits (R1.1)
    "skateboard": Noun("skateboard", "skateboards"),
    "shovel": Noun("shovel", "shovels"),
    "glue": Noun("glue", "glues"),
    "water_gun": Noun("water gun", "water guns"),
    "crown": Noun("crown", "crowns"),
    "book": Noun("book", "books"),
    "coin": Noun("coin", "coins"),
}

#: The glossary of FORT-RULES.md, plus the few game words the sentences use.
TERMS: dict[str, str] = {
    "kid_card": "kid card", "best_friend": "best friend", "suit": "suit", "coin": "coin",
    "public_action": "public action", "private_action": "private action",
    "leader": "leader", "follower": "follower", "played_card": "played card",
    "added_card": "added card", "park": "park", "park_deck": "park deck", "yard": "yard",
    "lookout": "lookout", "stuff": "stuff", "pack": "pack", "fort_level": "fort level",
    "victory_points": "victory points", "vp": "VP", "victory_track": "victory track",
    "pizza": "pizza", "toy": "toy", "resource": "resource", "made_up_rule": "made-up rule",
    "perk": "perk", "macaroni_sculpture": "macaroni sculpture", "box": "the box",
    "rival": "rival", "supply": "supply", "hand": "hand", "deck": "deck",
    "discard_pile": "discard pile",
    **{s.value: NOUNS[s.value].one for s in n.Suit},
}  # fmt: skip

RULE_INTRO = "at the end of the game, "


def count(key: str, amount: int) -> str:
    """``2 pizzas``."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount))}"


def noun(key: str) -> str:
    return NOUNS[key].one


def resource(res: Resource, amount: int | None = None) -> str:
    """``pizza or toy``; with an amount, ``2 pizzas or 2 toys`` (one kind, chosen: R12.1)."""
    said = [noun(k) if amount is None else count(k, amount) for k in KINDS[res]]
    return " or ".join(said)


def say(node: n.Node) -> str:
    return dispatch(TABLE, node, LANG, LEXICON)


def polish(text: str) -> str:
    return text


# -- quantities after `x` (R13.1) ---------------------------------------------------------------

_TIMES = {1: "once", 2: "twice"}
_QUANTITIES: dict[type, Handler] = {
    n.SuitCount: lambda node: f"for each {noun(node.suit.value)}",
    n.Fixed: lambda node: _TIMES.get(node.n, f"{node.n} times"),
}

ACTION_WORDS = ActionWords(
    lexicon=LEXICON,
    then=", then ", choice=" or ", inline="{body} {each}", block="{each}: {body}",
    how_many={},  # English says "1 pizza for each shovel" throughout
)

# -- scoring (R14) ------------------------------------------------------------------------------


def metric_words(key: str, mine: str = "", theirs: str = "") -> MetricWords:
    """A metric that counts things: ``mine``/``theirs`` say where ("" = every card you have)."""
    one, other = NOUNS[key].one, NOUNS[key].other
    return MetricWords(
        each=f"for each {one} {mine or 'you have'}",
        value=f"the number of {other} {mine or 'you have'}",
        rival=f"the most {other} {theirs or 'any rival has'}",
        counted=f"{other} {mine}".strip(), noun=key, place=mine,
    )


#: The suits' metrics (R14): the others' words are in their declarations (``WordSpec.said``).
METRICS: dict[str, MetricWords] = {s.value: metric_words(s.value) for s in n.Suit}

EXPR_WORDS = ExprWords(
    metrics=METRICS, count=count, lang=LANG, lexicon=LEXICON,
    score="score {amount}", score_per="score {amount} {each}",
    score_value="score as many victory points as {value}",
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

TABLE: dict[type, Handler] = {
    **_QUANTITIES,
    **action_handlers(ACTION_WORDS, say),
    **expr_handlers(EXPR_WORDS, say),
}

# -- perks (R15) --------------------------------------------------------------------------------

PERK_WORDS = PerkWords(
    lang=LANG,
    count=count, either="or",
    origins={"park": "the park", "park_deck": "the park deck", "yard": "a yard",
             "hand": "your hand", "discard": "your discard pile", "supply": "the supply",
             "stuff": "your stuff", "pack": "your pack"},
    targets={"hand": "your hand", "discard": "your discard pile", "lookout": "your lookout",
             "pack": "your pack", "stuff": "your stuff"},
    hooks={
        PerkHook.EXTRA_RECRUIT: "at the end of your recruit phase, you may recruit another "
                                "card from {from}",
        PerkHook.LOOKOUT_FROM_ANYWHERE: "on your turn, when you add a card to your lookout, "
                                        "you may take it from {from} instead of your hand",
        PerkHook.FOLLOW_DISCARD_MORE: "when following, you may discard up to {max_discards}, "
                                      "the matching suits of each counting",
        PerkHook.DIY_ADVANCE: "on your turn, instead of playing a card, {use} "
                              "advance your fort, paying {extra_cost} more; this cannot be "
                              "followed",
        PerkHook.SECOND_PLAY: "on your turn, once your card has been played and followed, "
                              "{use} play a second card, which you may boost "
                              "and others may follow",
        PerkHook.RECYCLE: "at any time on your turn, {use} take a card from "
                          "{from} into {to}",
        PerkHook.ROUGH_HOUSING: "instead of following, once every other rival has followed or "
                                "declined, {use} destroy the leader's played card",
        PerkHook.PACK_FROM_SUPPLY: "on your turn, when you pack a resource, you may take it "
                                   "from the supply instead of your stuff, in any mix when "
                                   "repeated",
    },
    modify={"pack_capacity": "your pack holds an extra {n}",
            "lookout_capacity": "your lookout holds an extra {n}",
            "stuff_capacity": "your stuff holds an extra {n} of each kind"},
    use_once="destroy this perk to", use_again="you may",
    used_up="; the perk is destroyed once used",
)  # fmt: skip


def perk(p: Perk) -> str:
    return perk_clause(PERK_WORDS, p, say)
