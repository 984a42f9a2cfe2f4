"""The language server holds an editor's text to the limits `fortlang check` holds a file to
(issue 31, low items): a text over 4 MiB gets E304, as the same file on disk does, unparsed."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_client import CONFIG, copy_base, open_file, uri
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from fortlang.cardset.yamlsrc import MAX_BYTES

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("lsp-limits")
    copy_base(root)
    return root


@pytest_lsp.fixture(config=CONFIG, scope="module", loop_scope="module")
async def client(lsp_client: LanguageClient, workspace: Path):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=uri(workspace)))
    yield
    await lsp_client.shutdown_session()


async def test_an_editor_text_over_the_size_cap_gets_e304(client: LanguageClient,
                                                          workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-huge.yaml"
    path.write_text("kids: []\n", encoding="utf-8")  # small on disk, huge in the editor
    text = "kids: []\n# " + "x" * MAX_BYTES + "\n"
    got = await open_file(client, path, text)
    assert [str(d.code) for d in got] == ["E304"], got
