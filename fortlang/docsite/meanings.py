"""What each word of the registry means, in the language of the page that explains it.

English is the registry's own ``meaning`` (:mod:`fortlang.registry`), never copied here; French
and Russian follow it in the rulebooks' terms (FORT-RULES.md glossary), keyed like the registry.
A primitive's meanings are in its declaration (``PrimitiveSpec.meanings``), Fort's as a plugin's.
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
    if kind == "primitive":
        return primitive_meaning(reg.PRIMITIVE_BY_NAME[key], lang)
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
    """What a primitive does, in ``lang``: from its declaration (``meaning``, ``meanings``),
    whichever vocabulary declares it, Fort's included."""
    if lang == "en":
        return spec.meaning
    if lang in spec.meanings:
        return spec.meanings[lang]
    raise KeyError(f"primitive {spec.name!r} declares no {lang} meaning "
                   "(PrimitiveSpec.meanings)")


def entries() -> list[tuple[str, str]]:
    """Every (kind, key) of the registry that the reference explains."""
    return [(kind, key) for kind, table in _ENGLISH.items() for key in table]
