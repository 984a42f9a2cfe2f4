"""The boost (R5.3) made for real excludes, without a trial, a card every completion fails with
(issue 38), and each such verdict is what the trial finds:

* a card added in vain (R5.5) by the bound of the `x` it counts for: a repeated pack
  (Dot's `pack x glue`, Moose, Ant) has an effect at most while the pack has room, the other
  box widening it at most by an advance's level and payment (``certain._packs_at_most``); a
  repeated `then` (Blitz's `(recruit then gain toy) x water_gun`) is in full at most as often
  as its bounded part, and one more repetition may have an effect (``certain._effective_at_most``);
  a card counted may leave a card added before it in vain;
* in a blind game (random bots, nobody reading the rule reported), a count beyond what the box
  can perform in full, whatever is added next (R5.4: ``certain._never_done_now``);
* legal for certain: an advance sure now, then a repeated pack it leaves in full (R5.2, R10.2:
  ``certain.stops_after_advance``), the order kept for the order step.

Each verdict is checked against the trial decide_at would run, in random blind 4-player games
(the boosts' options as played, an option known legal succeeding), and each shortcut is seen
to decide some."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any
from unittest.mock import patch

from builders import kid, random_table
from test_engine_certain import sources_only

from fortlang.cardset import base_set
from fortlang.engine import interpreter
from fortlang.engine.asker import RandomAsker
from fortlang.engine.choices import K_BOOST, IllegalMove, RandomAgent
from fortlang.games.fort import certain, play
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import PerkHook, board_of, kids_of, perks_of
from fortlang.games.fort.nodes import TOKENS, Resource, Suit
from fortlang.games.fort.table import Game
from fortlang.sim.seats import Seats

BASE = base_set()


def _trial(ctx: Any, step: Any, i: int) -> tuple[bool, str]:
    """Option ``i`` of ``step`` tried as decide_at tries it (its own driver, rolled back)."""
    game = ctx.game
    mark = game.mark()
    ctx.search, ctx.fail = True, None
    try:
        ok = interpreter.drive(ctx, step, i)
    finally:
        game.rollback(mark)
        ctx.search = False
    return ok, ctx.failed("cannot be completed")


def _spied(name: str, seen: Counter[str]) -> Callable[..., Any]:
    """``certain.<name>`` counting the answers that decide a card (a bound, or True)."""
    fn = getattr(certain, name)

    def spy(*args: Any) -> Any:
        out = fn(*args)
        if out is True or (type(out) is int and name != "_never_done_now"):
            seen[name] += 1
        return out

    return spy


@contextmanager
def checking() -> Iterator[tuple[Counter[str], Counter[str]]]:
    """Inside the block, at each boost made for real, every add settled without a trial is tried:
    it fails (with R5.5 when that is the rule settled). Yields the verdicts checked by rule, and
    how often each shortcut answered."""
    checked: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    decide_at = play.decide_at

    def checked_decide_at(ctx: Any, kind: Any, count: int, step: Any, known: Any = (),
                          same: Any = (), refused: Any = interpreter._NO_REFUSALS,
                          settled: Any = ()) -> bool:
        if kind == K_BOOST and not ctx.search and ctx.points is not None:
            for i in range(count):
                if i < len(known) and known[i]:
                    ok, rule = _trial(ctx, step, i)
                    assert ok, (ctx.play.card.name, i, rule)
                    checked["legal"] += 1
                elif i < len(settled) and settled[i]:
                    ok, rule = _trial(ctx, step, i)
                    assert not ok, (ctx.play.card.name, i, settled[i])
                    if settled[i] == "R5.5":
                        assert rule == "R5.5", (ctx.play.card.name, i, rule)
                    checked[settled[i]] += 1
        return decide_at(ctx, kind, count, step, known, same, refused, settled)

    names = ["_packs_at_most", "_effective_at_most", "_never_done_now"]
    with ExitStack() as stack:
        stack.enter_context(patch.object(play, "decide_at", checked_decide_at))
        for name in names:
            stack.enter_context(patch.object(certain, name, _spied(name, seen)))
        ordered = play.stops_after_advance

        def stops_after_advance(*args: Any) -> int:
            order = ordered(*args)
            if order:
                seen["stops_after_advance"] += 1
            return order

        stack.enter_context(patch.object(play, "stops_after_advance", stops_after_advance))
        yield checked, seen


def _checked_games(games: int, bots: str) -> tuple[Counter[str], Counter[str]]:
    """:func:`checking` over games of ``bots`` (random: blind games)."""
    with checking() as (checked, seen):
        for i in range(games):
            run_game(BASE, 4, make_bots([bots], 4, 500 + i), seed=500 + i)
    return checked, seen


#: Cards with an `x suit` or `x any` (R13.3): the ones a boost adds to.
BOOSTED = [k for k in kids_of(BASE) if play._card_quantities(k)]


def _table(kid_card: Any, seed: int, blind: bool) -> tuple[Game, Any]:
    """``kid_card`` in a hand of 1-5 cards sharing its suits (coins too), at a random table
    whose stuff and pack are often near full or empty (the bounds' edges); ``blind``: random
    bots at every seat, nobody reading."""
    game = random_table(BASE, 3, seed)
    if blind:
        game.asker = RandomAsker([RandomAgent(seed + i) for i in range(3)])
    rng = random.Random(seed)
    p = game.players[0]
    sharing = [k for k in kids_of(BASE)
               if Suit.COIN in k.suits or not set(k.suits).isdisjoint(kid_card.suits)]
    p.hand.clear()
    game.new_cards(rng.sample(sharing, 1 + seed % 5), p.hand)
    capacity = game.board.stuff_capacity
    for r in TOKENS:
        p.stuff[r] = rng.choice((0, 1, capacity - 2, capacity - 1, capacity))
    return game, game.new_card(kid_card, p.hand)


def _checked_tables(blind: bool, seeds: range) -> tuple[Counter[str], Counter[str]]:
    with checking() as (checked, seen):
        for kid_card in BOOSTED:
            for seed in seeds:
                game, card = _table(kid_card, seed, blind)
                assert game.blind() == blind
                try:
                    play.play_card(game, 0, card, follow=False)
                except IllegalMove:
                    pass
    return checked, seen


@sources_only
def test_cards_excluded_without_trials_fail_their_trials_at_edge_tables():
    """The bundled boosted cards at tables near the bounds' edges (room for as many tokens as
    cards counted, or one fewer): every add settled fails its trial, blind or not."""
    checked, seen = _checked_tables(True, range(40))
    assert checked["cannot be completed"] >= 10, checked
    assert seen["_never_done_now"] and seen["stops_after_advance"] >= 10, seen
    checked, seen = _checked_tables(False, range(40))
    assert set(checked) == {"R5.5", "legal"}, checked


@sources_only
def test_cards_excluded_without_trials_fail_their_trials_in_random_games():
    """R5.3-R5.5: every add settled at a boost made for real fails its trial, for the rule
    settled (R5.5); the pack bound, the `then` bound and the R5.4 count each decided some."""
    checked, seen = _checked_games(60, "random")
    assert checked["R5.5"] >= 20, checked
    assert checked["cannot be completed"] >= 10, checked
    assert seen["_packs_at_most"] and seen["_effective_at_most"] and seen["_never_done_now"], seen


@sources_only
def test_cards_excluded_without_trials_fail_for_their_rule_in_greedy_games():
    """Greedy bots (not blind: the rule an excluded option reports is read): every add settled
    fails its trial for the rule settled (R5.5), decided by the pack and `then` bounds."""
    checked, seen = _checked_games(30, "greedy")
    assert checked["R5.5"] >= 10, checked
    assert set(checked) == {"R5.5", "legal"}, checked
    assert seen["_packs_at_most"] and seen["_effective_at_most"], seen


@sources_only
def test_a_count_beyond_what_can_be_done_in_full_fails_as_its_trial():
    """Blitz, `(recruit then gain toy) x water_gun` and `gain pizza`, no room for a pizza (R5.4:
    the private box is never done), room for 0-4 toys and 1-3 water guns to add (R5.3, R13.3,
    R13.4): a water gun added beyond the toys that fit is excluded without its trial in a blind
    game, and only then; up to them, its trial succeeds."""
    blitz = next(k for k in kids_of(BASE) if k.name == "Blitz")
    guns = [k for k in kids_of(BASE) if k.suits == (Suit.WATER_GUN,) and k is not blitz]
    excluded = Counter()
    with checking() as (checked, seen):
        for toys in range(5):
            for k in range(1, 4):
                game = Game(2, board_of(BASE), asker=RandomAsker([RandomAgent(toys),
                                                                   RandomAgent(k)]))
                p = game.players[0]
                p.perks.clear()
                capacity = game.board.stuff_capacity
                p.stuff.update({Resource.PIZZA: capacity, Resource.TOY: capacity - toys})
                game.new_cards(guns[:k], p.hand)
                game.new_cards(kids_of(BASE)[:5], game.park_deck)  # to recruit (R12.6)
                card = game.new_card(blitz, p.hand)
                try:
                    play.play_card(game, 0, card, follow=False)
                except IllegalMove:
                    pass
                excluded[toys] = checked["cannot be completed"]
    assert seen["_never_done_now"] >= 3, seen
    assert excluded[0] == 0  # no toy: Blitz cannot be played (R5.4), no boost is made


def _lookout_table(seed: int, private: str, bribe: bool, blind: bool) -> tuple[Game, Any]:
    """`lookout then score x crown` (R12.3, R13.4) beside ``private``, a hand of crowns to add
    (R5.3), the lookout full or not, the level and the tokens to pay an advance random; with
    ``bribe``, Bribe held (R15: the lookout may take a card from the park)."""
    rng = random.Random(seed)
    game = Game(2, board_of(BASE), asker=RandomAsker([RandomAgent(seed), RandomAgent(seed + 1)])
                if blind else Seats([RandomAgent(random.Random(seed + i)) for i in range(2)]))
    p = game.players[0]
    p.perks.clear()
    if bribe:
        p.perks.append(next(k for k in perks_of(BASE) if k.hook is PerkHook.LOOKOUT_FROM_ANYWHERE))
    p.level = rng.randrange(3)
    for r in TOKENS:
        p.stuff[r] = rng.randrange(3)
    game.new_cards(kids_of(BASE)[:6], game.park)
    crowns = [k for k in kids_of(BASE) if k.suits == (Suit.CROWN,)]
    game.new_cards(crowns[: game.lookout_capacity(p) - rng.randrange(2)], p.lookout)
    game.new_cards(crowns[: 1 + rng.randrange(3)], p.hand)
    return game, game.new_card(kid("Looker", "crown", "lookout then score x crown", private),
                               p.hand)


@sources_only
def test_an_x_after_a_stuck_part_is_never_reached_only_when_it_stays_stuck():
    """R5.5, R13.4: beside `score`, a full lookout or an empty hand never changes, so the crowns
    added for `score x crown` are in vain, found without their trials; beside `advance` (a
    level widens the lookout, R10.2) they are left to their trials; with Bribe (R15) only a
    full lookout stays stuck. Every verdict agrees with the trial."""
    found: Counter[tuple[str, bool]] = Counter()
    for private, bribe in (("score", False), ("advance", False), ("score", True)):
        for blind in (True, False):
            answers: list[bool] = []
            with checking() as (checked, _), \
                    patch.object(certain, "_never_reached", _recording(answers)):
                for seed in range(30):
                    game, card = _lookout_table(seed, private, bribe, blind)
                    try:
                        play.play_card(game, 0, card, follow=False)
                    except IllegalMove:
                        pass
            found[private, bribe] += sum(answers)
            if private == "score":
                assert checked["R5.5"], (private, bribe, checked)
    assert found["score", False] >= 5, found
    assert found["advance", False] == 0, found


def _recording(answers: list[bool]) -> Callable[..., bool]:
    """``certain._never_reached``, its answers appended to ``answers``."""
    reached = certain._never_reached

    def spied(*args: Any) -> bool:
        answers.append(reached(*args))
        return answers[-1]

    return spied
