"""Fortune and Glory played on the engine (issue 35 item 3): a hero's table as a
:class:`~fortlang.engine.journal.Journal`, the skill test's effect (G2), a fight (G6) and a
danger or cliffhanger faced (G4), every die rolled at one of the engine's chance points
(:func:`fortlang.engine.interpreter.chance`, one six-sided :data:`D6` per die) and every choice
of the hero asked at one of its choice points (:func:`~fortlang.engine.interpreter.decide`).

The test follows the same states as its exact walk (:class:`.odds.RollProgram`: its
``settle`` says where a roll leads), so what a scenario rolls and what ``fortlang odds`` counts
are one reading of the rules. What happened is recorded on the hero (journaled: a search or a
rolled-back move leaves no trace), for a scenario's `then`.

The table is the hero's alone: the board and the turn (G7) are not built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from fortlang import nodes as n
from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Kind, Option
from fortlang.engine.interpreter import Ctx, chance, decide
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.perform import execute
from fortlang.engine.program import program
from fortlang.games.fortune.nodes import Skill, SkillTest
from fortlang.games.fortune.odds import (
    FAIL,
    HIT,
    MOST_ROLLED,
    PASS,
    Enemy,
    Hero,
    RollProgram,
    program_of,
)
from fortlang.games.fortune.switches import Switches

#: A die (G1.1): its faces as outcomes, each as likely.
D6 = Distribution.uniform([Option(str(face), face) for face in range(1, 7)])
#: The most rounds one fight may last (each round needs its dice answered or drawn; a fight
#: nobody can end, both sides ignoring every hit, stops here, failed).
MOST_ROUNDS = 100

K = Callable[[bool], bool]


class HeroSeat(SeatCounts):
    """The hero at the table (G1.2, G3) and what happened to them so far: every attribute is
    changed through the journal (``table.set``)."""

    def __init__(self, card: Hero, *, fortune: int, wounds: int = 0) -> None:
        super().__init__()
        self.card = card
        self.fortune = fortune
        self.wounds = wounds
        self.knocked_out = False
        self.glory = 0
        self.danger_markers = 0
        #: Over every test: successes counted, rolls made, dice rolled (re-rolled ones and
        #: the ones fortune bought included), re-rolls used, fortune spent.
        self.successes = 0
        self.rolls = 0
        self.dice = 0
        self.rerolls = 0
        self.fortune_spent = 0

    def as_rolled(self) -> Hero:
        """The hero as the odds read them, with the fortune they hold now."""
        c = self.card
        return Hero(c.id, c.skills, c.health, c.defence, self.fortune)


class FortuneTable(Journal):
    """One hero (seat 0) under the rules' switches, and the fight's enemy when there is one."""

    def __init__(self, hero: HeroSeat, switches: Switches, *, asker: Any = None) -> None:
        super().__init__(seed=0, asker=asker)
        self.players = [hero]
        self.switches = switches
        self.enemy_wounds = 0
        self.rounds = 0
        self.escaped = False
        #: The latest action's end: True in full (passed), False failed, None not ended.
        self.passed: bool | None = None
        #: Each enemy's glory (G6.2), by id: what beating it gains.
        self.enemy_glory: dict[str, int] = {}

    # What the core's selectors read (fortlang.vocabulary.TableView).
    @property
    def seat_count(self) -> int:
        return 1

    direction = 1


def _table(ctx: Ctx) -> FortuneTable:
    table: FortuneTable = ctx.table  # type: ignore[assignment]
    return table


def _count(ctx: Ctx, attr: str, by: int = 1) -> None:
    hero = _table(ctx).players[ctx.seat]
    ctx.table.set(hero, attr, getattr(hero, attr) + by)


# -- the skill test (G2.1-G2.6) -------------------------------------------------------------------


def perform_test(node: SkillTest, ctx: Ctx, k: K) -> bool:
    """The effect of `test ...`: roll as the rules and switches say, asking the hero where
    they decide (fortune to spend before a roll, a failed die to roll again); ``k(True)``
    passed, ``k(False)`` failed."""
    table = _table(ctx)
    hero = table.players[ctx.seat]
    p = program_of(node, hero.as_rolled(), table.switches)
    return _at_roll(p, ctx, k, 0, p.dice, p.rerolls, p.fortune)


def _at_roll(p: RollProgram, ctx: Ctx, k: K, s: int, r: int, rr: int, fl: int) -> bool:
    """Before a roll: the fortune to spend on it, one die a coin (G2.6)."""
    if fl == 0:
        return _throw(p, ctx, k, s, r, rr, 0)
    most = min(fl, MOST_ROLLED - r)
    options = tuple(Option(f"spend {j} fortune", j) for j in range(most + 1))
    return decide(ctx, Kind.PRIMITIVE, options,
                  [partial(_spend, p, ctx, k, s, r, rr, fl, j) for j in range(most + 1)])


def _spend(p: RollProgram, ctx: Ctx, k: K, s: int, r: int, rr: int, fl: int, j: int) -> bool:
    if j:
        _count(ctx, "fortune_spent", j)
        _count(ctx, "fortune", -j)
    return _throw(p, ctx, k, s, r + j, rr, fl - j)


def _throw(p: RollProgram, ctx: Ctx, k: K, s: int, r: int, rr: int, fl: int) -> bool:
    _count(ctx, "rolls")
    return _dice(p, ctx, k, s, r, rr, fl, r, 0)


def _dice(p: RollProgram, ctx: Ctx, k: K, s: int, r: int, rr: int, fl: int, left: int,
          hits: int) -> bool:
    """The roll's dice, one chance point each (G2.2: a die at the target or more succeeds)."""
    if left == 0:
        return _rolled(p, ctx, k, s, r, hits, rr, fl)

    def shown(i: int) -> bool:
        _count(ctx, "dice")
        won = D6.outcomes[i].value >= p.target
        return _dice(p, ctx, k, s, r, rr, fl, left - 1, hits + won)

    return chance(ctx, D6, shown)


