"""Who performs an action in Frantic (design §3.2): the core's `next player`, `previous
player` and `a player`, and Frantic's own, each a :class:`fortlang.vocabulary.Selector`
declaration. A seat function reads the table's read-only view; a player in it has
``hand_size`` (the cards in their hand), the one measure these need.

Frantic's order for an effect on several players is turn order starting with the player on
the right of the one who triggered it (F9.2, read as the next player in the direction of play,
``frantic.event_order = next_in_play``), so `every player` ends with the actor, where Fort's
`each player` starts with them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fortlang.vocabulary import (
    A_PLAYER,
    NEXT_PLAYER,
    PREVIOUS_PLAYER,
    Acting,
    Selector,
    TableView,
    in_turn_order,
    others,
)


def hand_size(view: Any, seat: int) -> int:
    """Frantic's `cards`: how many cards a player holds."""
    return int(view.players[seat].hand_size)


def _every(view: TableView, acting: Acting) -> tuple[int, ...]:
    """Every player in turn order from the actor's next, the actor last (F9.2)."""
    return (*in_turn_order(view, acting.actor), acting.actor)


def _fewer_cards(view: TableView, acting: Acting) -> tuple[int, ...]:
    """The other players who hold fewer cards than the actor (F7.5)."""
    mine = hand_size(view, acting.actor)
    return tuple(s for s in in_turn_order(view, acting.actor) if hand_size(view, s) < mine)


def _without_cards(view: TableView, acting: Acting) -> tuple[int, ...]:
    """The players with an empty hand, in turn order from the actor's next (F7.6)."""
    return tuple(s for s in _every(view, acting) if hand_size(view, s) == 0)


def _all(players: int) -> int:
    return players


def _others(players: int) -> int:
    return players - 1


EVERY_PLAYER = Selector(
    "every_player", "every player", "each", _every, rule="F9.2", example="draw 3",
    most_seats=_all, base=True,
    phrases={"en": "every player, in turn order from the next, you last: {body}",
             "fr": "chaque joueur, dans l'ordre du jeu à partir du suivant, vous en dernier : "
                   "{body}",
             "ru": "каждый игрок по очереди, начиная со следующего, вы последним: {body}"},
    meanings={"en": "Every player, in turn order from the next player, you last (F9.2), "
                    "performs the action on the right as themselves.",
              "fr": "Chaque joueur, dans l'ordre du jeu à partir du suivant et vous en dernier "
                    "(F9.2), effectue l'action de droite.",
              "ru": "Каждый игрок по очереди, начиная со следующего и заканчивая вами (F9.2), "
                    "выполняет действие справа."})
EACH_OTHER_PLAYER = Selector(
    "each_other_player", "each other player", "each", others, rule="F9.2",
    example="draw", most_seats=_others,
    phrases={"en": "each other player, in turn order: {body}",
             "fr": "chacun des autres joueurs, dans l'ordre du jeu : {body}",
             "ru": "каждый из других игроков по очереди: {body}"},
    meanings={"en": "Each other player, in turn order from the next, performs the action on "
                    "the right as themselves.",
              "fr": "Chacun des autres joueurs, dans l'ordre du jeu, effectue l'action de "
                    "droite.",
              "ru": "Каждый из других игроков по очереди выполняет действие справа."})
MOST_CARDS = Selector.extreme(
    "cards", hand_size, rule="F9.3", example="swap hands with fewest",
    phrases={"en": "the player with the most cards in hand: {body}",
             "fr": "le joueur qui a le plus de cartes en main : {body}",
             "ru": "игрок, у которого больше всего карт в руке: {body}"},
    meanings={"en": "The player with the most cards in hand (ties: the first in turn order "
                    "from your next player) performs the action on the right.",
              "fr": "Le joueur qui a le plus de cartes en main effectue l'action de droite.",
              "ru": "Игрок, у которого больше всего карт в руке, выполняет действие справа."})
FEWEST_CARDS = Selector.extreme(
    "cards", hand_size, fewest=True, rule="F9.3", example="draw",
    phrases={"en": "the player with the fewest cards in hand: {body}",
             "fr": "le joueur qui a le moins de cartes en main : {body}",
             "ru": "игрок, у которого меньше всего карт в руке: {body}"},
    meanings={"en": "The player with the fewest cards in hand (ties: the first in turn order "
                    "from your next player) performs the action on the right.",
              "fr": "Le joueur qui a le moins de cartes en main effectue l'action de droite.",
              "ru": "Игрок, у которого меньше всего карт в руке, выполняет действие справа."})
FEWER_CARDS = Selector(
    "fewer_cards", "a player with fewer cards", "chosen", _fewer_cards, rule="F7.5",
    example="draw to mine", most_seats=_others, base=True,
    phrases={"en": "a player of your choice who holds fewer cards than you: {body}",
             "fr": "un joueur de votre choix qui a moins de cartes que vous : {body}",
             "ru": "игрок по вашему выбору, у которого меньше карт, чем у вас: {body}"},
    meanings={"en": "A player you choose among those holding fewer cards than you performs "
                    "the action on the right as themselves (Equality, F7.5).",
              "fr": "Un joueur de votre choix parmi ceux qui ont moins de cartes que vous "
                    "effectue l'action de droite (Equality, F7.5).",
              "ru": "Игрок по вашему выбору из тех, у кого меньше карт, чем у вас, выполняет "
                    "действие справа (Equality, F7.5)."})
WITHOUT_CARDS = Selector(
    "without_cards", "each player without cards", "each", _without_cards, rule="F7.6",
    example="draw 3", most_seats=_all, base=True,
    phrases={"en": "each player whose hand is empty: {body}",
             "fr": "chaque joueur qui n'a plus de cartes en main : {body}",
             "ru": "каждый игрок, у которого не осталось карт в руке: {body}"},
    meanings={"en": "Each player whose hand is empty, in turn order from the next, performs "
                    "the action on the right (Nice Try, F7.6).",
              "fr": "Chaque joueur qui n'a plus de cartes en main, dans l'ordre du jeu, "
                    "effectue l'action de droite (Nice Try, F7.6).",
              "ru": "Каждый игрок без карт в руке по очереди выполняет действие справа "
                    "(Nice Try, F7.6)."})

#: The core's three, with examples in Frantic's words (theirs are Fort's `gain toy`): the same
#: declarations otherwise, so the registry takes them as the core's.
CORE_IN_FRANTIC: tuple[Selector, ...] = (
    replace(NEXT_PLAYER, example="skip next"), replace(PREVIOUS_PLAYER, example="draw"),
    replace(A_PLAYER, example="draw 2"))
SELECTORS: tuple[Selector, ...] = (EVERY_PLAYER, EACH_OTHER_PLAYER, MOST_CARDS, FEWEST_CARDS,
                                   FEWER_CARDS, WITHOUT_CARDS, *CORE_IN_FRANTIC)
