"""The closed forms that spare trials (issue 38), checked against the search that tries every way:

* ``Op.always`` (certain.surely_done_any_way, surely_followed_any_way): performed now, the action
  is in full (with an effect, for the leader: R5.4; a follower needs it in full: R6.2) whatever
  is chosen in it, so a move made for real offers every option left without trying it;
* ``Op.idle`` (certain.surely_not_done): performed now by the leader, no way of performing it is
  in full with an effect, so a search for an order gives up on it as its last action (R5.4).

Each True is checked by searching every way of performing the action (every card of a zone
tried, nothing known), on random actions at random tables (perks included: Sticky Fingers and
Bribe widen what the leader packs and looks out from); the forms are exact for the actions of
the bundled cards, so a weaker form fails too; and plays of the bundled cards try no option of
an action whose every way ends legally."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from builders import kid, random_table, recorded_play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_certain import actions, full_search, sources_only
from trial_counter import counting

from fortlang.cardset import base_set
from fortlang.engine import interpreter
from fortlang.engine.interpreter import Call, drive, search
from fortlang.engine.program import Op, program
from fortlang.games.fort import play
from fortlang.games.fort.certain import spared, spares
from fortlang.games.fort.context import FortCtx, FortJudgement
from fortlang.games.fort.model import board_of, kids_of, park_kids_of, perks_of
from fortlang.games.fort.nodes import Gain, Resource, Spend, Suit
from fortlang.games.fort.play import why_not_by_search
from fortlang.games.fort.table import TOKENS, CardInstance, Game
from fortlang.nodes import Action, Choice
from fortlang.parser import parse_action
from fortlang.registry import is_resource_choice

BASE = base_set()
examples = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def _ctx(game: Game, seat: int, leader: bool, bound: dict, sources: list[CardInstance]) -> FortCtx:
    """The leader's move (a play record: `destroy this` marks its card, R12.5) or a
    follower's; ``sources``: the cards `x suit` counts (played and added, or discarded)."""
    played = game.new_card(kid("Played", "crown"), game.players[seat].in_play)
    ctx = FortCtx(game, seat, leader=leader, bound=bound,
                  play=play._Play(played) if leader else None)
    ctx.sources = list(sources)
    return ctx


def _judgement(ctx: FortCtx, effect: bool) -> FortJudgement:
    return FortJudgement(ctx.game, ctx.player, None, 0, ctx.bound, effect, ctx)


def _some_way(ctx: FortCtx, op: Op, wanted) -> bool:
    """Whether some way of performing ``op`` now ends with ``wanted(full, changed)`` true, every
    option of every choice tried (the table is left as it was)."""
    game = ctx.game

    def start() -> bool:
        mark = game.mark()
        return op.run(ctx, lambda full: wanted(full, game.changed_since(mark)))

    with full_search():
        return search(ctx, start)


def _falls_short(effect: bool):
    """Not in full, or (``effect``) with no effect: what a way ``always`` rules out."""
    return lambda full, changed: not full or (effect and not changed)


def _done(full: bool, changed: bool) -> bool:
    """In full with an effect (R5.4): what a way ``idle`` rules out."""
    return full and changed


def _bound(action: Action, rng: random.Random) -> dict:
    """The leader's pizza-or-toy and resource-branch choices, binding a follower (R6.4)."""
    bound: dict[int, object] = {id(x): rng.choice(TOKENS) for x in action.walk()
                                if isinstance(x, Gain | Spend) and x.resource is Resource.EITHER}
    bound |= {id(x): rng.randrange(len(x.items)) for x in action.walk()
              if isinstance(x, Choice) and is_resource_choice(x)}
    return bound


def _table(seed: int, suits: list[Suit]) -> tuple[Game, list[CardInstance]]:
    """A random table (perks included), and cards showing ``suits`` that count for seat 0."""
    game = random_table(BASE, 3, seed)
    counted = [game.new_card(kid(f"C{i}", s.value), game.players[0].in_play)
               for i, s in enumerate(suits)]
    return game, counted


@examples
@given(action=actions, seed=st.integers(0, 80),
       suits=st.lists(st.sampled_from(Suit), max_size=3), follower=st.booleans(),
       bind=st.booleans())
