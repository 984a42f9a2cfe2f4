"""``fortlang replay FILE``: re-execute logged games and say whether each is identical."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from fortlang.cli.common import MAX_INPUT, decode, fail, not_yet, too_large
from fortlang.cli.module_replay import is_module_line, logged_set_ids
from fortlang.cli.simulate import game_sets, sets_option
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.escape import shown
from fortlang.nodes import Span


@click.command()
@click.argument("path", type=click.Path(path_type=Path))
@sets_option
def replay(path: Path, sets: tuple[str, ...]) -> None:
    """Re-execute every game in a JSONL replay FILE (from `fortlang simulate --log`) with the
    card sets it was played with (--sets, as simulate took it; a game module's log names
    them, and its bundled sets are found without --sets); exit 1 if a state or an outcome
    differs. A log of other card data is refused (E335)."""
    from fortlang.cardset.table import fingerprint

    lines = _nonblank(path)
    try:
        first = next(lines, None)
        if first is not None and not sets:  # a game module's log names its sets
            entry = _json_line(path, *first)
            if is_module_line(entry):
                sets = logged_set_ids(entry) or sets
    except FortError as e:
        fail(e)
    played, cardset = game_sets(sets, modules=True)
    game = _module_of(cardset)
    ours = [fingerprint(s) for s in played]
    games = bad = 0
    try:
        for number, line in itertools.chain([first] if first else [], lines):
            identical = (_replay_fort if game is None else _replay_module)(
                path, number, line, cardset, game, ours)
            games += 1
            bad += not identical
    except FortError as e:
        fail(e)
    click.echo(f"{games} game(s) replayed: {games - bad} identical, {bad} different")
    sys.exit(1 if bad or not games else 0)


def _nonblank(path: Path) -> Iterator[tuple[int, str]]:
    return ((number, line) for number, line in _lines(path) if line.strip())


def _module_of(cardset: Any) -> Any:
    """The game module of the loaded sets when it has its own cards (None: Fort); one
    without a game loop cannot be replayed (E906)."""
    from fortlang.cardset.build import usable_game

    game = usable_game(cardset.manifest.game)
    if game is not None and not game.run:
        not_yet("`fortlang replay`", game.title("en"), "it has no game loop", file="--sets",
                hint="what it can do today is in `fortlang --help` and its docs")
    return game


def _replay_fort(path: Path, number: int, line: str, cardset: Any, game: Any,
                 ours: list[dict[str, str]]) -> bool:
    """One of Fort's lines replayed; its differences printed. Whether it is identical."""
    from fortlang.sim.replay import replay as replay_one

    entry = _entry(path, number, line)
    _same_sets(path, number, line, entry, ours)
    verdict = replay_one(cardset, entry)
    if not verdict.identical:
        for i, text in enumerate(verdict.detail.split("\n")):  # each line escaped
            click.echo(f"{shown(str(path))}:{number}: game {verdict.index}: "
                       f"{shown(text)}" if i == 0 else f"  {shown(text)}")
    return verdict.identical


def _replay_module(path: Path, number: int, line: str, cardset: Any, game: Any,
                   ours: list[dict[str, str]]) -> bool:
    """One of a game module's lines replayed; its difference reported where it is on the
    line (fortlang.cli.module_replay). Whether it is identical."""
    from fortlang.cli.common import report
    from fortlang.cli.module_replay import bounded, replay_line, same_sets

    entry = _json_line(path, number, line)
    if not is_module_line(entry):
        raise FortError(Diagnostic(
            ERROR, "E335", f"game logged with other card data: a game of Fort, the sets "
            f"loaded are {game.title('en')}'s", Span(number, 1, number, 2), str(path),
            hint="replay with the sets the log was made with (--sets ...)"),
            "\n" * (number - 1) + line[:200])
    bounded(path, number, line, entry, game)
    same_sets(path, number, line, entry, ours)
    error = replay_line(path, number, line, entry, game, cardset)
    if error is None:
        return True
    report(error.diagnostics, error.source)
    return False


def _json_line(path: Path, number: int, line: str) -> Any:
    """The JSON value on this line, or a FortError positioned on it."""
    where = Span(number, 1, number, 2)
    shown = "\n" * (number - 1) + line  # the source for the caret: only this line is kept
    def bounded_int(text: str) -> int:  # refused before conversion past MAX_DIGITS
        if len(text.lstrip("-")) > MAX_DIGITS:
            column = line.find(text) + 1 or 1
            raise FortError(Diagnostic(
                ERROR, "E901", f"not a replay line: a number of more than {MAX_DIGITS} digits",
                Span(number, column, number, column + 1), str(path)), shown)
        return int(text)

    try:
        return json.loads(line, parse_int=bounded_int)
    except RecursionError:  # the decoder recurses per bracket: 100,000 `[` overflow it
        raise FortError(Diagnostic(ERROR, "E804", "JSON nested too deeply: not a replay line",
                                   where, str(path)), shown) from None
    except ValueError as e:
        raise FortError(Diagnostic(ERROR, "E901", f"not a replay line: {e}", where, str(path)),
                        shown) from None


