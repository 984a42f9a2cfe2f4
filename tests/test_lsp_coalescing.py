"""A burst of edits costs the language server one check of the latest text, and one check
costs bounded work (issue 31: "edits coalesced; a hard cap of work per keystroke"). What is
asserted is counted (checks published), never timed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsp_client import CONFIG, at, copy_base, diagnostics_of, doc, open_file, settled, uri
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

LIVE_BYTES = 1024 * 1024  # fortlang.lsp.diagnostics.LIVE_BYTES


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("lsp-coalescing")
    copy_base(root)
    return root


@pytest_lsp.fixture(config=CONFIG, scope="module", loop_scope="module")
async def client(lsp_client: LanguageClient, workspace: Path):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=uri(workspace)))
    yield
    await lsp_client.shutdown_session()


class _Counted(dict):
    """The client's diagnostics by URI, counting each publication (one per check)."""

    def __init__(self) -> None:
        super().__init__()
        self.published: dict[str, int] = {}

    def __setitem__(self, key: str, value: object) -> None:
        self.published[key] = self.published.get(key, 0) + 1
        super().__setitem__(key, value)


def _change(client: LanguageClient, path: Path, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


@pytest.mark.asyncio(loop_scope="module")
async def test_fifty_quick_edits_cost_a_few_checks_of_the_last_text(
        client: LanguageClient, workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-coin.yaml"
    text = path.read_text(encoding="utf-8")
    await open_file(client, path)
    counted = _Counted()
    client.diagnostics = counted
    for version in range(2, 52):  # typing: an edit every 20 ms
        _change(client, path, text + f"# edit {version}\n", version)
        await asyncio.sleep(0.02)
    _change(client, path, text + "kids: [\n", 52)  # the last text does not read
    got = await diagnostics_of(client, path)
    await settled(client, path)
    assert counted.published[uri(path)] <= 3, counted.published
    assert got and all(str(d.code).startswith("E") for d in got), got
    assert any(d.range.start.line >= len(text.splitlines()) for d in got), got


@pytest.mark.asyncio(loop_scope="module")
async def test_a_huge_edit_gets_one_diagnostic_and_the_next_request_is_answered(
        client: LanguageClient, workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-book.yaml"
    await open_file(client, path)
    huge = path.read_text(encoding="utf-8") + "# " + "x" * (LIVE_BYTES + 10) + "\n"
    client.diagnostics.pop(uri(path), None)
    _change(client, path, huge, 2)
    got = await diagnostics_of(client, path)
    assert [str(d.code) for d in got] == ["E304"], got
    assert "as you type" in got[0].message
    items = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(path), position=at(0, 0)))
    assert items is not None
