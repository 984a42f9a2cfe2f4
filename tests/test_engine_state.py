"""Game state, transactions, invariants, views, agents and the dispatch tables."""

from __future__ import annotations

import random

import pytest
from builders import kid
from test_engine_journal import log_is_empty

from fortlang import nodes as n
from fortlang.engine import (
    Decision,
    IllegalMove,
    Kind,
    Option,
    RandomAgent,
    ScriptedAgent,
)
from fortlang.engine.chance import Distribution
from fortlang.engine.program import OPS, Count, count_of
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.invariants import InvariantError, assert_invariants, check
from fortlang.games.fort.moves import recruit_places
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import perform
from fortlang.games.fort.table import Game
from fortlang.games.fort.view import GameView
from fortlang.parser import parse_action
from fortlang.registry import spec_of
from fortlang.sim.seats import Seats

PIZZA, TOY = Resource.PIZZA, Resource.TOY
A = kid("Alpha", "book", "score", "score")
D6 = Distribution.uniform([Option(str(f), f) for f in range(1, 7)])


def test_every_action_node_has_an_op_and_every_quantity_a_count():
    """The core compiles its operators; every primitive's op and every quantity's count that is
    not the core's comes from its declaration (Fort's: games/fort/ops/, issue 33)."""
    assert set(OPS) == set(n.ACTION_NODES)
    for cls in fn.ACTION_LEAVES:
        op = spec_of(cls).op
        assert op is not None and type(op(cls())).__module__.startswith("fortlang.games.fort.ops.")
    quantities = (*n.QUANTITY_NODES, *fn.QUANTITY_NODES)
    for cls in quantities:
        assert isinstance(count_of(cls()), Count)
    assert {type(count_of(cls())).__module__ for cls in quantities} == {
        "fortlang.engine.program", "fortlang.games.fort.ops.counts"}


def test_r1_card_instances_are_distinct_for_copies():
    game = Game(2)
    one, two = game.new_cards([A, A], game.players[0].hand)
    assert one is not two and one.card is two.card and one.uid != two.uid


def test_copies_share_a_definition_and_are_offered_once():
    """Copies of a card are interchangeable (offered once, R12.3, R12.4, R7.1): the engine tells
    definitions apart by the instance's shared CardDef; its options are made once."""
    from fortlang.games.fort.moves import _move_option, distinct

    game = Game(2)
    b = kid("Beta", "book", "score", "score")
    a1, other, a2 = game.new_cards([A, b, A], game.players[0].hand)
    assert a1.defn is a2.defn is game.copy().players[0].hand[2].defn and other.defn is not a1.defn
    assert (a1.name, a1.suits) == (A.name, A.suits)
    assert distinct([a1, other, a2]) == [0, 1] and distinct([a2, a1]) == [0]
    c = kid("Gamma", "glue", "score", "score")
    long = [a1, a2] * 8 + [other, a1, game.new_card(c, game.players[0].hand)]  # past 16 cards
    assert distinct(long) == [0, 16, 18] and distinct(long[:16] + [other]) == [0, 16]
    option = _move_option(a2, "from your hand", ("hand",))
    assert option.label == "Alpha from your hand" and option.value == ("hand", A.id)
    assert _move_option(a1, "from your hand", ("hand",)) is option


def test_rollback_restores_tokens_cards_and_attributes():
    game = Game(2)
    p = game.players[0]
    card = game.new_card(A, p.hand)
    mark = game.begin()
    game.transfer(game.supply, p.stuff, PIZZA, 2)
    game.move(p.hand, 0, game.box)
    game.set(p, "level", 3)
    game.rollback(mark)
    game.commit(mark)
    assert p.stuff[PIZZA] == 0 and game.supply[PIZZA] == 30 and p.hand == [card]
    assert p.level == 0 and log_is_empty(game)


