"""Fort's Russian words (the Russian rulebook's, 001_*.txt): its nouns with their case forms,
the glossary of FORT-RULES.md (дозор, вещи, рюкзак...), its suits after `x` and in scoring
(R13.1, R14), made-up rules (R14) and perks (R15). The core's Russian book
(:mod:`fortlang.phrasebook.ru`) adopts them through Fort's ``GameModule.phrasebooks``."""

from __future__ import annotations

from fortlang.games.fort import nodes as n
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.phrasebook.common import KINDS, PerkWords, perk_clause
from fortlang.phrasebook import ru as book
from fortlang.phrasebook.base import Handler, MetricWords, Say
from fortlang.phrasebook.grammar import PLURAL_CATEGORY, RuNoun

LANG = "ru"

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
    # the suits (R1.1); glue is counted as «масть клея», as the rulebook does
    "skateboard": RuNoun("скейтборд", "скейтборда", "скейтборд", "скейтбордов", "m"),
    "shovel": RuNoun("лопатка", "лопатки", "лопатку", "лопаток", "f"),
    "glue": RuNoun("масть клея", "масти клея", "масть клея", "мастей клея", "f"),
    "water_gun": RuNoun("брызгалка", "брызгалки", "брызгалку", "брызгалок", "f"),
    "crown": RuNoun("корона", "короны", "корону", "корон", "f"),
    "book": RuNoun("книжка", "книжки", "книжку", "книжек", "f"),
    "coin": RuNoun("монетка", "монетки", "монетку", "монеток", "f"),
}

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

#: A made-up rule's sentence begins so (R14).
RULE_INTRO = "в конце игры "


def count(key: str, amount: int, case: str = "nom") -> str:
    """``5 пицц``; ``case="acc"`` after a verb: «получите 1 пиццу»."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount), case)}"


def noun(key: str) -> str:
    return NOUNS[key].nom


def resource(res: Resource, amount: int | None = None, case: str = "nom") -> str:
    said = [noun(k) if amount is None else count(k, amount, case) for k in KINDS[res]]
    return " или ".join(said)


def many(res: Resource) -> str:
    """«пиццы или игрушек», the form after «столько»."""
    return " или ".join(NOUNS[k].many for k in KINDS[res])


# -- the suits after `x` (R13.1) and in scoring (R14) --------------------------------------------


def _each_suit(node: n.SuitCount) -> str:
    word = NOUNS[node.suit.value]
    return f"за {book.EACH[word.gender]} {word.acc}"


HANDLERS: dict[type, Handler] = {
    n.SuitCount: _each_suit,
}
HOW_MANY = {  # «столько X, сколько ...»
    n.SuitCount: lambda node: f"сколько у вас {NOUNS[node.suit.value].gen_pl}",
}


def metric_words(key: str, mine: str = "", theirs: str = "") -> MetricWords:
    """``mine`` says where the things are ("" = the cards you have: «имеющиеся у вас»); after
    «у вас больше ...» a place of yours is said without a second «у вас» (issue 36)."""
    word = NOUNS[key]
    here = mine.removeprefix("у вас ")
    each = (f"за {book.EACH[word.gender]} {word.acc} {mine}" if mine
            else f"за {book.EACH[word.gender]} {book.HAVING[word.gender]} у вас {word.acc}")
    value = (f"количество {word.gen_pl} {mine}" if mine
             else f"количество имеющихся у вас {word.gen_pl}")
    return MetricWords(
        each=each, value=value,
        rival=f"наибольшее количество {word.gen_pl} {theirs or 'у соперника'}",
        counted=f"{word.many} {here}".strip(), noun=key, place=here,
    )


#: The suits' metrics (R14): the others' words are in their declarations (``WordSpec.said``).
METRICS: dict[str, MetricWords] = {s.value: metric_words(s.value) for s in n.Suit}

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


def perk(p: Perk, say: Say = book.say) -> str:
    """A perk's text; ``say`` is the book's that asks (the game's words over the core's)."""
    return perk_clause(PERK_WORDS, p, say)
