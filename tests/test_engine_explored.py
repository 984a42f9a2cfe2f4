"""A search remembers the places it has left without a legal completion (interpreter.explored,
issue 13.3): reaching the same place of a move again (the same continuation, the game in the
same state) it fails at once, as trying again would. So `(give pizza or spend toy or copy rival
pack) x N` is searched in work polynomial in N, not 3^N, and every play ends as the search that
remembers nothing has it: the same options, the same rules excluding others (R5.4, R5.5, R6.2),
the same state."""

from __future__ import annotations

from contextlib import contextmanager
from unittest.mock import patch

import pytest
from builders import kid, random_table, recorded_play
from engine_strategies import composites, leaves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fortlang import native
from fortlang.cardset import base_set
from fortlang.engine import RandomAgent, interpreter
from fortlang.games.fort.model import KidCard, board_of
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.play import why_not_by_search
from fortlang.games.fort.table import Game, Rules
from fortlang.sim.seats import Seats

#: Patching the interpreter's globals proves something only against the sources: compiled code
#: (mypyc) reads a Final constant as a C static and calls classes directly.
pytestmark = pytest.mark.skipif(native.is_compiled(interpreter), reason="patches module "
                                "globals, which a compiled module's calls do not read")

BASE = base_set()
NEVER = 10**9  # EXPLORE_AFTER: remember nothing


@contextmanager
def explore_after(places: int):
    with patch.object(interpreter, "EXPLORE_AFTER", places):
        yield


def _searched(text: str, times: int, after: int) -> tuple[int, str | None]:
    """How many choice points deciding a card of ``text`` (``{n}`` replaced by ``times``) sets
    up, and the rule that forbids it (R5.4)."""
    game = random_table(BASE, 3, 5)
    card = game.new_card(kid("X", "crown", text.format(n=times)), game.players[0].hand)
    made = [0]
    point = interpreter.Point

    class Counted(point):  # type: ignore[misc, valid-type]
        def __init__(self, *args) -> None:
            made[0] += 1
            super().__init__(*args)

    with patch.object(interpreter, "Point", Counted), explore_after(after):
        rule = why_not_by_search(game, 0, card)
    return made[0], rule


REPEATED_CHOICE = "(give pizza or spend toy or copy rival pack) x {n} then spend 9 pizza"


@pytest.mark.parametrize("text", [
    REPEATED_CHOICE,
    # R7.1: a card from the park, a yard or the park deck each time; which card never matters
    # (no test reads the cards), so the zones meet in one state whatever the order
    "recruit x {n} then spend 9 pizza",
    "(recruit or lookout or destroy card) x {n} then spend 9 pizza",
    # a test reads the cards (R14): each card is tried, but the order they were taken in is
    # never read, so the ways of taking the same cards meet
    "recruit x {n} then if crown >= 0 -> score then spend 9 pizza",
])
def test_a_repeat_of_alternatives_is_searched_in_polynomial_work(text):
    """Nine pizza never fit (R1.5), so every way of the repeat is a dead end (R5.4): k^N paths,
    polynomially many states. Remembering, two repetitions more multiply the work by less and
    less (a polynomial's growth); remembering nothing, by k^2 each time."""
    work = {}
    for times in (4, 6, 8):
        work[times], rule = _searched(text, times, 0)
        assert rule == "R5.4"
    growth, later = work[6] / work[4], work[8] / work[6]
    assert later < growth
    naive = _searched(text, 6, NEVER)[0] / _searched(text, 4, NEVER)[0]
    assert naive > 2 * growth  # what remembering saves: the test can fail


def test_a_search_remembers_only_past_its_first_places():
    """Small searches key nothing (keying costs more than searching them again)."""
    remembered, _ = _searched(REPEATED_CHOICE, 3, interpreter.EXPLORE_AFTER)
    naive, _ = _searched(REPEATED_CHOICE, 3, NEVER)
    assert remembered == naive


def _play_recorded(kid_card: KidCard, seed: int, rules: Rules) -> tuple:
    """Play ``kid_card`` at a random table, followers included (builders.recorded_play)."""
    game = random_table(BASE, 3, seed)
    game.rules = rules
    return recorded_play(game, 0, game.new_card(kid_card, game.players[0].hand))


