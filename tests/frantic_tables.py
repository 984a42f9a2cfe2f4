"""Frantic tables laid by hand for the rules and flow tests: given hands on a given top card."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fortlang.cardset.load import load_set
from fortlang.engine.asker import Asker
from fortlang.games.frantic.table import FranticTable, new_table

ROOT = Path(__file__).resolve().parent.parent
SET = load_set(ROOT / "cards" / "frantic-base")


def laid_table(hands: list[list[str]], top: str, asker: Asker,
               switches: Mapping[str, Any] | None = None) -> FranticTable:
    """A table (seed 7, invariants checked at every decision) whose seats hold ``hands`` (card
    ids, taken from the draw pile) and whose discard pile shows ``top``."""
    table = new_table(SET, len(hands), seed=7, asker=asker,
                      switches=dict(switches) if switches is not None else None)
    table.debug = True

    def grab(card_id: str) -> Any:
        card = next(c for c in table.draw_pile if c.id == card_id)
        table.draw_pile.remove(card)
        return card

    for seat, ids in enumerate(hands):
        table.players[seat].hand = [grab(i) for i in ids]
    table.discard.append(grab(top))
    return table
