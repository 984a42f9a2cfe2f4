"""What each word of the registry means, in the language of the page that explains it.

English is the registry's own ``meaning`` (:mod:`fortlang.registry`), never copied here; French
and Russian follow it in the rulebooks' terms (FORT-RULES.md glossary), keyed like the registry.
A test checks that every registry entry has both, so a new primitive, quantity, operator or
metric cannot reach the French or Russian reference without being explained there.

>>> meaning("primitive", "lookout", "fr")
'Ajoutez une carte de votre main à votre Observatoire.'
>>> meaning("quantity", "shovel", "ru")
'каждый символ масти «лопатка» на сыгранной карте, добавленных картах и в вашем дозоре (R5.3)'
"""

from __future__ import annotations

from fortlang import registry as reg
from fortlang.nodes import Suit
from fortlang.phrasebook import suit_name

#: (kind, key) -> text; a suit's quantity and metric are templates over the suit's name.
MEANINGS: dict[str, dict[tuple[str, str], str]] = {
    "fr": {
        ("primitive", "gain"): "Prenez dans la réserve N ressources du type indiqué et placez-les "
                               "dans vos Affaires ; avec pizza/toy, un seul type, au choix, "
                               "jamais un mélange.",
        ("primitive", "pack"): "Transférez une ressource de vos Affaires vers votre Sac à dos.",
        ("primitive", "lookout"): "Ajoutez une carte de votre main à votre Observatoire.",
        ("primitive", "destroy_card"): "Remettez dans la boîte une carte de votre main ou de "
                                       "votre défausse (ni la carte jouée, ni une carte "
                                       "supplémentaire).",
        ("primitive", "destroy_this"): "Une fois cette action et celles des suiveurs terminées, "
                                       "remettez cette carte dans la boîte.",
        ("primitive", "recruit"): "Recrutez une carte sur votre défausse, comme lors de la "
                                  "phase Recruter.",
        ("primitive", "advance"): "Payez le coût du Niveau de Fort suivant avec vos Affaires "
                                  "et/ou votre Sac à dos, puis montez d'un niveau ; -1 ou +1 "
                                  "change ce coût d'une ressource de n'importe quel type.",
        ("primitive", "score"): "Avancez votre marqueur de N cases sur la Piste de Victoire.",
        ("primitive", "spend"): "Remettez dans la réserve N ressources du type indiqué, prises "
                                "dans vos Affaires ou votre Sac à dos.",
        ("primitive", "destroy_rival"): "Remettez dans la boîte une carte du Jardin d'un "
                                        "adversaire.",
        ("primitive", "copy_pack"): "Prenez les mêmes ressources que celles de votre Sac à dos "
                                    "et ajoutez-les à vos Affaires.",
        ("primitive", "copy_rival_pack"): "Prenez les mêmes ressources que celles du Sac à dos "
                                          "d'un adversaire (vous ne les lui volez pas).",
        ("primitive", "convert"): "Remplacez une pizza par un jouet, ou un jouet par une pizza, "
                                  "dans vos Affaires ou votre Sac à dos.",
        ("resource", "pizza"): "un jeton pizza",
        ("resource", "toy"): "un jeton jouet",
        ("resource", "pizza/toy"): "des pizzas ou des jouets : un seul type, au choix",
        ("resource", "resource"): "comme pizza/toy",
        ("quantity", "suit"): "chaque symbole {suit} de la carte jouée, des cartes "
                              "supplémentaires et de votre Observatoire (R5.3)",
        ("quantity", "any"): "une famille de votre choix, pièce comprise",
        ("quantity", "pack"): "chaque ressource de votre Sac à dos, quel que soit son type",
        ("quantity", "level"): "votre Niveau de Fort",
        ("quantity", "lookout"): "chaque carte de votre Observatoire",
        ("operator", "x"): "Réalisez l'action de gauche autant de fois qu'indiqué par la "
                           "quantité de droite. Priorité la plus forte.",
        ("operator", "then"): "Réalisez l'action de gauche, puis celle de droite : il faut "
                              "réaliser celle de gauche pour réaliser celle de droite, et celle "
                              "de droite doit être réalisée si possible.",
        ("operator", "or"): "Réalisez exactement l'une des deux actions, au choix. Priorité la "
                            "plus faible.",
        ("operator", "if ->"): "Réalisez l'action de droite seulement si la comparaison est "
                               "vraie pour qui la réalise (les mesures des règles inventées, "
                               "R14) ; sinon, l'action n'est pas réalisée entièrement (R5.4). "
                               "Priorité plus forte que then et or.",
        ("operator", "( )"): "Regroupent des actions ; un groupe suivi de x est répété en "
                             "entier.",
        ("metric", "cards"): "les cartes que vous possédez (pioche, défausse, main, Jardin et "
                             "Observatoire)",
        ("metric", "suits"): "les familles différentes de vos cartes, pièce exclue",
        ("metric", "best_friends"): "les Meilleurs Copains parmi vos cartes",
        ("metric", "advances"): "les actions Avancer son Fort imprimées sur vos cartes",
        ("metric", "pizza"): "les pizzas sur votre plateau joueur (Affaires et Sac à dos)",
        ("metric", "toy"): "les jouets sur votre plateau joueur (Affaires et Sac à dos)",
        ("metric", "level"): "votre Niveau de Fort",
        ("metric", "lookout"): "les cartes de votre Observatoire",
        ("metric", "pack"): "les ressources de votre Sac à dos",
        ("metric", "suit"): "les symboles {suit} de vos cartes, pièces non comptées",
        ("metric", "coin"): "les symboles pièce de vos cartes",
        # the language core's constructs for expansions (core C1-C7)
        ("primitive", "draw"): "Piochez N cartes de votre pioche dans votre main ; une pioche "
                               "vide n'est pas reconstituée avec la défausse (seule la phase "
                               "de pioche le fait, R9.1).",
        ("primitive", "lose"): "Reculez de N cases sur la Piste de Victoire (jamais sous 0).",
        ("primitive", "take"): "Prenez N ressources du type indiqué dans les Affaires d'un "
                               "adversaire de votre choix et placez-les dans vos Affaires ; "
                               "avec pizza/toy, un seul type, au choix.",
        ("primitive", "give"): "Donnez N ressources du type indiqué de vos Affaires aux "
                               "Affaires d'un adversaire de votre choix ; avec pizza/toy, un "
                               "seul type, au choix.",
        ("quantity", "hand"): "chaque carte de votre main",
        ("quantity", "yard"): "chaque carte de votre Jardin",
        ("quantity", "discard"): "chaque carte de votre défausse",
        ("quantity", "deck"): "chaque carte de votre pioche",
        ("quantity", "pizza"): "chaque pizza de vos Affaires et de votre Sac à dos",
        ("quantity", "toy"): "chaque jouet de vos Affaires et de votre Sac à dos",
        ("quantity", "vp"): "chaque case de votre marqueur sur la Piste de Victoire",
        ("operator", "each rival ->"): "Chaque adversaire, dans l'ordre du tour à partir de "
                                       "votre gauche, réalise l'action de droite lui-même (ses "
                                       "Affaires, ses cartes, ses choix). Réalisée entièrement "
                                       "si chacun la réalise entièrement (R5.4) ; chacun en "
                                       "fait autant qu'il peut.",
        ("operator", "a rival ->"): "Un adversaire de votre choix réalise l'action de droite "
                                    "lui-même ; seuls les adversaires qui permettent de "
                                    "terminer le coup sont proposés (R5.4). Réalisée "
                                    "entièrement s'il la réalise entièrement.",
        ("operator", "each player ->"): "Chaque joueur, vous d'abord puis les autres dans "
                                        "l'ordre du tour, réalise l'action de droite lui-même. "
                                        "Réalisée entièrement si chacun la réalise "
                                        "entièrement.",
        ("metric", "hand"): "les cartes de votre main",
        ("metric", "yard"): "les cartes de votre Jardin",
        ("metric", "discard"): "les cartes de votre défausse",
        ("metric", "deck"): "les cartes de votre pioche",
        ("metric", "vp"): "vos points de victoire sur la Piste de Victoire",
    },
    "ru": {
        ("primitive", "gain"): "Возьмите из общего запаса N ресурсов указанного типа и добавьте "
                               "их к своим вещам; при pizza/toy выберите один тип, не смешивая.",
        ("primitive", "pack"): "Возьмите один ресурс из ваших вещей и положите его в ваш рюкзак.",
        ("primitive", "lookout"): "Поместите карту из руки в свой дозор.",
        ("primitive", "destroy_card"): "Верните в коробку карту из вашей руки или сброса (но не "
                                       "сыгранную и не добавленную карту).",
        ("primitive", "destroy_this"): "Когда это действие и действия последователей "
                                       "закончены, верните эту карту в коробку.",
        ("primitive", "recruit"): "Возьмите карту в вашу колоду сброса, как в фазе призыва.",
        ("primitive", "advance"): "Заплатите стоимость следующего уровня форта ресурсами из "
                                  "вещей и/или рюкзака и поднимитесь на один уровень; -1 или +1 "
                                  "меняет стоимость на один ресурс любого типа.",
        ("primitive", "score"): "Передвиньте ваш жетон на победной дорожке на N делений.",
        ("primitive", "spend"): "Верните N ресурсов указанного типа из ваших вещей или рюкзака "
                                "в общий запас.",
        ("primitive", "destroy_rival"): "Верните в коробку одну карту со двора соперника.",
        ("primitive", "copy_pack"): "Получите и добавьте к вашим вещам такие же ресурсы, какие "
                                    "лежат в вашем рюкзаке.",
        ("primitive", "copy_rival_pack"): "Получите такие же ресурсы, какие лежат в рюкзаке "
                                          "соперника (вы их у него не забираете).",
        ("primitive", "convert"): "Замените пиццу на игрушку или игрушку на пиццу в ваших вещах "
                                  "или рюкзаке.",
        ("resource", "pizza"): "жетон пиццы",
        ("resource", "toy"): "жетон игрушки",
        ("resource", "pizza/toy"): "пицца или игрушки: один тип на выбор",
        ("resource", "resource"): "то же, что pizza/toy",
        ("quantity", "suit"): "каждый символ масти «{suit}» на сыгранной карте, добавленных "
                              "картах и в вашем дозоре (R5.3)",
        ("quantity", "any"): "одна масть на ваш выбор, включая монетку",
        ("quantity", "pack"): "каждый ресурс в вашем рюкзаке, любого типа",
        ("quantity", "level"): "уровень вашего форта",
        ("quantity", "lookout"): "каждая карта в вашем дозоре",
        ("operator", "x"): "Выполните действие слева столько раз, сколько показывает "
                           "количество справа. Самый высокий приоритет.",
        ("operator", "then"): "Выполните действие слева, затем действие справа: без левого "
                              "нельзя выполнить правое, а правое нужно выполнить, если это "
                              "возможно.",
        ("operator", "or"): "Выполните ровно одно из двух действий на ваш выбор. Самый низкий "
                            "приоритет.",
        ("operator", "if ->"): "Выполните действие справа, только если сравнение верно для "
                               "того, кто его выполняет (показатели придуманных правил, R14); "
                               "иначе действие не выполнено полностью (R5.4). Приоритет выше, "
                               "чем у then и or.",
        ("operator", "( )"): "Группируют действия; группа, за которой следует x, повторяется "
                             "целиком.",
        ("metric", "cards"): "имеющиеся у вас карты (колода, сброс, рука, двор и дозор)",
        ("metric", "suits"): "разные масти на имеющихся у вас картах, кроме монетки",
        ("metric", "best_friends"): "лучшие друзья среди имеющихся у вас карт",
        ("metric", "advances"): "действия «улучшение форта» на имеющихся у вас картах",
        ("metric", "pizza"): "пицца на вашем планшете (в вещах и рюкзаке)",
        ("metric", "toy"): "игрушки на вашем планшете (в вещах и рюкзаке)",
        ("metric", "level"): "уровень вашего форта",
        ("metric", "lookout"): "карты в вашем дозоре",
        ("metric", "pack"): "ресурсы в вашем рюкзаке",
        ("metric", "suit"): "символы масти «{suit}» на имеющихся у вас картах, без монеток",
        ("metric", "coin"): "символы монетки на имеющихся у вас картах",
        # the language core's constructs for expansions (core C1-C7)
        ("primitive", "draw"): "Возьмите N карт из своей колоды в руку; пустая колода не "
                               "пополняется из сброса (это бывает только в фазе добора, R9.1).",
        ("primitive", "lose"): "Передвиньтесь на N делений назад по треку победы (не ниже 0).",
        ("primitive", "take"): "Заберите N ресурсов указанного типа из вещей выбранного вами "
                               "соперника в свои вещи; с pizza/toy — один тип на выбор.",
        ("primitive", "give"): "Отдайте N ресурсов указанного типа из своих вещей в вещи "
                               "выбранного вами соперника; с pizza/toy — один тип на выбор.",
        ("quantity", "hand"): "каждая карта у вас в руке",
        ("quantity", "yard"): "каждая карта в вашем дворе",
        ("quantity", "discard"): "каждая карта в вашем сбросе",
        ("quantity", "deck"): "каждая карта в вашей колоде",
        ("quantity", "pizza"): "каждая пицца в ваших вещах и рюкзаке",
        ("quantity", "toy"): "каждая игрушка в ваших вещах и рюкзаке",
        ("quantity", "vp"): "каждое деление вашего счёта на треке победы",
        ("operator", "each rival ->"): "Каждый соперник по очереди, начиная слева от вас, "
                                       "выполняет действие справа сам (свои вещи, свои карты, "
                                       "свой выбор). Выполнено полностью, если каждый "
                                       "выполнил его полностью (R5.4); каждый делает сколько "
                                       "может.",
        ("operator", "a rival ->"): "Выбранный вами соперник выполняет действие справа сам; "
                                    "предлагаются только соперники, с которыми ход можно "
                                    "завершить (R5.4). Выполнено полностью, если он выполнил "
                                    "его полностью.",
        ("operator", "each player ->"): "Каждый игрок, сначала вы, затем остальные по "
                                        "очереди, выполняет действие справа сам. Выполнено "
                                        "полностью, если каждый выполнил его полностью.",
        ("metric", "hand"): "карты у вас в руке",
        ("metric", "yard"): "карты в вашем дворе",
        ("metric", "discard"): "карты в вашем сбросе",
        ("metric", "deck"): "карты в вашей колоде",
        ("metric", "vp"): "ваши победные очки на треке победы",
    },
}  # fmt: skip