def test_r1_4_every_token_count_is_one_item_of_the_games_flat_list():
    # issue 13, item 2: the supply's pizza and toy, then each seat's stuff and pack
    game = Game(3)
    p = game.players[1]
    game.give(p, TOY, 2)
    game.give(p, PIZZA, 1, to_pack=True)
    assert game.tokens == [29, 28, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0]
    assert p.stuff == {PIZZA: 0, TOY: 2} and p.pack == {PIZZA: 1, TOY: 0}
    assert game.supply == {PIZZA: 29, TOY: 28} and dict(p.stuff.items()) == {PIZZA: 0, TOY: 2}
    assert p.stuff != {PIZZA: 0, TOY: 3} and list(p.pack) == [PIZZA, TOY]
    # the undo log records indices into it: a rollback restores the list itself
    mark = game.begin()
    game.transfer(p.stuff, game.players[2].stuff, TOY, 2)
    game.shift(p.pack.at, 0, 1)  # the pizza in seat 1's pack back to the supply
    assert game.tokens[7] == 0 and game.tokens[11] == 2 and game.tokens[0] == 30
    game.abort(mark)
    assert game.tokens == [29, 28, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0]
    with pytest.raises(KeyError):  # pizza/toy is a choice, never a token (R12.1)
        p.stuff[Resource.EITHER]


def test_a_games_copy_counts_its_tokens_in_a_list_of_its_own():
    game = Game(2)
    game.give(game.players[0], PIZZA, 3)
    twin = game.copy()
    twin.transfer(twin.players[0].stuff, twin.players[1].stuff, PIZZA, 2)
    assert twin.tokens is not game.tokens and twin.players[1].stuff[PIZZA] == 2
    assert game.players[0].stuff[PIZZA] == 3 and game.players[1].stuff[PIZZA] == 0
    assert twin.supply.counts is twin.tokens and twin.players[0].pack.counts is twin.tokens
    assert_invariants(twin)
    assert_invariants(game)


def test_the_places_to_recruit_from_are_the_games_own_zones_and_a_copys_its_own():
    """R7.1: the park, every yard and the park deck, made once per game (recruit_places keeps
    them): a copy recruits from its own zones, never from the game it was copied from."""
    game = Game(3)
    places = recruit_places(game)
    assert [zone for zone, _, _ in places] == [game.park, *(q.yard for q in game.players),
                                               game.park_deck]
    assert all(a is b for (a, _, _), (b, _, _) in zip(places, recruit_places(game), strict=True))
    twin = game.copy()
    zones = [zone for zone, _, _ in recruit_places(twin)]
    assert zones[0] is twin.park and zones[-1] is twin.park_deck
    assert all(z is q.yard for z, q in zip(zones[1:-1], twin.players, strict=True))
    assert not any(z is y for z in zones for y in (game.park, game.park_deck))
    narrowed = recruit_places(game, frozenset({"park"}))  # a perk's places: made as asked
    assert [zone for zone, _, _ in narrowed] == [game.park]


def test_scoring_and_levelling_up_are_state_changes_a_rollback_undoes():
    """Core C1/C2 (score, lose) and R10.1 (a fort's level) are recorded like any change."""
    game = Game(2)
    p = game.players[0]
    p.vp, p.level = 5, 1
    mark = game.begin()
    game.add_vp(p, 3)
    game.level_up(p)
    inner = game.mark()
    game.add_vp(p, -2)
    assert (p.vp, p.level) == (6, 2) and game.changed_since(inner)
    game.rollback(inner)
    assert (p.vp, p.level) == (8, 2) and not game.changed_since(inner)
    game.rollback(mark)
    assert (p.vp, p.level) == (5, 1) and not game.changed_since(mark)
    game.commit(mark)
    game.add_vp(p, 1)  # no transaction open: nothing recorded
    game.level_up(p)
    assert (p.vp, p.level) == (6, 2) and log_is_empty(game)


