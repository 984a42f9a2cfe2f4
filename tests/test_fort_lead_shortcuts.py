"""The leader's play (R5) settles options without their trials where a closed form knows how the
trial would end (issue 38): each shortcut is counted (trials made, tests/trial_counter.py) and
checked against the play made without it (the same options offered, the same excluded for the
same rules, the same end)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

from builders import bare_table, kid, random_table, recorded_play
from test_engine_certain import sources_only
from trial_counter import counting

from fortlang.cardset import base_set
from fortlang.engine.asker import RandomAsker
from fortlang.engine.choices import RandomAgent
from fortlang.games.fort import play
from fortlang.games.fort.model import board_of, kids_of
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.table import Game

BASE = base_set()


def _bundled_plays(kinds: set[str], seeds: range = range(4)) -> tuple[int, list[tuple]]:
    """Every bundled card played at a few random tables, followers included: the trials of the
    decisions of ``kinds``, and the plays as recorded (options, exclusions, final state)."""
    plays = []
    with counting() as tally:
        for kid_card in kids_of(BASE):
            for seed in seeds:
                game = random_table(BASE, 4, seed)
                card = game.new_card(kid_card, game.players[0].hand)
                plays.append(recorded_play(game, 0, card))
    return sum(tally.kinds[k] for k in kinds), plays


@contextmanager
def orders_unsettled() -> Iterator[None]:
    """Every order of actions not sure tried, as before ``_orders_settled``."""
    with patch.object(play, "_orders_settled", lambda *args: []):
        yield


@sources_only
def test_an_action_alone_certain_not_done_is_excluded_without_its_trial():
    """R5.2, R5.4: with nothing in the stuff, `pack` alone cannot be performed with an effect;
    `score` is sure. The order "private (pack) only" is excluded for R5.4, as its trial would
    find, and no order is tried."""
    game = bare_table(BASE)
    card = game.new_card(kid("X", "crown", "score", "pack"), game.players[0].hand)
    with counting() as tally:
        rule, seen, _ = recorded_play(game, 0, card, follow=False)
    assert rule is None
    orders = [(labels, excluded) for kind, labels, excluded, _ in seen if kind == "order"]
    assert orders == [(("public (score) then private (pack)", "private (pack) then public (score)",
                        "public (score) only"), (("private (pack) only", "R5.4"),))]
    assert tally.kinds["order"] == 0, tally.trials
    game = bare_table(BASE)
    card = game.new_card(kid("X", "crown", "score", "pack"), game.players[0].hand)
    with orders_unsettled(), counting() as tally:
        assert recorded_play(game, 0, card, follow=False)[1] == seen
    assert tally.kinds["order"] == 1  # the trial the shortcut saves


@sources_only
def test_orders_settled_end_as_their_trials_on_the_bundled_cards():
    """Every bundled card: the orders settled without a trial are excluded for the rule their
    trial reports, and the plays end alike; most of the orders' trials are saved."""
    tried, plays = _bundled_plays({"order"})
    with orders_unsettled():
        tried_before, plays_before = _bundled_plays({"order"})
    assert plays == plays_before
    assert tried * 10 <= tried_before * 6, (tried, tried_before)  # 71 and 141 when written


@contextmanager
def coins_searched() -> Iterator[None]:
    """A coin added (R5.3, R5.6) left to its trial, as before ``_named_verdict``."""
    with patch.object(play, "_named_verdict", lambda *args: 0):
        yield


@sources_only
def test_a_coin_added_that_surely_stops_for_a_suit_is_offered_without_its_trial():
    """R5.3, R5.6: `gain toy x crown` with room for every toy is sure with a coin added and
    named crown. Adding the coin card is offered as legal without its trial; stopping and
    adding the crown card are sure as before."""
    game = bare_table(BASE)
    p = game.players[0]
    game.new_card(kid("Coin", "coin"), p.hand)
    game.new_card(kid("Crown", "crown"), p.hand)
    card = game.new_card(kid("X", "crown", "gain toy x crown"), p.hand)
    with counting() as tally:
        rule, seen, _ = recorded_play(game, 0, card, follow=False)
    assert rule is None
    boosts = [labels for kind, labels, _, _ in seen if kind == "boost"]
    assert boosts[0] == ("stop adding cards", "add Coin (coin)", "add Crown (crown)")
    assert tally.kinds["boost"] == 0, tally.trials
    with coins_searched(), counting() as tally:
        game = bare_table(BASE)
        p = game.players[0]
        game.new_card(kid("Coin", "coin"), p.hand)
        game.new_card(kid("Crown", "crown"), p.hand)
        card = game.new_card(kid("X", "crown", "gain toy x crown"), p.hand)
        assert recorded_play(game, 0, card, follow=False)[1] == seen
    assert tally.kinds["boost"] >= 1  # the coin's trial


