"""The mutable state of one game of Fort (R1): Fort's table, on the core's undo journal.

Every mutation goes through a method of :class:`~fortlang.engine.journal.Journal` (the base of
:class:`Game`, game-independent: transactions, the undo log, state keys, chance points and
decisions) that, inside a transaction, records its inverse in an undo log. The interpreter uses
that to answer "can this be done in full?" (R5.4) by trying it and rolling back, instead of
deep-copying the state per step. This module keeps what is Fort's: the players, the pools of
tokens, the park, the box, the rules and perks, the board's capacities and the card instances.

Card instances are distinct objects even for copies of one card (a :class:`CardInstance` wraps the
shared, frozen :class:`~fortlang.model.KidCard` definition and a game-unique ``uid``). Zones are
plain lists; the top of a deck is its end.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from fortlang.engine.asker import Asker
from fortlang.engine.choices import Option
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.memo import bounded_put
from fortlang.engine.program import Op
from fortlang.games.fort.context import FortCtx
from fortlang.games.fort.metrics import evaluate
from fortlang.games.fort.model import Board, KidCard, MadeUpRule, Perk, PerkHook
from fortlang.games.fort.node_types import TOKENS
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.view import GameView
from fortlang.nodes import Action

PIZZA: Final = Resource.PIZZA
TOY: Final = Resource.TOY
OTHER: Final[dict[Resource, Resource]] = {PIZZA: TOY, TOY: PIZZA}
_MODIFY: Final = PerkHook.MODIFY  # an enum member read through its class is slow in a hot loop

#: Reward levels (R10.3); the macaroni sculpture comes with the board's end level.
RULE_LEVEL: Final = 1
PERK_LEVEL: Final = 2

#: A provisional board (fort-base-facts.md: costs and points of levels 0-4 are not public).
DEFAULT_BOARD: Final = Board(
    costs=((TOY,), (PIZZA,), (Resource.EITHER, TOY), (PIZZA, Resource.EITHER),
           (PIZZA, TOY, Resource.EITHER)),
    points=(0, 2, 5, 9, 15, 23),
    note="provisional engine default; a card set's board replaces it",
)  # fmt: skip


def _modifier(p: Player, key: str) -> int:
    """The sum of ``key`` over the player's MODIFY perks (R15: a modifier is pure data)."""
    extra = 0
    for perk in p.perks:
        if perk.hook is _MODIFY:
            extra += int(perk.params.get(key, 0))  # type: ignore[call-overload]
    return extra


@dataclass(frozen=True)
class Rules:
    """Switches for the places where FORT-RULES.md marks an interpretation."""

    #: R5.3: the leader chooses which lookout cards to count (the rulebooks' Bug example: "she
    #: could have added only the second shovel from her lookout"); False: every matching
    #: lookout card counts, as the digest's wording has it.
    lookout_optional: bool = True
    #: R6.7: a follower's lookout does not boost a followed action; True: it counts, all of it.
    follower_lookout: bool = False
    #: R5.6, R6.1: a card showing a coin may follow any played card (the coin is wild).
    coin_follows_any: bool = True
    #: R5.6 with R6.5: a follower's card that matches by another suit names its coin freely (any
    #: suit, so it may count for nothing); False: the coin must stand for a followed or counted
    #: suit.
    follower_coin_free: bool = True
    #: R15 Recycling, "at any moment of your turn" (« à tout moment pendant votre tour »):
    #: offered at every moment where taking a card can change something (the start of the play
    #: phase; before Do-Over's second card; at the draw); False: once, at the start of the
    #: play phase (the engine's reading before issue 32).
    recycle_any_moment: bool = True


#: The rules of a game made without switches (Game.__init__): one object, immutable, shared
#: (compiled, a frozen dataclass's ``__init__`` stays interpreted: about 7 K instructions).
_RULES: Final = Rules()


