"""Fort's words (issue 33 item 2, "one core, games as modules"): its primitives (R12), resources,
argument kinds, quantities after `x` (R13.1), scoring metrics (R14) and the moments a perk is
used at, declared with the core's machinery (:mod:`fortlang.registry`) as Frantic's, Fortune and
Glory's and any plugin's words are. ``FORT`` is the vocabulary Fort's game module declares; the
core reaches it through the game loader (``registry.vocabulary_of("fort")``), never when the
core is imported.

An in-tree primitive is its declaration in :data:`PRIMITIVES` plus its op: the parser, printer,
checker bounds, phrasebooks, icons, reference and completion derive from the declaration.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from importlib import import_module
from typing import Any

from fortlang import nodes as n
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.nodes import TOKENS, Resource, Suit
from fortlang.registry import (
    CARDS_A_ZONE,
    OPERATORS,
    PrimitiveSpec,
    TriggerSpec,
    Vocabulary,
    WordSpec,
)
from fortlang.svgshapes import BACKPACK, CARD, CROSS, EYE, TOWER, TROPHY, fill, framed, stroke
from fortlang.vocabulary import (
    AMOUNT,
    CORE_KINDS,
    ArgKind,
    Word,
    counted,
    kinds_by_token,
)

# -- Fort's engine: each primitive's op and each quantity's count (games/fort/ops/) ------------


def _op(family: str, name: str) -> Callable[[Any], Any]:
    """Fort's op (or count) ``name`` of ``games/fort/ops/<family>.py``, made with its node: the
    declaration's ``op`` (``count``), as any game's or plugin's. Its module is imported when a
    program is first compiled, never with the words (checking a card loads no engine)."""
    return partial(_made, f"fortlang.games.fort.ops.{family}", name)


def _made(module: str, name: str, node: Any) -> Any:
    return getattr(import_module(module), name)(node)


# -- how Fort's primitives are said, with a language's lexicon (``Phrase``: count, resource...) --


def _res(b: Any, a: Any) -> str:
    """The node's amount of its resource, as a verb's object: "2 pizzas or 2 toys", «2 пиццы»."""
    if b.LANG == "ru":
        return str(b.resource(a.resource, a.amount, "acc"))
    return str(b.resource(a.resource, a.amount))


def _advance_en(b: Any, a: fn.Advance) -> str:  # R12.7, R13.2
    if not a.modifier:
        return "advance your fort"
    more_or_less = "more" if a.modifier > 0 else "less"
    return f"advance your fort, paying {b.count('resource', abs(a.modifier))} {more_or_less}"


def _advance_fr(b: Any, a: fn.Advance) -> str:
    if not a.modifier:
        return "avancez votre Niveau de Fort"
    more_or_less = "de plus" if a.modifier > 0 else "de moins"
    return (f"avancez votre Niveau de Fort en payant "
            f"{b.count('resource', abs(a.modifier))} {more_or_less}")


def _advance_ru(b: Any, a: fn.Advance) -> str:
    if not a.modifier:
        return "повысьте уровень вашего форта"
    more_or_less = "больше" if a.modifier > 0 else "меньше"
    return (f"повысьте уровень вашего форта, заплатив на "
            f"{b.count('resource', abs(a.modifier), 'acc')} {more_or_less}")


PRIMITIVES: tuple[PrimitiveSpec, ...] = (
    PrimitiveSpec("gain", fn.Gain, "gain [N] RES", "R12.1",
                  "Take N of the resource from the supply into your stuff; pizza/toy is one kind, "
                  "chosen, never a mix.", "gain 2 pizza/toy", most_times=8,
                  frees=False, frees_rivals=False, worth=lambda a: 1.0 * a.amount,
                  moves_cards=False, reads_cards=False,
                  phrases=counted({"en": lambda b, a: f"gain {_res(b, a)}",
                                   "fr": lambda b, a: f"gagnez {_res(b, a)}",
                                   "ru": lambda b, a: f"получите {_res(b, a)}"}),
                  as_many={"fr": lambda b, a, how: f"gagnez autant {b.some(a.resource)} que {how}",
                           "ru": lambda b, a, how: f"получите столько {b.many(a.resource)}, {how}"},
                  meanings={"fr": "Prenez dans la réserve N ressources du type indiqué et "
                                  "placez-les dans vos Affaires ; avec pizza/toy, un seul type, "
                                  "au choix, jamais un mélange.",
                            "ru": "Возьмите из общего запаса N ресурсов указанного типа и "
                                  "добавьте их к своим вещам; при pizza/toy выберите один тип, "
                                  "не смешивая."},
                  op=_op("tokens", "GainOp"),
                  colour="#2b8a3e", drawing=stroke("M12 4v16M4 12h16", 3)),
    PrimitiveSpec("pack", fn.Pack, "pack", "R12.2",
                  "Move one resource from your stuff to your pack.", "pack",
                  most_times=8, most_options=4,
                  frees_rivals=False, worth=lambda a: 1.2,
                  moves_cards=False, reads_cards=False,
                  phrases={"en": "move 1 resource from your stuff to your pack",
                           "fr": "transférez 1 ressource de vos Affaires vers votre Sac à dos",
                           "ru": "положите 1 ресурс из ваших вещей в ваш рюкзак"},
                  meanings={"fr": "Transférez une ressource de vos Affaires vers votre Sac à dos.",
                            "ru": "Возьмите один ресурс из ваших вещей и положите его в ваш "
                                  "рюкзак."},
                  op=_op("tokens", "PackOp"),
                  colour="#5c940d", drawing=BACKPACK),
    PrimitiveSpec("lookout", fn.Lookout, "lookout", "R12.3",
                  "Add a card from your hand to your lookout.", "lookout",
                  most_times=6, most_options=6,
                  frees=False, frees_rivals=False, worth=lambda a: 2.0,
                  card_ways=CARDS_A_ZONE, reads_cards=False,
                  phrases={"en": "add a card from your hand to your lookout",
                           "fr": "ajoutez une carte de votre main à votre Observatoire",
                           "ru": "добавьте карту из руки в ваш дозор"},
                  meanings={"fr": "Ajoutez une carte de votre main à votre Observatoire.",
                            "ru": "Поместите карту из руки в свой дозор."},
                  op=_op("cards", "LookoutOp"),
                  colour="#1864ab", drawing=EYE),
    PrimitiveSpec("destroy_card", fn.DestroyCard, "destroy card", "R12.4",
                  "Box a card from your hand or discard pile (not the played or an added card).",
                  "destroy card", most_options=2,
                  frees=False, frees_rivals=False, worth=lambda a: 0.6,
                  card_ways=CARDS_A_ZONE, reads_cards=False,
                  phrases={"en": "destroy a card from your hand or discard pile",
                           "fr": "détruisez une carte de votre main ou de votre défausse",
                           "ru": "уберите в коробку карту из руки или сброса"},
                  meanings={"fr": "Remettez dans la boîte une carte de votre main ou de votre "
                                  "défausse (ni la carte jouée, ni une carte supplémentaire).",
                            "ru": "Верните в коробку карту из вашей руки или сброса (но не "
                                  "сыгранную и не добавленную карту)."},
                  op=_op("cards", "DestroyCardOp"),
                  colour="#c92a2a", drawing=CARD + CROSS),
    PrimitiveSpec("destroy_this", fn.DestroyThis, "destroy this", "R12.5",
                  "Box this card once this action and the followers are done.",
                  "score x book then destroy this", repeatable=False,
                  frees=False, frees_rivals=False, worth=lambda a: -1.0,
                  moves_cards=False, reads_cards=False,
                  phrases={"en": "destroy this card", "fr": "détruisez cette carte",
                           "ru": "уберите эту карту в коробку"},
                  meanings={"fr": "Une fois cette action et celles des suiveurs terminées, "
                                  "remettez cette carte dans la boîte.",
                            "ru": "Когда это действие и действия последователей закончены, "
                                  "верните эту карту в коробку."},
                  op=_op("cards", "DestroyThisOp"),
                  colour="#c92a2a", drawing=fill("M7 3h10v18H7z") + CROSS.replace("$c", "#ffffff")),
    PrimitiveSpec("recruit", fn.Recruit, "recruit", "R12.6",
                  "Recruit a card onto your discard pile, as in the recruit phase.", "recruit",
                  most_options=6,
                  frees=False, frees_rivals=False, worth=lambda a: 1.5,
                  card_ways=CARDS_A_ZONE, reads_cards=False,
                  phrases={"en": "recruit a card", "fr": "recrutez une carte",
                           "ru": "призовите карту"},  # as in the recruit phase («Призыв»)
                  meanings={"fr": "Recrutez une carte sur votre défausse, comme lors de la phase "
                                  "Recruter.",
                            "ru": "Возьмите карту в вашу колоду сброса, как в фазе призыва."},
                  op=_op("cards", "RecruitOp"),
                  colour="#1971c2", drawing=('<circle cx="9" cy="7" r="3.5" fill="$c"/>'
                                              + fill("M2 21a7 7 0 0 1 14 0z")
                                              + stroke("M19 8v6M16 11h6", 2))),
    PrimitiveSpec("advance", fn.Advance, "advance [-1|+1]", "R12.7, R13.2",
                  "Pay the cost to your next fort level from stuff and/or pack and go up one "
                  "level; -1 or +1 changes the cost by one resource of any type.",
                  "advance -1 then score 2", most_times=5, most_options=12,
                  frees_rivals=False, worth=lambda a: 6.0 - 1.0 * a.modifier,
                  moves_cards=False, reads_cards=False,
                  phrases=counted({"en": _advance_en, "fr": _advance_fr, "ru": _advance_ru}),
                  meanings={"fr": "Payez le coût du Niveau de Fort suivant avec vos Affaires "
                                  "et/ou votre Sac à dos, puis montez d'un niveau ; -1 ou +1 "
                                  "change ce coût d'une ressource de n'importe quel type.",
                            "ru": "Заплатите стоимость следующего уровня форта ресурсами из вещей "
                                  "и/или рюкзака и поднимитесь на один уровень; -1 или +1 меняет "
                                  "стоимость на один ресурс любого типа."},
                  op=_op("track", "AdvanceOp"),
                  colour="#5f3dc4", drawing=TOWER + stroke("M12 18v-7M9 13l3-3 3 3", 1.8)),
    PrimitiveSpec("score", fn.Score, "score [N]", "R12.8",
                  "Move N spaces up the victory track.", "score x level",
                  frees=False, frees_rivals=False, worth=lambda a: 1.6 * a.amount,
                  moves_cards=False, reads_cards=False,
                  phrases=counted({"en": lambda b, a: f"score {b.count('point', a.amount)}",
                                   "fr": lambda b, a: f"marquez {b.count('point', a.amount)}",
                                   "ru": lambda b, a: f"получите {b.count('point', a.amount)}"}),
                  as_many={"fr": lambda b, a, how: "marquez autant de points de victoire que "
                                                   f"{how}",
                           "ru": lambda b, a, how: f"получите столько ПО, {how}"},
                  meanings={"fr": "Avancez votre marqueur de N cases sur la Piste de Victoire.",
                            "ru": "Передвиньте ваш жетон на победной дорожке на N делений."},
                  op=_op("track", "ScoreOp"),
                  colour="#e67700", drawing=TROPHY),
    PrimitiveSpec("spend", fn.Spend, "spend [N] RES", "R12.9",
                  "Return N of the resource from your stuff or pack to the supply.",
                  "spend pizza then score 2", most_options=5,
                  frees_rivals=False, worth=lambda a: -0.8 * a.amount,
                  moves_cards=False, reads_cards=False,
                  phrases=counted({"en": lambda b, a: f"spend {_res(b, a)}",
                                   "fr": lambda b, a: f"dépensez {_res(b, a)}",
                                   "ru": lambda b, a: f"потратьте {_res(b, a)}"}),
                  as_many={"fr": lambda b, a, how: f"dépensez autant {b.some(a.resource)} "
                                                   f"que {how}",
                           "ru": lambda b, a, how: f"потратьте столько {b.many(a.resource)}, "
                                                   f"{how}"},
                  meanings={"fr": "Remettez dans la réserve N ressources du type indiqué, prises "
                                  "dans vos Affaires ou votre Sac à dos.",
                            "ru": "Верните N ресурсов указанного типа из ваших вещей или рюкзака "
                                  "в общий запас."},
                  op=_op("tokens", "SpendOp"),
                  colour="#868e96", drawing=stroke("M4 12h16", 3)),
    PrimitiveSpec("destroy_rival", fn.DestroyRival, "destroy rival", "R12.10",
                  "Box a card from a rival's yard.", "destroy rival then gain resource",
                  most_options=3,
                  frees=False, frees_rivals=False, worth=lambda a: 0.4,
                  card_ways=CARDS_A_ZONE, reads_cards=False,
                  phrases={"en": "destroy a card from a rival's yard",
                           "fr": "détruisez une carte du Jardin d'un adversaire",
                           "ru": "уберите в коробку карту со двора соперника"},
                  meanings={"fr": "Remettez dans la boîte une carte du Jardin d'un adversaire.",
                            "ru": "Верните в коробку одну карту со двора соперника."},
                  op=_op("cards", "DestroyRivalOp"),
                  colour="#a61e4d",
                  drawing=CARD + CROSS + '<circle cx="19" cy="4" r="3" fill="$c"/>'),
    PrimitiveSpec("copy_pack", fn.CopyPack, "copy pack", "R12.11",
                  "Gain the same resources as are in your pack, into your stuff.", "copy pack",
                  frees=False, frees_rivals=False, worth=lambda a: 1.5,
                  moves_cards=False, reads_cards=False,
                  phrases={"en": "gain the same resources as are in your pack",
                           "fr": "prenez les mêmes ressources que celles de votre Sac à dos",
                           "ru": "получите такие же ресурсы, какие лежат у вас в рюкзаке"},
                  meanings={"fr": "Prenez les mêmes ressources que celles de votre Sac à dos et "
                                  "ajoutez-les à vos Affaires.",
                            "ru": "Получите и добавьте к вашим вещам такие же ресурсы, какие "
                                  "лежат в вашем рюкзаке."},
                  op=_op("tokens", "CopyPackOp"),
                  colour="#2f9e44", drawing=BACKPACK + stroke("M2 4h4M4 2v4", 1.6)),
    PrimitiveSpec("copy_rival_pack", fn.CopyRivalPack, "copy rival pack", "R12.12",
                  "Gain the same resources as are in a rival's pack (nothing is taken from them).",
                  "copy rival pack", most_options=3,
                  frees=False, frees_rivals=False, worth=lambda a: 1.5,
                  moves_cards=False, reads_cards=False,
                  phrases={"en": "gain the same resources as are in a rival's pack",
                           "fr": "prenez les mêmes ressources que celles du Sac à dos d'un "
                                 "adversaire",
                           "ru": "получите такие же ресурсы, какие лежат в рюкзаке соперника"},
                  meanings={"fr": "Prenez les mêmes ressources que celles du Sac à dos d'un "
                                  "adversaire (vous ne les lui volez pas).",
                            "ru": "Получите такие же ресурсы, какие лежат в рюкзаке соперника (вы "
                                  "их у него не забираете)."},
                  op=_op("tokens", "CopyRivalPackOp"),
                  colour="#a61e4d",
                  drawing=BACKPACK + '<circle cx="21" cy="4" r="2.5" fill="$c"/>'),
    PrimitiveSpec("convert", fn.Convert, "convert", "R12.13",
                  "Replace a pizza with a toy, or a toy with a pizza, in your stuff or pack.",
                  "convert x glue", most_options=4,
                  frees_rivals=False, worth=lambda a: 0.3,
                  moves_cards=False, reads_cards=False,
                  phrases={"en": "swap a pizza for a toy or a toy for a pizza",
                           "fr": "remplacez une pizza par un jouet ou un jouet par une pizza",
                           "ru": "замените пиццу на игрушку или игрушку на пиццу"},
                  meanings={"fr": "Remplacez une pizza par un jouet, ou un jouet par une pizza, "
                                  "dans vos Affaires ou votre Sac à dos.",
                            "ru": "Замените пиццу на игрушку или игрушку на пиццу в ваших вещах "
                                  "или рюкзаке."},
                  op=_op("tokens", "ConvertOp"),
                  colour="#0b7285", drawing=stroke("M4 9h14l-4-4M20 15H6l4 4", 2.2)),
    # -- the core's primitives for expansions: every set may use them, the base set does not --
    PrimitiveSpec("draw", fn.Draw, "draw [N]", "designers' extension",
                  "Draw N cards from your deck into your hand; an empty deck is not refilled "
                  "from the discard pile (that happens only in the draw phase, R9.1).",
                  "draw 2", most_times=10,
                  frees=False, frees_rivals=False, worth=lambda a: 0.9 * a.amount, base=False,
                  reads_cards=False,
                  phrases=counted({"en": lambda b, a: f"draw {b.count('card', a.amount)}",
                                   "fr": lambda b, a: f"piochez {b.count('card', a.amount)}",
                                   "ru": lambda b, a: "возьмите из колоды "
                                                   f"{b.count('card', a.amount, 'acc')}"}),
                  meanings={"fr": "Piochez N cartes de votre pioche dans votre main ; une pioche "
                                  "vide n'est pas reconstituée avec la défausse (seule la phase "
                                  "de pioche le fait, R9.1).",
                            "ru": "Возьмите N карт из своей колоды в руку; пустая колода не "
                                  "пополняется из сброса (это бывает только в фазе добора, R9.1)."},
                  op=_op("cards", "DrawOp"),
                  colour="#1971c2", drawing=CARD + stroke("M12 8v8M9 13l3 3 3-3", 1.8)),
    PrimitiveSpec("lose", fn.Lose, "lose [N]", "designers' extension",
                  "Move N spaces down the victory track (never below 0).",
                  "each rival -> lose", base=False,
                  frees=False, frees_rivals=False, worth=lambda a: -1.6 * a.amount,
                  moves_cards=False, reads_cards=False,
                  phrases=counted({"en": lambda b, a: f"lose {b.count('point', a.amount)}",
                                   "fr": lambda b, a: f"perdez {b.count('point', a.amount)}",
                                   "ru": lambda b, a: f"потеряйте {b.count('point', a.amount)}"}),
                  meanings={"fr": "Reculez de N cases sur la Piste de Victoire (jamais sous 0).",
                            "ru": "Передвиньтесь на N делений назад по треку победы (не ниже 0)."},
                  op=_op("track", "LoseOp"),
                  colour="#e67700",
                  drawing=(stroke("M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z",
                                  1.6) + stroke("M8 12h8", 2.4))),
    PrimitiveSpec("take", fn.Take, "take [N] RES", "designers' extension",
                  "Take N of the resource from one rival's stuff (your choice of rival) into "
                  "yours; pizza/toy is one kind, chosen, never a mix.",
                  "take toy", most_options=6, most_times=8, base=False,
                  frees=False, worth=lambda a: 1.4 * a.amount,
                  moves_cards=False, reads_cards=False,
                  phrases=counted({"en": lambda b, a: f"take {_res(b, a)} from a rival's stuff",
                                   "fr": lambda b, a: f"prenez {_res(b, a)} dans les "
                                                   "Affaires d'un adversaire",
                                   "ru": lambda b, a: f"заберите {_res(b, a)} из "
                                                   "вещей соперника"}),
                  meanings={"fr": "Prenez N ressources du type indiqué dans les Affaires d'un "
                                  "adversaire de votre choix et placez-les dans vos Affaires ; "
                                  "avec pizza/toy, un seul type, au choix.",
                            "ru": "Заберите N ресурсов указанного типа из вещей выбранного вами "
                                  "соперника в свои вещи; с pizza/toy — один тип на выбор."},
                  op=_op("tokens", "TakeOp"),
                  colour="#a61e4d", drawing=(stroke("M21 12H5M10 7l-5 5 5 5", 2.4)
                           + '<circle cx="21" cy="5" r="2.5" fill="$c"/>')),
    PrimitiveSpec("give", fn.Give, "give [N] RES", "designers' extension",
                  "Give N of the resource from your stuff to one rival (your choice) into their "
                  "stuff; pizza/toy is one kind, chosen, never a mix.",
                  "give pizza then score 2", most_options=6, most_times=8, base=False,
                  frees_rivals=False, worth=lambda a: -0.6 * a.amount,
                  moves_cards=False, reads_cards=False,
                  phrases=counted({"en": lambda b, a: f"give {_res(b, a)} from your stuff to a "
                                                   "rival",
                                   "fr": lambda b, a: f"donnez {_res(b, a)} de vos "
                                                   "Affaires à un adversaire",
                                   "ru": lambda b, a: f"отдайте {_res(b, a)} из "
                                                   "ваших вещей сопернику"}),
                  meanings={"fr": "Donnez N ressources du type indiqué de vos Affaires aux "
                                  "Affaires d'un adversaire de votre choix ; avec pizza/toy, un "
                                  "seul type, au choix.",
                            "ru": "Отдайте N ресурсов указанного типа из своих вещей в вещи "
                                  "выбранного вами соперника; с pizza/toy — один тип на выбор."},
                  op=_op("tokens", "GiveOp"),
                  colour="#2b8a3e", drawing=(stroke("M3 12h16M14 7l5 5-5 5", 2.4)
                           + '<circle cx="21" cy="5" r="2.5" fill="$c"/>')),
)  # fmt: skip

PRIMITIVE_BY_NAME: dict[str, PrimitiveSpec] = {p.name: p for p in PRIMITIVES}
PRIMITIVE_BY_NODE: dict[type, PrimitiveSpec] = {p.node: p for p in PRIMITIVES}


RESOURCES: tuple[WordSpec, ...] = (
    WordSpec("pizza", "R12.1", "a pizza token", lambda: Resource.PIZZA,
             meanings={"fr": "un jeton pizza",
                       "ru": "жетон пиццы"},
             colour="#f08c00",
             drawing=(fill("M12 22L3 5q9-4 18 0z")
                      + '<circle cx="10" cy="9" r="1.6" fill="#c92a2a"/>'
                      '<circle cx="14" cy="12" r="1.6" fill="#c92a2a"/>')),
    WordSpec("toy", "R12.1", "a toy token", lambda: Resource.TOY,
             meanings={"fr": "un jeton jouet",
                       "ru": "жетон игрушки"},
             colour="#e64980",
             drawing=('<circle cx="12" cy="12" r="9" fill="$c"/>'
                      + stroke("M3 12q9 5 18 0", 1.6).replace("$c", "#ffffff")
                      + '<circle cx="12" cy="7" r="2" fill="#ffffff"/>')),
    WordSpec("pizza/toy", "R12.1", "pizzas or toys: one kind, chosen", lambda: Resource.EITHER,
             named=len(TOKENS),
             meanings={"fr": "des pizzas ou des jouets : un seul type, au choix",
                       "ru": "пицца или игрушки: один тип на выбор"},
             icon_name="pizza_or_toy",
             # a slice and a ball, each in its own colour, apart on either side of a slash
             drawing=('<path d="M1.5 2.5q5.5-2 11 0L7 13z" fill="#f08c00"/>'
                      '<circle cx="5.5" cy="5" r="1.1" fill="#c92a2a"/>'
                      '<circle cx="8.3" cy="6.8" r="1.1" fill="#c92a2a"/>'
                      + stroke("M15 3L9 21", 1.8)
                      + '<circle cx="17.5" cy="16.5" r="5.5" fill="#e64980"/>'
                      + stroke("M12 16.5q5.5 3 11 0", 1.3).replace("$c", "#ffffff"))),
    WordSpec("resource", "R12.1", "the same as pizza/toy", lambda: Resource.EITHER,
             named=len(TOKENS),
             meanings={"fr": "comme pizza/toy",
                       "ru": "то же, что pizza/toy"}),
)
RESOURCE_BY_WORD: dict[str, WordSpec] = {w.word: w for w in RESOURCES}

# -- Fort's argument kinds (the core's AMOUNT beside them) ---------------------------------------

#: A resource: `gain 2 pizza/toy` (R12.1). Its words are :data:`RESOURCES`.
RES = ArgKind("RES", "resource", "RESOURCE", name="resource",
              words=tuple(Word(w.word, w.build(), {"en": w.meaning}) for w in RESOURCES))
#: R13.2: a cost modifier is one resource more or less (`advance -1`, `advance +1`).
MODIFIERS = (-1, 1)
#: A cost modifier: `advance -1` (R13.2), judged by Fort's checks (games/fort/checks.py).
MODIFIER = ArgKind("-1|+1", "modifier", "MODIFIER", pattern=r"[+-][0-9]+", parse=int,
                   lo=MODIFIERS[0], hi=MODIFIERS[-1], default=0, name="cost modifier",
                   show=lambda v: f"{v:+d}", rule="R13.2",
                   checked_later=True)
FORT_KINDS: tuple[ArgKind, ...] = (*CORE_KINDS, RES, MODIFIER)
FORT_KIND_BY_TOKEN: dict[str, ArgKind] = kinds_by_token(FORT_KINDS, "fort")

#: The arguments Fort's primitives' syntax holds: part -> (grammar symbol, node field).
SYNTAX_ARGUMENTS: dict[str, tuple[str, str]] = {
    part: (kind.terminal + ("?" if optional else ""), kind.field)
    for part, kind, optional in (("[N]", AMOUNT, True), ("N", AMOUNT, False), ("RES", RES, False),
                                 ("[-1|+1]", MODIFIER, True))
}
#: The spelling the printer uses for each resource.
RESOURCE_WORD: dict[Resource, str] = {Resource.PIZZA: "pizza", Resource.TOY: "toy",
                                      Resource.EITHER: "pizza/toy"}

SUIT_BOUND = 12

#: The performer's own zones and tokens, counted after `x` (core C5) and, where the scoring
#: metrics lack them, in comparisons (`if hand >= 3 -> ...`): (word, meaning, the checker's
#: bound, the greedy bot's typical count, how to count it from a player); their meanings in
#: French and Russian as quantities (after `x`) and as metrics are in :data:`_TALLY_MEANINGS`.
_TALLIES: tuple[tuple[str, str, int, float, Callable[[Any], int]], ...] = (
    ("hand", "each card in your hand", 10, 3.0, lambda p: len(p.hand)),
    ("yard", "each card in your yard", 12, 3.0, lambda p: len(p.yard)),
    ("discard", "each card in your discard pile", 20, 4.0, lambda p: len(p.discard)),
    ("deck", "each card in your deck", 20, 4.0, lambda p: len(p.deck)),
    ("pizza", "each pizza in your stuff and pack", 12, 2.0,
     lambda p: p.stuff[Resource.PIZZA] + p.pack[Resource.PIZZA]),
    ("toy", "each toy in your stuff and pack", 12, 2.0,
     lambda p: p.stuff[Resource.TOY] + p.pack[Resource.TOY]),
    ("vp", "each space of yours on the victory track", 30, 8.0, lambda p: p.vp),
)
#: A tally's meanings in French and Russian: as a quantity after `x`, then as a metric (R14).
_TALLY_MEANINGS: dict[str, tuple[Mapping[str, str], Mapping[str, str]]] = {
    "hand": ({"fr": "chaque carte de votre main", "ru": "каждая карта у вас в руке"},
             {"fr": "les cartes de votre main", "ru": "карты у вас в руке"}),
    "yard": ({"fr": "chaque carte de votre Jardin", "ru": "каждая карта в вашем дворе"},
             {"fr": "les cartes de votre Jardin", "ru": "карты в вашем дворе"}),
    "discard": ({"fr": "chaque carte de votre défausse", "ru": "каждая карта в вашем сбросе"},
             {"fr": "les cartes de votre défausse", "ru": "карты в вашем сбросе"}),
    "deck": ({"fr": "chaque carte de votre pioche", "ru": "каждая карта в вашей колоде"},
             {"fr": "les cartes de votre pioche", "ru": "карты в вашей колоде"}),
    "pizza": ({"fr": "chaque pizza de vos Affaires et de votre Sac à dos",
               "ru": "каждая пицца в ваших вещах и рюкзаке"},
             {}),
    "toy": ({"fr": "chaque jouet de vos Affaires et de votre Sac à dos",
             "ru": "каждая игрушка в ваших вещах и рюкзаке"},
             {}),
    "vp": ({"fr": "chaque case de votre marqueur sur la Piste de Victoire",
            "ru": "каждое деление вашего счёта на треке победы"},
             {"fr": "vos points de victoire sur la Piste de Victoire",
             "ru": "ваши победные очки на треке победы"}),
}  # fmt: skip
#: A tally's icon: (file name, colour, drawing), framed as a count like the other quantities.
_TALLY_ICONS: dict[str, tuple[str, str, str]] = {
    "hand": ("hand_size", "#1971c2", framed(stroke("M4 6h9v14H4z", 1.6)
                                             + stroke("M9 4h9v14", 1.6)
                                             + stroke("M14 2h6v14", 1.6))),
    "yard": ("yard_size", "#2b8a3e",
             framed(stroke("M3 20h18M5 20v-8M9 20v-8M13 20v-8M17 20v-8M3 14h18", 1.8))),
    "discard": ("discard_size", "#868e96", framed(stroke("M5 8h10v13H5z", 1.6)
                                                   + stroke("M9 5h10v13", 1.6))),
    "deck": ("deck_size", "#343a40", framed(fill("M6 6h11v15H6z") + stroke("M9 3h10v15", 1.6))),
    "pizza": ("pizza_count", "#f08c00", framed(fill("M12 22L3 5q9-4 18 0z"))),
    "toy": ("toy_count", "#e64980", framed('<circle cx="12" cy="12" r="9" fill="$c"/>')),
    "vp": ("vp_count", "#e67700", framed(TROPHY)),  # score's trophy, not the friends' star
}
def _metric_words(key: str, mine: str, theirs: str, lexicon: Any) -> Any:
    return lexicon.metric_words(key, mine, theirs)


def _metric(key: str, en: tuple[str, str] = ("", ""), fr: tuple[str, str] = ("", ""),
            ru: tuple[str, str] = ("", "")) -> dict[str, Callable[[Any], Any]]:
    """A metric that counts things (lexicon key ``key``), in each language: where yours are and
    where a rival's are ("" and "": every card you have)."""
    places = {"en": en, "fr": fr, "ru": ru}
    return {lang: partial(_metric_words, key, *where) for lang, where in places.items()}


