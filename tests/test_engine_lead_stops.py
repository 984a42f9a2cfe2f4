"""The boost's shortcuts (R5.3): stops settled once per set of added cards in a play
(play._stop), since the order cards were added in never changes what stopping ends with; coins
judged in vain once named (R5.5, R5.6); one card of each suits tried. Plays with many cards to add,
coins to name (R5.6) and `x any` to choose (R5.7) offer the same options, exclude the same ones
for the same rules (R5.4, R5.5) and end in the same state as plays searched without it."""

from __future__ import annotations

import random
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from builders import kid, random_table, recorded_play

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine import interpreter
from fortlang.games.fort import certain, play
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import AnySuit, Suit, SuitCount
from fortlang.games.fort.table import Rules
from fortlang.nodes import Repeat

#: Each test compares plays with the shortcuts switched off by patching play's and the
#: interpreter's globals, which compiled code (mypyc: direct calls, Final constants as C statics)
#: never reads again: against a compiled build the comparison would prove nothing.
pytestmark = pytest.mark.skipif(native.is_compiled(play), reason="patches module globals, "
                                "which a compiled module's calls do not read (the sources run "
                                "these tests)")

BASE = base_set()


def _boosting(kid) -> bool:
    return any(isinstance(x, Repeat) and isinstance(x.count, SuitCount | AnySuit)
               for a in (kid.public, kid.private) if a is not None for x in a.walk())


#: Cards whose repeated gain is beside a box that may free tokens (R12.9, R10.1), with book or
#: glue to add: the last two drain no known number of tokens (a pack, a repeated spend).
FREEING = [
    kid("Drainer", "book", "gain toy x book", "advance then score"),
    kid("Spender", "book", "gain 2 pizza x book", "spend 2 pizza then score 2"),
    kid("Payer", "glue", "gain pizza/toy x glue", "advance +1"),
    kid("Refunder", "glue book", "gain toy x glue", "spend toy then advance -1"),
    kid("Packer", "book", "gain toy x book", "pack then spend toy"),
    kid("Splurger", "book", "gain pizza x book", "spend pizza x glue"),
]


#: The bundled cards that boost, and cards whose stops depend on the suit a coin is named (two
#: suits boosted, R5.6) or `x any` counts (R5.7), with little room for what they gain.
BOOSTING = [k for k in kids_of(BASE) if _boosting(k)] + [
    kid("Twin", "shovel", "gain 2 pizza x shovel", "gain 2 toy x glue"),
    kid("Anyone", "crown", "gain 2 pizza x any", "spend toy x glue"),
    kid("Coiner", "coin", "gain 3 toy x any", "gain pizza x coin"),
    kid("Doubler", "crown crown", "(score then gain toy) x any"),
    # a box that frees tokens beside a repeated gain: cards in vain once the gain's bound, what
    # fits now and what the other box may drain first, is counted (R5.5, R13.3, issue 38)
    *FREEING,
    # several `x any` (R5.7), one read beside a suit a test names (R14)
    kid("Triple", "crown", "score x any then gain toy x any", "gain pizza x any"),
    kid("Crowner", "crown shovel", "if crown >= 2 -> gain 2 pizza x any", "score x any x any"),
]


@contextmanager
def every_stop_searched():
    """Each stop searched whenever reached, with no shortcut taken first, no added card (a named
    coin included, R5.6) judged in vain (R5.5) before the search finds it, and every card tried,
    not one of each suits (R5.3: an added card's suits count, never its actions)."""
    def never(*args):
        return False

    with patch.object(play, "REMEMBER_STOPS", False), patch.object(play, "surely_first", never), \
            patch.object(play, "surely_stops", never), \
            patch.object(play, "surely_in_vain", never), \
            patch.object(play, "added_verdict", never), \
            patch.object(play, "stops_after_advance", never), \
            patch.object(interpreter, "EQUIVALENT_OPTIONS", False):
        yield


