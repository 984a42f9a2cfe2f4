"""Standard input as the server reads it, every message bounded: pygls reads a header line
whole and then as many bytes as `Content-Length` says, so one header could make it allocate
any amount (or die: `Content-Length: 99999999999999999999999` overflows). Here a header line
is cut at HEADER_LINE bytes, and a message longer than MAX_MESSAGE is read through in small
pieces and dropped (logged), its header hidden from pygls, which then waits for the next."""

from __future__ import annotations

import logging
import re
from typing import BinaryIO

from fortlang.cardset.yamlsrc import MAX_BYTES

#: An editor's text is at most MAX_BYTES (E304 past it); JSON escaping may double it.
MAX_MESSAGE = 2 * MAX_BYTES + 64 * 1024
HEADER_LINE = 4096
_CHUNK = 64 * 1024
_LENGTH = re.compile(rb"content-length:\s*(\d+)\s*", re.IGNORECASE)
_logger = logging.getLogger(__name__)


class BoundedStdin:
    """The two calls pygls makes on standard input (readline, read), bounded."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self._skip = 0  # the length of a refused message's body, dropped after its headers
        self._in_refused_headers = False

    def readline(self) -> bytes:
        line = self.stream.readline(HEADER_LINE)
        match = _LENGTH.fullmatch(line)
        if match is not None:
            digits = match.group(1)
            length = int(digits) if len(digits) <= 12 else MAX_MESSAGE + 1
            if length > MAX_MESSAGE:
                _logger.warning("message too large: Content-Length %s (at most %d bytes); "
                                "skipped", digits[:24].decode(), MAX_MESSAGE)
                self._skip, self._in_refused_headers = length, True
                return b"X-Refused: 1\r\n"  # a header pygls ignores
        if self._in_refused_headers and not line.strip():
            self._in_refused_headers = False
            self._drop_body()
        return line

    def _drop_body(self) -> None:
        while self._skip > 0:
            piece = self.stream.read(min(self._skip, _CHUNK))
            if not piece:
                break
            self._skip -= len(piece)
        self._skip = 0

    def read(self, size: int = -1) -> bytes:
        return self.stream.read(min(size, MAX_MESSAGE) if size >= 0 else MAX_MESSAGE)
