"""One playtest table of a game module (issue 33 item 5): the game stepped through the module
pull API (:class:`fortlang.sim.module_pull.ModuleState`, the module's own ``run``), its seats
(people with a secret token each, bots), and what each seat was told, by the module's narration
(``GameModule.narration``, :mod:`fortlang.agents.terminal`): a seat is told another's answer only
when the narration says it is public, and sees of the table only what its ``seen`` gives.

As Fort's table (:class:`fortlang.games.fort.playtest.table.Table`), every call must come from
one thread (the engine's greenlet lives there). Undo is refused: whether an answer may be taken
back depends on what it showed the seat (a card drawn), which only Fort's table knows to check;
save writes the line ``fortlang replay`` verifies (:mod:`fortlang.sim.module_log`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fortlang.agents.bots import agent_seed
from fortlang.agents.terminal import (
    heading_words,
    narrate,
    narration_of,
    option_words,
    seat_label,
)
from fortlang.engine.choices import Decision, IllegalMove, Option
from fortlang.engine.journal import CHANCE_KIND
from fortlang.i18n import ui
from fortlang.model import CardSet
from fortlang.module import GameModule
from fortlang.playtest.seats import Seats
from fortlang.sim.module_log import FORMAT_MODULE, LABEL_CHARS, outcome_json

#: Bounds of what one table holds (a Frantic game asks a few hundred decisions, a long one a
#: few thousand; a module's line holds at most 200,000 answers).
MAX_LOG = 50_000
#: The most seats a table may have (Frantic: 8), whatever a module declares.
MAX_PLAYERS = 8


@dataclass(frozen=True)
class ModuleEntry:
    """One answered decision: who, what was asked, which option (and its label, as the
    module's log records it), and what each watcher was told of it (by seat, -1 for the
    host; absent: nothing)."""

    number: int
    decision: Decision
    index: int
    label: str
    told: Mapping[int, str]


class ModuleTable(Seats):
    """A game of ``game`` with ``humans`` people in the first seats and ``bots`` (specs,
    repeated) in the others; the same surface as Fort's table for the server."""

    #: the page offers no undo (see the module docstring)
    undo_refused = "undo is not available for a game module's table: only Fort's table knows " \
        "whether an answer showed a seat something (a card drawn) it could not unsee"

    def __init__(self, game: GameModule, cardset: CardSet, *, players: int, humans: int,
                 bots: Sequence[str], seed: int, history: Sequence[int] = (),
                 sets: Sequence[Mapping[str, str]] = (), lang: str = "en") -> None:
        if not 2 <= players <= MAX_PLAYERS or not 0 <= humans <= players:
            raise ValueError(f"{players} players with {humans} people at the table")
        from fortlang.sim.module_games import make_agent

        self.game, self.cardset = game, cardset
        self.players, self.humans, self.seed, self.lang = players, humans, seed, lang
        self.sets = list(sets)
        self.narration = narration_of(game)
        self.cards = {c.id: c for c in cardset.cards}
        self.bot_names = [bots[(s - humans) % len(bots)] if s >= humans else "person"
                          for s in range(players)] if bots else ["person"] * players
        Seats.__init__(self, humans)
        self.version = 0
        self._bots = {s: make_agent(self.bot_names[s], agent_seed(seed, s), cardset.cards, game)
                      for s in range(humans, players)}
        self._start(history)

    # -- the game ---------------------------------------------------------------------------

    def _start(self, history: Sequence[int]) -> None:
        from fortlang.sim.module_pull import ModuleState

        self.state = ModuleState(self.game, self.cardset, self.players, seed=self.seed)
        self.log: list[ModuleEntry] = []
        for index in history:
            if self.state.is_terminal():
                raise IllegalMove(f"the game ended after {len(self.log)} of the "
                                  f"{len(history)} answers given")
            d = self.state.decision()
            if not 0 <= index < len(d.options):
                raise IllegalMove(f"answer {len(self.log) + 1} takes option {index + 1}, the "
                                  f"game offers {len(d.options)}")
            self._apply(index)

    def run_bots(self) -> None:
        while self.bot_step():
            pass

    def _apply(self, index: int) -> None:
        if len(self.log) >= MAX_LOG:
            raise IllegalMove("this table has reached its bound of decisions")
        d = self.state.decision()
        told = self._told(d, index)  # of the table as it is when the answer is given
        self.state.apply_action(index)
        self.log.append(ModuleEntry(len(self.log), d, index,
                                    d.options[index].label[:LABEL_CHARS], told))
        self.version += 1

    def _told(self, d: Decision, index: int) -> dict[int, str]:
        """What each other seat (and the host, -1) is told of ``d.player``'s answer."""
        out = {}
        for watcher in (-1, *range(self.players)):
            if watcher == d.player:
                continue
            said = narrate(self.narration, "told", self.state.table, d, index, watcher, self.lang)
            if said:
                out[watcher] = str(said)
        return out

    # -- undo (refused) -----------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        return None

    def undo(self, seat: int) -> None:
        raise IllegalMove(self.undo_refused)

    # -- what is told -----------------------------------------------------------------------

    def name(self, seat: int) -> str:
        label = seat_label(self.lang, seat)
        if seat in self._bots:
            return ui(self.lang, "seat_named", seat=label, name=self.bot_names[seat])
        return label

    def seen(self, seat: int) -> list[str]:
        """What ``seat`` may see of the table now, as the module's narration says it."""
        if self.state.table is None:
            return []
        return [str(line) for line in narrate(self.narration, "seen", self.state.table, seat,
                                                    self.lang) or ()]

    def option_label(self, d: Decision, option: Option) -> str:
        """An option in the table's language: the narration's words for its value, else the
        name of the card its value names, else the engine's label."""
        return option_words(self.narration, self.cards, d, option, self.lang)

    def heading(self, d: Decision) -> str:
        return heading_words(self.narration, d, self.lang)

    def told(self, seat: int | None) -> list[str]:
        """The log as ``seat`` was told it (None: the host): its own answers by their
        labels, another's only where the narration tells it."""
        watcher = -1 if seat is None else seat
        lines = []
        for e in self.log:
            if e.decision.player == seat:
                lines.append(f"{ui(self.lang, 'you')} — "
                             f"{self.option_label(e.decision, e.decision.options[e.index])}")
            elif watcher in e.told:
                lines.append(f"{self.name(e.decision.player)} — {e.told[watcher]}")
        return lines

    def save(self) -> dict[str, Any]:
        """The game so far as a module's log line (:mod:`fortlang.sim.module_log`); once over,
        with its outcome, the line ``fortlang replay`` verifies."""
        labels = iter(e.label for e in self.log)
        journal = self.state.table.log if self.state.table is not None else []
        entry: dict[str, Any] = {
            "format": FORMAT_MODULE, "module": self.game.name, "game": 0, "seed": self.seed,
            "players": self.players, "bots": self.bot_names, "sets": self.sets,
            "answers": [[kind, index] if kind == CHANCE_KIND else [kind, index, next(labels, "")]
                        for kind, index in journal],
        }
        if self.state.is_terminal():
            entry["outcome"] = outcome_json(self.state.outcome())
        return entry

    def close(self) -> None:
        self.state.close()

    # -- what the server shows (as Fort's table) ---------------------------------------------

    def catalogue(self) -> dict[str, dict[str, str]]:
        from fortlang.playtest.module_view import module_catalogue

        return module_catalogue(self)

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        from fortlang.playtest.module_view import module_seat_view

        return module_seat_view(self, seat)

    def face_svg(self, card_id: str) -> bytes | None:
        """No faces: the page names a module's cards in the narration's words."""
        return None