def test_rollback_undoes_every_mutation_and_bookkeeping_in_reverse_order():
    game = Game(2)
    p = game.players[0]
    cards = game.new_cards([A, A, A], p.hand)
    table: dict[int, str] = {1: "one"}
    records: list[int] = []
    outer = game.begin()
    game.move(p.hand, 1, p.discard)
    game.set(p, "vp", 4)
    inner = game.mark()
    game.transfer(game.supply, p.stuff, PIZZA, 2)
    game.transfer(p.stuff, p.pack, PIZZA, 1)
    game.move(p.hand, 0, p.discard)
    game.put(p.perks, "perk")
    game.set(p, "vp", 9)
    game.note(records, 7)
    game.note_item(table, 1, "uno")
    game.note_item(table, 2, "two")
    game.note_attr(p, "level", 2)  # an attribute as bookkeeping (interpreter contexts use it)
    taken = game.take(p.perks, 0)
    game.rollback(inner)
    assert taken == "perk" and p.perks == [] and records == [] and table == {1: "one"}
    assert p.vp == 4 and p.level == 0 and p.stuff[PIZZA] == p.pack[PIZZA] == 0
    assert p.hand == [cards[0], cards[2]] and p.discard == [cards[1]]
    game.rollback(outer)
    game.commit(outer)
    assert p.hand == cards and p.discard == [] and p.vp == 0 and log_is_empty(game)


def test_entries_written_after_a_rollback_are_undone_too():
    """Trials roll back and write again in the same slots of the log: each later rollback undoes
    exactly what is logged after its mark, and an undone entry is no part of the log (its slots,
    past the log, are written over, never read)."""
    game = Game(2)
    p = game.players[0]
    outer = game.begin()
    game.transfer(game.supply, p.stuff, PIZZA, 3)
    for _ in range(3):
        trial = game.mark()
        game.transfer(p.stuff, p.pack, PIZZA, 1)
        game.set(p, "vp", 7)
        game.note(p.perks, "bookkeeping")
        game.rollback(trial)
        assert (p.stuff[PIZZA], p.pack[PIZZA], p.vp, p.perks) == (3, 0, 0, [])
    game.set(p, "level", 1)
    assert not any(item is p.perks for item in game._undo[:game.mark()])
    game.rollback(outer)
    game.commit(outer)
    assert (p.stuff[PIZZA], p.level, game.supply[PIZZA]) == (0, 0, 30) and log_is_empty(game)


def test_changed_since_sees_state_changes_not_bookkeeping():
    """R5.4, R5.5: an action "has an effect" only if it changed the game state; the interpreter's
    own notes (records, chosen suits, contexts) are undone with it but are no effect."""
    game = Game(2)
    p = game.players[0]
    outer = game.begin()
    game.transfer(game.supply, p.stuff, TOY, 1)
    mark = game.mark()
    assert not game.changed_since(mark)
    game.note([], 1)
    game.note_item({}, "k", 1)
    game.note_attr(p, "level", 1)
    assert not game.changed_since(mark) and game.changed_since(outer)
    game.set(p, "vp", 1)
    assert game.changed_since(mark)
    game.rollback(mark)
    assert not game.changed_since(mark) and game.changed_since(outer)
    game.rollback(outer)
    assert not game.changed_since(outer)
    game.commit(outer)


