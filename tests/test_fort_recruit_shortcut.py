"""Issue 38: the recruit phase (R7.1) and a card move whose every option completes (a safe
choice point: ``moves.card_moves`` with ``ctx.safe``) ask their question without trying the
options, and a random bot's without making them (``moves.ask_card``: the options counted,
the one answered located); the recruit phase then moves the card without a move context, a
driver or a transaction (``play.recruit``).

Each is held to the full choice point: the same card move performed as a move that tries
every option (``ctx.safe`` off: ``interpreter.decide_at``'s trials, R7.1 making every card
offered legal), on copies of tables taken from random games, by every kind of asker (random
bots asked by count, an agent that answers from what the options name, one that reads the
decision, the greedy bot, ``explain``): the same questions, the same answers logged, the same
table after."""

from __future__ import annotations

import functools
import random
import zlib
from collections.abc import Callable
from typing import Any

import pytest

from fortlang.cardset import base_set
from fortlang.engine.asker import CountAsker
from fortlang.engine.choices import (
    K_DESTROY,
    K_DESTROY_RIVAL,
    K_LOOKOUT,
    K_RECRUIT,
    Decision,
    Kind,
    RandomAgent,
)
from fortlang.engine.perform import transaction
from fortlang.games.fort import play
from fortlang.games.fort.agents.bots import make_bots
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.moves import card_moves, perk_places, recruit_places, yard_place
from fortlang.games.fort.table import CardDef, Game
from fortlang.sim.seats import Seats, asker_for

BASE = base_set()

#: Birthday Party's kinds of `from` (R15), and R7.1's every place.
PLACES = [play.RECRUIT_SOURCES, frozenset({"park"}), frozenset({"yard"}),
          frozenset({"park_deck"}), frozenset({"park", "yard"}), frozenset({"yard", "park_deck"})]


def _tables(players: int, seeds: range, every: int = 3) -> list[Game]:
    """Copies of random games' tables at the start of every ``every``-th turn, and at the end
    (a park deck run low or out, yards full and empty, discard piles long and short)."""
    tables: list[Game] = []
    turn = [0]

    def keep(game: Game, _: Any) -> None:
        turn[0] += 1
        if turn[0] % every == 1:
            tables.append(game.copy())

    for seed in seeds:
        run_game(BASE, players, make_bots(["random"], players, seed), seed=seed, on_turn=keep)
    return tables


@functools.cache
def _every_table() -> dict[int, list[Game]]:
    """The tables, by player count (made once, at the first test that reads them)."""
    return {players: _tables(players, range(500, 504)) for players in (2, 3, 4)}


def _reference(game: Game, seat: int, places: frozenset[str]) -> bool:
    """The recruit phase as the full choice point performs it: a move (context, driver,
    transaction) whose card move tries every option before asking (``ctx.safe`` off)."""
    ctx = FortCtx(game, seat, leader=True)
    ctx.context = play.RECRUIT_CONTEXT
    return transaction(ctx, lambda: card_moves(ctx, recruit_places(game, places),
                                               ctx.player.discard, K_RECRUIT, lambda full: full,
                                               refill_park=True))


def _key(salt: int, name: object) -> int:
    return zlib.crc32(f"{salt}:{name}".encode())


def _named(option_value: Any) -> object:
    """What a card move's option names, as its item does: the card's id, or the deck's top."""
    return option_value if option_value == ("park_deck",) else option_value[-1]


def _item_named(item: Any) -> object:
    return item.id if isinstance(item, CardDef) else item


class _Ranking(CountAsker):
    """Answers from what each option names (by count, ``items``; or from the decision's option
    values), preferring a name by a key that changes at every question; records what it was
    asked and whether a transaction was open."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int, list[object]]] = []
        self.game: Game | None = None

    def _best(self, names: list[object]) -> int:
        salt = len(self.asked)
        return max(range(len(names)), key=lambda i: (_key(salt, names[i]), -i))

    def decide_by_count(self, seat: int, kind: Kind, count: int,
                        items: list[Any] | None = None) -> int:
        assert items is not None and len(items) == count
        names = [_item_named(item) for item in items]
        index = self._best(names)
        self.asked.append((str(kind), seat, names))
        return index

    def decide(self, game: Game, decision: Decision) -> int:
        names = [_named(o.value) for o in decision.options]
        index = self._best(names)
        self.asked.append((str(decision.kind), decision.player, names))
        return index


class _Reader:
    """Reads every decision (no ``decide_by_count``): records it, whether a transaction was
    open, and answers at random from a seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.asked: list[Decision] = []
        self.recording: list[bool] = []

    def decide(self, game: Game, decision: Decision) -> int:
        self.asked.append(decision)
        self.recording.append(game.recording())
        return self.rng.randrange(len(decision.options))


