"""Fortune and Glory's odds (G8): a skill test, a combination of tests, a fight and a danger as
chance programs (:mod:`fortlang.engine.odds`), walked exactly for a hero; and the same figures
by rolling dice (``simulate``), face by face, so a designer can trust both.

>>> from fortlang.parser import language
>>> from fortlang.games.fortune.vocabulary import VOCABULARY
>>> hero = Hero("duke", {"combat": 3, "agility": 3, "cunning": 2, "lore": 2}, health=4)
>>> str(odds(language(VOCABULARY).parse_action("test 3 dice 5+ need 2 keep_rolling"), hero))
'139/243'
>>> str(odds(language(VOCABULARY).parse_action("test agility 5+ need 2 once"), hero))
'7/27'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from fortlang import nodes as n
from fortlang.engine import odds as core
from fortlang.engine.chance import Distribution, below
from fortlang.engine.choices import Option
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.games.fortune.nodes import Rolls, Skill, SkillTest
from fortlang.games.fortune.switches import Switches

#: The rules' default switches.
DEFAULT = Switches()

#: A die's faces (G1.1).
FACES = 6
#: The most dice one roll may have (skill, bonus and fortune together): a roll's outcomes are
#: weighted by 6^dice, which the core's Distribution bounds (10^12: 15 dice).
MOST_ROLLED = 15
#: A combat hit: 4, 5 or 6 on a die (G6.3).
HIT = 4
#: The most wounds a fight's state counts on either side (health is bounded by the card kinds).
MOST_WOUNDS = 20
#: The most runs ``simulate`` may be asked for.
MOST_RUNS = 10_000_000

PASS, FAIL = "pass", "fail"


@dataclass(frozen=True)
class Hero:
    """What of a hero card the odds read (G1.2): skills in dice, health (the wounds they may
    take; one more knocks them out, G3.1), defence, fortune."""

    id: str
    skills: Mapping[str, int]
    health: int = 4
    defence: int = 0
    fortune: int = 0

    @classmethod
    def from_card(cls, card: Mapping[str, object]) -> Hero:
        skills = card.get("skills")
        assert isinstance(skills, Mapping)
        return cls(str(card["id"]), {str(k): int(v) for k, v in skills.items()},
                   int(card.get("health", 4)), int(card.get("defence", 0)),  # type: ignore[call-overload]
                   int(card.get("fortune", 0)))  # type: ignore[call-overload]

    def dice(self, skill: Skill) -> int:
        return self.skills.get(skill.value, 0)


@dataclass(frozen=True)
class Enemy:
    """What of an enemy card a fight reads (G6.2): combat dice, health, defence."""

    id: str
    combat: int
    health: int
    defence: int = 0

    @classmethod
    def from_card(cls, card: Mapping[str, object]) -> Enemy:
        return cls(str(card["id"]), int(card["combat"]), int(card["health"]),  # type: ignore[call-overload]
                   int(card.get("defence", 0)))  # type: ignore[call-overload]


class OddsError(FortError):
    """The odds of an action cannot be had, at the node that says why."""

    def __init__(self, code: str, message: str, node: n.Node | None = None,
                 hint: str | None = None, file: str = "<action>") -> None:
        span = node.span if node is not None else None
        super().__init__(Diagnostic(ERROR, code, message, span, file, hint))
        self.code = code


# -- one skill test ----------------------------------------------------------------------------


def _success_faces(target: int) -> int:
    return FACES + 1 - target


@dataclass(frozen=True)
class RollProgram:
    """One skill test for one hero (G2.1-G2.6) as a chance program. States:

    * ``("roll", s, r, rr, fl)``: ``s`` successes so far, ``r`` dice to roll, ``rr`` re-rolls
      left, ``fl`` fortune left; the hero decides how much fortune to spend (a die a coin, for
      this roll only) when any is left, then ``("throw", ...)`` rolls;
    * ``("rolled", s, r, k, rr, fl)``: the roll shows ``k`` successes; the hero may roll a
      failed die again while a re-roll is left (``("reroll", ...)``), else the roll settles:
      passed at ``need`` successes, failed on a roll without one, else the next roll.

    Every roll that does not end the test adds a success, so the walk is finite: at most
    ``need`` rolls deep (G8.1)."""

    dice: int
    target: int
    need: int
    rerolls: int = 0
    fortune: int = 0
    #: "all_dice", "failed_dice" (keep rolling, G2.3) or "off" (one roll).
    keep: str = "all_dice"
    #: Re-rolls come back each roll ("once_per_roll") or not ("once_per_test"), G2.6.
    reroll: str = "once_per_roll"

    @property
    def start(self) -> Hashable:
        return ("roll", 0, self.dice, self.rerolls, self.fortune)

    def step(self, state: Hashable) -> core.Step:
        if state == PASS or state == FAIL:
            return core.Done(Fraction(state == PASS))
        assert isinstance(state, tuple)
        tag = state[0]
        if tag == "roll":
            _, s, r, rr, fl = state
            if fl == 0:
                return self.step(("throw", s, r, rr, 0))
            most = min(fl, MOST_ROLLED - r)
            return core.Decision(tuple(f"spend {j} fortune" for j in range(most + 1)),
                                 tuple(("throw", s, r + j, rr, fl - j) for j in range(most + 1)))
        if tag == "throw":
            _, s, r, rr, fl = state
            dist = _roll(r, self.target)
            return core.Chance(dist, tuple(("rolled", s, r, o.value, rr, fl)
                                           for o in dist.outcomes))
        if tag == "rolled":
            _, s, r, k, rr, fl = state
            settled = self.settle(s, r, k, rr, fl)
            if rr > 0 and k < r and s + k < self.need:
                return core.Decision(("keep the roll", "roll a failed die again"),
                                     (settled, ("reroll", s, r, k, rr, fl)))
            return self.step(settled)
        if tag == "reroll":
            _, s, r, k, rr, fl = state
            dist = _roll(1, self.target)
            return core.Chance(dist, tuple(("rolled", s, r, k + o.value, rr - 1, fl)
                                           for o in dist.outcomes))
        raise ValueError(f"no such state {state!r}")

    def settle(self, s: int, r: int, k: int, rr: int, fl: int) -> Hashable:
        """Where a roll of ``r`` dice with ``k`` successes leads."""
        if s + k >= self.need:
            return PASS
        if k == 0 or self.keep == "off":
            return FAIL
        nxt = self.dice if self.keep == "all_dice" else r - k
        if nxt <= 0:
            return FAIL
        return ("roll", s + k, nxt, self.rerolls if self.reroll == "once_per_roll" else rr, fl)

    def sample_faces(self, rng: random.Random, policy: Mapping[Hashable, int]) -> bool:
        """One test rolled die by die from ``rng`` (not through the weights the exact walk
        uses), the hero deciding as ``policy`` says (the exact walk's best play: at a roll,
        the fortune to spend; after it, 1 to roll a failed die again)."""
        state: Hashable = self.start
        for _ in range(4 * (self.need + 1) * (self.rerolls + 2) + 8):
            if state == PASS or state == FAIL:
                return state == PASS
            assert isinstance(state, tuple)
            tag = state[0]
            if tag == "roll":
                _, s, r, rr, fl = state
                spent = policy.get(state, 0) if fl else 0
                state = ("throw", s, r + spent, rr, fl - spent)
            elif tag == "throw":
                _, s, r, rr, fl = state
                k = sum(below(rng, FACES) + 1 >= self.target for _ in range(r))
                state = ("rolled", s, r, k, rr, fl)
            elif tag == "reroll":
                _, s, r, k, rr, fl = state
                state = ("rolled", s, r, k + (below(rng, FACES) + 1 >= self.target), rr - 1, fl)
            else:
                _, s, r, k, rr, fl = state
                if rr > 0 and k < r and s + k < self.need and policy.get(state, 0) == 1:
                    state = ("reroll", s, r, k, rr, fl)
                else:
                    state = self.settle(s, r, k, rr, fl)
        raise AssertionError("a test ends within need + 1 rolls")


_ROLLS: dict[tuple[int, int], Distribution] = {}


def _roll(dice: int, target: int) -> Distribution:
    """How many of ``dice`` dice show ``target`` or more: a binomial chance event."""
    key = (dice, target)
    if key not in _ROLLS:
        _ROLLS[key] = core.binomial(dice, _success_faces(target), FACES)
    return _ROLLS[key]


def program_of(test: SkillTest, hero: Hero, switches: Switches = DEFAULT) -> RollProgram:
    """The chance program of ``test`` for ``hero`` under the rules' switches."""
    base = hero.dice(test.dice) if isinstance(test.dice, Skill) else test.dice
    dice = base + test.bonus
    if dice + test.fortune > MOST_ROLLED:
        raise OddsError("E360", f"the test would roll {dice + test.fortune} dice (at most "
                        f"{MOST_ROLLED} for exact odds)", test,
                        hint="lower the bonus dice or the fortune spent")
    fortune = min(test.fortune, hero.fortune)
    if test.rolls is Rolls.ONCE:
        keep = "off"
    elif test.rolls is Rolls.KEEP_ROLLING and switches.keep_rolling == "off":
        keep = "all_dice"  # the card's words over the rules' default
    else:
        keep = switches.keep_rolling
    return RollProgram(dice, test.target, test.needed, test.rerolls, fortune, keep,
                       switches.reroll)


