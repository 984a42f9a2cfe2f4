"""Issue 33 stage 5 ("Fort unchanged"): every bundled card parses to the same AST
(``nodes.to_json``, spans included), prints to the same canonical text and explains itself in
the same words in en/fr/ru as when this golden was recorded (before the argument kinds of
fortlang.vocabulary). Regenerate only when Fort's language changes on purpose:
``FORTLANG_REGOLD=1 pytest tests/test_bundled_cards_golden.py``."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

from fortlang import nodes as n
from fortlang.cardset.load import load_bundled
from fortlang.games.fort.model import kids_of, perks_of, rules_of
from fortlang.games.fort.phrasebook import perk_text, rule_text
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.registry import LANGUAGES

GOLDEN = Path(__file__).parent / "golden" / "bundled-cards" / "cards.json"


def _record() -> dict[str, object]:
    out: dict[str, object] = {}
    for set_id, cards in sorted(load_bundled().items()):
        for kid in kids_of(cards):
            for side in ("public", "private"):
                action = getattr(kid, side)
                if action is not None:
                    out[f"{set_id}/kid/{kid.id}/{side}"] = {
                        "ast": n.to_json(action), "text": to_text(action),
                        **{lang: sentence(action, lang) for lang in LANGUAGES}}
        for perk in perks_of(cards):
            entry: dict[str, object] = {lang: perk_text(perk, lang) for lang in LANGUAGES}
            if perk.action is not None:
                entry |= {"ast": n.to_json(perk.action), "text": to_text(perk.action)}
            out[f"{set_id}/perk/{perk.id}"] = entry
        for rule in rules_of(cards):
            out[f"{set_id}/rule/{rule.id}"] = {
                "ast": n.to_json(rule.score), "text": to_text(rule.score),
                **{lang: rule_text(rule, lang) for lang in LANGUAGES}}
    return out


def test_every_bundled_card_parses_prints_and_explains_as_recorded() -> None:
    now = json.dumps(_record(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if os.environ.get("FORTLANG_REGOLD"):
        GOLDEN.write_text(now, encoding="utf-8")
    recorded = GOLDEN.read_text(encoding="utf-8")
    assert len(json.loads(recorded)) > 100  # every set's cards, not an empty file
    if now != recorded:
        diff = difflib.unified_diff(recorded.splitlines(), now.splitlines(), "recorded", "now",
                                    lineterm="", n=2)
        raise AssertionError("\n".join(list(diff)[:80]))
