"""A sample of the oracle (tests/oracle.py): the pull API and the engine's own loop play the
same games, with the same legal options and the same state at every decision (R2-R15 all go
through them). bench/oracle_games.py runs thousands."""

from __future__ import annotations

from collections import Counter

from oracle import compare, configs

from fortlang.cardset import base_set


def test_a_sample_of_games_agree_decision_by_decision():
    cardset = base_set()
    decisions = 0
    perks: Counter = Counter()
    for players, seed, draft, bots in configs(24, seed=3):
        mismatch, n, used = compare(cardset, players, seed, draft, bots)
        assert mismatch is None, str(mismatch)
        decisions += n
        perks.update(used)
    assert decisions > 24 * 100 and perks  # whole games, perks included
