"""The rules of Fort (and of a game module) as pages of the site, and the numbers (R1-R15,
R5.3 ...) they define.

The rule texts are data: one Markdown file per language in ``docs/rules/`` (shipped in the
wheel as ``fortlang/docs/rules/``), written in our own words and numbered as the code and the
tests cite them. A file marks a rule by starting a heading (``## R5 Play``) or a paragraph
(``R5.3 An action ...``) with its number; :func:`rules_page` gives each one its stable anchor
(``#r5``, ``#r5-3``), so no anchor is kept by hand. A game module's digest, declared by the
module (``GameModule.rules_pages``, :func:`game_source`), is marked the same way with its own
letter (``## F4 ...``, ``- F4.2 ...``: ``#f4-2``).

>>> anchor("R5.3"), anchor("R14")
('r5-3', 'r14')
>>> mark_rules("## R5 Play\\n\\nR5.1 Play a card.\\n")
'## R5 Play { #r5 }\\n\\n[R5.1](#r5-1){ #r5-1 .fl-rule } Play a card.\\n'
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fortlang.module import GameModule

@cache
def number_pattern(letter: str = "R") -> re.Pattern[str]:
    """A rule number of the game whose numbers start with ``letter``, as the code, the tests
    and the pages cite it: ``R5``, ``R5.3``, ``R12.13`` (Fort's); ``F4.2`` (Frantic's).

    >>> number_pattern("F").findall("F4.2, R5.3 and F10")
    [('4', '2'), ('10', '')]
    """
    return re.compile(rf"\b{re.escape(letter)}(\d{{1,2}})(?:\.(\d{{1,2}}))?\b")


#: Fort's rule numbers.
NUMBER = number_pattern("R")
_HEADING = re.compile(r"^(#{2,6}) (R\d{1,2})\b(.*)$")
_PARAGRAPH = re.compile(r"^(R\d{1,2}\.\d{1,2}) ")

PAGE = "rules.md"  # the page's file in each language's docs folder


#: A rule number of any game: Fort's ``R5.3``, a module digest's ``F4.2`` or ``G2.1``.
_ANY_NUMBER = re.compile(r"([A-Z])(\d{1,2})(?:\.(\d{1,2}))?")
#: A game module's digest marks a numbered rule as a list item: ``- F1.1 125 play cards...``.
_LETTER = re.compile(r"^#{2,6} ([A-Z])\d{1,2}\b", re.M)


def anchor(number: str) -> str:
    """The HTML id of a rule number: ``R5.3`` -> ``r5-3``, ``F1.2`` -> ``f1-2``."""
    match = _ANY_NUMBER.fullmatch(number)
    if match is None:
        raise ValueError(f"not a rule number: {number!r}")
    letter, major, minor = match.groups()
    prefix = letter.lower() + major
    return prefix if minor is None else f"{prefix}-{minor}"


def mark_rules(text: str, letter: str = "R") -> str:
    """Give every rule heading and numbered paragraph (or list item) of a rules file its
    anchor; ``letter`` starts the game's rule numbers (``R`` for Fort's).

    >>> mark_rules("## F1 Cards\\n\\n- F1.1 Play a card.\\n", "F")
    '## F1 Cards { #f1 }\\n\\n- [F1.1](#f1-1){ #f1-1 .fl-rule } Play a card.\\n'
    """
    head = re.compile(rf"^(#{{2,6}}) ({letter}\d{{1,2}})\b(.*)$")
    numbered = re.compile(rf"^((?:- )?)({letter}\d{{1,2}}\.\d{{1,2}}) ")
    out = []
    for line in text.splitlines():
        heading = head.match(line)
        paragraph = numbered.match(line)
        if heading is not None:
            hashes, number, title = heading.groups()
            line = f"{hashes} {number}{title} {{ #{anchor(number)} }}"
        elif paragraph is not None:
            bullet, number = paragraph.groups()
            line = (f"{bullet}[{number}](#{anchor(number)}){{ #{anchor(number)} .fl-rule }} "
                    + line[paragraph.end():])
        out.append(line)
    return "\n".join(out) + "\n"


def numbered(text: str, letter: str = "R") -> frozenset[str]:
    """The rule numbers a rules file defines, in headings and numbered paragraphs or list
    items: a translation defines the same ones as its English page.

    >>> sorted(numbered("## F1 Cards\\n\\n- F1.1 Play.\\nSee F9.2.\\n", "F"))
    ['F1', 'F1.1']
    """
    head = re.compile(rf"^#{{2,6}} ({letter}\d{{1,2}})\b", re.M)
    item = re.compile(rf"^(?:- )?({letter}\d{{1,2}}\.\d{{1,2}}) ", re.M)
    return frozenset(head.findall(text)) | frozenset(item.findall(text))


def letter_of(text: str) -> str:
    """The letter a digest's rule numbers start with, read from its first numbered heading
    (``## F1 Components`` -> ``F``); ``R`` when it has none."""
    match = _LETTER.search(text)
    return match.group(1) if match is not None else "R"


def game_source(game: GameModule, lang: str) -> str | None:
    """The rules page ``game`` declares for ``lang`` (``rules_pages``), as written, or None.
    The reference is the installed module's own (never a card set's): ``package:path`` of a
    file its package ships; fortlang's own games ship theirs in its ``docs/`` folder."""
    ref = game.rules_pages.get(lang)
    if not ref:
        return None
    package, _, name = ref.partition(":")
    target: Traversable | Path = files(package).joinpath(name)
    if package == "fortlang" and not target.is_file() and name.startswith("docs/"):
        from fortlang.resources import data_dir

        try:  # a source checkout: docs/ is beside the package, not in it
            target = data_dir("docs") / name.removeprefix("docs/")
        except FileNotFoundError:
            return None
    return target.read_text(encoding="utf-8") if target.is_file() else None


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
