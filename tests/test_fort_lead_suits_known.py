"""The played card's coin (R5.6) and its `x any` (R5.7) are offered without their trials where,
once the suit is chosen, stopping the boost at once is sure (an action of the card sure in full
with an effect, nothing added: R5.2-R5.5), as the trial would find (issue 38). Each saving is
counted (tests/trial_counter.py) and checked against the play made with every suit tried: the
same options offered, the same excluded for the same rules, the same end."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

from builders import bare_table, kid, random_table, recorded_play
from test_engine_certain import sources_only
from trial_counter import counting

from fortlang.cardset import base_set
from fortlang.games.fort import play
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.table import Game

BASE = base_set()
SUITS = {"coin_suit", "any_suit"}


@contextmanager
def suits_tried() -> Iterator[None]:
    """Every suit of the played card's coin and `x any` tried, as before ``_suits_known``."""
    with patch.object(play, "_suits_known", lambda *args: []):
        yield


def _blades(game: Game):
    """Blades' boxes (R5.6, R5.7): `score x coin` counts the played coin whatever it is named,
    so it is sure whatever suit the coin and the `x any` get."""
    return game.new_card(kid("Blades", "coin", "gain pizza/toy x any", "score x coin"),
                         game.players[0].hand)


@sources_only
def test_a_coin_and_an_x_any_with_a_box_sure_anyway_are_chosen_without_trials():
    game = bare_table(BASE)
    card = _blades(game)
    with counting() as tally:
        rule, seen, end = recorded_play(game, 0, card, follow=False)
    assert rule is None
    kinds = [kind for kind, _, _, _ in seen]
    assert "coin_suit" in kinds and "any_suit" in kinds
    assert not any(tally.kinds[k] for k in SUITS), tally.trials
    game = bare_table(BASE)
    card = _blades(game)
    with suits_tried(), counting() as tally:
        assert recorded_play(game, 0, card, follow=False) == (rule, seen, end)
    assert sum(tally.kinds[k] for k in SUITS) > 0  # the trials the closed form saves


@sources_only
def test_a_suit_only_its_trial_can_judge_is_still_tried():
    """`gain pizza x crown` alone on a coin card (R5.6, R5.4): no box is sure before the coin is
    named crown, and not after another name either: every name is tried, the others excluded."""
    game = bare_table(BASE)
    card = game.new_card(kid("X", "coin", "gain pizza x crown"), game.players[0].hand)
    with counting() as tally:
        rule, seen, _ = recorded_play(game, 0, card, follow=False)
    assert rule is None
    names = [(labels, excluded) for kind, labels, excluded, _ in seen if kind == "coin_suit"]
    assert names == [(("crown",), tuple((s, "R5.4") for s in ("skateboard", "shovel", "glue",
                                                               "water_gun", "book")))]
    # crown is sure once named; the five others end alike (no `x` counts them): one trial
    assert tally.kinds["coin_suit"] == 1


def _bundled_plays(seeds: range) -> tuple[int, list[tuple]]:
    plays = []
    with counting() as tally:
        for kid_card in kids_of(BASE):
            for seed in seeds:
                game = random_table(BASE, 4, seed)
                card = game.new_card(kid_card, game.players[0].hand)
                plays.append(recorded_play(game, 0, card))
    return sum(tally.kinds[k] for k in SUITS), plays


@sources_only
def test_suits_chosen_without_trials_end_as_tried_on_the_bundled_cards():
    """Differential: every bundled card at random tables, followers included: the suits offered
    without a trial are those the trials find legal, every exclusion and end alike; far fewer
    suits are tried."""
    tried, plays = _bundled_plays(range(6))
    with suits_tried():
        tried_before, plays_before = _bundled_plays(range(6))
    assert plays == plays_before
    assert tried * 2 <= tried_before, (tried, tried_before)
