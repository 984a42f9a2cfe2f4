"""An adventure's odds (G5, issue 35 item 2): the exact chance that a hero hunting an artifact
overcomes as many dangers as its danger value before being knocked out, as one chance program
walked by the core (:mod:`fortlang.engine.odds`).

The hunt, state by state (``m`` danger markers, ``w`` wounds carried, ``held`` the dangers
overcome since the last camp, G4.2, kept out of the deck):

* ``("draw", m, w, held)``: with ``m`` markers equal to the danger value the artifact is taken
  (G5.5); else a danger is drawn, uniformly from the deck less the held ones (G4.6); a hero
  holding the whole deck camps first (G5.4: the held dangers go back, every wound heals);
* ``("face", m, w, held, d)``: the hero takes the danger's tests or, where it has an enemy,
  fights it instead (G6.1): a decision, played for the whole hunt's best;
* ``("tests", ...)``: passed with the tests' exact chance (the walk of :func:`.odds.odds`, the
  hero's fortune spendable in each test as for a lone test); failed, the danger turns to its
  cliffhanger (G4.3);
* ``("fight", m, w, held, d, sub)``: the fight of :class:`.odds.FightProgram`, its state
  ``sub`` embedded whole (its rounds, its loops and the escape decision, G6.5), the hero's
  wounds carried in (a knock-out at more than their health, G3.1, ends the hunt);
* ``("cliff", m, w, d)``: the next adventure phase, the cliffhanger's test (G4.4): beaten, a
  marker and the hunt goes on; failed, the hero is knocked out. A danger with no cliffhanger
  printed is simply lost (discarded, no marker).

**Reading** (G5.6, ``fortune.adventure_policy = press_on``): the hero presses on after every
success and never camps by choice (every held danger and wound stays), so the hunt ends with
the artifact or a knock-out; the value is the chance of the artifact.

>>> from fortlang.games.fortune.deck import SAMPLE, read_set
>>> deck = read_set(SAMPLE)
>>> hunt = adventure_odds(deck, "golden_idol", "jake_zane")
>>> 0 < hunt.value < 1, hunt.states < 5_000
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from fortlang import nodes as n
from fortlang.engine import odds as core
from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Option
from fortlang.games.fortune.deck import Deck
from fortlang.games.fortune.odds import (
    DEFAULT,
    Enemy,
    FightProgram,
    Hero,
    OddsError,
    Sampler,
    fight_program,
    odds,
)
from fortlang.games.fortune.switches import Switches

#: The most dangers an artifact may need (the card kind's bound, G5.1).
MOST_DANGER_VALUE = 8


@dataclass(frozen=True)
class Danger:
    """What of a danger the hunt reads: its id, its tests' exact chance, its fight (a fight
    program for the unwounded hero, or None), its cliffhanger's chance (None: none printed)."""

    id: str
    tests: Fraction
    test: n.Action
    enemy: Enemy | None
    escape: n.Action | None
    cliffhanger: Fraction | None
    cliffhanger_test: n.Action | None


