"""The turn loop's phases (R4, R7, R8, R9), set-up (R2) and the perks the engine leaves to the
game loop (R15: DIY, Do-Over, Recycling, Birthday Party)."""

from __future__ import annotations

from builders import Recorder, kid

from fortlang.cardset import base_set
from fortlang.engine import Kind, ScriptedAgent
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.model import board_of, perks_of, rules_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.setup import draw, new_game
from fortlang.games.fort.table import Game, Rules
from fortlang.games.fort.turn import (
    TurnRecord,
    clean_up,
    discard,
    diy,
    do_over,
    play_turn,
    recruit,
    recycle,
)
from fortlang.sim.seats import Seats

CARDSET = base_set()
PERKS = {k.id: k for k in perks_of(CARDSET)}
PIZZA, TOY = Resource.PIZZA, Resource.TOY
SCORER = kid("Scorer", "book", "score", "score")
FRIEND = kid("Buddy", "crown", "score", None, best_friend=True)


def table(*answers, players=2) -> Game:
    agents = [Recorder(answers)] + [Recorder() for _ in range(players - 1)]
    return Game(players, board_of(CARDSET), asker=Seats(agents), debug=True)


def test_r2_setup_basic_deals_piles_rows_park_and_hands():
    game, first = new_game(CARDSET, 3, seed=5)
    assert 0 <= first < 3
    assert len(game.rule_pile) == 4 and len(game.perk_row) == 4  # R2.2, R2.3: players + 1
    assert len(game.park) == 3  # R2.4
    for p in game.players:
        assert len(p.hand) == 5 and len(p.deck) == 5  # R2.5 8 kids + R2.6 2 friends, draw 5
        assert sum(c.card.best_friend for c in p.hand + p.deck) == 2
    assert len(game.park_deck) == 60 - 3 - 3 * 8
    assert_invariants(game)


def test_r2_same_seed_same_setup_and_different_seed_differs():
    a, _ = new_game(CARDSET, 4, seed=11)
    b, _ = new_game(CARDSET, 4, seed=11)
    c, _ = new_game(CARDSET, 4, seed=12)
    assert a.snapshot() == b.snapshot()
    assert a.snapshot() != c.snapshot()


def test_r2_5_draft_each_keeps_eight_by_passing_left():
    agents = [ScriptedAgent([0] * 7) for _ in range(2)]
    game, _ = new_game(CARDSET, 2, seed=3, agents=agents, draft=True, debug=True)
    for p in game.players:
        assert len(p.hand) + len(p.deck) == 10
    assert all(a.done for a in agents)  # the 8th pick is the last card: not asked
    assert str(Kind.DRAFT) in {k for k, _ in game.log}
    assert_invariants(game)


def test_r4_1_clean_up_skipped_on_first_turn_then_yard_to_discard():
    game = table()
    p = game.players[0]
    game.new_cards([SCORER], p.yard)
    clean_up(game, 0, first_turn=True)
    assert len(p.yard) == 1
    clean_up(game, 0, first_turn=False)
    assert (len(p.yard), len(p.discard)) == (0, 1)


def test_r8_1_discard_played_and_friends_to_discard_rest_to_yard():
    game = table()
    p = game.players[0]
    played = game.new_card(SCORER, p.in_play)
    friend = game.new_card(FRIEND, p.hand)
    other = game.new_card(SCORER, p.hand)
    looked = game.new_card(SCORER, p.lookout)
    discard(game, 0)
    assert set(p.discard) == {played, friend} and p.yard == [other] and p.lookout == [looked]


def test_r9_1_draw_reshuffles_discard_when_the_deck_runs_out():
    game = table()
    p = game.players[0]
    game.new_cards([SCORER] * 2, p.deck)
    game.new_cards([SCORER] * 6, p.discard)
    assert draw(game, 0, 5) == 5
    assert (len(p.hand), len(p.deck), len(p.discard)) == (5, 3, 0)


def test_r7_1_recruit_refills_the_park():
    game = table(("recruit", 0))
    game.new_cards([SCORER] * 4, game.park_deck)
    game.new_cards([SCORER], game.park)
    recruit(game, 0, TurnRecord(0))
    assert len(game.players[0].discard) == 1 and len(game.park) == 1


def test_r15_birthday_party_recruits_a_second_card_not_from_a_yard():
    game = table(("recruit", "Scorer from player 2"), ("extra_recruit", 1), ("recruit", 0))
    p = game.players[0]
    p.perks.append(PERKS["birthday-party"])
    game.new_cards([SCORER] * 4, game.park_deck)
    game.new_cards([SCORER], game.park)
    game.new_cards([SCORER, SCORER], game.players[1].yard)
    record = TurnRecord(0)
    recruit(game, 0, record)
    assert len(p.discard) == 2 and len(game.players[1].yard) == 1
    second = game.asker.agents[0].seen[-1]
    assert second.kind == Kind.RECRUIT and not any("yard" in label for label in second.labels)
    assert record.perks_used == ["birthday-party"]
    assert p.perks  # Birthday Party is not single-use


def test_r15_diy_advances_paying_one_more_and_boxes_the_perk():
    game = table(("diy", 1))
    p = game.players[0]
    p.perks.append(PERKS["diy"])
    game.give(p, TOY, 2)  # level 0 -> 1 costs a toy, DIY one resource more
    game.rule_pile.append(rules_of(CARDSET)[0])
    record = TurnRecord(0)
    assert diy(game, 0, record)
    assert p.level == 1 and p.stuff[TOY] == 0 and not p.perks
    assert PERKS["diy"] in game.boxed_perks


