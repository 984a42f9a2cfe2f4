"""The engine's legality shortcuts (games/fort/certain.py) and a primitive they do not know.

The shortcuts answer "this card can never be played" without a search when no primitive of the
card can make room in the stuff, put tokens back in the supply or change the pack: then what
cannot be gained now never can. A vocabulary plugin's primitive may do exactly that, so the
shortcuts may assume it cannot only when its declaration says so (``PrimitiveSpec.frees``).
Here `drop RES` (a test-only primitive: one RES from your stuff back to the supply) makes room
for the gain after it (R5.4: the action is performed in full)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from builders import kid

from fortlang import nodes as n
from fortlang import registry
from fortlang.engine import ScriptedAgent
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.play import play_card, why_not, why_not_by_search
from fortlang.games.fort.table import Game
from fortlang.parser import language
from fortlang.sim.seats import Seats


@dataclass(frozen=True, slots=True)
class Drop(n.Action):
    resource: Resource = Resource.PIZZA


def _drop(node: Drop, ctx, k) -> bool:
    game, p = ctx.game, ctx.player
    if not p.stuff[node.resource]:
        return k(False)
    game.transfer(p.stuff, game.supply, node.resource, 1)
    return k(True)


DROP = registry.PrimitiveSpec(
    "drop", Drop, "drop RES", "X2", "Put one RES from your stuff back in the supply.",
    "drop pizza", most_times=8, effect=_drop,
    phrases={"en": "put one {resource} back", "fr": "remettez un {resource}",
             "ru": "верните {resource}"})
DROPPING = language(fort_words.FORT.extended("fort+drop", primitives=(DROP,)))


def _table(card: KidCard) -> tuple[Game, object]:
    game = Game(2, asker=Seats([ScriptedAgent(), ScriptedAgent()]), debug=True)
    p = game.players[0]
    game.give(p, Resource.PIZZA, 4)  # a full stuff of pizza (R1.5)
    played = game.new_card(card, p.hand)
    game.new_cards([kid("Filler", "book", "score")], p.hand)
    return game, played


def test_a_primitive_that_makes_room_is_not_judged_by_the_gain_after_it() -> None:
    card = KidCard(id="swapper", name="Swapper", suits=(Suit.GLUE,),
                   public=DROPPING.parse_action("drop pizza then gain pizza"), private=None)
    game, played = _table(card)
    assert why_not_by_search(game, 0, played) is None  # the search finds the play (R5.4)
    assert why_not(game, 0, played) is None  # and the shortcuts agree with it
    play_card(game, 0, played, follow=False)
    assert game.players[0].stuff[Resource.PIZZA] == 4


@dataclass(frozen=True, slots=True)
class Shed(Drop):
    """`shed RES`: the same effect as `drop`, declared (wrongly) as freeing nothing."""


def test_the_shortcut_reads_the_declaration() -> None:
    shed = replace(DROP, name="shed", node=Shed, syntax="shed RES", example="shed pizza",
                   frees=False)  # a wrong declaration: the shortcut believes it
    spoken = language(fort_words.FORT.extended("fort+shed", primitives=(shed,)))
    card = KidCard(id="swapper", name="Swapper", suits=(Suit.GLUE,),
                   public=spoken.parse_action("shed pizza then gain pizza"), private=None)
    game, played = _table(card)
    assert why_not(game, 0, played) == "R5.4"


@pytest.mark.parametrize("spec", fort_words.PRIMITIVES, ids=lambda s: s.name)
def test_every_primitive_of_fort_says_whether_it_frees(spec: registry.PrimitiveSpec) -> None:
    """Fort's own declarations: only those that give tokens away, spend them or pack them
    (the pack then changes) may free; the shortcuts read that and nothing else."""
    freeing = {"spend", "advance", "give", "pack", "convert"}
    assert spec.frees is (spec.name in freeing)


def test_a_choice_of_resource_is_read_from_the_declarations() -> None:
    """R12.1, R6.4: an `or` whose branches differ only in the resource is one kind chosen once,
    binding followers, for any primitive whose syntax takes RES, a plugin's too."""
    assert registry.is_resource_choice(DROPPING.parse_action("drop pizza or drop toy"))
    assert not registry.is_resource_choice(DROPPING.parse_action("drop pizza or score"))
    assert not registry.is_resource_choice(DROPPING.parse_action("score 2 or score 3"))