#: A tally's words as a metric (R14), in each language.
_TALLY_SAID: dict[str, dict[str, Callable[[Any], Any]]] = {
    "hand": _metric("card",
                     en=("in your hand", "in a rival's hand"),
                     fr=("dans votre main", "dans la main d'un adversaire"),
                     ru=("у вас в руке", "в руке соперника")),
    "yard": _metric("card",
                     en=("in your yard", "in a rival's yard"),
                     fr=("dans votre Jardin", "dans le Jardin d'un adversaire"),
                     ru=("в вашем дворе", "во дворе соперника")),
    "discard": _metric("card",
                        en=("in your discard pile", "in a rival's discard pile"),
                        fr=("dans votre défausse", "dans la défausse d'un adversaire"),
                        ru=("в вашем сбросе", "в сбросе соперника")),
    "deck": _metric("card",
                     en=("in your deck", "in a rival's deck"),
                     fr=("dans votre pioche", "dans la pioche d'un adversaire"),
                     ru=("в вашей колоде", "в колоде соперника")),
    "vp": _metric("victory_point",
                   en=("on the track", "on the track by a rival"),
                   fr=("sur la Piste de Victoire", "d'un adversaire sur la Piste de Victoire"),
                   ru=("на треке победы", "у соперника на треке победы")),
}

