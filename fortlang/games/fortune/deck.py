"""A Fortune and Glory card set read for the odds: its heroes, dangers and enemies by id, as the
core's card loader reads any set (the manifest's ``game:`` -> this module's card kinds, each
file validated against its kind's JSON Schema and each action field parsed with the game's
words, every problem a positioned diagnostic).

>>> deck = read_set(SAMPLE)
>>> sorted(deck.heroes), deck.dangers["boat_chase"]["glory"]
(['duke_dudley', 'jake_zane'], 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fortlang import nodes as n
from fortlang.cardset.build import check_file
from fortlang.cardset.load import bundled_dir, load_set, manifest_path
from fortlang.errors import ERROR, Diagnostic, FortError, did_you_mean
from fortlang.model import CardSet
from fortlang.module import DEFAULT_GAME

#: The sample set bundled with fortlang (cards/fortune-base: see its manifest).
SAMPLE = bundled_dir() / "fortune-base"
#: The manifest's ``game:`` of a set of this game.
GAME_NAME = "fortune-and-glory"


@dataclass
class Deck:
    """Cards by kind name ("hero", "danger", "enemy"), then by id; each action field's AST by
    (card id, field)."""

    cards: dict[str, dict[str, Mapping[str, Any]]] = field(default_factory=dict)
    actions: dict[tuple[str, str], n.Action] = field(default_factory=dict)

    @property
    def heroes(self) -> dict[str, Mapping[str, Any]]:
        return self.cards.get("hero", {})

    @property
    def dangers(self) -> dict[str, Mapping[str, Any]]:
        return self.cards.get("danger", {})

    @property
    def artifacts(self) -> dict[str, Mapping[str, Any]]:
        return self.cards.get("artifact", {})

    @property
    def enemies(self) -> dict[str, Mapping[str, Any]]:
        return self.cards.get("enemy", {})

    def find(self, kind: str, card_id: str, where: str = "<command line>") -> Mapping[str, Any]:
        """The card ``card_id`` of ``kind``; E363 with a did-you-mean when there is none."""
        cards = self.cards.get(kind, {})
        if card_id in cards:
            return cards[card_id]
        raise FortError(Diagnostic(ERROR, "E363", f"no {kind} `{card_id[:40]}` in the set",
                                   None, where, did_you_mean(card_id, cards) or (
                                       f"{kind}s: " + ", ".join(sorted(cards)))))


def read_set(folder: Path) -> Deck:
    """The set in ``folder``; FortError with every diagnostic found when any file is wrong,
    or E352 when the set is of another game."""
    mpath = manifest_path(folder)
    if mpath is not None:  # the game first: a set of another game is read with its kinds
        node = check_file(mpath).manifest_node
        game = node.get("game") if node is not None else None
        said = str(game.value) if game is not None else DEFAULT_GAME
        if said != GAME_NAME:
            raise FortError(Diagnostic(ERROR, "E352", f"the set's game is `{said[:40]}`, not "
                                       f"`{GAME_NAME}`", game.span if game else None,
                                       str(mpath), f"its manifest says `game: {GAME_NAME}`"))
    return deck_of(load_set(folder))


def deck_of(cardset: CardSet) -> Deck:
    """The cards of a loaded set (the scenario runner's sets), by kind and id."""
    deck = Deck()
    for card in cardset.cards:
        deck.cards.setdefault(card.kind, {})[card.id] = {"id": card.id, "name": card.name,
                                                        **card.fields}
        for name, ast in card.texts.items():
            if isinstance(ast, n.Action):
                deck.actions[(card.id, name)] = ast
    return deck
