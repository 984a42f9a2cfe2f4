"""A vocabulary plugin with argument kinds of its own (issue 33 stage 5), installed by
tests/test_argument_kinds.py as the module ``fortlang_wishes``.

Frantic's `wish` (F7.2: a colour, never black, or a number 1 to 9; left out, the player
chooses) and Fortune and Glory's skill test (G2.1: `test agility 5+ 2`, a face pattern)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any

from fortlang import nodes as n
from fortlang.engine.choices import Kind
from fortlang.engine.interpreter import decide
from fortlang.plugins import VocabularyPlugin
from fortlang.registry import PrimitiveSpec
from fortlang.vocabulary import ArgKind, Word


class Colour(StrEnum):
    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"


_SAID = {Colour.BLUE: ("bleu", "синий"), Colour.RED: ("rouge", "красный"),
         Colour.GREEN: ("vert", "зелёный"), Colour.YELLOW: ("jaune", "жёлтый")}

COLOUR = ArgKind("COLOUR", "colour", "COLOUR", name="colour", words=tuple(
    Word(c.value, c, {"en": f"the colour {c.value}"},
         {"en": c.value, "fr": _SAID[c][0], "ru": _SAID[c][1]}) for c in Colour))
NUMBER = ArgKind("NUM", "number", "NUMBER", pattern=r"[0-9]+", parse=int, lo=1, hi=9,
                 name="number")
WISH = ArgKind.union("WISH", "wish", COLOUR, NUMBER, terminal="WISHED", phrases={
    "en": "a colour or a number of your choice",
    "fr": "une couleur ou un nombre de votre choix",
    "ru": "цвет или число на ваш выбор"})


@dataclass(frozen=True, slots=True)
class Wish(n.Action):
    wish: Colour | int | None = None  # None: the player chooses when it is performed


def _granted(ctx: Any, value: Colour | int, k: Any) -> bool:
    """This test's own rule: a wish scores its number, or a colour's place in the list."""
    points = value if isinstance(value, int) else 1 + list(Colour).index(value)
    ctx.game.add_vp(ctx.player, points)
    return k(True)


def _wish(node: Wish, ctx: Any, k: Any) -> bool:
    if node.wish is not None:
        return _granted(ctx, node.wish, k)
    values = WISH.values()  # left out: a decision over the kind's typed values
    return decide(ctx, Kind.PRIMITIVE, WISH.options(),
                  [partial(_granted, ctx, v, k) for v in values])


WISH_P = PrimitiveSpec(
    "wish", Wish, "wish [WISH]", "F7.2",
    "Name a colour (not black) or a number from 1 to 9.", "wish red", most_options=13,
    effect=_wish, frees=False, frees_rivals=False,
    phrases={"en": "wish for {wish}", "fr": "faites le vœu {wish}",
             "ru": "загадайте {wish}"},
    meanings={"fr": "Nommez une couleur (pas noir) ou un nombre de 1 à 9.",
              "ru": "Назовите цвет (не чёрный) или число от 1 до 9."})


class Skill(StrEnum):
    COMBAT = "combat"
    AGILITY = "agility"
    CUNNING = "cunning"
    LORE = "lore"


_SKILL_SAID = {Skill.COMBAT: ("combat", "боя"), Skill.AGILITY: ("agilité", "ловкости"),
               Skill.CUNNING: ("ruse", "хитрости"), Skill.LORE: ("savoir", "знаний")}
SKILL = ArgKind("SKILL", "skill", "SKILL", name="skill", words=tuple(
    Word(s.value, s, {"en": f"the {s.value} skill"},
         {"en": s.value, "fr": _SKILL_SAID[s][0], "ru": _SKILL_SAID[s][1]}) for s in Skill))
#: `5+`: a die succeeds on 5 or more (G2.2); 2+ to 6+ on a six-sided die.
FACE = ArgKind("FACE", "target", "FACE", pattern=r"[0-9]+\+", parse=lambda t: int(t[:-1]),
               lo=2, hi=6, show=lambda v: f"{v}+", name="target face")


@dataclass(frozen=True, slots=True)
class SkillTest(n.Action):
    skill: Skill = Skill.COMBAT
    target: int = 4
    amount: int = 1  # the successes needed: the core's `[N]`


TEST_P = PrimitiveSpec(
    "test", SkillTest, "test SKILL FACE [N]", "G2.1",
    "Roll the skill's dice; each die at the target or more is a success.", "test agility 5+ 2",
    effect=lambda node, ctx, k: k(True), frees=False, frees_rivals=False,
    phrases={"en": "pass a {skill} test on {target}+ with {amount} successes",
             "fr": "réussissez un test de {skill} sur {target}+ avec {amount} succès",
             "ru": "пройдите проверку {skill} на {target}+ с успехами: {amount}"},
    meanings={"fr": "Lancez les dés de la compétence ; chaque dé au moins égal à la cible "
                    "est un succès.",
              "ru": "Бросьте кубики навыка; каждый кубик не меньше цели — успех."})

VOCABULARY = VocabularyPlugin("wishes", primitives=(WISH_P, TEST_P),
                              kinds=(COLOUR, NUMBER, WISH, SKILL, FACE),
                              description="Wishes and skill tests: argument kinds.")