#: Repeats of alternatives, sequences, performers and `x any` (what bench/fuzz_cards.py found
#: slow), with tokens given, spent and copied so that repetitions meet again in one state.
CARDS = [
    kid("Einstein", "crown", "score",
        "(give pizza or spend toy or copy rival pack or give pizza) x 4 or copy rival pack x any"),
    kid("Giver", "shovel", "(give pizza or score) x shovel then spend 2 toy",
        "(spend toy or gain pizza) x 3 then (give pizza or spend pizza) x 2"),
    kid("Rusty", "glue", "a rival -> (give pizza or score)",
        "each player -> (take pizza or give pizza or convert) then draw or convert"),
    kid("Ant", "coin", "score 2 x any x any",
        "if level != 3 -> destroy card then (score 2 x any or spend toy or gain pizza or pack "
        "or copy pack x any) then if suits != 4 -> gain 3 pizza then each player -> copy pack"),
    kid("Flipper", "crown water_gun", "(copy pack then pack) x lookout",
        "(recruit then gain toy) x water_gun then (spend toy or score) x 2"),
    kid("Recruiter", "shovel", "recruit x lookout x level",
        "(recruit or lookout) x 3 then (destroy card or give pizza) then spend 2 toy"),
    # a test reads the cards (R14): every card is tried, each zone by its cards
    kid("Counter", "glue", "(recruit or destroy card) x 2 then if crown >= 2 -> score",
        "recruit then if cards > 9 -> gain 2 toy"),
]


@pytest.mark.parametrize("kid_card", CARDS, ids=lambda k: k.id)
def test_plays_remembering_end_as_plays_remembering_nothing(kid_card):
    for seed in range(6):
        rules = Rules(lookout_optional=bool(seed % 2))
        with explore_after(0):  # every place remembered from the first
            remembering = _play_recorded(kid_card, seed, rules)
        with explore_after(NEVER):
            assert _play_recorded(kid_card, seed, rules) == remembering, seed


actions = st.recursive(leaves, composites(), max_leaves=6)
cards = st.builds(lambda public, private, suits: KidCard("x", "X", tuple(suits), public, private),
                  st.none() | actions, actions,
                  st.lists(st.sampled_from(Suit), min_size=1, max_size=2))


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(kid_card=cards, seed=st.integers(0, 60))
def test_random_plays_remembering_end_as_plays_remembering_nothing(kid_card, seed):
    with explore_after(0):
        remembering = _play_recorded(kid_card, seed, Rules())
    with explore_after(NEVER):
        assert _play_recorded(kid_card, seed, Rules()) == remembering


def test_a_remembered_place_is_one_state_of_the_game():
    """Game.state_key: equal from the same start exactly when the state is; a token given and
    taken back leaves no trace; bookkeeping counts (it is what the rest of a move reads)."""
    game = Game(2, board_of(BASE))
    p, q = game.players
    mark = game.begin()
    keep: dict = {}
    start = game.state_key(mark, keep)
    game.transfer(game.supply, p.stuff, Resource.PIZZA, 1)  # a pizza gained
    gained = game.state_key(mark, keep)
    assert gained != start
    game.transfer(game.supply, q.stuff, Resource.PIZZA, 1)
    assert game.state_key(mark, keep) != gained  # the same count moved, to another player
    game.transfer(q.stuff, game.supply, Resource.PIZZA, 1)
    assert game.state_key(mark, keep) == gained
    game.transfer(p.stuff, game.supply, Resource.PIZZA, 1)  # and given back
    assert game.state_key(mark, keep) == start
    game.add_vp(q, 2)
    scored = game.state_key(mark, keep)
    assert scored != start
    records: list = []
    game.note(records, ("crown", 2, 1))
    assert game.state_key(mark, keep) != scored
    game.rollback(mark)
    assert game.state_key(mark, keep) == start


def _plain_table_play(kid_card: KidCard, hand: list[KidCard]) -> tuple:
    """Play ``kid_card`` at a new two-player table, ``hand`` in the leader's hand, no followers
    (builders.recorded_play)."""
    game = Game(2, board_of(BASE), seed=1, asker=Seats([RandomAgent(1), RandomAgent(2)]))
    for c in hand:
        game.new_card(c, game.players[0].hand)
    return recorded_play(game, 0, game.new_card(kid_card, game.players[0].hand), follow=False)


JUGGLE = "(copy pack or (gain pizza then spend pizza))"