#: A tally's clause after an action, in each language (R13.1's "for each").
_TALLY_PHRASES: dict[str, Mapping[str, str]] = {
    "hand": {"en": "for each card in your hand",
             "fr": "pour chaque carte dans votre main",
             "ru": "за каждую карту у вас в руке"},
    "yard": {"en": "for each card in your yard",
             "fr": "pour chaque carte dans votre Jardin",
             "ru": "за каждую карту в вашем дворе"},
    "discard": {"en": "for each card in your discard pile",
                "fr": "pour chaque carte dans votre défausse",
                "ru": "за каждую карту в вашем сбросе"},
    "deck": {"en": "for each card in your deck",
             "fr": "pour chaque carte dans votre pioche",
             "ru": "за каждую карту в вашей колоде"},
    "pizza": {"en": "for each pizza on your board",
              "fr": "pour chaque pizza sur votre plateau joueur",
              "ru": "за каждую пиццу на вашем планшете"},
    "toy": {"en": "for each toy on your board",
            "fr": "pour chaque jouet sur votre plateau joueur",
            "ru": "за каждую игрушку на вашем планшете"},
    "vp": {"en": "for each victory point you have",
           "fr": "pour chaque point de victoire que vous avez",
           "ru": "за каждое ваше победное очко"},
}  # fmt: skip
_SUIT_MEANING = "each {} on the played card, the added cards and your lookout (R5.3)"