def _rolled(p: RollProgram, ctx: Ctx, k: K, s: int, r: int, hits: int, rr: int,
            fl: int) -> bool:
    """After a roll: a failed die may roll again while a re-roll is left (G2.6)."""
    if rr > 0 and hits < r and s + hits < p.need:
        options = (Option("keep the roll", 0), Option("roll a failed die again", 1))
        return decide(ctx, Kind.PRIMITIVE, options,
                      [partial(_settle, p, ctx, k, s, r, hits, rr, fl),
                       partial(_reroll, p, ctx, k, s, r, hits, rr, fl)])
    return _settle(p, ctx, k, s, r, hits, rr, fl)


def _reroll(p: RollProgram, ctx: Ctx, k: K, s: int, r: int, hits: int, rr: int,
            fl: int) -> bool:
    _count(ctx, "rerolls")

    def shown(i: int) -> bool:
        _count(ctx, "dice")
        return _rolled(p, ctx, k, s, r, hits + (D6.outcomes[i].value >= p.target), rr - 1, fl)

    return chance(ctx, D6, shown)


def _settle(p: RollProgram, ctx: Ctx, k: K, s: int, r: int, hits: int, rr: int,
            fl: int) -> bool:
    """Where the roll leads (G2.3: passed, failed, or the next roll), as the exact walk says."""
    _count(ctx, "successes", hits)
    after = p.settle(s, r, hits, rr, fl)
    if after == PASS:
        return k(True)
    if after == FAIL:
        return k(False)
    assert isinstance(after, tuple)
    _, s2, r2, rr2, fl2 = after
    return _at_roll(p, ctx, k, s2, r2, rr2, fl2)


# -- a fight (G6) ----------------------------------------------------------------------------------


def fight(ctx: Ctx, enemy: Enemy, escape: n.Action | None, k: K) -> bool:
    """A fight to the end (G6.3-G6.5): each round the hero may try the escape test instead
    (passed: the enemy is left, ``k(True)``); else both roll, the hero's dice first, each a
    chance point, a 4+ a hit, each side ignoring its defence in hits. ``k(True)`` when the
    enemy is beaten (its glory gained, G6.4, even if the hero falls in the same round, which
    is then a failed fight: the summary's reading for the odds)."""
    return _round(ctx, enemy, escape, k)


