"""Where Fort's faces are written in a site's assets folder: a kid's (R1.1) by its id, a
made-up rule's (R14), a perk's (R15) and the board's (R10) beside it, one folder per set. The
glossary, the browser and the faces list link the same files."""

from __future__ import annotations

from fortlang.model import Card


def kid_path(set_id: str, card: Card) -> str:
    return f"faces/{set_id}/{card.id}.svg"


def rule_path(set_id: str, rule: Card) -> str:
    return f"faces/{set_id}/rule-{rule.id}.svg"


def perk_path(set_id: str, perk: Card) -> str:
    return f"faces/{set_id}/perk-{perk.id}.svg"


def board_path(set_id: str) -> str:
    return f"faces/{set_id}/board.svg"
