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


def _reference_recruited(looks: list[list[dict[int, str]]]) -> Counter:
    """Recruited as R7/R14 mean it: a card held by a seat at a look that this seat did not
    hold at the look before."""
    recruited: Counter = Counter()
    for before, after in zip(looks, looks[1:], strict=False):
        for seat, held in enumerate(after):
            recruited.update(card for uid, card in held.items() if uid not in before[seat])
    return recruited


def test_a_card_that_left_every_seat_and_came_back_is_new_again():
    """Issue 38: a look writes a card's slot only when the card changed hands, and sets the
    cards nobody holds (the park, the park deck, the box) to nobody's; a card off the table's
    zones (a scenario's) makes the look start its slots anew. Each look is checked against the
    holdings' sets."""
    game, _ = new_game(CARDSET, 3, seed=4)
    at = Progress(0, 0)
    looks = []

    def look() -> None:
        at.watch(game)
        looks.append(_holdings(game))
        assert at.recruited == _reference_recruited(looks)

    look()
    p0, p1 = game.players[0], game.players[1]
    game.box.append(p0.hand.pop())  # destroyed (R15): nobody holds it ...
    game.park.append(p1.deck.pop())  # ... nor a card put in the park
    look()
    p0.discard.append(game.box.pop())  # back to the seat that held it: recruited again
    p0.yard.append(game.park.pop())  # the other one to another seat
    look()
    p1.hand.append(p0.yard.pop())  # from seat 0 to seat 1, and back at the next look
    look()
    p0.yard.append(p1.hand.pop())
    look()
    elsewhere: list = []  # a zone no look knows: its card is nobody's
    elsewhere.append(p1.deck.pop())
    look()
    p1.deck.append(elsewhere.pop())
    look()
    assert sum(at.recruited.values()) == 5
    copied = at.copy()
    game.park.append(p0.hand.pop())
    p0.hand.append(game.park.pop())  # out and back between two looks: still its
    look()
    copied.watch(game)
    assert copied.recruited == at.recruited and copied.seen == at.seen


def test_a_progress_rebuilt_by_hand_from_its_slots_looks_on_as_the_original():
    """Issue 38: a Progress made with only its slots and looks (no marks, no count of marked
    slots, no kept ids; even no sets of acquired ids) counts them again at its next look and
    tallies what the original does from there (R7, R14), whatever moved between the looks:
    a card to another seat, one boxed (R12.4), one from the park."""
    game, _ = new_game(CARDSET, 3, seed=9)
    at = Progress(0, 0)
    at.watch(game)
    p0, p1, p2 = game.players
    p1.discard.append(p0.hand.pop())
    game.box.append(p2.deck.pop())
    at.watch(game)
    with_sets = Progress(0, 0, recruited=dict(at.recruited),
                         acquired=[set(a) for a in at.acquired], seen=list(at.seen),
                         looks=at.looks)
    bare = Progress(0, 0, recruited=dict(at.recruited), seen=list(at.seen), looks=at.looks)
    assert not with_sets.marks and not with_sets.held and not bare.acquired
    moved, parked = p1.discard[-1], game.park[-1]
    p2.hand.append(p1.discard.pop())  # seat 0's card, at seat 1 since the last look
    p0.yard.append(game.park.pop())
    game.box.append(p1.deck.pop())
    for progress in (at, with_sets, bare):
        progress.watch(game)
        assert progress.held == sum(len(cards_you_have(p)) for p in game.players)
    assert with_sets.recruited == at.recruited == bare.recruited
    assert sum(at.recruited.values()) == 3
    assert with_sets.acquired == at.acquired and with_sets.seen == at.seen == bare.seen
    # without its sets, only what came in since: its slots say the rest was held before
    assert bare.acquired == [{parked.defn.id}, set(), {moved.defn.id}]


