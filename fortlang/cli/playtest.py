"""``fortlang playtest``: one table in the browser, the rules enforced, bots in the empty chairs."""

from __future__ import annotations

import ipaddress
import random
import socket
from pathlib import Path
from typing import Any

import click

from fortlang.cli.simulate import sets_option
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.escape import shown
from fortlang.phrasebook import LANGUAGES

LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1", "[::1]"]


def playtest_missing() -> FortError:
    return FortError(Diagnostic(ERROR, "E608", "the playtest server needs the playtest extra",
                                file="fortlang playtest",
                                hint="pip install 'fortlang[playtest]'"))


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


@click.command()
@click.option("--players", type=click.IntRange(2, 8), default=2, show_default=True,
              help="Seats at the table (Fort: 2 to 4; a game module's own range).")
@click.option("--seats", type=click.IntRange(1, 8), default=1, show_default=True,
              help="People at the table (the first seats); bots take the others.")
@click.option("--bots", "bots_text", default="greedy", show_default=True,
              help="Bots for the other seats, repeated as needed: greedy, random, mcts[:BUDGET].")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help="Language of the card faces and names.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Seed of the game (random if omitted).")
@click.option("--draft", is_flag=True, help="Draft set-up (R2.5).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; another than loopback lets others on the network in "
                   "(each still needs their seat's link).")
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="Port to listen on (default: a free one).")
@click.option("--pace", type=click.FloatRange(0, 10), default=0.6, show_default=True,
              help="Seconds between two bot decisions (0: at once).")
@click.option("--load", "load", type=click.Path(path_type=Path), default=None,
              help="Resume a saved playtest (a line from its `save the game` link, or a "
                   "`simulate --log` line).")
@click.option("--no-browser", is_flag=True, help="Print the links only; open no browser.")
@sets_option
def playtest(players: int, seats: int, bots_text: str, lang: str, seed: int | None,
             draft: bool, host: str, port: int, pace: float, load: Path | None,
             no_browser: bool, sets: tuple[str, ...]) -> None:
    """Serve one table of Fort, or of a game module's sets, in the browser: each person gets
    a private link, the engine enforces every rule, bots play the other seats. Ctrl-C stops
    the server."""
    from fortlang.cli.common import fail
    from fortlang.cli.simulate import game_sets, parse_bots

    try:
        import uvicorn

        from fortlang.playtest.server import Playtest
    except ImportError:
        fail(playtest_missing())
    from fortlang.engine.choices import IllegalMove
    from fortlang.games import GameError
    from fortlang.table_pieces import table_piece

    bots = parse_bots(bots_text)
    played, cardset = game_sets(sets, modules=True)
    game = _module_game(cardset, players, bots, draft)
    history: list[int] = []
    if load is not None:
        seed, players, draft, history = (_loaded(load, played) if game is None
                                         else _module_loaded(load, played, game))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if seats > players:
        raise click.BadParameter(f"{seats} people for {players} players: give each person a "
                                 f"seat (--seats {players} or fewer)", param_hint="'--seats'")
    game_seed, people, game_players, game_draft = seed, seats, players, draft
    try:  # the game's own table (Fort's for a game on Fort's table), else the generic one
        own_table = table_piece(cardset.manifest.game, "playtest", "its playtest table")
    except GameError as e:
        fail(Diagnostic(ERROR, e.code, e.message, file="--sets", hint=e.hint))

    def make_table() -> Any:
        if own_table is None:
            from fortlang.cardset.table import fingerprint
            from fortlang.playtest.module_table import ModuleTable

            return ModuleTable(game, cardset, players=game_players, humans=people, bots=bots,
                               seed=game_seed, history=history, lang=lang,
                               sets=[fingerprint(s) for s in played])
        return own_table(cardset, players=game_players, humans=people, bots=bots,
                         seed=game_seed, draft=game_draft, history=history, sets=played,
                         lang=lang)

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host.strip("[]"), port))
    except OSError as e:
        sock.close()
        raise click.BadParameter(f"cannot listen on {host}:{port}: {e.strerror} (choose "
                                 "another --port, or leave it out)",
                                 param_hint="'--port'") from None
    loopback = _is_loopback(host)
    try:
        app = Playtest(make_table, pace=pace, hosts=LOOPBACK_NAMES if loopback else None)
    except IllegalMove as e:  # a saved game that does not replay on these cards
        sock.close()
        fail(Diagnostic(ERROR, "E901", f"the saved game does not replay: {e}",
                        file=str(load or "fortlang playtest")))
    address = sock.getsockname()
    shown_host = f"[{address[0]}]" if ":" in address[0] else address[0]
    root = f"http://{shown_host}:{address[1]}"
    table = app.table
    title = "Fort" if game is None else shown(game.title(lang))
    click.echo(f"{title} playtest, {players} players, seed {seed}: serving on {root}")
    if not loopback:
        click.echo("listening beyond this machine: anyone with a seat's link can play it")
    for seat, token in enumerate(table.tokens):
        click.echo(f"  player {seat + 1}: {root}/t/{token}/")
    click.echo(f"  host (every link, the public table): {root}/t/{table.host_token}/")
    if not no_browser and table.tokens:
        import webbrowser

        webbrowser.open(f"{root}/t/{table.tokens[0]}/")
    config = uvicorn.Config(app.app, log_level="warning", limit_concurrency=128,
                            timeout_keep_alive=5, timeout_graceful_shutdown=2, lifespan="on")
    server: Any = uvicorn.Server(config)
    server.run(sockets=[sock])


