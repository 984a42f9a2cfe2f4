"""The shortcuts of the legality search (fortlang.games.fort.certain, and one card per zone while
searching) agree with the full search: "surely playable" and "surely unplayable" are never wrong
(on random actions at random tables and on the bundled cards), they are exact for the actions they
know, and plays searched with every shortcut offer the same options and report the same rules as
plays searched with none."""

from __future__ import annotations

from contextlib import contextmanager
from functools import partial
from unittest.mock import patch

import pytest
from builders import kid, random_table, recorded_play
from engine_strategies import composites, leaves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine import ScriptedAgent, interpreter
from fortlang.engine.choices import RandomAgent
from fortlang.engine.interpreter import search
from fortlang.engine.program import program, run
from fortlang.games.fort import play
from fortlang.games.fort.certain import (
    follow_verdict,
    surely_followed,
    surely_playable,
    surely_unplayable,
)
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.model import KidCard, board_of, kids_of, park_kids_of
from fortlang.games.fort.nodes import Gain, Resource, Spend, Suit
from fortlang.games.fort.play import why_not_by_search
from fortlang.games.fort.table import TOKENS, Game, Rules
from fortlang.nodes import Choice
from fortlang.parser import parse_action
from fortlang.registry import is_resource_choice
from fortlang.sim.seats import Seats

BASE = base_set()
#: Small actions: a real play tries every option at every choice, which grows fast with the size.
actions = st.recursive(leaves, composites(), max_leaves=3)
cards = st.builds(lambda public, private, suits: KidCard("x", "X", tuple(suits), public, private),
                  st.none() | actions, st.none() | actions,
                  st.lists(st.sampled_from(Suit), min_size=1, max_size=2))
tables = st.builds(lambda seed, optional: (seed, Rules(lookout_optional=optional)),
                   st.integers(0, 60), st.booleans())


@contextmanager
def full_search():
    """The search as it is without shortcuts: every card of a zone tried, nothing known."""
    def never(*args):
        return False

    def unknown(*args):
        return None

    with patch.object(play, "surely_first", never), patch.object(play, "surely_followed", never), \
            patch.object(play, "surely_second", never), patch.object(play, "surely_stops", never), \
            patch.object(play, "follow_verdict", unknown), \
            patch.object(play, "follow_verdict_one", unknown), \
            patch.object(play, "surely_in_vain", never), \
            patch.object(play, "added_verdict", never), \
            patch.object(play, "stops_after_advance", never), \
            patch.object(play, "surely_not_done", never), \
            patch.object(play, "surely_done_any_way", never), \
            patch.object(play, "surely_followed_any_way", never), \
            patch.object(interpreter, "EQUIVALENT_OPTIONS", False):
        yield


#: Tests that switch the shortcuts off by patching module globals prove something only against
#: the sources: compiled code (mypyc) calls the shortcuts directly and never reads the patch.
sources_only = pytest.mark.skipif(native.is_compiled(play), reason="patches module globals, "
                                  "which a compiled module's calls do not read")

examples = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def _check(game: Game, seat: int, card) -> None:
    rule = why_not_by_search(game, seat, card)
    if surely_playable(game, seat, card):
        assert rule is None, card.name
    if surely_unplayable(game, seat, card):
        assert rule == "R5.4", card.name


@examples
@given(kid_card=cards, table=tables)
def test_shortcuts_agree_with_the_search(kid_card, table):
    seed, rules = table
    game = random_table(BASE, 3, seed)
    game.rules = rules
    _check(game, 0, game.new_card(kid_card, game.players[0].hand))


@pytest.mark.parametrize("seed", range(12))
def test_shortcuts_agree_on_the_bundled_cards(seed):
    game = random_table(BASE, 4, seed)
    for p in game.players:
        p.stuff.update({r: game.board.stuff_capacity - seed % 2 for r in p.stuff})  # often full
        for c in list(p.hand):
            _check(game, p.seat, c)


