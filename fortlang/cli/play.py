"""``fortlang play``: a person at the terminal against bots."""

from __future__ import annotations

import random
import sys
from typing import Any

import click

from fortlang.cli.simulate import sets_option
from fortlang.phrasebook import LANGUAGES


@click.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--seed", type=int, default=None, help="Seed of the game (random if omitted).")
@click.option("--bots", "bots_text", default="greedy", show_default=True,
              help="Bots for the other seats, repeated as needed: greedy, random, "
                   "mcts[:BUDGET] (e.g. mcts:0.5s).")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True)
@click.option("--draft", is_flag=True, help="Draft set-up (R2.5).")
@sets_option
def play(players: int, seed: int | None, bots_text: str, lang: str, draft: bool,
         sets: tuple[str, ...]) -> None:
    """Play Fort in the terminal against bots: type an option's number, or q to quit."""
    from rich.console import Console

    from fortlang.cli.common import fail, stdin_closed
    from fortlang.cli.simulate import game_sets, parse_bots
    from fortlang.engine.choices import player_name
    from fortlang.game.agents import agent_seed, make_bot
    from fortlang.game.disclosure import revealed_at_end
    from fortlang.game.human import HumanAgent, Narrated, Quit, markup_text
    from fortlang.game.pull import GameState, answer

    if sys.stdin is None:  # started with fd 0 closed: no one can answer
        fail(stdin_closed())
    bots = parse_bots(bots_text)
    _, cardset = game_sets(sets)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    console = Console(highlight=False)
    names = ["you"] + [bots[(i - 1) % len(bots)] for i in range(1, players)]
    agents: list[Any] = [HumanAgent(console, sys.stdin, lang, names)]
    agents += [Narrated(make_bot(names[seat], agent_seed(seed, seat)), console, names[seat])
               for seat in range(1, players)]
    console.print(f"Fort, {players} players, seed {seed}: you are {player_name(0)}")
    state = GameState(cardset, players, seed=seed, draft=draft)
    announced = False
    try:  # the agents answer from outside the engine (the pull API)
        while not state.is_terminal():
            if not announced and state.first is not None:
                console.print(f"{player_name(state.first)} plays first")
                announced = True
            d = state.decision()
            state.apply_action(answer(agents[d.player], state, d))
        if not announced and state.first is not None:  # set once set-up is over (R2.1)
            console.print(f"{player_name(state.first)} plays first")
        out = state.outcome()
    except (Quit, KeyboardInterrupt) as e:
        state.close()
        console.print(f"\nbye ({e or 'interrupted'}); replay this table with --seed {seed}")
        sys.exit(0)
    console.print("\n[bold]final scores[/] (track + fort + made-up rule + macaroni):")
    rules = dict(revealed_at_end(state.game))  # scored face up (R11.2, R14)
    for s in out.scores:
        rule = f" ({markup_text(rules[s.seat])})" if s.seat in rules else ""
        console.print(f"  {player_name(s.seat)} ({names[s.seat]}): {s.total} = {s.track} + "
                      f"{s.fort} + {s.rule}{rule} + {s.macaroni}, level {s.level}")
    won = " and ".join(f"{player_name(w)} ({names[w]})" for w in out.winners)
    console.print(f"winner: {won} after {out.turns} turns ({', '.join(out.triggers)})")