QUANTITIES: tuple[WordSpec, ...] = (
    *(
        WordSpec(s.value, "R13.1, R5.3", _SUIT_MEANING.format(s.value.replace("_", " ")),
                 partial(fn.SuitCount, s), bound=SUIT_BOUND, typical=1.6, reads_cards=False,
                 count=_op("counts", "SuitCountOp"),  # the cards played, added, in the lookout
                 family="suit")
        for s in Suit
    ),
    WordSpec("any", "R5.7", "a suit you choose, coin included", fn.AnySuit, bound=SUIT_BOUND,
             count=_op("counts", "AnySuitOp"), named=len(Suit), named_word="suits",
             typical=1.8, reads_cards=False,
             phrases={"en": "for each icon of one suit of your choice",
                      "fr": "pour chaque symbole d'une famille de votre choix",
                      "ru": "за каждый символ выбранной вами масти"},
             how_many={"fr": "de symboles d'une famille de votre choix",
                       "ru": "сколько у вас символов выбранной вами масти"},
             meanings={"fr": "une famille de votre choix, pièce comprise",
                       "ru": "одна масть на ваш выбор, включая монетку"},
             drawing=('<circle cx="12" cy="12" r="10" fill="none" stroke="$c" stroke-width="2"/>'
                      + stroke("M9 9a3 3 0 1 1 3 3v2", 2.2)
                      + '<circle cx="12" cy="18" r="1.4" fill="$c"/>')),
    WordSpec("pack", "R13.1", "each resource in your pack, any type", fn.PackSize, bound=8,
             count=_op("counts", "PackSizeOp"),
             reads_cards=False,
             phrases={"en": "for each resource in your pack",
                      "fr": "pour chaque ressource dans votre Sac à dos",
                      "ru": "за каждый ресурс в вашем рюкзаке"},
             how_many={"fr": "de ressources dans votre Sac à dos",
                       "ru": "сколько ресурсов у вас в рюкзаке"},
             meanings={"fr": "chaque ressource de votre Sac à dos, quel que soit son type",
                       "ru": "каждый ресурс в вашем рюкзаке, любого типа"},
             icon_name="pack_size", colour="#5c940d", drawing=framed(BACKPACK)),
    WordSpec("level", "R13.1", "your fort level", fn.FortLevel, bound=5, reads_cards=False,
             count=_op("counts", "FortLevelOp"),
             phrases={"en": "for each level of your fort",
                      "fr": "pour chaque Niveau de votre Fort",
                      "ru": "за каждый уровень вашего форта"},
             how_many={"fr": "votre Niveau de Fort"},
             meanings={"fr": "votre Niveau de Fort",
                       "ru": "уровень вашего форта"},
             colour="#5f3dc4", drawing=framed(TOWER)),
    WordSpec("lookout", "R13.1", "each card in your lookout", fn.LookoutSize, bound=6,
             count=_op("counts", "LookoutSizeOp"),
             reads_cards=False,
             phrases={"en": "for each card in your lookout",
                      "fr": "pour chaque carte dans votre Observatoire",
                      "ru": "за каждую карту в вашем дозоре"},
             how_many={"fr": "de cartes dans votre Observatoire",
                       "ru": "сколько карт у вас в дозоре"},
             meanings={"fr": "chaque carte de votre Observatoire",
                       "ru": "каждая карта в вашем дозоре"},
             icon_name="lookout_size", colour="#1864ab", drawing=framed(EYE)),
    # -- the core's quantities for expansions: the performer's zones and tokens, counted when the
    # repetition starts (a repetition that changes them does not change how many there are) --
    *(
        WordSpec(word, "designers' extension", meaning, partial(n.Tally, word),
                 bound=bound, typical=typical, measure=measure, base=False, reads_cards=False,
                 meanings=_TALLY_MEANINGS[word][0], phrases=_TALLY_PHRASES[word],
                 icon_name=_TALLY_ICONS[word][0], colour=_TALLY_ICONS[word][1],
                 drawing=_TALLY_ICONS[word][2])
        for word, meaning, bound, typical, measure in _TALLIES
    ),
)  # fmt: skip
QUANTITY_BY_WORD: dict[str, WordSpec] = {w.word: w for w in QUANTITIES}


