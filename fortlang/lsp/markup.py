"""Markdown for hovers: every value from a card file is escaped (control characters too)."""

from __future__ import annotations

import re

#: What Markdown may read as markup anywhere in a line, and at the start of one.
_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~!])")
_LEADING = re.compile(r"^(\d*)([-+=>.)])")


def text(value: object) -> str:
    r"""``value`` as literal Markdown text: special characters escaped, control characters
    shown as `?` (a card file is untrusted input).

    >>> text("*Bob* <b>\x1b[31m")
    '\\*Bob\\* \\<b\\>?\\[31m'
    """
    shown = "".join(ch if ch.isprintable() else " " if ch in "\t\n" else "?" for ch in str(value))
    return _LEADING.sub(r"\1\\\2", _SPECIAL.sub(r"\\\1", shown))


def code(value: str) -> str:
    """``value`` as inline code, fenced with more backticks than it holds.

    >>> code("gain pizza"), code("a`b")
    ('`gain pizza`', '``a`b``')
    """
    shown = "".join(ch if ch.isprintable() else "?" for ch in value)
    fence = "`" * (max((len(m) for m in re.findall(r"`+", shown)), default=0) + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"
