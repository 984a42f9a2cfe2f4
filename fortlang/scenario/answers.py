"""A scenario's answers to the engine, for any game: the chance answers (`chance: [6, 3]`, each
outcome by its value or label) and the per-seat `choose` answers of a move, and the asker that
hands them to a game module's table (:class:`Script`, a
:class:`~fortlang.engine.asker.Asker` with ``chance``).

Fort's scenario agent (:mod:`fortlang.games.fort.scenarios.agent`) answers its chance points with
:func:`chance_answer` too; its decisions it answers by kind from what a Fort move says. A game
module's move says its answers plainly: ``choose`` (the mover's, in order) and ``answers``
(another seat's, by player number); every answer written must be used, and every question
with more than one option must be answered (:class:`Unanswered`, :class:`LeftOver`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Decision, IllegalMove, resolve

#: A chance answer or a choice, as written: a value (a die's 6) or a label ("6", "heads").
Said = str | int


class Unanswered(IllegalMove):
    """The engine asked something the scenario does not answer (a scenario mistake, no rule)."""


class LeftOver(Unanswered):
    """The move was made, but some of what it says was never asked for (a scenario mistake)."""


def chance_answer(queue: list[Said], dist: Distribution, context: str, seat: int) -> int:
    """The outcome a chance point takes: the next answer of ``queue`` (popped), by an outcome's
    value or label; :class:`Unanswered` listing the outcomes when the queue is empty or the
    answer is none of them (issue 33 stage 6, issue 35 item 3)."""
    listed = ", ".join(o.label for o in dist.outcomes)
    what = f"`{context}`" if context else "the move"
    who = f"player {seat + 1}: " if seat >= 0 else ""
    if not queue:
        raise Unanswered(f"{who}{what} meets a chance point; say which outcome with "
                         f"`chance: [<outcome>]` in the move (the outcomes are {listed})")
    said = queue.pop(0)
    index = dist.find(said)
    if index is not None:
        return index
    raise Unanswered(f"{who}chance {said} is not an outcome of {what} (the outcomes are "
                     f"{listed})")


def describe(d: Decision) -> str:
    """The engine's question as a scenario writer reads it: players count from 1, and the
    options are the words a `choose` answer may use."""
    lines = [f"player {d.player + 1} ({d.kind}): {d.context}".rstrip(": ")]
    lines += [f"  - {o.label}" for o in d.options]
    return "\n".join(lines)


@dataclass(frozen=True)
class Move:
    """One move of a game module's scenario, as the core reads it: who makes it (``seat``,
    0-based: `by: N`), the module's own fields (``fields``, checked against its ``when``
    schema), the chance answers in order and the choices by seat (the mover's `choose`, the
    others' `answers: {N: [...]}`)."""

    line: int  # 1-based, for messages
    says: str  # the move in the scenario's words
    seat: int = 0
    fields: Mapping[str, Any] = field(default_factory=dict)
    chance: tuple[Said, ...] = ()
    choices: Mapping[int, tuple[Said, ...]] = field(default_factory=dict)


class Script:
    """The asker of a module's table during a scenario (its ``asker``, with ``chance_asked``
    set): the module's runner calls :meth:`begin` before each move; decisions are answered
    from the deciding seat's choices of that move, chance points from its chance answers.
    A decision with one option and no answer left takes that option."""

    def __init__(self) -> None:
        self.move: Move | None = None
        self.chance_left: list[Said] = []
        self.choices_left: dict[int, list[Said]] = {}

    def begin(self, move: Move) -> None:
        """``move`` is made now; what the previous move said and never used is an error."""
        self.end()
        self.move = move
        self.chance_left = list(move.chance)
        self.choices_left = {seat: list(said) for seat, said in move.choices.items()}

    def leftovers(self) -> list[str]:
        out = [f"chance {c}" for c in self.chance_left]
        for seat, said in sorted(self.choices_left.items()):
            out += [f"player {seat + 1}: choose `{s}`" for s in said]
        return out

    def end(self) -> None:
        """:class:`LeftOver` if the current move said anything the engine never asked."""
        left = self.leftovers()
        if self.move is not None and left:
            move, self.move = self.move, None
            raise LeftOver(f"line {move.line} `{move.says}`: never asked for: "
                           + ", ".join(left))

    def decide(self, game: Any, decision: Decision) -> int:
        queue = self.choices_left.get(decision.player, [])
        if not queue:
            if len(decision.options) == 1:
                return 0
            example = decision.options[0].label if decision.options else "..."
            raise Unanswered(f"the engine asks this, and the move has no `choose` answer "
                             f"left for it (say e.g. `choose: [{example}]`):\n"
                             f"{describe(decision)}", decision=decision)
        said = queue.pop(0)
        for i, o in enumerate(decision.options):  # by value first: `choose: [1]` is 1, no index
            if o.value == said and not isinstance(o.value, bool):
                return i
        try:
            return resolve(decision, str(said))  # by label (or a label's unique start)
        except IllegalMove as e:
            if e.rule is not None:
                raise
            raise Unanswered(f"choose `{said}` is not an option:\n{describe(decision)}",
                             decision=decision) from None

    def chance(self, game: Any, dist: Distribution, context: str, seat: int) -> int:
        return chance_answer(self.chance_left, dist, context, seat)


def said_list(values: Sequence[Any]) -> tuple[Said, ...]:
    """A `chance` or `choose` list as written: numbers stay numbers, the rest is text."""
    return tuple(v if isinstance(v, int) and not isinstance(v, bool) else str(v)
                 for v in values)
