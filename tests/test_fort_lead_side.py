"""The work around a leader's play, made cheaper (issue 38), held to the plain way of doing it:
one hand's judge (``certain.HandJudge``) answers as a fresh judgement per
card (R5.4, R5.5); what a play brings (``gains``) is the difference of the figures as the pools
and zones hold them (R14's cards you have, R10.4); Rough Housing (R15) asks the same rivals in
the same order, reading them in place. Whole games stay as they were: tests/test_fort_unchanged.py.
"""

from __future__ import annotations

import dataclasses
import random

from builders import kid, random_table

from fortlang.cardset import base_set
from fortlang.engine.choices import K_ROUGH_HOUSING, Decision, Option
from fortlang.games.fort import gains
from fortlang.games.fort.certain import HandJudge, surely_playable, surely_unplayable
from fortlang.games.fort.metrics import count_you_have
from fortlang.games.fort.model import PerkHook, kids_of, perks_of
from fortlang.games.fort.play import _rough_housing, legal_plays, why_not
from fortlang.games.fort.table import Game

BASE = base_set()


def _tables():
    """Random 2-4 player tables, the lookout counting rule (R5.3) changing from one to the
    next."""
    for seed in range(40):
        game = random_table(BASE, 2 + seed % 3, seed)
        game.rules = dataclasses.replace(game.rules, lookout_optional=seed % 4 < 2)
        yield seed, game


def _reference_plays(game: Game, seat: int) -> list:
    """legal_plays the plain way: each distinct card judged afresh (no judge shared)."""
    out, seen = [], set()
    for card in game.players[seat].hand:
        if card.defn in seen:
            continue
        seen.add(card.defn)
        if why_not(game, seat, card) is None:
            out.append(card)
    return out


#: Made-up cards whose `x suit` lies inside another box (its closed form counts the cards the
#: judgement says count, R5.3) or counts the card alone, beside the bundled ones.
COUNTED = [
    kid("Nested", "shovel shovel", "(gain pizza x shovel) then score"),
    kid("Packed", "glue glue", "(score then gain toy) x glue", "gain pizza x crown"),
    kid("Coined", "coin book", "gain pizza x book", "(gain toy x coin) then pack"),
]


def test_the_hand_judge_answers_as_fresh_judgements():
    """R5.4/R5.5 through one judge for the hand: legal plays, and each card's closed forms (playable
    for certain, unplayable for certain), bundled or made up, as a judgement made for that card
    alone, at tables of 2-4 seats, either lookout rule, seat after seat."""
    both = [0, 0]
    for seed, game in _tables():
        for seat in range(len(game.players)):
            assert legal_plays(game, seat) == _reference_plays(game, seat), (seed, seat)
            hand = game.players[seat].hand
            # the made-up ones last, Nested the very last: a one-card list not refilled per
            # card would still count it (R5.3)
            cards = [game.new_card(k, hand) for k in [*kids_of(BASE), *COUNTED[::-1]]]
            judge = HandJudge(game, seat)
            for card in cards:
                sure = surely_playable(game, seat, card)
                assert judge.playable(card) is sure, (seed, seat, card.name)
                never = surely_unplayable(game, seat, card)
                assert judge.unplayable(card) is never, (seed, seat, card.name)
                both[0] += sure
                both[1] += never
    assert all(both), both  # both answers met: the tables are not all alike


def _reference_standing(game: Game, seat: int) -> tuple[int, int, int, int]:
    p = game.players[seat]
    return (p.vp, sum(p.stuff.values()) + sum(p.pack.values()), count_you_have(p),
            game.board.points[p.level])


def test_standing_is_what_the_pools_and_zones_hold():
    """R14's cards you have (metrics.count_you_have), the stuff and the pack, VP and the fort
    level's points (R10.4), at random tables and in a game's course."""
    for seed, game in _tables():
        for seat in range(len(game.players)):
            p = game.players[seat]
            p.vp = seed
            if seed % 5 == 0:
                p.in_play.append(p.hand.pop()) if p.hand else None
            assert gains.standing(game, seat) == _reference_standing(game, seat), (seed, seat)


