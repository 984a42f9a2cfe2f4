"""Issue 38: a follower's decision made with fewer objects (R6.1, R6.2). Each shortcut is
checked against the full path: the options' verdicts worked out once per set of suits (R6.5)
against each card's own verdict and its trial, the matching cards against their definition
(R6.1), and whole games played with the shortcuts against the same games whose every follower
option is tried (``follow_verdict`` knowing nothing: the choice point's trials, R6.2)."""

from __future__ import annotations

from functools import partial
from unittest.mock import patch

import pytest
from builders import kid, played_game, random_table
from test_engine_certain import full_search

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine.asker import RandomAsker
from fortlang.engine.choices import RandomAgent
from fortlang.engine.interpreter import search
from fortlang.games.fort import play
from fortlang.games.fort.certain import follow_verdict, surely_followed_named
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.model import KidCard, board_of, kids_of
from fortlang.games.fort.node_types import PLAIN_SUITS
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.table import TOKENS, Game, Rules
from fortlang.parser import parse_action

BASE = base_set()
#: every public action of the base set, and a few more that count suits (R5.3, R6.5)
TEXTS = sorted({str(play.text(k.public)) for k in kids_of(BASE) if k.public is not None}
               | {"gain 2 pizza x crown", "score x coin", "pack x any"})


def _round(game: Game, text: str, suits: str, coin: Suit | None) -> play._Round:
    action = parse_action(text)
    played = KidCard("played", "Played", tuple(Suit(s) for s in suits.split()), action, None)
    game.new_card(played, game.players[0].in_play)
    return play._Round(game, played, coin, {}, action)


def _tables(seeds: int):
    """Mid-game tables (R2 aside), hands with coins and cards of alike suits (R5.6, R6.5)."""
    for seed in range(seeds):
        game = random_table(BASE, 3, seed)
        for p in game.players:
            game.new_card(kid("Coin", "coin"), p.hand)
            game.new_card(kid("Both", "coin crown"), p.hand)
            game.new_card(kid("Crown", "crown"), p.hand)
            game.new_card(kid("Crown too", "crown"), p.hand)  # same suits, another card
            if seed % 3 == 0:
                for r in TOKENS:  # nothing more fits
                    game.give(p, r, game.board.stuff_capacity - p.stuff[r])
        yield seed, game


def _reference_matching(hand, suits, wild):
    """R6.1 as first written: the first hand card of each definition that shows a followed
    suit (or a coin, coins wild)."""
    out, taken = [], []
    for c in hand:
        matches = any(s in suits or (wild and s is Suit.COIN) for s in c.suits)
        if matches and c.card not in taken:
            taken.append(c.card)
            out.append(c)
    return out


@pytest.mark.parametrize("wild", [True, False])
def test_the_matching_cards_are_the_first_of_each_definition(wild):
    for _, game in _tables(12):
        for suits in [(Suit.CROWN,), (Suit.SHOVEL, Suit.BOOK), (Suit.GLUE,)]:
            for p in game.players:
                got = play._distinct_matching(p.hand, suits, wild)
                assert got == _reference_matching(p.hand, suits, wild)
                assert all(a is b for a, b in zip(got, _reference_matching(p.hand, suits, wild),
                                                  strict=True))


@pytest.mark.parametrize("text", TEXTS)
def test_each_card_has_its_own_verdict_and_the_trial_agrees(text):
    """The verdicts worked out once per set of suits (or once, when the action counts none)
    are each card's own ``follow_verdict``, and a settled one is what the trial finds (R6.2)."""
    for seed, game in _tables(10):
        coin = Suit.CROWN if seed % 2 else None
        rnd = _round(game, text, "crown" if seed % 4 < 2 else "coin", coin)
        if seed % 3 == 1:  # the leader's pizza or toy binds the follower (R6.4)
            rnd.bound.update({x.key: TOKENS[seed % 2] for x in rnd.public.walk()
                              if getattr(x, "resource", None) is Resource.EITHER})
        for seat in (1, 2):
            singles = play._distinct_matching(game.players[seat].hand, rnd.suits, rnd.wild)
            verdicts = play._single_verdicts(rnd, game, seat, singles)
            assert len(verdicts) == len(singles)
            for card, verdict in zip(singles, verdicts, strict=True):
                names = [play._verdict_names(rnd, card, game.rules)]
                own = follow_verdict(game, seat, [card], rnd.public, rnd.bound, names)
                assert verdict is own, (seed, text, card)
                if verdict is None:
                    continue
                ctx = FortCtx(game, seat, leader=False, bound=rnd.bound)
                with full_search():
                    ok = search(ctx, partial(play._follow_with, rnd, ctx, None, [], [card]))
                assert ok is verdict, (seed, text, card)


