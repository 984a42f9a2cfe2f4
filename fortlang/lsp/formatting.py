"""Formatting is ``fortlang fmt`` over the editor's text: one edit, or none when the file has
errors (its diagnostics say which) or is already canonical."""

from __future__ import annotations

from lsprotocol import types

from fortlang.lsp.source import CARDS, Source


def format_document(src: Source) -> list[types.TextEdit]:
    if src.kind != CARDS:
        return []  # manifests and scenarios hold no actions fmt rewrites
    from fortlang.cardset.fmt import format_file

    result = format_file(src.path, src.text)
    if result.new is None or not result.changed:
        return []
    return [types.TextEdit(range=src.whole(), new_text=result.new)]
