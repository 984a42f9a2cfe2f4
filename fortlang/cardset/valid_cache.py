"""Card files known to pass their schema, remembered between runs, so checking files that did
not change needs no jsonschema at all (importing it and building its validators is about a
quarter of a cold ``fortlang check``).

A file's key is a digest of its schema's text, of the installed jsonschema (the place and
date of its code: no import needed) and of the file's data as canonical JSON; validation is a
function of nothing else. Only files with no schema error are remembered; any other file is
validated every time, so the diagnostics are the same with or without the cache.

The digests live in the parser cache's private folder (:mod:`fortlang.parser_cache`) under
the same rules: a file another user could write could make a wrong card file pass, so such a
file is never read, and without a trustworthy folder nothing is remembered.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

NAME = "schema-valid.txt"
#: Digests kept (the newest): a few thousand card files at 33 bytes each.
MOST = 4096


@cache
def _environment() -> bytes:
    """What else validation depends on: the installed jsonschema's code."""
    try:
        spec = find_spec("jsonschema")
        origin = spec.origin if spec is not None else None
        info = os.stat(origin) if origin else None
    except (ImportError, ValueError, OSError):
        return b"?"
    return f"{origin}\0{info.st_mtime_ns}\0{info.st_size}".encode() if info else b"?"


def digest(schema: bytes, data: Any) -> str:
    """The key of ``data`` validated against the schema whose text is ``schema``."""
    h = hashlib.sha256(_environment())
    h.update(b"\0" + schema + b"\0")
    h.update(json.dumps(data, sort_keys=True, ensure_ascii=False,
                        separators=(",", ":")).encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


class _Known:
    """The digests read at the first lookup, and those added since."""

    def __init__(self) -> None:
        self.loaded = False
        self.path: Path | None = None
        self.digests: dict[str, None] = {}  # ordered: oldest first
        self.added = False

    def load(self) -> None:
        from fortlang.parser_cache import cache_folder, usable

        self.loaded = True
        folder = cache_folder()
        if folder is None:
            return
        path = folder / NAME
        state = usable(path)
        if state is False:
            return  # a link, another user's, writable by others: never trusted, never written
        self.path = path
        if state is None:
            return
        try:
            text = path.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError):
            return
        self.digests = dict.fromkeys(line for line in text.split("\n")
                                     if len(line) == 32 and line.isalnum())


_KNOWN = _Known()


def known_valid(key: str) -> bool:
    if not _KNOWN.loaded:
        _KNOWN.load()
    return key in _KNOWN.digests


def remember(key: str) -> None:
    """Note ``key`` as valid; :func:`save` writes the notes."""
    if not _KNOWN.loaded:
        _KNOWN.load()
    if _KNOWN.path is not None and key not in _KNOWN.digests:
        _KNOWN.digests[key] = None
        _KNOWN.added = True


def save() -> None:
    """Write the digests noted since the last save (atomically; the newest :data:`MOST`)."""
    if not _KNOWN.added or _KNOWN.path is None:
        return
    from fortlang.errors import FortError
    from fortlang.output import write_output

    _KNOWN.added = False
    keep = list(_KNOWN.digests)[-MOST:]
    _KNOWN.digests = dict.fromkeys(keep)
    from fortlang.parser_cache import private_umask

    try:
        with private_umask():  # a new file is 0600: a 002 umask must not make it untrusted
            write_output(_KNOWN.path, "\n".join(keep) + "\n")
    except FortError:  # a read-only cache is no error: the next run validates again
        pass
