"""A vocabulary plugin that brings selectors (issue 33 stage 5), installed by
tests/test_selectors.py as the module ``fortlang_seats``: the core's `next player`, `previous
player` and `a player`, and Frantic's `the player with most cards` / `fewest cards` (F9.3:
ties to the first in turn order from the actor's next), cards being the hand's size, a measure
this plugin declares over the table's read-only view."""

from __future__ import annotations

from typing import Any

from fortlang.plugins import VocabularyPlugin
from fortlang.vocabulary import CORE_SELECTORS, Selector


def hand_size(view: Any, seat: int) -> int:
    """Frantic's `cards`: the cards in a player's hand."""
    return int(view.players[seat].hand_size)


MOST_CARDS = Selector.extreme(
    "cards", hand_size, rule="F9.3",
    phrases={"en": "the player with the most cards in hand: {body}",
             "fr": "le joueur qui a le plus de cartes en main : {body}",
             "ru": "игрок, у которого больше всего карт в руке: {body}"},
    meanings={"en": "The player with the most cards in hand (ties: the first in turn order "
                    "from your next player) performs the action on the right.",
              "fr": "Le joueur qui a le plus de cartes en main effectue l'action de droite.",
              "ru": "Игрок, у которого больше всего карт в руке, выполняет действие справа."})
FEWEST_CARDS = Selector.extreme(
    "cards", hand_size, fewest=True, rule="F9.3",
    phrases={"en": "the player with the fewest cards in hand: {body}",
             "fr": "le joueur qui a le moins de cartes en main : {body}",
             "ru": "игрок, у которого меньше всего карт в руке: {body}"},
    meanings={"en": "The player with the fewest cards in hand (ties: the first in turn order "
                    "from your next player) performs the action on the right.",
              "fr": "Le joueur qui a le moins de cartes en main effectue l'action de droite.",
              "ru": "Игрок, у которого меньше всего карт в руке, выполняет действие справа."})

VOCABULARY = VocabularyPlugin(
    "seats", description="who performs an action: Frantic's selectors",
    selectors=(*CORE_SELECTORS, MOST_CARDS, FEWEST_CARDS))
