"""French: the imperative of the French rulebook (002_*.txt): « Gagnez autant de pizzas que de
pelles. », « Avancez votre Niveau de Fort, puis marquez 2 points de victoire. »

Terms are those of the glossary in FORT-RULES.md (Observatoire, Affaires, Sac à dos...).
Templates may write « de le », « que un »: :func:`polish` contracts and elides them.
"""

from __future__ import annotations

import re
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

LANG = "fr"
#: This module, the lexicon a declaration's ``Phrase`` counts with (``count``, ``resource``).
LEXICON = sys.modules[__name__]

NOUNS: dict[str, Noun] = {
    "pizza": Noun("pizza", "pizzas", "f"),
    "toy": Noun("jouet", "jouets"),
    "resource": Noun("ressource", "ressources", "f"),
    "point": Noun("point de victoire", "points de victoire"),
    "victory_point": Noun("point de victoire", "points de victoire"),
    "card": Noun("carte", "cartes", "f"),
    "best_friend": Noun("Meilleur Copain", "Meilleurs Copains"),
    "suit": Noun("famille", "familles", "f"),
    "different_suit": Noun("famille différente", "familles différentes", "f"),
    "advance_action": Noun("action Avancer son Fort", "actions Avancer son Fort", "f"),
    "level": Noun("niveau", "niveaux"),
    "time": Noun("fois", "fois", "f"),
    # the suits (R1.1); « autant de jouets que de colle »: the rulebook keeps glue uncounted
    "skateboard": Noun("skateboard", "skateboards"),
    "shovel": Noun("pelle", "pelles", "f"),
    "glue": Noun("colle", "colle", "f"),
    "water_gun": Noun("pistolet à eau", "pistolets à eau"),
    "crown": Noun("couronne", "couronnes", "f"),
    "book": Noun("livre", "livres"),
    "coin": Noun("pièce", "pièces", "f"),
}

TERMS: dict[str, str] = {
    "kid_card": "carte gamin", "best_friend": "Meilleur Copain", "suit": "famille",
    "coin": "pièce", "public_action": "action publique", "private_action": "action privée",
    "leader": "leader", "follower": "suiveur", "played_card": "carte jouée",
    "added_card": "carte supplémentaire", "park": "Parc", "park_deck": "pioche Parc",
    "yard": "Jardin", "lookout": "Observatoire", "stuff": "Affaires", "pack": "Sac à dos",
    "fort_level": "Niveau de Fort", "victory_points": "points de victoire", "vp": "PV",
    "victory_track": "Piste de Victoire", "pizza": "pizza", "toy": "jouet",
    "resource": "ressource", "made_up_rule": "règle improvisée", "perk": "avantage",
    "macaroni_sculpture": "sculpture en macaronis", "box": "la boîte", "rival": "adversaire",
    "supply": "réserve", "hand": "main", "deck": "pioche", "discard_pile": "défausse",
    **{s.value: NOUNS[s.value].one for s in n.Suit},
}  # fmt: skip

RULE_INTRO = "en fin de partie, "