def _entry(path: Path, number: int, line: str) -> dict[str, Any]:
    """The game logged on this line, or a FortError positioned on it."""
    where = Span(number, 1, number, 2)
    shown = "\n" * (number - 1) + line  # the source for the caret: only this line is kept
    entry = _json_line(path, number, line)
    if is_module_line(entry):
        raise FortError(Diagnostic(
            ERROR, "E335", f"game logged with other card data: a game of "
            f"`{str(entry['module'])[:80]}`, the sets loaded are Fort's", where, str(path),
            hint="replay with the sets the log was made with (--sets ...)"), shown)
    if not isinstance(entry, dict) or not {"seed", "players", "decisions"} <= set(entry):
        raise FortError(Diagnostic(ERROR, "E901", "not a replay line: a replay line needs "
                                   "seed, players and decisions", where, str(path)), shown)
    problem = _out_of_range(entry)
    if problem is not None:  # before anything is built from it (10^9 players took 7.8 GB)
        key, message = problem
        column = line.find(f'"{key}"') + 1 or 1
        raise FortError(Diagnostic(ERROR, "E901", f"not a replay line: `{key}` {message}",
                                   Span(number, column, number, column + len(key) + 2),
                                   str(path)), shown)
    return entry


#: Digits of a number in a replay line: a seed is 63 bits (19 digits).
MAX_DIGITS = 20
#: The most options a decision may have that a log can name.
MAX_OPTION = 1_000_000


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _out_of_range(entry: dict[str, Any]) -> tuple[str, str] | None:
    """(key, what is wrong) for the first field out of the range a game can have."""
    if not _whole(entry["players"], 2, 4):
        return "players", "must be 2, 3 or 4"
    if not _whole(entry["seed"], 0, 2 ** 64 - 1):
        return "seed", "must be a whole number from 0 to 2^64 - 1"
    if "game" in entry and not _whole(entry["game"], 0, 2 ** 63 - 1):
        return "game", "must be a whole number from 0 to 2^63 - 1"
    if "draft" in entry and type(entry["draft"]) is not bool:
        return "draft", "must be true or false"
    decisions = entry["decisions"]
    if not isinstance(decisions, list) or not all(
            isinstance(d, list) and len(d) == 2 and isinstance(d[0], str)
            and _whole(d[1], 0, MAX_OPTION) for d in decisions):
        return "decisions", f"must be a list of [kind, option] pairs, options from 0 to " \
            f"{MAX_OPTION:,}"
    return None


def _same_sets(path: Path, number: int, line: str, entry: dict[str, Any],
               ours: list[dict[str, str]]) -> None:
    """E335 unless the line was logged with the same sets (id, version, content hash); a line
    without `sets` is from before sets were logged: the base game."""
    logged = entry.get("sets") or [{"id": "fort-base"}]
    if not isinstance(logged, list) or not all(isinstance(s, dict) for s in logged):
        logged = [{"id": "?"}]
    mine = [{k: s[k] for k in ("id", "version", "hash") if k in theirs}
            for s, theirs in zip(ours, logged, strict=False)]
    if len(logged) == len(ours) and mine == logged:
        return

    def names(sets: list[dict[str, Any]]) -> str:
        return ", ".join(f"{s.get('id')} {s.get('version', '')} #{s.get('hash', '?')}".strip()
                         for s in sets)

    raise FortError(Diagnostic(
        ERROR, "E335", f"game logged with other card data: {names(logged)}; loaded: "
        f"{names(ours)}", Span(number, 1, number, 2), str(path),
        hint="replay with the sets the log was made with (--sets ...)"),
        "\n" * (number - 1) + line[:200])


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """(number, text) of each line, read as they come: one line holds one game, so the cap is
    per line and a log of any length is read (an endless device stops at the first over-long
    line); a FIFO, a device or a procfs file is refused by kind before any read."""
    from fortlang.inputs import open_regular, unreadable

    try:
        with open_regular(path) as f:
            for number in itertools.count(1):
                raw = f.readline(MAX_INPUT + 1)
                if not raw:
                    return
                if len(raw) > MAX_INPUT:
                    raise too_large(str(path))
                try:
                    text = decode(raw, str(path))
                except FortError as e:  # its position is within the line
                    raise e.located(str(path), number - 1) from None
                yield number, text.rstrip("\r\n")
    except OSError as e:
        raise FortError(Diagnostic(ERROR, "E300", unreadable(e), file=str(path))) from None