@sources_only
def test_coins_added_end_as_their_trials_on_the_bundled_cards():
    """Every bundled card: the coins added without a trial are legal as their trials find, and
    the plays end alike; boosts are tried less."""
    tried, plays = _bundled_plays({"boost"})
    with coins_searched():
        tried_before, plays_before = _bundled_plays({"boost"})
    assert plays == plays_before
    assert tried * 10 <= tried_before * 7, (tried, tried_before)  # 62 and 95 when written


@contextmanager
def names_tried() -> Iterator[None]:
    """Each name of the played card's coin tried, as before ``_CardFacts.coin_alike``."""
    with patch.object(play, "_EVERY_NAME", []):
        yield


def _coin_card(game: Game):
    p = game.players[0]
    game.give(p, Resource.PIZZA, 1)
    return game.new_card(kid("X", "coin", "spend pizza/toy then score 2", "destroy card"), p.hand)


@sources_only
def test_a_coin_no_x_counts_is_named_without_a_trial():
    """R5.6: no `x` of the card counts a suit, so every name of its coin ends the play alike,
    and the play is legal (checked before it starts): the six names are offered, none tried."""
    game = bare_table(BASE)
    card = _coin_card(game)
    with counting() as tally:
        rule, seen, end = recorded_play(game, 0, card, follow=False)
    assert rule is None
    names = [labels for kind, labels, _, _ in seen if kind == "coin_suit"]
    assert names == [("skateboard", "shovel", "glue", "water_gun", "crown", "book")]
    assert tally.kinds["coin_suit"] == 0, tally.trials
    game = bare_table(BASE)
    card = _coin_card(game)
    with names_tried(), counting() as tally:
        assert recorded_play(game, 0, card, follow=False) == (rule, seen, end)
    assert tally.kinds["coin_suit"] == 6


@sources_only
def test_coins_named_without_a_trial_end_as_tried_on_the_bundled_cards():
    """Every bundled card: a coin every name of which ends alike is offered every name, as when
    they are tried; far fewer names are tried."""
    tried, plays = _bundled_plays({"coin_suit"})
    with names_tried():
        tried_before, plays_before = _bundled_plays({"coin_suit"})
    assert plays == plays_before
    assert tried * 2 <= tried_before, (tried, tried_before)  # 52 and 124 when written


def test_a_coin_an_x_counts_is_named_only_as_its_trials_allow():
    """R5.6, R5.4: `gain pizza x crown` on a coin card gains only if the coin is named crown;
    the names are not alike, so each is tried and the others are excluded for R5.4."""
    game = bare_table(BASE)
    card = game.new_card(kid("X", "coin", "gain pizza x crown"), game.players[0].hand)
    rule, seen, _ = recorded_play(game, 0, card, follow=False)
    assert rule is None
    names = [(labels, excluded) for kind, labels, excluded, _ in seen if kind == "coin_suit"]
    assert names == [(("crown",), tuple((s, "R5.4") for s in ("skateboard", "shovel", "glue",
                                                               "water_gun", "book")))]


@contextmanager
def in_vain_tried() -> Iterator[None]:
    """A card added in vain (R5.5) left to its trial, as before ``_added_verdict`` settled it."""
    verdict = play._added_verdict
    with patch.object(play, "_added_verdict", lambda *args: max(verdict(*args), 0)):
        yield


def _in_vainbare_table(BASE) -> tuple[Game, object]:
    """Room for one pizza: a crown added to `gain pizza x crown` would make it two, the second
    with no effect, so the card is in vain (R5.5); `score` is sure."""
    game = bare_table(BASE)
    p = game.players[0]
    game.give(p, Resource.PIZZA, game.stuff_capacity(p) - 1)
    game.new_card(kid("Crown", "crown"), p.hand)
    return game, game.new_card(kid("X", "crown", "gain pizza x crown", "score"), p.hand)


