"""R5.2: when a stop's own search (play._stop) went on to the second order of the card's two
actions, the first one failed, every way of performing it searched; the rule it recorded so
far is the rule the first order fails with alone (R5.4, R5.5). The play made for real with the
same cards counted (the key that settles the rest of the move) excludes the first order for
that rule without a trial (``play._first_failed``, issue 38), and the plays offer, exclude
(for the same rules) and end as the plays that try it."""

from __future__ import annotations

from unittest.mock import patch

from builders import recorded_play
from test_engine_certain import sources_only
from test_fort_lead_boost_memo import BOOSTED, _table
from trial_counter import counting

from fortlang.games.fort import play

TWO_BOXES = [k for k in BOOSTED if k.public is not None and k.private is not None]


def _plays() -> tuple[int, int, list]:
    plays = []
    settled = [0]
    first_failed = play._first_failed

    def spied(p, key):
        rule = first_failed(p, key)
        settled[0] += rule is not None
        return rule

    with counting() as tally, patch.object(play, "_first_failed", spied):
        for kid_card in TWO_BOXES:
            for seed in range(24):
                game, card = _table(kid_card, seed)
                plays.append(recorded_play(game, 0, card, follow=False))
    return tally.kinds["order"], settled[0], plays


@sources_only
def test_the_first_order_failed_in_a_stops_search_is_excluded_as_its_trial_would():
    tried, settled, plays = _plays()
    with patch.object(play, "_first_failed", lambda p, key: None):
        tried_before, _, plays_before = _plays()
    assert plays == plays_before
    assert settled >= 5, settled  # the shortcut was taken (else this would prove nothing)
    assert tried_before - tried == settled, (tried, tried_before, settled)
