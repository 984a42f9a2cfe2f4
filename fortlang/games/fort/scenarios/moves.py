"""The `when` moves as a program the engine runs, one handler per verb (STYLE #8).

The runner drives this program through the pull API (:meth:`GameState.on_table
<fortlang.games.fort.sim.pull.GameState.on_table>`): the handlers call the game loop's own phases
(:mod:`fortlang.games.fort.turn`: clean-up R4, the play phase R5 with DIY, Do-Over and Recycling,
following R6 with Copy Cat and Rough Housing, the recruit phase R7 with Birthday Party, discard
R8, draw R9) and its end of game (R11.1 via :class:`~fortlang.games.fort.match.Progress`); every
decision they reach comes out to the runner, which answers it from the seats' scripts in
:class:`Stage`.

A `play` or `turn` move takes the `follow` / `decline` / `rough housing` moves right after it
with it: the engine asks the followers during the play (R6.1), so their scripts must be in place
before it starts. Seats that say nothing decline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fortlang.engine import IllegalMove
from fortlang.games.fort.match import Progress
from fortlang.games.fort.play import perform
from fortlang.games.fort.scenarios.agent import LeftOver, ScenarioAgent, Script, Unanswered
from fortlang.games.fort.scenarios.format import FOLLOWING, LEADING, Move
from fortlang.games.fort.setup import HAND_SIZE, draw
from fortlang.games.fort.table import Game
from fortlang.games.fort.turn import TurnRecord, clean_up, discard, play_phase, play_turn, recruit


class Stage:
    """What the runner and the engine's side share: the seats' scripts, the move being made,
    the table as it was before it (an illegal move changes nothing), and the turn order."""

    def __init__(self, n_players: int, first: int = 0, first_round: bool = False) -> None:
        self.agents = [ScenarioAgent(seat) for seat in range(n_players)]
        self.move: Move | None = None
        self.seat = 0  # who makes the move
        self.before: Game | None = None
        #: a follower's move that failed: the leader's play stands, only the follow is undone
        self.follower: Move | None = None
        # Turns already played: none, or a whole round (so that clean-up happens, R4.1).
        self.progress = Progress(first, first, turns=0 if first_round else n_players)
        self.over = False


def program(stage: Stage, moves: Sequence[Move]) -> Callable[[Game], None]:
    """The engine's side: every move in order; raises :class:`IllegalMove` at the first that
    cannot be made (the runner says which move, from ``stage.move``)."""
    def run(game: Game) -> None:
        i = 0
        while i < len(moves):
            move = moves[i]
            j = i + 1
            while move.verb in LEADING and j < len(moves) and moves[j].verb in FOLLOWING:
                j += 1
            stage.move, stage.before = move, game.copy()
            _HANDLERS[move.verb](game, stage, move, moves[i + 1:j])
            i = j
    return run


def _seat(move: Move, default: int) -> int:
    return default if move.seat is None else move.seat


def _check_said(script: Script) -> None:
    left = script.leftovers()
    if left:
        raise LeftOver("answers left over, never asked for: " + ", ".join(left))


def _scripts(stage: Stage, game: Game, seat: int, move: Move,
             follows: Sequence[Move]) -> None:
    """The leader's script and each follower's (the next rival in turn order by default)."""
    stage.seat = seat
    for agent in stage.agents:
        agent.script = Script()
    stage.agents[seat].script = Script(move)
    rivals = [q.seat for q in game.rivals(seat)]
    for follow in [f for f in follows if f.of is None]:
        said = {a.seat for a in stage.agents if a.script.move is not None}
        default = next((r for r in rivals if r not in said), rivals[0] if rivals else seat)
        follower = _seat(follow, default)
        if follower == seat:
            raise Unanswered(f"line {follow.line}: the leader cannot follow their own card")
        stage.agents[follower].script = Script(follow)
    for follow in [f for f in follows if f.of is not None]:  # Do-Over's second card (R15)
        said = {a.seat for a in stage.agents if a.script.later}
        default = next((r for r in rivals if r not in said), rivals[0] if rivals else seat)
        follower = _seat(follow, default)
        if follower == seat:
            raise Unanswered(f"line {follow.line}: the leader cannot follow their own card")
        stage.agents[follower].script.later.append(follow)
    for agent in stage.agents:
        agent.script.table = game  # read, never changed, to name the rule refusing an answer


def _play(game: Game, stage: Stage, move: Move, follows: Sequence[Move]) -> None:
    """The play phase (R5.1): `play`, `skip` or `diy`, with Recycling and Do-Over (R15)."""
    seat = _seat(move, stage.progress.leader)
    _scripts(stage, game, seat, move, follows)  # a card not in hand: R5.1 at the play decision
    play_phase(game, seat, TurnRecord(seat))
    _finish(stage, seat, move)


def _finish(stage: Stage, seat: int, move: Move) -> None:
    script = stage.agents[seat].script
    _recruits_used(script)
    scripts = {a.seat: a.script for a in stage.agents}
    for agent in stage.agents:
        agent.script = Script()
    for follower, other in scripts.items():
        if follower != seat and other.later:  # a follow of a card that was never played
            stage.follower = other.later[0]
            raise IllegalMove(f"player {follower + 1} cannot follow "
                              f"{other.later[0].of.name if other.later[0].of else 'it'}: "
                              "it was not played with a public action to follow", "R6.1")
        if follower == seat or other.move is None:
            continue
        if other.follow is not None and not other.followed:
            stage.follower = other.move
            raise IllegalMove(f"player {follower + 1} cannot follow: nothing with a public "
                              "action was played", "R6.1")
        if other.rough_housing:  # never offered
            stage.follower = other.move
            raise IllegalMove(f"player {follower + 1} has no Rough Housing perk to use "
                              "(or nothing was played)", "R15")
        stage.follower = other.move
        _check_said(other)
        stage.follower = None
    _check_said(script)


def _recruits_used(script: Script) -> None:
    """A recruit the engine never asked for: nothing to recruit (R7.1), or no Birthday Party
    to use (R15)."""
    if not script.recruits or script.move is None:
        return
    written = len(script.move.recruits)
    if len(script.recruits) == written:
        raise IllegalMove("there is no card to recruit", "R7.1")
    raise IllegalMove("a second recruit needs Birthday Party and a card in the park or on the "
                      "park deck", "R15")


def _following_alone(game: Game, stage: Stage, move: Move, follows: Sequence[Move]) -> None:
    raise Unanswered(f"`{move.says}` must come right after a `play` or `turn` move")


def _recruit(game: Game, stage: Stage, move: Move, follows: Sequence[Move]) -> None:
    """The recruit phase (R7.1), then Birthday Party's second recruit (R15)."""
    seat = _seat(move, stage.progress.leader)
    _scripts(stage, game, seat, move, ())
    recruit(game, seat, TurnRecord(seat))
    _finish(stage, seat, move)


