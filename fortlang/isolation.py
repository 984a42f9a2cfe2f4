"""Child processes never import from a folder the user did not choose (STYLE #23).

``python -m X`` and ``python -c`` put the current folder first on ``sys.path``, and people run
fortlang from inside a card set's folder: a ``yaml.py`` or a ``mkdocs/`` there would run as
them. A child Python fortlang starts runs with ``-P`` (nothing prepended to ``sys.path``) in a
working folder of ours (an empty private folder), so even a relative entry of ``PYTHONPATH``
points nowhere. ``-P`` rather than ``-I``: an install found through ``PYTHONPATH`` or the user
site, which the user chose, keeps working in the child."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path


def python_command(*args: str) -> list[str]:
    """This interpreter, run safely: ``[python, -P, *args]``."""
    return [sys.executable, "-P", *args]


@contextlib.contextmanager
def private_folder(prefix: str, parent: str | None = None) -> Iterator[Path]:
    """A fresh empty folder only we can enter (0700), removed after the block."""
    path = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def safe_path_children() -> Iterator[None]:
    """Within the block, a child Python started without our say (multiprocessing's ``spawn``
    and ``forkserver`` run ``python -c ...`` in our current folder) inherits
    ``PYTHONSAFEPATH=1``, the ``-P`` of the environment."""
    previous = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = previous
