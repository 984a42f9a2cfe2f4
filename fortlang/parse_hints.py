"""Hints that teach the form a designer meant, for a parse error (issue 36).

Each hint is one small function over (the text, where the parse failed, what was found, what the
parser would accept there, the language); the first that applies gives the hint. The words they
suggest come from the language (its vocabulary and the registry's comparison operators), never
from a second list. Each message is one complete English sentence built in one function, so that
it can be translated later.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fortlang import registry as reg

if TYPE_CHECKING:
    from fortlang.parser import Language

#: Where a primitive's words stop: an operator, a parenthesis or `->` starts another part.
_BOUNDARY = re.compile(r"\bthen\b|\bor\b|->|[()▶]|\n")
_WORD_BEFORE = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)[ \t]+$")


@dataclass(frozen=True)
class Failure:
    """Where and on what a parse failed."""

    text: str
    pos: int  # offset of what was found
    found: str  # the word or character found there
    accepted: frozenset[str]  # the terminals the parser would take there


def _segment_start(text: str, pos: int) -> int:
    """Where the part of the action holding ``pos`` starts (after the last operator)."""
    last = 0
    for m in _BOUNDARY.finditer(text, 0, pos):
        last = m.end()
    return last


def _segment_end(text: str, pos: int) -> int:
    m = _BOUNDARY.search(text, pos)
    return len(text) if m is None else m.start()


def arrow_after_condition(meant: str) -> str:
    return f"a condition is followed by `->`, not `:`: did you mean `{meant}`?"


def yaml_colon_in_condition(meant: str) -> str:
    return (f"a condition is followed by `->`, not `: ` (which YAML reads as a new key): did you "
            f"mean `{meant}`?")


def _colon_for_arrow(f: Failure, lang: Language) -> str | None:
    if f.found != ":" or "_ARROW" not in f.accepted:
        return None
    start = _segment_start(f.text, f.pos)
    meant = f"{f.text[start:f.pos].strip()} -> {f.text[f.pos + 1:].strip()}".strip()
    return arrow_after_condition(meant)


def comparison_reversed(meant: str) -> str:
    return f"did you mean `{meant}`? the comparisons are " + ", ".join(
        f"`{op}`" for op in reg.COMPARE_OPS) + "."


def _reversed_comparison(f: Failure, lang: Language) -> str | None:
    """`=>` lexes as `=` then `>`: the pair the other way round is a comparison."""
    if f.pos == 0 or not f.found or f.found[0] not in "<>=!":
        return None
    pair = f.text[f.pos - 1] + f.found[0]
    for meant in (pair[::-1], pair[0]):
        if len(pair) == 2 and meant in reg.COMPARE_OPS and pair not in reg.COMPARE_OPS:
            return comparison_reversed(meant)
    return None


def condition_first(meant: str) -> str:
    return f"a condition comes before the action it guards: did you mean `{meant}`?"


def _condition_after(f: Failure, lang: Language) -> str | None:
    if f.found != "if":
        return None
    start = _segment_start(f.text, f.pos)
    action = f.text[start:f.pos].strip()
    if not action:
        return None
    end = _segment_end(f.text, f.pos + 2)
    test = f.text[f.pos + 2:end].strip() or "..."
    return condition_first(f"if {test} -> {action}")


def one_word_name(meant: str) -> str:
    return f"suits and resources are single words: did you mean `{meant}`?"


def _split_name(f: Failure, lang: Language) -> str | None:
    """`water gun`: two words of one name."""
    m = _WORD_BEFORE.search(f.text, 0, f.pos)
    if m is None or not f.found[:1].isalpha():
        return None
    names = [*lang.resources, *lang.quantities, *lang.metrics]
    joined = f"{m.group(1)}_{f.found}".lower()
    close = difflib.get_close_matches(joined, [w for w in names if "_" in w], n=1, cutoff=0.75)
    return one_word_name(close[0]) if close else None


def extra_word(meant: str, word: str, syntax: str, meaning: str) -> str:
    return (f"did you mean `{meant}`? `{word}` is written `{syntax}`: {meaning}")


def _word_after_primitive(f: Failure, lang: Language) -> str | None:
    """`draw 2 cards`, `take toy from rival`: a word the language does not have, after a
    complete primitive: the primitive's form, and the text without the extra word."""
    keywords = {k.lower() for k in lang.keywords} | {"then", "or", "x", "a"}
    if not f.found[:1].isalpha() or f.found in keywords or "$END" not in f.accepted:
        return None
    start = _segment_start(f.text, f.pos)
    before = f.text[start:f.pos].strip()
    first = before.split()[0] if before.split() else ""
    spec = next((p for p in lang.vocab.primitives if p.keywords and p.keywords[0] == first), None)
    if spec is None:
        return None
    return extra_word(before, first, spec.syntax, spec.meaning)


_HINTS: tuple[Callable[[Failure, Language], str | None], ...] = (
    _colon_for_arrow, _reversed_comparison, _condition_after, _split_name,
    _word_after_primitive,
)


def teach(failure: Failure, lang: Language) -> str | None:
    """The first hint that applies to ``failure``, or None."""
    for hint in _HINTS:
        said = hint(failure, lang)
        if said is not None:
            return said
    return None


def unclosed_paren() -> str:
    return "this `(` is never closed: the action ends before its `)`"


def unclosed_paren_hint() -> str:
    return "add the `)` where the group ends"


def unmatched_open(text: str) -> int | None:
    """The offset of the innermost `(` left open at the end of ``text``, or None."""
    stack: list[int] = []
    for i, ch in enumerate(text):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            stack.pop()
    return stack[-1] if stack else None


def more_errors(count: int, unbounded: bool) -> str:
    """The line under an action's last error shown, when there are more."""
    if unbounded:
        return "and more errors in this action, not all searched: fix these first"
    return f"and {count} more errors in this action"