def _perform(game: Game, stage: Stage, move: Move, follows: Sequence[Move]) -> None:
    seat = _seat(move, stage.progress.leader)
    _scripts(stage, game, seat, move, ())
    assert move.action is not None
    if not perform(game, seat, move.action, full=move.in_full):
        raise Unanswered(f"`{move.says}` cannot be performed in full; "
                         "say `in_full: false` to perform it in part")
    _finish(stage, seat, move)


def _phase(step: Callable[[Game, int], object]) -> Callable[[Game, Stage, Move, Sequence[Move]],
                                                           None]:
    def handler(game: Game, stage: Stage, move: Move, follows: Sequence[Move]) -> None:
        seat = _seat(move, stage.progress.leader)
        _scripts(stage, game, seat, move, ())
        step(game, seat)
        _finish(stage, seat, move)
    return handler


def _turn(game: Game, stage: Stage, move: Move, follows: Sequence[Move]) -> None:
    """A whole turn (R3: clean-up R4 unless it is the player's first, play R5-R6, recruit R7,
    discard R8, draw R9), then the end of the game once triggered and the round is complete
    (R11.1)."""
    at = stage.progress
    if stage.over:
        raise IllegalMove("the game is over: it ended after the round in which an end "
                          f"trigger happened ({', '.join(at.triggers)})", "R11.1")
    seat = at.leader = _seat(move, at.leader)
    _scripts(stage, game, seat, move, follows)
    play_turn(game, seat, first_turn=at.turns < len(game.players))
    _finish(stage, seat, move)
    stage.over = at.end_turn(game)


_HANDLERS: dict[str, Callable[[Game, Stage, Move, Sequence[Move]], None]] = {
    "play": _play,
    "skip": _play,
    "diy": _play,
    "follow": _following_alone,
    "decline": _following_alone,
    "rough housing": _following_alone,
    "recruit": _recruit,
    "perform": _perform,
    "turn": _turn,
    "clean up": _phase(lambda game, seat: clean_up(game, seat, first_turn=False)),
    "discard": _phase(discard),
    "draw": _phase(lambda game, seat: draw(game, seat, HAND_SIZE)),
}
