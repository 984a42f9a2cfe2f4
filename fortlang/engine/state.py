"""The mutable state of one game of Fort (R1) and the undo log that makes trial moves cheap.

Every mutation goes through a :class:`Game` method that, inside a transaction, records its inverse
in an undo log. The interpreter uses that to answer "can this be done in full?" (R5.4) by trying
it and rolling back, instead of deep-copying the state per step.

Card instances are distinct objects even for copies of one card (a :class:`CardInstance` wraps the
shared, frozen :class:`~fortlang.model.KidCard` definition and a game-unique ``uid``). Zones are
plain lists; the top of a deck is its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from fortlang.engine.asker import Asker, NoAsker, RandomAsker
from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.engine.memo import bounded_put
from fortlang.engine.node_types import TOKENS
from fortlang.games.fort.invariants import assert_invariants
from fortlang.model import Board, KidCard, MadeUpRule, Perk, PerkHook
from fortlang.nodes import Action, Resource, Suit

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


class CardDef:
    """What every copy of one kid card shares: its definition, name and suits, and the options
    naming it, made once per place (``moves``: where-label -> Option). Copies are
    interchangeable (offered once): the engine tells them apart by this object, a native one
    hashed by identity, instead of hashing ``id(card)``. Nothing here depends on a game: games
    share one per card (:func:`card_def`), and with it what the engine worked out about it."""

    __slots__ = ("card", "id", "name", "suits", "best_friend", "public", "private", "moves",
                 "ops", "repeats", "facts")

    def __init__(self, card: KidCard) -> None:
        self.card = card
        self.id: str = card.id  # read by the turn loop at every play, recruit and discard
        self.name: str = card.name
        self.best_friend: bool = card.best_friend  # R8.1
        self.suits: tuple[Suit, ...] = card.suits
        self.public: Action | None = card.public  # R5.2: its two boxes (None: blank)
        self.private: Action | None = card.private
        self.moves: dict[str, Option] = {}
        #: Its boxes compiled (engine/program.py), and their repetitions, kept here once asked.
        self.ops: tuple[Any, ...] | None = None
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


class Player:
    """A player's board and cards (R1.5). ``in_play`` holds the played and added cards of the
    current turn until the discard phase (R8.1)."""

    __slots__ = ("seat", "deck", "hand", "discard", "yard", "lookout", "in_play", "stuff", "pack",
                 "level", "vp", "rule", "perks")

    def __init__(self, seat: int, tokens: list[int]) -> None:
        self.seat = seat
        self.deck: list[CardInstance] = []
        self.hand: list[CardInstance] = []
        self.discard: list[CardInstance] = []
        self.yard: list[CardInstance] = []
        self.lookout: list[CardInstance] = []
        self.in_play: list[CardInstance] = []
        self.stuff = Pool(tokens, stuff_at(seat))
        self.pack = Pool(tokens, stuff_at(seat) + 2)
        self.level = 0
        self.vp = 0
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


#: A decision kind as the log writes it (``str(kind)``, made once).
_KIND_TEXT: Final[dict[Kind, str]] = {kind: str(kind) for kind in Kind}
#: A chance point's outcome as the log writes it (Game.chance): no decision kind has this name.
CHANCE_KIND: Final = "chance"


# -- the undo log ------------------------------------------------------------------------------
# A flat list: each entry is its operands then its operation code (last, so a rollback walking
# back reads the code first and knows how many operands precede it). No tuple per entry: a trial
# writes and undoes thousands of entries per game, and a tuple is an allocation, five reference
# counts and a deallocation, where an item of the list is one append. Undone by one branch of
# Game.rollback: no call through a stored function (a generic call under mypyc, a frame in pure
# Python), and a transfer is one entry.

_MOVE: Final = 0  # src list, index, dst list: put dst's last item back at src[index]
_ADD: Final = 1  # from, to, n: n tokens moved from tokens[from] to tokens[to], move them back
_SETATTR: Final = 2  # object, attribute, old value
_INSERT: Final = 3  # list, index, item
_POP: Final = 4  # list: remove the last item
_SETITEM: Final = 5  # dict, key, old value
_DELITEM: Final = 6  # dict, key
_VP: Final = 7  # player, old VP (Game.add_vp: set by attribute name, a generic lookup each way)
_LEVEL: Final = 8  # player, old level (Game.level_up)
# Interpreter bookkeeping (Game.note, Game.note_attr, and _SETITEM, _DELITEM of note_item), undone
# as _POP and _SETATTR are but no change of the game state (Game.changed_since).
_NOTE: Final = 9  # list: remove the last item
_NOTE_ATTR: Final = 10  # object, attribute, old value
# The generator's state before a chance point's draw (Game.chance): neither the table's state nor
# bookkeeping, but a rollback restores it, so an undone move leaves the generator as it found it.
_RNG: Final = 11  # the state rng.getstate() gave
#: By operation code: how many operands precede it, and whether it records a change of the game
#: state (not bookkeeping), as Game._change_before reads the log back. Game.rollback steps back
#: by the same counts written in its branches (a table read there costs ~1% of a compiled game);
#: tests/test_engine_state.py rolls back through every code and checks both agree.
_OPERANDS: Final[tuple[int, ...]] = (3, 3, 3, 3, 1, 3, 2, 2, 2, 1, 3, 1)
_STATE_CHANGE: Final[tuple[bool, ...]] = (True, True, True, True, True, False, False, True, True,
                                          False, False, False)

#: Game.state_key's value of a key a table does not hold.
_ABSENT: Final = object()


def _frozen(value: Any, keep: dict[int, Any]) -> Any:
    """``value`` as part of a hashable key: itself when it hashes (a card instance, a player and
    a perk by identity; a count, a name, a tuple of those by value), else its identity, with
    the object kept alive in ``keep`` (a dict, a list: who performs, R6.4's bindings)."""
    try:
        hash(value)
    except TypeError:
        if isinstance(value, tuple):  # a zone's content: each item as itself or by identity
            return tuple([_frozen(item, keep) for item in value])
        keep[id(value)] = value
        return (_ABSENT, id(value))
    return value


class _KeyScan:
    """What :meth:`Game.state_key` read of the log from ``base`` up to ``end``: the net token
    changes and the places touched (each by id, with the object). A later key on the same path
    reads on from the newest scan whose stretch of the log is still there, not from ``base``
    (issue 31.7: a search at E202's bound spent 210 of 345 s rereading the log)."""

    __slots__ = ("base", "end", "counts", "lists", "attrs", "items")

    def __init__(self, base: int, end: int, counts: dict[int, int], lists: dict[int, list],
                 attrs: dict[tuple[int, str], Any], items: dict[tuple[int, Any], dict]) -> None:
        self.base = base
        self.end = end
        self.counts = counts
        self.lists = lists
        self.attrs = attrs
        self.items = items


#: The most scans Game.state_key keeps (one per keyed place on the path searched): past it the
#: older half goes, and a key reads from the newest scan left, or from its base.
_MOST_SCANS: Final = 256
#: How many of the newest scans a key looks through for its own base (a search nested in another
#: keys from another base).
_SCANS_LOOKED: Final = 4


class Game:
    """The whole table: players, shared zones, supply, the seeded RNG and the log; the
    :class:`~fortlang.engine.asker.Asker` that answers its decisions (the agents live in the
    match layer, e.g. :class:`fortlang.sim.seats.Seats`, never in the game).

    ``log`` receives ``(kind, index)`` for every decision the asker answered and
    ``("chance", index)`` for every chance point's outcome (:meth:`chance`), which is all a
    replay needs: inside a move the engine draws random numbers only at chance points, which a
    search never crosses (interpreter.chance_at); Fort's effects have none.
    """

    def __init__(self, n_players: int, board: Board | None = None, *, seed: int = 0,
                 asker: Asker | None = None, debug: bool = False,
                 rules: Rules | None = None) -> None:
        if not 1 <= n_players <= 4:
            raise ValueError("Fort is for 2-4 players (1 allowed for tests)")
        self.board = board or DEFAULT_BOARD  # a property: also sets the capacities below
        self.rules = rules or Rules()
        self.rng = random.Random(seed)
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
        #: Who answers the decisions (see ask); nobody by default: asking is then an error.
        self.asker: Asker = asker if asker is not None else NoAsker()
        self.log: list[tuple[str, int]] = []
        self.debug = debug
        #: Ask every decision, even one with a single option, and list with it the options the
        #: rules never offer (a card of another suit, the played card...) with the rule that
        #: refuses each: scenarios (fortlang.scenario) see every question and name the rule of a
        #: refused answer. Off in games: it would add decisions to the log.
        self.explain = False
        #: Called with (decision, index) after every answered decision (replays, UIs).
        self.on_decision: Callable[[Any, int], None] | None = None
        #: Whether chance points ask the asker's ``chance`` (the pull API's explicit chance,
        #: OpenSpiel's chance player) instead of drawing from ``rng`` (see chance).
        self.chance_asked = False
        self._undo: list[Any] = []  # operands, then the operation (see _MOVE...)
        #: Where in ``_undo`` the latest change of the game state (not interpreter bookkeeping)
        #: was recorded, -1 if none: a native int, where a list of them boxed each position.
        self._last_change = -1
        self._depth = 0
        self._uids = 0
        #: The scans of the log state_key made (see _KeyScan), and the shortest the log has been
        #: since the latest: a scan up to ``end`` <= ``_cut`` still reads the log as it is.
        self._scans: list[_KeyScan] = []
        self._cut = 0
        #: Log entries state_key has read, in all (the work of keying places, for tests and bench).
        self.key_reads = 0
        self._defs: dict[int, CardDef] = {}  # by id of the KidCard (see new_card)
        #: Every place to recruit from, made once by interpreter.recruit_places (read only).
        self.recruit_from: list[tuple[list, str, Any]] | None = None

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
        def cards(zone: list[CardInstance]) -> tuple[int, ...]:
            return tuple(c.uid for c in zone)

        players = tuple((tuple(cards(z) for _, z in p.zones()),
                         p.stuff.values(), p.pack.values(),
                         p.level, p.vp, p.rule.id if p.rule else None,
                         tuple(k.id for k in p.perks)) for p in self.players)
        return (players, cards(self.park), cards(self.park_deck), cards(self.box),
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
        g._undo, g._last_change, g._depth, g._uids = [], -1, 0, self._uids
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
        room = self.stuff_room(p, res)
        left = self.tokens[SUPPLY_AT + token_index(res)]
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

    # -- transactions ------------------------------------------------------------------------------

    def begin(self) -> int:
        """Open a (nestable) transaction; returns the mark for :meth:`rollback`/:meth:`commit`."""
        self._depth += 1
        return len(self._undo)

    def commit(self, mark: int) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._undo.clear()
            self._last_change = -1
            self._cut = 0

    def rollback(self, mark: int) -> None:
        """Undo everything since ``mark`` (the transaction stays open)."""
        undo = self._undo
        i = len(undo) - 1
        if i < mark:
            return
        if mark < self._cut:
            self._cut = mark
        tokens = self.tokens
        while i >= mark:
            op: int = undo[i]
            # Typed names, not the items themselves: compiled, a list's or a dict's own
            # operations are direct calls; on an untyped operand they are generic lookups.
            if op == _ADD:
                gave: int = undo[i - 3]
                got: int = undo[i - 2]
                n: int = undo[i - 1]
                tokens[got] -= n
                tokens[gave] += n
                i -= 4
            elif op == _MOVE:
                src: list = undo[i - 3]
                at: int = undo[i - 2]
                dst: list = undo[i - 1]
                src.insert(at, dst.pop())
                i -= 4
            elif op == _POP or op == _NOTE:
                grown: list = undo[i - 1]
                grown.pop()
                i -= 2
            elif op == _SETATTR or op == _NOTE_ATTR:
                setattr(undo[i - 3], undo[i - 2], undo[i - 1])
                i -= 4
            elif op == _VP:
                scorer: Player = undo[i - 2]
                scorer.vp = undo[i - 1]
                i -= 3
            elif op == _LEVEL:
                builder: Player = undo[i - 2]
                builder.level = undo[i - 1]
                i -= 3
            elif op == _RNG:
                self.rng.setstate(undo[i - 1])
                i -= 2
            elif op == _SETITEM:
                table: dict = undo[i - 3]
                table[undo[i - 2]] = undo[i - 1]
                i -= 4
            elif op == _DELITEM:
                added: dict = undo[i - 2]
                del added[undo[i - 1]]
                i -= 3
            else:  # _INSERT
                shrunk: list = undo[i - 3]
                where: int = undo[i - 2]
                shrunk.insert(where, undo[i - 1])
                i -= 4
        del undo[mark:]
        if self._last_change >= mark:
            self._last_change = self._change_before(mark)

    def _change_before(self, end: int) -> int:
        """Where the latest change of the game state before ``end`` was recorded (-1: none),
        read back from the log: each entry ends with its operation, which says how many
        operands precede it."""
        undo = self._undo
        i = end - 1
        while i >= 0:
            op: int = undo[i]
            if _STATE_CHANGE[op]:
                return i - _OPERANDS[op]
            i -= _OPERANDS[op] + 1
        return -1

    def state_key(self, base: int, keep: dict[int, Any], zones: dict[int, bool] | None = None
                  ) -> frozenset:
        """What the game (and the interpreter's bookkeeping) has become since ``base``, as a
        hashable value: equal keys from the same state at ``base`` mean equal states now. Each
        place the log since ``base`` touched is read as it is now (a token count as its net
        change, so a token given and taken back leaves no trace); a list in ``zones`` (by id)
        as its length if True there, else as the set of its cards (a zone of cards that no
        move reads in order). A place or value without a value's equality is keyed by identity
        and kept alive in ``keep`` (so its id is never reused while the key is). Read back like
        :meth:`_change_before`; the searches that remember where they failed
        (interpreter.explored) call it, nothing on the hot path. It reads on from its latest
        scan of the same ``base`` whose stretch of the log is still there (the path a depth-first
        search is on), so a key costs the entries since the last place keyed on that path and
        the places touched, not the whole log since ``base`` (:class:`_KeyScan`)."""
        undo = self._undo
        end = len(undo)
        scans = self._scans
        cut = self._cut
        while scans and scans[-1].end > cut:  # scans of a stretch since rolled back
            scans.pop()
        self._cut = end
        start: _KeyScan | None = None
        j = len(scans) - 1
        while j >= 0 and j >= len(scans) - _SCANS_LOOKED:
            if scans[j].base == base:
                start = scans[j]
                break
            j -= 1
        if start is not None:
            counts: dict[int, int] = dict(start.counts)
            lists: dict[int, list] = dict(start.lists)
            attrs: dict[tuple[int, str], Any] = dict(start.attrs)
            items: dict[tuple[int, Any], dict] = dict(start.items)
            stop = start.end
        else:
            counts = {}
            lists = {}
            attrs = {}
            items = {}
            stop = base
        self.key_reads += end - stop
        i = end - 1
        while i >= stop:
            op: int = undo[i]
            if op == _ADD:
                gave: int = undo[i - 3]
                got: int = undo[i - 2]
                n: int = undo[i - 1]
                counts[gave] = counts.get(gave, 0) - n
                counts[got] = counts.get(got, 0) + n
            elif op == _MOVE:
                src: list = undo[i - 3]
                dst: list = undo[i - 1]
                lists[id(src)] = src
                lists[id(dst)] = dst
            elif op == _POP or op == _NOTE:
                lists[id(undo[i - 1])] = undo[i - 1]
            elif op == _INSERT:
                lists[id(undo[i - 3])] = undo[i - 3]
            elif op == _SETATTR or op == _NOTE_ATTR:
                attrs[(id(undo[i - 3]), undo[i - 2])] = undo[i - 3]
            elif op == _VP:
                attrs[(id(undo[i - 2]), "vp")] = undo[i - 2]
            elif op == _LEVEL:
                attrs[(id(undo[i - 2]), "level")] = undo[i - 2]
            elif op == _RNG:
                pass  # the generator is no part of a place: a search never draws (chance_at)
            else:  # _SETITEM, _DELITEM
                at = 2 if op == _DELITEM else 3
                items[(id(undo[i - at]), undo[i - at + 1])] = undo[i - at]
            i -= _OPERANDS[op] + 1
        if start is None or end > start.end:
            if len(scans) >= _MOST_SCANS:
                del scans[:_MOST_SCANS // 2]
            scans.append(_KeyScan(base, end, counts, lists, attrs, items))
        parts: list[Any] = [(0, at, n) for at, n in counts.items() if n]
        for key, lst in lists.items():
            keep[key] = lst
            sized = zones.get(key) if zones is not None else None
            if sized is None:
                parts.append((1, key, _frozen(tuple(lst), keep)))
            elif sized:
                parts.append((1, key, len(lst)))
            else:
                cards: list[CardInstance] = lst
                parts.append((1, key, tuple(sorted([c.uid for c in cards]))))
        for (key, attr), obj in attrs.items():
            keep[key] = obj
            parts.append((2, key, attr, _frozen(getattr(obj, attr), keep)))
        for (key, item), table in items.items():
            keep[key] = table
            parts.append((3, key, item, _frozen(table.get(item, _ABSENT), keep)))  # a key hashes
        return frozenset(parts)

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

    def abort(self, mark: int) -> None:
        self.rollback(mark)
        self.commit(mark)

    def unwind(self, mark: int, *, close: bool = False) -> None:
        """Undo to ``mark`` (and close the transaction with ``close``) while an exception
        propagates: an agent's error leaves a whole log, undone as by rollback; a signal
        (KeyboardInterrupt, output.Terminated) may cut an entry short, and then the log cannot
        be read back: the game, being given up, is left as it is, so that the caller sees the
        exception in flight, not an error of the undoing."""
        try:
            self.rollback(mark)
        except Exception:  # noqa: BLE001 - the exception in flight is the one to report
            del self._undo[mark:]
            self._last_change = self._change_before(mark)  # the log is whole up to mark
            self._cut = min(self._cut, mark)
        if close:
            self.commit(mark)

    def mark(self) -> int:
        return len(self._undo)

    def changed_since(self, mark: int) -> bool:
        """Whether the game state (not interpreter bookkeeping) changed since ``mark``."""
        return self._last_change >= mark

    # -- mutations (each records its inverse inside a transaction) ---------------------------------

    def move(self, src: list, index: int, dst: list) -> Any:
        """Move ``src[index]`` to the end of ``dst``."""
        item = src.pop(index)
        dst.append(item)
        if self._depth:
            self._last_change = len(self._undo)
            undo = self._undo
            undo.append(src)
            undo.append(index)
            undo.append(dst)
            undo.append(_MOVE)
        return item

    def transfer(self, src: Pool, dst: Pool, res: Resource, n: int = 1) -> None:
        """Move ``n`` tokens of ``res`` between two token pools (supply, stuff, pack)."""
        r = token_index(res)
        self.shift(src.at + r, dst.at + r, n)

    def shift(self, src: int, dst: int, n: int = 1) -> None:
        """Move ``n`` tokens from ``tokens[src]`` to ``tokens[dst]`` (the engine's transfer)."""
        tokens = self.tokens
        tokens[src] -= n
        tokens[dst] += n
        if self._depth:
            self._last_change = len(self._undo)
            undo = self._undo
            undo.append(src)
            undo.append(dst)
            undo.append(n)
            undo.append(_ADD)

    def set(self, obj: Any, attr: str, value: Any) -> None:
        if self._depth:
            self._last_change = len(self._undo)
            undo = self._undo
            undo.append(obj)
            undo.append(attr)
            undo.append(getattr(obj, attr))
            undo.append(_SETATTR)
        setattr(obj, attr, value)

    def add_vp(self, p: Player, n: int) -> None:
        """``p`` scores ``n`` VP (loses them if negative): ``set(p, "vp", p.vp + n)``."""
        if self._depth:
            self._player_change(p, p.vp, _VP)
        p.vp += n

    def level_up(self, p: Player) -> None:
        """``p``'s fort goes up one level (R10.1): ``set(p, "level", p.level + 1)``."""
        if self._depth:
            self._player_change(p, p.level, _LEVEL)
        p.level += 1

    def _player_change(self, p: Player, old: int, op: int) -> None:
        """Record a change of one of ``p``'s counts (``op``: _VP or _LEVEL) from ``old``."""
        self._last_change = len(self._undo)
        undo = self._undo
        undo.append(p)
        undo.append(old)
        undo.append(op)

    def take(self, lst: list, index: int) -> Any:
        """Remove and return ``lst[index]`` (rules, perks: pieces that are not card instances)."""
        item = lst.pop(index)
        if self._depth:
            self._last_change = len(self._undo)
            undo = self._undo
            undo.append(lst)
            undo.append(index)
            undo.append(item)
            undo.append(_INSERT)
        return item

    def put(self, lst: list, item: Any) -> None:
        lst.append(item)
        if self._depth:
            self._last_change = len(self._undo)
            undo = self._undo
            undo.append(lst)
            undo.append(_POP)

    def note(self, lst: list, item: Any) -> None:
        """Append interpreter bookkeeping to ``lst`` (undone on rollback, not a state change)."""
        lst.append(item)
        if self._depth:
            undo = self._undo
            undo.append(lst)
            undo.append(_NOTE)

    def note_attr(self, obj: Any, attr: str, value: Any) -> None:
        """Set interpreter bookkeeping ``obj.attr = value`` (undone on rollback)."""
        if self._depth:
            undo = self._undo
            undo.append(obj)
            undo.append(attr)
            undo.append(getattr(obj, attr))
            undo.append(_NOTE_ATTR)
        setattr(obj, attr, value)

    def note_item(self, d: dict, key: Any, value: Any) -> None:
        """Set interpreter bookkeeping ``d[key] = value`` (undone on rollback)."""
        if self._depth:
            undo = self._undo
            undo.append(d)
            undo.append(key)
            if key in d:
                undo.append(d[key])
                undo.append(_SETITEM)
            else:
                undo.append(_DELITEM)
        d[key] = value

    # -- decisions ---------------------------------------------------------------------------------

    def chance(self, dist: Distribution, context: str = "", seat: int = -1) -> int:
        """A chance point's outcome (issue 33 stage 6, design §4.2): an index into
        ``dist.outcomes``, drawn from ``rng`` or, with ``chance_asked``, answered by the
        asker's ``chance(game, dist, context, seat)`` (the generator is drawn from either
        way; ``seat`` is whose action rolls, -1 for the table's own chance);
        logged as ``("chance", index)``. Inside a
        transaction the generator's state is journaled first, so rolling the move back
        restores it. The interpreter calls it through ``chance_at``, never while searching."""
        if self._depth:
            self._undo.append(self.rng.getstate())
            self._undo.append(_RNG)
        index = dist.draw(self.rng)
        if self.chance_asked:
            # Drawn all the same, then answered: the generator moves on as in a sampled game,
            # so the table's own chance after this point (R9.1 reshuffles) is the same whoever
            # answers, and a sampled game's answers replay it exactly.
            index = self.asker.chance(self, dist, context, seat)  # type: ignore[attr-defined]
            if not isinstance(index, int) or not 0 <= index < len(dist.outcomes):
                raise ValueError(f"the chance player answered {index!r} to a chance event "
                                 f"with {len(dist.outcomes)} outcomes")
        self.log.append((CHANCE_KIND, index))
        return index

    def ask(self, decision: Decision) -> int:
        """Ask the game's asker for the deciding player's choice; log and return its index."""
        if self.debug:
            assert_invariants(self)
        asker = self.asker
        if type(asker) is RandomAsker:  # compiled with the engine: a direct call, not a generic one
            random_asker: RandomAsker = asker
            index = random_asker.decide(self, decision)
        else:
            index = asker.decide(self, decision)
        seat = decision.player
        if not isinstance(index, int) or not 0 <= index < len(decision.options):
            raise ValueError(f"agent for seat {seat} answered {index!r} to a "
                             f"{decision.kind} decision with {len(decision.options)} options")
        self.log.append((_KIND_TEXT[decision.kind], index))
        if self.on_decision is not None:
            self.on_decision(decision, index)
        return index