# -- when a perk written in the language is used (issue 18.3) -------------------------------------


TRIGGERS: tuple[TriggerSpec, ...] = (
    TriggerSpec("turn_start", "R3, R4", "At the start of your turn, after the clean-up (R4).",
                {"en": "at the start of your turn", "fr": "au début de votre tour",
                 "ru": "в начале вашего хода"}),
    TriggerSpec("instead_of_play", "R5.1, R15 DIY",
                "On your turn, instead of playing a card (as DIY's advance, R15).",
                {"en": "on your turn, instead of playing a card",
                 "fr": "pendant votre tour, au lieu de jouer une carte",
                 "ru": "в свой ход вместо розыгрыша карты"}, replaces_play=True),
    TriggerSpec("after_play", "R6, R15 Do-Over",
                "On your turn, once your card has been played and followed (as Do-Over, R15).",
                {"en": "on your turn, once your card has been played and followed",
                 "fr": "pendant votre tour, une fois votre carte jouée et suivie",
                 "ru": "в свой ход, когда ваша карта разыграна и за ней последовали"}),
    TriggerSpec("after_recruit", "R7, R15 Birthday Party",
                "At the end of your recruit phase (as Birthday Party, R15).",
                {"en": "at the end of your recruit phase",
                 "fr": "à la fin de votre phase de recrutement",
                 "ru": "в конце вашей фазы призыва"}),
    TriggerSpec("turn_end", "R9", "At the end of your turn, after drawing (R9).",
                {"en": "at the end of your turn", "fr": "à la fin de votre tour",
                 "ru": "в конце вашего хода"}),
)  # fmt: skip
TRIGGER_BY_NAME: dict[str, TriggerSpec] = {t.name: t for t in TRIGGERS}

