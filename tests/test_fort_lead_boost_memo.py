"""The boost (R5.3) made for real, judged from what this play's trials already found (issue 38):

* stopping now, with cards counted that a trial's search already stopped with (``play._stop``
  keeps how each set ended): legal, or excluded for the rule it recorded, without a trial
  (``play._stop_tried``); the plays offer, exclude (for the same rules, R5.4, R5.5) and end
  as the plays that try it;
* in a blind game (random bots, nobody reading the rules an excluded option reports), a card
  whose trial failed can never be added again in this play: no set of cards counted with it is
  legal, and the move made for real only counts more (R5.3-R5.5). Searches leave it out, later
  boosts exclude it without a trial (``play._Play.dead``); the blind plays offer as many legal
  options at each decision and end alike."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

from builders import random_table, recorded_play
from test_engine_certain import sources_only
from trial_counter import calls_to, counting

from fortlang.cardset import base_set
from fortlang.engine.asker import RandomAsker
from fortlang.engine.choices import RandomAgent
from fortlang.games.fort import play
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.table import Game, Rules

BASE = base_set()

#: Cards with an `x suit` or `x any` (R13.3): the ones a boost adds to.
BOOSTED = [k for k in kids_of(BASE) if any("x " in str(b) or "×" in str(b)
                                            for b in (k.public, k.private) if b is not None)
           or play._card_quantities(k)]


def _table(kid_card, seed: int) -> tuple[Game, object]:
    """``kid_card`` in a hand of cards sharing its suits (coins too), at a random table with
    little room in the stuff: cards are often added (R5.3), and often in vain (R5.5)."""
    game = random_table(BASE, 3, seed)
    game.rules = Rules(lookout_optional=bool(seed % 2))
    p = game.players[0]
    rng = random.Random(seed)
    sharing = [k for k in kids_of(BASE)
               if Suit.COIN in k.suits or not set(k.suits).isdisjoint(kid_card.suits)]
    p.hand.clear()
    game.new_cards(rng.sample(sharing, min(5, len(sharing))), p.hand)
    for r in p.stuff:
        p.stuff[r] = max(p.stuff[r], game.board.stuff_capacity - rng.randrange(4))
    return game, game.new_card(kid_card, p.hand)


@contextmanager
def stops_tried() -> Iterator[None]:
    """Stopping the boost left to its trial, as before ``_stop_tried``."""
    with patch.object(play, "_stop_tried", lambda ctx: None):
        yield


def _recorded_plays() -> tuple[int, list]:
    plays = []
    with counting() as tally:
        for kid_card in BOOSTED:
            for seed in range(10):
                game, card = _table(kid_card, seed)
                plays.append(recorded_play(game, 0, card, follow=False))
    return tally.kinds["boost"], plays


@sources_only
def test_stops_searched_before_end_as_their_trials_on_the_bundled_cards():
    tried, plays = _recorded_plays()
    with stops_tried():
        tried_before, plays_before = _recorded_plays()
    assert plays == plays_before
    assert tried_before - tried >= 10, (tried, tried_before)


def _blind_play(kid_card, seed: int) -> tuple:
    """``kid_card`` played in a blind game: each decision's seat, kind and count of legal
    options (what a random bot reads, ``Journal.ask_blind``) and its answer, the rule that
    forbids the card (or None) and the final state."""
    game, card = _table(kid_card, seed)
    game.asker = RandomAsker([RandomAgent(seed * 10 + i) for i in range(3)])
    assert game.blind()
    asked: list[tuple] = []
    ask_blind = game.ask_blind

    def recorded(seat, kind, count):
        answer = ask_blind(seat, kind, count)
        asked.append((seat, str(kind), count, answer))
        return answer

    game.ask_blind = recorded
    rule = play.why_not_by_search(game, 0, card)
    if rule is None:
        play.play_card(game, 0, card, checked=True, follow=False)
    return rule, asked, game.snapshot()


def _blind_plays() -> tuple[int, int, list]:
    plays = []
    dead = [0]
    ends = play._trial_ends

    def spied(ctx, step):
        before = len(ctx.play.dead)
        ends(ctx, step)
        dead[0] += len(ctx.play.dead) - before

    with counting() as tally, patch.object(play, "_trial_ends", spied):
        for kid_card in BOOSTED:
            for seed in range(10):
                plays.append(_blind_play(kid_card, seed))
    return tally.kinds["boost"], dead[0], plays


@sources_only
def test_cards_that_failed_a_trial_are_left_out_alike_in_blind_plays():
    tried, dead, plays = _blind_plays()
    with patch.object(play, "REMEMBER_DEAD", False):
        tried_before, dead_before, plays_before = _blind_plays()
    assert plays == plays_before
    assert dead_before == 0
    assert dead >= 10, dead  # the memo was used (else this would prove nothing)
    boosts = sum(1 for _, asked, _ in plays for _, kind, _, _ in asked if kind == "boost")
    assert boosts >= 50, boosts
    assert tried < tried_before, (tried, tried_before)


def _judged_plays() -> tuple[int, list]:
    """The recorded plays, and how many times a box was judged sure performed first."""
    calls, (_, plays) = calls_to(play, "surely_first", _recorded_plays)
    return calls, plays


@sources_only
def test_the_order_step_after_a_stop_reads_the_boxes_as_the_boost_judged_them():
    """R5.2, R5.3: when the agent stops adding cards, the order step judges each box sure first
    or not as the boost just did on the same table (``play._firsts``), instead of again: the
    plays offer, exclude and end as the plays that judge them again, with fewer judgements."""
    judged, plays = _judged_plays()
    order = play._order_judged
    with patch.object(play, "_order_judged", lambda ctx, firsts: order(ctx, play._NOT_JUDGED)):
        judged_before, plays_before = _judged_plays()
    assert plays == plays_before
    assert judged_before - judged >= 50, (judged, judged_before)


def _stops_judged_plays() -> tuple[int, list]:
    """The recorded plays, and how many times stopping or an added card was judged (R5.3,
    R5.5: ``surely_stops``, ``surely_in_vain``)."""
    calls = [0]
    surely_stops, surely_in_vain = play.surely_stops, play.surely_in_vain

    def stops(ctx, pub, priv):
        calls[0] += 1
        return surely_stops(ctx, pub, priv)

    def in_vain(ctx, c):
        calls[0] += 1
        return surely_in_vain(ctx, c)

    with patch.object(play, "surely_stops", stops), patch.object(play, "surely_in_vain", in_vain):
        _, plays = _recorded_plays()
    return calls[0], plays


@sources_only
def test_an_adds_trial_does_not_judge_again_what_its_verdict_did():
    """R5.3, R5.5: the trial of adding a card at a boost made for real starts without judging
    again whether stopping right after it is sure or the card is in vain: its verdict
    (``_added_verdict``) found neither on the same table (``_add_judged``). The plays are the
    same as when the trial judges them again, with fewer judgements."""
    judged, plays = _stops_judged_plays()
    add = play._add
    with patch.object(play, "_add_judged",
                      lambda ctx, suits, cands, j: add(ctx, suits, cands, j, False)):
        judged_before, plays_before = _stops_judged_plays()
    assert plays == plays_before
    assert judged_before - judged >= 20, (judged, judged_before)


def test_a_plays_caches_start_shared_and_empty_and_stay_so():
    """A play's caches (the stops tried, the orders found, the first orders failed, the dead
    cards) start as one shared empty container each, replaced by its own once written: after
    plays that write them all (the blind ones keep dead cards), the shared ones are empty."""
    _, dead, _ = _blind_plays()
    _recorded_plays()
    assert dead > 0
    assert play._NO_TRIED == {} and play._NO_ORDERS == {} and play._NO_FAILED == {}
    assert play._NO_DEAD == set()