@pytest.mark.parametrize("action, hand", [
    # R5.4: an empty pack copied has no effect; a pizza gained and spent had one
    (f"{JUGGLE} then score x 0", []),
    # R5.5: the added crown is useful only if both repetitions had an effect
    (f"{JUGGLE} x crown then score x 0", [kid("Crowned", "crown")]),
], ids=["R5.4", "R5.5"])
def test_a_state_changed_and_changed_back_had_an_effect(action, hand):
    """Two ways can meet in one state, one having changed it and changed it back: the place is
    not the same (what R5.4 and R5.5 read differs), so the second is still searched."""
    juggler = kid("Juggler", "crown", None, action)
    with explore_after(0):
        remembering = _plain_table_play(juggler, hand)
    with explore_after(NEVER):
        assert _plain_table_play(juggler, hand) == remembering
    rule, seen, _ = remembering
    assert rule is None
    assert ("gain pizza then spend pizza",) in [labels for _, labels, _, _ in seen]
    if hand:  # the crown may be added: not excluded (R5.5)
        assert "add Crowned (crown)" in seen[0][1] and seen[0][2] == ()


def test_where_a_test_reads_the_cards_a_zone_is_known_by_its_cards():
    """Destroying the crown or the shovel leaves a hand of one card either way, but `if crown
    >= 1` (R14) then reads which: the second way is searched, and the play is legal."""
    judge = kid("Judge", "glue", "destroy card then if crown >= 1 -> gain toy")
    hand = [kid("Crowned", "crown"), kid("Plain", "shovel")]
    with explore_after(0):
        remembering = _plain_table_play(judge, hand)
    with explore_after(NEVER):
        assert _plain_table_play(judge, hand) == remembering
    assert remembering[0] is None


@contextmanager
def remembering_at_most(places: int):
    """Every place remembered from the first, at most ``places`` at once; yields the largest
    memory a search held and how many times one forgot."""
    held = {"most": 0, "forgot": 0}

    class Places(set):
        def add(self, place) -> None:
            super().add(place)
            held["most"] = max(held["most"], len(self))

    class Watched(interpreter.Explored):  # type: ignore[misc, valid-type]
        def __init__(self, zones) -> None:
            super().__init__(zones)
            self.seen = Places()

        def __setattr__(self, name, value) -> None:
            if name == "forgotten" and value:
                held["forgot"] += 1
            super().__setattr__(name, value)

    with explore_after(0), patch.object(interpreter, "MOST_EXPLORED", places), \
            patch.object(interpreter, "Explored", Watched):
        yield held


def test_a_search_remembers_a_bounded_number_of_places():
    """Issue 31.7: a search at E202's bound held 5.9-8 GB of places. Held to a few places, the
    searches forget and remember again, and every play still ends as remembering nothing has
    it (what is forgotten is only where a search failed before)."""
    forgot = 0
    for kid_card in CARDS:
        for seed in range(6):
            rules = Rules(lookout_optional=bool(seed % 2))
            with remembering_at_most(8) as held:
                bounded = _play_recorded(kid_card, seed, rules)
            assert held["most"] <= 8
            forgot += held["forgot"]
            with explore_after(NEVER):
                assert _play_recorded(kid_card, seed, rules) == bounded, (kid_card.id, seed)
    assert forgot  # the bound was reached: the test can fail


# -- issue 31.7: keying a place costs the log since the last place keyed, not since the start ----


def test_a_key_after_a_rollback_reads_the_log_as_it_is_now():
    """Game.state_key reads on from its last scan (_KeyScan) only while the log it scanned is
    still there: rolled back and regrown to the same length by another change, the key is the
    new state's, as a scan from the start gives it."""
    game = Game(2, board_of(BASE))
    p, q = game.players
    mark = game.begin()
    keep: dict = {}
    game.transfer(game.supply, p.stuff, Resource.PIZZA, 1)
    inner = game.mark()
    game.transfer(game.supply, p.stuff, Resource.TOY, 1)
    to_p = game.state_key(mark, keep)
    game.rollback(inner)
    game.transfer(game.supply, q.stuff, Resource.TOY, 1)  # the same length of log, another change
    to_q = game.state_key(mark, keep)
    assert to_q != to_p
    game._scans.clear()  # no scan to read on from: the whole log since mark
    assert game.state_key(mark, keep) == to_q
    game.rollback(mark)
    game.transfer(game.supply, p.stuff, Resource.PIZZA, 1)
    game.transfer(game.supply, p.stuff, Resource.TOY, 1)
    assert game.state_key(mark, keep) == to_p


DEEP = ("(gain pizza or gain toy or gain 2 pizza/toy or spend toy) x {n} "
        "then spend 4 pizza then spend 4 toy then lose")


