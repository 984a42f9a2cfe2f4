"""Which files and folders fortlang may load code or pickles from: only places nobody but this
user (or root) can write. Used for the parser's table cache and for vocabulary plugins."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def owned(info: os.stat_result, private: bool) -> bool:
    """Owned by this user and writable by nobody else (``private``: not even readable)."""
    mask = 0o077 if private else 0o022
    return info.st_uid == os.geteuid() and not info.st_mode & mask


def safe_parent(folder: Path) -> bool:
    """Owned by this user or root, and writable by nobody else unless sticky (``/tmp``)."""
    try:
        info = os.stat(folder)
    except OSError:
        return False
    if info.st_uid not in (0, os.geteuid()):
        return False
    return not info.st_mode & 0o022 or bool(info.st_mode & stat.S_ISVTX)


def safe_folder(folder: Path) -> bool:
    """A folder (or zip file) owned by this user or root that nobody else may write, in a
    folder nobody else may write either (sticky folders aside)."""
    try:
        info = os.stat(folder)
    except OSError:
        return False
    if info.st_uid not in (0, os.geteuid()) or info.st_mode & 0o022:
        return False
    return safe_parent(Path(os.path.abspath(folder)).parent)
