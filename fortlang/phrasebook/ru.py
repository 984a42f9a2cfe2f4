"""Russian: the imperative of the Russian rulebook (001_*.txt): «Получите столько игрушек,
сколько у вас мастей клея.», «Повысьте уровень вашего форта, заплатив его стоимость, затем
получите 2 ПО.»

Nouns carry their case forms (:class:`RuNoun`): the accusative after «получите», the genitive
plural after «сколько у вас», the numeral forms 1 пицца / 2 пиццы / 5 пицц. Terms are those of
the glossary in FORT-RULES.md (дозор, вещи, рюкзак...).
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
from fortlang.phrasebook.grammar import PLURAL_CATEGORY, RuNoun

LANG = "ru"
#: This module, the lexicon a declaration's ``Phrase`` counts with (``count``, ``resource``).
LEXICON = sys.modules[__name__]

NOUNS: dict[str, RuNoun] = {
    #                  nom, gen (sg), acc (sg), gen (pl), gender
    "pizza": RuNoun("пицца", "пиццы", "пиццу", "пицц", "f"),
    "toy": RuNoun("игрушка", "игрушки", "игрушку", "игрушек", "f"),
    "resource": RuNoun("ресурс", "ресурса", "ресурс", "ресурсов", "m"),
    "point": RuNoun("ПО", "ПО", "ПО", "ПО", "n"),  # «получите 2 ПО», as the rulebook writes
    "victory_point": RuNoun("победное очко", "победного очка", "победное очко",
                            "победных очков", "n", few="победных очка"),
    "card": RuNoun("карта", "карты", "карту", "карт", "f"),
    "best_friend": RuNoun("лучший друг", "лучшего друга", "лучшего друга", "лучших друзей", "ma",
                          few="лучших друга"),
    "suit": RuNoun("масть", "масти", "масть", "мастей", "f"),
    "different_suit": RuNoun("масть", "масти", "масть", "мастей", "f"),
    "advance_action": RuNoun("действие «улучшение форта»", "действия «улучшение форта»",
                             "действие «улучшение форта»", "действий «улучшение форта»", "n"),
    "level": RuNoun("уровень", "уровня", "уровень", "уровней", "m"),
    "time": RuNoun("раз", "раза", "раз", "раз", "m"),
    # the suits (R1.1); glue is counted as «масть клея», as the rulebook does
    "skateboard": RuNoun("скейтборд", "скейтборда", "скейтборд", "скейтбордов", "m"),
    "shovel": RuNoun("лопатка", "лопатки", "лопатку", "лопаток", "f"),
    "glue": RuNoun("масть клея", "масти клея", "масть клея", "мастей клея", "f"),
    "water_gun": RuNoun("брызгалка", "брызгалки", "брызгалку", "брызгалок", "f"),
    "crown": RuNoun("корона", "короны", "корону", "корон", "f"),
    "book": RuNoun("книжка", "книжки", "книжку", "книжек", "f"),
    "coin": RuNoun("монетка", "монетки", "монетку", "монеток", "f"),
}

#: «каждый» and «имеющийся» in the accusative, by the gender of the noun they go with.
EACH = {"m": "каждый", "f": "каждую", "n": "каждое", "ma": "каждого"}
HAVING = {"m": "имеющийся", "f": "имеющуюся", "n": "имеющееся", "ma": "имеющегося"}

TERMS: dict[str, str] = {
    "kid_card": "карта ребёнка", "best_friend": "лучший друг", "suit": "масть",
    "coin": "монетка", "public_action": "открытое действие", "private_action": "личное действие",
    "leader": "ведущий", "follower": "последователь", "played_card": "сыгранная карта",
    "added_card": "добавленная карта", "park": "парк", "park_deck": "колода парка",
    "yard": "двор", "lookout": "дозор", "stuff": "вещи", "pack": "рюкзак",
    "fort_level": "уровень форта", "victory_points": "победные очки", "vp": "ПО",
    "victory_track": "победная дорожка", "pizza": "пицца", "toy": "игрушка",
    "resource": "ресурс", "made_up_rule": "придуманное правило", "perk": "преимущество",
    "macaroni_sculpture": "макаронная скульптура", "box": "коробка", "rival": "соперник",
    "supply": "общий запас", "hand": "рука", "deck": "колода", "discard_pile": "сброс",
    "skateboard": "скейтборд", "shovel": "лопатка", "glue": "клей", "water_gun": "брызгалка",
    "crown": "корона", "book": "книжка",
}  # fmt: skip

RULE_INTRO = "в конце игры "


def count(key: str, amount: int, case: str = "nom") -> str:
    """``5 пицц``; ``case="acc"`` after a verb: «получите 1 пиццу»."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount), case)}"


def noun(key: str) -> str:
    return NOUNS[key].nom


def resource(res: Resource, amount: int | None = None, case: str = "nom") -> str:
    said = [noun(k) if amount is None else count(k, amount, case) for k in KINDS[res]]
    return " или ".join(said)


def say(node: n.Node) -> str:
    return dispatch(TABLE, node, LANG, LEXICON)


def polish(text: str) -> str:
    return text


# -- quantities after `x` (R13.1) ---------------------------------------------------------------