class CardDef:
    """What every copy of one kid card shares: its definition, name and suits, and the options
    naming it, made once per place (``moves``: where-label -> Option). Copies are
    interchangeable (offered once): the engine tells them apart by this object, a native one
    hashed by identity, instead of hashing ``id(card)``. Nothing here depends on a game: games
    share one per card (:func:`card_def`), and with it what the engine worked out about it."""

    __slots__ = ("card", "id", "name", "suits", "best_friend", "public", "private", "moves",
                 "ops_made", "pub_op", "priv_op", "hand_made", "pub_body", "pub_times",
                 "priv_body", "priv_times", "repeats", "facts")

    def __init__(self, card: KidCard) -> None:
        self.card = card
        self.id: str = card.id  # read by the turn loop at every play, recruit and discard
        self.name: str = card.name
        self.best_friend: bool = card.best_friend  # R8.1
        self.suits: tuple[Suit, ...] = card.suits
        self.public: Action | None = card.public  # R5.2: its two boxes (None: blank)
        self.private: Action | None = card.private
        self.moves: dict[str, Option] = {}
        #: Its boxes compiled (engine/program.py; None: blank), once asked (``ops_made``:
        #: games/fort/context.card_ops), as two typed fields: compiled, read natively, where a
        #: tuple of them was boxed and unpacked at each read (issue 38); and their repetitions.
        self.ops_made = False
        self.pub_op: Op | None = None
        self.priv_op: Op | None = None
        #: How a hand's judgement reads each box (games/fort/certain.py, HandJudge), worked out
        #: once asked (``hand_made``): an `x suit` of a card counted alone repeats its body a
        #: number of times known from the card (``*_times``, ``*_body``), else -1 (its closed
        #: form) or -2 (not known before the play: a coin to name, R5.6).
        self.hand_made = False
        self.pub_body: Op | None = None
        self.pub_times = -1
        self.priv_body: Op | None = None
        self.priv_times = -1
        self.repeats: tuple[Any, ...] | None = None
        self.facts: Any = None  # and what games/fort/play.py reads of it at every play


#: The CardDef of each card, shared by every game, by id of the KidCard (engine/memo.py: an
#: entry keeps its card alive; bounded): a game keeps the ones it uses in ``Game._defs``.
_CARD_DEFS: Final[dict[int, CardDef]] = {}


def card_def(card: KidCard) -> CardDef:
    """The shared CardDef of ``card``."""
    defn = _CARD_DEFS.get(id(card))
    if defn is None:
        defn = bounded_put(_CARD_DEFS, id(card), CardDef(card))
    return defn


def card_defs_size() -> int:
    return len(_CARD_DEFS)


class CardInstance:
    """One physical kid card in a game. Its definition's name and suits are copied into its own
    slots: the engine reads them at every count and match, and a compiled class reads its own
    slot directly, where reading the (interpreted) KidCard's is a dictionary lookup."""

    __slots__ = ("uid", "card", "name", "suits", "defn")

    def __init__(self, uid: int, card: KidCard, defn: CardDef | None = None) -> None:
        self.uid = uid
        self.card = card
        if defn is None:
            defn = card_def(card)
        self.name: str = defn.name
        self.suits: tuple[Suit, ...] = defn.suits
        self.defn: CardDef = defn

    def __repr__(self) -> str:
        return f"{self.name}#{self.uid}"


# -- tokens: flat counters -----------------------------------------------------------------------
# Every token count of a game is one item of one list of ints (Game.tokens): the supply's pizza
# and toy first, then each seat's stuff and pack. The engine reads and moves counts by index
# (a token kind's index is 0 for pizza, 1 for toy), the undo log records indices, and a copy of
# the game copies one list. Pool gives the people and plugins the familiar p.stuff[PIZZA].

SUPPLY_AT: Final = 0


def stuff_at(seat: int) -> int:
    """Where ``seat``'s stuff starts in Game.tokens (its pack starts 2 further)."""
    return 2 + 4 * seat


def token_index(res: Resource) -> int:
    """A token kind's offset in a pool: 0 for pizza, 1 for toy (EITHER is no token, R12.1)."""
    if res is PIZZA:
        return 0
    if res is TOY:
        return 1
    raise KeyError(res)


