"""The terminal player: the same agent interface as the bots (``choose(view, decision)``), showing
the table from the player's seat and reading a numbered choice. ``q`` or end of input quits."""

from __future__ import annotations

from typing import Any, TextIO

from fortlang.engine.choices import Decision, Kind, player_name
from fortlang.escape import shown
from fortlang.game.disclosure import told
from fortlang.model import KidCard
from fortlang.phrasebook import sentence
from fortlang.printer import to_text


class Quit(Exception):
    """The person asked to quit (``q``) or the input ended."""


def card_line(card: KidCard, lang: str) -> str:
    suits = "+".join(s.value for s in card.suits)
    parts = []
    for box, action in (("public", card.public), ("private", card.private)):
        if action is not None:
            parts.append(f"{box}: {to_text(action)} — {sentence(action, lang)}")
        else:
            parts.append(f"{box}: (blank)")
    return shown(f"{card.name_in(lang)} [{suits}]  " + " | ".join(parts))


def markup_text(text: str) -> str:
    """A value from a card file inside rich markup: no controls, no markup of its own."""
    from rich.markup import escape

    return escape(shown(text))


def _tokens(d: dict) -> str:
    """``2p 1t``: pizza and toys (the column headers say so)."""
    return " ".join(f"{v}{str(k)[0]}" for k, v in d.items())


class HumanAgent:
    """Asks a person at the terminal; re-asks on bad input, never raises on it."""

    def __init__(self, console: Any, stdin: TextIO, lang: str = "en",
                 names: list[str] | None = None) -> None:
        self.console = console
        self.stdin = stdin
        self.lang = lang
        self.names = names or []
        self._shown_for: int | None = None

    def show(self, view: Any) -> None:
        from rich.table import Table

        c = self.console
        table = Table(title="the table", show_lines=False)
        for col in ("player", "who", "VP", "level", "stuff p/t", "pack p/t/room", "lookout",
                    "yard", "hand", "deck"):
            table.add_column(col)
        for p in view.players:
            who = self.names[p.seat] if p.seat < len(self.names) else "?"
            table.add_row(str(p.seat + 1), who, str(p.vp), str(p.level), _tokens(p.stuff),
                          f"{_tokens(p.pack)} /{p.pack_capacity}",
                          markup_text(", ".join(k.name_in(self.lang) for k in p.lookout) or "-"),
                          markup_text(", ".join(k.name_in(self.lang) for k in p.yard) or "-"),
                          str(p.hand_size), str(p.deck_size))
        c.print(table)
        c.print(f"park: {markup_text(', '.join(k.name_in(self.lang) for k in view.park) or '-')} "
                f"(park deck {view.park_deck_size}); supply {_tokens(view.supply)}")
        me = view.me
        if me.rule is not None:
            c.print(f"your made-up rule: {markup_text(me.rule.name)}")
        if me.perks:
            c.print("your perks: " + markup_text(", ".join(k.name for k in me.perks)))
        c.print("[bold]your hand:[/]")
        for card in me.hand or ():
            c.print("  " + card_line(card, self.lang), markup=False)

    def choose(self, view: Any, decision: Decision) -> int:
        if decision.kind == Kind.PLAY or self._shown_for is None:
            self.show(view)
            self._shown_for = 0
        self.console.print(f"\n[bold]{markup_text(decision.context or decision.kind)}[/]")
        for i, option in enumerate(decision.options, 1):
            self.console.print(f"  {i}. {shown(option.label)}", markup=False)
        while True:
            self.console.print(f"choose 1-{len(decision.options)} (q quits): ", end="")
            line = self.stdin.readline()
            if not line:
                raise Quit("end of input")
            answer = line.strip().lower()
            if answer in ("q", "quit"):
                raise Quit("quit")
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return int(answer) - 1
            self.console.print(f"`{shown(line.strip())}` is not a choice: type a number from 1 to "
                               f"{len(decision.options)}, or q", markup=False)


class Narrated:
    """A bot whose answers are told to the person at the table (seat ``watcher``) as the table
    saw them: a secret choice is told without its answer (fortlang.game.disclosure)."""

    def __init__(self, agent: Any, console: Any, name: str, watcher: int = 0) -> None:
        self.agent = agent
        self.console = console
        self.name = name
        self.watcher = watcher

    def choose_in(self, state: Any, decision: Decision) -> int:
        """Answer as the bot does (given the state: see fortlang.game.pull.answer)."""
        from fortlang.game.pull import answer

        return self._tell(decision, answer(self.agent, state, decision))

    def choose(self, view: Any, decision: Decision) -> int:
        return self._tell(decision, self.agent.choose(view, decision))

    def _tell(self, decision: Decision, index: int) -> int:
        self.console.print(f"  {player_name(decision.player)} ({self.name}) — "
                           + shown(told(decision, index, self.watcher)), markup=False)
        return index
