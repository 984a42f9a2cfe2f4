"""The follower's shortcut (fortlang.games.fort.certain.follow_verdict) agrees with the search:
every option it settles without a trial (legal for certain, or excluded for R6.2 for certain) is
settled so by trying it, on random actions at random tables, with followers' coins named every
way the search names them (R5.6, R6.5), bound or not by the leader's choices (R6.4); and it
settles every option of the actions it knows, so a weaker shortcut fails here too."""

from __future__ import annotations

from functools import partial

import pytest
from builders import kid, random_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_certain import actions, full_search

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine.asker import RandomAsker
from fortlang.engine.choices import RandomAgent
from fortlang.engine.interpreter import search
from fortlang.engine.program import program
from fortlang.games.fort import play
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.certain import MOST_NAMINGS, follow_verdict
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.model import KidCard, PerkHook, board_of, kids_of, perks_of
from fortlang.games.fort.node_types import PLAIN_SUITS
from fortlang.games.fort.nodes import Gain, Resource, Spend, Suit
from fortlang.games.fort.table import TOKENS, Game, Rules
from fortlang.nodes import Action, Choice, Fixed, Repeat, Then
from fortlang.parser import parse_action
from fortlang.registry import is_resource_choice
from fortlang.sim.seats import Seats

BASE = base_set()
COPY_CAT = next(k for k in perks_of(BASE) if k.hook is PerkHook.FOLLOW_DISCARD_MORE)
examples = settings(max_examples=250, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def _round(game: Game, action: Action, suits: str, coin: Suit | None, bind: bool) -> play._Round:
    """A played card with ``action`` as its public action, the leader's pizza or toy and branch
    choices bound (R6.4) or not."""
    played = KidCard("played", "Played", tuple(Suit(s) for s in suits.split()), action, None)
    card = game.new_card(played, game.players[0].in_play)
    bound: dict[int, object] = {}
    if bind:
        bound = {id(x): game.rng.choice(TOKENS) for x in action.walk()
                 if isinstance(x, Gain | Spend) and x.resource is Resource.EITHER}
        bound |= {id(x): game.rng.randrange(len(x.items)) for x in action.walk()
                  if isinstance(x, Choice) and is_resource_choice(x)}
    return play._Round(game, card.card, coin, bound, action)


def _verdicts(game: Game, rnd: play._Round, seat: int):
    """(shortcut, searched, rule reported) for following with each matching hand card, and
    with each pair of them (Copy Cat)."""
    p = game.players[seat]
    matching = [c for c in p.hand if play._matches(c, rnd.suits, rnd.wild)]
    picks = [[c] for c in matching] + [[a, b] for a, b in zip(matching, matching[1:], strict=False)]
    assert COPY_CAT in p.perks  # for the pairs
    for cards in picks:
        names = [play._coin_choices(rnd, c, game.rules) for c in cards]
        verdict = follow_verdict(game, seat, cards, rnd.public, rnd.bound, names)
        fewer = [play._verdict_names(rnd, c, game.rules) for c in cards]
        assert follow_verdict(game, seat, cards, rnd.public, rnd.bound, fewer) is verdict
        ctx = FortCtx(game, seat, leader=False, bound=rnd.bound)
        with full_search():
            ok = search(ctx, partial(play._follow_with, rnd, ctx, COPY_CAT, [], cards))
        yield verdict, ok, ctx.fail


@examples
@given(action=actions, seed=st.integers(0, 80), suits=st.sampled_from(
    ["crown", "shovel", "coin", "glue book", "coin crown"]), coin=st.sampled_from(Suit),
    bind=st.booleans(), free=st.booleans(), wild=st.booleans())
def test_follow_verdict_agrees_with_the_search(action, seed, suits, coin, bind, free, wild):
    game = random_table(BASE, 3, seed)
    game.rules = Rules(follower_coin_free=free, coin_follows_any=wild)
    for p in game.players:
        if seed % 3 == 0:  # zones run dry (the cards removed are simply out of the game here)
            p.hand.clear()
            p.discard.clear()
        game.new_card(kid("Coin", "coin"), p.hand)  # a coin to name on every hand (R5.6)
        game.new_card(kid("Both", "coin crown"), p.hand)
        if COPY_CAT not in p.perks:
            p.perks.append(COPY_CAT)  # not a modifier: no capacity changes
    rnd = _round(game, action, suits, None if coin is Suit.COIN else coin, bind)
    before = game.snapshot()
    for verdict, ok, rule in _verdicts(game, rnd, 1 + seed % 2):
        if verdict is True:
            assert ok
        elif verdict is False:
            assert not ok and rule == "R6.2"
    assert game.snapshot() == before


@pytest.mark.parametrize("spec", fort_words.PRIMITIVES, ids=lambda spec: spec.node.__name__)
def test_follow_verdict_agrees_on_every_primitive(spec):
    """Each primitive alone, once and twice in a row, at tables whose zones run dry."""
    for action in (spec.node(), Repeat(spec.node(), Fixed(2))):
        for seed, game in _tables():
            for p in game.players:
                if seed % 2:
                    p.discard.clear()
                    p.yard.clear()
            rnd = _round(game, action, "crown", None, False)
            for verdict, ok, rule in _verdicts(game, rnd, 1 + seed % 2):
                if verdict is not None:
                    assert verdict is ok and (ok or rule == "R6.2"), (seed, action)


@pytest.mark.parametrize("first", fort_words.PRIMITIVES, ids=lambda spec: spec.node.__name__)
def test_follow_verdict_agrees_on_every_pair_in_sequence(first):
    """`a then b` for every two primitives (R13.4): a part that changes what the other needs (a
    level that widens the lookout, tokens spent then gained...) is never judged as if alone.
    Lookouts full and stuff nearly full, so that most parts can fail."""
    for spec in fort_words.PRIMITIVES:
        action = Then((first.node(), spec.node()))
        for seed, game in _tables(8):
            for p in game.players:
                for i in range(game.lookout_capacity(p) - len(p.lookout)):
                    game.new_card(kid(f"Seen {i}", "book"), p.lookout)
                for r in TOKENS:
                    p.stuff[r] = max(p.stuff[r], game.board.stuff_capacity - 1)
            rnd = _round(game, action, "crown", None, False)
            for verdict, ok, rule in _verdicts(game, rnd, 1 + seed % 2):
                if verdict is not None:
                    assert verdict is ok and (ok or rule == "R6.2"), (seed, action)


def _tables(seeds: int = 30):
    """Tables with tokens, packs and lookouts from empty to full, and coins in hand."""
    for seed in range(seeds):
        game = random_table(BASE, 3, seed)
        for p in game.players:
            p.perks[:] = [COPY_CAT]  # capacities as the board has them
            game.new_card(kid("Coin", "coin"), p.hand)
            game.new_card(kid("Both", "coin crown"), p.hand)
            if seed % 3 == 0:
                for r in TOKENS:  # nothing more fits
                    game.give(p, r, game.board.stuff_capacity - p.stuff[r])
            if seed % 5 == 0:
                p.hand[:] = p.hand[-2:]  # the cards removed are simply out of the game here
        yield seed, game


@pytest.mark.parametrize("text", [
    "gain pizza/toy", "gain 2 pizza", "gain toy x glue", "gain pizza x shovel",
    "gain 2 pizza/toy x crown", "spend toy x crown", "pack x crown", "pack", "convert x 2",
    "score x crown", "lookout", "recruit", "destroy rival", "advance", "advance -1",
    "gain 2 toy or gain 2 pizza", "gain pizza x coin", "score x pack", "gain toy x level",
    "copy pack", "copy rival pack", "destroy rival then gain pizza/toy",
    "lookout then score x crown", "gain toy then score 2"])
@pytest.mark.parametrize("suits", ["crown", "coin crown"])
def test_follow_verdict_is_exact_for_the_actions_it_knows(text, suits):
    """Every option is settled without a trial, as its trial settles it."""
    action = parse_action(text)
    for seed, game in _tables():
        rnd = _round(game, action, suits, Suit.CROWN if "coin" in suits else None, seed % 2 == 0)
        for verdict, ok, rule in _verdicts(game, rnd, 1 + seed % 2):
            assert verdict is ok, (seed, text)
            assert ok or rule == "R6.2"


def test_a_follower_bound_to_pizza_with_no_room_is_excluded_without_a_trial():
    """R6.4 then R6.2: bound to the leader's pizza, which no longer fits; toys would."""
    game = Game(2, board_of(BASE))
    p = game.players[1]
    game.give(p, Resource.PIZZA, game.board.stuff_capacity)
    action = parse_action("gain pizza/toy")
    card = game.new_card(kid("Follower", "crown"), p.hand)
    free = _round(game, action, "crown", None, False)
    assert follow_verdict(game, 1, [card], program(action), free.bound, [()]) is True
    bound = {id(action): Resource.PIZZA}
    assert follow_verdict(game, 1, [card], program(action), bound, [()]) is False


def test_a_coin_named_to_count_nothing_follows_in_full():
    """R5.6 with R6.5: Both (coin, crown) follows a crown card by its crown and may name its coin
    a suit `gain pizza x shovel` does not count: one pizza fits, so it follows in full; named
    shovel it would need two. Known without a trial only when the naming is free."""
    game = Game(2, board_of(BASE))
    p = game.players[1]
    game.give(p, Resource.PIZZA, game.board.stuff_capacity - 1)
    action = parse_action("gain pizza x shovel")
    card = game.new_card(kid("Both", "coin crown shovel"), p.hand)
    rnd = _round(game, action, "crown", None, False)
    game.rules = Rules(follower_coin_free=True)
    names = play._coin_choices(rnd, card, game.rules)
    assert len(names) == 6 and follow_verdict(game, 1, [card], program(action), {}, [names]) is True
    game.rules = Rules(follower_coin_free=False)  # a followed or counted suit: crown or shovel
    names = play._coin_choices(rnd, card, game.rules)
    assert names == (Suit.CROWN, Suit.SHOVEL)
    # crown counts nothing
    assert follow_verdict(game, 1, [card], program(action), {}, [names]) is True
    game.give(p, Resource.PIZZA, 1)  # the stuff is full of pizza: no naming helps
    assert follow_verdict(game, 1, [card], program(action), {}, [names]) is False


def test_too_many_coins_to_name_are_left_to_the_search():
    """Copy Cat with more discards (a card set's data, R15): each coin may be named six ways that
    end differently when the played card has an `x any`; beyond MOST_NAMINGS ways the verdict is
    the search's."""
    game = Game(2, board_of(BASE))
    p = game.players[1]
    played = kid("Played", "crown", "gain pizza x shovel", "score x any")
    game.new_card(played, game.players[0].in_play)
    assert played.public is not None
    rnd = play._Round(game, played, None, {}, played.public)
    cards = [game.new_card(kid(f"Coin {i}", "coin crown"), p.hand) for i in range(4)]
    names = [play._verdict_names(rnd, c, game.rules) for c in cards]
    assert all(len(x) == 6 for x in names)  # every name may end differently
    assert 6 ** 2 <= MOST_NAMINGS < 6 ** 4
    assert follow_verdict(game, 1, cards[:2], program(played.public), {}, names[:2]) is True
    assert follow_verdict(game, 1, cards, program(played.public), {}, names) is None


@pytest.mark.parametrize("text", ["advance then lookout", "(advance then lookout) x 1"])
def test_a_level_gained_first_makes_room_in_the_lookout(text):
    """R10.2: the lookout is full, but advancing first widens it, so the follower performs the
    whole action in full: never taken as certain to fail."""
    game = Game(2, board_of(BASE))
    p = game.players[1]
    for r in TOKENS:
        game.give(p, r, game.board.stuff_capacity)  # enough to pay the first level
    for i in range(game.lookout_capacity(p)):
        game.new_card(kid(f"Seen {i}", "book"), p.lookout)
    game.new_card(kid("Kept", "book"), p.hand)
    card = game.new_card(kid("Follower", "crown"), p.hand)
    action = parse_action(text)
    rnd = _round(game, action, "crown", None, False)
    ctx = FortCtx(game, 1, leader=False, bound={})
    assert search(ctx, partial(play._follow_with, rnd, ctx, COPY_CAT, [], [card]))
    assert follow_verdict(game, 1, [card], program(action), {}, [()]) is not False


def test_an_option_settled_as_excluded_is_listed_without_a_trial():
    """R6.4 then R6.2: bound to the leader's pizza, which no longer fits. The follower's
    option is settled as excluded by ``follow_verdict``: it is listed as excluded for R6.2, as
    a trial would find, without trying it (issue 38)."""
    from trial_counter import counting

    game = Game(2, board_of(BASE), asker=Seats([RandomAgent(1), RandomAgent(2)]))
    p = game.players[1]
    game.give(p, Resource.PIZZA, game.board.stuff_capacity)
    action = parse_action("gain pizza/toy")
    game.new_card(kid("Follower", "crown"), p.hand)
    game.new_card(kid("Other", "crown shovel"), p.hand)
    rnd = _round(game, action, "crown", None, False)
    rnd.bound[id(action)] = Resource.PIZZA
    seen: list[tuple] = []
    game.on_decision = lambda d, i: seen.append((d.kind, d.labels, d.excluded, i))
    with counting() as tally:
        assert play._follow(rnd, game, 1) == ()
    assert tally.total() == 0, tally.trials
    assert len(seen) == 1
    kind, labels, excluded, answer = seen[0]
    assert labels == ("decline",) and answer == 0
    assert [rule for _, rule in excluded] == ["R6.2", "R6.2"]


def test_a_blind_follower_with_every_option_excluded_is_asked_without_a_move(monkeypatch):
    """Random bots, nobody reading: a follower whose every option is settled as excluded
    (R6.4, R6.2) is asked by count among the one legal option, declining, as ``decide_at``
    would ask, with no move built nor run for it, nor any option labelled (issue 38)."""
    if native.is_compiled(play):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    game = Game(2, board_of(BASE), asker=RandomAsker([RandomAgent(1), RandomAgent(2)]))
    assert game.blind()
    p = game.players[1]
    game.give(p, Resource.PIZZA, game.board.stuff_capacity)
    action = parse_action("gain pizza/toy")
    game.new_card(kid("Follower", "crown"), p.hand)
    rnd = _round(game, action, "crown", None, False)
    rnd.bound[id(action)] = Resource.PIZZA
    moves: list[object] = []
    transaction = play.transaction
    monkeypatch.setattr(play, "transaction", lambda ctx, move: moves.append(move)
                        or transaction(ctx, move))
    labels: list[object] = []
    follow_option = play._follow_option
    monkeypatch.setattr(play, "_follow_option", lambda cards: labels.append(cards)
                        or follow_option(cards))
    logged = len(game.log)
    assert play._follow(rnd, game, 1) == ()
    assert moves == []
    assert game.log[logged:] == [("follow", 0)]
    assert labels == []
    seen = set()
    for seed in range(20):  # a toy fits: every option settled, asked by count
        game = Game(2, board_of(BASE), asker=RandomAsker([RandomAgent(seed), RandomAgent(seed)]))
        p = game.players[1]
        game.give(p, Resource.PIZZA, game.board.stuff_capacity)
        game.new_card(kid("Follower", "crown"), p.hand)
        rnd = _round(game, action, "crown", None, False)
        rnd.bound[id(action)] = Resource.TOY
        moves.clear()
        followed = play._follow(rnd, game, 1)
        assert game.log == [("follow", len(followed))]
        # no move is made: declined, nothing changes; followed, the bound gain asks nothing
        # (R6.4), so it is performed without a transaction (tests/test_follow_fast.py)
        assert moves == []
        assert followed == tuple(p.discard) and p.stuff[Resource.TOY] == len(followed)
        seen.add(len(followed))
    assert seen == {0, 1}
    assert labels == []  # asked by count: no option labelled


#: A round's fields: __slots__ in pure Python, __mypyc_attrs__ when compiled.
ROUND_FIELDS = getattr(play._Round, "__mypyc_attrs__", None) or play._Round.__slots__


def test_the_facts_kept_on_a_card_are_those_worked_out_afresh():
    """What followers share (R6.1, R6.3, R6.5), kept on the played card's CardDef per name of
    its coin, is what the memo keyed by the card and the name works out: for every kid card with
    a public action and every name (none, or each suit), whichever name was asked first."""
    game = Game(2, board_of(BASE))
    for order in (1, -1):
        for kid_card in kids_of(BASE):
            if kid_card.public is None:
                continue
            card = game.new_card(kid_card, game.players[0].in_play)
            card.defn.facts = None  # worked out afresh, names asked in this order
            for coin in (None, *PLAIN_SUITS)[::order]:
                kept = play._Round(game, kid_card, coin, {}, kid_card.public, card)
                fresh = play._Round(game, kid_card, coin, {}, kid_card.public)
                assert [getattr(kept, f) for f in ROUND_FIELDS] == \
                    [getattr(fresh, f) for f in ROUND_FIELDS], (kid_card.name, coin)
                assert kept.public is program(kid_card.public)


def test_facts_are_kept_only_for_a_coin_named_a_plain_suit():
    """A coin stands for one of the six plain suits (R5.6): a value that is none of them gets
    no slot of the card's kept facts (it would else share the last suit's, silently)."""
    game = Game(2, board_of(BASE))
    kid_card = next(k for k in kids_of(BASE) if k.public is not None)
    card = game.new_card(kid_card, game.players[0].in_play)
    with pytest.raises(ValueError, match="plain suits"):
        play._kept_facts(card, Suit.COIN)
    assert play._kept_facts(card, PLAIN_SUITS[-1]) is play._kept_facts(card, PLAIN_SUITS[-1])