@dataclass(frozen=True)
class AdventureProgram:
    """The hunt of one artifact by one hero (see the module's docstring)."""

    hero: Hero
    danger_value: int
    dangers: tuple[Danger, ...]
    switches: Switches = DEFAULT
    _fights: dict[tuple[str, int], list[tuple[int | None, Fraction]]] = field(
        default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def start(self) -> Hashable:
        return ("draw", 0, 0, frozenset())

    def step(self, state: Hashable) -> core.Step:
        assert isinstance(state, tuple)
        tag = state[0]
        if tag == "end":
            return core.Done(Fraction(int(state[1])))
        if tag == "draw":
            _, m, w, held = state
            if m >= self.danger_value:
                return core.Done(Fraction(1))  # G5.5: the artifact is taken
            left = [d.id for d in self.dangers if d.id not in held]
            if not left:  # G5.4: every danger held: the hero camps, heals, and goes on
                return self.step(("draw", m, 0, frozenset()))
            drawn = Distribution([Option(d, d) for d in left])
            return core.Chance(drawn, tuple(("face", m, w, held, d) for d in left))
        if tag == "face":
            _, m, w, held, d = state
            danger = self._danger(d)
            tests = ("tests", m, w, held, d)
            if danger.enemy is None:
                return self.step(tests)
            return core.Decision(("take the tests", "fight"), (tests, ("fight", m, w, held, d)))
        if tag == "tests":
            _, m, w, held, d = state
            return _chance(self._danger(d).tests, self._after(m, w, held | {d}),
                           ("cliff", m, w, d))
        if tag == "cliff":
            _, m, w, d = state
            q = self._danger(d).cliffhanger
            if q is None:  # nothing printed on the back: the danger is lost, the hunt goes on
                return self.step(("draw", m, w, frozenset()))
            return _chance(q, self._after(m, w, frozenset({d})), ("end", False))
        assert tag == "fight"
        _, m, w, held, d = state
        ends = self.fight_ends(d, w)
        dist = core.Exact.of([(Option("knocked out" if k is None else f"{k} wounds", k), p)
                              for k, p in ends])
        return core.Chance(dist, tuple(("end", False) if o.value is None
                                       else self._after(m, w + o.value, held | {d})
                                       for o in dist.outcomes))

    def fight_ends(self, danger_id: str, wounds: int) -> list[tuple[int | None, Fraction]]:
        """How the fight of danger ``danger_id`` ends for a hero carrying ``wounds``: (wounds
        taken in it, or None for a knock-out) with its exact chance, the hero playing it as the
        lone fight's best play (the escape rounds, G6.5: :func:`.odds.fight_solution`)."""
        key = (danger_id, wounds)
        if key not in self._fights:
            danger = self._danger(danger_id)
            assert danger.enemy is not None
            hurt = replace(self.hero, health=self.hero.health - wounds)  # G3.1 carried
            program = fight_program(hurt, danger.enemy, danger.escape, self.switches)
            try:
                policy = core.solve(program).policy
                ends = [(k, core.solve(_Ending(program, k), played=policy).value)
                        for k in [*range(hurt.health + 1), None]]
            except (core.OddsTooLarge, core.OddsRefused) as e:
                raise OddsError("E361", str(e), None, file=danger_id) from None
            self._fights[key] = [(k, p) for k, p in ends if p]
        return self._fights[key]

    def _after(self, m: int, w: int, held: frozenset[str]) -> tuple[Any, ...]:
        """A danger overcome: a marker (G4.2), and the hunt presses on (G5.6)."""
        return ("draw", m + 1, w, held)

    def _danger(self, danger_id: str) -> Danger:
        return next(d for d in self.dangers if d.id == danger_id)



@dataclass(frozen=True)
class _Ending:
    """A fight whose value is 1 where it ends with ``wounds`` taken (None: a knock-out)."""

    fight: FightProgram
    wounds: int | None

    @property
    def start(self) -> Hashable:
        return self.fight.start

    def step(self, state: Hashable) -> core.Step:
        assert isinstance(state, tuple)
        if state[0] == "end":
            _, overcome, taken = state
            hit = (not overcome) if self.wounds is None else (overcome and taken == self.wounds)
            return core.Done(Fraction(int(hit)))
        inner = self.fight.step(state)
        if isinstance(inner, core.Done):  # an escape passed (G6.5): overcome, hw wounds
            return core.Done(Fraction(int(self.wounds == state[1])))
        return inner


def _chance(p: Fraction, passed: Hashable, failed: Hashable) -> core.Chance:
    """Passed with exact chance ``p`` (weights p's numerator against the rest)."""
    if p == 1 or p == 0:
        outcomes = [(passed, 1)] if p == 1 else [(failed, 1)]
    else:
        outcomes = [(passed, p.numerator), (failed, p.denominator - p.numerator)]
    dist = Distribution([Option("passed" if s is passed else "failed", i)
                         for i, (s, _) in enumerate(outcomes)], [w for _, w in outcomes])
    return core.Chance(dist, tuple(s for s, _ in outcomes))


def program_of(deck: Deck, artifact_id: str, hero_id: str,
               switches: Switches = DEFAULT) -> AdventureProgram:
    """The hunt of ``artifact_id`` by ``hero_id``, both of ``deck``, against its danger deck
    (every danger of the set, G4.6); E363 for an unknown card."""
    artifact = deck.find("artifact", artifact_id, "<command line>")
    hero = Hero.from_card(deck.find("hero", hero_id, "--hero"))
    dangers = []
    for d_id, card in sorted(deck.dangers.items()):
        test = deck.actions[(d_id, "test")]
        cliff = deck.actions.get((d_id, "cliffhanger"))
        foe = card.get("enemy")
        enemy = Enemy.from_card(deck.find("enemy", str(foe), d_id)) if foe else None
        dangers.append(Danger(d_id, odds(test, hero, switches), test, enemy,
                              deck.actions.get((str(foe), "escape")) if foe else None,
                              odds(cliff, hero, switches) if cliff is not None else None, cliff))
    if not dangers:
        raise OddsError("E363", "the set has no danger to hunt an artifact with", None,
                        file=artifact_id, hint="add a dangers file (G4) to the set")
    value = int(artifact["danger_value"])
    return AdventureProgram(hero, value, tuple(dangers), switches)


def adventure_odds(deck: Deck, artifact_id: str, hero_id: str, switches: Switches = DEFAULT,
                   program: AdventureProgram | None = None) -> core.Solution:
    """The exact chance that ``hero_id`` takes ``artifact_id`` (G5), pressing on (G5.6), with
    the play that takes it most often; E361 when the walk is out of reach."""
    if program is None:
        program = program_of(deck, artifact_id, hero_id, switches)
    try:
        return core.solve(program)
    except (core.OddsTooLarge, core.OddsRefused) as e:
        raise OddsError("E361", str(e), None, file=artifact_id) from None


@dataclass
class AdventureSampler:
    """Hunts rolled: dangers drawn from the deck, every test rolled die by die
    (:class:`.odds.Sampler`), fights and decisions as the exact walk's best play says."""

    program: AdventureProgram
    policy: Mapping[Hashable, int]
    _tests: Sampler = field(init=False)

    def __post_init__(self) -> None:
        self._tests = Sampler(self.program.hero, self.program.switches)

    def passes(self, rng: random.Random) -> bool:
        program = self.program
        state: Hashable = program.start
        for _ in range(core.MOST_STEPS):
            assert isinstance(state, tuple)
            if state[0] in ("tests", "cliff"):  # the dice, face by face
                danger = program._danger(state[-1])
                if state[0] == "tests":
                    _, m, w, held, d = state
                    state = (program._after(m, w, held | {d})
                             if self._tests.passes(danger.test, rng) else ("cliff", m, w, d))
                elif danger.cliffhanger_test is None:
                    state = ("draw", state[1], state[2], frozenset())
                else:
                    _, m, w, d = state
                    state = (program._after(m, w, frozenset({d}))
                             if self._tests.passes(danger.cliffhanger_test, rng)
                             else ("end", False))
                continue
            step = program.step(state)
            if isinstance(step, core.Done):
                return step.value == 1
            if isinstance(step, core.Chance):
                state = step.next[step.dist.draw(rng)]
            else:
                state = step.next[self.policy.get(state, 0)]
        raise OddsError("E361", f"a rolled hunt took more than {core.MOST_STEPS} steps", None,
                        file="--simulate")
