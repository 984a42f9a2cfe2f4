"""Issue 38: the leader's actions performed (R5.2-R5.5) and a follower's coin named (R5.6) with
less work, each shortcut checked against the path it replaces (its switch off):

* a move made for real writes its context and ``safe`` on its context object, not through the
  undo log (``play.REAL_NOTES_PLAIN``): every decision says the same (context, options,
  exclusions with their rules) and ends alike;
* the records of the actions used (R5.4) are tuples made once (``play.USES_MADE_ONCE``);
* a follower's coin with one name it may take (R5.6, R6.1) is named at once, without its choice
  point (``play.NAME_ONE_AT_ONCE``);
* _stop's search knows at its order point that neither box is sure first (R5.2-R5.5), as
  _stop found before it (``play.STOP_FIRSTS_KNOWN``);
* an action with no choice point, performed for real, is not judged sure whatever is chosen
  (``play.STRAIGHT_UNJUDGED``): nothing in it is tried, and the next action is made safe as
  it would have been (R5.4, R5.5 already hold): the same trials.

Whole games (blind random bots, greedy bots, and with every decision recorded) and the plays of
every bundled card at many tables, shortcut on and off: the same decisions, logs and outcomes."""

from __future__ import annotations

from collections import Counter
from contextlib import ExitStack
from unittest.mock import patch

import pytest
from builders import kid, random_table
from test_engine_certain import sources_only
from trial_counter import calls_to, counting

from fortlang.cardset import base_set
from fortlang.games.fort import play
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.table import Rules

BASE = base_set()
SWITCHES = ("REAL_NOTES_PLAIN", "USES_MADE_ONCE", "NAME_ONE_AT_ONCE", "STOP_FIRSTS_KNOWN",
            "STRAIGHT_UNJUDGED")


def _off(*names: str) -> ExitStack:
    stack = ExitStack()
    for name in names:
        stack.enter_context(patch.object(play, name, False))
    return stack


def _game(lineup: list[str], players: int, seed: int, record: bool,
          rules: Rules | None = None) -> tuple:
    """The game's log, its outcome and, ``record``, every decision as offered (its player,
    kind, context, options, the options excluded with their rules) with its answer."""
    agents = make_bots(lineup, players, seed)
    game, first = new_game(BASE, players, seed=seed, agents=agents)
    if rules is not None:
        game.rules = rules
    seen: list[tuple] = []
    if record:  # someone reads the decisions: every one is made (not blind)
        game.on_decision = lambda d, i: seen.append((d.player, d.kind, d.context, d.labels,
                                                     d.excluded, i))
    out = run_game(BASE, players, agents, seed=seed, game=game, first=first)
    return list(game.log), out, seen


def _one_names(games: list[tuple], switch_off: bool) -> int:
    """A follower's coin named with one name it may take: the choice points made for it."""
    made = Counter()
    real = play.choose_suit

    def spy(ctx, table, key, suits, then, same=(), known=()):
        if isinstance(then, play._NameCoins) and len(suits) == 1:
            made["one"] += 1
        return real(ctx, table, key, suits, then, same, known)

    with patch.object(play, "choose_suit", spy), _off(*(["NAME_ONE_AT_ONCE"] if switch_off
                                                       else [])):
        for lineup, players, seed, record in games:
            _game(lineup, players, seed, record)
    return made["one"]


GAMES = [(["random"], 4, seed, False) for seed in range(100, 104)] \
    + [(["random"], 4, seed, True) for seed in range(200, 202)] \
    + [(["greedy"], 4, seed, False) for seed in range(300, 302)] \
    + [(["random", "greedy"], 3, seed, False) for seed in range(400, 402)] \
    + [(["random"], 2, seed, True) for seed in range(500, 502)]


@sources_only
@pytest.mark.parametrize("switch", SWITCHES)
def test_games_are_those_played_without_the_shortcut(switch):
    """Game by game, the same log, outcome and decisions (R5, R6) with the shortcut as
    without it."""
    for lineup, players, seed, record in GAMES:
        fast = _game(lineup, players, seed, record)
        with _off(switch):
            slow = _game(lineup, players, seed, record)
        assert fast == slow, (switch, lineup, players, seed)
        if record:
            assert fast[2]  # decisions were recorded


