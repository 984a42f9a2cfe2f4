"""`fortlang lsp` as a process: it ends when its input ends, and bad input is one line on
standard error, never a traceback."""

from __future__ import annotations

import subprocess

from lsp_client import server_command


def test_the_server_ends_with_its_input() -> None:
    run = subprocess.run(server_command(), input=b"", capture_output=True, timeout=60)
    assert run.returncode == 0 and run.stdout == b""


def test_garbage_is_reported_in_one_line() -> None:
    garbage = b"Content-Length: 5\r\n\r\nhello"
    run = subprocess.run(server_command(), input=garbage, capture_output=True, timeout=60)
    assert run.returncode == 0
    err = run.stderr.decode()
    assert "Traceback" not in err
    assert err.startswith("fortlang lsp: error: Unable to handle message: JSONDecodeError")
    assert b'"method": "window/showMessage"' in run.stdout  # the client is told too