def _tables(text: str):
    """Tables with hands of 0-2 cards, random tokens, levels and lookouts (the boundaries of each
    check) and no perks (Bribe and Sticky Fingers widen what the shortcuts look at)."""
    for seed in range(40):
        game = random_table(BASE, 3, seed)
        for p in game.players:
            p.perks.clear()
            del p.hand[seed % 3:]  # the cards removed are simply out of the game here
        seat = seed % 3
        yield game, seat, game.new_card(kid("X", "crown", text), game.players[seat].hand)


@pytest.mark.parametrize("text", [
    "score", "score 2", "gain 2 pizza", "gain toy", "gain pizza/toy", "gain 3 pizza/toy",
    "spend toy", "spend 2 pizza/toy", "recruit", "lookout", "destroy card", "destroy rival",
    "pack", "convert", "advance", "advance -1", "advance +1", "score x level", "gain toy x 2",
    "gain 2 pizza x pack", "spend pizza x lookout", "score x pack", "recruit then score",
    "advance then score 2", "gain 2 toy or score", "spend pizza then score 2",
    "gain pizza/toy x level", "destroy card then score", "pack x 2", "pack x level",
    "convert x 2", "convert x level", "recruit x 1", "destroy card then gain pizza",
    "recruit then gain 2 toy then score", "gain pizza/toy then destroy rival"])
def test_surely_playable_is_exact_for_the_actions_it_knows(text):
    for game, seat, card in _tables(text):
        assert surely_playable(game, seat, card) == (why_not_by_search(game, seat, card) is None)


@pytest.mark.parametrize("text", ["gain 2 pizza", "gain 3 pizza/toy", "copy pack",
                                  "gain 2 toy or gain pizza", "recruit then gain toy"])
def test_surely_unplayable_is_exact_for_the_actions_it_knows(text):
    for i, (game, seat, card) in enumerate(_tables(text)):
        stuff = game.players[seat].stuff
        for r in list(stuff)[: i % 3]:  # none, pizza or both full: nothing more fits
            stuff[r] = game.board.stuff_capacity
        rule = why_not_by_search(game, seat, card)
        assert surely_unplayable(game, seat, card) == (rule is not None)


def _play_recorded(kid_card, table):
    """Play ``kid_card`` at a random table, with followers: every decision as offered (options and
    the rules that excluded others) and the final state."""
    seed, rules = table
    game = random_table(BASE, 3, seed)
    game.rules = rules
    return recorded_play(game, 0, game.new_card(kid_card, game.players[0].hand))


@sources_only
@examples
@given(kid_card=cards, table=tables)
def test_a_search_cut_short_ends_as_the_full_search(kid_card, table):
    """The shortcuts stop searches early or skip them: every verdict, option and rule reported
    stays as the full search has it."""
    fast = _play_recorded(kid_card, table)
    with full_search():
        assert _play_recorded(kid_card, table) == fast


@sources_only
@pytest.mark.parametrize("kid_card", kids_of(BASE), ids=lambda k: k.id)
def test_bundled_plays_cut_short_end_as_the_full_search(kid_card):
    for seed in range(6):
        fast = _play_recorded(kid_card, (seed, Rules()))
        with full_search():
            assert _play_recorded(kid_card, (seed, Rules())) == fast


#: Two boxes that may each be sure while the other is not: the order of actions (R5.2) judged
#: by an action performed second (surely_second), after one that may lower what it needs or
#: change what it counts (`x level`, `x pack`, `x lookout`: certain.spares) or not; and `x suit`
#: boosts (R5.3), each card added judged by the play stopping after it.
ORDERS = [("advance", "lookout x level"), ("pack", "lookout x pack"),
          ("lookout", "gain toy x lookout"), ("gain pizza/toy", "pack"),
          ("recruit", "gain 2 pizza"), ("destroy card", "spend toy then score 2"),
          ("gain pizza x crown", "destroy card"), ("lookout x crown", "gain toy x shovel"),
          ("spend pizza x book", "recruit"), ("convert", "score x lookout"),
          ("pack", "gain pizza/toy"), ("copy pack", "advance +1 then score 3"),
          ("score x lookout", "gain pizza/toy x crown"), ("gain toy x book", "advance"),
          ("pack x crown", "advance then score x crown"), ("spend toy", "pack"),
          ("gain 2 toy", "copy pack"), ("lookout", "destroy card"), ("recruit", "destroy card"),
          ("gain 2 pizza", "spend pizza then score 2")]