def _keying(times: int) -> tuple[int, int]:
    """Places keyed and log entries read keying them, deciding whether DEEP repeated ``times``
    can be played (never: a full stuff cannot spend 4 of both, R1.5; every path is searched)."""
    game = Game(2, board_of(BASE))
    card = game.new_card(kid("Deep", "crown", DEEP.format(n=times)), game.players[0].hand)
    keyed = [0]
    original = Game.state_key

    def counted(self, base, keep, zones=None):
        keyed[0] += 1
        return original(self, base, keep, zones)

    with patch.object(Game, "state_key", counted):
        assert why_not_by_search(game, 0, card) == "R5.4"
    return keyed[0], game.key_reads


def test_keying_a_place_reads_what_the_path_added_since_the_last_place_keyed():
    """The search of a longer repeat keys more places, each on a longer path; a key reads the
    entries since the previous place on its path (a few), not the path since the search began
    (31 then 92 entries a key for 10 then 40 repetitions before: a game at E202's bound spent
    210 of its 345 s there)."""
    short_places, short_reads = _keying(10)
    long_places, long_reads = _keying(40)
    assert long_places > 4 * short_places
    per_key_short, per_key_long = short_reads / short_places, long_reads / long_places
    assert per_key_long < 8 and per_key_long < 1.25 * per_key_short


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(kid_card=cards, seed=st.integers(0, 60))
def test_every_key_read_on_from_a_scan_is_the_key_of_a_whole_scan(kid_card, seed):
    """At every place a search keys (all of them, from the first), the key read on from the
    last scan equals the key of the log since the search began, read whole."""
    original = Game.state_key
    compared = [0]

    def checked(self, base, keep, zones=None):
        key = original(self, base, keep, zones)
        scans, self._scans = self._scans, []
        try:
            assert original(self, base, keep, zones) == key
        finally:
            self._scans = scans
        compared[0] += 1
        return key

    with patch.object(Game, "state_key", checked), explore_after(0):
        _play_recorded(kid_card, seed, Rules())


def test_a_place_reached_with_nothing_chosen_since_the_last_is_not_keyed():
    """Between two places with no option taken in between the move went straight on: the
    second follows from the first, so only places after a choice are keyed (issue 31.7: six
    keys an option in `gain 2 pizza/toy x 5 then gain 2 pizza/toy`). The search ends alike:
    tests above compare plays remembering and remembering nothing."""
    text = ("(score or gain toy) x 3 then score then score then score then score "
            "then spend 4 pizza then spend 4 toy")  # 28 keys for 18 options before
    game = Game(2, board_of(BASE))
    card = game.new_card(kid("Chain", "crown", text), game.players[0].hand)
    keyed, chosen = [0], [0]
    original_key, original_next = Game.state_key, interpreter.Point.next

    def counted_key(self, base, keep, zones=None):
        keyed[0] += 1
        return original_key(self, base, keep, zones)

    def counted_next(self):
        chosen[0] += 1
        return original_next(self)

    with patch.object(Game, "state_key", counted_key), \
            patch.object(interpreter.Point, "next", counted_next), explore_after(0):
        assert why_not_by_search(game, 0, card) == "R5.4"
    assert 0 < keyed[0] <= chosen[0]


def test_a_search_that_remembers_pauses_the_cyclic_collector_and_restores_it():
    """A search holding many remembered places would have the collector walk them again and
    again; it turns it off and the driver that started it turns it back on, also when the
    search raises, and never turns on one its caller turned off."""
    import gc

    game = Game(2, board_of(BASE))
    card = game.new_card(kid("Deep", "crown", DEEP.format(n=6)), game.players[0].hand)
    seen: list[bool] = []
    original = Game.state_key

    def watching(self, base, keep, zones=None):
        seen.append(gc.isenabled())
        return original(self, base, keep, zones)

    with patch.object(Game, "state_key", watching), explore_after(0):
        assert why_not_by_search(game, 0, card) == "R5.4"
        assert seen and not any(seen) and gc.isenabled()

        def failing(self, base, keep, zones=None):
            raise MemoryError("a search too large")

        with patch.object(Game, "state_key", failing), pytest.raises(MemoryError):
            why_not_by_search(game, 0, card)
        assert gc.isenabled()
        gc.disable()
        try:
            why_not_by_search(game, 0, card)
            assert not gc.isenabled()
        finally:
            gc.enable()
