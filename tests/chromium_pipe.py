"""A few DevTools-protocol calls to headless Chromium over ``--remote-debugging-pipe``.

Enough to load a page, wait for a script expression to become true and read a value: what the
site tests need to type into the search box and see the results, which ``--dump-dom`` cannot
(the search runs in a worker after the page has loaded). No third-party package: the protocol is
JSON messages separated by NUL bytes on the child's file descriptors 3 (in) and 4 (out).
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Chromium:
    def __init__(self, binary: str, user_dir: Path, *flags: str) -> None:
        to_child, self._to_child = os.pipe()
        self._from_child, from_child = os.pipe()

        def wire() -> None:  # in the child: its fd 3 reads our messages, its fd 4 answers
            a, b = os.dup(to_child), os.dup(from_child)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self._proc = subprocess.Popen(
            [binary, *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={user_dir}", *flags,
             "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._id = 0
        self._session: str | None = None

    def call(self, method: str, params: dict[str, Any] | None = None,
             timeout: float = 60) -> dict[str, Any]:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if self._session is not None and not method.startswith("Target."):
            message["sessionId"] = self._session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" not in self._buffer:
                if time.monotonic() > deadline or self._proc.poll() is not None:
                    raise TimeoutError(f"no answer from chromium to {method}")
                chunk = os.read(self._from_child, 1 << 16)
                if not chunk:
                    raise EOFError("chromium closed the pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        self._session = self.call("Target.attachToTarget",
                                  {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression,
                                                "returnByValue": True})
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 30) -> Any:
        """The value of ``expression`` once it is truthy; TimeoutError after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except RuntimeError:  # the page is navigating: its old context is gone, ask again
                value = None
            if value:
                return value
            time.sleep(0.2)
        raise TimeoutError(f"still false after {timeout} s: {expression}")

    def viewport(self, width: int, height: int, mobile: bool = False) -> None:
        """Lay the page out as a window of ``width`` x ``height`` CSS pixels (a phone: mobile)."""
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def screenshot(self, path: Path) -> None:
        """A PNG of the viewport."""
        import base64

        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        self._proc.kill()
        self._proc.wait()
        os.close(self._to_child)
        os.close(self._from_child)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