def _round(ctx: Ctx, enemy: Enemy, escape: n.Action | None, k: K) -> bool:
    table = _table(ctx)
    if table.rounds >= MOST_ROUNDS:
        return k(False)
    table.set(table, "rounds", table.rounds + 1)
    if escape is None:
        return _both_roll(ctx, enemy, escape, k)
    options = (Option("fight the round", 0), Option("try to escape", 1))
    return decide(ctx, Kind.PRIMITIVE, options,
                  [partial(_both_roll, ctx, enemy, escape, k),
                   partial(_escape, ctx, enemy, escape, k)])


def _escape(ctx: Ctx, enemy: Enemy, escape: n.Action, k: K) -> bool:
    def after(passed: bool) -> bool:
        if passed:  # G6.5: the enemy is discarded, no glory
            ctx.table.set(ctx.table, "escaped", True)
            return k(True)
        return _hits(ctx, enemy, escape, k, 0, 0, enemy.combat)  # only the enemy rolls

    return program(escape).run(ctx, after)


def _both_roll(ctx: Ctx, enemy: Enemy, escape: n.Action | None, k: K) -> bool:
    hero = _table(ctx).players[ctx.seat]
    return _hits(ctx, enemy, escape, k, hero.card.dice(Skill.COMBAT), 0, enemy.combat)


def _hits(ctx: Ctx, enemy: Enemy, escape: n.Action | None, k: K, mine: int, hits: int,
          theirs: int, taken: int = 0) -> bool:
    """The round's dice, the hero's (``mine`` left) then the enemy's (``theirs`` left)."""
    if mine:
        def hero_die(i: int) -> bool:
            _count(ctx, "dice")
            return _hits(ctx, enemy, escape, k, mine - 1, hits + (D6.outcomes[i].value >= HIT),
                         theirs, taken)
        return chance(ctx, D6, hero_die)
    if theirs:
        def enemy_die(i: int) -> bool:
            return _hits(ctx, enemy, escape, k, 0, hits, theirs - 1,
                         taken + (D6.outcomes[i].value >= HIT))
        return chance(ctx, D6, enemy_die)
    return _wounds(ctx, enemy, escape, k, hits, taken)


def _wounds(ctx: Ctx, enemy: Enemy, escape: n.Action | None, k: K, hits: int,
            taken: int) -> bool:
    table = _table(ctx)
    hero = table.players[ctx.seat]
    table.set(table, "enemy_wounds", table.enemy_wounds + max(0, hits - enemy.defence))
    _count(ctx, "wounds", max(0, taken - hero.card.defence))
    beaten = table.enemy_wounds > enemy.health
    if beaten:  # G6.4: its glory, even if the hero falls in the same round
        _count(ctx, "glory", table.enemy_glory.get(enemy.id, 0))
    if hero.wounds > hero.card.health:  # G3.1
        table.set(hero, "knocked_out", True)
        return k(False)
    if beaten:
        return k(True)
    return _round(ctx, enemy, escape, k)


# -- faced at the table ----------------------------------------------------------------------------


def face(table: FortuneTable, start: Callable[[Ctx, K], bool]) -> bool:
    """``start`` performed as one move of the engine at ``table`` (seat 0), however it ends:
    whether it passed."""
    def ended(full: bool) -> bool:
        table.set(table, "passed", full)
        return True

    table.passed = None
    execute(table, 0, lambda ctx: start(ctx, ended), leader=True, can_fail=False)
    return bool(table.passed)


def test_action(action: n.Action) -> Callable[[Ctx, K], bool]:
    """An action in the game's words (tests with `or`, `then`, `x N`), as a move's start."""
    def start(ctx: Ctx, k: K) -> bool:
        ctx.context = _text(action)
        ctx.safe = True  # every option is offered: nothing before the first die can fail
        return program(action).run(ctx, k)
    return start


def fight_start(enemy: Enemy, escape: n.Action | None) -> Callable[[Ctx, K], bool]:
    def start(ctx: Ctx, k: K) -> bool:
        ctx.context = f"fight {enemy.id}"
        ctx.safe = True
        return fight(ctx, enemy, escape, k)
    return start


def _text(action: n.Action) -> str:
    from fortlang.engine.interpreter import text

    return text(action)


def hero_seat(card: Mapping[str, Any], *, fortune: int | None = None,
              wounds: int = 0) -> HeroSeat:
    hero = Hero.from_card(card)
    return HeroSeat(hero, fortune=hero.fortune if fortune is None else fortune, wounds=wounds)