def test_always_agrees_with_every_way(action, seed, suits, follower, bind):
    game, counted = _table(seed, suits)
    op = program(action)
    bound = _bound(action, random.Random(seed)) if follower and bind else {}
    ctx = _ctx(game, 0, not follower, bound, counted)
    effect = not follower  # the leader needs an effect (R5.4), a follower only in full (R6.2)
    before = game.snapshot()
    if op.always(_judgement(ctx, effect)):
        assert not _some_way(ctx, op, _falls_short(effect))
    assert game.snapshot() == before


@examples
@given(action=actions, seed=st.integers(0, 80),
       suits=st.lists(st.sampled_from(Suit), max_size=3))
def test_idle_agrees_with_every_way(action, seed, suits):
    game, counted = _table(seed, suits)
    op = program(action)
    ctx = _ctx(game, 0, True, {}, counted)
    if op.idle(_judgement(ctx, True)):
        assert not _some_way(ctx, op, _done)


@examples
@given(first=actions, second=actions, seed=st.integers(0, 80),
       suits=st.lists(st.sampled_from(Suit), max_size=3))
def test_spares_agrees_with_every_way(first, second, seed, suits):
    """certain.spares: whatever way ``first`` is performed (in whole or in part), ``second``,
    sure now, is still done in full with an effect after it (R5.2, R5.4), unless a perk of the
    leader's widens ``first``."""
    game, counted = _table(seed, suits)
    one, two = program(first), program(second)
    ctx = _ctx(game, 0, True, {}, counted)
    if not (spared(ctx, one, spares(one, two)) and two.now(_judgement(ctx, True))):
        return

    def second_fails(full: bool) -> bool:  # no way of ``second`` is done: a way of first found
        mark = game.mark()
        done = drive(ctx, Call(lambda: _some_way_now(ctx, two)), 0)
        game.rollback(mark)
        return not done

    with full_search():
        assert not search(ctx, lambda: one.run(ctx, second_fails))


def _some_way_now(ctx: FortCtx, op: Op) -> bool:
    """Inside a move: performs ``op`` every way until one is in full with an effect."""
    game = ctx.game
    mark = game.mark()
    return op.run(ctx, lambda full: full and game.changed_since(mark))


def _tables(seeds: int = 40):
    """Tables from empty to full (tokens, packs, lookouts, yards, hands), without perks (which
    widen what the leader may do beyond what the forms read), seat 0 acting."""
    for seed in range(seeds):
        game = random_table(BASE, 3, seed)
        for p in game.players:
            p.perks.clear()
            if seed % 3 == 0:
                for r in TOKENS:
                    game.give(p, r, game.board.stuff_capacity - p.stuff[r])
            if seed % 4 == 0:
                p.yard.clear()  # the cards removed are simply out of the game here
                del p.hand[seed % 3:]
            if seed % 5 == 0:
                p.pack.update({r: 0 for r in TOKENS})
            if seed % 7 == 0:
                del p.deck[1:]  # one card to draw
        if seed % 6 == 0:
            del game.park[1 if seed % 4 == 0 else 0:]  # one card to recruit when no yard has any
            game.park_deck.clear()
        yield seed, game


#: The actions of the bundled cards' boxes and their parts, whose forms are exact: ``always``
#: says True exactly when every way ends in full (with an effect, for the leader), ``idle``
#: exactly when none does.
EXACT_ALWAYS = ["gain pizza/toy", "gain 2 pizza/toy", "gain toy", "gain pizza x shovel",
                "spend pizza/toy", "spend pizza", "pack", "convert", "convert x 2", "recruit",
                "recruit then score", "(recruit then gain toy) x 2", "lookout", "destroy card",
                "destroy rival", "destroy rival then score 2", "advance", "advance -1",
                "copy pack", "copy rival pack", "score x 2", "gain 2 toy or score",
                "gain pizza/toy x 2", "lookout then score", "pack x 2", "destroy card x 2",
                "recruit x 2", "draw 2", "draw x 2"]
EXACT_IDLE = ["gain pizza/toy", "gain 2 pizza", "gain toy x 2", "pack", "pack x 2", "convert",
              "recruit", "lookout", "destroy card", "destroy rival", "advance", "copy pack",
              "copy rival pack", "score x 0", "spend pizza/toy", "recruit then gain toy",
              "score x lookout then score", "(score x lookout or score) x 2",
              "(recruit then gain toy) x 2", "gain 2 toy or score"]


