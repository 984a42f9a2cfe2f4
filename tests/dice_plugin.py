"""A vocabulary plugin for the chance tests (issue 33 stage 6): `roll N` rolls a die at a chance
point; on N or more the performer gains a toy. tests/test_chance_points.py declares it from here;
tests/test_scenario_chance.py installs this file as pip lays a plugin out."""

from __future__ import annotations

from dataclasses import dataclass

from fortlang import nodes as n
from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Option
from fortlang.engine.interpreter import chance
from fortlang.games.fort.nodes import Resource
from fortlang.plugins import VocabularyPlugin
from fortlang.registry import PrimitiveSpec

D6 = Distribution.uniform([Option(str(face), face) for face in range(1, 7)])


@dataclass(frozen=True, slots=True)
class Roll(n.Action):
    amount: int = 6


def _roll(node, ctx, k):
    game, p = ctx.game, ctx.player

    def outcome(i):
        if D6.outcomes[i].value < node.amount or not game.gainable(p, Resource.TOY):
            return k(False)
        game.transfer(game.supply, p.stuff, Resource.TOY, 1)
        return k(True)

    return chance(ctx, D6, outcome)


ROLL = PrimitiveSpec(
    "roll", Roll, "roll [N]", "dice D1", "Roll a die; on N or more, gain a toy.", "roll 5",
    most_times=8, effect=_roll,
    phrases={"en": "roll a die", "fr": "lancez un dé", "ru": "бросьте кубик"},
    meanings={"fr": "Lancez un dé ; sur N ou plus, gagnez un jouet.",
              "ru": "Бросьте кубик; на N или больше получите игрушку."})
VOCABULARY = VocabularyPlugin("dice", primitives=(ROLL,), description="Dice: roll a die.")
