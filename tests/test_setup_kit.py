"""Issue 38: set-up reads a card set's cards from a kit made once per set (setup.Kit: the
rules, perks, a CardDef per park card copy, the boards' best friends) and makes the card
instances from it. A game set up so must be the game set up card by card with Game.new_card,
as set-up did before (R2): the same draws, the same instances (uid, card, CardDef), the same
Game._defs, state for state."""

from __future__ import annotations

import pytest

from fortlang.cardset import base_set
from fortlang.engine.chance import below, shuffle
from fortlang.games.fort import setup
from fortlang.games.fort.model import board_of, fort_set, park_kids_of, perks_of, rules_of
from fortlang.games.fort.setup import HAND_SIZE, PARK_SIZE, START_KIDS, draw, new_game, seating
from fortlang.games.fort.table import Game


def reference_game(cardset, n_players: int, seed: int) -> tuple[Game, int]:
    """Set-up (basic, R2) as it was written before the kit: every card through new_card."""
    game = Game(n_players, board_of(cardset), seed=seed)
    rng = game.rng
    first = below(rng, n_players)
    rules, perks = list(rules_of(cardset)), list(perks_of(cardset))
    shuffle(rng, rules)
    shuffle(rng, perks)
    game.rule_pile.extend(rules[: n_players + 1])
    game.perk_row.extend(perks[: n_players + 1])
    kids = [k for k in park_kids_of(cardset) for _ in range(k.copies)]
    shuffle(rng, kids)
    game.new_cards(kids, game.park_deck)
    for _ in range(PARK_SIZE):
        game.move(game.park_deck, len(game.park_deck) - 1, game.park)
    for p, board in zip(game.players, seating(cardset, n_players, rng), strict=True):
        game.new_cards(board, p.deck)
    for i in range(n_players):
        p = game.players[(first + i) % n_players]
        for _ in range(START_KIDS):
            game.move(game.park_deck, len(game.park_deck) - 1, p.deck)
    for p in game.players:
        shuffle(rng, p.deck)
        draw(game, p.seat, HAND_SIZE)
    return game, first


def instances(game: Game) -> list[list[tuple[int, int, int, str, tuple]]]:
    """Every zone's card instances: uid, the identity of its card and of its CardDef, name and
    suits."""
    zones = [game.park, game.park_deck, game.box]
    for p in game.players:
        zones.extend(z for _, z in p.zones())
    return [[(c.uid, id(c.card), id(c.defn), c.name, c.suits) for c in z] for z in zones]


def assert_same(made: Game, ref: Game) -> None:
    assert made.snapshot() == ref.snapshot()
    assert instances(made) == instances(ref)
    assert made.card_count == ref.card_count
    assert made._defs == ref._defs  # the same CardDef object per card
    assert made.rng.getstate() == ref.rng.getstate()
    assert made.rule_pile == ref.rule_pile and made.perk_row == ref.perk_row
    assert made.board is ref.board


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**62 + 3])
def test_a_kit_set_up_is_the_card_by_card_set_up(players: int, seed: int):
    cardset = base_set()
    made, first = new_game(cardset, players, seed=seed)
    ref, ref_first = reference_game(cardset, players, seed)
    assert first == ref_first
    assert_same(made, ref)


def test_the_kit_is_made_once_per_set_and_remade_for_another():
    cardset = base_set()
    assert setup.kit_of(cardset) is setup.kit_of(cardset)
    # another set (the same cards, fewer best friends: boards left empty at a full table)
    friends = [k for k in cardset.slot("kids") if k.best_friend][:2]
    other = fort_set(cardset.manifest, kids=tuple(park_kids_of(cardset)) + tuple(friends),
                     rules=rules_of(cardset), perks=perks_of(cardset), board=board_of(cardset))
    assert setup.kit_of(other) is not setup.kit_of(cardset)
    for seed in range(5):
        made, _ = new_game(other, 4, seed=seed)
        ref, _ = reference_game(other, 4, seed)
        assert_same(made, ref)
    # a new card set at the same address is not served the old one's kit
    kit = setup.kit_of(other)
    assert kit.cardset is other


def test_a_copied_game_and_a_new_card_after_set_up_share_the_kit_defs():
    """A card made later (scenarios) gets the game's CardDef of its card, as new_card did."""
    cardset = base_set()
    game, _ = new_game(cardset, 4, seed=3)
    card = game.park[0].card
    made = game.new_card(card, game.box)
    assert made.defn is game.park[0].defn
    assert made.uid == 68 and game.card_count == 69
    assert game.copy()._defs is game._defs
