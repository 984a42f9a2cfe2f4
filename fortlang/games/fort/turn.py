"""One turn (R3): clean-up (R4), play (R5, R6; DIY, Do-Over, Recycling), recruit (R7; Birthday
Party), discard (R8), draw (R9).

Interpretations: Recycling ("at any time on your turn", « à tout moment pendant votre tour ») is
offered at each moment where a card taken into the hand can change something (R15; see
:func:`recycle_at_draw`): at the start of the play phase, after clean-up (the card can be played or
added); once the played card is followed, to a player who also has Do-Over (the card can be the
second card); and at the draw (it joins the next hand). ``Rules(recycle_any_moment=False)`` offers
it once, at the start of the play phase. DIY ("instead of playing a card") is asked before the play
decision; Do-Over is asked after the played card has been followed, and offers each card that can
legally be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from fortlang.engine.choices import (
    K_DIY,
    K_DO_OVER,
    K_EXTRA_RECRUIT,
    K_PERK_ACTION,
    K_RECYCLE,
    Decision,
    Kind,
    Option,
)
from fortlang.flow.events import TURN_END, TURN_START
from fortlang.games.fort import gains
from fortlang.games.fort import node_types as t
from fortlang.games.fort.gains import Gain
from fortlang.games.fort.model import Perk, PerkHook
from fortlang.games.fort.moves import perk_places, recruit_places
from fortlang.games.fort.play import PlayResult, can_perform, lead, legal_plays, perform, play_card
from fortlang.games.fort.play import recruit as recruit_phase
from fortlang.games.fort.setup import HAND_SIZE, draw
from fortlang.games.fort.table import Game, Player
from fortlang.games.fort.vocabulary import TRIGGERS
from fortlang.printer import to_text

# An enum member read through its class (``PerkHook.RECYCLE``) is a generic attribute lookup,
# slowed by EnumType's __getattr__ hook, at every turn: module-level Final constants are read
# as C statics once compiled (mypyc).
_RECYCLE: Final = PerkHook.RECYCLE
_DIY_ADVANCE: Final = PerkHook.DIY_ADVANCE
_SECOND_PLAY: Final = PerkHook.SECOND_PLAY
_EXTRA_RECRUIT: Final = PerkHook.EXTRA_RECRUIT
_ACTION: Final = PerkHook.ACTION
#: The triggers whose perks replace the play phase (R5.1, R15 DIY), in the registry's order:
#: derived once from the declarations, not read field by field at every turn.
REPLACING_PLAY: Final[tuple[str, ...]] = tuple(tr.name for tr in TRIGGERS if tr.replaces_play)
#: The triggers of perks written in the language (:data:`TRIGGERS`) the turn names itself:
#: each is also the flow's event of that name (:data:`fortlang.games.fort.match.FORT_FLOW`),
#: ``turn_start`` and ``turn_end`` the runtime's own (imported above).
AFTER_PLAY: Final = "after_play"
AFTER_RECRUIT: Final = "after_recruit"
#: The moments Recycling is offered (R15), named in its question's context: "<perk> (R15): at
#: <moment>" (a scenario's `recycle_at` picks one).
RECYCLE_AT_PLAY: Final = "the start of the play phase"
RECYCLE_AT_DO_OVER: Final = "Do-Over's second card"
RECYCLE_AT_DRAW: Final = "the draw"


class TurnRecord:
    """What happened in one turn, for statistics. A plain class, not a dataclass: compiled with
    mypyc, a dataclass's ``__init__`` is the one the dataclasses module writes in Python."""

    __slots__ = ("seat", "plays", "gains", "perk_gains", "perks_used")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.plays: list[PlayResult] = []
        self.gains: list[Gain] = []  # what each play brought the leader
        self.perk_gains: list[tuple[str, Gain]] = []  # what a perk's use brought
        self.perks_used: list[str] = []

    def begin(self, seat: int) -> None:
        """This record made the one of a new turn of ``seat``, empty as a new record (the
        turn loop keeps one record for a whole game: no record and four lists made and freed
        at every turn)."""
        self.seat = seat
        if self.plays:
            self.plays.clear()
        if self.gains:
            self.gains.clear()
        if self.perk_gains:
            self.perk_gains.clear()
        if self.perks_used:
            self.perks_used.clear()


