"""Running one of Fort's scenarios: build the `given` table, make the `when` moves through the
pull API (every decision answered from outside by the seats' scripts), compare the `then`.

A scenario passes when every listed field matches and the expected rules violation (if any)
happened with that rule. A move the scenario cannot make (an unanswered choice, a card that is
not there) fails it with the reason; it never raises.
"""

from __future__ import annotations

from fortlang.engine.choices import IllegalMove
from fortlang.games.fort.scenarios.agent import LeftOver, Unanswered
from fortlang.games.fort.scenarios.expect import compare
from fortlang.games.fort.scenarios.format import Move, Scenario
from fortlang.games.fort.scenarios.given import build_table, deal
from fortlang.games.fort.scenarios.moves import Stage, program
from fortlang.games.fort.sim.pull import GameState
from fortlang.games.fort.table import Game
from fortlang.scenario.outcome import Outcome


def run_scenario(scenario: Scenario) -> Outcome:
    """Build the `given` table, make the `when` moves through the pull API (every decision
    answered from outside by the seats' scripts), compare the `then` fields."""
    given = scenario.given.fields
    try:
        dealt = deal(scenario)  # R2: `setup` deals the table from a seed
    except IllegalMove as e:  # a pick not in its packet (R2.5)
        empty = Game(scenario.n_players, scenario.board, rules=scenario.rules)
        return Outcome(scenario, tuple(compare(scenario.expect, empty)),
                       _failure(scenario, None, e))
    if dealt is not None:
        game, first = dealt
        stage = Stage(scenario.n_players, first, bool(given.get("first_round", True)))
    else:
        game = build_table(scenario)
        stage = Stage(scenario.n_players, given.get("first_player", 1) - 1,
                      bool(given.get("first_round", False)))
    message = None
    table = game
    state: GameState | None = None
    try:
        # every question asked, with the options the rules refuse and why; every chance point
        # answered by the move's `chance:` outcomes
        state = GameState.on_table(game, program(stage, scenario.moves), explain=True,
                                   chance="explicit")
        while not state.is_terminal():
            if state.is_chance_node():
                node = state.chance_node()
                roller = node.seat if node.seat >= 0 else stage.seat
                state.apply_action(stage.agents[roller].outcome(node))
                continue
            d = state.decision()
            state.apply_action(stage.agents[d.player].choose(None, d))
        if scenario.error is not None:
            message = f"expected a move to break {scenario.error}, but every move was legal"
    except IllegalMove as e:
        if state is not None:
            state.close()  # unwinds the engine: open transactions roll back
        move = stage.move
        if e.decision is not None and e.decision.player != stage.seat:
            stage.follower = stage.agents[e.decision.player].script.move or stage.follower
        if stage.follower is not None:  # the follow is undone, the leader's play stands
            move = stage.follower
        elif not isinstance(e, LeftOver):  # a move made with answers left over stands
            table = stage.before or game  # an illegal move changes nothing
        message = _failure(scenario, move, e)
    return Outcome(scenario, tuple(compare(scenario.expect, table, stage.over,
                                           stage.progress.triggers, stage.progress.first)),
                   message)


def _failure(scenario: Scenario, move: Move | None, e: IllegalMove) -> str | None:
    where = f"line {move.line} `{move.says}`" if move is not None else "the table"
    rule = None if isinstance(e, Unanswered) else e.rule
    if isinstance(e, LeftOver):
        return f"{where}: {e}"
    if rule is None:
        return f"{where} cannot be made: {e}"
    if scenario.error is None:
        return f"{where} breaks {rule}: {e}"
    if rule != scenario.error:
        return f"{where} breaks {rule}, expected {scenario.error}: {str(e).splitlines()[0]}"
    return None


