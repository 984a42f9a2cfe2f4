"""How soon `fortlang lsp` publishes diagnostics after an edit (target: within 100 ms for the
whole base set).

A client (pygls) starts the server as an editor does, opens a card file of a copy of the
base set, then alternates two versions of it (one with a misspelt suit, one without): each
change makes the server check the whole set (12 files, 70 cards, set composition included)
and publish every file's diagnostics. The figure is the time from sending the change to
receiving the edited file's diagnostics, over stdio, as the editor sees it.

Usage: python bench/bench_lsp.py [--edits N]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent


def server() -> list[str]:
    exe = Path(sys.executable).with_name("fortlang")
    if exe.exists():
        return [str(exe), "lsp"]
    return [sys.executable, "-c", "from fortlang.cli import main; main()", "lsp"]


async def measure(edits: int) -> list[float]:
    folder = Path(tempfile.mkdtemp(prefix="fortlang-bench-lsp-")) / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", folder)
    path = folder / "kids-shovel.yaml"
    uri = from_fs_path(str(path)) or ""
    good = path.read_text(encoding="utf-8")
    bad = good.replace("public: gain pizza x shovel", "public: gain pizza x shovle", 1)
    client = LanguageClient("bench", "1")
    arrived: asyncio.Queue[tuple[float, int]] = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        if params.uri == uri:
            arrived.put_nowait((time.perf_counter(), len(params.diagnostics)))

    await client.start_io(*server())
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=good)))
    await arrived.get()
    times = []
    try:
        for version in range(2, edits + 2):
            text = bad if version % 2 else good
            start = time.perf_counter()
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
            at, _count = await arrived.get()
            times.append(at - start)
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        shutil.rmtree(folder.parent)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=41)
    args = parser.parse_args()
    times = asyncio.run(measure(args.edits))
    print(f"fortlang lsp, edit -> diagnostics of the whole base set: median "
          f"{statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over "
          f"{len(times)} edits (target < 100 ms)")


if __name__ == "__main__":
    main()