def test_lookout_cards_counted_leave_every_option_to_its_trial():
    """R6.7 switched off (``Rules.follower_lookout``): no verdict is known before a trial."""
    for _, game in _tables(3):
        game.rules = Rules(follower_lookout=True)
        rnd = _round(game, "gain pizza x crown", "crown", None)
        singles = play._distinct_matching(game.players[1].hand, rnd.suits, rnd.wild)
        assert singles and play._single_verdicts(rnd, game, 1, singles) == [None] * len(singles)


def _game(lineup: list[str], players: int, seed: int) -> tuple[list, object]:
    return played_game(BASE, lineup, players, seed)


@pytest.mark.parametrize(("lineup", "players"), [(["random"], 4), (["greedy"], 4),
                                                  (["random", "greedy"], 3)])
def test_games_are_those_whose_every_follower_option_is_tried(lineup, players):
    """Game by game, the same decisions and outcome as the same seed played with no verdict
    known before a trial: every follower's choice point (the options, the coin's name, R5.6,
    and the choices inside the action) tries each option (R6.2)."""
    if native.is_compiled(play):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    follows = 0
    for seed in range(4):
        fast = _game(lineup, players, 500 + seed)
        with patch.object(play, "follow_verdict", lambda *args: None), \
                patch.object(play, "follow_verdict_one", lambda *args: None), \
                patch.object(play, "surely_followed_named", lambda *args: []), \
                patch.object(play, "surely_followed_any_way", lambda *args: False):
            tried = _game(lineup, players, 500 + seed)
        assert fast == tried, (lineup, players, seed)
        follows += sum(1 for kind, _ in fast[0] if kind == "follow")
    assert follows > 20


@pytest.mark.parametrize("excluded_first", [True, False])
def test_a_blind_follower_discards_only_a_legal_card(excluded_first):
    """R6.5 then R6.2: `gain pizza x shovel` with room for one pizza: The Moles (two shovels)
    would need two, so that option is excluded without a trial; Bug (one shovel) follows in
    full. Asked by count among declining and Bug, the follower never discards The Moles,
    wherever it is in the hand, and is logged as among two options."""
    picked = set()
    for seed in range(12):
        game = Game(2, board_of(BASE), asker=RandomAsker([RandomAgent(seed), RandomAgent(seed)]))
        assert game.blind()
        p = game.players[1]
        game.give(p, Resource.PIZZA, game.board.stuff_capacity - 1)
        moles, bug = kid("The Moles", "shovel shovel"), kid("Bug", "shovel")
        for k in ((moles, bug) if excluded_first else (bug, moles)):
            game.new_card(k, p.hand)
        rnd = _round(game, "gain pizza x shovel", "shovel", None)
        assert play._single_verdicts(rnd, game, 1, play._distinct_matching(
            p.hand, rnd.suits, rnd.wild)) == ([False, True] if excluded_first else [True, False])
        followed = play._follow(rnd, game, 1)
        assert game.log == [("follow", len(followed))]
        assert [c.name for c in followed] in ([], ["Bug"])
        assert p.stuff[Resource.PIZZA] == game.board.stuff_capacity - 1 + len(followed)
        picked.add(len(followed))
    assert picked == {0, 1}


class _Mute:
    """An asker that fails any decision: an action that asks nothing never reaches it."""

    def decide(self, game, decision):
        raise AssertionError(f"asked {decision.kind}")

    def decide_count(self, seat, count):
        raise AssertionError("asked by count")


