"""A person at the terminal for any game module (issue 34 item 4): the asker of a module's table
when one seat is a person and the others bots. It reads nothing of the table itself: what a seat
may see is the module's to say, through its narration (``GameModule.narration``), an object with
any of these methods:

* ``seen(table, seat, lang) -> Sequence[str]``: the lines ``seat`` may see of the table now
  (its own hand, the face-up cards, the counts everyone sees), shown before each of its choices;
* ``told(table, decision, index, watcher, lang) -> str | None``: what ``watcher`` sees of
  another seat's answer (None: nothing, the answer is hidden, or even being asked would tell a
  secret: a reaction asked only of a seat holding the card);
* ``label(decision, option, lang) -> str | None``: an option's words in ``lang``;
* ``heading(decision, lang) -> str | None``: the decision's title in ``lang``.

A module that declares none gets :class:`Narration`: the person's own questions with their
options (a card's name in the person's language when an option's value is a card's id), and
nothing of what the other seats answer, which only the module can know to be public."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from fortlang.engine.choices import Decision, Option
from fortlang.escape import shown
from fortlang.i18n import ui
from fortlang.model import GameCard


class Quit(Exception):
    """The person asked to quit (``q``) or the input ended (any game's terminal, Fort's too)."""


#: The longest answer line read (the rest of a longer one is refused, never kept).
MAX_ANSWER = 1024
#: Bad answers in a row before the game is left (an input that never says a number).
MOST_BAD_ANSWERS = 100


class Narration:
    """What a module that declares no narration tells: nothing of the table, nothing of the
    other seats' answers; options by their engine labels (or a card's name)."""

    def seen(self, table: Any, seat: int, lang: str) -> Sequence[str]:
        return ()

    def told(self, table: Any, decision: Decision, index: int, watcher: int,
             lang: str) -> str | None:
        return None

    def label(self, decision: Decision, option: Option, lang: str) -> str | None:
        return None

    def heading(self, decision: Decision, lang: str) -> str | None:
        return None


def narration_of(game: Any) -> Any:
    """The module's narration (``GameModule.narration``), or the plain :class:`Narration`."""
    ref = getattr(game, "narration", "")
    return game.piece("narration") if ref else Narration()


def seat_label(lang: str, seat: int) -> str:
    """A seat as people count it (seat 0 is player 1)."""
    return ui(lang, "seat", n=seat + 1)


class TerminalTable:
    """The asker of a module's table: seat ``human`` asks the person, every other seat its bot
    (``agents[seat].choose(None, decision)``, as ``simulate``'s bots are asked), and what the
    person may see is told by the module's ``narration`` (see the module docstring)."""

    def __init__(self, console: Any, stdin: TextIO, lang: str, agents: Sequence[Any],
                 names: Sequence[str], narration: Any, cards: Mapping[str, GameCard],
                 human: int = 0) -> None:
        self.console = console
        self.stdin = stdin
        self.lang = lang
        self.agents = list(agents)
        self.names = list(names)
        self.narration = narration
        self.cards = cards
        self.human = human
        self.table: Any = None  # the last table asked from (the end's view)
        self._last_seen: list[str] = []

    def _say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)

    def who(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) else "?"
        return ui(self.lang, "seat_named", seat=seat_label(self.lang, seat), name=name)

    def decide(self, game: Any, decision: Decision) -> int:
        self.table = game
        if decision.player == self.human:
            return self._ask(game, decision)
        index = int(self.agents[decision.player].choose(None, decision))
        said = narrate(self.narration, "told", game, decision, index, self.human, self.lang) \
            if 0 <= index < len(decision.options) else None
        if said:
            self._say(ui(self.lang, "move", who=shown(self.who(decision.player)),
                         told=shown(str(said))))
        return index

    def show(self, game: Any) -> None:
        """What the person's seat may see now, when it changed since last shown."""
        seen = [str(line) for line in narrate(self.narration, "seen", game, self.human,
                                            self.lang) or ()]
        if seen and seen != self._last_seen:
            self._say("")
            for line in seen:
                self._say(shown(line))
        self._last_seen = seen

    def option_label(self, decision: Decision, option: Option) -> str:
        return option_words(self.narration, self.cards, decision, option, self.lang)

    def heading(self, decision: Decision) -> str:
        return heading_words(self.narration, decision, self.lang)

    def _ask(self, game: Any, decision: Decision) -> int:
        self.show(game)
        lang, n = self.lang, len(decision.options)
        self._say("\n" + shown(self.heading(decision)))
        for i, option in enumerate(decision.options, 1):
            self._say(f"  {i}. {shown(self.option_label(decision, option))}")
        for _ in range(MOST_BAD_ANSWERS):
            self.console.print(ui(lang, "prompt", n=n), end="", markup=False, highlight=False)
            line = self.stdin.readline(MAX_ANSWER)
            if not line:
                raise Quit("end")
            if len(line) >= MAX_ANSWER and not line.endswith("\n"):
                self._say(ui(lang, "not_a_choice", answer=shown(line[:40]) + "…", n=n))
                self._drain()
                continue
            answer = line.strip().lower()
            if answer in ("q", "quit"):
                raise Quit("quit")
            if answer in ("?", "help", "h"):
                self._say(ui(lang, "help.commands", n=n))
                self._say(ui(lang, "module.help.table"))
                continue
            if answer.isdigit() and len(answer) <= 6 and 1 <= int(answer) <= n:
                return int(answer) - 1
            self._say(ui(lang, "not_a_choice", answer=shown(line.strip()[:80]), n=n))
        raise Quit("end")

    def _drain(self) -> None:
        """The rest of an over-long answer line, read and dropped (at most a megabyte: an
        input that never ends a line ends the game)."""
        for _ in range(1024):
            chunk = self.stdin.readline(MAX_ANSWER)
            if not chunk:
                raise Quit("end")
            if chunk.endswith("\n"):
                return
        raise Quit("end")


def option_words(narration: Any, cards: Mapping[str, GameCard], decision: Decision,
                 option: Option, lang: str) -> str:
    """An option in ``lang``: the narration's words for it, else the name of the card its
    value names, else the engine's label (the terminal and the playtest page say it so)."""
    said = narrate(narration, "label", decision, option, lang)
    if said:
        return str(said)
    value = option.value
    if isinstance(value, str) and value in cards:
        return cards[value].name_in(lang)
    return option.label


def heading_words(narration: Any, decision: Decision, lang: str) -> str:
    """A decision's question in ``lang``: the narration's, else its context or its kind."""
    said = narrate(narration, "heading", decision, lang)
    return str(said) if said else (decision.context or str(decision.kind))


def narrate(narration: Any, method: str, *args: Any) -> Any:
    """The narration's ``method`` (a module may declare only some), else the plain one's."""
    found = getattr(narration, method, None)
    if found is None:
        found = getattr(Narration(), method)
    return found(*args)