def solution_of(test: SkillTest, hero: Hero, switches: Switches = DEFAULT
                  ) -> tuple[RollProgram, core.Solution]:
    program = program_of(test, hero, switches)
    try:
        return program, core.solve(program)
    except (core.OddsTooLarge, core.OddsRefused) as e:  # bounded inputs keep it far off
        raise OddsError("E361", str(e), test) from None


# -- a fight (G6) -------------------------------------------------------------------------------


@dataclass(frozen=True)
class FightProgram:
    """A fight to the end (G6.3-G6.5) as a chance program. States:

    * ``("fight", hw, ew)``: a round starts with the hero's and the enemy's wounds; with an
      escape test the hero chooses to fight the round or try to escape (G6.5);
    * ``("round", hw, ew)``: both roll at once, a 4+ is a hit, each side ignores its defence
      in hits;
    * ``("escape", hw, ew, s)``: the escape test, at its own state ``s`` (passed: the enemy is
      left behind, the danger overcome, G6.1);
    * ``("enemy", hw, ew)``: the escape failed: only the enemy rolls that round.

    A round where nobody is wounded comes back to its state: the walk solves that loop, and the
    hero's choice inside it, exactly. **Reading:** both beaten in one round is a failed danger
    (G6.4 still gives the glory); push your limits (G2.7) is not offered to the escape yet."""

    hero: Hero
    enemy: Enemy
    escape: RollProgram | None = None
    #: What an end is worth: "pass" (1 when the enemy is overcome) or "wounds" (the wounds the
    #: hero took, a knock-out counted as health + 1), for the expected wounds of a play.
    measure: str = "pass"

    @property
    def start(self) -> Hashable:
        return ("fight", 0, 0)

    def step(self, state: Hashable) -> core.Step:
        assert isinstance(state, tuple)
        tag, hw, ew = state[:3]
        if tag == "end":  # ("end", overcome, wounds)
            return core.Done(Fraction(int(hw) if self.measure == "pass" else ew))
        if tag == "fight":
            if self.escape is None:
                return self.step(("round", hw, ew))
            return core.Decision(("fight the round", "try to escape"),
                                 (("round", hw, ew), self._escaping(hw, ew, self.escape.start)))
        if tag == "round":
            dist = _round(self.hero.dice(Skill.COMBAT), self.enemy.combat)
            return core.Chance(dist, tuple(self._after(hw, ew, *o.value) for o in dist.outcomes))
        if tag == "enemy":
            dist = _round(0, self.enemy.combat)
            return core.Chance(dist, tuple(self._after(hw, ew, *o.value) for o in dist.outcomes))
        assert tag == "escape" and self.escape is not None
        inner = self.escape.step(state[3])
        if isinstance(inner, core.Done):
            return self.step(("end", True, hw) if inner.value == 1 else ("enemy", hw, ew))
        mapped = tuple(self._escaping(hw, ew, t) for t in inner.next)
        if isinstance(inner, core.Chance):
            return core.Chance(inner.dist, mapped)
        return core.Decision(inner.labels, mapped)

    def _escaping(self, hw: int, ew: int, sub: Hashable) -> tuple[Any, ...]:
        if sub == PASS:
            return ("end", True, hw)
        return ("enemy", hw, ew) if sub == FAIL else ("escape", hw, ew, sub)

    def _after(self, hw: int, ew: int, hits: int, taken: int) -> tuple[Any, ...]:
        ew2 = ew + max(0, hits - self.enemy.defence)
        hw2 = hw + max(0, taken - self.hero.defence)
        if hw2 > self.hero.health:
            return ("end", False, self.hero.health + 1)
        if ew2 > self.enemy.health:
            return ("end", True, hw2)
        return ("fight", hw2, ew2)