@pytest.mark.parametrize("text", TEXTS)
def test_an_action_that_asks_nothing_is_performed_as_its_transaction_would(text):
    """R6.2 performed for real: when ``_asks_nothing`` says so, the follow asks no decision, and
    performed without the transaction (the count path's shortcut) it leaves the table as the
    transaction does, log included; the leader's pizza or toy binds (R6.4) or not."""
    quiet = 0
    for seed in range(8):
        for bind in (False, True):
            states = []
            for direct in (False, True):
                game = random_table(BASE, 3, seed)
                game.asker = _Mute()
                game.new_card(kid("Crown", "crown"), game.players[1].hand)
                rnd = _round(game, text, "crown", None)
                if bind:  # the leader's pizza or toy (R6.4)
                    rnd.bound.update({x.key: TOKENS[seed % 2] for x in rnd.public.walk()
                                      if getattr(x, "resource", None) is Resource.EITHER})
                if not play._asks_nothing(rnd):
                    break
                card = play._distinct_matching(game.players[1].hand, rnd.suits, rnd.wild)[-1]
                assert card.name == "Crown"
                ctx = play._follower_ctx(rnd, game, 1)
                chosen: list = []
                if direct:
                    play._follow_with(rnd, ctx, None, chosen, [card])
                else:
                    play.transaction(ctx, play._Discard(rnd, ctx, None, chosen, [card]))
                states.append((game.snapshot(), list(game.log), [c.uid for c in chosen]))
            else:
                quiet += 1
                assert states[0] == states[1], (seed, bind, text)
    if text in ("gain pizza/toy", "gain toy x glue", "score x book", "gain 2 pizza"):
        assert quiet >= 8  # straight, or bound when the leader chose (R6.4)


@pytest.mark.parametrize("text", TEXTS)
def test_a_coin_name_known_in_full_is_what_its_trial_finds(text):
    """R5.6, R6.5, R6.2: the follower's coin card is discarded; each name known to perform the
    action in full is found legal by trying the follow with the coin so named (the search
    with no shortcut), at tables whose stuff fills (R1.5), bound or not (R6.4)."""
    if native.is_compiled(play):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    known_some = 0
    for seed, game in _tables(8):
        for free in (True, False):
            game.rules = Rules(follower_coin_free=free)
            rnd = _round(game, text, "crown" if seed % 2 else "shovel book", None)
            if seed % 3 == 1:  # the leader's pizza or toy (R6.4)
                rnd.bound.update({x.key: TOKENS[seed % 2] for x in rnd.public.walk()
                                  if getattr(x, "resource", None) is Resource.EITHER})
            seat = 1 + seed % 2
            p = game.players[seat]
            for card in [c for c in p.hand if c.name in ("Coin", "Both")]:
                names = play._coin_choices(rnd, card, game.rules)
                if not names:
                    continue
                same = play._coin_names(rnd.played) if names is PLAIN_SUITS else ()
                mark = game.begin()
                ctx = play._follower_ctx(rnd, game, seat)
                game.move(p.hand, p.hand.index(card), p.discard)  # discarded (R6.1)
                game.note(ctx.sources, card)
                known = surely_followed_named(ctx, rnd.public, card, names, same)
                game.rollback(mark)
                game.commit(mark)
                assert len(known) == len(names)
                for suit, sure in zip(names, known, strict=True):
                    if not sure:
                        continue
                    known_some += 1
                    ctx = FortCtx(game, seat, leader=False, bound=rnd.bound)
                    with full_search(), patch.object(play, "_coin_choices",
                                                     lambda *args, suit=suit: (suit,)):
                        ok = search(ctx, partial(play._follow_with, rnd, ctx, None, [], [card]))
                    assert ok, (seed, text, card, suit)
    if text in ("gain pizza/toy", "gain toy x glue", "score x book"):
        assert known_some


def test_a_coin_named_with_every_name_known_is_named_without_a_trial():
    """R5.6, R6.5: Both (coin, crown) follows a crown card whose action is `gain pizza x
    shovel`; the coin may be named any suit (``follower_coin_free``), shovel counting a second
    pizza. With room for both, every name performs it in full (R6.2): named without a trial,
    as with a trial per name (the same answers, the same table)."""
    if native.is_compiled(play):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    from trial_counter import counting

    ends = []
    for tried in (False, True):
        game = Game(2, board_of(BASE), asker=RandomAsker([RandomAgent(5), RandomAgent(5)]))
        game.rules = Rules(follower_coin_free=True)
        p = game.players[1]
        game.new_card(kid("Both", "coin crown"), p.hand)
        rnd = _round(game, "gain pizza x shovel", "crown", None)
        with counting() as tally:
            if tried:
                with patch.object(play, "surely_followed_named", lambda *args: []):
                    followed = play._follow(rnd, game, 1)
            else:
                followed = play._follow(rnd, game, 1)
        assert followed  # asked (R6.1) among declining and Both; the seed follows
        ends.append((game.snapshot(), list(game.log), tally.total()))
    (known, log, trials), (full, full_log, full_trials) = ends
    assert (known, log) == (full, full_log)
    assert trials == 0 and full_trials >= 2  # shovel, and any other suit (ends alike)