@sources_only
def test_a_card_added_in_vain_is_excluded_without_its_trial():
    """R5.3, R5.5: adding the crown is excluded for R5.5, as its trial finds, without it."""
    game, card = _in_vainbare_table(BASE)
    with counting() as tally:
        rule, seen, end = recorded_play(game, 0, card, follow=False)
    assert rule is None
    boosts = [(labels, excluded) for kind, labels, excluded, _ in seen if kind == "boost"]
    assert boosts == [(("stop adding cards",), (("add Crown (crown)", "R5.5"),))]
    assert tally.kinds["boost"] == 0, tally.trials
    game, card = _in_vainbare_table(BASE)
    with in_vain_tried(), counting() as tally:
        assert recorded_play(game, 0, card, follow=False) == (rule, seen, end)
    assert tally.kinds["boost"] == 1


@sources_only
def test_cards_added_in_vain_end_as_their_trials_on_the_bundled_cards():
    """Every bundled card: the cards settled as added in vain are excluded for the rule their
    trials report, and the plays end alike."""
    tried, plays = _bundled_plays({"boost"})
    with in_vain_tried():
        tried_before, plays_before = _bundled_plays({"boost"})
    assert plays == plays_before
    assert tried * 10 <= tried_before * 7, (tried, tried_before)  # 40 and 62 when written


def test_a_blind_leader_is_asked_by_count_without_labelling_the_cards():
    """Random bots, nobody reading (Journal.blind): the play phase (R5.1) asks by count, skip
    and each playable card, as the labelled decision would; no card is labelled, so the facts a
    play reads of a card are worked out only for the card played (issue 38)."""
    game = Game(2, board_of(BASE), asker=RandomAsker([RandomAgent(1), RandomAgent(2)]))
    assert game.blind()
    hand = game.players[0].hand
    cards = [game.new_card(kid(f"Lead{i}", "crown", "score"), hand) for i in range(3)]
    assert all(c.defn.facts is None for c in cards)  # fresh definitions
    logged = len(game.log)
    result = play.lead(game, 0)
    assert game.log[logged] == ("play", game.log[logged][1])  # asked once, by count
    played = result.card if result is not None else None
    assert [c.defn.facts is not None for c in cards] == [c is played for c in cards]


def test_the_boost_context_is_made_once_per_card_and_suits():
    """R5.3: the boost's context ("X: add cards for crown (R5.3)") is made once per card and set
    of suits counted, not at each play (issue 38): two plays of the card are told the same."""
    contexts = []
    played, crown = kid("X", "crown", "gain toy x crown"), kid("Crown", "crown")
    for _ in range(2):
        game = bare_table(BASE)
        p = game.players[0]
        game.new_card(crown, p.hand)
        card = game.new_card(played, p.hand)
        game.on_decision = lambda d, i: contexts.append(d.context) if d.kind == "boost" else None
        play.play_card(game, 0, card, follow=False)
    assert contexts[0] == "X: add cards for crown (R5.3)"
    assert len(contexts) == 2 and contexts[0] is contexts[1]


def test_the_suits_a_card_names_are_worked_out_only_for_an_x_any():
    """R5.7: the suits a card's boxes name are read (every node's fields) only to choose the
    suit of an `x any` (_any_alike), so only for a card with one, once (issue 38)."""
    game = bare_table(BASE)
    p = game.players[0]
    plain = game.new_card(kid("Plain", "crown", "score", "gain toy x crown"), p.hand)
    play.play_card(game, 0, plain, follow=False)
    assert not plain.defn.facts.named_known
    game = bare_table(BASE)
    p = game.players[0]
    game.new_card(kid("Shovel", "shovel"), p.hand)
    wild = game.new_card(kid("Wild", "crown", "gain toy x any", "score x shovel"), p.hand)
    play.play_card(game, 0, wild, follow=False)
    facts = wild.defn.facts
    assert facts.named_known and facts.named_suits() == frozenset({Suit.SHOVEL})
