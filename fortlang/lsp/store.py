"""The document store: the files as the editor holds them (pygls' workspace keeps the texts,
kept in step with every change) and, per version, one :class:`Source` each, so the hovers and
completions of one version read its YAML once. It also keeps the checked card files (an edit
re-checks only what changed) and remembers which files each check published diagnostics for,
to clear them when they are gone."""

from __future__ import annotations

from pygls.uris import to_fs_path
from pygls.workspace import Workspace

from fortlang.lsp.filecache import FileCache
from fortlang.lsp.source import Source


class Store:
    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self._sources: dict[str, tuple[int | None, Source]] = {}
        #: uri -> the uris whose diagnostics its last check published
        self.published: dict[str, set[str]] = {}
        #: the card files of the last checks, reused while their text is the same
        self.files = FileCache()

    def source(self, uri: str) -> Source:
        """The file as the editor holds it; one it has not opened as it is on disk, read the
        safe way (capped, never a device; unreadable: empty)."""
        document = self.workspace.text_documents.get(uri)
        if document is None:
            from fortlang.cardset.yamlsrc import read_document

            self._sources.pop(uri, None)
            path = path_of(uri)
            return Source(uri, path, read_document(path).text, self.workspace.position_codec,
                          self.roots())
        cached = self._sources.get(uri)
        if cached is not None and cached[0] == document.version \
                and cached[1].text == document.source:
            return cached[1]
        src = Source(uri, path_of(uri), document.source, self.workspace.position_codec,
                     self.roots())
        self._sources[uri] = (document.version, src)
        return src

    def roots(self) -> tuple[str, ...]:
        """The workspace folders' paths (the root alone for a client that names no folders)."""
        folders = [path_of(f.uri) for f in self.workspace.folders.values()]
        if not folders and self.workspace.root_path:
            folders = [self.workspace.root_path]
        return tuple(folders)

    def closed(self, uri: str) -> None:
        self._sources.pop(uri, None)

    def open_texts(self) -> dict[str, str]:
        """Path -> text of every open file: what a check reads instead of the disk."""
        return {path_of(uri): doc.source for uri, doc in self.workspace.text_documents.items()}

    def is_open(self, uri: str) -> bool:
        return uri in self.workspace.text_documents


def path_of(uri: str) -> str:
    return to_fs_path(uri) or uri