def test_changed_since_after_a_rollback_finds_the_last_state_change_left():
    """After undoing to a mark, changed_since answers for what is left of the log: the last
    state change before that mark is found again whatever bookkeeping sits after it (each kind
    of entry, in turn)."""
    game = Game(2)
    p, q = game.players
    game.new_cards([A, A], p.hand)
    table: dict[str, int] = {"k": 0}
    steps = [  # (what it records, whether it changes the game state)
        (lambda: game.note([], 1), False),
        (lambda: game.move(p.hand, 0, p.discard), True),
        (lambda: game.note_item(table, "k", 1), False),
        (lambda: game.transfer(game.supply, p.stuff, TOY, 1), True),
        (lambda: game.note_item(table, "new", 1), False),
        (lambda: game.set(q, "vp", 2), True),
        (lambda: game.note_attr(q, "level", 3), False),
        (lambda: game.add_vp(p, 1), True),
        (lambda: game.put(p.perks, "perk"), True),
        (lambda: game.level_up(p), True),
        (lambda: game.take(p.perks, 0), True),
        (lambda: game.chance(D6), False),  # the generator's state: journaled, not the table's
        (lambda: game.note([], 2), False),
    ]
    outer = game.begin()
    marks = []
    for record, _ in steps:
        marks.append(game.mark())
        record()
    for end in range(len(steps), 0, -1):  # undo the last step left, then ask about every mark
        game.rollback(marks[end - 1])
        for i in range(end):
            assert game.changed_since(marks[i]) == any(change for _, change in steps[i:end - 1])
    assert not game.changed_since(outer)
    game.rollback(outer)
    game.commit(outer)
    assert (p.vp, p.level, q.vp, len(p.hand)) == (0, 0, 0, 2)
    assert game.rng.getstate() == Game(2).rng.getstate()  # the draw undone too


def test_a_signal_that_cuts_a_record_short_is_what_the_move_raises():
    """A signal (KeyboardInterrupt, output.Terminated) can stop a move between two appends of
    one undo entry; the move's transaction then raises that signal, not an error of reading the
    cut log back (simulate would take an Exception for a failed game and keep its log)."""
    from fortlang.engine.perform import transaction

    game = Game(2)
    p = game.players[0]
    game.new_cards([A], p.hand)

    def interrupted() -> bool:
        game.move(p.hand, 0, p.discard)
        # a log that cannot be read back: the first operand of a move, then the signal (an
        # entry joins the log once whole, but unwinding must not trust that)
        game._grow()[game._top] = p.discard
        game._top += 1
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        transaction(FortCtx(game, 0, leader=True), interrupted)
    assert game._depth == 0 and log_is_empty(game) and not game.changed_since(0)
    mark = game.begin()  # whole logs are undone as ever
    game.move(p.discard, 0, p.hand)
    game.unwind(mark, close=True)
    assert p.discard and not p.hand and game._depth == 0


def test_no_undo_log_outside_transactions():
    game = Game(2)
    game.transfer(game.supply, game.players[0].stuff, TOY, 1)
    assert log_is_empty(game)


@pytest.mark.parametrize("breakage, message", [
    (lambda g: g.supply.__setitem__(PIZZA, 29), "pizza: supply and boards hold 29"),
    (lambda g: g.players[0].stuff.__setitem__(TOY, 5), "5 toy in stuff"),
    (lambda g: g.players[0].hand.append(g.players[0].hand[0]), "is in both"),
    (lambda g: g.players[0].hand.clear(), "in no zone"),
    (lambda g: g.players[0].lookout.extend(g.players[0].hand), "is in both"),
    (lambda g: g.players[0].pack.__setitem__(TOY, 2), "tokens in a pack of 1"),
])
def test_invariant_checker_finds_broken_states(breakage, message):
    game = Game(2)
    game.new_card(A, game.players[0].hand)
    assert check(game) == []
    breakage(game)
    with pytest.raises(InvariantError, match=message):
        assert_invariants(game)


def test_debug_flag_checks_invariants_at_every_decision():
    game = Game(2, asker=Seats([ScriptedAgent(["pizza"]), None]), debug=True)
    game.supply[TOY] = 0  # broken on purpose
    with pytest.raises(InvariantError):
        perform(game, 0, parse_action("gain pizza/toy"))


def test_decisions_are_logged_as_kind_and_index():
    seen = []
    game = Game(2, asker=Seats([ScriptedAgent(["toy"]), None]))
    game.on_decision = lambda d, i: seen.append((d.kind, d.options[i].value))
    perform(game, 0, parse_action("gain pizza/toy"))
    assert game.log == [("resource", 1)] and seen == [(Kind.RESOURCE, TOY)]