# -- the scoring sub-language (R14) --------------------------------------------------------------

METRICS: tuple[WordSpec, ...] = (
    WordSpec("cards", "R14", "cards you have (deck, discard, hand, yard and lookout)", n.Metric,
             reads_cards=False,
             meanings={"fr": "les cartes que vous possédez (pioche, défausse, main, Jardin et "
                             "Observatoire)",
                       "ru": "имеющиеся у вас карты (колода, сброс, рука, двор и дозор)"},
             said=_metric("card")),
    WordSpec("suits", "R14", "different suits on cards you have, coin excluded", n.Metric,
             meanings={"fr": "les familles différentes de vos cartes, pièce exclue",
                       "ru": "разные масти на имеющихся у вас картах, кроме монетки"},
             said=_metric("different_suit")),
    WordSpec("best_friends", "R14", "best friends among the cards you have", n.Metric,
             meanings={"fr": "les Meilleurs Copains parmi vos cartes",
                       "ru": "лучшие друзья среди имеющихся у вас карт"},
             said=_metric("best_friend")),
    WordSpec("advances", "R14", "advance-fort actions printed on the cards you have", n.Metric,
             meanings={"fr": "les actions Avancer son Fort imprimées sur vos cartes",
                       "ru": "действия «улучшение форта» на имеющихся у вас картах"},
             said=_metric("advance_action",
                          en=("on your cards", "on a rival's cards"),
                          fr=("sur vos cartes", "sur les cartes d'un adversaire"),
                          ru=("на ваших картах", "на картах соперника"))),
    WordSpec("pizza", "R14", "pizza on your board (stuff and pack)", n.Metric, reads_cards=False,
             meanings={"fr": "les pizzas sur votre plateau joueur (Affaires et Sac à dos)",
                       "ru": "пицца на вашем планшете (в вещах и рюкзаке)"},
             said=_metric("pizza",
                          en=("on your board", "on a rival's board"),
                          fr=("sur votre plateau joueur", "sur le plateau d'un adversaire"),
                          ru=("на вашем планшете", "на планшете соперника"))),
    WordSpec("toy", "R14", "toys on your board (stuff and pack)", n.Metric, reads_cards=False,
             meanings={"fr": "les jouets sur votre plateau joueur (Affaires et Sac à dos)",
                       "ru": "игрушки на вашем планшете (в вещах и рюкзаке)"},
             said=_metric("toy",
                          en=("on your board", "on a rival's board"),
                          fr=("sur votre plateau joueur", "sur le plateau d'un adversaire"),
                          ru=("на вашем планшете", "на планшете соперника"))),
    WordSpec("level", "R14", "your fort level", n.Metric, reads_cards=False,
             meanings={"fr": "votre Niveau de Fort",
                       "ru": "уровень вашего форта"},
             said={"en": lambda b: b.MetricWords(
                       each="for each level of your fort",
                       value="your fort level",
                       rival="the highest fort level among your rivals"),
                   "fr": lambda b: b.MetricWords(
                       each="par Niveau de votre Fort",
                       value="votre Niveau de Fort",
                       rival="le plus haut Niveau de Fort parmi vos adversaires"),
                   "ru": lambda b: b.MetricWords(
                       each="за каждый уровень вашего форта",
                       value="уровень вашего форта",
                       rival="наибольший уровень форта среди соперников")}),
    WordSpec("lookout", "R14", "cards in your lookout", n.Metric, reads_cards=False,
             meanings={"fr": "les cartes de votre Observatoire",
                       "ru": "карты в вашем дозоре"},
             said=_metric("card",
                          en=("in your lookout", "in a rival's lookout"),
                          fr=("dans votre Observatoire", "dans l'Observatoire d'un adversaire"),
                          ru=("в вашем дозоре", "в дозоре соперника"))),
    WordSpec("pack", "R14", "resources in your pack", n.Metric, reads_cards=False,
             meanings={"fr": "les ressources de votre Sac à dos",
                       "ru": "ресурсы в вашем рюкзаке"},
             said=_metric("resource",
                          en=("in your pack", "in a rival's pack"),
                          fr=("dans votre Sac à dos", "dans le Sac à dos d'un adversaire"),
                          ru=("в вашем рюкзаке", "в рюкзаке соперника"))),
    *(
        WordSpec(s.value, "R14",
                 f"{s.value.replace('_', ' ')} icons on cards you have"
                 + ("" if s is Suit.COIN else ", coins not counted"), n.Metric,
                 # the other suits' are a template over the suit's name (docs/meanings.py)
                 meanings={"fr": "les symboles pièce de vos cartes",
                           "ru": "символы монетки на имеющихся у вас картах"}
                 if s is Suit.COIN else {})
        for s in Suit
    ),
    *(
        WordSpec(word, "designers' extension", meaning, n.Metric, measure=measure, base=False,
                 reads_cards=False, meanings=_TALLY_MEANINGS[word][1], said=_TALLY_SAID[word])
        for word, meaning, measure in (
            (t[0], m, t[4]) for t, m in zip(_TALLIES, (
                "cards in your hand", "cards in your yard", "cards in your discard pile",
                "cards in your deck", "", "", "your victory points on the track"), strict=True)
            if m)
    ),
)  # fmt: skip
METRIC_BY_WORD: dict[str, WordSpec] = {w.word: w for w in METRICS}

FORT = Vocabulary("fort", PRIMITIVES, RESOURCES, QUANTITIES, OPERATORS, METRICS, FORT_KINDS,
                  triggers=TRIGGERS)
