"""Fort's English words (the rulebook's): its nouns, the glossary of FORT-RULES.md, its suits
after `x` and in scoring (R13.1, R14), made-up rules (R14) and perks (R15). The core's English
book (:mod:`fortlang.phrasebook.en`) adopts them through Fort's ``GameModule.phrasebooks``."""

from __future__ import annotations

from fortlang.games.fort import nodes as n
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.phrasebook.common import KINDS, PerkWords, perk_clause
from fortlang.phrasebook import en as book
from fortlang.phrasebook.base import Handler, MetricWords, Say
from fortlang.phrasebook.grammar import PLURAL_CATEGORY, Noun

LANG = "en"

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

#: A made-up rule's sentence begins so (R14).
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


# -- the suits after `x` (R13.1) and in scoring (R14) --------------------------------------------

HANDLERS: dict[type, Handler] = {
    n.SuitCount: lambda node: f"for each {noun(node.suit.value)}",
}


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


def perk(p: Perk, say: Say = book.say) -> str:
    """A perk's text; ``say`` is the book's that asks (the game's words over the core's)."""
    return perk_clause(PERK_WORDS, p, say)