@sources_only
def test_games_are_those_played_without_any_shortcut_under_other_rules():
    """The interpretations switched (a follower's coin named only a followed or counted suit,
    lookout cards counted by followers, R5.6, R6.7): the same games."""
    for rules in (Rules(follower_coin_free=False), Rules(follower_lookout=True),
                  Rules(lookout_optional=False)):
        for seed in (600, 601):
            for record in (False, True):
                fast = _game(["random"], 3, seed, record, rules)
                with _off(*SWITCHES):
                    slow = _game(["random"], 3, seed, record, rules)
                assert fast == slow, (rules, seed, record)


@sources_only
def test_one_name_coins_are_named_at_once():
    """The games above name followers' coins with one name (R5.6, R6.1): each was a choice
    point of one option; none is made now."""
    games = GAMES[:6]
    assert _one_names(games, switch_off=True) >= 10
    assert _one_names(games, switch_off=False) == 0


@sources_only
def test_plays_of_every_card_decide_alike_without_the_shortcuts():
    """Every bundled card played at random tables (R5): the same decisions offered (context,
    options, exclusions with their rules), the same answers, the same table after."""
    def plays() -> list[tuple]:
        out = []
        for kid_card in kids_of(BASE):
            for seed in range(3):
                game = random_table(BASE, 4, seed)
                for p in game.players[1:]:  # coins to name when following (R5.6)
                    game.new_card(kid("Coin", "coin"), p.hand)
                card = game.new_card(kid_card, game.players[0].hand)
                seen: list[tuple] = []
                game.on_decision = lambda d, i, seen=seen: seen.append(
                    (d.player, d.kind, d.context, d.labels, d.excluded, i))
                rule = play.why_not_by_search(game, 0, card)
                result = None
                if rule is None:
                    result = play.play_card(game, 0, card, checked=True)
                out.append((kid_card.id, seed, rule, repr(result), seen, game.snapshot()))
        return out

    fast = plays()
    with _off(*SWITCHES):
        assert plays() == fast


@sources_only
def test_stop_searches_judge_fewer_first_actions():
    """The games above, with _stop's searches (R5.3): fewer closed-form judgements of a first
    action (R5.4, R5.5), the same games."""
    def games() -> list[tuple]:
        return [_game(lineup, players, seed, record)
                for lineup, players, seed, record in GAMES[:4]]

    fast_calls, fast = calls_to(play, "surely_first", games)
    with _off("STOP_FIRSTS_KNOWN"):
        slow_calls, slow = calls_to(play, "surely_first", games)
    assert fast == slow
    assert fast_calls < slow_calls, (fast_calls, slow_calls)


@sources_only
def test_no_box_is_sure_first_where_stop_searches_say_so():
    """Wherever _stop's search skips the test (:func:`play._at_stop_start`), neither box of
    the played card is sure first (R5.2-R5.5): the test would have answered False."""
    real = play._at_stop_start
    seen = Counter()

    def checked(ctx, step, i):
        at = real(ctx, step, i)
        if at:
            ops = play.card_ops(ctx.play.card)
            for op in (ops.pub_op, ops.priv_op):
                assert op is None or not play.surely_first(ctx, op)
            seen["start"] += 1
        else:
            seen["elsewhere"] += 1
        return at

    with patch.object(play, "_at_stop_start", checked):
        for lineup, players, seed, record in GAMES:
            _game(lineup, players, seed, record)
    assert seen["start"] >= 20, seen


@sources_only
def test_straight_actions_are_not_judged_and_nothing_more_is_tried():
    """A straight action performed for real (R5.2) is not judged by its closed form; the
    choice points of the move try exactly what they tried when it was (R5.4, R5.5: the next
    action is safe as before), in the same games."""
    def games() -> tuple[int, list[tuple]]:
        with counting() as tally:
            out = [_game(lineup, players, seed, record)
                   for lineup, players, seed, record in GAMES]
        return tally.total(), out

    fast_calls, (fast_trials, fast) = calls_to(play, "surely_done_any_way", games)
    with _off("STRAIGHT_UNJUDGED"):
        slow_calls, (slow_trials, slow) = calls_to(play, "surely_done_any_way", games)
    assert fast == slow
    assert fast_trials == slow_trials
    assert fast_calls < slow_calls, (fast_calls, slow_calls)


def test_each_use_made_once_is_the_record_it_stands_for():
    """R5.4: (box, in full, with an effect), for each box and outcome."""
    for which in (play.PUBLIC, play.PRIVATE):
        for full in (False, True):
            for effect in (False, True):
                got = play._use(which, full, effect)
                assert got == (which, full, effect)
                assert got is play._use(which, full, effect)  # made once
