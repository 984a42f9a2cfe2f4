"""The turn loop's record of who held what (match.Progress.watch): a card that comes into a
seat's hands between two turns was recruited (or taken) by it (R7, R14's cards you have), and
everything a seat held at some point was acquired. Checked against sets built at every turn."""

from __future__ import annotations

from collections import Counter

import pytest

from fortlang.cardset import base_set
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import Progress, run_game
from fortlang.games.fort.metrics import cards_you_have
from fortlang.games.fort.model import perks_of
from fortlang.games.fort.setup import new_game

CARDSET = base_set()


def _holdings(game):
    return [{c.uid: c.card.id for c in cards_you_have(p)} for p in game.players]


@pytest.mark.parametrize(("players", "seed", "draft"),
                         [(2, 3, False), (3, 8, True), (4, 21, False)])
def test_r7_r14_recruited_and_acquired_match_the_holdings_turn_by_turn(players, seed, draft):
    bots = make_bots(["random"], players, seed)
    game, first = new_game(CARDSET, players, seed=seed, agents=bots, draft=draft)
    looks = [_holdings(game)]
    leaders: list[int] = []

    def on_turn(g, progress: Progress) -> None:
        if progress.turns:  # the holdings after the previous turn
            looks.append(_holdings(g))
        leaders.append(progress.leader)

    out = run_game(CARDSET, players, bots, game=game, first=first, on_turn=on_turn)
    looks.append(_holdings(game))
    recruited: Counter = Counter()
    for before, after in zip(looks, looks[1:], strict=False):
        for seat in range(players):
            recruited.update(card for uid, card in after[seat].items() if uid not in before[seat])
    assert out.recruited == recruited and sum(recruited.values()) > 0
    for seat in range(players):
        held = {card for look in looks for card in look[seat].values()}
        p = game.players[seat]
        extra = {k.id for k in p.perks} | ({p.rule.id} if p.rule else set())
        assert held | extra <= out.acquired[seat]
        assert out.acquired[seat] - held - extra <= {k.id for k in perks_of(CARDSET)}