@pytest.mark.parametrize("text", EXACT_ALWAYS)
@pytest.mark.parametrize("follower", [False, True], ids=["leader", "follower"])
def test_always_is_exact_for_the_actions_it_knows(text, follower):
    action = parse_action(text)
    op = program(action)
    for seed, game in _tables():
        bound = _bound(action, random.Random(seed)) if follower and seed % 2 else {}
        ctx = _ctx(game, 0, not follower, bound, [])
        effect = not follower
        assert op.always(_judgement(ctx, effect)) == (
            not _some_way(ctx, op, _falls_short(effect))), (seed, text)


@pytest.mark.parametrize("text", EXACT_IDLE)
def test_idle_is_exact_for_the_actions_it_knows(text):
    op = program(parse_action(text))
    for seed, game in _tables():
        ctx = _ctx(game, 0, True, {}, [])
        assert op.idle(_judgement(ctx, True)) == (not _some_way(ctx, op, _done)), (seed, text)


def test_a_perk_that_widens_packing_is_never_judged_idle():
    """R15 Sticky Fingers: on their turn the leader may pack from the supply, so an empty stuff
    does not make `pack` fall short for them (it would for a follower)."""
    sticky = next(k for k in perks_of(BASE) if k.id == "sticky-fingers")
    game = Game(2, board_of(BASE))
    p = game.players[0]
    op = program(parse_action("pack"))
    ctx = _ctx(game, 0, True, {}, [])
    assert op.idle(_judgement(ctx, True))  # nothing in the stuff
    p.perks.append(sticky)
    assert not op.idle(_judgement(ctx, True))
    assert _some_way(ctx, op, _done)


def _bundled_plays(kinds: set[str]):
    """Every bundled card played at a few random tables, followers included: the trials of the
    decisions of ``kinds``, and the plays as recorded (options, exclusions, final state)."""
    plays = []
    with counting() as tally:
        for kid_card in kids_of(BASE):
            for seed in range(4):
                game = random_table(BASE, 4, seed)
                card = game.new_card(kid_card, game.players[0].hand)
                plays.append(recorded_play(game, 0, card))
    return sum(tally.kinds[k] for k in kinds), plays


#: The choices inside card moves, payments and their rewards, packing and converting, and the
#: pizza or toy of a gain: every way of them ends alike once the action can be performed.
SETTLED = {"recruit", "lookout", "destroy", "destroy_rival", "payment", "rule", "perk", "pack",
           "convert", "spend", "resource"}


@contextmanager
def any_way_off() -> Iterator[None]:
    """The moves made for real with every option tried, as without ``Op.always``."""
    def never(*args):
        return False

    with patch.object(play, "surely_done_any_way", never), \
            patch.object(play, "surely_followed_any_way", never):
        yield


@sources_only
def test_actions_sure_any_way_are_made_without_trials():
    """Plays of the bundled cards try few options of their actions' choices (a tenth of them
    here): the leader's action, or the follower's, is mostly certain to be in full whatever is
    chosen in it; the plays offer and exclude what they do with the shortcut off."""
    tried, plays = _bundled_plays(SETTLED)
    assert tried <= 100
    with any_way_off():
        tried_before, plays_before = _bundled_plays(SETTLED)
    assert plays == plays_before
    assert tried * 5 <= tried_before  # 52 and 500 when written


@sources_only
def test_an_order_whose_last_action_cannot_be_done_is_not_searched():
    """R5.4: with the stuff full of toys, `recruit then gain toy` cannot be performed in full,
    whichever card is recruited: the search for a legal play gives up on it at once, with the
    rule the full search reports, instead of recruiting each card to find the gain short."""
    game = Game(2, board_of(BASE))
    p = game.players[0]
    p.perks.clear()
    game.give(p, Resource.TOY, game.board.stuff_capacity)
    game.new_cards(park_kids_of(BASE)[:3], game.park)
    card = game.new_card(kid("X", "crown", "recruit then gain toy"), p.hand)
    before = interpreter._CHOICES[0]
    assert why_not_by_search(game, 0, card) == "R5.4"
    assert interpreter._CHOICES[0] == before  # no option taken
    with full_search():
        assert why_not_by_search(game, 0, card) == "R5.4"