def test_a_look_reads_r14s_zones_and_a_changed_perk_or_rule():
    """Issue 38: a look walks the zones of zones_you_have itself (no tuple at every look), and
    reads the perks' and made-up rule's ids again only when they changed since the last look
    (the same objects are in the seat's set already)."""
    from fortlang.games.fort import metrics
    from fortlang.games.fort.model import rules_of

    game, _ = new_game(CARDSET, 2, seed=6)
    p = game.players[0]
    assert [id(z) for z in metrics.zones_you_have(p)] == [
        id(z) for z in (p.deck, p.discard, p.hand, p.yard, p.lookout, p.in_play)]
    perks, rules = perks_of(CARDSET), rules_of(CARDSET)
    at = Progress(0, 0)
    p.perks.append(perks[0])
    at.watch(game)
    assert perks[0].id in at.acquired[0]
    p.perks[0] = perks[1]  # as many perks, another one
    at.watch(game)
    assert perks[1].id in at.acquired[0]
    p.rule = rules[0]
    at.watch(game)
    assert rules[0].id in at.acquired[0]
    p.rule = rules[1]
    at.watch(game, [perks[2].id], leader=0)
    assert {rules[1].id, perks[2].id} <= at.acquired[0]
    assert perks[2].id not in at.acquired[1]
    at.acquired[0] = set()  # another set (a resumed Progress's): every id read again
    at.watch(game)
    assert at.acquired[0] >= {perks[1].id, rules[1].id}
    copied = at.copy()
    copied.acquired[0].discard(perks[1].id)
    copied.watch(game)
    assert perks[1].id in copied.acquired[0]


class LookMarks:
    """Progress.watch's tallies as they were counted up to 7f0cb6d (issue 38): every card's slot
    rewritten at every look with a mark of the look and the seat (look * seats + seat), a card
    new to a seat unless its slot holds that seat's mark of the look before. The reference the
    watch that writes only the cards that changed hands must match."""

    def __init__(self) -> None:
        self.looks = 0
        self.seen: list[int] = []
        self.recruited: Counter = Counter()
        self.acquired: list[set[str]] = []

    def watch(self, game, perks_used=(), leader: int = -1) -> None:
        fresh, last = not self.looks, self.looks
        self.looks = now = last + 1
        seats = len(game.players)
        self.seen.extend([-1] * (game.card_count - len(self.seen)))
        for p in game.players:
            if fresh:
                self.acquired.append(set())
            got = self.acquired[p.seat]
            for zone in (p.deck, p.discard, p.hand, p.yard, p.lookout, p.in_play):
                for c in zone:
                    if self.seen[c.uid] != last * seats + p.seat:
                        if not fresh:
                            self.recruited[c.defn.id] += 1
                        got.add(c.defn.id)
                    self.seen[c.uid] = now * seats + p.seat
            got.update(k.id for k in p.perks)
            if p.rule is not None:
                got.add(p.rule.id)
            if p.seat == leader:
                got.update(perks_used)


@pytest.mark.parametrize(("players", "lineup", "draft"),
                         [(2, ["random"], False), (3, ["random"], True),
                          (4, ["random"], False), (4, ["random", "greedy"], False),
                          (3, ["greedy"], False)])
def test_r7_r14_the_watch_tallies_what_the_look_marks_tallied(players, lineup, draft):
    """Issue 38: over many games, after every turn, the watch's recruited and acquired are the
    reference's (LookMarks, shown the same tables at the same moments), and so are the
    outcome's; the games box cards (R12.4, R12.5, R12.10), which the watch must forget."""
    boxed = 0
    for seed in range(12 if lineup == ["random"] else 3):
        bots = make_bots(lineup, players, seed)
        game, first = new_game(CARDSET, players, seed=seed, agents=bots, draft=draft)
        ref = LookMarks()
        ref.watch(game)
        checked: list[int] = []

        def on_turn(g, at: Progress, ref=ref, checked=checked) -> None:
            if at.turns:  # the look after the previous turn: the reference takes it too
                assert dict(at.recruited) == dict(ref.recruited)
                assert at.acquired == ref.acquired
                # each seat's count of its slots is the cards it holds: no slot left stale
                held = [len(cards_you_have(p)) for p in g.players]
                assert [at.seen.count(seat) for seat in range(players)] == held
                assert at.held == sum(held)
                # ... kept by each look's own count (a card in, a card boxed), never by
                # setting every slot anew: a card leaves the seats for the box alone
                assert at.rebuilt == 0
                checked.append(at.turns)

        out = run_game(CARDSET, players, bots, game=game, first=first, on_turn=on_turn,
                       on_flow=lambda flow, ref=ref: _look_along(flow, ref))
        assert out.recruited == ref.recruited
        assert out.acquired == ref.acquired
        assert len(checked) == out.turns - 1
        boxed += len(game.box)
    assert boxed