def test_a_gain_is_the_difference_of_the_standings():
    """Each part of the gain is now minus before (vp, resources, cards, fort), a Gain, whether
    it lies in the span of the gains kept or not; equal gains are the same figures."""
    game = random_table(BASE, 3, 5)
    now = gains.standing(game, 1)
    rng = random.Random(7)
    parts = [-200, -65, -64, -63, -1, 0, 1, 62, 63, 64, 65, 200]
    befores = [tuple(rng.choice(parts) for _ in range(4)) for _ in range(3000)]
    befores += [tuple(now[i] - rng.randrange(-70, 70) for i in range(4)) for _ in range(20000)]
    for before in befores:
        gain = gains.since(game, 1, before)
        assert type(gain) is gains.Gain
        assert tuple(gain) == tuple(now[i] - before[i] for i in range(4)), before


class _Asked:
    """An asker answering every yes/no with its script, recording who was asked what."""

    def __init__(self, answers: dict[int, int]) -> None:
        self.answers = answers
        self.asked: list[tuple[int, str]] = []

    def decide(self, game, decision: Decision) -> int:
        self.asked.append((decision.player, decision.kind))
        return self.answers.get(decision.player, 0)


def _reference_rough_housing(game, seat, card, followers) -> bool:
    """R15 Rough Housing, the plain way: every rival in turn order (Game.rivals)."""
    followed = {s for s, _ in followers}
    for q in game.rivals(seat):
        perk = q.perk(PerkHook.ROUGH_HOUSING) if q.perks else None
        if perk is None or q.seat in followed:
            continue
        answer = game.ask(Decision(q.seat, K_ROUGH_HOUSING,
                                   (Option("no", False), Option("yes", True)), "rough housing"))
        if answer == 1:
            game.use_perk(q, perk)
            return True
    return False


ROUGH = next(k for k in perks_of(BASE) if k.hook == PerkHook.ROUGH_HOUSING)
OTHERS = [k for k in perks_of(BASE) if k.hook != PerkHook.ROUGH_HOUSING]


def test_rough_housing_asks_the_rivals_as_the_plain_way():
    """The same rivals asked, in the same order (from the leader's left), the perk used by the
    first who says yes, whatever perks the others hold and whoever followed (R6, R15)."""
    used_by = [0, 0]
    for seed in range(60):
        n = 2 + seed % 3
        outcomes = []
        for rough in (_rough_housing, _reference_rough_housing):
            rng = random.Random(seed)  # the same table, perks and answers for both
            game = random_table(BASE, n, seed)
            for p in game.players:
                p.perks.clear()
                if rng.random() < 0.3:
                    p.perks.append(rng.choice(OTHERS))
                if rng.random() < 0.6:
                    p.perks.append(ROUGH)
            leader = rng.randrange(n)
            followers = [(s, ()) for s in range(n) if s != leader and rng.random() < 0.4]
            asker = _Asked({s: rng.randrange(2) for s in range(n)})
            game.asker = asker
            card = game.new_card(kids_of(BASE)[seed % 7], game.players[leader].in_play)
            used = rough(game, leader, card, followers)
            outcomes.append((used, asker.asked, game.snapshot()))
        assert outcomes[0] == outcomes[1], seed
        used_by[outcomes[0][0]] += len(outcomes[0][1]) > 1
    assert all(used_by), used_by  # several rivals asked, the perk used and not


def test_legal_plays_written_over_a_kept_list_are_the_legal_plays():
    """A blind lead (random bots, nobody reading) counts the legal plays (R5.1) written over
    one kept list (play._legal_into): its first slots are legal_plays', in order, whatever it
    held before, longer or shorter."""
    from fortlang.games.fort.play import _legal_into

    kept: list = []
    lengths = set()
    for seed, game in _tables():
        for seat in range(len(game.players)):
            want = legal_plays(game, seat)
            count = _legal_into(game, seat, kept)
            assert (count, kept[:count]) == (len(want), want), (seed, seat)
            lengths.add((count, len(kept) > count))
    assert len(lengths) > 3, lengths  # fewer legal plays than the list held, and more


def test_a_game_is_freed_when_dropped_and_its_blind_plays_are_its_own():
    """Nothing of a lead outlives its game: a game dropped after its hands were judged is
    freed at once, by reference counting (no judge kept by the module, a thread or the game
    itself, which would keep it alive or in a cycle: tests/test_game_pull.py,
    tests/test_match_gc.py); two games never share the blind lead's list."""
    import weakref

    from fortlang.games.fort.play import lead

    first, second = random_table(BASE, 3, 1), random_table(BASE, 3, 2)
    assert first.blind_plays is not second.blind_plays
    for seat in range(3):
        legal_plays(first, seat)
    lead(first, 0)
    ref = weakref.ref(first)
    del first
    assert ref() is None
