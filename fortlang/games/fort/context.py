"""A Fort move's context (issue 33): the core's :class:`~fortlang.engine.interpreter.Ctx` with
what Fort's moves keep besides, natively typed for Fort's ops and plays: the table as Fort's
:class:`~fortlang.games.fort.table.Game` (``game``, the same object as ``table``), the performer
as its :class:`~fortlang.games.fort.table.Player` (``player``, the same object as ``who``), the
cards whose suits count (R5.3, R6.5), the suits coins are named (R5.6) and the suits chosen for
an `x any` (R5.7). Made where a Fort move starts (games/fort/play.py, and ``Game.new_ctx`` for
a move the core's transaction driver performs: DIY, scenarios).

Also Fort's side of the closed forms: :class:`FortJudgement`, a play judged without a search
at Fort's table (games/fort/certain.py), and a card's programs (:func:`card_ops`) and the suits
its text names (:func:`suits_named`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Final

from fortlang import nodes as n
from fortlang.engine.interpreter import Ctx
from fortlang.engine.journal import SeatCounts
from fortlang.engine.program import Judgement, Op, program
from fortlang.games.fort.nodes import Suit

if TYPE_CHECKING:  # the table makes its moves' contexts (Game.new_ctx)
    from fortlang.games.fort.table import CardDef, CardInstance, Game, Player


class FortCtx(Ctx):
    """One player's execution of a Fort move (see the module docstring). As the core's, its
    lists and dicts change only through ``table.note*``, so a rollback restores them."""

    __slots__ = ("game", "player", "sources", "named", "any_suits", "whole")

    def __init__(self, game: Game, seat: int, *, leader: bool,
                 bound: dict[int, Any] | None = None, play: Any = None) -> None:
        # the core's fields set here, not by Ctx.__init__: compiled, that call and its virtual
        # seat lookup cost a move about 1% of a game (bench_instructions); a test holds the two
        # alike (tests/test_engine_table_seam.py)
        player = game.players[seat]
        self.table = game
        self.seat = seat
        self.who = player
        self.search = False
        self.safe = False
        self.fail = None
        self.leader = leader
        self.chosen = {}
        self.bound = bound if bound is not None else game.no_choices  # never written
        self.records = []
        self.play = play
        self.context = ""
        self.points = None
        self.jump = None
        self.jump_i = 0
        self.alike = True
        self.chanced = False
        self.game = game
        self.player: Player = player
        self.sources: list[CardInstance] = []  # cards whose suits count for `x suit` (R5.3, R6.5)
        #: card uid -> the suit its coin stands for (R5.6): the game's empty ``no_choices``
        #: until the first coin is named (:meth:`coins_to_name` gives the context its own).
        self.named: dict[int, Suit] = game.no_choices
        #: id(AnySuit node) -> the suit chosen (R5.7): the game's empty ``no_choices`` until
        #: the first is chosen (:meth:`suits_to_choose` gives the context its own then).
        self.any_suits: dict[int, Suit] = game.no_choices
        #: The leader's action being performed for real, when in full with an effect it makes
        #: the play legal whatever comes after (R5.4; no card added, R5.5): its choice points
        #: know an option that performs it so legal without a trial (games/fort/play._perform).
        self.whole: Op | None = None

    def suits_to_choose(self) -> dict[int, Suit]:
        """``any_suits``, to write an `x any` suit chosen in (R5.7; also tried and rolled
        back): the context's own table from the first on, never the game's shared empty one.
        Made outside the undo log: rolled back, it is left empty, alike to the shared one."""
        table = self.any_suits
        if table is self.game.no_choices:
            table = self.any_suits = {}
        return table

    def coins_to_name(self) -> dict[int, Suit]:
        """``named``, to write a coin's name in (R5.6; also tried and rolled back): as
        :meth:`suits_to_choose`."""
        table = self.named
        if table is self.game.no_choices:
            table = self.named = {}
        return table

    def note_performer(self, who: SeatCounts) -> None:
        self.table.note_attr(self, "player", who)

    def performer_back(self) -> None:
        self.player = self.game.players[self.seat]


class FortJudgement(Judgement):
    """A play judged without a search at Fort's table (games/fort/certain.py): the core's
    :class:`~fortlang.engine.program.Judgement` with the table and the player, natively typed
    for Fort's ops' closed forms, and what Fort's counts know before a play (``cards``: only
    those cards count, None: not known; ``named``: the suits their coins are named, a
    follower's, R5.6; None: not known yet)."""

    __slots__ = ("game", "p", "named", "cards")

    def __init__(self, game: Game, p: Player, named: dict[int, Suit] | None,
                 leaving: int, bound: Mapping[int, Any], effect: bool, ctx: Ctx | None = None,
                 cards: Sequence[CardInstance] | None = None) -> None:
        # the core's fields set here, not by Judgement.__init__: compiled, that call costs as
        # much as the rest (one judgement per closed-form check: bench_instructions)
        self.leaving = leaving
        self.bound = bound
        self.effect = effect
        self.ctx = ctx
        self.game = game
        self.p = p
        self.named = named
        self.cards = cards

    def turn_perks(self) -> bool:
        """R15: an "on your turn" perk (Sticky Fingers, Bribe) may widen an op."""
        return bool(self.p.perks)


_SUIT_OF_WORD: Final = {s.value: s for s in Suit}


def suits_named(actions: Sequence[Op]) -> frozenset[Suit] | None:
    """The suits the text of ``actions`` names (`x shovel`, a metric such as `crown` that counts
    a suit's icons, R14); None if an op of another vocabulary may read any suit. Every other
    suit plays the same part in them: one not on any card either can stand for another
    (games.fort.play's choice of an `x any` suit, R5.7)."""
    named: set[Suit] = set()
    for action in actions:
        for op in action.walk():
            if not op.known:
                return None
        for node in action.node.walk():
            for name in _field_names(node):
                value = getattr(node, name)
                if isinstance(value, Suit):
                    named.add(value)
                elif isinstance(value, str) and value in _SUIT_OF_WORD:
                    named.add(_SUIT_OF_WORD[value])
    return frozenset(named)


#: The field names of each class of node, read once (``dataclasses.fields`` makes a tuple of
#: Field objects at each call).
_FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {}


def _field_names(node: n.Node) -> tuple[str, ...]:
    cls = type(node)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(node))
    return names


def card_ops(card: CardInstance) -> CardDef:
    """The CardDef of ``card``, the programs of its public and private actions made
    (``pub_op``, ``priv_op``; None: a blank box): compiled once per card definition (shared by
    every game), then read as native fields."""
    defn = card.defn
    if not defn.ops_made:
        pub, priv = defn.public, defn.private
        defn.pub_op = program(pub) if pub is not None else None
        defn.priv_op = program(priv) if priv is not None else None
        defn.ops_made = True
    return defn
