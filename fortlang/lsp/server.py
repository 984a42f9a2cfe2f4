"""The language server: LSP over stdio (pygls), each feature a call into its module.

Diagnostics are pushed on open, change, save and close for every file the check covers (the
whole set, so a duplicate id fixed in one file clears the other's error). The language of
hovers comes from ``initializationOptions`` or the ``fortlang`` settings (``lang``: en, fr
or ru; en by default).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from fortlang.lsp import actions, completion, definition, diagnostics, formatting, hover
from fortlang.lsp.protocol import FortProtocol
from fortlang.lsp.source import Source
from fortlang.lsp.store import Store

NAME = "fortlang"
#: Seconds without an edit before a changed file is checked (one check per burst of typing).
QUIET = 0.2


class FortServer(LanguageServer):
    def __init__(self) -> None:
        from importlib.metadata import version

        super().__init__(NAME, version("fortlang"), protocol_cls=FortProtocol)
        self.lang = "en"
        self._store: Store | None = None
        #: the check scheduled for each file, put off again by every edit (see check_soon)
        self._due: dict[str, asyncio.TimerHandle] = {}

    @property
    def store(self) -> Store:
        if self._store is None:  # the workspace exists once the client has initialized
            self._store = Store(self.workspace)
        return self._store

    def source(self, uri: str) -> Source:
        return self.store.source(uri)

    def set_lang(self, options: Any) -> None:
        from fortlang.phrasebook import LANGUAGES

        if isinstance(options, dict):
            section = options.get("fortlang")
            lang = section.get("lang") if isinstance(section, dict) else options.get("lang")
            if lang in LANGUAGES:
                self.lang = lang

    def check_soon(self, uri: str) -> None:
        """Check ``uri`` once the edits have paused for QUIET seconds: a burst of edits costs
        one check, of the latest text (the store holds it), and the check an earlier edit
        scheduled is dropped, not run."""
        pending = self._due.pop(uri, None)
        if pending is not None:
            pending.cancel()

        def run() -> None:
            self._due.pop(uri, None)
            if self.store.is_open(uri):
                self.check(uri)

        self._due[uri] = asyncio.get_running_loop().call_later(QUIET, run)

    def check(self, uri: str) -> None:
        """Check ``uri`` (and its set) and publish every file's diagnostics."""
        pending = self._due.pop(uri, None)
        if pending is not None:  # a save or an open checks now: the scheduled check is moot
            pending.cancel()
        src = self.source(uri)
        results = diagnostics.check(src, self.store.open_texts(), self.store.files)
        done: set[str] = set()
        for path, found in results.items():
            target = uri if path == src.path else from_fs_path(str(Path(path).absolute())) or ""
            file = src if target == uri else Source(target, path, found.text,
                                                    self.workspace.position_codec)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=target, diagnostics=[diagnostics.to_lsp(file, d) for d in found.diagnostics]))
            done.add(target)
        for stale in self.store.published.get(uri, set()) - done:
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=stale, diagnostics=[]))
        self.store.published[uri] = done


def build() -> FortServer:
    server = FortServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: FortServer, params: types.InitializeParams) -> None:
        ls.set_lang(params.initialization_options)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: FortServer, params: types.DidChangeConfigurationParams) -> None:
        ls.set_lang(params.settings)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: FortServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: FortServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.check_soon(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: FortServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: FortServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.store.closed(uri)
        stale = ls.store.published.pop(uri, set())
        for other in stale:  # the set as saved on disk, for the files still open
            if other != uri and ls.store.is_open(other):
                ls.check(other)
                return
        for other in stale:
            ls.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=other, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: FortServer, params: types.HoverParams) -> types.Hover | None:
        return hover.hover(ls.source(params.text_document.uri), params.position, ls.lang)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", "(", "-"]))
    def on_completion(ls: FortServer, params: types.CompletionParams) -> types.CompletionList:
        items = completion.complete(ls.source(params.text_document.uri), params.position,
                                    ls.lang)
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: FortServer, params: types.DefinitionParams) -> types.Location | None:
        return definition.definition(ls.source(params.text_document.uri), params.position)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(ls: FortServer,
                      params: types.DocumentFormattingParams) -> list[types.TextEdit]:
        return formatting.format_document(ls.source(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(ls: FortServer,
                       params: types.CodeActionParams) -> list[types.CodeAction]:
        return actions.quick_fixes(ls.source(params.text_document.uri), params)

    return server


class _OneLine(logging.Formatter):
    """A log record as one line on standard error (the editor's log of the server): what
    went wrong, never a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        text = f"fortlang lsp: {record.levelname.lower()}: {record.getMessage()}"
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            text += f": {type(error).__name__}: {error}"
        return "".join(ch if ch.isprintable() else "?" for ch in text)


def serve() -> None:
    """Serve on standard input and output until the client says exit (or closes them)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)
    from fortlang.lsp.stdio import BoundedStdin

    build().start_io(stdin=BoundedStdin(sys.stdin.buffer))  # type: ignore[arg-type]