class Pool:
    """The supply, or a player's stuff or pack: the two counters at ``at`` and ``at + 1`` of the
    game's token list. Read like a dict keyed by token kind (``p.stuff[TOY]``) and equal to one
    (``p.stuff == {PIZZA: 0, TOY: 2}``); the engine changes counts only through Game.transfer
    and Game.shift (undoable), set-up and scenarios with ``pool[kind] = n``.

    >>> pool = Pool([3, 1], 0)
    >>> pool[TOY], dict(pool.items()) == {PIZZA: 3, TOY: 1}, pool == {PIZZA: 3, TOY: 1}
    (1, True, True)
    """

    __slots__ = ("counts", "at")

    def __init__(self, counts: list[int], at: int) -> None:
        self.counts = counts
        self.at = at

    def __getitem__(self, res: Resource) -> int:
        return self.counts[self.at + token_index(res)]

    def __setitem__(self, res: Resource, n: int) -> None:
        self.counts[self.at + token_index(res)] = n

    def get(self, res: Resource, default: int = 0) -> int:
        return self[res] if res is PIZZA or res is TOY else default

    def __iter__(self) -> Iterator[Resource]:
        return iter(TOKENS)

    def __len__(self) -> int:
        return 2

    def __contains__(self, res: object) -> bool:
        return res is PIZZA or res is TOY

    def keys(self) -> tuple[Resource, ...]:
        return TOKENS

    def values(self) -> tuple[int, int]:
        at = self.at
        return self.counts[at], self.counts[at + 1]

    def items(self) -> tuple[tuple[Resource, int], tuple[Resource, int]]:
        at = self.at
        return (PIZZA, self.counts[at]), (TOY, self.counts[at + 1])

    def update(self, counts: Mapping[Resource, int]) -> None:
        for res, n in counts.items():
            self[res] = n

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pool):
            return self.values() == other.values()
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(dict(self.items()))


class Player(SeatCounts):
    """A player's board and cards (R1.5). ``in_play`` holds the played and added cards of the
    current turn until the discard phase (R8.1). Its VP and fort level are the seat's counts
    (SeatCounts), which the journal changes and undoes natively (Journal.add_vp, level_up)."""

    __slots__ = ("seat", "deck", "hand", "discard", "yard", "lookout", "in_play", "stuff", "pack",
                 "rule", "perks")

    def __init__(self, seat: int, tokens: list[int]) -> None:
        super().__init__()  # level and vp: 0
        self.seat: int = seat
        self.deck: list[CardInstance] = []
        self.hand: list[CardInstance] = []
        self.discard: list[CardInstance] = []
        self.yard: list[CardInstance] = []
        self.lookout: list[CardInstance] = []
        self.in_play: list[CardInstance] = []
        self.stuff: Pool = Pool(tokens, stuff_at(seat))
        self.pack: Pool = Pool(tokens, stuff_at(seat) + 2)
        self.rule: MadeUpRule | None = None
        self.perks: list[Perk] = []

    def zones(self) -> tuple[tuple[str, list[CardInstance]], ...]:
        return (("deck", self.deck), ("hand", self.hand), ("discard", self.discard),
                ("yard", self.yard), ("lookout", self.lookout), ("in_play", self.in_play))

    def perk(self, hook: PerkHook) -> Perk | None:
        for perk in self.perks:
            if perk.hook is hook:
                return perk
        return None

    def copy(self, tokens: list[int]) -> Player:
        """An independent copy whose pools count in ``tokens`` (the copied game's list): zones
        copied, card instances shared (immutable)."""
        p = Player(self.seat, tokens)
        p.deck, p.hand, p.discard = list(self.deck), list(self.hand), list(self.discard)
        p.yard, p.lookout, p.in_play = list(self.yard), list(self.lookout), list(self.in_play)
        p.level, p.vp, p.rule, p.perks = self.level, self.vp, self.rule, list(self.perks)
        return p

    def __repr__(self) -> str:
        return f"Player({self.seat}, level={self.level}, vp={self.vp})"