@sources_only
@pytest.mark.parametrize(("public", "private"), ORDERS, ids=[f"{a} | {b}" for a, b in ORDERS])
def test_orders_and_boosts_cut_short_end_as_the_full_search(public, private):
    for seed in range(24):
        kid_card = kid("X", "crown+shovel" if seed % 2 else "book", public, private)
        table = (seed, Rules(lookout_optional=seed % 4 == 3))
        fast = _play_recorded(kid_card, table)
        with full_search():
            assert _play_recorded(kid_card, table) == fast, seed


def test_an_action_performed_first_may_change_what_the_second_counts():
    """R5.2, R5.4: `advance` changes what `x level` counts, so the private box (sure now: one card
    to destroy at level 1) is not sure after it (two at level 2); the advance's own gain does
    not fit, so it is not in full either: both orders that start with it are excluded."""
    game = Game(2, board_of(BASE), seed=1, asker=Seats([RandomAgent(1), RandomAgent(2)]))
    p = game.players[0]
    p.level = 1  # the next level costs one pizza
    for r in TOKENS:
        game.give(p, r, game.board.stuff_capacity)  # the two pizzas gained after it do not fit
    game.new_cards(park_kids_of(BASE)[:1], p.discard)  # the only card to destroy
    card = game.new_card(kid("X", "book", "advance then gain 2 pizza", "destroy card x level"),
                         p.hand)
    rule, seen, _ = recorded_play(game, 0, card, follow=False)
    assert rule is None
    kind, labels, excluded, _ = seen[0]
    assert kind == "order" and all(label.startswith("private") for label in labels)
    assert [(label.split(" (")[0], why) for label, why in excluded] == [("public", "R5.4")] * 2


@examples
@given(action=actions, seed=st.integers(0, 60), kind=st.sampled_from(TOKENS), branch=st.booleans())
def test_surely_followed_agrees_with_the_search(action, seed, kind, branch):
    """A follower, bound or not by the leader's pizza or toy and branch choices (R6.4)."""
    game = random_table(BASE, 3, seed)
    for p in game.players:
        p.stuff[kind] = game.board.stuff_capacity  # nothing of the bound kind fits
    bound = {id(x): kind for x in action.walk()
             if isinstance(x, Gain | Spend) and x.resource is Resource.EITHER}
    bound |= {id(x): int(branch) for x in action.walk()
              if isinstance(x, Choice) and is_resource_choice(x)}
    for binding in ({}, bound):
        ctx = FortCtx(game, 1, leader=False, bound=binding)
        if surely_followed(ctx, program(action)):
            assert search(ctx, partial(run, action, ctx, lambda full: full))


def test_the_shortcuts_are_taken_for_plain_cards():
    game = Game(2, board_of(BASE))
    card = game.new_card(kid("Gainer", "crown", "gain 2 pizza"), game.players[0].hand)
    assert surely_playable(game, 0, card)
    game.give(game.players[0], Resource.PIZZA, game.board.stuff_capacity - 1)
    assert not surely_playable(game, 0, card)  # one pizza fits: only the search can tell
    wart = next(k for k in kids_of(BASE) if k.id == "wart")  # gain pizza x shovel / destroy card
    card = game.new_card(wart, game.players[0].hand)  # then gain pizza
    assert not surely_unplayable(game, 0, card)
    game.give(game.players[0], Resource.PIZZA, 1)  # the stuff is full of pizza
    assert surely_unplayable(game, 0, card) and why_not_by_search(game, 0, card) == "R5.4"


@pytest.mark.parametrize("text", ["gain pizza/toy", "gain 2 pizza or gain 2 toy",
                                  "spend pizza/toy x 2"])