def _each_suit(node: n.SuitCount) -> str:
    word = NOUNS[node.suit.value]
    return f"за {EACH[word.gender]} {word.acc}"


_QUANTITIES: dict[type, Handler] = {
    n.SuitCount: _each_suit,
    n.Fixed: lambda node: count("time", node.n),
}


def many(res: Resource) -> str:
    """«пиццы или игрушек», the form after «столько»."""
    return " или ".join(NOUNS[k].many for k in KINDS[res])


ACTION_WORDS = ActionWords(
    conditional="если {test}, {body}", conditional_block="если {test}: {body}",
    lang="ru", lexicon=LEXICON,
    then=", затем ", choice=" или ", inline="{body} {each}", block="{each}: {body}",
    how_many={  # «столько X, сколько ...» (a declared quantity says its own: WordSpec.how_many)
        n.SuitCount: lambda node: f"сколько у вас {NOUNS[node.suit.value].gen_pl}",
    },
)

# -- scoring (R14) ------------------------------------------------------------------------------


def metric_words(key: str, mine: str = "", theirs: str = "") -> MetricWords:
    """``mine`` says where the things are ("" = the cards you have: «имеющиеся у вас»); after
    «у вас больше ...» a place of yours is said without a second «у вас» (issue 36)."""
    word = NOUNS[key]
    here = mine.removeprefix("у вас ")
    each = (f"за {EACH[word.gender]} {word.acc} {mine}" if mine
            else f"за {EACH[word.gender]} {HAVING[word.gender]} у вас {word.acc}")
    value = (f"количество {word.gen_pl} {mine}" if mine
             else f"количество имеющихся у вас {word.gen_pl}")
    return MetricWords(
        each=each, value=value,
        rival=f"наибольшее количество {word.gen_pl} {theirs or 'у соперника'}",
        counted=f"{word.many} {here}".strip(), noun=key, place=here,
    )


#: The suits' metrics (R14): the others' words are in their declarations (``WordSpec.said``).
METRICS: dict[str, MetricWords] = {s.value: metric_words(s.value) for s in n.Suit}

EXPR_WORDS = ExprWords(
    metrics=METRICS, count=count, lang=LANG, lexicon=LEXICON,
    score="получите {amount}", score_per="получите {amount} {each}",
    score_value="получите столько ПО, сколько составляет {value}",
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

TABLE: dict[type, Handler] = {
    **_QUANTITIES,
    **action_handlers(ACTION_WORDS, say),
    **expr_handlers(EXPR_WORDS, say),
}

# -- perks (R15) --------------------------------------------------------------------------------

PERK_WORDS = PerkWords(
    lang=LANG, optional="{trigger}, по желанию: {action}",
    destroy_first="уберите эту особенность в коробку, затем {action}",
    count=lambda key, amount: count(key, amount, "acc"), either="или",
    origins={"park": "из парка", "park_deck": "из колоды парка", "yard": "со двора",
             "hand": "из руки", "discard": "из сброса", "supply": "из общего запаса",
             "stuff": "из ваших вещей", "pack": "из рюкзака"},
    targets={"hand": "в руку", "discard": "в сброс", "lookout": "в дозор", "pack": "в рюкзак",
             "stuff": "в ваши вещи"},
    hooks={
        PerkHook.EXTRA_RECRUIT: "в конце фазы призыва вы можете призвать ещё одну карту {from}",
        PerkHook.LOOKOUT_FROM_ANYWHERE: "в свой ход, когда вы добавляете карту в дозор, вы "
                                        "можете взять её {from} вместо своей руки",
        PerkHook.FOLLOW_DISCARD_MORE: "повторяя действие за ведущим, вы можете сбросить "
                                      "вместо одной карты несколько (не больше, чем "
                                      "{max_discards}), учитывая совпадающие масти каждой",
        PerkHook.DIY_ADVANCE: "в свой ход вместо того, чтобы играть карту, {use} повысить "
                              "уровень вашего форта, заплатив на {extra_cost} больше; это "
                              "действие нельзя повторить за ведущим",
        PerkHook.SECOND_PLAY: "в свой ход, после того как ваша карта разыграна и повторена, "
                              "{use} сыграть вторую карту: её можно улучшить, а соперники могут "
                              "её повторить",
        PerkHook.RECYCLE: "в любой момент своего хода {use} взять карту {from} {to}",
        PerkHook.ROUGH_HOUSING: "вместо того, чтобы повторить действие, после того как каждый "
                                "другой соперник повторил его или отказался, {use} убрать в "
                                "коробку сыгранную карту ведущего",
        PerkHook.PACK_FROM_SUPPLY: "в свой ход, когда вы складываете ресурс в рюкзак, вы можете "
                                   "взять его из общего запаса вместо своих вещей, в любой "
                                   "комбинации при повторении",
    },
    modify={"pack_capacity": "в ваш рюкзак помещается на {n} больше",
            "lookout_capacity": "в ваш дозор помещается на {n} больше",
            "stuff_capacity": "в ваши вещи помещается на {n} каждого типа больше"},
    use_once="уберите это преимущество в коробку, чтобы", use_again="вы можете",
    used_up="; после использования преимущество убирается в коробку",
)  # fmt: skip


def perk(p: Perk) -> str:
    return perk_clause(PERK_WORDS, p, say)
