"""``fortlang play``: a person at the terminal against bots."""

from __future__ import annotations

import os
import random
import sys

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
    from fortlang.cli.common import choose_language, fail, stdin_closed
    from fortlang.cli.simulate import game_sets, parse_bots, seated_game
    from fortlang.i18n import language_from_env
    from fortlang.table_pieces import table_piece

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
    # a game played on Fort's table (its own interface, GameModule.terminal), or Fort's
    terminal = table_piece(cardset.manifest.game, "terminal", "its terminal game")
    terminal(cardset, players, seed=seed, bots=bots, lang=lang, draft=draft)