def _random_bots(players: int, seed: int) -> Any:
    asker = asker_for([RandomAgent(seed * 10 + s) for s in range(players)])
    assert type(asker).__name__ == "RandomAsker"
    return asker


def _pair(table: Game, make: Callable[[int], Any], seed: int, explain: bool = False
          ) -> tuple[Game, Any, Game, Any]:
    """Two copies of ``table`` (to recruit fast and full), each with its asker from ``make``
    and ``seed`` (the same answers to the same questions), and an empty log."""
    fast, full = table.copy(), table.copy()
    fast.asker, full.asker = make(seed), make(seed)
    fast.explain = full.explain = explain
    fast.log, full.log = [], []
    return fast, fast.asker, full, full.asker


def _same_recruits(make: Callable[[int], Any], *, explain: bool = False,
                   asked: Callable[[Any], object] = lambda asker: None) -> int:
    """Recruit at every table, for every seat and every set of places, fast and full; the
    questions asked (``asked``) of each; returns how many questions were asked."""
    questions = 0
    for players, tables in _every_table().items():
        for t, table in enumerate(tables):
            for seat in range(players):
                for places in PLACES:
                    fast, fast_asker, full, full_asker = _pair(
                        table, make, players * 1000 + t * 10 + seat, explain)
                    before = fast.snapshot()
                    ok = play.recruit(fast, seat, places=places)
                    assert ok == _reference(full, seat, places), (players, t, seat, places)
                    assert fast.log == full.log, (players, t, seat, places)
                    assert fast.snapshot() == full.snapshot(), (players, t, seat, places)
                    assert asked(fast_asker) == asked(full_asker), (players, t, seat, places)
                    assert ok == (fast.snapshot() != before)
                    questions += len(fast.log)
    return questions


def test_random_bots_recruit_as_the_full_choice_point() -> None:
    """Asked by count (Journal.ask_blind), nothing made: the same count, the same card."""
    assert _same_recruits(lambda seed: _random_bots(4, seed)) > 500


def test_an_agent_answering_from_items_recruits_as_from_the_decision() -> None:
    """Journal.ask_count's items name the cards in the options' order (a deck's top by its
    value): an agent answering from either picks the same card."""
    def asked(asker: _Ranking) -> list[tuple[str, int, list[object]]]:
        return asker.asked

    assert _same_recruits(lambda seed: _Ranking(), asked=asked) > 500


def test_a_reader_gets_the_full_decision_outside_any_transaction() -> None:
    """Someone reading: the very decision the choice point makes (labels, values, context),
    asked before any card moved, with no transaction open (nothing to undo)."""
    def asked(asker: _Reader) -> list[Decision]:
        return asker.asked

    assert _same_recruits(_Reader, asked=asked) > 500
    table = _every_table()[4][2].copy()
    reader = table.asker = _Reader(7)
    assert play.recruit(table, 1)
    assert reader.recording == [False]
    assert reader.asked[0].context == "recruit a card (R7.1)"


def test_explain_asks_every_recruit_even_a_lone_card() -> None:
    def asked(asker: _Reader) -> list[Decision]:
        return asker.asked

    _same_recruits(_Reader, explain=True, asked=asked)
    table = _every_table()[2][0].copy()
    table.explain = True
    table.asker = reader = _Reader(3)
    for zone in [table.park, *(q.yard for q in table.players)]:
        zone.clear()
    del table.park_deck[1:]
    assert play.recruit(table, 0)
    assert [len(d.options) for d in reader.asked] == [1]
    table.explain = False
    assert not play.recruit(table, 0)  # nothing left to recruit (R7.1)
    assert len(reader.asked) == 1


def test_the_greedy_bot_recruits_as_from_the_decision() -> None:
    """Seats (a CountAsker) with greedy bots: by count from the items, or choosing from the
    decision with its view (tests/test_greedy_by_count.py holds the two alike in whole games)."""
    def make(seed: int) -> Seats:
        return Seats(make_bots(["greedy"], 4, seed))

    assert _same_recruits(make) > 500


def test_a_recruit_refills_the_park_and_an_agents_error_leaves_the_table() -> None:
    """R7.1: a card from the park is replaced from the park deck at once; an agent that
    raises leaves everything where it was."""
    table = _every_table()[3][1].copy()
    assert table.park and table.park_deck
    park_cards = [c.uid for c in table.park]

    class Park(_Reader):
        def decide(self, game: Game, decision: Decision) -> int:
            super().decide(game, decision)
            return [o.value[0] for o in decision.options].index("park")

    table.asker = Park(0)
    deck_top = table.park_deck[-1]
    taken = table.park[0]
    assert play.recruit(table, 2)
    assert table.players[2].discard[-1] is taken
    assert table.park[-1] is deck_top and len(table.park) == len(park_cards)

    class Fails(_Reader):
        def decide(self, game: Game, decision: Decision) -> int:
            raise RuntimeError("no")

    broken = _every_table()[3][1].copy()
    broken.asker = Fails(0)
    before = broken.snapshot()
    with pytest.raises(RuntimeError):
        play.recruit(broken, 2)
    assert broken.snapshot() == before