def test_r15_diy_not_offered_when_the_extra_cost_cannot_be_paid():
    game = table()
    p = game.players[0]
    p.perks.append(PERKS["diy"])
    game.give(p, TOY, 1)
    assert not diy(game, 0, TurnRecord(0))
    assert p.level == 0 and p.perks and game.log == []


def test_r15_do_over_plays_a_second_card_and_boxes_the_perk():
    game = table(("do_over", 1), ("order", 0))
    p = game.players[0]
    p.perks.append(PERKS["do-over"])
    game.new_cards([SCORER], p.hand)
    record = TurnRecord(0)
    do_over(game, 0, record)
    assert p.vp == 2 and len(record.plays) == 1 and not p.perks


def test_r15_recycling_takes_a_discarded_card_into_hand():
    game = table(("recycle", 1))
    p = game.players[0]
    p.perks.append(PERKS["recycling"])
    card = game.new_card(SCORER, p.discard)
    recycle(game, 0, TurnRecord(0))
    assert p.hand == [card] and not p.discard and not p.perks


def test_r2_5_draft_passes_the_rest_left():
    agents = [Recorder([0] * 7), Recorder([0] * 7)]
    new_game(CARDSET, 2, seed=4, agents=agents, draft=True, debug=True)
    first_packet = [o.value for o in agents[0].seen[0].options]
    kept = first_packet[0]
    passed = list(first_packet)
    passed.remove(kept)
    assert sorted(o.value for o in agents[1].seen[1].options) == sorted(passed)


class _Recycler:
    """Keeps Recycling until the ``at``-th offer of the turn (R15), then takes the first card
    offered; plays a card when it can (Do-Over too); notes the size of its hand and deck at
    each offer; answers 0 to anything else."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.offers: list[tuple[int, int]] = []
        self.kinds: list[str] = []
        self.game: Game | None = None

    def choose(self, view, decision):
        self.kinds.append(str(decision.kind))
        if decision.kind in (Kind.PLAY, Kind.DO_OVER):
            return len(decision.options) - 1  # a card rather than skipping (R5.1, R15)
        if decision.kind != Kind.RECYCLE:
            return 0
        p = self.game.players[decision.player]
        self.offers.append((len(p.hand), len(p.deck)))
        return 1 if len(self.offers) == self.at else 0


def _recycling_table(recycler, deck: int, rules=None, perks=("recycling",)) -> Game:
    game = Game(2, board_of(CARDSET), asker=Seats([recycler, Recorder()]), debug=True, rules=rules)
    recycler.game = game
    p = game.players[0]
    p.perks.extend(PERKS[k] for k in perks)
    game.new_cards([SCORER] * deck, p.deck)
    game.new_cards([FRIEND], p.discard)
    game.new_cards([SCORER], p.hand)
    return game


def test_r15_recycling_kept_through_the_turn_is_offered_after_the_draw():
    """R15 Recycling, « à tout moment pendant votre tour »: a player who keeps it at the start
    of the play phase may still use it once the draw is done, and the card joins the hand."""
    recycler = _Recycler(at=2)
    game = _recycling_table(recycler, deck=5)
    play_turn(game, 0, first_turn=True)
    p = game.players[0]
    assert recycler.offers == [(1, 5), (5, 0)]  # the start of the play phase; after the draw
    assert len(p.hand) == 6 and FRIEND.name in {c.name for c in p.hand} and not p.perks


def test_r15_recycling_before_a_draw_that_shuffles_keeps_the_card_out_of_the_deck():
    """R9.1 with R15: when the draw must shuffle the discard pile, the last moment the card can
    be taken is just before the draw."""
    recycler = _Recycler(at=2)
    game = _recycling_table(recycler, deck=2)
    play_turn(game, 0, first_turn=True)
    p = game.players[0]
    assert recycler.offers[1] == (0, 2)  # after the discard phase, before the draw
    assert FRIEND.name in {c.name for c in p.hand} and not p.perks


def test_r15_recycling_offered_before_do_over_only_with_do_over():
    """A card taken after the play can be the Do-Over's second card; without Do-Over a hand
    card changes nothing between the play and the draw, so nothing is asked there."""
    with_do_over = _Recycler(at=2)  # keep it at the start, take the friend once Scorer is played
    game = _recycling_table(with_do_over, deck=5, perks=("recycling", "do-over"))
    record = play_turn(game, 0, first_turn=True)
    kinds = with_do_over.kinds
    assert kinds.count("recycle") == 2 and kinds[kinds.index("do_over") - 1] == "recycle"
    assert [r.card.name for r in record.plays] == [SCORER.name, FRIEND.name]
    alone = _Recycler(at=0)
    play_turn(_recycling_table(alone, deck=5), 0, first_turn=True)
    assert alone.kinds.count("recycle") == 2


def test_r15_recycling_once_at_the_start_of_the_play_phase_as_a_rules_switch():
    """Rules(recycle_any_moment=False): the engine's former reading, one offer per turn."""
    recycler = _Recycler(at=0)
    game = _recycling_table(recycler, deck=5, rules=Rules(recycle_any_moment=False))
    play_turn(game, 0, first_turn=True)
    assert recycler.offers == [(1, 5)]