def _loaded(path: Path, played: Any) -> tuple[int, int, bool, list[int]]:
    """(seed, players, draft, answers) of the first game in a saved file, checked as
    ``fortlang replay`` checks a line (bounded numbers, the same sets)."""
    from fortlang.cardset.table import fingerprint
    from fortlang.cli.common import fail
    from fortlang.cli.replay import _entry, _lines, _same_sets

    try:
        for number, line in _lines(path):
            if line.strip():
                entry = _entry(path, number, line)
                _same_sets(path, number, line, entry, [fingerprint(s) for s in played])
                return (entry["seed"], entry["players"], bool(entry.get("draft", False)),
                        [index for _, index in entry["decisions"]])
    except FortError as e:
        fail(e)
    fail(Diagnostic(ERROR, "E901", "not a replay line: the file holds no game", file=str(path)))


def _module_game(cardset: Any, players: int, bots: list[str], draft: bool) -> Any:
    """The game module of the sets when it has its own cards (None: Fort), and what it
    cannot serve refused before the server starts (exit 1): players outside its range (E905),
    --draft (E906), a bot it lacks (E902), the search bot without a determinization (E906).
    Fort keeps its own range (click's words, as before modules were served)."""
    from fortlang.cardset.build import usable_game
    from fortlang.cli.simulate import module_can_play, seated_game

    if usable_game(cardset.manifest.game) is None:
        if players > 4:
            raise click.BadParameter(f"{players} is not in the range 2<=x<=4.",
                                     param_hint="'--players'")
        return None
    game = seated_game(cardset, players)
    module_can_play(game, "`fortlang playtest`", bots, {"--draft": draft}, "Fort's set-up only")
    return game


def _module_loaded(path: Path, played: Any, game: Any) -> tuple[int, int, bool, list[int]]:
    """(seed, players, False, answers) of the first game in a module's saved line (its `save
    the game` link, or a `simulate --log` line), bounded and checked against the sets loaded
    as ``fortlang replay`` checks it; chance outcomes are drawn again from the seed."""
    from fortlang.cardset.table import fingerprint
    from fortlang.cli.common import fail
    from fortlang.cli.module_replay import bounded, same_sets
    from fortlang.cli.replay import _json_line, _lines
    from fortlang.engine.journal import CHANCE_KIND

    try:
        for number, line in _lines(path):
            if line.strip():
                entry = _json_line(path, number, line)
                if not isinstance(entry, dict):
                    fail(Diagnostic(ERROR, "E901", "not a replay line: a line is one JSON object",
                                    file=f"{path}:{number}"))
                bounded(path, number, line, entry, game)  # players in the game's range
                same_sets(path, number, line, entry, [fingerprint(s) for s in played])
                return (entry["seed"], entry["players"], False,
                        [a[1] for a in entry["answers"] if a[0] != CHANCE_KIND])
    except FortError as e:
        fail(e)
    fail(Diagnostic(ERROR, "E901", "not a replay line: the file holds no game", file=str(path)))