# -- any safe card move (moves.card_moves with ctx.safe: the ops' lookout, destroy, recruit) --


def _zone_names(game: Game) -> dict[int, str]:
    names = {id(game.park): "park", id(game.park_deck): "park deck", id(game.box): "box"}
    for q in game.players:
        names.update({id(q.hand): f"{q.seat} hand", id(q.discard): f"{q.seat} discard",
                      id(q.yard): f"{q.seat} yard"})
    return names


def _move(game: Game, seat: int, safe: bool, which: str, used: list[str]) -> bool:
    """One card move of ``which`` kind performed in a move whose rest always completes: with
    ``safe`` (nothing tried) or as the full choice point (every option tried)."""
    ctx = FortCtx(game, seat, leader=True)
    ctx.context = f"a card move: {which}"
    ctx.safe = safe
    p = ctx.player
    kind: Kind
    refused: Any = None
    if which == "lookout":  # R12.3, widened by Bribe (R15): the perk told where it came from
        places = [(p.hand, "from your hand", ("hand",)), (game.park, "from the park", ("park",)),
                  (game.park_deck, "", ()), *(yard_place(q) for q in game.rivals(seat)),
                  (p.discard, "from your discard", ("discard",))]
        dst, kind, refill = p.lookout, K_LOOKOUT, True
    elif which == "destroy":  # R12.4, with the cards in play refused (explain)
        places = [(p.hand, "from your hand", ("hand",)),
                  (p.discard, "from your discard", ("discard",))]
        dst, kind, refill = game.box, K_DESTROY, False

        def refused() -> list[tuple[str, str]]:
            return [(c.name, "R12.4") for c in p.in_play]
    elif which == "rival":  # R12.10
        places = [yard_place(q) for q in game.rivals(seat)]
        dst, kind, refill = game.box, K_DESTROY_RIVAL, False
    else:  # R12.6
        places = recruit_places(game)
        dst, kind, refill = p.discard, K_RECRUIT, True

    names = _zone_names(game)

    def told(zone: list) -> None:  # as a perk is used (R15 Bribe): undone with a trial
        game.note(used, names[id(zone)])

    def go() -> bool:
        if refused is None:
            return card_moves(ctx, places, dst, kind, lambda full: full, refill_park=refill,
                              used=told)
        return card_moves(ctx, places, dst, kind, lambda full: full, refill_park=refill,
                          used=told, refused=refused)

    return transaction(ctx, go)


@pytest.mark.parametrize("which", ["lookout", "destroy", "rival", "recruit"])
@pytest.mark.parametrize("asker", ["random", "ranking", "reader", "explain"])
def test_a_safe_card_move_asks_as_the_full_choice_point(which: str, asker: str) -> None:
    """A card move whose rest of the move completes, performed with ``ctx.safe`` (asked at
    once) and as the full choice point: the same questions, answers, table, perks used."""
    def make(seed: int) -> Any:
        if asker == "random":
            return _random_bots(4, seed)
        return _Ranking() if asker == "ranking" else _Reader(seed)

    questions = 0
    for players, tables in _every_table().items():
        for t, table in enumerate(tables):
            for seat in range(players):
                fast, fast_asker, full, full_asker = _pair(
                    table, make, players * 1000 + t * 10 + seat, asker == "explain")
                fast_used: list[str] = []
                full_used: list[str] = []
                ok = _move(fast, seat, True, which, fast_used)
                assert ok == _move(full, seat, False, which, full_used)
                assert fast.log == full.log, (which, players, t, seat)
                assert fast.snapshot() == full.snapshot(), (which, players, t, seat)
                assert fast_used == full_used
                if asker != "random":
                    assert fast_asker.asked == full_asker.asked, (which, players, t, seat)
                questions += len(fast.log)
    assert questions > 50


def test_a_perks_places_are_its_own_whatever_perks_it_equals() -> None:
    """moves.perk_places reads a perk's `from` once (R15 Birthday Party, Bribe): by the perk
    itself, not by its value (a perk's parameters are not compared: two perks equal by id and
    hook may name other places)."""
    park = Perk("party", "Party", PerkHook.EXTRA_RECRUIT, params={"from": "park"})
    yards = Perk("party", "Party", PerkHook.EXTRA_RECRUIT, params={"from": ["yard", "park_deck"]})
    assert park == yards
    assert perk_places(park) == frozenset({"park"})
    assert perk_places(yards) == frozenset({"yard", "park_deck"})
    assert perk_places(park) == frozenset({"park"})
    default = Perk("party", "Party", PerkHook.EXTRA_RECRUIT)
    assert perk_places(default) == frozenset({"park", "park_deck"})  # the base perk's (R15)