_ROUNDS: dict[tuple[int, int], Distribution] = {}


def _round(hero_dice: int, enemy_dice: int) -> Distribution:
    """A combat round: (the hero's hits, the enemy's hits), each die a hit on 4+ (half the
    faces, so the weights are products of binomial coefficients)."""
    from math import comb

    key = (hero_dice, enemy_dice)
    if key not in _ROUNDS:
        pairs = [((a, b), comb(hero_dice, a) * comb(enemy_dice, b))
                 for a in range(hero_dice + 1) for b in range(enemy_dice + 1)]
        _ROUNDS[key] = Distribution(
            [Option(f"{a} hits, {b} taken", (a, b)) for (a, b), _ in pairs],
            [w for _, w in pairs])
    return _ROUNDS[key]


def fight_program(hero: Hero, enemy: Enemy, escape: n.Action | None = None,
                  switches: Switches = DEFAULT) -> FightProgram:
    """The fight of ``hero`` against ``enemy``, with the enemy's escape test if it has one."""
    if hero.dice(Skill.COMBAT) > MOST_ROLLED or enemy.combat > MOST_ROLLED or max(
            hero.health, enemy.health) > MOST_WOUNDS:
        raise OddsError("E360", f"a fight of {hero.id} against {enemy.id} is beyond the "
                        "exact walk's bounds", None, file=enemy.id)
    if escape is not None and not isinstance(escape, SkillTest):
        raise OddsError("E362", "an escape is one test", escape, file=enemy.id)
    return FightProgram(hero, enemy, program_of(escape, hero, switches)
                        if escape is not None else None)