_ENGLISH = {
    "primitive": {p.name: p.meaning for p in reg.PRIMITIVES},
    "resource": {w.word: w.meaning for w in reg.RESOURCES},
    "quantity": {w.word: w.meaning for w in reg.QUANTITIES},
    "operator": {o.name: o.meaning for o in reg.OPERATORS},
    "metric": {w.word: w.meaning for w in reg.METRICS},
}
_SUITS = {s.value for s in Suit}


def meaning(kind: str, key: str, lang: str) -> str:
    """The meaning of registry entry ``key`` (a primitive's name, a word...) in ``lang``."""
    if lang == "en":
        return _ENGLISH[kind][key]
    table = MEANINGS[lang]
    if (kind, key) in table:
        return table[(kind, key)]
    if key in _SUITS and (kind, "suit") in table:
        return table[(kind, "suit")].format(suit=suit_name(key, lang))
    raise KeyError(f"no {lang} meaning for the {kind} {key!r}: add it to "
                   "fortlang/docsite/meanings.py")


def primitive_meaning(spec: reg.PrimitiveSpec, lang: str) -> str:
    """What a primitive does, in ``lang``: from its declaration (``meaning``, ``meanings``)
    first, whichever vocabulary declares it, then from the tables above (Fort's own words,
    whose French and Russian meanings live here)."""
    if lang == "en":
        return spec.meaning
    if lang in spec.meanings:
        return spec.meanings[lang]
    if reg.PRIMITIVE_BY_NAME.get(spec.name) is spec and ("primitive", spec.name) in MEANINGS[lang]:
        return MEANINGS[lang][("primitive", spec.name)]
    raise KeyError(f"primitive {spec.name!r} declares no {lang} meaning "
                   "(PrimitiveSpec.meanings)")


def entries() -> list[tuple[str, str]]:
    """Every (kind, key) of the registry that the reference explains."""
    return [(kind, key) for kind, table in _ENGLISH.items() for key in table]
