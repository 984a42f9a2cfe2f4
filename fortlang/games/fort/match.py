"""A whole game: set-up, turns in order until an end trigger, the completed round (R11.1), final
scoring and ties (R11.2, R11.3).

The turns are played by the core's flow runtime (:mod:`fortlang.flow`, design §5.2):
:data:`FORT_FLOW` declares the five phases of R3 (clean-up R4, play R5-R6, recruit R7, discard R8,
draw R9), each a native step calling what :mod:`~fortlang.games.fort.turn` does in that phase
(:func:`~fortlang.games.fort.turn.play_turn` runs the same in one call), sharing the turn's
:class:`~fortlang.games.fort.turn.TurnRecord` on the flow's table (:class:`Turns`); the
runtime's cycle (direction +1 from the first player, no skips), its rounds (a round is complete
when the next turn is the first player's, :class:`RoundComplete`) and its end check (an end
trigger happened and the round is complete, R11.1: :class:`GameOver`). The perks written in the
language are offered at their triggers, the flow's events of those names, heard only in a game
that holds one; Fort declares no window: the runtime makes no event nobody hears, so a compiled
game without such perks pays a few native calls a turn for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, final

from mypy_extensions import i64

from fortlang.flow.events import FlowEvent
from fortlang.flow.runtime import MAX_TURNS as GAVE_UP
from fortlang.flow.runtime import Condition, Flow, Step
from fortlang.flow.spec import Cycle, FlowSpec, Phase
from fortlang.games.fort.gains import Gain
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.metrics import count_you_have
from fortlang.games.fort.model import PerkHook
from fortlang.games.fort.scoring import Score, cards_you_have, final_score, winners
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.table import CardInstance, Game
from fortlang.games.fort.turn import (
    AFTER_PLAY,
    AFTER_RECRUIT,
    REPLACING_PLAY,
    TURN_END,
    TURN_START,
    TurnRecord,
    clean_up,
    discard,
    lead_play,
    open_play,
    recruit_cards,
    recycle_at_draw,
    timed_perks,
)
from fortlang.model import CardSet

#: A safety net against an engine bug that would make a game endless; the park deck alone ends
#: a real game long before (each turn recruits one card).
MAX_TURNS: Final = 1000


class Trigger:
    """R11.1 end triggers."""

    SCORE: Final = "score"  # a player has end_score+ VP on the track
    LEVEL: Final = "level"  # a player reached the end level
    PARK: Final = "park_deck"  # the park deck is empty
    LIMIT: Final = "turn_limit"  # not a rule: the MAX_TURNS safety net (an engine bug if ever seen)


# Read as C statics once compiled, where Trigger.SCORE is an attribute of a class object.
_SCORE: Final = Trigger.SCORE
_LEVEL: Final = Trigger.LEVEL
_PARK: Final = Trigger.PARK
_ACTION: Final = PerkHook.ACTION
#: A card no seat held at the last look (a slot of :attr:`Progress.seen`).
NOBODY: Final = -1
#: The triggers of perks written in the language, as the flow's events (vocabulary TRIGGERS).
_TIMED: Final[tuple[str, ...]] = (TURN_START, *REPLACING_PLAY, AFTER_PLAY, AFTER_RECRUIT,
                                  TURN_END)


def end_triggers(game: Game) -> list[str]:
    """Which R11.1 triggers hold now."""
    out = []
    end_score, end_level = game.end_score, game.end_level
    if any(p.vp >= end_score for p in game.players):
        out.append(Trigger.SCORE)
    if any(p.level >= end_level for p in game.players):
        out.append(Trigger.LEVEL)
    if not game.park_deck:
        out.append(Trigger.PARK)
    return out


@dataclass(init=False)
class Outcome:
    """The result of a game and the figures statistics need.

    Its ``__init__`` is written out (the fields' order and defaults): compiled with mypyc, the
    one a dataclass makes stays interpreted (about 5 K instructions a game)."""

    seed: int
    first: int
    scores: list[Score]
    winners: tuple[int, ...]
    turns: int
    triggers: list[str]
    log: list[tuple[str, int]]
    played: Counter  # card id -> times played as leader
    followed: Counter  # card id -> times discarded to follow
    holdings: list[set[str]]  # per seat: card ids held at the end
    perks_used: Counter
    snapshot: tuple
    #: (card id, what it brought its leader) for every play, (perk id, what it brought) for
    #: every use of a perk the turn loop runs (R15), (rule id, its points) per made-up rule
    yields: list[tuple[str, Gain]]
    recruited: Counter  # card id -> times it changed hands
    #: per seat: the kid cards, perks and made-up rule it had at some point of the game
    acquired: list[set[str]]

    def __init__(self, seed: int, first: int, scores: list[Score], winners: tuple[int, ...],
                 turns: int, triggers: list[str], log: list[tuple[str, int]],
                 played: Counter | None = None, followed: Counter | None = None,
                 holdings: list[set[str]] | None = None, perks_used: Counter | None = None,
                 snapshot: tuple = (), yields: list[tuple[str, Gain]] | None = None,
                 recruited: Counter | None = None, acquired: list[set[str]] | None = None
                 ) -> None:
        self.seed = seed
        self.first = first
        self.scores = scores
        self.winners = winners
        self.turns = turns
        self.triggers = triggers
        self.log = log
        self.played = played if played is not None else Counter()
        self.followed = followed if followed is not None else Counter()
        self.holdings = holdings if holdings is not None else []
        self.perks_used = perks_used if perks_used is not None else Counter()
        self.snapshot = snapshot
        self.yields = yields if yields is not None else []
        self.recruited = recruited if recruited is not None else Counter()
        self.acquired = acquired if acquired is not None else []


@dataclass
class Progress:
    """Where the turn loop is, at the start of a turn: enough to resume it there. Its tallies
    (id -> count) are plain dicts, made Counters in the Outcome: a Counter's item assignment
    is a slot that looks ``__setitem__`` up at every call (Counter defines ``__delitem__``)."""

    first: int
    leader: int
    turns: int = 0
    triggers: list[str] = field(default_factory=list)
    played: dict[str, int] = field(default_factory=dict)
    followed: dict[str, int] = field(default_factory=dict)
    perks: dict[str, int] = field(default_factory=dict)
    yields: list[tuple[str, Gain]] = field(default_factory=list)
    recruited: dict[str, int] = field(default_factory=dict)
    acquired: list[set[str]] = field(default_factory=list)
    #: per card uid: the seat that held it at the last look, as that seat's entry of ``marks``
    #: (an int, the seat's number; ``NOBODY``: no seat held it, or no look yet); the number of
    #: looks so far is ``looks``; a card is new to a seat unless that seat held it at the last
    #: look. A slot is written only when its card changed hands: a card a seat still holds
    #: costs a read and an identity check a look
    seen: list[object] = field(default_factory=list)
    looks: int = 0
    #: per seat: its number, boxed once (compiled, an int stored or compared at every card
    #: would be boxed there); a slot holding an equal int not this object is read by value
    marks: list[object] = field(default_factory=list)
    #: how many slots of ``seen`` hold a seat's mark. A look compares it with the cards the
    #: seats hold now: more slots than cards are cards that left the seats since (to the box,
    #: R12.4, R12.5, R12.10; a scenario's table), set to ``NOBODY`` then. One count for all
    #: the seats: after a look's walk every card a seat holds has its slot (a card is in one
    #: place), so each seat has as many slots as cards exactly when the sums agree
    held: int = 0
    #: how many cards the box held at the last look (those after them were boxed since)
    boxed: int = 0
    #: how many looks set every slot anew (a card gone elsewhere than the box: the park, the
    #: park deck, a scenario's zone; or a count of marked slots gone wrong): none in a game
    #: played by the rules, where a card leaves the seats for the box alone
    rebuilt: int = 0
    #: per seat: its set of acquired ids, made-up rule and perks at the last look (see watch);
    #: a copy starts without them (the next look reads every id again)
    kept: list[_Kept] = field(default_factory=list)

    def end_turn(self, game: Game) -> bool:
        """Count the turn just played and pass the lead; True when the game is over: an end
        trigger happened (R11.1) and the round is complete, everyone having had as many
        turns. Every trigger that happens is noted, in the order they happen: one that
        happens during the final round (the park deck running out) too."""
        self.turns += 1
        # end_triggers(game)'s checks, in its order, without its list nor its generators at
        # every turn
        triggers = self.triggers
        end_score, end_level = game.end_score, game.end_level
        score = level = False
        for p in game.players:
            if p.vp >= end_score:
                score = True
            if p.level >= end_level:
                level = True
        if score and _SCORE not in triggers:
            triggers.append(_SCORE)
        if level and _LEVEL not in triggers:
            triggers.append(_LEVEL)
        if not game.park_deck and _PARK not in triggers:
            triggers.append(_PARK)
        self.leader = (self.leader + 1) % len(game.players)
        return bool(self.triggers) and self.leader == self.first

    def copy(self) -> Progress:
        return Progress(self.first, self.leader, self.turns, list(self.triggers),
                        dict(self.played), dict(self.followed), dict(self.perks),
                        list(self.yields), dict(self.recruited),
                        [set(a) for a in self.acquired], list(self.seen), self.looks,
                        list(self.marks), self.held, self.boxed, self.rebuilt)

    def watch(self, game: Game, perks_used: Sequence[str] = (), leader: int = -1) -> None:
        """Note what each seat holds now (between turns): cards that came into a seat's
        hands since the last look were recruited (or taken); everything held, and the perks
        the leader used, was acquired. Per card, one list slot says which seat held it at the
        last look: no set of each seat's cards to build and compare at every turn, and a slot
        written only when its card changed hands. A seat's zones are walked in place (no call
        a zone); the seats' marks, kept ids and sets of acquired ids are walked beside them
        (zip: no list item read by index a seat)."""
        fresh = not self.looks
        self.looks += 1
        seen, players = self.seen, game.players
        seats = len(players)
        marks, kept, acquired = self.marks, self.kept, self.acquired
        if len(marks) != seats:  # the first look (no slot holds a mark yet), or a Progress
            _remark(self, seats)  # made without them
        count = game.card_count
        if len(seen) < count:  # cards are made at set-up (and by scenarios)
            seen.extend([NOBODY] * (count - len(seen)))
        if len(kept) < seats:
            kept.extend([_Kept() for _ in range(seats - len(kept))])
        if fresh or len(acquired) < seats:  # the first look, or a Progress made without them
            for _ in range(seats if fresh else seats - len(acquired)):
                acquired.append(set())
        cards: i64 = 0  # the cards the seats hold
        # zip's lists are as long as the seats (or longer); compiled, a zip of lists with no
        # keyword (strict=) is walked in place, item by item
        for p, mark, last, got in zip(players, marks, kept, acquired):  # noqa: B905
            seat = p.seat
            # zones_you_have(p)'s zones (R14), in its order, each walked in place: compiled, a
            # tuple of them is iterated generically, a list of them made and freed at every
            # seat, a call a zone costs as much as its cards. A card still held costs a read
            # and an identity check.
            for c in p.deck:
                was = seen[c.uid]
                if was is not mark:
                    _arrived(self, c, was, mark, seat, seats, got)
            for c in p.discard:
                was = seen[c.uid]
                if was is not mark:
                    _arrived(self, c, was, mark, seat, seats, got)
            for c in p.hand:
                was = seen[c.uid]
                if was is not mark:
                    _arrived(self, c, was, mark, seat, seats, got)
            for c in p.yard:
                was = seen[c.uid]
                if was is not mark:
                    _arrived(self, c, was, mark, seat, seats, got)
            for c in p.lookout:
                was = seen[c.uid]
                if was is not mark:
                    _arrived(self, c, was, mark, seat, seats, got)
            for c in p.in_play:
                was = seen[c.uid]
                if was is not mark:
                    _arrived(self, c, was, mark, seat, seats, got)
            # count_you_have(p), summed over the seats in machine ints (no call a seat; a
            # sum of lens is tagged ints, each checked for overflow)
            cards += len(p.deck)
            cards += len(p.discard)
            cards += len(p.hand)
            cards += len(p.yard)
            cards += len(p.lookout)
            cards += len(p.in_play)
            # the perks and made-up rule held: their ids read again only when they changed
            # since the last look (the same objects, into the same set: in it already)
            rule, perks = p.rule, p.perks
            if (last.got is not got or last.rule is not rule
                    or ((perks or last.perks) and not _same_perks(last.perks, perks))):
                for k in perks:
                    got.add(k.id)
                if rule is not None:
                    got.add(rule.id)
                last.got, last.rule, last.perks = got, rule, tuple(perks)
            if seat == leader and perks_used:
                got.update(perks_used)
        if cards != self.held:  # more slots say a seat than the seats hold cards
            _unmark(self, game)
        self.boxed = len(game.box)


@final
class _Kept:
    """:attr:`Progress.kept` of a seat: the set of acquired ids its perks' and made-up rule's
    ids went into at the last look, that rule and those perks (none before the first). The
    perks a tuple: none is the empty tuple, made once (a seat's kept allocates what the list
    ``[got, rule, *perks]`` it replaces did, and the collector runs at the same moments)."""

    __slots__ = ("got", "rule", "perks")

    def __init__(self) -> None:
        self.got: set[str] | None = None
        self.rule: Any = None
        self.perks: tuple[Any, ...] = ()


def _arrived(at: Progress, c: CardInstance, was: object, mark: object, seat: int, seats: int,
             got: set[str]) -> None:
    """:meth:`Progress.watch` at a card of ``seat`` whose slot holds ``was``, not ``mark``
    (not this seat's at the last look): counted recruited (unless at the first look) and
    acquired, its slot set to ``mark``; one more slot holds a seat's mark unless ``was`` was
    another seat's. Not new if ``was`` is an equal int not ``mark`` (a Progress rebuilt by
    hand): its slot is only set to ``mark``."""
    at.seen[c.uid] = mark
    if isinstance(was, int):
        if was == seat:
            return
        if not 0 <= was < seats:
            at.held += 1
    else:
        at.held += 1
    key = c.defn.id
    if at.looks != 1:
        recruited = at.recruited
        recruited[key] = recruited.get(key, 0) + 1
    got.add(key)  # what was held before is in already


def _remark(at: Progress, seats: int) -> None:
    """``at.marks`` made (each seat's number) and ``at.held`` counted from ``at.seen``."""
    at.marks[:] = [seat for seat in range(seats)]
    held = 0
    for was in at.seen:
        if isinstance(was, int) and 0 <= was < seats:
            held += 1
    at.held = held


def _unmark(at: Progress, game: Game) -> None:
    """The slots of cards no seat holds now set to ``NOBODY``: a card leaves the seats for
    the box alone (R12.4, R12.5, R12.10), so the cards boxed since the last look are read
    first; every slot anew when some card is still not found (one put elsewhere: the park,
    the park deck, a scenario's zone; or taken out of the box)."""
    seen, box, players = at.seen, game.box, game.players
    seats = len(players)
    for i in range(min(at.boxed, len(box)), len(box)):
        uid = box[i].uid
        was = seen[uid]
        if was is not NOBODY:
            seen[uid] = NOBODY
            if isinstance(was, int) and 0 <= was < seats:
                at.held -= 1
    cards = 0
    for p in players:
        cards += count_you_have(p)
    if cards == at.held:
        return
    at.rebuilt += 1
    seen[:] = [NOBODY] * len(seen)
    for p, mark in zip(players, at.marks):  # noqa: B905
        for zone in (p.deck, p.discard, p.hand, p.yard, p.lookout, p.in_play):
            for c in zone:
                seen[c.uid] = mark
    at.held = cards


def _same_perks(last: tuple[Any, ...], perks: list[Any]) -> bool:
    """Whether ``last`` (a seat's perks at the last look) holds these very perks."""
    if len(last) != len(perks):
        return False
    for i, perk in enumerate(perks):
        if last[i] is not perk:
            return False
    return True


def _count(counter: dict[str, int], key: str) -> None:
    counter[key] = counter.get(key, 0) + 1


def _tally(counter: dict[str, int], keys: Sequence[str]) -> None:
    """``Counter.update(keys)`` on a plain dict, in the caller's code: Counter.update is
    interpreted Python, a cost per call even for no keys, and this runs at every turn."""
    for key in keys:
        counter[key] = counter.get(key, 0) + 1


class Turns:
    """Fort's side of its flow, the flow's ``table``: the game, the turn loop's
    :class:`Progress`, the caller's ``on_turn``, the current turn's ``record`` (begun by its
    clean-up, filled by its phases); after each turn, ``round_over`` (the next turn is the first
    player's) and ``over`` (the last turn was played, R11.1)."""

    def __init__(self, game: Game, at: Progress,
                 on_turn: Callable[[Game, Progress], None] | None) -> None:
        self.game = game
        self.at = at
        self.players = len(game.players)
        self.on_turn = on_turn
        #: the one record of every turn, begun anew by each clean-up (TurnRecord.begin)
        self.record = TurnRecord(-1)
        self.used = False  # a perk timed instead of the play was used (hear_timed_perks)
        self.over = False
        self.round_over = False


# Fort's turn (R3) as its flow's five phases. The seat is the flow's: the runtime's cycle says
# whose turn it is. A turn begins at its clean-up, where ``on_turn`` is called first (a copy of
# the game taken there resumes the turn from its start: the pull API's clones), and ends after
# its draw with the turn's figures. The perks written in the language (R15, issue 18.3) are
# offered at their trigger, the flow's event of that name (``turn_start`` after the clean-up,
# ``instead_of_play`` and ``after_play`` fired by the play phase, ``after_recruit`` after the
# recruit phase, ``turn_end`` fired by the draw before the turn's figures), heard by
# :func:`hear_timed_perks` in a game that holds one (:func:`fort_flow`): a game without any
# makes no event.

class CleanUp(Step):
    """The clean-up phase (R4) opens the turn: ``on_turn``, then the turn's record begun and
    the yard to the discard pile (not on a first turn, R4.1:
    :func:`~fortlang.games.fort.turn.clean_up`)."""

    def run(self, flow: Flow, seat: int) -> None:
        turns: Turns = flow.table
        game, at = turns.game, turns.at
        at.leader = seat
        if turns.on_turn is not None:
            turns.on_turn(game, at)
        turns.record.begin(seat)
        clean_up(game, seat, at.turns < turns.players)


class Play(Step):
    """The play phase (R5, the others following R6; DIY, Do-Over, Recycling, R15), as
    :func:`~fortlang.games.fort.turn.play_phase` plays it: its opening, then each trigger of
    the perks timed instead of the play fired (one used ends the phase), the played card, then
    ``after_play`` when a card was played."""

    def run(self, flow: Flow, seat: int) -> None:
        turns: Turns = flow.table
        game, record = turns.game, turns.record
        if open_play(game, seat, record):
            return
        for trigger in REPLACING_PLAY:
            if flow.hears(trigger):
                turns.used = False
                flow.announce(trigger, seat)
                if turns.used:
                    return
        if lead_play(game, seat, record):
            flow.announce(AFTER_PLAY, seat)


class Recruit(Step):
    """The recruit phase (R7; Birthday Party, R15):
    :func:`~fortlang.games.fort.turn.recruit_cards`."""

    def run(self, flow: Flow, seat: int) -> None:
        turns: Turns = flow.table
        recruit_cards(turns.game, seat, turns.record)


class Discard(Step):
    """The discard phase (R8): :func:`~fortlang.games.fort.turn.discard`."""

    def run(self, flow: Flow, seat: int) -> None:
        turns: Turns = flow.table
        discard(turns.game, seat)


class Draw(Step):
    """The draw phase (R9; Recycling, R15: :func:`~fortlang.games.fort.turn.recycle_at_draw`)
    closes the turn: ``turn_end`` fired, then the turn's figures, the turn counted and R11.1's
    triggers noted (:meth:`Progress.end_turn`)."""

    def run(self, flow: Flow, seat: int) -> None:
        turns: Turns = flow.table
        game, at, record = turns.game, turns.at, turns.record
        recycle_at_draw(game, seat, record)
        flow.announce(TURN_END, seat)
        at.watch(game, record.perks_used, seat)
        plays, gains = record.plays, record.gains
        if len(plays) != len(gains):  # zip(strict=True), without its generic call per turn
            raise ValueError("a turn record has a gain per play")
        for i, result in enumerate(plays):
            at.yields.append((result.card.defn.id, gains[i]))
        at.yields.extend(record.perk_gains)
        played, followed = at.played, at.followed
        for result in plays:
            _count(played, result.card.defn.id)
            for _, cards in result.followers:
                for c in cards:
                    _count(followed, c.defn.id)
        if record.perks_used:
            _tally(at.perks, record.perks_used)
        turns.over = at.end_turn(game)  # R11.1: triggered, and the round is complete
        turns.round_over = at.leader == at.first  # end_turn passed the lead as the clock will


class RoundComplete(Condition):
    """A round is over when every player has had as many turns: the next turn would be the
    first player's (R11.1's "the round is completed")."""

    def holds(self, flow: Flow) -> bool:
        turns: Turns = flow.table
        return turns.round_over


class GameOver(Condition):
    """R11.1: an end trigger happened and the round is complete."""

    def holds(self, flow: Flow) -> bool:
        turns: Turns = flow.table
        return turns.over


def hear_timed_perks(flow: Flow, event: FlowEvent) -> None:
    """The perks written in the language whose trigger is ``event``'s name, offered to the
    leader (:func:`~fortlang.games.fort.turn.timed_perks`); one used is noted for the play
    phase (a perk timed instead of the play ends it)."""
    turns: Turns = flow.table
    if timed_perks(turns.game, event.seat, event.name, turns.record):
        turns.used = True


def holds_timed_perks(game: Game) -> bool:
    """Whether a perk written in the language is in the game (the perk row or a player's: a
    perk comes from the row alone, R2.3, R10.3)."""
    for perk in game.perk_row:
        if perk.hook is _ACTION and perk.when:
            return True
    for p in game.players:
        for perk in p.perks:
            if perk.hook is _ACTION and perk.when:
                return True
    return False


def first_player(flow: Flow) -> int:
    """Every round starts with the first player (R2.1: set-up chose it at random)."""
    turns: Turns = flow.table
    return turns.at.first


#: Fort's flow (design §5.2): the five phases of its turn (R3), clockwise from the first
#: player, rounds complete at the first player's turn, the end of R11.1; the triggers of the
#: perks written in the language as its events (``turn_start`` after the clean-up, the play
#: phase's, ``after_recruit``, ``turn_end`` before the turn's figures); no window. Its words
#: (what the docs' turn structure and `fortlang explain --flow` say) are read by those alone:
#: the phases' as its rulebooks name them (R3: Nettoyer, Jouer, Recruter, Défausser, Piocher;
#: Очистка, Игра, Призыв, Сброс, Набор), and a round as they call it where R11.1 completes it
#: (« la série de tours en cours », «текущий раунд ходов»).
FORT_FLOW: Final = FlowSpec(
    turn=(
        Phase("clean_up", CleanUp(), after=(TURN_START,), doc={
            "en": "clean-up (R4) — every card of the leader's yard goes to their discard pile, "
                  "except on their first turn (R4.1)",
            "fr": "Nettoyer (R4) — toutes les cartes du Jardin du leader vont dans sa défausse, "
                  "sauf à son premier tour (R4.1)",
            "ru": "очистка (R4) — все карты со двора ведущего уходят в его сброс, кроме его "
                  "первого хода (R4.1)"}),
        Phase("play", Play(), during=(*REPLACING_PLAY, AFTER_PLAY), doc={
            "en": "play (R5) — the leader plays a card from hand, boosted by added cards, or "
                  "skips the phase; each other player in turn order may follow its public "
                  "action (R6); DIY, Do-Over and Recycling change the phase (R15)",
            "fr": "Jouer (R5) — le leader joue une carte de sa main, renforcée par des cartes "
                  "supplémentaires, ou passe la phase ; chaque autre joueur, dans l'ordre du "
                  "tour, peut suivre son action publique (R6) ; DIY, Do-Over et Recycling "
                  "changent la phase (R15)",
            "ru": "игра (R5) — ведущий играет карту с руки, усиленную добавленными картами, или "
                  "пропускает фазу; остальные игроки по очереди могут последовать её открытому "
                  "действию (R6); «Сделай сам», «Переигровка» и «Переработка» "
                  "меняют фазу (R15)"}),
        Phase("recruit", Recruit(), after=(AFTER_RECRUIT,), doc={
            "en": "recruit (R7) — the leader recruits one card onto their discard pile, from the "
                  "park, a yard or the top of the park deck (R7.1); Birthday Party recruits "
                  "another (R15)",
            "fr": "Recruter (R7) — le leader recrute une carte sur sa défausse, depuis le Parc, "
                  "un Jardin ou le dessus de la pioche Parc (R7.1) ; Birthday Party en recrute "
                  "une autre (R15)",
            "ru": "призыв (R7) — ведущий призывает одну карту в свой сброс из парка, со двора "
                  "или с верха колоды парка (R7.1); «Вечеринка по случаю дня рождения» "
                  "призывает ещё одну (R15)"}),
        Phase("discard", Discard(), doc={
            "en": "discard (R8) — the played and added cards and the best friends in hand go to "
                  "the discard pile, the rest of the hand to the yard (R8.1)",
            "fr": "Défausser (R8) — la carte jouée, les cartes supplémentaires et les Meilleurs "
                  "Copains en main vont dans la défausse, le reste de la main dans le Jardin "
                  "(R8.1)",
            "ru": "сброс (R8) — сыгранная и добавленные карты и лучшие друзья с руки уходят в "
                  "сброс, остальные карты с руки во двор (R8.1)"}),
        Phase("draw", Draw(), during=(TURN_END,), doc={
            "en": "draw (R9) — the leader draws 5 cards, shuffling their discard pile into a "
                  "new deck when the deck runs out (R9.1)",
            "fr": "Piocher (R9) — le leader pioche 5 cartes, en mélangeant sa défausse pour "
                  "former une nouvelle pioche quand la sienne est vide (R9.1)",
            "ru": "набор (R9) — ведущий берёт 5 карт, замешивая сброс в новую колоду, когда "
                  "колода кончается (R9.1)"})),
    game_end=GameOver(),
    cycle=Cycle(first=first_player, doc={
        "en": "the first player, chosen at random at set-up (R2.1), in every round",
        "fr": "le premier joueur, tiré au sort à la mise en place (R2.1), à chaque série de "
              "tours",
        "ru": "первый игрок, выбранный случайно при подготовке (R2.1), в каждом раунде"}),
    round_end=RoundComplete(), max_turns=MAX_TURNS,
    events={
        "instead_of_play": {
            "en": "the leader may use a perk instead of playing a card",
            "fr": "le leader peut utiliser un avantage au lieu de jouer une carte",
            "ru": "ведущий может использовать преимущество вместо розыгрыша карты"},
        AFTER_PLAY: {
            "en": "the leader's card has been played and followed",
            "fr": "la carte du leader a été jouée et suivie",
            "ru": "карта ведущего разыграна и за ней последовали"},
        AFTER_RECRUIT: {
            "en": "the leader's recruit phase ends",
            "fr": "la phase Recruter du leader se termine",
            "ru": "фаза призыва ведущего заканчивается"}},
    round_words={
        "en": {"one": "round", "many": "rounds", "a": "a round"},
        "fr": {"one": "série de tours", "many": "séries de tours", "a": "une série de tours"},
        "ru": {"one": "раунд", "many": "раунды", "gen": "раунда", "ins": "раундом"}},
    round_end_doc={
        "en": "every player has had as many turns: the next turn would be the first "
              "player's (R11.1)",
        "fr": "chaque joueur a joué autant de tours : le suivant serait celui du premier "
              "joueur (R11.1)",
        "ru": "все игроки сделали поровну ходов: следующий ход был бы ходом первого "
              "игрока (R11.1)"},
    game_end_doc={
        "en": "an end was triggered (25 or more points, a fort at level 5, or an empty park "
              "deck) and the round is complete (R11.1)",
        "fr": "la fin a été déclenchée (25 points ou plus, un Fort au niveau 5, ou la pioche "
              "Parc vide) et la série de tours est complète (R11.1)",
        "ru": "наступил конец игры (25 ПО или больше, форт уровня 5 или пустая колода "
              "парка) и раунд завершён (R11.1)"})


def fort_flow(game: Game, at: Progress,
              on_turn: Callable[[Game, Progress], None] | None = None) -> Flow:
    """The flow of ``game``'s turns from where ``at`` stands: from the first turn, or resumed
    at the start of the turn of ``at.leader`` (a game copied at a turn's start)."""
    flow = Flow(FORT_FLOW, game, len(game.players), Turns(game, at, on_turn))
    if holds_timed_perks(game):
        for trigger in _TIMED:
            flow.listen(trigger, hear_timed_perks)
    if at.turns:
        n = len(game.players)
        flow.clock.resume(at.turns, at.turns // n + 1, at.leader, at.leader == at.first)
    return flow


def run_game(cardset: CardSet, n_players: int, agents: Sequence[Any], *, seed: int = 0,
             draft: bool = False, debug: bool = False, game: Game | None = None,
             first: int = 0, progress: Progress | None = None,
             on_turn: Callable[[Game, Progress], None] | None = None,
             on_flow: Callable[[Flow], None] | None = None,
             figures_only: bool = False) -> Outcome:
    """Play a game to the end, ``agents`` answering at their seats. ``game``/``first``:
    continue a table set up elsewhere, whose asker answers (``agents`` are then not used);
    ``progress``: resume that table's turn loop at the start of a turn; ``on_turn`` is called
    at the start of every turn (between moves: the game may be copied there); ``on_flow``
    with the game's :class:`~fortlang.flow.Flow` before its first turn (to listen to it).
    ``figures_only``: the Outcome's ``log``, ``holdings`` and ``snapshot`` are left empty (a
    game's replay and end state, not read by the statistics, ``Aggregate.add``: simulate asks
    for them only when it logs its games); every other field is the same."""
    if game is None:
        game, first = new_game(cardset, n_players, seed=seed, agents=agents, draft=draft,
                               debug=debug)
    at = progress if progress is not None else Progress(first, first)
    if not at.looks:
        at.watch(game)  # what set-up dealt (R2.5, R2.6)
    flow = fort_flow(game, at, on_turn)
    if on_flow is not None:
        on_flow(flow)
    if flow.run(start=not at.turns) == GAVE_UP:
        at.triggers = [Trigger.LIMIT]
    if game.debug:
        assert_invariants(game)
    scores = [final_score(game, p) for p in game.players]
    rules = [(p.rule.id, Gain(s.rule, 0, 0, 0)) for p, s in zip(game.players, scores,
                                                               strict=True) if p.rule]
    if figures_only:
        log: list[tuple[str, int]] = []
        holdings: list[set[str]] = []
        snapshot: tuple = ()
    else:
        log = list(game.log)
        holdings = [{c.defn.id for c in cards_you_have(p)} for p in game.players]
        snapshot = game.snapshot()
    return Outcome(seed, at.first, scores, winners(scores), at.turns, at.triggers, log,
                   _counter(at.played), _counter(at.followed), holdings, _counter(at.perks),
                   snapshot, at.yields + rules, _counter(at.recruited), at.acquired)


def _counter(counts: dict[str, int]) -> Counter:
    """``Counter(counts)``, the same Counter, without its interpreted ``__init__`` and
    ``update`` (an ABC check of the argument), four times a game."""
    made: Counter = _NEW_COUNTER(Counter)
    _DICT_UPDATE(made, counts)
    return made


#: fetched once (compiled, a class attribute is a lookup at each use)
_NEW_COUNTER: Final = Counter.__new__
_DICT_UPDATE: Final = dict.update