def test_each_agent_sees_the_game_from_its_own_seat_and_a_copy_its_copy():
    """STYLE #10: an agent reads the game it is asked about, from the asked seat (views are
    made once per seat and game)."""
    class Looker:
        def __init__(self) -> None:
            self.seen: list[tuple[int, int, int]] = []

        def choose(self, view, decision) -> int:
            self.seen.append((view.seat, decision.player, view.me.vp))
            return 0

    looker = Looker()
    game = Game(2, asker=Seats([looker, looker]))
    perform(game, 1, parse_action("gain pizza/toy"))
    perform(game, 0, parse_action("gain pizza/toy"))
    twin = game.copy()
    twin.set(twin.players[0], "vp", 5)
    perform(twin, 0, parse_action("gain pizza/toy"))
    perform(game, 0, parse_action("gain pizza/toy"))
    assert looker.seen == [(1, 1, 0), (0, 0, 0), (0, 0, 5), (0, 0, 0)]


def test_random_agent_is_reproducible_from_its_seed():
    d = Decision(0, Kind.CHOICE, tuple(Option(str(i)) for i in range(10)))
    picks = [[RandomAgent(7).choose(None, d) for _ in range(1)] for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    agent = RandomAgent(random.Random(1))
    assert {agent.choose(None, d) for _ in range(200)} == set(range(10))


def test_scripted_agent_matches_index_label_prefix_value_and_kind():
    d = Decision(0, Kind.RESOURCE, (Option("pizza", PIZZA), Option("toy", TOY)))
    assert ScriptedAgent([1]).choose(None, d) == 1
    assert ScriptedAgent(["toy"]).choose(None, d) == 1
    assert ScriptedAgent(["piz"]).choose(None, d) == 0
    assert ScriptedAgent([TOY]).choose(None, d) == 1
    assert ScriptedAgent([("resource", "toy")]).choose(None, d) == 1
    with pytest.raises(IllegalMove, match="expected a order decision"):
        ScriptedAgent([("order", "toy")]).choose(None, d)
    with pytest.raises(IllegalMove, match="not an option"):
        ScriptedAgent(["cake"]).choose(None, d)
    with pytest.raises(IllegalMove, match="no scripted answer left"):
        ScriptedAgent([]).choose(None, d)


def test_scripted_agent_reports_the_rule_of_an_excluded_option():
    d = Decision(0, Kind.BOOST, (Option("stop adding cards"),),
                 excluded=(("add Puddin (coin+crown)", "R5.5"),))
    with pytest.raises(IllegalMove) as err:
        ScriptedAgent(["add Puddin"]).choose(None, d)
    assert err.value.rule == "R5.5"


def test_view_is_read_only_and_hides_rival_hands_and_rules():
    from fortlang.games.fort.model import MadeUpRule
    from fortlang.parser import parse_scoring

    game = Game(2)
    game.new_card(A, game.players[0].hand)
    game.new_card(A, game.players[1].hand)
    game.players[1].rule = MadeUpRule("r", "R", parse_scoring("lookout"))
    view = GameView(game, 0)
    assert view.me.hand == (A,) and view.players[1].hand is None
    assert view.players[1].hand_size == 1 and view.players[1].rule is None
    assert view.players[1].has_rule
    stuff = view.me.stuff
    stuff[PIZZA] = 4
    assert game.players[0].stuff[PIZZA] == 0
    with pytest.raises(AttributeError):
        view.me.level = 3  # type: ignore[misc]


def _from_source(module):
    """A fresh copy of ``module`` run from its source file (beside the extension module in a
    compiled build), whose module globals a test can replace: compiled code calls directly."""
    import importlib.util
    from pathlib import Path

    path = Path(module.__file__).with_name(module.__name__.rsplit(".", 1)[1] + ".py")
    spec = importlib.util.spec_from_file_location(f"{module.__name__}_from_source", path)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    return copy


def test_each_node_class_compiles_to_the_op_its_table_names():
    """program() compiles each node of an action, once, to the op class OPS names for its exact
    class (an operator's) or its declaration's op (a primitive's), children included: a card's
    program reads no AST node while it runs."""
    from fortlang.engine.program import Op, program

    whole = {n.Repeat: lambda: n.Repeat(fn.Score(), fn.FortLevel()),
             n.Conditional: lambda: n.Conditional(n.Compare(), fn.Score()),
             n.Target: lambda: n.Target(n.Who.EACH_RIVAL, fn.Score())}
    for cls in (*n.ACTION_NODES, *fn.ACTION_LEAVES):
        node = (cls(items=(fn.Score(), fn.Gain())) if issubclass(cls, n._Chain)
                else whole.get(cls, cls)())
        op = program(node)
        made = OPS[cls] if cls in OPS else spec_of(cls).op  # a primitive's: its declaration's
        assert type(op) is type(made(node)) and op.node is node and program(node) is op
        # each op performs its own node: by run, or, straight, by once (Op.run calls it)
        assert type(op).run is not Op.run or op.straight and type(op).once is not Op.once
        for child, part in zip((x for x in node.children() if isinstance(x, n.Action)),
                               op.parts(), strict=True):
            assert part is program(child)


def test_capacities_follow_the_board_even_when_it_is_replaced():
    """R1.5, R10.2: the stuff, pack and lookout capacities come from the board (kept as the
    game's own numbers for speed, so replacing the board must replace them)."""
    from dataclasses import replace

    from fortlang.games.fort.table import DEFAULT_BOARD

    game = Game(2)
    p = game.players[0]
    game.set(p, "level", 2)
    assert (game.stuff_capacity(p), game.pack_capacity(p), game.lookout_capacity(p)) == (4, 3, 3)
    game.board = replace(DEFAULT_BOARD, stuff_capacity=6, pack_base=2, lookout_base=0)
    assert (game.stuff_capacity(p), game.pack_capacity(p), game.lookout_capacity(p)) == (6, 4, 2)
    assert game.stuff_room(p, PIZZA) == 6 and game.copy().stuff_capacity(p) == 6


def test_a_finished_game_leaves_no_reference_cycle():
    """Continuations, choice points, views and card definitions hold no reference back to what
    holds them: a finished game is freed by reference counting, not left to the cyclic
    collector (which a search making thousands of trial objects per game would keep busy).
    Compiled, mypyc gives a nested function an environment object that refers back to it; this
    game meets none there either (.ci/compiled runs it against the compiled build)."""
    import gc

    from fortlang.cardset import base_set
    from fortlang.games.fort.agents.bots import make_bots
    from fortlang.games.fort.match import run_game

    cardset = base_set()
    gc.collect()
    gc.disable()
    try:
        run_game(cardset, 3, make_bots(["random"], 3, 5), seed=5)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_closed_forms_say_how_much_a_primitive_can_do_now():
    """What gain, spend, pack and lookout can do now (R1.4, R1.5, R10.2, R12.1-R12.3, R12.9):
    one function each, which the interpreter performs by and games/fort/certain.py judges by."""
    game = Game(2)
    p = game.players[0]
    game.give(p, PIZZA, 3)
    assert game.gainable(p, PIZZA) == 1 and game.gainable(p, TOY) == 4  # room in the stuff
    game.supply[TOY] = 2
    assert game.gainable(p, TOY) == 2  # the supply is finite (R1.4)
    game.give(p, PIZZA, 1, to_pack=True)
    assert game.spendable(p, PIZZA) == 4 and game.spendable(p, TOY) == 0  # stuff and pack
    assert game.pack_room(p) == game.pack_capacity(p) - 1
    p.level = 2  # a level widens the pack and the lookout (R10.2)
    assert game.pack_room(p) == game.pack_capacity(p) - 1 and game.lookout_room(p) == 3
    game.new_card(A, p.lookout)
    assert game.lookout_room(p) == 2
    game.supply[TOY] = 30
    assert perform(game, 0, parse_action("gain toy x level")) and p.stuff[TOY] == 2
    assert not perform(game, 0, parse_action("gain 2 pizza"))  # one fits: not in full
