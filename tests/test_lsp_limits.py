"""The language server holds an editor's text to the limits `fortlang check` holds a file to
(issue 31, low items): a text over 4 MiB gets E304, as the same file on disk does, unparsed;
a message over the cap (4 MiB and a margin) is skipped, never allocated, and the server lives on."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import pytest_lsp
from lsp_client import CONFIG, copy_base, open_file, server_command, uri
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from fortlang.cardset.yamlsrc import MAX_BYTES
from fortlang.lsp.stdio import MAX_MESSAGE


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


@pytest.mark.asyncio(loop_scope="module")
async def test_an_editor_text_over_the_size_cap_gets_e304(client: LanguageClient,
                                                          workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-huge.yaml"
    path.write_text("kids: []\n", encoding="utf-8")  # small on disk, huge in the editor
    text = "kids: []\n# " + "x" * MAX_BYTES + "\n"
    got = await open_file(client, path, text)
    assert [str(d.code) for d in got] == ["E304"], got


def _message(body: dict) -> bytes:
    raw = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(raw) + raw


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": None, "capabilities": {}}}


def _serve(raw: bytes, tmp_path: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(server_command(), input=raw, capture_output=True, timeout=120,
                          cwd=tmp_path)


def test_a_content_length_too_large_is_refused_without_dying(tmp_path: Path) -> None:
    done = _serve(b"Content-Length: 99999999999999999999999\r\n\r\n", tmp_path)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"too large" in done.stderr


def test_a_message_over_the_cap_is_skipped_and_the_next_one_answered(tmp_path: Path) -> None:
    body = b"[" + b" " * (MAX_MESSAGE + 10) + b"]"
    raw = b"Content-Length: %d\r\n\r\n" % len(body) + body + _message(INITIALIZE)
    done = _serve(raw, tmp_path)
    assert b'"id": 1' in done.stdout or b'"id":1' in done.stdout, done.stderr[-2000:]
    assert b"Traceback" not in done.stderr


def test_a_request_with_invalid_params_gets_an_invalid_params_error(tmp_path: Path) -> None:
    raw = (_message(INITIALIZE) + _message({"jsonrpc": "2.0", "method": "initialized",
                                            "params": {}})
           + _message({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                       "params": {"textDocument": 5}})
           + _message({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}))
    done = _serve(raw, tmp_path)
    replies = [json.loads(part.split(b"\r\n\r\n", 1)[1])
               for part in done.stdout.split(b"Content-Length: ")[1:]]
    errors = [r for r in replies if r.get("id") == 2]
    assert errors and errors[0]["error"]["code"] == -32602, replies
    assert any(r.get("id") == 3 for r in replies)  # and the server went on
