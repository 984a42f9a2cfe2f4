"""Quick fixes: every did-you-mean hint becomes a code action that puts the suggestion in
place of the word the diagnostic points at."""

from __future__ import annotations

import re
from typing import Any

from lsprotocol import types

from fortlang.lsp.source import Source

_SUGGESTION = re.compile(r"`([^`]+)`")


def suggestions(hint: str | None) -> list[str]:
    """The words a did-you-mean hint offers: ``did you mean `a` or `b`?`` -> [a, b] (also
    after a look-alike character's name).

    >>> suggestions("did you mean `shovel` or `glue`?")
    ['shovel', 'glue']
    >>> suggestions("`ｇ` is U+FF47 FULLWIDTH LATIN SMALL LETTER G: did you mean `gain`?")
    ['gain']
    >>> suggestions("quote the value to make it a string")
    []
    """
    at = hint.find("did you mean ") if hint else -1
    return _SUGGESTION.findall(hint[at:]) if hint and at >= 0 else []


def _hint(d: types.Diagnostic) -> str | None:
    data: Any = d.data
    if isinstance(data, dict) and isinstance(data.get("hint"), str):
        return data["hint"]
    marker = "\nhint: "  # a client that drops `data` still sends the message back
    return d.message.split(marker, 1)[1] if marker in d.message else None


def quick_fixes(src: Source, params: types.CodeActionParams) -> list[types.CodeAction]:
    out: list[types.CodeAction] = []
    for d in params.context.diagnostics:
        if d.source != "fortlang":
            continue
        for i, word in enumerate(suggestions(_hint(d))):
            old = _text_in(src, d.range)
            quote = old[0] if old[:1] in ("'", '"') and old[-1:] == old[:1] else ""
            new = f"{quote}{word}{quote}"
            out.append(types.CodeAction(
                title=f"Replace with `{word}`", kind=types.CodeActionKind.QuickFix,
                diagnostics=[d], is_preferred=i == 0,
                edit=types.WorkspaceEdit(changes={src.uri: [types.TextEdit(range=d.range,
                                                                           new_text=new)]})))
    return out


def _text_in(src: Source, r: types.Range) -> str:
    return src.text[src.offset(r.start):src.offset(r.end)]