def fight_solution(hero: Hero, enemy: Enemy, escape: n.Action | None = None,
                   switches: Switches = DEFAULT) -> tuple[FightProgram, core.Solution]:
    program = fight_program(hero, enemy, escape, switches)
    try:
        return program, core.solve(program)
    except (core.OddsTooLarge, core.OddsRefused) as e:
        raise OddsError("E361", str(e), None, file=enemy.id) from None


def expected_wounds(hero: Hero, enemy: Enemy, escape: n.Action | None = None,
                    switches: Switches = DEFAULT) -> Fraction:
    """The wounds ``hero`` expects to take fighting ``enemy`` as the play that overcomes it
    most often does (G8.2); a knock-out counts health + 1."""
    program, solution = fight_solution(hero, enemy, escape, switches)
    wounds = FightProgram(program.hero, program.enemy, program.escape, "wounds")
    return core.solve(wounds, played=solution.policy).value


def fight_odds(hero: Hero, enemy: Enemy, escape: n.Action | None = None,
               switches: Switches = DEFAULT) -> Fraction:
    """The chance that ``hero`` overcomes ``enemy`` (G6.1): beats it in a fight to the end,
    or escapes by its escape test (G6.5), choosing each round at best."""
    return fight_solution(hero, enemy, escape, switches)[1].value


# -- combinations --------------------------------------------------------------------------------


def odds(action: n.Action, hero: Hero, switches: Switches = DEFAULT) -> Fraction:
    """The exact chance that ``hero`` passes ``action``: a test, `or` (the hero takes the
    better, G2.8), `then` (both, in order: G2.8's "and"; a failed first test fails the whole),
    `x N` (N times in a row)."""
    handler = _ODDS.get(type(action))
    if handler is None:
        raise OddsError("E362", f"the odds walk tests, `or`, `then` and `x N`, not "
                        f"{type(action).__name__}", action,
                        hint="a danger's action is written with tests only")
    return handler(action, hero, switches)


def _test(node: n.Action, hero: Hero, switches: Switches) -> Fraction:
    assert isinstance(node, SkillTest)
    return solution_of(node, hero, switches)[1].value


def _choice(node: n.Action, hero: Hero, switches: Switches) -> Fraction:
    assert isinstance(node, n.Choice)
    return max(odds(item, hero, switches) for item in node.items)


