"""Where the shipped data lives: the grammar, the bundled card sets and the JSON Schemas.

In a wheel they sit inside the package (``fortlang/grammar``, ``fortlang/cards``: see the
force-include in ``pyproject.toml``); in a source checkout or an editable install they are the
top-level folders of the repository (design card), one level above the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``name`` (``grammar``, ``cards``, ...) shipped with fortlang."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"fortlang is installed without its {name}/ folder")


def grammar_path() -> Path:
    return data_dir("grammar") / "fort.lark"
