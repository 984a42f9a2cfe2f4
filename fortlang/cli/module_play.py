"""``fortlang play`` of a game module's sets: a person at seat 1 and bots at the others, the
game played through the module's own ``run`` with :class:`fortlang.agents.terminal.TerminalTable`
as its asker (what the person is told is the module's narration)."""

from __future__ import annotations

import sys
from typing import Any

from fortlang.cli.common import fail, not_yet
from fortlang.errors import ERROR, Diagnostic
from fortlang.model import CardSet


def play_module(game: Any, table: CardSet, *, players: int, seed: int, bots: list[str],
                lang: str, draft: bool) -> None:
    """One game of ``game`` at the terminal; exit 0 at its end or when the person quits."""
    from rich.console import Console

    from fortlang.agents.bots import agent_seed
    from fortlang.agents.terminal import Quit, TerminalTable, narration_of
    from fortlang.escape import shown
    from fortlang.games import GameError
    from fortlang.i18n import ui
    from fortlang.sim.module_games import MODULE_BOTS, make_agent

    title = game.title(lang)
    if draft:
        not_yet("--draft", game.title("en"), "Fort's set-up only", file="--draft",
                hint="leave it out for a game module's sets")
    if not game.run:
        not_yet("`fortlang play`", game.title("en"), "it has no game loop", file="--sets",
                hint="what it can do today is in `fortlang --help` and its docs")
    for name in bots:
        if name.partition(":")[0] == "mcts":  # it searches through the pull API: simulate's
            not_yet("bot `mcts`", game.title("en"), "the search bot plays a module's games in "
                    "`fortlang simulate` only", file="--bots", hint="--bots greedy or random")
        if name not in MODULE_BOTS:
            fail(Diagnostic(ERROR, "E902", f"bot `{name}` does not play {game.title('en')} yet",
                            file="--bots", hint="bots: " + ", ".join(MODULE_BOTS)))
    try:
        run = game.piece("run")
        narration = narration_of(game)
    except Exception as e:  # a module's missing or broken piece is the user's report
        raise SystemExit(_broken(game, e)) from None
    console = Console(highlight=False)
    names = [ui(lang, "you")] + [bots[(i - 1) % len(bots)] for i in range(1, players)]
    agents: list[Any] = [None] + [make_agent(names[seat], agent_seed(seed, seat), table.cards)
                                  for seat in range(1, players)]
    asker = TerminalTable(console, sys.stdin, lang, agents, names, narration,
                          {c.id: c for c in table.cards})
    console.print(ui(lang, "module.start", game=shown(title), players=players, seed=seed,
                     seat=ui(lang, "seat", n=1)), markup=False)
    try:
        out = run(table, players, seed=seed, asker=asker, debug=False)
    except (Quit, KeyboardInterrupt) as e:
        why = ui(lang, f"bye.{e}") if isinstance(e, Quit) else ui(lang, "bye.interrupted")
        console.print("\n" + ui(lang, "bye", why=why, seed=seed), markup=False)
        sys.exit(0)
    except GameError as e:
        fail(Diagnostic(ERROR, e.code, e.message, file="--sets", hint=e.hint))
    if asker.table is not None:
        asker.show(asker.table)
    console.print("\n" + ui(lang, "final"), markup=False)
    for seat, score in enumerate(out.scores):
        console.print(ui(lang, "module.score", who=shown(asker.who(seat)), score=score),
                      markup=False)
    won = ui(lang, "and").join(asker.who(w) for w in out.winners)
    console.print(ui(lang, "module.winner", who=shown(won), turns=out.turns), markup=False)


def _broken(game: Any, error: Exception) -> int:
    from fortlang.cli.common import report

    report([Diagnostic(ERROR, "E351", f"game module `{game.name}`: a piece fails to load: "
                       f"{type(error).__name__}: {error}", file="--sets")])
    return 1