def _then(node: n.Action, hero: Hero, switches: Switches) -> Fraction:
    assert isinstance(node, n.Then)
    out = Fraction(1)
    for item in node.items:
        out *= odds(item, hero, switches)
    return out


def _repeat(node: n.Action, hero: Hero, switches: Switches) -> Fraction:
    assert isinstance(node, n.Repeat)
    if not isinstance(node.count, n.Fixed):
        raise OddsError("E362", "a test is repeated a fixed number of times (`x 2`)",
                        node.count)
    return odds(node.body, hero, switches) ** node.count.n


_ODDS: dict[type, Callable[[n.Action, Hero, Switches], Fraction]] = {
    SkillTest: _test, n.Choice: _choice, n.Then: _then, n.Repeat: _repeat}


# -- the same by rolling dice -----------------------------------------------------------------


@dataclass
class Sampler:
    """Runs of an action rolled die by die, each test deciding as its exact walk's best play
    says (the walks made once and kept)."""

    hero: Hero
    switches: Switches = field(default_factory=Switches)
    _tests: dict[SkillTest, tuple[RollProgram, core.Solution]] = field(default_factory=dict)
    _best: dict[n.Choice, n.Action] = field(default_factory=dict)

    def passes(self, action: n.Action, rng: random.Random) -> bool:
        if isinstance(action, SkillTest):
            if action not in self._tests:
                self._tests[action] = solution_of(action, self.hero, self.switches)
            program, solution = self._tests[action]
            return program.sample_faces(rng, solution.policy)
        if isinstance(action, n.Choice):  # the hero takes the branch of best odds
            if action not in self._best:
                self._best[action] = max(action.items,
                                         key=lambda item: odds(item, self.hero, self.switches))
            return self.passes(self._best[action], rng)
        if isinstance(action, n.Then):
            return all(self.passes(item, rng) for item in action.items)
        if isinstance(action, n.Repeat) and isinstance(action.count, n.Fixed):
            return all(self.passes(action.body, rng) for _ in range(action.count.n))
        odds(action, self.hero, self.switches)  # raises the positioned refusal
        raise AssertionError("odds() refuses what the sampler cannot roll")


@dataclass
class FightSampler:
    """Fights rolled die by die, the hero choosing (fight or escape, then within the escape
    test) as the exact walk's best play says."""

    program: FightProgram
    policy: Mapping[Hashable, int]
    #: At most this many rounds a rolled fight; the exact walk refuses one nobody can end.
    most_rounds: int = 10_000
    _escapes: dict[tuple[int, int], dict[Hashable, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for state, i in self.policy.items():
            if isinstance(state, tuple) and state[0] == "escape":
                self._escapes.setdefault((state[1], state[2]), {})[state[3]] = i

    def passes(self, rng: random.Random) -> bool:
        program, hero, enemy = self.program, self.program.hero, self.program.enemy
        state: Hashable = program.start
        for _ in range(self.most_rounds):
            assert isinstance(state, tuple)
            _, hw, ew = state
            if program.escape is not None and self.policy.get(state, 0) == 1:
                if program.escape.sample_faces(rng, self._escapes.get((hw, ew), {})):
                    return True
                hits = 0  # the escape failed: only the enemy rolls (G6.5)
            else:
                hits = sum(below(rng, FACES) + 1 >= HIT for _ in range(hero.dice(Skill.COMBAT)))
            taken = sum(below(rng, FACES) + 1 >= HIT for _ in range(enemy.combat))
            state = program._after(hw, ew, hits, taken)
            assert isinstance(state, tuple)
            if state[0] == "end":
                return bool(state[1])
        raise OddsError("E361", f"a fight of {hero.id} against {enemy.id} lasted "
                        f"{self.most_rounds} rounds", None, file=enemy.id)


def simulate(action: n.Action, hero: Hero, runs: int, seed: int,
             switches: Switches = DEFAULT) -> int:
    """How many of ``runs`` runs of ``action``, rolled from a generator seeded ``seed``, pass."""
    if not 0 < runs <= MOST_RUNS:
        raise OddsError("E807", f"runs must be 1 to {MOST_RUNS}, not {runs}", None,
                        file="--simulate")
    sampler = Sampler(hero, switches)
    rng = random.Random(seed)
    return sum(sampler.passes(action, rng) for _ in range(runs))
