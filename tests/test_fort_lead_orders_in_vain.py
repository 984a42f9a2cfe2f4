"""R5.2, R5.4, R5.5: an action performed alone that repeats nothing by a suit cannot make a card
added (R5.3) useful, so that order fails whatever the action does; when the action is certain
to be performed in full with an effect, the rule its trial reports is R5.5 (``_rule_in_vain``:
R5.5 outranks R5.4). ``play._orders_settled`` excludes such an order for R5.5 without its trial
(issue 38); the plays made with it offer, exclude (for the same rules) and end as the plays
that try it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

from builders import kid, random_table, recorded_play
from test_engine_certain import sources_only
from trial_counter import calls_to, counting

from fortlang.cardset import base_set
from fortlang.engine.choices import RandomAgent, ScriptedAgent
from fortlang.games.fort import play
from fortlang.games.fort.model import board_of, kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.table import Game, Rules
from fortlang.sim.seats import Seats

BASE = base_set()


@contextmanager
def in_vain_tried() -> Iterator[None]:
    """An action alone with cards it cannot make useful left to its trial, as before."""
    with patch.object(play, "surely_in_full", lambda ctx, op: False):
        yield


def _scripted_play(*answers) -> tuple:
    """`gain toy x crown` / `score`, the crown card in hand added (R5.3): nothing left to add."""
    game = Game(2, board_of(BASE), asker=Seats([ScriptedAgent(answers),
                                                RandomAgent(random.Random(1))]))
    p = game.players[0]
    p.perks.clear()
    game.new_card(kid("Crown", "crown"), p.hand)
    card = game.new_card(kid("X", "crown", "gain toy x crown", "score"), p.hand)
    return recorded_play(game, 0, card, follow=False)


@sources_only
def test_an_action_alone_that_cannot_use_an_added_card_is_excluded_for_r55():
    """`score` alone (R13.3: no `x`) leaves the crown card added useless (R5.5) and is certain
    to be performed in full with an effect: "private (score) only" is excluded for R5.5 with
    no trial at the order step; the trial the shortcut saves agrees."""
    answers = ("add Crown (crown)", "public (gain toy x crown) only")
    with counting() as tally:
        rule, seen, end = _scripted_play(*answers)
    assert rule is None
    orders = [excluded for kind, _, excluded, _ in seen if kind == "order"]
    assert orders == [(("private (score) only", "R5.5"),)], seen
    assert tally.kinds["order"] == 0, tally.trials
    with in_vain_tried(), counting() as tally:
        assert _scripted_play(*answers) == (rule, seen, end)
    assert tally.kinds["order"] == 1  # the trial it saves


def _sharing_play(kid_card, seed: int) -> tuple:
    """``kid_card`` played from a hand of cards sharing its suits (coins too), at a random
    table: cards are often added (R5.3), so an action alone often leaves them useless."""
    game = random_table(BASE, 3, seed)
    game.rules = Rules(lookout_optional=bool(seed % 2))
    p = game.players[0]
    rng = random.Random(seed)
    sharing = [k for k in kids_of(BASE)
               if Suit.COIN in k.suits or not set(k.suits).isdisjoint(kid_card.suits)]
    p.hand.clear()
    game.new_cards(rng.sample(sharing, min(4, len(sharing))), p.hand)
    return recorded_play(game, 0, game.new_card(kid_card, p.hand), follow=False)


def _plays() -> tuple[int, list]:
    plays = []
    with counting() as tally:
        for kid_card in kids_of(BASE):
            if kid_card.public is None or kid_card.private is None:
                continue
            for seed in range(8):
                plays.append(_sharing_play(kid_card, seed))
    return tally.kinds["order"], plays


@sources_only
def test_actions_alone_settled_in_vain_end_as_their_trials_on_the_bundled_cards():
    """Every bundled two-box card at many tables: the plays are the same with the shortcut
    and without it (the same options, exclusions and rules, the same end), with fewer trials
    at the order step; and R5.5 is among the exclusions (else this would prove little)."""
    tried, plays = _plays()
    with in_vain_tried():
        tried_before, plays_before = _plays()
    assert plays == plays_before
    r55 = sum(1 for _, seen, _ in plays for kind, _, excluded, _ in seen if kind == "order"
              for _, rule in excluded if rule == "R5.5")
    assert r55 >= 20, r55
    assert tried_before - tried >= 20, (tried, tried_before)


def _judged_plays() -> tuple[int, list]:
    """The plays of ``_plays``, and how many times an action was judged sure first."""
    calls, (_, plays) = calls_to(play, "surely_first", _plays)
    return calls, plays


@sources_only
def test_an_orders_trial_does_not_judge_its_first_action_again():
    """R5.2: the trial of an order that the order step neither knew legal nor settled starts
    without judging its first action sure first, or sure second after one that spares it
    (``_perform``'s ``judged``): the order step just found both false on the same table. The
    plays are the same as when the trial judges them again, with fewer judgements."""
    judged, plays = _judged_plays()
    perform = play._perform
    with patch.object(play, "_perform",
                      lambda ctx, sequence, i, judged=False, unsure=False:
                      perform(ctx, sequence, i)):
        judged_before, plays_before = _judged_plays()
    assert plays == plays_before
    assert judged_before - judged >= 50, (judged, judged_before)
