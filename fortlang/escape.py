"""Text from input files, made safe to show (issue 12): the one place that decides which
characters a terminal must never receive raw.

A card name, a scenario name, a replay entry or a file name may hold a carriage return, an ANSI
escape or a bidi override that would redraw or reorder what the terminal shows (a FAIL line
rewritten as PASS). :func:`shown` writes each such character as a visible escape; diagnostics
apply it to their file, message, hint and notes, and commands to every other line built from
input. :func:`json_text` does the same for JSON output, where the escapes are JSON's own.

>>> shown("Bug\\r\\x1b[2KPASS")
'Bug\\\\r\\\\x1b[2KPASS'
>>> shown("caf\\udce9.yaml")  # a file name byte that is not UTF-8 (os.fsdecode)
'caf\\\\xe9.yaml'
>>> shown("Пицца, pizza, 🍕")
'Пицца, pizza, 🍕'
"""

from __future__ import annotations

import json
import re
from typing import Any

#: C0 controls (line breaks and tabs included), DEL, C1 controls, the Unicode line and paragraph
#: separators, bidi embeddings, overrides, isolates and marks, and surrogates (undecodable bytes
#: of a file name, or broken text).
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                    "\ud800-\udfff]")

#: What JSON leaves raw: it escapes C0 controls itself, and its layout has newlines.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                          "\ud800-\udfff]")

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    code = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape: the byte that was not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with every unsafe character written as an escape (``\\r``, ``\\x1b``,
    ``\\u202e``); one line, whatever the input."""
    return UNSAFE.sub(_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(data: Any, indent: int | None = 2) -> str:
    """JSON that keeps readable non-ASCII text (names in Russian) but escapes every unsafe
    character, so the output is valid UTF-8 JSON even for a file name that is not UTF-8, and
    reads back to the same strings (``os.fsencode`` gives back the original bytes)."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    # Outside strings JSON has only ASCII, so each of these stands inside a string, where
    # \\uXXXX means exactly that character.
    return _JSON_UNSAFE.sub(_json_escape, text)
