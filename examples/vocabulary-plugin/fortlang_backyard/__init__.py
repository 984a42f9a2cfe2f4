"""The backyard vocabulary: one new primitive, `tuck`, declared once.

``tuck`` puts a card from your discard pile on top of your deck, so you draw it again soon. Its
declaration gives everything fortlang needs: the syntax the grammar rule and the printer come
from, the rule and meaning the reference shows, the checker's bounds, the greedy bot's value,
its sentences in English, French and Russian, and its effect in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortlang import nodes as n
from fortlang.engine.choices import Kind
from fortlang.games.fort.moves import card_moves
from fortlang.plugins import VocabularyPlugin
from fortlang.registry import PrimitiveSpec


@dataclass(frozen=True, slots=True)
class Tuck(n.Action):
    """`tuck`: a card from your discard pile on top of your deck."""


def _tuck(node: Tuck, ctx: Any, k: Any) -> bool:
    """The player chooses the card (one option per different card); in full if one moved.
    A follower tucks too: the action is the same for everyone who performs it."""
    p = ctx.player
    return card_moves(ctx, [(p.discard, "from your discard", ("discard",))], p.deck,
                      Kind.PRIMITIVE, k)


TUCK = PrimitiveSpec(
    "tuck", Tuck, "tuck", "backyard B1",
    "Put a card from your discard pile on top of your deck.", "tuck then score",
    most_options=6, most_times=8, frees=False, worth=lambda a: 0.7, effect=_tuck,
    # a card going back on top of the deck: path data only, drawn by fortlang in this colour
    icon=("M5 9h9v12H5z", "M12 3h7v9", "M19 3l-3 3M19 3l-3-3"), colour="#5c940d",
    phrases={"en": "put a card from your discard pile on top of your deck",
             "fr": "placez une carte de votre défausse sur le dessus de votre pioche",
             "ru": "положите карту из сброса на верх своей колоды"},
    meanings={"fr": "Placez une carte de votre défausse sur le dessus de votre pioche.",
              "ru": "Положите карту из своего сброса на верх своей колоды."},
)

VOCABULARY = VocabularyPlugin("backyard", primitives=(TUCK,),
                              description="Backyard: tuck a discarded card back on your deck.")