class Game(Journal):
    """Fort's whole table: players, shared zones, supply; the seeded RNG, the log, the undo log
    and the :class:`~fortlang.engine.asker.Asker` that answers its decisions are the
    :class:`~fortlang.engine.journal.Journal`'s (the agents live in the match layer, e.g.
    :class:`fortlang.sim.seats.Seats`, never in the game). Fort's effects have no chance
    points: its log holds decisions only.
    """

    def __init__(self, n_players: int, board: Board | None = None, *, seed: int = 0,
                 asker: Asker | None = None, debug: bool = False,
                 rules: Rules | None = None) -> None:
        if not 1 <= n_players <= 4:
            raise ValueError("Fort is for 2-4 players (1 allowed for tests)")
        super().__init__(seed=seed, asker=asker, debug=debug)
        self.board = board or DEFAULT_BOARD  # a property: also sets the capacities below
        self.rules = rules or _RULES  # frozen: every game without its own shares one
        #: Every token count (see Pool): the supply's, then each seat's stuff and pack.
        self.tokens: list[int] = [self.board.supply, self.board.supply] + [0] * (4 * n_players)
        self.supply = Pool(self.tokens, SUPPLY_AT)
        self.players = [Player(i, self.tokens) for i in range(n_players)]
        self.park: list[CardInstance] = []
        self.park_deck: list[CardInstance] = []
        self.box: list[CardInstance] = []
        self.rule_pile: list[MadeUpRule] = []
        self.perk_row: list[Perk] = []
        self.boxed_perks: list[Perk] = []  # single-use perks once destroyed (R15)
        self.macaroni: int | None = None  # seat holding the macaroni sculpture (R10.3)
        self._uids = 0
        self._defs: dict[int, CardDef] = {}  # by id of the KidCard (see new_card)
        #: Every place to recruit from, made once by games/fort/moves.recruit_places (read only).
        self.recruit_from: list[tuple[list, str, Any]] | None = None
        #: The legal plays a blind lead counts (play.lead), written over from one hand to the
        #: next (issue 38): the game's own (two games, e.g. two playtest tables in two
        #: threads, never share it). Not copied: a copy makes its own.
        self.blind_plays: list[CardInstance] = []
        #: An empty table never written, shared by this game's move contexts (FortCtx) for
        #: what most moves leave empty (issue 38: one dict a game, not two a move): the
        #: bindings of a move no leader binds (R6.4), the coins named while none is (R5.6)
        #: and the `x any` suits while none is chosen (R5.7; FortCtx.coins_to_name and
        #: FortCtx.suits_to_choose give the context its own table at the first).
        #: The game's own, as ``blind_plays``.
        self.no_choices: dict[int, Any] = {}

    # -- pieces ------------------------------------------------------------------------------------

    def new_card(self, card: KidCard, zone: list[CardInstance]) -> CardInstance:
        """Create a card instance in ``zone`` (set-up and scenarios only, never mid-action)."""
        defn = self._defs.get(id(card))
        if defn is None:  # the entry keeps the card alive, so its id is never reused
            defn = self._defs[id(card)] = card_def(card)
        inst = CardInstance(self._uids, card, defn)
        self._uids += 1
        zone.append(inst)
        return inst

    def new_cards(self, cards: Iterable[KidCard], zone: list[CardInstance]) -> list[CardInstance]:
        return [self.new_card(c, zone) for c in cards]

    @property
    def card_count(self) -> int:
        """How many card instances were created (the invariant checker finds each exactly once)."""
        return self._uids

    def give(self, player: Player, res: Resource, n: int, *, to_pack: bool = False) -> None:
        """Move tokens from the supply to a board (set-up and scenarios)."""
        self.transfer(self.supply, player.pack if to_pack else player.stuff, res, n)

    def snapshot(self) -> tuple:
        """Everything observable about the state, as nested tuples (card uids, token counts,
        levels, VP, rules and perks by id): equal snapshots mean equal states (replays)."""
        players = []
        for p in self.players:
            zones = tuple(tuple(c.uid for c in zone) for _, zone in p.zones())
            rule = p.rule
            players.append((zones, p.stuff.values(), p.pack.values(), p.level, p.vp,
                            rule.id if rule is not None else None,
                            tuple(k.id for k in p.perks)))
        return (tuple(players), tuple(c.uid for c in self.park),
                tuple(c.uid for c in self.park_deck), tuple(c.uid for c in self.box),
                self.supply.values(), tuple(r.id for r in self.rule_pile),
                tuple(k.id for k in self.perk_row), tuple(k.id for k in self.boxed_perks),
                self.macaroni)

    def copy(self) -> Game:
        """An independent copy, taken between moves (no transaction open): zones, pools and the
        generator's state are copied; card instances, perks, rules and the board are shared
        (never changed), and so is the asker; ``on_decision`` is not carried over."""
        if self._depth:
            raise RuntimeError("a game is copied between moves, not during one")
        # Through __init__ (then overwritten): a class compiled with mypyc has no bare __new__.
        g = Game(len(self.players), self.board, rules=self.rules, debug=self.debug)
        g.explain = self.explain
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.tokens = list(self.tokens)
        g.supply = Pool(g.tokens, SUPPLY_AT)
        g.players = [p.copy(g.tokens) for p in self.players]
        g.park, g.park_deck, g.box = list(self.park), list(self.park_deck), list(self.box)
        g.rule_pile, g.perk_row = list(self.rule_pile), list(self.perk_row)
        g.boxed_perks, g.macaroni = list(self.boxed_perks), self.macaroni
        g.asker, g.log, g.on_decision = self.asker, list(self.log), None
        g.chance_asked = self.chance_asked
        g._undo, g._top, g._high, g._last_change, g._depth = [], 0, 0, -1, 0
        g._uids = self._uids
        g._defs = self._defs  # the same card instances, so the same definitions
        return g

    # -- capacities (R1.5, R10.2, R15 XXL Backpack) ------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @board.setter
    def board(self, board: Board) -> None:
        """The board, and its capacities as the game's own ints: read at every gain, pack and
        lookout, where a Board (an interpreted class) attribute is a dictionary lookup."""
        self._board = board
        self._stuff_base: int = board.stuff_capacity
        self._pack_base: int = board.pack_base
        self._lookout_base: int = board.lookout_base
        # the fort track and the end triggers, read at every advance, play and turn
        self.costs: tuple[tuple[Resource, ...], ...] = board.costs  # R10: costs[level]
        self.max_level: int = board.max_level  # R10.1
        self.level_points: tuple[int, ...] = board.points  # R10.4
        self.end_score: int = board.end_score  # R11.1
        self.end_level: int = board.end_level  # R11.1

    def stuff_room(self, p: Player, res: Resource) -> int:
        return self.stuff_capacity(p) - self.tokens[p.stuff.at + token_index(res)]

    def stuff_capacity(self, p: Player) -> int:
        """Tokens of each kind the stuff holds (R1.5), with perks' modifiers (R15)."""
        base = self._stuff_base
        return base + _modifier(p, "stuff_capacity") if p.perks else base

    def pack_capacity(self, p: Player) -> int:
        """R10.2, with perks' modifiers (R15 XXL Backpack)."""
        base = p.level + self._pack_base
        return base + _modifier(p, "pack_capacity") if p.perks else base

    def lookout_capacity(self, p: Player) -> int:
        """R10.2, with perks' modifiers (R15)."""
        base = p.level + self._lookout_base
        return base + _modifier(p, "lookout_capacity") if p.perks else base

    # -- how much of a primitive can be done now (closed forms): the interpreter performs by
    # -- them and games/fort/certain.py judges by them, so each limit is written once -------------

    def gainable(self, p: Player, res: Resource) -> int:
        """Tokens of ``res`` that ``p`` can gain now: room in the stuff (R1.5) and tokens left
        in the finite supply (R1.4): R12.1, R12.11, R12.12."""
        return self.gainable_at(p, token_index(res), self.stuff_capacity(p))

    def gainable_at(self, p: Player, r: int, capacity: int) -> int:
        """:meth:`gainable` of the kind at offset ``r`` (0 pizza, 1 toy: token_index), read from
        the game's counts, the stuff holding ``capacity`` of each kind (``stuff_capacity(p)``,
        worked out once by a caller that reads both kinds)."""
        tokens = self.tokens
        room = capacity - tokens[p.stuff.at + r]
        left = tokens[SUPPLY_AT + r]
        return room if room < left else left

    def spendable(self, p: Player, res: Resource) -> int:
        """Tokens of ``res`` that ``p`` can spend now, from the stuff and the pack (R12.9)."""
        r = token_index(res)
        return self.tokens[p.stuff.at + r] + self.tokens[p.pack.at + r]

    def pack_room(self, p: Player) -> int:
        """Tokens the pack of ``p`` still holds (R10.2, R12.2)."""
        tokens, at = self.tokens, p.pack.at
        return self.pack_capacity(p) - tokens[at] - tokens[at + 1]

    def lookout_room(self, p: Player) -> int:
        """Cards the lookout of ``p`` still holds (R10.2, R12.3)."""
        return self.lookout_capacity(p) - len(p.lookout)

    def use_perk(self, p: Player, perk: Perk) -> None:
        """A perk's hook was used: a single-use perk ("destroy this perk to ...") is boxed."""
        if perk.single_use:
            self.move(p.perks, p.perks.index(perk), self.boxed_perks)

    def rivals(self, seat: int) -> list[Player]:
        """The other players in turn order, starting at the left of ``seat``."""
        n = len(self.players)
        return [self.players[(seat + i) % n] for i in range(1, n)]

    def new_ctx(self, seat: int, *, leader: bool, bound: dict[int, Any] | None = None,
                play: Any = None) -> FortCtx:
        return FortCtx(self, seat, leader=leader, bound=bound, play=play)

    def seat_counts(self, seat: int) -> Player:
        return self.players[seat]

    def everyone(self) -> Sequence[Player]:
        return self.players

    def turn_order(self, seat: int) -> tuple[int, ...]:
        """Fort's direction of play never changes (turns go clockwise, R3): the rivals from
        ``seat``'s left, which the core's ``others`` and ``everyone`` read natively (no view per
        performer; tests/test_selectors.py holds the two ways equal)."""
        return tuple(q.seat for q in self.rivals(seat))

    def selector_view(self, seat: int) -> GameView:
        return GameView(self, seat)

    def evaluate(self, expr: object, seat: int) -> int:
        """R14: the value of ``expr`` for the player at ``seat`` (games/fort/metrics.py)."""
        return evaluate(expr, self, self.players[seat])

    # -- the journal's hooks and Fort's pools ------------------------------------------------------

    def view(self, seat: int) -> GameView:
        """The table as ``seat`` sees it, read-only (its agent's view: hidden hands, decks and
        made-up rules stay hidden, R10.3)."""
        return GameView(self, seat)

    def check_invariants(self) -> None:
        """Its game's invariants (``GameModule.invariants``: Fort's are
        games/fort/invariants.py), checked at every decision in debug only, so the lookup
        through the loader costs nothing in a game played for its figures."""
        from fortlang.module import DEFAULT_GAME
        from fortlang.table_pieces import table_piece

        check = table_piece(DEFAULT_GAME, "invariants", "its invariants")
        if check is not None:
            check(self)

    def transfer(self, src: Pool, dst: Pool, res: Resource, n: int = 1) -> None:
        """Move ``n`` tokens of ``res`` between two token pools (supply, stuff, pack)."""
        r = token_index(res)
        self.shift(src.at + r, dst.at + r, n)

    def card_zones(self, sized: bool) -> dict[int, bool]:
        """The lists that hold the game's kid cards out of play, by id, for :meth:`state_key`:
        the park, the box and each player's discard, hand, yard and lookout, whose order no
        move reads (an action takes any card of them); and the decks, whose top a move takes,
        only if ``sized`` (any card of a zone then ends a move alike). With ``sized``, each zone
        is known by its size; without, by its cards."""
        zones: dict[int, bool] = {id(z): sized for z in (self.park, self.box)}
        for p in self.players:
            for zone in (p.discard, p.hand, p.yard, p.lookout):
                zones[id(zone)] = sized
        if sized:
            zones[id(self.park_deck)] = True
            for p in self.players:
                zones[id(p.deck)] = True
        return zones


