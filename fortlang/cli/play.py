"""``fortlang play``: a person at the terminal against bots."""

from __future__ import annotations

import os
import random
import sys
from typing import Any

import click

from fortlang.cli.simulate import sets_option
from fortlang.phrasebook import LANGUAGES


@click.command()
@click.option("--players", type=click.IntRange(1, 16), default=2, show_default=True,
              help="Seats at the table, within the game's range (Fort: 2-4; E905 outside it).")
@click.option("--seed", type=int, default=None, help="Seed of the game (random if omitted).")
@click.option("--bots", "bots_text", default="greedy", show_default=True,
              help="Bots for the other seats, repeated as needed: greedy, random, "
                   "mcts[:BUDGET] (e.g. mcts:0.5s).")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="Language of the interface and the cards (default: the locale's, else en).")
@click.option("--draft", is_flag=True, help="Draft set-up (R2.5).")
@sets_option
def play(players: int, seed: int | None, bots_text: str, lang: str | None, draft: bool,
         sets: tuple[str, ...]) -> None:
    """Play in the terminal against bots (Fort, or the game of the --sets given): type an
    option's number, ? for help, or q to quit."""
    from rich.console import Console

    from fortlang.agents.bots import agent_seed, make_bot
    from fortlang.agents.human import (
        HumanAgent,
        Narrated,
        Quit,
        markup_text,
        seat_label,
        tell_events,
    )
    from fortlang.cli.common import choose_language, fail, stdin_closed
    from fortlang.cli.simulate import game_sets, parse_bots, seated_game
    from fortlang.games.fort.disclosure import revealed_at_end
    from fortlang.games.fort.narration import changes, snapshot
    from fortlang.i18n import language_from_env, ui
    from fortlang.sim.pull import GameState, answer, watch

    choose_language(lang)  # a bad bot name or set is told in the table's language
    if sys.stdin is None:  # started with fd 0 closed: no one can answer
        fail(stdin_closed())
    lang = lang or language_from_env(os.environ)
    bots = parse_bots(bots_text)
    _, cardset = game_sets(sets, modules=True)
    game = seated_game(cardset, players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if game is not None:  # a game module with its own cards: its own loop and narration
        from fortlang.cli.module_play import play_module

        play_module(game, cardset, players=players, seed=seed, bots=bots, lang=lang,
                    draft=draft)
        return
    cards = {k.id: k for k in cardset.kids}
    console = Console(highlight=False)
    names = [ui(lang, "you")] + [bots[(i - 1) % len(bots)] for i in range(1, players)]
    agents: list[Any] = [HumanAgent(console, sys.stdin, lang, names, cards)]
    agents += [Narrated(make_bot(names[seat], agent_seed(seed, seat)), console, names[seat],
                        lang=lang, cards=cards)
               for seat in range(1, players)]

    def who(seat: int) -> str:
        return ui(lang, "seat_named", seat=seat_label(lang, seat), name=names[seat])

    console.print(ui(lang, "start", players=players, seed=seed, seat=seat_label(lang, 0)),
                  markup=False)
    state = GameState(cardset, players, seed=seed, draft=draft)
    announced = False
    before = None
    try:  # the agents answer from outside the engine (the pull API)
        while not state.is_terminal():
            if not announced and state.first is not None:
                console.print(ui(lang, "plays_first", seat=seat_label(lang, state.first)))
                announced = True
            watch(state, enumerate(agents))  # the search bots see the table at every decision
            d = state.decision()
            now = snapshot(state.game)  # what the last answer did, told before the next
            if before is not None:
                tell_events(console, changes(before, now, 0), lang, names)
            before = now
            state.apply_action(answer(agents[d.player], state, d))
        if before is not None:
            tell_events(console, changes(before, snapshot(state.game), 0), lang, names)
        if not announced and state.first is not None:  # set once set-up is over (R2.1)
            console.print(ui(lang, "plays_first", seat=seat_label(lang, state.first)))
        out = state.outcome()
    except (Quit, KeyboardInterrupt) as e:
        state.close()
        why = ui(lang, f"bye.{e}") if isinstance(e, Quit) else ui(lang, "bye.interrupted")
        console.print("\n" + ui(lang, "bye", why=why, seed=seed), markup=False)
        sys.exit(0)
    console.print(f"\n[bold]{ui(lang, 'final')}[/] {ui(lang, 'final.formula')}")
    rules = dict(revealed_at_end(state.game))  # scored face up (R11.2, R14)
    for s in out.scores:
        rule = f" ({markup_text(rules[s.seat])})" if s.seat in rules else ""
        console.print(ui(lang, "score", who=markup_text(who(s.seat)), total=s.total,
                         track=s.track, fort=s.fort, rule=s.rule, rule_name=rule,
                         macaroni=s.macaroni, level=s.level))
    won = ui(lang, "and").join(who(w) for w in out.winners)
    console.print(ui(lang, "winner", who=markup_text(won), turns=out.turns,
                     triggers=", ".join(ui(lang, f"trigger.{t}") for t in out.triggers)))
