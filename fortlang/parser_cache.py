"""Where the parser's tables are cached between runs, and only if nobody else can write there.

Lark's cache is a pickle, and loading a pickle runs code, so it must never come from a place
another user controls (Lark's own ``cache=True`` uses a predictable name in the shared temp
folder). The cache lives in ``$XDG_CACHE_HOME/fortlang`` (``~/.cache/fortlang``), a folder
created 0700 and used only while it is a real folder owned by this user that nobody else may
write, inside a folder nobody else may write either (or one with the sticky bit, owned by root
or this user). The file itself must be a regular file of this user that others cannot write.
Otherwise the grammar is built without a cache (slower start, same result).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

from fortlang.trust import owned as _trusted
from fortlang.trust import safe_parent as _safe_parent


@contextlib.contextmanager
def private_umask() -> Iterator[None]:
    """Within the block, new folders are 0700 and new files 0600 whatever the umask: a
    group-writable umask (002) must not make our own cache untrusted for good (issue 31)."""
    old = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(old)


def cache_folder() -> Path | None:
    """The private cache folder (created 0700, its missing parents too), or None when no
    trustworthy one exists."""
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        folder = base / "fortlang"
        with private_umask():
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except (OSError, RuntimeError):  # no home, read-only file system...
        return None
    if not stat.S_ISDIR(info.st_mode) or not _trusted(info, private=True) \
            or not _safe_parent(base):
        return None
    return folder


def usable(path: Path) -> bool | None:
    """True: a regular file of this user nobody else can write; None: absent (may be
    created); False: anything else (a link, another user's, writable by others...)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and _trusted(info, private=False)


def cache_file(grammar: str) -> str | None:
    """The cache file for this grammar text, or None when no trustworthy place exists."""
    import lark

    key = hashlib.sha256(f"{lark.__version__}\0{sys.version_info[:2]}\0{grammar}".encode())
    folder = cache_folder()
    if folder is None:
        return None
    path = folder / f"grammar-{key.hexdigest()[:24]}.lark-cache"
    state = usable(path)
    if state is False:
        return None
    return str(path)  # None: Lark writes it (created inside the private folder)
