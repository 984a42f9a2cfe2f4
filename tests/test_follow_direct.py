"""Issue 38: a follower's options written in the round's lists, and a follow picked by count
performed without a transaction (R6.1, R6.2). Each shortcut is checked against its reference:
the filled cards and verdicts against ``_distinct_matching`` and ``_single_verdicts`` (the
lists written over by follower after follower, R6.5), the direct follow against the same
follow in its transaction (``_Discard``: the same table, log and cards discarded, R5.6 coin
named, R6.4 bound), and whole games against the same games played on the listed path with
every follow in a transaction."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from builders import kid, random_table
from test_follow_fast import BASE, TEXTS, _round, _tables

from fortlang import native
from fortlang.engine.asker import RandomAsker
from fortlang.engine.choices import RandomAgent
from fortlang.games.fort import play
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.table import TOKENS, Game, Rules


@pytest.mark.parametrize("wild", [True, False])
def test_the_filled_options_are_the_listed_ones_follower_after_follower(wild):
    """R6.1, R6.5: for each follower in turn, the first n cards written are
    ``_distinct_matching``'s, the first n verdicts ``_single_verdicts``' (the same objects, in
    the same order), and the excluded count those that are False, whatever an earlier, longer
    hand left in the lists."""
    filled = 0
    for seed, game in _tables(10):
        game.rules = Rules(coin_follows_any=wild)
        for text in ("gain pizza x shovel", "gain pizza/toy", "score x crown", "advance"):
            rnd = _round(game, text, "crown" if seed % 2 else "coin shovel",
                         Suit.SHOVEL if seed % 2 == 0 else None)
            for seat in (2, 1, 0, 1):  # a longer hand first, then shorter ones
                hand = game.players[seat].hand
                if seat == 0:
                    hand = hand[:1]  # few cards: the lists keep items past n
                n = play._fill_matching(rnd, hand)
                listed = play._distinct_matching(hand, rnd.suits, rnd.wild)
                assert n == len(listed)
                assert all(a is b for a, b in zip(rnd.cards[:n], listed, strict=True))
                excluded = play._fill_verdicts(rnd, game, seat, n)
                verdicts = play._single_verdicts(rnd, game, seat, listed)
                assert rnd.verdicts[:n] == verdicts, (seed, text, seat)
                assert all(a is b for a, b in zip(rnd.verdicts[:n], verdicts, strict=True))
                assert excluded == sum(1 for v in verdicts if v is False)
                filled += n
    assert filled > 100


def test_lookout_cards_counted_fill_no_verdict():
    """R6.7 switched off: every filled verdict is left to its trial (None), none excluded."""
    for _, game in _tables(3):
        game.rules = Rules(follower_lookout=True)
        rnd = _round(game, "gain pizza x crown", "crown", None)
        n = play._fill_matching(rnd, game.players[1].hand)
        assert n and play._fill_verdicts(rnd, game, 1, n) == 0
        assert rnd.verdicts[:n] == [None] * n


def _blind(game: Game, seed: int) -> None:
    """Every seat a random bot, nobody reading (Journal.blind)."""
    game.asker = RandomAsker([RandomAgent(seed + s) for s in range(len(game.players))])
    assert game.blind()


@pytest.mark.parametrize("text", TEXTS)
def test_a_direct_follow_leaves_what_its_transaction_leaves(text):
    """R6.1, R6.2: the follower's card (a crown, or a coin whose one name is the followed
    suit, R5.6) discarded and the action performed by ``_perform_picked`` (no transaction)
    leaves the same table, log, coin names and cards discarded as ``_Discard`` in its
    transaction, the random bots drawing the same answers; bound by the leader's pizza or toy
    (R6.4) or not, at tables whose stuff fills (R1.5)."""
    if native.is_compiled(play):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    direct_kinds = set()
    for seed in range(10):
        for bind in (False, True):
            for coin in (False, True):
                ends = []
                for direct in (False, True):
                    game = random_table(BASE, 3, seed)
                    _blind(game, seed)
                    if seed % 3 == 0:
                        for r in TOKENS:  # nothing more fits
                            game.give(game.players[1], r, game.board.stuff_capacity
                                      - game.players[1].stuff[r])
                    card = game.new_card(kid("Coin", "coin") if coin else kid("Crown", "crown"),
                                         game.players[1].hand)
                    rnd = _round(game, text, "crown", Suit.CROWN if coin else None)
                    if bind:  # the leader's pizza or toy (R6.4)
                        rnd.bound.update({x.key: TOKENS[seed % 2] for x in rnd.public.walk()
                                          if getattr(x, "resource", None) is Resource.EITHER})
                    names = play._coin_choices(rnd, card, game.rules)
                    assert len(names) == (1 if coin else 0)
                    ctx = play._follower_ctx(rnd, game, 1)
                    if direct:
                        quiet = play._asks_nothing(rnd)
                        with patch.object(play, "transaction", wraps=play.transaction) as tx:
                            chosen = play._perform_picked(rnd, ctx, card)
                        # no transaction unless a trial may run (R6.2: not safe)
                        assert tx.call_count == (0 if quiet or ctx.safe else 1)
                        direct_kinds.add("quiet" if quiet else "safe" if ctx.safe else "tried")
                    else:
                        done: list = []
                        play.transaction(ctx, play._Discard(rnd, ctx, None, done, [card]))
                        chosen = tuple(done)
                    ends.append((game.snapshot(), list(game.log), [c.uid for c in chosen],
                                 dict(ctx.named), game.asker.agents[1].rng.getstate()))
                assert ends[0] == ends[1], (seed, bind, coin, text)
    if text in ("gain pizza/toy", "score x book"):
        assert "quiet" in direct_kinds
    if text in ("recruit then score", "lookout"):
        assert "safe" in direct_kinds


def test_a_follow_with_trials_keeps_its_transaction():
    """R6.2: ``gain pizza then pack`` picked by count at random tables: where it is not
    certain in full whatever is chosen (not ``safe``), its trials run in a transaction of its
    own (a trial's writes undone), else in none; the table ends as with ``_Discard``'s
    transaction."""
    if native.is_compiled(play):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    tried = 0
    for seed in range(12):
        ends = []
        for direct in (False, True):
            game = random_table(BASE, 3, seed)
            _blind(game, seed)
            p = game.players[1]
            card = game.new_card(kid("Crown", "crown"), p.hand)
            rnd = _round(game, "gain pizza then pack", "crown", None)
            ctx = play._follower_ctx(rnd, game, 1)
            if direct:
                with patch.object(play, "transaction", wraps=play.transaction) as tx:
                    chosen = play._perform_picked(rnd, ctx, card)
                assert tx.call_count == (0 if ctx.safe else 1)  # the action's own
                tried += not ctx.safe
            else:
                done: list = []
                play.transaction(ctx, play._Discard(rnd, ctx, None, done, [card]))
                chosen = tuple(done)
            ends.append((game.snapshot(), list(game.log), [c.uid for c in chosen]))
        assert ends[0] == ends[1], seed
    assert tried


def _game(lineup: list[str], players: int, seed: int) -> tuple:
    agents = make_bots(lineup, players, seed)
    game, first = new_game(BASE, players, seed=seed, agents=agents)
    out = run_game(BASE, players, agents, seed=seed, game=game, first=first)
    return list(game.log), out, game.snapshot()


def _listed(rnd, game, seat):
    q = game.players[seat]
    copy_cat = q.perk(play._FOLLOW_DISCARD_MORE) if q.perks else None
    return play._follow_listed(rnd, game, seat, copy_cat)


def _in_transaction(rnd, ctx, card):
    chosen: list = []
    play.transaction(ctx, play._Discard(rnd, ctx, None, chosen, [card]))
    return tuple(chosen)


@pytest.mark.parametrize(("lineup", "players"), [(["random"], 4), (["greedy"], 4),
                                                  (["random", "greedy"], 3), (["random"], 2)])
def test_games_are_those_of_the_listed_follows_in_transactions(lineup, players):
    """Game by game, the same decisions, outcome and final table as the same seed played with
    every follower's options listed (``_follow_listed``) and every follow picked by count
    performed in its transaction (R6.1, R6.2)."""
    if native.is_compiled(play):
        pytest.skip("a compiled module's calls cannot be patched (the pure run counts)")
    follows = 0
    for seed in range(4):
        fast = _game(lineup, players, 700 + seed)
        with patch.object(play, "_follow_one", _listed):
            listed = _game(lineup, players, 700 + seed)
        with patch.object(play, "_perform_picked", _in_transaction):
            kept = _game(lineup, players, 700 + seed)
        assert fast == listed, (lineup, players, seed)
        assert fast == kept, (lineup, players, seed)
        follows += sum(1 for kind, answer in fast[0] if kind == "follow" and answer)
    assert follows > 20


def test_a_round_of_another_game_leaves_a_followers_options_alone():
    """Two games' rounds never share their lists: a follow of another game between filling a
    follower's options and reading them (another table of the playtest server, each in a
    thread of its own; an agent's answer playing ahead) leaves them as filled."""
    (_, first), (_, second) = _tables(2)
    rnd = _round(first, "gain pizza x shovel", "coin shovel", Suit.SHOVEL)
    n = play._fill_matching(rnd, first.players[1].hand)
    cards = list(rnd.cards[:n])
    play._fill_verdicts(rnd, first, 1, n)
    verdicts = list(rnd.verdicts[:n])
    other = _round(second, "score x crown", "crown", None)
    m = play._fill_matching(other, second.players[2].hand)
    play._fill_verdicts(other, second, 2, m)
    assert n and m
    assert all(a is b for a, b in zip(rnd.cards[:n], cards, strict=True))
    assert rnd.verdicts[:n] == verdicts
