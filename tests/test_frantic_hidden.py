"""Frantic's hidden information (issue 34 item 4): what a seat sees (its own hand, the others'
sizes, the discard pile, the draw pile's size, the events turned) and the determinization the
search bot deals from: every card still in exactly one place, what the seat sees unchanged,
its known cards never moved, the deal blind to where the hidden cards truly are."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fortlang.cardset.load import load_set
from fortlang.engine.choices import RandomAgent
from fortlang.games import game_named
from fortlang.games.frantic.hidden import HIDDEN, determinize, estimate, hidden_places, observe
from fortlang.games.frantic.table import FranticTable
from fortlang.sim.module_pull import Determinization, ModuleState, determinization

ROOT = Path(__file__).resolve().parent.parent
SET = load_set(ROOT / "cards" / "frantic-base")
FRANTIC = game_named("frantic")


def where(table: FranticTable) -> dict[int, tuple[str, int]]:
    """Every play card's place: uid -> (pile, seat or -1)."""
    out: dict[int, tuple[str, int]] = {}
    for name in ("draw_pile", "discard", "aside"):
        for c in getattr(table, name):
            assert c.uid not in out, f"{c} twice"
            out[c.uid] = (name, -1)
    for p in table.players:
        for name in ("hand", "incoming"):
            for c in getattr(p, name):
                assert c.uid not in out, f"{c} twice"
                out[c.uid] = (name, p.seat)
    return out


def sizes(table: FranticTable) -> list[int]:
    return [len(x) for x in table.places()] + [len(table.events), len(table.events_done)]


def midgame(players: int, seed: int, steps: int) -> ModuleState:
    state = ModuleState(FRANTIC, SET, players, seed=seed, debug=True)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.randrange(len(state.legal_actions())))
    return state


def test_frantic_declares_its_determinization() -> None:
    hidden = determinization(FRANTIC)
    assert hidden is HIDDEN and isinstance(hidden, Determinization)


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 1, 10), (5, 2, 40), (8, 3, 120)])
def test_a_determinized_table_keeps_every_card_once_and_what_the_seat_knows(
        players, seed, steps) -> None:
    state = midgame(players, seed, steps)
    seat = state.current_player()
    sim = state.clone()
    table = sim.table
    before, counts, seen = where(table), sizes(table), observe(table, seat)
    known = {u: place for u, place in before.items()
             if place[0] in ("discard", "aside") or place == ("hand", seat)}
    order = {n: [c.uid for c in getattr(table, n)] for n in ("discard", "aside")}
    mine = [c.uid for c in table.players[seat].hand]
    determinize(table, seat, random.Random(9))
    table.check_invariants()  # F1.1: every play card in one place, every event in deck or done
    after = where(table)
    assert set(after) == set(before) == {c.uid for c in table.all_cards}
    assert sizes(table) == counts
    assert observe(table, seat) == seen
    assert {u: after[u] for u in known} == known  # the seat's known cards stay where they are
    assert [c.uid for c in table.players[seat].hand] == mine
    assert {n: [c.uid for c in getattr(table, n)] for n in ("discard", "aside")} == order
    rivals = [p for p in table.players if p.seat != seat]
    assert any(after[u] != before[u] for p in rivals for u in (c.uid for c in p.hand)), \
        "the rivals' hands were dealt anew"
    sim.close()


def test_the_deal_does_not_depend_on_where_the_hidden_cards_are() -> None:
    state = midgame(5, 4, 50)
    seat = state.current_player()
    a, b = state.clone(), state.clone()
    determinize(b.table, seat, random.Random(123))  # another true arrangement of the same game
    assert where(a.table) != where(b.table)
    determinize(a.table, seat, random.Random(5))
    determinize(b.table, seat, random.Random(5))
    assert where(a.table) == where(b.table)
    assert [e.uid for e in a.table.events] == [e.uid for e in b.table.events]
    assert a.table.rng.getstate() == b.table.rng.getstate()


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (5, 12)])
def test_a_seats_view_holds_no_rivals_hand(players, seed) -> None:
    """At every decision of a real game, what each seat sees is the same once the cards it
    cannot see are dealt anew (so nothing of them is in its view), and the view names its own
    hand and only the sizes of the others. Another seat's deal is undone after the look (the
    decider's pending options are cards of its hand); the decider's is kept, and the game goes
    on from it, as a search's clone does."""
    state = ModuleState(FRANTIC, SET, players, seed=seed, debug=True)
    agents = [RandomAgent(seed + s) for s in range(players)]
    rng = random.Random(seed)
    decisions = changed = 0
    while not state.is_terminal():
        table = state.table
        decider = state.current_player()
        for seat in [s for s in range(players) if s != decider] + [decider]:
            view = state.observation(seat)
            assert view["hand"] == tuple(c.id for c in table.players[seat].hand)
            assert all(set(p) == {"seat", "hand_size", "incoming_size", "total", "skipped",
                                  "finished"} for p in view["players"])
            places = hidden_places(table, seat)
            kept = [list(place) for place in places], list(table.events), table.rng.getstate()
            rivals = [[c.uid for c in p.hand] for p in table.players if p.seat != seat]
            determinize(table, seat, rng)
            assert state.observation(seat) == view
            changed += rivals != [[c.uid for c in p.hand] for p in table.players
                                  if p.seat != seat]
            if seat != decider:
                for place, cards in zip(places, kept[0], strict=True):
                    place[:] = cards
                table.events[:] = kept[1]
                table.rng.setstate(kept[2])
        decisions += 1
        d = state.decision()
        state.apply_action(agents[d.player].choose(state.view(d.player), d))
    assert decisions > 50 and changed > decisions  # the property was put to the test


def test_the_estimate_favours_the_lowest_total() -> None:
    state = midgame(3, 6, 30)
    table = state.table
    totals = [p.vp + sum(c.points for c in p.hand) for p in table.players]
    guess = estimate(table)
    assert all(0.0 < g < 1.0 for g in guess)
    assert guess.index(max(guess)) == totals.index(min(totals))
