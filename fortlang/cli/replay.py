"""``fortlang replay FILE``: re-execute logged games and say whether each is identical."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from fortlang.cli.common import MAX_INPUT, decode, fail, too_large
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.escape import shown
from fortlang.nodes import Span


@click.command()
@click.argument("path", type=click.Path(path_type=Path))
def replay(path: Path) -> None:
    """Re-execute every game in a JSONL replay FILE (from `fortlang simulate --log`); exit 1 if a
    state or an outcome differs."""
    from fortlang.cardset import base_set
    from fortlang.game.replay import replay as replay_one

    cardset = base_set()
    games = bad = 0
    try:
        for number, line in _lines(path):
            if not line.strip():
                continue
            verdict = replay_one(cardset, _entry(path, number, line))
            games += 1
            if not verdict.identical:
                bad += 1
                for i, line in enumerate(verdict.detail.split("\n")):  # each line escaped
                    click.echo(f"{shown(str(path))}:{number}: game {verdict.index}: "
                               f"{shown(line)}" if i == 0 else f"  {shown(line)}")
    except FortError as e:
        fail(e)
    click.echo(f"{games} game(s) replayed: {games - bad} identical, {bad} different")
    sys.exit(1 if bad or not games else 0)


def _entry(path: Path, number: int, line: str) -> dict[str, Any]:
    """The game logged on this line, or a FortError positioned on it."""
    where = Span(number, 1, number, 2)
    shown = "\n" * (number - 1) + line  # the source for the caret: only this line is kept
    try:
        entry = json.loads(line)
    except RecursionError:  # the decoder recurses per bracket: 100,000 `[` overflow it
        raise FortError(Diagnostic(ERROR, "E804", "JSON nested too deeply: not a replay line",
                                   where, str(path)), shown) from None
    except ValueError as e:
        raise FortError(Diagnostic(ERROR, "E901", f"not a replay line: {e}", where, str(path)),
                        shown) from None
    if not isinstance(entry, dict) or not {"seed", "players", "decisions"} <= set(entry):
        raise FortError(Diagnostic(ERROR, "E901", "not a replay line: a replay line needs "
                                   "seed, players and decisions", where, str(path)), shown)
    return entry


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """(number, text) of each line, read as they come: one line holds one game, so the cap is
    per line and a log of any length is read (an endless device stops at the first over-long
    line)."""
    try:
        with path.open("rb") as f:
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
        raise FortError(Diagnostic(ERROR, "E300", f"cannot read: {e.strerror or e}",
                                   file=str(path))) from None
