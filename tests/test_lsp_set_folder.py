"""A manifest.yaml planted above the workspace claims none of its files, and the folder a set
is looked for in is walked a bounded number of entries (issue 31, low items: the server
"claims unrelated YAML files under a `manifest.yaml` planted in a parent folder (and walks
32k files for it)")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pytest_lsp
from lsp_client import CONFIG, settled, uri
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from fortlang.lsp import source
from fortlang.lsp.source import MAX_SET_ENTRIES, Source, count_entries

MANIFEST = "id: planted\nname: Planted\nversion: 1.0.0\n"
CI = "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n"


def _crowd(folder: Path, files: int = 10_000) -> None:
    for i in range(files):
        sub = folder / f"d{i // 500}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"f{i}.txt").write_text("x")


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """parent/manifest.yaml, 10,000 files beside it, and the workspace parent/ws."""
    parent = tmp_path_factory.mktemp("planted")
    (parent / "manifest.yaml").write_text(MANIFEST, encoding="utf-8")
    _crowd(parent / "junk")
    ci = parent / "ws" / ".github" / "ci.yaml"
    ci.parent.mkdir(parents=True)
    ci.write_text(CI, encoding="utf-8")
    return parent


@pytest_lsp.fixture(config=CONFIG, scope="module", loop_scope="module")
async def client(lsp_client: LanguageClient, planted: Path):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=uri(planted / "ws")))
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio(loop_scope="module")
async def test_a_manifest_above_the_workspace_claims_no_yaml_in_it(
        client: LanguageClient, planted: Path) -> None:
    path = planted / "ws" / ".github" / "ci.yaml"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(path), language_id="yaml", version=1,
                                             text=CI)))
    await settled(client, path)  # any diagnostics the open published have been read
    assert not client.diagnostics.get(uri(path)), client.diagnostics.get(uri(path))
    assert not any("junk" in key for key in client.diagnostics)


def test_the_set_folder_is_looked_for_no_higher_than_the_workspace(planted: Path) -> None:
    path = planted / "ws" / ".github" / "ci.yaml"
    assert source.set_folder(path, (str(planted / "ws"),)) is None
    assert source.set_folder(path) == planted  # no workspace: a set up there is found


def test_a_crowded_set_folder_is_walked_a_bounded_number_of_entries(
        planted: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    real_scandir = os.scandir

    class Counted:
        def __init__(self, folder: str | Path) -> None:
            self.inner = real_scandir(folder)

        def __enter__(self) -> Counted:
            return self

        def __exit__(self, *exc: object) -> None:
            self.inner.close()

        def __iter__(self):
            nonlocal seen
            for entry in self.inner:
                seen += 1
                yield entry

    monkeypatch.setattr(source.os, "scandir", Counted)
    assert count_entries(planted) is None  # over the bound: not walked to the end
    assert seen <= MAX_SET_ENTRIES + 1, seen
    card = planted / "kids.yaml"
    src = Source(uri(card), str(card), "kids: []\n")  # no workspace: the set is too large
    assert src.set_folder is None
