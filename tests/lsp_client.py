"""Test helpers for the language server: a set folder to edit, and a client session that
starts ``fortlang lsp`` as a subprocess and talks to it over stdio (pytest-lsp)."""

from __future__ import annotations

import asyncio
import shutil
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = Path(__file__).resolve().parent.parent


def server_command() -> list[str]:
    """`fortlang lsp` as an editor starts it: the installed script, else the module."""
    exe = Path(sys.executable).with_name("fortlang")
    if exe.exists():
        return [str(exe), "lsp"]
    return [sys.executable, "-c", "from fortlang.cli import main; main()", "lsp"]


CONFIG = ClientServerConfig(server_command=server_command())


def copy_base(folder: Path) -> Path:
    """A copy of the bundled base set to edit (the server reads sets from disk)."""
    target = folder / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", target)
    return target


def uri(path: Path) -> str:
    return from_fs_path(str(path)) or ""


async def open_file(client: LanguageClient, path: Path, text: str | None = None,
                    version: int = 1) -> list[types.Diagnostic]:
    """Open ``path`` (its text from disk unless given) and return its published diagnostics."""
    text = path.read_text(encoding="utf-8") if text is None else text
    client.diagnostics.pop(uri(path), None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(path), language_id="yaml",
                                             version=version, text=text)))
    return await diagnostics_of(client, path)


async def change_file(client: LanguageClient, path: Path, text: str,
                      version: int) -> list[types.Diagnostic]:
    client.diagnostics.pop(uri(path), None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    return await diagnostics_of(client, path)


#: How long to wait for the server's diagnostics. How soon they come is not what is checked:
#: with a loaded 2-core machine the first check of a set took 1 s of the 4 s once allowed, and
#: much longer under heavier load, so the wait is bounded generously (never publishing fails).
WAIT = 120


async def diagnostics_of(client: LanguageClient, path: Path) -> list[types.Diagnostic]:
    """The next diagnostics published for ``path``."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if uri(path) in client.diagnostics:
            return list(client.diagnostics[uri(path)])
        await asyncio.sleep(0.02)
    raise AssertionError(f"no diagnostics published for {path}")


async def settled(client: LanguageClient, path: Path) -> None:
    """Every message the server sent before this round trip (a hover in ``path``) has been
    read: the server answers in order, after the notifications it sent before. One check
    publishes each file of a set in turn, so another file's diagnostics can still be on the
    way when ``path``'s arrive; under load the client read them that much later."""
    await client.text_document_hover_async(types.HoverParams(text_document=doc(path),
                                                             position=at(0, 0)))


def close_file(client: LanguageClient, path: Path) -> None:
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path))))


def at(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


def doc(path: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri(path))
