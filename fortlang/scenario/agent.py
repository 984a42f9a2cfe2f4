"""The scenario's agent: answers the engine's decisions from what a move says, by decision kind.

A move says things the way a player would ("add The Moles", "use public first", "choose
pizza"); the engine asks in its own order and skips questions with one possible answer. So
each kind of decision takes its answer from its own queue: boost decisions from `add` then
`lookout` (then "stop"), the order from `use` (default: the first legal order), coins from
`coin`, `x any` from `suit`, following from `follow`/`decline`, and every other choice from
`choose`: the first answer that fits the question. An answer naming an option the rules
exclude raises :class:`~fortlang.engine.IllegalMove` with the rule (R5.4, R5.5, R6.2...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fortlang.engine.choices import Decision, IllegalMove, Kind, resolve
from fortlang.engine.play import order_options
from fortlang.model import KidCard
from fortlang.scenario.format import Answer, Move


class Unanswered(IllegalMove):
    """The engine asked something the scenario does not answer (a scenario mistake, no rule)."""


class Script:
    """What one seat says during one move; queues shrink as the engine asks."""

    def __init__(self, move: Move | None = None) -> None:
        self.move = move
        self.add: list[KidCard] = list(move.add) if move else []
        self.lookout: list[KidCard] = list(move.lookout) if move else []
        self.choose: list[Answer] = list(move.choose) if move else []
        self.follow: KidCard | None = move.card if move and move.verb == "follow" else None
        self.declined = bool(move and move.verb == "decline")
        self.followed = False  # the engine asked this seat to follow
        self.played: KidCard | None = move.card if move and move.verb == "play" else None
        self.recruiting = bool(move and move.verb == "recruit")  # the R7.1 decision to come

    def leftovers(self) -> list[str]:
        """What the move said that the engine never asked about."""
        out = [f"add {c.name}" for c in self.add]
        out += [f"count {c.name} from the lookout" for c in self.lookout]
        return out


class ScenarioAgent:
    """One per seat; the runner sets ``script`` before each move."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.script = Script()

    def choose(self, view: Any, decision: Decision) -> int:
        try:
            return _BY_KIND.get(decision.kind, _from_choose)(self.script, decision)
        except IllegalMove as e:  # say the question the scenario's way (player 1, not seat 0)
            said = str(e).replace(decision.describe(), describe(decision))
            if said == str(e):
                raise
            raise type(e)(said, e.rule, e.decision) from None


def describe(d: Decision) -> str:
    """The engine's question as a scenario writer reads it: players count from 1, and the
    options are the words a `choose` answer may use."""
    lines = [f"player {d.player + 1} ({d.kind}): {d.context}".rstrip(": ")]
    lines += [f"  - {o.label}" for o in d.options]
    return "\n".join(lines)


def _boost(s: Script, d: Decision) -> int:
    if s.add:
        return resolve(d, f"add {s.add.pop(0).name} (")
    if s.lookout:
        return resolve(d, f"count from your lookout {s.lookout.pop(0).name} (")
    return resolve(d, "stop adding cards")


def _order(s: Script, d: Decision) -> int:
    move = s.move
    if move is None or move.use is None or s.played is None:
        return 0  # the first legal order: public then private when both are legal
    _, options = order_options(s.played)
    label = next((o.label for o in options if o.value == move.use), None)
    if label is None:
        raise IllegalMove(f"{s.played.name} has no {' then '.join(move.use)} to use "
                          "(a blank box)", "R5.2", d)
    return resolve(d, label)


def _suit(attr: str, word: str) -> Callable[[Script, Decision], int]:
    def answer(s: Script, d: Decision) -> int:
        suit = getattr(s.move, attr, None) if s.move else None
        if suit is None:
            raise Unanswered(f"{d.context or d.kind}: say `{word}: <suit>`; the options are "
                             + ", ".join(d.labels), decision=d)
        return resolve(d, suit.value)
    return answer


def _follow(s: Script, d: Decision) -> int:
    s.followed = True
    if s.follow is None:
        return 0  # decline, said or not
    card, s.follow = s.follow, None
    return resolve(d, f"discard {card.name} (")


def _from_choose(s: Script, d: Decision) -> int:
    """The first `choose` answer that fits this decision. Answers before it stay for later
    decisions; the engine does not ask a question with one possible answer, so an answer
    written for such a question is simply never used."""
    if not s.choose:
        example = d.options[0].label if d.options else "..."
        raise Unanswered(f"the engine asks this, and the move has no `choose` answer left for "
                         f"it (say e.g. `choose: [{example}]`):\n{describe(d)}", decision=d)
    first: IllegalMove | None = None
    for i, answer in enumerate(s.choose):
        try:
            index = _match(d, answer)
        except IllegalMove as e:
            if e.rule is not None:
                raise  # an option the rules exclude: the move is illegal
            first = first or e
            continue
        del s.choose[i]
        return index
    assert first is not None
    raise first


def _match(d: Decision, answer: Answer) -> int:
    try:
        return resolve(d, answer.text)
    except IllegalMove as e:
        if e.rule is not None or answer.card_id is None:
            raise
        # A card's name: the option that moves that card (destroy, recruit, lookout...).
        hits = [i for i, o in enumerate(d.options)
                if isinstance(o.value, tuple) and answer.card_id in o.value]
        if len(hits) == 1:
            return hits[0]
        raise


def _recruit(s: Script, d: Decision) -> int:
    """The recruit phase (R7.1) is answered by the move's card and place; a recruit inside an
    action (R12.6) from `choose`."""
    move = s.move
    if not s.recruiting or move is None:
        return _from_choose(s, d)
    s.recruiting = False
    place, card = move.place, move.card

    def fits(value: object) -> bool:
        if not isinstance(value, tuple):
            return False
        if place == ("park_deck",):
            return value == ("park_deck",)
        if card is None or value[-1] != card.id:
            return False
        return place is None or value[:-1] == place

    hits = [i for i, o in enumerate(d.options) if fits(o.value)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise Unanswered(f"{move.says}: which one? say `from: park`, `from: park deck` or "
                         f"`from: yard of player N`:\n{describe(d)}", decision=d)
    raise IllegalMove(f"{move.says}: no such card there to recruit:\n{describe(d)}",
                      "R7.1", d)


_BY_KIND: dict[Kind, Callable[[Script, Decision], int]] = {
    Kind.BOOST: _boost,
    Kind.ORDER: _order,
    Kind.COIN_SUIT: _suit("coin", "coin"),
    Kind.ANY_SUIT: _suit("suit", "suit"),
    Kind.FOLLOW: _follow,
    Kind.RECRUIT: _recruit,
}