def _use_perk(game: Game, p: Player, perk: Perk, record: TurnRecord) -> None:
    game.use_perk(p, perk)  # boxed if single use (R15)
    record.perks_used.append(perk.id)


def _verb(perk: Perk) -> str:
    return "destroy the perk to" if perk.single_use else "use the perk to"


def _yes_no(game: Game, seat: int, kind: Kind, no: str, yes: str, context: str) -> bool:
    if game.blind():  # random bots, nobody reading: asked by count (Journal.blind)
        return game.ask_blind(seat, kind, 2) == 1
    answer = game.ask_count(seat, kind, 2)  # an agent that answers a yes or no by count
    if answer < 0:
        answer = game.ask(Decision(seat, kind, (Option(no, False), Option(yes, True)), context))
    return answer == 1


def _ask_options(game: Game, seat: int, kind: Kind, options: Callable[[], list[Option]],
                 count: int, context: str, items: Callable[[], list[Any]] | None = None) -> int:
    """Ask ``seat`` to choose among ``count`` options, labelled (``options()``) only when
    someone reads them (Journal.blind); ``items()``: what each option names (the card it
    takes: its CardDef, else its value), for an agent that answers from them (Journal.ask_count)."""
    if game.blind():
        return game.ask_blind(seat, kind, count)
    if items is not None and not game.explain:
        answer = game.ask_count(seat, kind, count, items())
        if answer >= 0:
            return answer
    return game.ask(Decision(seat, kind, tuple(options()), context))


def clean_up(game: Game, seat: int, first_turn: bool) -> None:
    """R4.1: skipped on your first turn; otherwise the yard goes to the discard pile."""
    if first_turn:
        return
    p = game.players[seat]
    if not game.recording():  # between moves (the turn loop): the yard at once, in its order
        if p.yard:
            p.discard.extend(p.yard)
            p.yard.clear()
        return
    game.move_all(p.yard, p.discard)


def recycle(game: Game, seat: int, record: TurnRecord, moment: str = RECYCLE_AT_PLAY) -> None:
    """R15 Recycling: destroy the perk to take a card from your discard pile into your hand;
    ``moment`` says when (one of the RECYCLE_AT_* words)."""
    p = game.players[seat]
    perk = p.perk(_RECYCLE)
    if perk is None or not p.discard:
        return
    seen: dict[int, int] = {}
    for i, c in enumerate(p.discard):
        seen.setdefault(id(c.card), i)
    def options() -> list[Option]:
        verb = _verb(perk)
        return [Option("keep the perk" if perk.single_use else "no", None)] + [
            Option(f"{verb} take {p.discard[i].name} into your hand", p.discard[i].card.id)
            for i in seen.values()]

    def items() -> list[Any]:
        return [None, *[p.discard[i].defn for i in seen.values()]]

    pick = _ask_options(game, seat, K_RECYCLE, options, 1 + len(seen),
                        f"{perk.name} (R15): at {moment}", items)
    if pick:
        _use_perk(game, p, perk, record)
        game.move(p.discard, list(seen.values())[pick - 1], p.hand)


def diy(game: Game, seat: int, record: TurnRecord) -> bool:
    """R15 DIY: instead of playing a card, destroy the perk to advance paying one more
    resource; cannot be followed. True if used."""
    p = game.players[seat]
    perk = p.perk(_DIY_ADVANCE)
    if perk is None:
        return False
    action = t.Advance(modifier=int(str(perk.param("extra_cost"))))
    if not can_perform(game, seat, action):
        return False
    if not _yes_no(game, seat, K_DIY, "play a card as usual",
                   f"{_verb(perk)} advance your fort, paying {action.modifier} more",
                   f"{perk.name} (R15)"):
        return False
    _use_perk(game, p, perk, record)
    before = gains.standing(game, seat)
    perform(game, seat, action)
    record.perk_gains.append((perk.id, gains.since(game, seat, before)))
    return True


