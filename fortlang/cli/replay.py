"""``fortlang replay FILE``: re-execute logged games and say whether each is identical."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from fortlang.cli.common import fail, read_text
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.nodes import Span


@click.command()
@click.argument("path", type=click.Path(path_type=Path))
def replay(path: Path) -> None:
    """Re-execute every game in a JSONL replay FILE (from `fortlang simulate --log`); exit 1 if a
    state or an outcome differs."""
    from fortlang.cardset import base_set
    from fortlang.game.replay import replay as replay_one

    try:
        text = read_text(path)
    except FortError as e:
        fail(e)
    cardset = base_set()
    games = bad = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict) or not {"seed", "players", "decisions"} <= set(entry):
                raise ValueError("a replay line needs seed, players and decisions")
        except ValueError as e:
            fail(Diagnostic(ERROR, "E602", f"not a replay line: {e}",
                            Span(number, 1, number, 2), str(path)), text)
        verdict = replay_one(cardset, entry)
        games += 1
        if not verdict.identical:
            bad += 1
            click.echo(f"{path}:{number}: game {verdict.index}: {verdict.detail}")
    click.echo(f"{games} game(s) replayed: {games - bad} identical, {bad} different")
    sys.exit(1 if bad or not games else 0)
