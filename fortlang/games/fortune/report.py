"""What ``fortlang odds`` prints (issue 35 item 2): the exact chance that a hero passes a test
text, a danger or an enemy of a set, as a fraction and a percentage, and, asked for, the same
figure from dice rolled N times with a seed.

>>> from fortlang.games.fortune.deck import SAMPLE, read_set
>>> figures = odds_of("test 3 dice 5+ need 2", "duke_dudley", read_set(SAMPLE), runs=1000)
>>> print(figures.text())
test 3 dice 5+ need 2, duke_dudley: 139/243 = 57.20%
  rolled 1,000 times (seed 0): 587 passed = 58.70%
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fortlang import nodes as n
from fortlang.engine import odds as core
from fortlang.errors import ERROR, Diagnostic, FortError, did_you_mean
from fortlang.escape import shown
from fortlang.games.fortune.adventure import AdventureSampler, adventure_odds
from fortlang.games.fortune.adventure import program_of as adventure_program
from fortlang.games.fortune.deck import Deck
from fortlang.games.fortune.odds import (
    DEFAULT,
    MOST_RUNS,
    Enemy,
    FightProgram,
    FightSampler,
    Hero,
    Sampler,
    fight_odds,
    fight_solution,
    odds,
)
from fortlang.games.fortune.switches import Switches
from fortlang.games.fortune.vocabulary import VOCABULARY
from fortlang.parser import language

#: A card id's shape (the common ``id`` attribute's pattern).
_CARD_ID = re.compile(r"[a-z0-9]+(_[a-z0-9]+)*")


@dataclass(frozen=True)
class Figures:
    """One answer: what was asked, for whom, the exact chance, and the rolled runs if any."""

    what: str
    hero: str
    exact: Fraction
    how: str  # "tests", "fight" (a danger: the hero's better option), "adventure"
    runs: int = 0
    passed: int = 0
    seed: int = 0
    #: A fight's expected wounds for the hero, at the play that overcomes it most often.
    wounds: Fraction | None = None

    def text(self) -> str:
        out = (f"{shown(self.what)}, {shown(self.hero)}: {self.exact} = "
               f"{_percent(float(self.exact))}" + (f" ({self.how})" if self.how in (
                   "fight", "adventure") else ""))
        if self.wounds is not None:
            out += f"\n  expected wounds: {self.wounds} = {float(self.wounds):.2f}"
        if self.runs:
            out += (f"\n  rolled {self.runs:,} times (seed {self.seed}): {self.passed:,} passed"
                    f" = {_percent(self.passed / self.runs)}")
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "what": self.what, "hero": self.hero, "by": self.how,
            "exact": {"fraction": str(self.exact), "numerator": self.exact.numerator,
                      "denominator": self.exact.denominator, "probability": float(self.exact)}}
        if self.wounds is not None:
            out["expected_wounds"] = {"fraction": str(self.wounds),
                                      "value": float(self.wounds)}
        if self.runs:
            out["simulated"] = {"runs": self.runs, "passed": self.passed, "seed": self.seed,
                                "probability": self.passed / self.runs}
        return out


def _percent(p: float) -> str:
    return f"{100 * p:.2f}%"


def odds_of(what: str, hero_id: str, deck: Deck, *, runs: int = 0, seed: int = 0,
            switches: Switches = DEFAULT) -> Figures:
    """The odds of ``what``, an artifact's (its adventure, G5), a danger's or an enemy's id in
    ``deck``, else a test's text, for
    the hero ``hero_id`` of ``deck``; with ``runs``, the same by rolling dice."""
    hero = Hero.from_card(deck.find("hero", hero_id, "--hero"))
    if not 0 <= runs <= MOST_RUNS:
        raise FortError(Diagnostic(ERROR, "E807", f"--simulate is 1 to {MOST_RUNS:,}, not "
                                   f"{runs}", None, "--simulate"))
    if what in deck.artifacts:
        return _adventure(what, hero.id, deck, runs, seed, switches)
    if what in deck.enemies:
        enemy = Enemy.from_card(deck.enemies[what])
        return _fight(what, hero, enemy, deck.actions.get((what, "escape")), runs, seed,
                      switches)
    if what in deck.dangers:
        test = deck.actions[(what, "test")]
        exact = odds(test, hero, switches)
        foe = deck.dangers[what].get("enemy")
        if foe is not None:
            enemy = Enemy.from_card(deck.find("enemy", str(foe), what))
            escape = deck.actions.get((str(foe), "escape"))
            if fight_odds(hero, enemy, escape, switches) > exact:  # G6.1: fight instead
                return _fight(what, hero, enemy, escape, runs, seed, switches)
        return _tests(what, test, hero, exact, runs, seed, switches)
    if _CARD_ID.fullmatch(what):  # one word is never a test: a card id misspelt
        ids = {**deck.artifacts, **deck.dangers, **deck.enemies}
        raise FortError(Diagnostic(ERROR, "E363", f"no artifact, danger or enemy "
                                   f"`{what[:40]}` in the set", None, "<command line>",
                                   did_you_mean(what, ids) or ("cards: " + ", ".join(
                                       sorted(ids)))))
    action = language(VOCABULARY).parse_action(what, "<command line>")
    return _tests(what, action, hero, odds(action, hero, switches), runs, seed, switches)


def _tests(what: str, action: n.Action, hero: Hero, exact: Fraction, runs: int, seed: int,
           switches: Switches) -> Figures:
    passed = 0
    if runs:
        sampler, rng = Sampler(hero, switches), random.Random(seed)
        passed = sum(sampler.passes(action, rng) for _ in range(runs))
    return Figures(what, hero.id, exact, "tests", runs, passed, seed)


def _fight(what: str, hero: Hero, enemy: Enemy, escape: n.Action | None, runs: int, seed: int,
           switches: Switches) -> Figures:
    program, solution = fight_solution(hero, enemy, escape, switches)
    passed = 0
    if runs:
        sampler, rng = FightSampler(program, solution.policy), random.Random(seed)
        passed = sum(sampler.passes(rng) for _ in range(runs))
    wounds = core.solve(FightProgram(hero, enemy, program.escape, "wounds"),
                        played=solution.policy).value
    return Figures(what, hero.id, solution.value, "fight", runs, passed, seed, wounds)




def _adventure(what: str, hero_id: str, deck: Deck, runs: int, seed: int,
               switches: Switches) -> Figures:
    """The hunt of an artifact (G5): its exact chance, and rolled hunts if asked."""
    program = adventure_program(deck, what, hero_id, switches)
    solution = adventure_odds(deck, what, hero_id, switches, program)
    passed = 0
    if runs:
        sampler, rng = AdventureSampler(program, solution.policy), random.Random(seed)
        passed = sum(sampler.passes(rng) for _ in range(runs))
    return Figures(what, hero_id, solution.value, "adventure", runs, passed, seed)
