"""What the language server's hover says of a card a Fort scenario file names (a kid, perk or
made-up rule: R1.1, R14, R15), after its name and id, which the core's hover writes
(``ScenarioRules.describe``; fortlang.lsp.hover)."""

from __future__ import annotations

from typing import Any

from fortlang.games.fort.model import KidCard, MadeUpRule
from fortlang.registry import Vocabulary


def detail(item: Any) -> str:
    """What the editor's completion says beside a card: its id, and a kid's suits (R1.1)."""
    if isinstance(item, KidCard):
        return f"{item.id} · {', '.join(s.value for s in item.suits)}"
    return str(item.id)


def describe(item: Any, lang: str, vocab: Vocabulary) -> tuple[list[str], list[str]]:
    """The card's tags (a kid's suits, best friend) and its paragraphs of Markdown: a kid's
    boxes explained and its source, a made-up rule's scoring and what it scores, a perk's
    text."""
    from fortlang.games.fort.phrasebook import perk_text, rule_text
    from fortlang.lsp import markup
    from fortlang.lsp.hover import explain
    from fortlang.printer import to_text

    if isinstance(item, KidCard):
        tags = [", ".join(markup.text(s.value) for s in item.suits)]
        if item.best_friend:
            tags.append("best friend")
        out = []
        for box in ("public", "private"):
            action = getattr(item, box)
            out.append(f"{box}: " + (explain(action, lang, vocab).replace("\n\n", " — ")
                                     if action is not None else "blank"))
        out.append(f"source: {markup.text(item.source.value)}")
        return tags, out
    if isinstance(item, MadeUpRule):
        return [], ["score: " + markup.code(to_text(item.score)),
                    markup.text(rule_text(item, lang))]
    return [], [markup.text(perk_text(item, lang))]