def do_over(game: Game, seat: int, record: TurnRecord) -> None:
    """R15 Do-Over: after the card is played and followed, destroy the perk to play another."""
    p = game.players[seat]
    if not p.perks:  # most seats, most turns: no perk at all (and no closure made, below)
        return
    perk = p.perk(_SECOND_PLAY)
    if perk is None:
        return
    _do_over(game, seat, record, p, perk)


def _do_over(game: Game, seat: int, record: TurnRecord, p: Player, perk: Perk) -> None:
    """:func:`do_over` for a seat holding the perk: its closures' environment (compiled, made
    at a function's entry) made only then."""
    cards = legal_plays(game, seat)
    if not cards:
        return
    def options() -> list[Option]:
        return [Option("keep the perk" if perk.single_use else "no", None)] + [
            Option(f"{_verb(perk)} play {c.name}", c.defn.id) for c in cards]

    def items() -> list[Any]:
        return [None, *[c.defn for c in cards]]

    pick = _ask_options(game, seat, K_DO_OVER, options, 1 + len(cards), f"{perk.name} (R15)",
                        items)
    if pick:
        _use_perk(game, p, perk, record)
        before = gains.standing(game, seat)
        record.plays.append(play_card(game, seat, cards[pick - 1], checked=True))
        record.gains.append(gains.since(game, seat, before))
        record.perk_gains.append((perk.id, record.gains[-1]))  # the play the perk gave


def timed_perks(game: Game, seat: int, trigger: str, record: TurnRecord) -> bool:
    """Perks written in the language (issue 18.3) whose ``when`` is ``trigger``, in the order
    the player has them: each is offered if its action can be performed in full now (R5.4's
    bar for a lone action), performed as on your turn, and never followed (R6.1 follows
    played cards). True if one was used."""
    p = game.players[seat]
    used = False
    if not p.perks:  # most seats, most turns: nothing to look at
        return False
    for perk in [q for q in p.perks if q.hook is _ACTION and q.when == trigger]:
        action = perk.action
        if action is None or perk not in p.perks or not can_perform(game, seat, action):
            continue
        if not _yes_no(game, seat, K_PERK_ACTION, "keep the perk" if perk.single_use else
                       "no", f"{_verb(perk)} {to_text(action)}", f"{perk.name} (R15)"):
            continue
        _use_perk(game, p, perk, record)
        perform(game, seat, action)
        used = True
    return used


def play_phase(game: Game, seat: int, record: TurnRecord) -> None:
    """R5.1: play a card (then followers, R6) or skip; the perks that change the phase: its
    opening (:func:`open_play`), the perks timed instead of the play (their triggers in the
    registry's order), the played card (:func:`lead_play`), then the perks timed after it."""
    if open_play(game, seat, record):
        return
    for trigger in REPLACING_PLAY:
        if timed_perks(game, seat, trigger, record):
            return
    if lead_play(game, seat, record):
        timed_perks(game, seat, AFTER_PLAY, record)


def open_play(game: Game, seat: int, record: TurnRecord) -> bool:
    """The play phase's opening: Recycling at its start, then DIY (R15); True if DIY was
    used instead of playing a card (the phase is over). A seat with no perk (most seats, most
    turns) has neither: nothing to ask, and no closure of :func:`recycle` made (issue 38)."""
    if not game.players[seat].perks:
        return False
    recycle(game, seat, record)
    return diy(game, seat, record)


def lead_play(game: Game, seat: int, record: TurnRecord) -> bool:
    """The leader plays a card, others follow (R5, R6), then Do-Over (R15, with Recycling
    before its second card); True if a card was played (False: the leader skipped)."""
    before = gains.standing(game, seat)
    result = lead(game, seat)
    if result is None:
        return False
    record.plays.append(result)
    record.gains.append(gains.since(game, seat, before))
    p = game.players[seat]
    if not p.perks:  # neither Recycling nor Do-Over (R15)
        return True
    if game.rules.recycle_any_moment and p.perk(_SECOND_PLAY) is not None:
        recycle(game, seat, record, RECYCLE_AT_DO_OVER)  # R15: it may be the second card
    do_over(game, seat, record)
    return True


