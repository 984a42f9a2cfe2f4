"""The typed AST of Fortune and Glory's skill tests (G2): the skills, how a test rolls, and the
test node. Operators (`or`, `then`, `x`, parentheses) are the core's own nodes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fortlang import nodes as n


class Skill(StrEnum):
    """A hero's four skills (G1.2); a skill is the number of dice its tests roll (G2.2)."""

    COMBAT = "combat"
    AGILITY = "agility"
    CUNNING = "cunning"
    LORE = "lore"


class Rolls(StrEnum):
    """How a test rolls, when its text says so: ``keep_rolling`` (G2.3, read by the switch
    ``fortune.keep_rolling``) or ``once`` (a single roll, as a combat round, G6.6)."""

    KEEP_ROLLING = "keep_rolling"
    ONCE = "once"


@dataclass(frozen=True, slots=True)
class SkillTest(n.Action):
    """`test combat 5+ need 2 +1 dice reroll spend 1 fortune keep_rolling` (G2.1-G2.6).

    ``dice`` is a :class:`Skill` (the hero's skill in dice) or a number of dice; ``target`` the
    face a die must reach (2-6); ``needed`` the successes; ``bonus`` extra dice on every roll
    (gear, allies: +N dice); ``rerolls`` dice the hero may roll again (per roll or per test, by
    ``fortune.reroll``); ``fortune`` the most fortune the hero may spend in the test, one die a
    coin on the roll it is spent on; ``rolls`` None when the rules decide (G2.3)."""

    dice: Skill | int = Skill.COMBAT
    target: int = 4
    needed: int = 1
    bonus: int = 0
    rerolls: int = 0
    fortune: int = 0
    rolls: Rolls | None = None
