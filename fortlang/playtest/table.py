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

import hmac
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fortlang.cardset.table import fingerprint
from fortlang.engine.choices import Decision, IllegalMove
from fortlang.game.agents import agent_seed, make_bot
from fortlang.game.disclosure import told
from fortlang.game.pull import GameState, answer, observe
from fortlang.game.replay import FORMAT, StateTrace, outcome_json
from fortlang.model import CardSet

#: Bounds of what one table holds (a game of Fort asks a few hundred decisions; these are far
#: above any real game and stop a runaway client from growing the server without end).
MAX_LOG = 20_000
MAX_PLAYERS = 4


@dataclass(frozen=True)
class Entry:
    """One answered decision: who, what was asked, which option; and what it changed that
    every seat can see (``changes``: sentences built from two public observations)."""

    number: int
    decision: Decision
    index: int
    changes: tuple[str, ...]


class Table:
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
        self.card_names = {k.id: k.name_in(lang) for k in cardset.kids}
        self.bot_names = [bots[(s - humans) % len(bots)] if s >= humans else "person"
                          for s in range(players)] if bots else ["person"] * players
        self.sets = [fingerprint(s) for s in sets] or [fingerprint(cardset)]
        self.tokens = [secrets.token_urlsafe(24) for _ in range(humans)]
        self.host_token = secrets.token_urlsafe(24)
        self.version = 0  # grows at every change, so a page knows when to redraw
        self._bots = {s: make_bot(self.bot_names[s], agent_seed(seed, s))
                      for s in range(humans, players)}
        self._start(history)

    # -- seats ------------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The person's seat whose token this is (compared in constant time), else None."""
        found = None
        for seat, secret in enumerate(self.tokens):
            if hmac.compare_digest(secret.encode(), token.encode()):
                found = seat
        return found

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_token.encode(), token.encode())

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots

    # -- the game ---------------------------------------------------------------------------

    def _start(self, history: Sequence[int]) -> None:
        self.trace = StateTrace()
        self.state = GameState(self.cardset, self.players, seed=self.seed, draft=self.draft,
                               trace=self.trace)
        self.log: list[Entry] = []
        self._seen = self._public()
        for index in history:
            self._apply(index)

    def whose_turn(self) -> int | None:
        return None if self.state.is_terminal() else self.state.current_player()

    def decision(self) -> Decision | None:
        return None if self.state.is_terminal() else self.state.decision()

    def act(self, seat: int, number: int, index: int) -> None:
        """``seat`` answers decision ``number`` (the log's length when it was asked: a stale
        page cannot answer a later question) with option ``index``."""
        d = self.decision()
        if d is None:
            raise IllegalMove("the game is over")
        if d.player != seat:
            raise IllegalMove(f"it is not your decision (player {d.player + 1} decides)")
        if number != len(self.log):
            raise IllegalMove("this question has already been answered: the page is out of date")
        if not 0 <= index < len(d.options):
            raise IllegalMove(f"there is no option {index + 1} (1-{len(d.options)})")
        self._apply(index)

    def bot_step(self) -> bool:
        """One bot answers the pending decision, if it is a bot's; whether one did."""
        d = self.decision()
        if d is None or d.player not in self._bots:
            return False
        self._apply(answer(self._bots[d.player], self.state, d))
        return True

    def run_bots(self) -> None:
        """Bots answer until a person must decide or the game ends."""
        while self.bot_step():
            pass

    def _apply(self, index: int) -> None:
        if len(self.log) >= MAX_LOG:
            raise IllegalMove("this table has reached its bound of decisions")
        d = self.state.decision()
        self.state.apply_action(index)
        now = self._public()
        told = changes(self._seen, now, self._name, self._card)
        self.log.append(Entry(len(self.log), d, index, told))
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
        if self._hidden_sizes(self._observed_before(last)) != self._hidden_sizes(self._seen):
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

    def _observed_before(self, number: int) -> dict[str, Any]:
        if number == 0:
            probe = GameState(self.cardset, self.players, seed=self.seed, draft=self.draft)
        else:
            probe = GameState(self.cardset, self.players, seed=self.seed, draft=self.draft,
                              history=[e.index for e in self.log[:number]])
        try:
            return observe(probe.game, 0)
        finally:
            probe.close()

    @staticmethod
    def _hidden_sizes(seen: dict[str, Any]) -> tuple[int, ...]:
        return (seen["park_deck_size"], seen["rule_pile_size"],
                *(p["deck_size"] for p in seen["players"]))

    # -- what is told -----------------------------------------------------------------------

    def _public(self) -> dict[str, Any]:
        """What every seat sees (seat 0's observation without its own hand and rule)."""
        return observe(self.state.game, 0)

    def _name(self, seat: int) -> str:
        """A seat as people count them (from 1), with its bot if it has one."""
        bot = f" ({self.bot_names[seat]})" if seat in self._bots else ""
        return f"player {seat + 1}{bot}"

    def _card(self, card_id: str) -> str:
        return self.card_names.get(card_id, card_id)

    def told(self, seat: int | None) -> list[str]:
        """The log as ``seat`` was told it (None: a watcher who is no player)."""
        lines = []
        for e in self.log:
            viewer = -1 if seat is None else seat
            who = self._name(e.decision.player)
            if seat is not None and e.decision.player == seat:
                who = "you"
            lines.append(f"{who} — {told(e.decision, e.index, viewer)}")
            lines.extend(f"    {c}" for c in e.changes)
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


def changes(before: dict[str, Any], after: dict[str, Any], name: Callable[[int], str],
            card: Callable[[str], str]) -> tuple[str, ...]:
    """What changed between two public observations, one sentence per seat (VP, level,
    tokens, cards in the open zones, hand size) and for the park."""
    out = []
    for old, new in zip(before["players"], after["players"], strict=True):
        parts = []
        for key, word in (("vp", "VP"), ("level", "level")):
            if new[key] != old[key]:
                parts.append(f"{word} {old[key]} → {new[key]}")
        for zone in ("stuff", "pack"):  # (pizza, toy) counts
            for res, was, count in zip(("pizza", "toy"), old[zone], new[zone], strict=True):
                if count != was:
                    parts.append(f"{count - was:+d} {res} ({zone})")
        for zone in ("yard", "lookout"):
            gained = _added(old[zone], new[zone])
            lost = _added(new[zone], old[zone])
            if gained:
                parts.append(f"{zone} + {', '.join(map(card, gained))}")
            if lost:
                parts.append(f"{zone} − {', '.join(map(card, lost))}")
        delta = new["hand_size"] - old["hand_size"]
        if delta:
            parts.append(f"hand {delta:+d}")
        if parts:
            out.append(f"{name(new['seat'])}: " + "; ".join(parts))
    gone = _added(after["park"], before["park"])
    if gone:
        out.append("park − " + ", ".join(map(card, gone)))
    return tuple(out)


def _added(old: Sequence[str], new: Sequence[str]) -> list[str]:
    left = list(old)
    added = []
    for card in new:
        if card in left:
            left.remove(card)
        else:
            added.append(card)
    return added
