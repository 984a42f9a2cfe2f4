"""Making the `when` moves on the table, one handler per verb (STYLE #8).

A `play` move takes the `follow`/`decline` moves right after it with it: the engine asks the
followers during the play (R6.1), so their scripts must be in place before it starts. Seats
that say nothing decline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fortlang.engine import Game, IllegalMove, perform, play_card, recruit
from fortlang.errors import MessageError
from fortlang.scenario.agent import ScenarioAgent, Script, Unanswered
from fortlang.scenario.format import FOLLOWING, Move


class MoveFailed(MessageError):
    """A move could not be made: ``rule`` is the rule it breaks (E900), None for a scenario
    mistake (E702)."""

    def __init__(self, move: Move, message: str, rule: str | None) -> None:
        super().__init__("E702" if rule is None else "E900", message,
                         f"forbidden by {rule}" if rule else None)
        self.move = move
        self.rule = rule


def make_moves(game: Game, agents: Sequence[ScenarioAgent], moves: Sequence[Move]) -> None:
    """Make every move in order; raises :class:`MoveFailed` at the first that cannot be made."""
    i = 0
    while i < len(moves):
        move = moves[i]
        j = i + 1
        while move.verb == "play" and j < len(moves) and moves[j].verb in FOLLOWING:
            j += 1
        try:
            _HANDLERS[move.verb](game, agents, move, moves[i + 1:j])
        except IllegalMove as e:
            raise MoveFailed(move, str(e), None if isinstance(e, Unanswered) else e.rule) \
                from None
        i = j


def _seat(move: Move, default: int) -> int:
    return default if move.seat is None else move.seat


def _check_said(move: Move, script: Script, who: str) -> None:
    left = script.leftovers()
    if left:
        raise Unanswered(f"{who}: the engine never asked for " + ", ".join(left))


def _play(game: Game, agents: Sequence[ScenarioAgent], move: Move,
          follows: Sequence[Move]) -> None:
    seat = _seat(move, 0)
    player = game.players[seat]
    card = next((c for c in player.hand if c.card == move.card), None)
    if card is None:
        assert move.card is not None
        raise IllegalMove(f"{move.card.name} is not in player {seat + 1}'s hand", "R5.1")
    for agent in agents:
        agent.script = Script()
    agents[seat].script = Script(move)
    rivals = [q.seat for q in game.rivals(seat)]
    for follow in follows:
        said = {a.seat for a in agents if a.script.move is not None}
        default = next((r for r in rivals if r not in said), rivals[0] if rivals else seat)
        follower = _seat(follow, default)
        if follower == seat:
            raise Unanswered(f"line {follow.line}: the leader cannot follow their own card")
        agents[follower].script = Script(follow)
    try:
        play_card(game, seat, card)
    finally:
        scripts = [(a.seat, a.script) for a in agents]
        for agent in agents:
            agent.script = Script()
    _check_said(move, dict(scripts)[seat], move.says)
    for follower, script in scripts:
        if script.follow is not None and not script.followed:
            raise IllegalMove(f"player {follower + 1} cannot follow {card.name} with "
                              f"{script.follow.name}: no card in hand shares a suit with it "
                              "or the action cannot be performed in full", "R6.1")
        if follower != seat and script.move is not None:
            _check_said(script.move, script, script.move.says)


def _following_alone(game: Game, agents: Sequence[ScenarioAgent], move: Move,
                     follows: Sequence[Move]) -> None:
    raise Unanswered(f"`{move.says}` must come right after a `play` move")


def _recruit(game: Game, agents: Sequence[ScenarioAgent], move: Move,
             follows: Sequence[Move]) -> None:
    seat = _seat(move, 0)
    if move.card is not None:  # checked first, so that a wrong recruit changes nothing
        top = game.park_deck[-1:]
        places = [game.park, top, *(q.yard for q in game.players)]
        if not any(c.card == move.card for zone in places for c in zone):
            raise IllegalMove(f"{move.card.name} is not in the park, a yard or on top of the "
                              "park deck", "R7.1")
    agent = agents[seat]
    script = agent.script = Script(move)
    try:
        if not recruit(game, seat):
            raise IllegalMove("there is no card to recruit", "R7.1")
    finally:
        agent.script = Script()
    # One possible card is recruited without asking: check it is the one the move names.
    discard = game.players[seat].discard
    if script.recruiting and move.card is not None and discard[-1].card != move.card:
        raise IllegalMove(f"{move.says}: the only card to recruit is {discard[-1].name}",
                          "R7.1")


def _perform(game: Game, agents: Sequence[ScenarioAgent], move: Move,
             follows: Sequence[Move]) -> None:
    seat = _seat(move, 0)
    agents[seat].script = Script(move)
    try:
        assert move.action is not None
        if not perform(game, seat, move.action, full=move.in_full):
            raise Unanswered(f"`{move.says}` cannot be performed in full; "
                             "say `in_full: false` to perform it in part")
        _check_said(move, agents[seat].script, move.says)
    finally:
        agents[seat].script = Script()


_HANDLERS: dict[str, Callable[[Game, Sequence[ScenarioAgent], Move, Sequence[Move]], None]] = {
    "play": _play,
    "follow": _following_alone,
    "decline": _following_alone,
    "recruit": _recruit,
    "perform": _perform,
}