def count(key: str, amount: int) -> str:
    """``2 pizzas``; 0 and 1 take the singular (« 1 point de victoire »)."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount))}"


def noun(key: str) -> str:
    return NOUNS[key].one


def resource(res: Resource, amount: int | None = None) -> str:
    said = [noun(k) if amount is None else count(k, amount) for k in KINDS[res]]
    return " ou ".join(said)


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
    n.SuitCount: lambda node: f"pour chaque {noun(node.suit.value)}",
    n.Fixed: lambda node: count("time", node.n),
}


def some(res: Resource) -> str:
    """« de pizzas ou de jouets »."""
    return " ou ".join(f"de {NOUNS[k].other}" for k in KINDS[res])


ACTION_WORDS = ActionWords(
    conditional="si {test}, {body}", conditional_block="si {test} : {body}",
    lang="fr", lexicon=LEXICON,
    then=", puis ", choice=" ou ", inline="{body} {each}", block="{each} : {body}",
    how_many={  # « autant de X que ... » (a declared quantity says its own: WordSpec.how_many)
        n.SuitCount: lambda node: f"de {NOUNS[node.suit.value].other}",
    },
)

# -- scoring (R14) ------------------------------------------------------------------------------


def metric_words(key: str, mine: str = "", theirs: str = "") -> MetricWords:
    one, other = NOUNS[key].one, NOUNS[key].other
    return MetricWords(
        each=f"par {one} {mine or 'que vous possédez'}",
        value=f"le nombre de {other} {mine or 'que vous possédez'}",
        rival=f"le plus grand nombre de {other} {theirs or 'chez un adversaire'}",
        counted=f"de {other} {mine}".strip(), noun=key, place=mine,
    )


#: The suits' metrics (R14): the others' words are in their declarations (``WordSpec.said``).
METRICS: dict[str, MetricWords] = {s.value: metric_words(s.value) for s in n.Suit}

EXPR_WORDS = ExprWords(
    metrics=METRICS, count=count, lang=LANG, lexicon=LEXICON,
    score="marquez {amount}", score_per="marquez {amount} {each}",
    score_value="marquez autant de points de victoire que {value}",
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

TABLE: dict[type, Handler] = {
    **_QUANTITIES,
    **action_handlers(ACTION_WORDS, say),
    **expr_handlers(EXPR_WORDS, say),
}

# -- perks (R15) --------------------------------------------------------------------------------

PERK_WORDS = PerkWords(
    lang=LANG, optional="{trigger}, si vous le souhaitez : {action}",
    destroy_first="détruisez cet avantage, puis {action}",
    count=count, either="ou",
    origins={"park": "du Parc", "park_deck": "de la pioche Parc", "yard": "d'un Jardin",
             "hand": "de votre main", "discard": "de votre défausse", "supply": "de la réserve",
             "stuff": "de vos Affaires", "pack": "de votre Sac à dos"},
    targets={"hand": "à votre main", "discard": "à votre défausse",
             "lookout": "à votre Observatoire", "pack": "à votre Sac à dos",
             "stuff": "à vos Affaires"},
    hooks={
        PerkHook.EXTRA_RECRUIT: "à la fin de votre phase Recruter, vous pouvez recruter une "
                                "autre carte {from}",
        PerkHook.LOOKOUT_FROM_ANYWHERE: "à votre tour, lorsque vous ajoutez une carte à votre "
                                        "Observatoire, vous pouvez la prendre {from} au lieu de "
                                        "votre main",
        PerkHook.FOLLOW_DISCARD_MORE: "lorsque vous suivez, vous pouvez défausser jusqu'à "
                                      "{max_discards}, les familles correspondantes de chacune "
                                      "comptant",
        PerkHook.DIY_ADVANCE: "à votre tour, plutôt que de jouer une carte, {use} avancer votre "
                              "Niveau de Fort en payant {extra_cost} de plus ; cette action ne "
                              "peut pas être suivie",
        PerkHook.SECOND_PLAY: "à votre tour, une fois votre carte jouée et suivie, {use} jouer "
                              "une seconde carte, que vous pouvez améliorer et que les autres "
                              "peuvent suivre",
        PerkHook.RECYCLE: "à tout moment pendant votre tour, {use} prendre une carte {from} et "
                          "l'ajouter {to}",
        PerkHook.ROUGH_HOUSING: "plutôt que de suivre, une fois que chaque autre adversaire a "
                                "suivi ou refusé, {use} détruire la carte jouée par le leader",
        PerkHook.PACK_FROM_SUPPLY: "à votre tour, lorsque vous transférez une ressource vers "
                                   "votre Sac à dos, vous pouvez la prendre dans la réserve au "
                                   "lieu de vos Affaires, dans n'importe quelle combinaison si "
                                   "l'action est répétée",
    },
    modify={"pack_capacity": "votre Sac à dos peut contenir {n} de plus",
            "lookout_capacity": "votre Observatoire peut contenir {n} de plus",
            "stuff_capacity": "vos Affaires peuvent contenir {n} de plus de chaque type"},
    use_once="détruisez cet avantage pour", use_again="vous pouvez",
    used_up=" ; l'avantage est détruit une fois utilisé",
)  # fmt: skip


def perk(p: Perk) -> str:
    return perk_clause(PERK_WORDS, p, say)
