"""Fortune and Glory: an adventure's exact odds (G5; issue 35 item 2, "the exact probability of
... an adventure (a sequence of dangers) for a given hero"). Each figure is checked against a
closed form or an enumeration written here, independently of the module's walk, and the sample
set's against rolled hunts."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from functools import cache
from math import comb

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.games.fortune.adventure import AdventureSampler, adventure_odds, program_of
from fortlang.games.fortune.deck import SAMPLE, Deck, read_set
from fortlang.games.fortune.odds import Hero, odds
from fortlang.games.fortune.vocabulary import VOCABULARY
from fortlang.parser import language

FG = language(VOCABULARY)
HERO = {"id": "hero", "name": "Hero", "skills": {"combat": 2, "agility": 3, "cunning": 2,
                                                 "lore": 2}, "health": 3}


def deck_of(dangers: list[dict], danger_value: int, enemies: list[dict] = ()) -> Deck:
    deck = Deck()
    deck.cards["hero"] = {"hero": HERO}
    deck.cards["artifact"] = {"idol": {"id": "idol", "name": "Idol",
                                       "danger_value": danger_value}}
    deck.cards["danger"] = {d["id"]: d for d in dangers}
    deck.cards["enemy"] = {e["id"]: e for e in enemies}
    for d in dangers:
        for field in ("test", "cliffhanger"):
            if field in d:
                deck.actions[(d["id"], field)] = FG.parse_action(d[field])
    return deck


def chance(text: str) -> Fraction:
    return odds(FG.parse_action(text), Hero.from_card(HERO))


def test_g5_one_danger_overcome_or_its_cliffhanger_beaten() -> None:
    """G4.3-G4.4: failed, the danger turns to its cliffhanger; beaten, a marker all the same."""
    deck = deck_of([{"id": "a", "test": "test agility 5+ need 2 once",
                     "cliffhanger": "test agility 4+ need 1 once"}], 1)
    p, q = chance("test agility 5+ need 2 once"), chance("test agility 4+ need 1 once")
    assert adventure_odds(deck, "idol", "hero").value == p + (1 - p) * q


def test_g5_4_a_hero_holding_the_whole_deck_camps_and_draws_again() -> None:
    """G4.2: an overcome danger is kept out of the deck until the hero camps (G5.4); one
    danger and a danger value of 2: the second draw is the same danger again."""
    deck = deck_of([{"id": "a", "test": "test agility 5+ need 2 once",
                     "cliffhanger": "test agility 4+ need 1 once"}], 2)
    p, q = chance("test agility 5+ need 2 once"), chance("test agility 4+ need 1 once")
    assert adventure_odds(deck, "idol", "hero").value == (p + (1 - p) * q) ** 2


def test_g4_4_a_failed_cliffhanger_knocks_the_hero_out() -> None:
    deck = deck_of([{"id": "a", "test": "test agility 6+ need 3 once",
                     "cliffhanger": "test agility 6+ need 3 once"}], 1)
    p = chance("test agility 6+ need 3 once")
    assert adventure_odds(deck, "idol", "hero").value == p + (1 - p) * p


def _enumerated(dangers: dict[str, tuple[Fraction, Fraction]], value: int) -> Fraction:
    """The hunt by plain enumeration (tests only): every order of draws without replacement
    of the held dangers, each overcome by its tests or its cliffhanger."""

    @cache
    def go(markers: int, held: frozenset[str]) -> Fraction:
        if markers == value:
            return Fraction(1)
        left = sorted(set(dangers) - held) or sorted(dangers)
        held = held if set(dangers) - held else frozenset()
        total = Fraction(0)
        for d in left:
            p, q = dangers[d]
            total += (p * go(markers + 1, held | {d})
                      + (1 - p) * q * go(markers + 1, frozenset({d})))
        return total / len(left)

    return go(0, frozenset())


@pytest.mark.parametrize("value", [1, 2, 3, 4])
def test_g4_6_dangers_drawn_from_the_deck_less_the_held_ones(value: int) -> None:
    texts = {"a": ("test agility 5+ need 2 once", "test agility 4+ need 1 once"),
             "b": ("test cunning 4+ need 1 keep_rolling", "test lore 6+ need 1 once"),
             "c": ("test lore 5+ need 2 once", "test agility 5+ need 1 once")}
    deck = deck_of([{"id": d, "test": t, "cliffhanger": c} for d, (t, c) in texts.items()],
                   value)
    figures = {d: (chance(t), chance(c)) for d, (t, c) in texts.items()}
    assert adventure_odds(deck, "idol", "hero").value == _enumerated(figures, value)


@cache
def _fight(hero_dice: int, enemy_dice: int, health: int, enemy_health: int, hw: int = 0,
           ew: int = 0) -> dict[int | None, Fraction]:
    """A fight to the end by enumeration (G6.3: a die hits on 4+; no defence): the wounds the
    hero ends it with (None: knocked out, G3.1), a round where nobody is hit repeated."""
    out: dict[int | None, Fraction] = {}
    half = Fraction(1, 2)
    stay = Fraction(0)
    for a in range(hero_dice + 1):
        for b in range(enemy_dice + 1):
            p = comb(hero_dice, a) * comb(enemy_dice, b) * half ** (hero_dice + enemy_dice)
            if a == b == 0:
                stay += p
                continue
            h2, e2 = hw + b, ew + a
            ends = ({None: Fraction(1)} if h2 > health else {h2: Fraction(1)}
                    if e2 > enemy_health else _fight(hero_dice, enemy_dice, health,
                                                     enemy_health, h2, e2))
            for k, v in ends.items():
                out[k] = out.get(k, Fraction(0)) + p * v
    return {k: v / (1 - stay) for k, v in out.items()}


def test_g3_1_wounds_are_carried_from_one_fight_to_the_next() -> None:
    """Two dangers whose tests cannot pass, each with the same enemy: the hero fights both
    (G6.1), and the second fight starts with the first one's wounds (a knock-out at more than
    health, G3.1). No escape: the fights are played to the end."""
    foe = {"id": "thug", "name": "Thug", "combat": 2, "health": 1}
    hopeless = "test lore 6+ need 3 once"
    deck = deck_of([{"id": "a", "test": hopeless, "enemy": "thug"},
                    {"id": "b", "test": hopeless, "enemy": "thug"}], 2, [foe])
    assert chance(hopeless) == 0
    first = _fight(2, 2, 3, 1)
    expected = sum((p * sum(v for k, v in _fight(2, 2, 3 - w, 1).items() if k is not None)
                    for w, p in first.items() if w is not None), Fraction(0))
    assert adventure_odds(deck, "idol", "hero").value == expected


@pytest.mark.parametrize("foe, tests_win", [((1, 1), False), ((3, 3), True)])
def test_g6_1_the_hero_fights_or_takes_the_tests_whichever_serves_the_hunt(
        foe: tuple[int, int], tests_win: bool) -> None:
    """A danger that can be fought (G6.1): the walk takes the better of its tests (with the
    cliffhanger behind them, G4.4) and the fight to the end (G6.3)."""
    tests, cliff = "test agility 4+ need 1 once", "test agility 5+ need 1 once"
    enemy = {"id": "thug", "name": "Thug", "combat": foe[0], "health": foe[1]}
    deck = deck_of([{"id": "a", "test": tests, "cliffhanger": cliff, "enemy": "thug"}], 1,
                   [enemy])
    p, q = chance(tests), chance(cliff)
    fight = sum((v for k, v in _fight(2, foe[0], 3, foe[1]).items() if k is not None),
                Fraction(0))
    assert (p + (1 - p) * q > fight) is tests_win  # each case exercises its branch
    assert adventure_odds(deck, "idol", "hero").value == max(p + (1 - p) * q, fight)


@pytest.mark.parametrize("artifact, hero", [("golden_idol", "jake_zane"),
                                            ("crystal_skull", "duke_dudley")])
def test_the_sample_sets_hunts_rolled_agree_with_the_exact_walk(artifact: str,
                                                                hero: str) -> None:
    """20,000 rolled hunts (tests rolled die by die) within three standard errors."""
    deck = read_set(SAMPLE)
    program = program_of(deck, artifact, hero)
    solution = adventure_odds(deck, artifact, hero, program=program)
    sampler, rng, runs = AdventureSampler(program, solution.policy), random.Random(7), 20_000
    passed = sum(sampler.passes(rng) for _ in range(runs))
    p = float(solution.value)
    assert abs(passed / runs - p) <= 3 * math.sqrt(p * (1 - p) / runs)


def test_fortlang_odds_of_an_artifact() -> None:
    runner = CliRunner()
    done = runner.invoke(main, ["odds", "golden_idol", "--hero", "jake_zane", "--json"])
    assert done.exit_code == 0, done.output
    figures = json.loads(done.output)
    exact = adventure_odds(read_set(SAMPLE), "golden_idol", "jake_zane").value
    assert figures["by"] == "adventure" and figures["exact"]["fraction"] == str(exact)
    shown = runner.invoke(main, ["odds", "golden_idol", "--hero", "jake_zane"])
    assert shown.exit_code == 0 and shown.output.rstrip().endswith("(adventure)")
    assert f"= {100 * float(exact):.2f}%" in shown.output


def test_a_misspelt_card_id_says_which_was_meant() -> None:
    done = CliRunner().invoke(main, ["odds", "golden_idl", "--hero", "jake_zane"])
    assert done.exit_code == 1
    assert "error[E363]" in done.output and "golden_idol" in done.output
