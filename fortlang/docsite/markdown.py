"""Small Markdown builders shared by the generated pages (tables, code blocks, icons)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: Pygments names of the fortlang lexers (see fortlang.docsite.lexer and pyproject.toml).
ACTION_LEXER = "fortlang"
SCORING_LEXER = "fortlang-scoring"


def cell(text: object) -> str:
    """Table-safe text: no pipes or newlines break the row."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(cell(h) for h in header) + " |",
             "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def code(text: str, lexer: str = ACTION_LEXER) -> str:
    return f"```{lexer}\n{text}\n```\n"


def inline(text: str, lexer: str = ACTION_LEXER) -> str:
    """Inline code, highlighted by a fortlang lexer (pymdownx.inlinehilite: ``#!fortlang``)."""
    return f"`#!{lexer} {text}`"


def icon(path: str, alt: str, title: str = "") -> str:
    """An icon image; ``alt`` is the registry word (stable for tests), ``title`` the local name."""
    title_attr = f' title="{title}"' if title else ""
    return f'![{alt}]({path}){{ .fl-icon{title_attr} }}'


def heading(level: int, text: str, anchor: str = "") -> str:
    anchor_attr = f" {{ #{anchor} }}" if anchor else ""
    return f"{'#' * level} {text}{anchor_attr}\n"