def _look_along(flow, ref: LookMarks) -> None:
    """``ref`` looks at the table at the end of every turn, as Progress.watch does (the
    flow's turn_end event, fired by the draw before the turn's figures)."""
    from fortlang.flow.events import TURN_END

    turns = flow.table

    def heard(flow, event) -> None:
        ref.watch(turns.game, turns.record.perks_used, event.seat)

    flow.listen(TURN_END, heard)


def _shuffle_cards_about(game, rng, elsewhere: list) -> None:
    """Between two turns, cards moved as no rule moves them: from any zone of the table (a
    seat's six, the park, the park deck, the box, a zone no look knows) to any other, a card
    swapped between two seats (their counts unchanged), a card made in a seat's zone (as a
    scenario's table does). What the looks must follow whatever moves the cards (R7, R12's
    moves between players, R14's zones)."""
    from fortlang.games.fort.model import kids_of

    seats = [z for p in game.players
             for z in (p.deck, p.discard, p.hand, p.yard, p.lookout, p.in_play)]
    zones = [*seats, game.park, game.park_deck, game.box, elsewhere]
    for _ in range(rng.randrange(4)):
        src = rng.choice([z for z in zones if z])
        rng.choice(zones).append(src.pop(rng.randrange(len(src))))
    a, b = rng.sample(game.players, 2)
    za, zb = rng.choice((a.deck, a.discard, a.yard)), rng.choice((b.deck, b.discard, b.yard))
    if za and zb and rng.random() < 0.5:  # a swap: no seat's count changes
        i, j = rng.randrange(len(za)), rng.randrange(len(zb))
        za[i], zb[j] = zb[j], za[i]
    if rng.random() < 0.2:
        game.new_card(rng.choice(kids_of(CARDSET)), rng.choice(seats))


@pytest.mark.parametrize(("players", "lineup", "games"),
                         [(2, ["random"], 6), (3, ["greedy", "random"], 3),
                          (4, ["random"], 6), (4, ["greedy"], 2)])
def test_r7_r12_r14_the_watch_follows_cards_moved_anywhere_between_turns(players, lineup, games):
    """Issue 38: the watch walks every seat's zones at every look (no log of the moves that
    bring cards into a seat: a plugin's op or a scenario moves cards as it likes), so it
    must count whatever moved, however: after every turn of games whose tables are stirred
    between turns (any zone to any zone, swaps between seats, cards made), its tallies are
    the reference's and each seat's count of slots is what it holds."""
    import random

    moved = rebuilt = 0
    for seed in range(games):
        rng = random.Random(seed)
        bots = make_bots(lineup, players, seed)
        game, first = new_game(CARDSET, players, seed=seed, agents=bots)
        ref = LookMarks()
        ref.watch(game)
        elsewhere: list = []

        def on_turn(g, at: Progress, ref=ref, rng=rng, elsewhere=elsewhere) -> None:
            nonlocal moved, rebuilt
            if at.turns:
                assert dict(at.recruited) == dict(ref.recruited)
                assert at.acquired == ref.acquired
                held = [len(cards_you_have(p)) for p in g.players]
                assert [at.seen.count(seat) for seat in range(players)] == held
                assert at.held == sum(held)
                rebuilt = max(rebuilt, at.rebuilt)
            before = [sorted(c.uid for c in cards_you_have(p)) for p in g.players]
            _shuffle_cards_about(g, rng, elsewhere)
            moved += before != [sorted(c.uid for c in cards_you_have(p)) for p in g.players]

        out = run_game(CARDSET, players, bots, game=game, first=first, on_turn=on_turn,
                       on_flow=lambda flow, ref=ref: _look_along(flow, ref))
        assert out.recruited == ref.recruited and out.acquired == ref.acquired
    assert moved >= games * 5
    assert rebuilt  # cards put in the park, the park deck, a zone no look knows
