"""The rules of Fort as pages of the site, and the numbers (R1-R15, R5.3 ...) they define.

The rule texts are data: one Markdown file per language in ``docs/rules/`` (shipped in the
wheel as ``fortlang/docs/rules/``), written in our own words and numbered as the code and the
tests cite them. A file marks a rule by starting a heading (``## R5 Play``) or a paragraph
(``R5.3 An action ...``) with its number; :func:`rules_page` gives each one its stable anchor
(``#r5``, ``#r5-3``), so no anchor is kept by hand.

>>> anchor("R5.3"), anchor("R14")
('r5-3', 'r14')
>>> mark_rules("## R5 Play\\n\\nR5.1 Play a card.\\n")
'## R5 Play { #r5 }\\n\\n[R5.1](#r5-1){ #r5-1 .fl-rule } Play a card.\\n'
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

#: A rule number as the code, the tests and the pages cite it: ``R5``, ``R5.3``, ``R12.13``.
NUMBER = re.compile(r"\bR(\d{1,2})(?:\.(\d{1,2}))?\b")
_HEADING = re.compile(r"^(#{2,6}) (R\d{1,2})\b(.*)$")
_PARAGRAPH = re.compile(r"^(R\d{1,2}\.\d{1,2}) ")

PAGE = "rules.md"  # the page's file in each language's docs folder


def anchor(number: str) -> str:
    """The HTML id of a rule number: ``R5.3`` -> ``r5-3``."""
    match = NUMBER.fullmatch(number)
    if match is None:
        raise ValueError(f"not a rule number: {number!r}")
    major, minor = match.groups()
    return f"r{major}" if minor is None else f"r{major}-{minor}"


def mark_rules(text: str) -> str:
    """Give every rule heading and numbered paragraph of a rules file its anchor."""
    out = []
    for line in text.splitlines():
        heading = _HEADING.match(line)
        paragraph = _PARAGRAPH.match(line)
        if heading is not None:
            hashes, number, title = heading.groups()
            line = f"{hashes} {number}{title} {{ #{anchor(number)} }}"
        elif paragraph is not None:
            number = paragraph.group(1)
            line = (f"[{number}](#{anchor(number)}){{ #{anchor(number)} .fl-rule }} "
                    + line[paragraph.end():])
        out.append(line)
    return "\n".join(out) + "\n"


def _folder() -> Path | None:
    from fortlang.resources import data_dir

    try:
        return data_dir("docs") / "rules"
    except FileNotFoundError:
        return None


def source(lang: str) -> str | None:
    """The rules file of ``lang`` as written, or None when fortlang ships without it."""
    folder = _folder()
    path = folder / f"{lang}.md" if folder is not None else None
    return path.read_text(encoding="utf-8") if path is not None and path.is_file() else None


def rules_page(lang: str) -> str | None:
    """The rules page of ``lang`` (Markdown with the anchors), or None without its file."""
    text = source(lang)
    return mark_rules(text) if text is not None else None


@cache
def defined(lang: str) -> frozenset[str]:
    """The rule numbers the rules file of ``lang`` defines (``R5``, ``R5.3`` ...)."""
    text = source(lang) or ""
    found = {m.group(2) for m in map(_HEADING.match, text.splitlines()) if m}
    found |= {m.group(1) for m in map(_PARAGRAPH.match, text.splitlines()) if m}
    return frozenset(found)


@cache
def summaries(lang: str) -> dict[str, str]:
    """Each numbered rule of the rules file of ``lang`` and its paragraph's text, in the
    file's order (completion of `error:` in a scenario names them).

    >>> summaries("en")["R5.5"].startswith("Every card you add must change")
    True
    """
    out: dict[str, str] = {}
    number: str | None = None
    for line in (source(lang) or "").splitlines() + [""]:
        paragraph = _PARAGRAPH.match(line)
        if paragraph is not None:
            number = paragraph.group(1)
            out[number] = line[paragraph.end():].strip()
        elif number is not None and line.strip() and not line.startswith(("#", "!!!", "  ")):
            out[number] += " " + line.strip()
        else:
            number = None
    return out
