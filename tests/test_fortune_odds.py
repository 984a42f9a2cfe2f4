"""Fortune and Glory's exact odds (issue 35 item 2, G8): every figure is checked against an
enumeration written here, die face by die face (itertools.product over the faces, a direct
recursion for the rolls that follow, the hero's best choice by max), sharing no code with the
chance-program walk; ten of them against 100,000 seeded rolls of real dice."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from fortlang.errors import FortError
from fortlang.games.fortune.odds import (
    MOST_ROLLED,
    Enemy,
    FightSampler,
    Hero,
    expected_wounds,
    fight_odds,
    fight_solution,
    odds,
    simulate,
    solution_of,
)
from fortlang.games.fortune.switches import Switches
from fortlang.games.fortune.vocabulary import VOCABULARY
from fortlang.parser import language

WORDS = language(VOCABULARY)
DUKE = Hero("duke", {"combat": 3, "agility": 3, "cunning": 4, "lore": 2}, health=4, fortune=2)
FACES = range(1, 7)


def enumerated(dice: int, target: int, need: int, keep: str = "all_dice", rerolls: int = 0,
               reroll: str = "once_per_roll", fortune: int = 0) -> Fraction:
    """The chance to pass, by listing every face of every die of every roll."""

    @cache
    def roll(s: int, r: int, rr: int, fl: int) -> Fraction:
        best = Fraction(0)
        for spent in range(fl + 1):
            rolled = list(product(FACES, repeat=r + spent))
            total = sum((rolled_out(s, r + spent, sum(f >= target for f in faces), rr,
                                    fl - spent) for faces in rolled), Fraction(0))
            best = max(best, total / len(rolled))
        return best

    @cache
    def rolled_out(s: int, r: int, k: int, rr: int, fl: int) -> Fraction:
        kept = settle(s, r, k, rr, fl)
        if rr and k < r and s + k < need:
            again = sum((rolled_out(s, r, k + (f >= target), rr - 1, fl) for f in FACES),
                        Fraction(0)) / 6
            return max(kept, again)
        return kept

    def settle(s: int, r: int, k: int, rr: int, fl: int) -> Fraction:
        if s + k >= need:
            return Fraction(1)
        if k == 0 or keep == "off":
            return Fraction(0)
        nxt = dice if keep == "all_dice" else r - k
        if nxt == 0:
            return Fraction(0)
        return roll(s + k, nxt, rerolls if reroll == "once_per_roll" else rr, fl)

    return roll(0, dice, rerolls, fortune)


def _text(dice: int, target: int, need: int, rerolls: int = 0, fortune: int = 0) -> str:
    return (f"test {dice} dice {target}+ need {need}" + (f" reroll {rerolls}" if rerolls else "")
            + (f" spend {fortune} fortune" if fortune else ""))


PLAIN = [(d, t, m, keep) for d in range(1, 5) for t in range(2, 7) for m in range(1, 4)
         for keep in ("all_dice", "failed_dice", "off")]


@pytest.mark.parametrize(("dice", "target", "need", "keep"), PLAIN, ids=str)
def test_a_plain_test_is_exact(dice: int, target: int, need: int, keep: str) -> None:
    test = WORDS.parse_action(_text(dice, target, need))
    assert odds(test, DUKE, Switches(keep_rolling=keep)) == enumerated(dice, target, need, keep)


REROLLED = [(d, t, m, rr, how, keep) for d in range(1, 4) for t in (3, 5) for m in (1, 2, 3)
            for rr in (1, 2) for how in ("once_per_roll", "once_per_test")
            for keep in ("all_dice", "failed_dice")]


@pytest.mark.parametrize(("dice", "target", "need", "rerolls", "how", "keep"), REROLLED, ids=str)
def test_a_test_with_rerolls_is_exact_at_the_best_play(dice: int, target: int, need: int,
                                                       rerolls: int, how: str, keep: str) -> None:
    test = WORDS.parse_action(_text(dice, target, need, rerolls))
    assert odds(test, DUKE, Switches(keep_rolling=keep, reroll=how)) == \
        enumerated(dice, target, need, keep, rerolls, how)


SPENT = [(d, t, m, f) for d in (1, 2) for t in (4, 6) for m in (1, 2) for f in (1, 2)]


@pytest.mark.parametrize(("dice", "target", "need", "fortune"), SPENT, ids=str)
def test_fortune_spent_is_exact_at_the_best_play(dice: int, target: int, need: int,
                                                 fortune: int) -> None:
    test = WORDS.parse_action(_text(dice, target, need, fortune=fortune))
    assert odds(test, DUKE) == enumerated(dice, target, need, fortune=fortune)


def test_the_issues_figures_three_dice_5_up_two_successes() -> None:
    keep = WORDS.parse_action("test 3 dice 5+ need 2 keep_rolling")
    once = WORDS.parse_action("test 3 dice 5+ need 2 once")
    assert odds(keep, DUKE) == Fraction(139, 243)
    assert odds(once, DUKE) == Fraction(7, 27)
    assert odds(WORDS.parse_action("test agility 5+ need 2"), DUKE) == Fraction(139, 243)
    assert odds(keep, DUKE, Switches(keep_rolling="off")) == Fraction(139, 243)  # the card's word
    assert odds(WORDS.parse_action("test agility 5+ need 2"), DUKE,
                Switches(keep_rolling="off")) == Fraction(7, 27)


def test_a_hero_skill_is_the_number_of_dice_and_bonus_dice_add() -> None:
    assert odds(WORDS.parse_action("test cunning 4+ need 3"), DUKE) == enumerated(4, 4, 3)
    assert odds(WORDS.parse_action("test lore 4+ need 3 +2 dice"), DUKE) == enumerated(4, 4, 3)


def test_fortune_spent_is_bounded_by_the_heros_fortune() -> None:
    poor = Hero("poor", DUKE.skills, fortune=0)
    test = WORDS.parse_action("test lore 6+ need 2 spend 3 fortune")
    assert odds(test, poor) == enumerated(2, 6, 2)
    assert odds(test, DUKE) == enumerated(2, 6, 2, fortune=2)


def test_or_takes_the_better_then_needs_both_x_repeats() -> None:
    a, b = enumerated(2, 4, 2), enumerated(3, 5, 2)  # lore 2 dice, combat 3 dice
    both = "test lore 4+ need 2 then test combat 5+ need 2"
    assert odds(WORDS.parse_action(both), DUKE) == a * b
    assert odds(WORDS.parse_action("test lore 4+ need 2 or test combat 5+ need 2"), DUKE) == \
        max(a, b)
    assert odds(WORDS.parse_action(f"({both}) x 2"), DUKE) == (a * b) ** 2


def test_the_best_play_may_keep_a_reroll_for_later() -> None:
    """Once per test, re-rolling a failed die at once is not always best: the walk's policy
    (max over the decisions) finds when to keep it for a roll without a success."""
    test = WORDS.parse_action("test 2 dice 4+ need 3 reroll")
    program, solution = solution_of(test, DUKE, Switches(reroll="once_per_test"))
    eager = enumerated(2, 4, 3, rerolls=1, reroll="once_per_test")
    assert solution.value == eager
    kept = [s for s, i in solution.policy.items() if s[0] == "rolled" and i == 0]
    assert kept, "some state keeps its re-roll for later"


def independent_fight(h: int, e: int, health: int, enemy_health: int, defence: int = 0,
                      enemy_defence: int = 0) -> Fraction:
    """Every face of both sides' dice each round; a round that wounds nobody repeats, so a
    state's value is the other outcomes' over those that do not repeat it."""

    @cache
    def value(hw: int, ew: int) -> Fraction:
        total, stay, count = Fraction(0), 0, 0
        for faces in product(FACES, repeat=h + e):
            count += 1
            hits = sum(f >= 4 for f in faces[:h])
            taken = sum(f >= 4 for f in faces[h:])
            hw2, ew2 = hw + max(0, taken - defence), ew + max(0, hits - enemy_defence)
            if hw2 > health:
                continue
            if ew2 > enemy_health:
                total += 1
            elif (hw2, ew2) == (hw, ew):
                stay += 1
            else:
                total += value(hw2, ew2)
        return total / (count - stay)

    return value(0, 0)


FIGHTS = [(3, 2, 4, 1, 0, 0), (2, 2, 2, 2, 0, 0), (3, 2, 1, 1, 1, 0), (2, 3, 4, 2, 0, 1),
          (1, 1, 0, 0, 0, 0), (4, 1, 3, 3, 1, 1), (2, 1, 2, 4, 0, 0), (1, 3, 5, 0, 1, 0)]


@pytest.mark.parametrize(("h", "e", "health", "enemy_health", "defence", "enemy_defence"),
                         FIGHTS, ids=str)
def test_a_fight_to_the_end_is_exact(h: int, e: int, health: int, enemy_health: int,
                                     defence: int, enemy_defence: int) -> None:
    hero = Hero("h", {"combat": h}, health=health, defence=defence)
    enemy = Enemy("e", e, enemy_health, enemy_defence)
    assert fight_odds(hero, enemy) == independent_fight(h, e, health, enemy_health, defence,
                                                        enemy_defence)


def independent_wounds(h: int, e: int, health: int, enemy_health: int) -> Fraction:
    """The wounds a hero expects in a fight to the end, every face listed; a knock-out counts
    health + 1, a round that wounds nobody repeats."""

    @cache
    def value(hw: int, ew: int) -> Fraction:
        total, stay, count = Fraction(0), 0, 0
        for faces in product(FACES, repeat=h + e):
            count += 1
            hw2 = hw + sum(f >= 4 for f in faces[h:])
            ew2 = ew + sum(f >= 4 for f in faces[:h])
            if hw2 > health:
                total += health + 1
            elif ew2 > enemy_health:
                total += hw2
            elif (hw2, ew2) == (hw, ew):
                stay += 1
            else:
                total += value(hw2, ew2)
        return total / (count - stay)

    return value(0, 0)


@pytest.mark.parametrize(("h", "e", "health", "enemy_health"),
                         [(3, 2, 4, 1), (2, 2, 2, 2), (1, 3, 3, 0), (2, 1, 1, 3)], ids=str)
def test_the_expected_wounds_of_a_fight_are_exact(h: int, e: int, health: int,
                                                  enemy_health: int) -> None:
    hero = Hero("h", {"combat": h}, health=health)
    assert expected_wounds(hero, Enemy("e", e, enemy_health)) == \
        independent_wounds(h, e, health, enemy_health)


def independent_escape_fight(h: int, e: int, health: int, enemy_health: int, defence: int,
                             q: Fraction) -> Fraction:
    """A fight where, at each round, the hero may instead try an escape test passed with
    chance ``q`` (G6.5; failed, only the enemy rolls). The best stationary choice at a state is
    the better of always fighting there and always trying to escape there, each summed over the
    rounds that come back to that state."""

    def enemy_rolls() -> list[int]:
        return [sum(f >= 4 for f in faces) for faces in product(FACES, repeat=e)]

    @cache
    def value(hw: int, ew: int) -> Fraction:
        fight, stay, count = Fraction(0), 0, 0
        for faces in product(FACES, repeat=h + e):
            count += 1
            hits, taken = sum(f >= 4 for f in faces[:h]), sum(f >= 4 for f in faces[h:])
            hw2, ew2 = hw + max(0, taken - defence), ew + hits
            if hw2 > health:
                continue
            if ew2 > enemy_health:
                fight += 1
            elif (hw2, ew2) == (hw, ew):
                stay += 1
            else:
                fight += value(hw2, ew2)
        by_fight = fight / (count - stay)
        rolls = enemy_rolls()
        back, on = Fraction(0), Fraction(0)
        for taken in rolls:
            hw2 = hw + max(0, taken - defence)
            if hw2 == hw:
                back += Fraction(1, len(rolls))
            elif hw2 <= health:
                on += value(hw2, ew) / len(rolls)
        by_escape = (q + (1 - q) * on) / (1 - (1 - q) * back)
        return max(by_fight, by_escape)

    return value(0, 0)


ESCAPES = [(2, 2, 2, 1, 0, "test 2 dice 5+ need 1 once"), (1, 3, 2, 2, 1, "test 1 die 4+ need 1"),
           (3, 2, 1, 2, 0, "test 2 dice 6+ need 1 once"), (1, 2, 3, 3, 1, "test 3 dice 5+ need 2"),
           (2, 1, 0, 1, 0, "test 1 die 3+ need 1 once")]


@pytest.mark.parametrize(("h", "e", "health", "enemy_health", "defence", "escape"), ESCAPES,
                         ids=str)
def test_a_fight_with_an_escape_is_exact_at_the_best_play(h: int, e: int, health: int,
                                                          enemy_health: int, defence: int,
                                                          escape: str) -> None:
    hero = Hero("h", {"combat": h}, health=health, defence=defence)
    test = WORDS.parse_action(escape)
    q = odds(test, hero)
    assert fight_odds(hero, Enemy("e", e, enemy_health), test) == \
        independent_escape_fight(h, e, health, enemy_health, defence, q)
    assert fight_odds(hero, Enemy("e", e, enemy_health), test) >= \
        fight_odds(hero, Enemy("e", e, enemy_health))


def test_rolled_fights_with_escapes_agree_with_the_exact_odds() -> None:
    hero = Hero("h", {"combat": 1, "agility": 2}, health=2, defence=0)
    enemy = Enemy("e", 3, 2, 1)
    program, solution = fight_solution(hero, enemy, WORDS.parse_action("test agility 5+ need 2"))
    assert any(i == 1 for s, i in solution.policy.items() if s[0] == "fight")  # escapes
    rng, runs = random.Random(35), 50_000
    sampler = FightSampler(program, solution.policy)
    passed = sum(sampler.passes(rng) for _ in range(runs))
    exact = solution.value
    assert abs(passed / runs - float(exact)) <= 3 * math.sqrt(float(exact * (1 - exact)) / runs)


SAMPLED = ["test 3 dice 5+ need 2 keep_rolling", "test 3 dice 5+ need 2 once",
           "test agility 4+ need 3", "test cunning 6+ need 1", "test lore 3+ need 4",
           "test combat 5+ need 2 reroll", "test lore 6+ need 2 spend 2 fortune",
           "test lore 4+ need 1 or test agility 5+ need 2",
           "test cunning 6+ need 1 then test combat 5+ need 2",
           "test 2 dice 4+ need 3 +1 die reroll 2"]
RUNS = 100_000


@pytest.mark.parametrize("text", SAMPLED)
def test_rolled_dice_agree_with_the_exact_odds_within_three_standard_errors(text: str) -> None:
    action = WORDS.parse_action(text)
    exact = odds(action, DUKE)
    passed = simulate(action, DUKE, RUNS, seed=35)
    error = math.sqrt(float(exact * (1 - exact)) / RUNS)
    assert abs(passed / RUNS - float(exact)) <= 3 * error + 1e-12, (passed, float(exact))


def test_a_seed_gives_the_same_runs() -> None:
    action = WORDS.parse_action("test combat 5+ need 2 reroll")
    assert simulate(action, DUKE, 2000, seed=7) == simulate(action, DUKE, 2000, seed=7)


def test_too_many_dice_is_e360_at_the_test() -> None:
    strong = Hero("strong", {"combat": 12})
    text = "test lore 4+ need 1 or test combat 5+ need 2 +6 dice"
    with pytest.raises(FortError) as err:
        odds(WORDS.parse_action(text), strong)
    (d,) = err.value.diagnostics
    assert (d.code, d.span.column) == ("E360", 24)
    assert str(MOST_ROLLED) in d.message


def test_what_is_not_a_test_is_e362_where_it_stands() -> None:
    with pytest.raises(FortError) as err:
        odds(WORDS.parse_action("test lore 4+ need 1 then if 1 > 0 -> test combat 5+ need 1"),
             DUKE)
    (d,) = err.value.diagnostics
    assert (d.code, d.span.column) == ("E362", 26)


def test_a_performer_is_not_a_word_of_the_game() -> None:
    """A test is the hero's own (G2.1): Fort's `each rival ->` does not parse (E101)."""
    with pytest.raises(FortError) as err:
        WORDS.parse_action("test lore 4+ need 1 then each rival -> test combat 5+ need 1")
    (d,) = err.value.diagnostics
    assert (d.code, d.span.column) == ("E101", 26)


def test_runs_are_bounded() -> None:
    with pytest.raises(FortError) as err:
        simulate(WORDS.parse_action("test lore 4+ need 1"), DUKE, 0, seed=1)
    assert err.value.diagnostics[0].code == "E807"


def test_a_switch_takes_only_its_values() -> None:
    with pytest.raises(ValueError, match="fortune.reroll"):
        Switches(reroll="always")
