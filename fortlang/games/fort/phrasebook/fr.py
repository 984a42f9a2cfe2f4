"""Fort's French words (the French rulebook's, 002_*.txt): its nouns, the glossary of
FORT-RULES.md (Observatoire, Affaires, Sac à dos...), its suits after `x` and in scoring (R13.1,
R14), made-up rules (R14) and perks (R15). The core's French book (:mod:`fortlang.phrasebook.fr`)
adopts them through Fort's ``GameModule.phrasebooks``."""

from __future__ import annotations

from fortlang.games.fort import nodes as n
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.phrasebook.common import KINDS, PerkWords, perk_clause
from fortlang.phrasebook import fr as book
from fortlang.phrasebook.base import Handler, MetricWords, Say
from fortlang.phrasebook.grammar import PLURAL_CATEGORY, Noun

LANG = "fr"

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

#: A made-up rule's sentence begins so (R14).
RULE_INTRO = "en fin de partie, "


def count(key: str, amount: int) -> str:
    """``2 pizzas``; 0 and 1 take the singular (« 1 point de victoire »)."""
    return f"{amount} {NOUNS[key].counted(PLURAL_CATEGORY[LANG](amount))}"


def noun(key: str) -> str:
    return NOUNS[key].one


def resource(res: Resource, amount: int | None = None) -> str:
    said = [noun(k) if amount is None else count(k, amount) for k in KINDS[res]]
    return " ou ".join(said)


def some(res: Resource) -> str:
    """« de pizzas ou de jouets »."""
    return " ou ".join(f"de {NOUNS[k].other}" for k in KINDS[res])


# -- the suits after `x` (R13.1) and in scoring (R14) --------------------------------------------

HANDLERS: dict[type, Handler] = {
    n.SuitCount: lambda node: f"pour chaque {noun(node.suit.value)}",
}
HOW_MANY = {  # « autant de X que ... »
    n.SuitCount: lambda node: f"de {NOUNS[node.suit.value].other}",
}


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


def perk(p: Perk, say: Say = book.say) -> str:
    """A perk's text; ``say`` is the book's that asks (the game's words over the core's)."""
    return perk_clause(PERK_WORDS, p, say)