def _play_recorded(kid_card, seed: int, rules: Rules):
    """Play ``kid_card`` from a hand of cards sharing its suits (coins too), with one of them in
    the lookout or none: every decision as offered and the final state."""
    game = random_table(BASE, 3, seed)
    game.rules = rules
    p = game.players[0]
    rng = random.Random(seed)
    sharing = [k for k in kids_of(BASE)
               if Suit.COIN in k.suits or not set(k.suits).isdisjoint(kid_card.suits)]
    p.hand.clear()
    p.lookout.clear()
    game.new_cards(rng.sample(sharing, 4), p.hand)
    game.new_cards(rng.sample(sharing, seed % 3 % 2), p.lookout)
    for r in p.stuff:  # room for a few tokens only
        p.stuff[r] = max(p.stuff[r], game.board.stuff_capacity - rng.randrange(4))
    return recorded_play(game, 0, game.new_card(kid_card, p.hand), follow=False)


@pytest.mark.parametrize("kid_card", BOOSTING, ids=lambda k: k.id)
def test_stops_settled_once_end_as_every_stop_searched(kid_card):
    for seed in range(8):
        rules = Rules(lookout_optional=bool(seed % 2))
        fast = _play_recorded(kid_card, seed, rules)
        with every_stop_searched():
            assert _play_recorded(kid_card, seed, rules) == fast, seed


def test_cards_beside_a_box_that_frees_are_found_in_vain():
    """Issue 38: a gain repeated `x book` beside a box that spends or advances (Chef, Einstein,
    Lefty) is bounded by what fits now and what that box drains first (R13.3): a card added
    beyond it is found in vain (R5.5) before its stop is searched (else the comparison above
    proves nothing); a pack or a repeated spend drains no known number, and is never judged."""
    verdicts: dict[str, list[bool]] = {}
    in_vain = certain._in_vain  # the bound, read by surely_in_vain and certain.added_verdict

    def spied(ctx, card):
        verdict = in_vain(ctx, card)
        verdicts.setdefault(ctx.play.card.name, []).append(verdict)
        return verdict

    with patch.object(certain, "_in_vain", spied):
        for kid_card in [*FREEING, *(k for k in kids_of(BASE) if k.id in ("chef", "einstein"))]:
            for seed in range(8):
                _play_recorded(kid_card, seed, Rules())
    for name in ("Drainer", "Spender", "Payer", "Chef", "Einstein"):
        assert any(verdicts.get(name, ())), name
    for name in ("Packer", "Splurger"):
        assert not any(verdicts.get(name, ())), name


def test_a_stop_is_searched_once_per_set_of_added_cards():
    """The shortcut is taken (else the comparison above proves nothing): fewer orders searched."""
    remembered = _orders_searched(BOOSTING)
    with patch.object(play, "REMEMBER_STOPS", False):
        assert remembered < _orders_searched(BOOSTING)


def _searches_of_orders(plays) -> int:
    """How many times ``plays()`` searches the orders (R5.2)."""
    calls = []
    order = play._order

    def counted(ctx):
        calls.append(ctx.search)
        return order(ctx)

    with patch.object(play, "_order", counted):
        plays()
    return calls.count(True)


def _orders_searched(cards, seeds: int = 4) -> int:
    """How many times plays of ``cards`` at ``seeds`` tables search the orders (R5.2)."""
    return _searches_of_orders(lambda: [_play_recorded(kid_card, seed, Rules())
                                        for kid_card in cards for seed in range(seeds)])


def _stop_by_identity(ctx):
    """play._stop_key as it was: the cards counted, each itself, and the suits named."""
    p = ctx.play
    return (tuple(sorted(c.uid for c in p.added)), tuple(sorted(c.uid for c in p.lookout_used)),
            tuple(sorted(ctx.named.items())), tuple(sorted(ctx.any_suits.items())))


