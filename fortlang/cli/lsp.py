"""``fortlang lsp``: the language server, over standard input and output."""

from __future__ import annotations

import click


@click.command()
def lsp() -> None:
    """Run the language server (LSP over stdio) for card, scenario and manifest files.

    \b
    An editor starts it; see docs/editors.md (VS Code, Neovim, Helix). It reports what
    `fortlang check` and `fortlang test` do as you type, explains actions on hover,
    completes words, goes to definitions, formats like `fortlang fmt`, and fixes typos.
    """
    from fortlang.lsp.server import serve

    serve()
