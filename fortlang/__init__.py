"""fortlang: the card language of the card game Fort.

>>> import fortlang
>>> fortlang.to_text(fortlang.parse_action("(recruit ▶ gain toy) × water_gun"))
'(recruit then gain toy) x water_gun'
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from fortlang.native import place_library, prefer_sources, pure_requested

__version__ = "0.1.0"

if pure_requested():  # FORTLANG_PURE=1: before any engine module is imported
    prefer_sources()
else:  # a compiled install: before any compiled module is imported
    place_library()

# The public API, imported on first use so that `import fortlang` stays cheap (PEP 562).
_API = {
    "parse_action": "fortlang.parser",
    "parse_scoring": "fortlang.parser",
    "to_text": "fortlang.printer",
    "check": "fortlang.checker",
    "FortError": "fortlang.errors",
    "Diagnostic": "fortlang.errors",
}
__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        return getattr(import_module(_API[name]), name)
    raise AttributeError(f"module 'fortlang' has no attribute {name!r}")