def test_suits_that_play_alike_are_searched_once():
    """The suits of `x any` (R5.7) that no card shows (play._any_alike) are tried once, and the
    stops that count alike are searched once (play._stop_key): fewer orders searched."""
    fast = _orders_searched(BOOSTING[-2:])
    with patch.object(play, "_any_alike", lambda ctx: []):
        assert fast < _orders_searched(BOOSTING[-2:])
    with patch.object(play, "_stop_key", _stop_by_identity):
        assert fast < _orders_searched(BOOSTING[-2:])


def test_cards_that_count_alike_are_searched_once():
    """Two shovels, or two coins named alike (R5.6), added in either set end a play alike:
    one order search for them (play._stop_key), and the same options as every stop searched."""
    shovels = kid("Digger", "shovel", "(gain pizza or gain toy) x shovel then spend 2 toy",
                  "score x coin")
    fast = _orders_searched([shovels], seeds=8)
    with patch.object(play, "_stop_key", _stop_by_identity):
        assert fast < _orders_searched([shovels], seeds=8)
    for seed in range(8):
        remembered = _play_recorded(shovels, seed, Rules())
        with every_stop_searched():
            assert _play_recorded(shovels, seed, Rules()) == remembered, seed


def test_the_suits_a_card_names():
    from fortlang.engine.program import program
    from fortlang.games.fort.context import suits_named
    from fortlang.parser import parse_action

    def named(*texts: str):
        return suits_named([program(parse_action(x)) for x in texts])

    assert named("gain pizza x any", "score") == frozenset()
    assert named("if crown >= 2 -> score x shovel") == {Suit.CROWN, Suit.SHOVEL}
    assert named("score x coin then gain toy x glue") == {Suit.COIN, Suit.GLUE}


def _stop_by_suits(ctx):
    """play._stop_key as it was before issue 31.7: each card counted by its role, its suits and
    the suit its coin was named, and each `x any`'s share per card."""
    p, named = ctx.play, ctx.named
    counted = sorted((0 if c is p.card else 1 if c in p.added else 2, c.suits,
                      named.get(c.uid, "")) for c in ctx.sources)
    return tuple(counted), tuple(sorted(ctx.any_suits.items()))


def _coins_to_add(kid_card, seed: int, rules: Rules):
    """Play ``kid_card`` from a hand of coins, each beside another suit that no `x` of it
    counts (R1.1): named for the counted suit (R5.6), each adds the same count."""
    game = random_table(BASE, 3, seed)
    game.rules = rules
    p = game.players[0]
    p.hand.clear()
    p.lookout.clear()
    game.new_cards([kid(name, f"{suit} coin", "score") for name, suit in
                    (("Cro", "crown"), ("Glu", "glue"), ("Boo", "book"), ("Wat", "water_gun"))],
                   p.hand)
    for r in p.stuff:  # room for a few tokens only
        p.stuff[r] = max(p.stuff[r], game.board.stuff_capacity - seed % 4)
    return recorded_play(game, 0, game.new_card(kid_card, p.hand), follow=False)


def test_cards_that_give_the_same_counts_are_searched_once():
    """Issue 31.7: coins beside suits the card does not count, named for the one it counts, give
    the same counts whichever are added (R5.3, R5.6): the stops are searched by the counts the
    added cards give (one order search per number added), not by the sets of cards, and the
    plays end as every stop searched."""
    digger = kid("Digger", "shovel", "(gain pizza or gain toy) x shovel then spend 2 toy",
                 "gain toy x shovel")

    def searched() -> int:
        return _searches_of_orders(lambda: [_coins_to_add(digger, seed, Rules())
                                            for seed in range(4)])

    fast = searched()
    with patch.object(play, "_stop_key", _stop_by_suits), \
            patch.object(play, "_gives", lambda ctx, c: c.suits, create=True):  # as before
        assert fast * 2 < searched()
    for seed in range(4):
        remembered = _coins_to_add(digger, seed, Rules())
        with every_stop_searched():
            assert _coins_to_add(digger, seed, Rules()) == remembered, seed