def recycle_at_draw(game: Game, seat: int, record: TurnRecord) -> None:
    """The draw phase (R9.1) with Recycling kept (R15, ``Rules.recycle_any_moment``): the card
    taken joins the hand drawn for the next turn. Offered after the draw, when the player sees
    the cards drawn; or just before it when the draw must shuffle the discard pile into a new
    deck (the deck holds fewer than a hand), the last moment the pile still holds the card.
    Between the play and the draw a card in hand changes nothing worth asking: the discard
    phase (R8.1) would only put it in the yard."""
    p = game.players[seat]
    if not game.rules.recycle_any_moment or p.perk(_RECYCLE) is None:
        draw(game, seat, HAND_SIZE)
        return
    if len(p.deck) < HAND_SIZE:
        recycle(game, seat, record, RECYCLE_AT_DRAW)
        draw(game, seat, HAND_SIZE)
        return
    draw(game, seat, HAND_SIZE)
    recycle(game, seat, record, RECYCLE_AT_DRAW)


def recruit(game: Game, seat: int, record: TurnRecord) -> None:
    """The recruit phase (:func:`recruit_cards`), then the perks timed after it."""
    recruit_cards(game, seat, record)
    timed_perks(game, seat, AFTER_RECRUIT, record)


def recruit_cards(game: Game, seat: int, record: TurnRecord) -> None:
    """R7.1, then R15 Birthday Party: another card from the places its data names."""
    recruit_phase(game, seat)
    _extra_recruit(game, seat, record)


def _extra_recruit(game: Game, seat: int, record: TurnRecord) -> None:
    p = game.players[seat]
    perk = p.perk(_EXTRA_RECRUIT)
    if perk is None:
        return
    places = perk_places(perk)
    if not any(zone for zone, _, _ in recruit_places(game, places)):
        return
    if _yes_no(game, seat, K_EXTRA_RECRUIT, "no more",
               f"{_verb(perk)} recruit another card", f"{perk.name} (R15)"):
        _use_perk(game, p, perk, record)
        before = gains.standing(game, seat)
        recruit_phase(game, seat, places=places)
        record.perk_gains.append((perk.id, gains.since(game, seat, before)))


def discard(game: Game, seat: int) -> None:
    """R8.1: played and added cards and best friends in hand to the discard pile; the rest of
    the hand to the yard."""
    p = game.players[seat]
    if not game.recording():  # between moves (the turn loop): each card once, in its order
        _discard_unrecorded(p)
        return
    game.move_all(p.in_play, p.discard)
    for c in [c for c in p.hand if c.defn.best_friend]:
        game.move(p.hand, p.hand.index(c), p.discard)
    game.move_all(p.hand, p.yard)


def _discard_unrecorded(p: Player) -> None:
    """:func:`discard` outside a transaction (nothing to journal): the piles as its journaled
    moves leave them (the played and added cards, then the hand's best friends in the hand's
    order, onto the discard pile; the rest of the hand, in its order, onto the yard), each
    card appended once instead of moved from the front of its zone."""
    pile, in_play, hand = p.discard, p.in_play, p.hand
    if in_play:
        pile.extend(in_play)
        in_play.clear()
    if hand:
        yard = p.yard
        for c in hand:
            if c.defn.best_friend:
                pile.append(c)
            else:
                yard.append(c)
        hand.clear()


def play_turn(game: Game, seat: int, first_turn: bool) -> TurnRecord:
    """The five phases of R3 for the leader ``seat`` in one call (a scenario's turn), each
    perk written in the language offered at its trigger: ``turn_start`` after the clean-up,
    ``after_recruit`` after the recruit phase, ``turn_end`` after the draw, and those of the
    play phase in it (:func:`play_phase`). A game runs the same as its flow's phases, the
    triggers heard as the flow's events (:data:`fortlang.games.fort.match.FORT_FLOW`)."""
    record = TurnRecord(seat)
    clean_up(game, seat, first_turn)
    timed_perks(game, seat, TURN_START, record)
    play_phase(game, seat, record)
    recruit(game, seat, record)
    discard(game, seat)
    recycle_at_draw(game, seat, record)
    timed_perks(game, seat, TURN_END, record)
    return record