def test_surely_followed_keeps_to_the_leaders_choice(text):
    """R6.4: bound to pizza, which the follower cannot take or pay, while toys would do."""
    game = Game(2, board_of(BASE))
    p = game.players[1]
    game.give(p, Resource.PIZZA, game.board.stuff_capacity if "gain" in text else 0)
    game.give(p, Resource.TOY, 0 if "gain" in text else 2)
    action = parse_action(text)
    # the binding given with the context, as a move bound by its leader gets it (play.py)
    free, bound = FortCtx(game, 1, leader=False), FortCtx(game, 1, leader=False, bound={})
    for x in action.walk():
        if isinstance(x, Gain | Spend) and x.resource is Resource.EITHER:
            bound.bound[id(x)] = Resource.PIZZA
        if isinstance(x, Choice):
            bound.bound[id(x)] = 0
    assert surely_followed(free, program(action)) and search(free, partial(run, action, free, bool))
    assert follow_verdict(game, 1, [], program(action), free.bound) is True
    assert not surely_followed(bound, program(action))
    assert follow_verdict(game, 1, [], program(action), bound.bound) is not True
    assert not search(bound, partial(run, action, bound, bool))


def test_no_order_is_taken_as_legal_once_a_card_is_added():
    """R5.5: with Spade added, only packing first makes room for both pizzas; packing alone is
    legal for R5.4 but leaves Spade useless, and must be excluded, not known legal."""
    game = Game(2, board_of(BASE), asker=Seats([ScriptedAgent(["add Spade", 0]), None]))
    p = game.players[0]
    card = game.new_card(kid("Digger", "shovel", "gain pizza x shovel", "pack"), p.hand)
    game.new_card(kid("Spade", "shovel", "score"), p.hand)
    game.give(p, Resource.PIZZA, game.board.stuff_capacity - 1)  # room for one more pizza
    seen: list = []
    game.on_decision = lambda d, i: seen.append(d)
    play.play_card(game, 0, card, follow=False)
    order = seen[-1]
    assert order.kind == "order" and len(order.options) == 1
    assert order.options[0].label.startswith("private (pack) then public")
    assert ("private (pack) only", "R5.5") in order.excluded


@sources_only
@pytest.mark.parametrize("text", ["destroy card then lookout", "lookout then destroy card",
                                  "recruit then destroy rival", "destroy rival then recruit",
                                  "(destroy card then lookout) x 2", "lookout x level"])
def test_one_card_per_zone_when_zones_run_dry(text):
    """Moves between small zones (hands of 0-2 cards, yards emptied): which zone a card is taken
    from matters, which card of a zone does not. Searched and played, with and without."""
    def plays():
        for game, seat, card in _tables(text):
            for p in game.players:
                if game.rng.random() < 0.5:
                    p.yard.clear()  # the cards removed are simply out of the game here
            seen: list[tuple] = []
            game.on_decision = lambda d, i, seen=seen: seen.append((d.labels, d.excluded, i))
            rule = why_not_by_search(game, seat, card)
            if rule is None:
                play.play_card(game, seat, card, checked=True, follow=False)
            yield rule, seen, game.snapshot()

    with full_search():
        slow = list(plays())
    assert list(plays()) == slow


@pytest.mark.parametrize("text", ["lookout then gain pizza x lookout", "destroy card then lookout"])
def test_parts_of_a_sequence_that_change_what_the_next_needs(text):
    """The lookout grows, or the only card left in hand is destroyed: the next part then needs
    more than the state offered at first. Never taken as sure."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.level = 2  # room in the lookout
    card = game.new_card(kid("X", "crown", text), p.hand)
    game.new_card(kid("Y", "crown", "score"), p.hand)
    game.new_card(kid("Z", "crown", "score"), p.lookout)
    game.give(p, Resource.PIZZA, game.board.stuff_capacity - 1)  # room for one
    game.give(p, Resource.TOY, game.board.stuff_capacity - 1)
    assert why_not_by_search(game, 0, card) == "R5.4"
    assert not surely_playable(game, 0, card)
