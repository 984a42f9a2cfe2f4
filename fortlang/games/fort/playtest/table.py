"""One playtest table: a game stepped through the pull API, its seats, and what each was told.

Every call, the constructor included, must come from one thread (the server keeps one for the
table): the engine runs in a greenlet, and a greenlet can only be resumed from the thread that
made it.

>>> from fortlang.cardset.load import base_set
>>> table = Table(base_set(), players=2, humans=1, bots=["random"], seed=3)
>>> table.whose_turn() == 0 or table.run_bots() is None
True
>>> table.close()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fortlang.agents.bots import agent_seed
from fortlang.cardset.table import fingerprint
from fortlang.engine.choices import Decision, IllegalMove
from fortlang.games.fort.agents.bots import make_bot
from fortlang.games.fort.agents.human import event_text, seat_label, told
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.narration import Event, changes, snapshot
from fortlang.games.fort.sim.pull import GameState, watch
from fortlang.i18n import ui
from fortlang.model import CardSet
from fortlang.playtest.seats import Seats
from fortlang.sim.replay import FORMAT, StateTrace, outcome_json

#: Bounds of what one table holds (a game of Fort asks a few hundred decisions; these are far
#: above any real game and stop a runaway client from growing the server without end).
MAX_LOG = 20_000
MAX_PLAYERS = 4


@dataclass(frozen=True)
class Entry:
    """One answered decision: who, what was asked, which option; what it changed as each
    watcher may see it (``events``: by seat, -1 for the host, who sees only what is public:
    :mod:`fortlang.games.fort.narration`), and the sizes of the hidden piles before it (undo)."""

    number: int
    decision: Decision
    index: int
    events: Mapping[int, tuple[Event, ...]]
    hidden: tuple[int, ...]


class Table(Seats):
    """A game with ``humans`` people in the first seats and ``bots`` (specs, repeated) in the
    others. Each person's seat has a secret token; :meth:`seat_of` finds a seat from a token
    in constant time."""

    def __init__(self, cardset: CardSet, *, players: int, humans: int, bots: Sequence[str],
                 seed: int, draft: bool = False, history: Sequence[int] = (),
                 sets: Sequence[CardSet] = (), lang: str = "en") -> None:
        if not 2 <= players <= MAX_PLAYERS or not 0 <= humans <= players:
            raise ValueError(f"{players} players with {humans} people at the table")
        self.cardset = cardset
        self.players, self.humans, self.seed, self.draft = players, humans, seed, draft
        self.lang = lang
        self.card_names = {k.id: k.name_in(lang) for k in kids_of(cardset)}
        self.kids = {k.id: k for k in kids_of(cardset)}
        self.bot_names = [bots[(s - humans) % len(bots)] if s >= humans else "person"
                          for s in range(players)] if bots else ["person"] * players
        self.sets = [fingerprint(s) for s in sets] or [fingerprint(cardset)]
        Seats.__init__(self, humans)
        self.version = 0  # grows at every change, so a page knows when to redraw
        self._bots = {s: make_bot(self.bot_names[s], agent_seed(seed, s))
                      for s in range(humans, players)}
        self._start(history)

    # -- the game ---------------------------------------------------------------------------

    def _start(self, history: Sequence[int]) -> None:
        self.trace = StateTrace()
        self.state = GameState(self.cardset, self.players, seed=self.seed, draft=self.draft,
                               trace=self.trace)
        self.log: list[Entry] = []
        self._seen = snapshot(self.state.game)
        for index in history:
            self._apply(index)

    def run_bots(self) -> None:
        """Bots answer until a person must decide or the game ends."""
        while self.bot_step():
            pass

    def _apply(self, index: int) -> None:
        if len(self.log) >= MAX_LOG:
            raise IllegalMove("this table has reached its bound of decisions")
        d = self.state.decision()
        hidden = self._hidden_sizes()
        self.state.apply_action(index)
        if not self.state.is_terminal():  # the search bots see the table at every decision
            watch(self.state, self._bots.items())
        now = snapshot(self.state.game)
        events = {w: tuple(changes(self._seen, now, w)) for w in range(-1, self.players)}
        self.log.append(Entry(len(self.log), d, index, events, hidden))
        self._seen = now
        self.version += 1

    # -- undo -------------------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """Where ``seat`` may take back its last answer: only while nobody else has answered
        since and no card has left a deck or pile (a draw would have shown it something it
        could not unsee); else None."""
        mine = [e.number for e in self.log if e.decision.player == seat]
        if not mine or self.whose_turn() != seat:
            return None
        last = mine[-1]
        if any(e.decision.player != seat for e in self.log[last:]):
            return None
        if self.log[last].hidden != self._hidden_sizes():
            return None
        return last

    def undo(self, seat: int) -> None:
        last = self.undo_point(seat)
        if last is None:
            raise IllegalMove("nothing to undo: only your own last answer, before anyone else "
                              "answers or a card is drawn")
        history = [e.index for e in self.log[:last]]
        self.state.close()
        self._start(history)
        self.version += 1

    def _hidden_sizes(self) -> tuple[int, ...]:
        """The sizes of every face-down pile: a change means a card was revealed to someone."""
        game = self.state.game
        return (len(game.park_deck), len(game.rule_pile), *(len(p.deck) for p in game.players))

    # -- what is told -----------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A seat as people read it, with its bot if it has one."""
        label = seat_label(self.lang, seat)
        if seat in self._bots:
            return ui(self.lang, "seat_named", seat=label, name=self.bot_names[seat])
        return label

    def told(self, seat: int | None) -> list[str]:
        """The log as ``seat`` was told it (None: the host, who sees what is public), in the
        table's language; what each answer changed is indented under it."""
        watcher = -1 if seat is None else seat
        lines = []
        for e in self.log:
            who = ui(self.lang, "you") if e.decision.player == seat else self.name(
                e.decision.player)
            lines.append(f"{who} — "
                         + told(e.decision, e.index, watcher, self.lang, self.kids))
            by_seat: dict[int, list[str]] = {}
            for event in e.events[watcher]:
                by_seat.setdefault(event.seat, []).append(event_text(event, self.lang))
            for s, said in by_seat.items():
                name = ui(self.lang, "you") if s == seat else self.name(s)
                lines.append(f"    {name}: {', '.join(said)}")
        return lines

    def save(self) -> dict[str, Any]:
        """The game so far as one JSON object: its seed, seats and every answer; once over, the
        line ``fortlang replay`` verifies (the trace of every state and the outcome)."""
        entry: dict[str, Any] = {
            "format": FORMAT, "game": 0, "seed": self.seed, "players": self.players,
            "bots": self.bot_names, "draft": self.draft, "sets": self.sets,
            "decisions": [[str(e.decision.kind), e.index] for e in self.log],
        }
        if self.state.is_terminal():
            entry["trace"] = self.trace.digest
            entry["outcome"] = outcome_json(self.state.outcome())
        return entry

    def close(self) -> None:
        self.state.close()

    # -- what the server shows (fortlang.playtest.server asks any table these) ------------------

    def catalogue(self) -> dict[str, dict[str, str]]:
        """Every card the page may show, by id."""
        from fortlang.games.fort.playtest.view import catalogue

        return catalogue(self.cardset, self.lang)

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: the host) sees now."""
        from fortlang.games.fort.playtest.view import seat_view

        return seat_view(self, seat)

    def face_svg(self, card_id: str) -> bytes | None:
        """The face of the kid ``card_id`` (R1.1), or None for no kid of the set."""
        from fortlang.games.fort.docs.face import face

        card = next((k for k in kids_of(self.cardset) if k.id == card_id), None)
        if card is None:
            return None
        return face(card, self.lang).to_svg(title=card.name_in(self.lang)).encode()
