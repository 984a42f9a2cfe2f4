"""A folder planted with modules named like the ones fortlang and its children import (a card
author's folder, the current folder): each one, if it is ever imported, leaves a marker file
named after itself and then hands over to the real module, so the command still works as if
nothing happened (the attack the tests must catch)."""

from __future__ import annotations

from pathlib import Path

_TAKE_OVER = """
import importlib, os, sys
open(os.path.join({markers!r}, {name!r}), "w").close()
_here = os.path.dirname(os.path.abspath(__file__))
if {package!r}:
    _here = os.path.dirname(_here)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
del sys.modules[__name__]
sys.modules[__name__] = importlib.import_module(__name__)
"""

_MARK_ONLY = "import os\nopen(os.path.join({markers!r}, {name!r}), 'w').close()\n"


def plant(folder: Path, markers: Path, modules: tuple[str, ...],
          packages: tuple[str, ...] = (), hooks: bool = True) -> None:
    """``modules`` as ``NAME.py``, ``packages`` as ``NAME/__init__.py`` and ``__main__.py``,
    and (``hooks``) a ``sitecustomize.py`` and a ``usercustomize.py``."""
    folder.mkdir(parents=True, exist_ok=True)
    markers.mkdir(parents=True, exist_ok=True)
    for name in modules:
        (folder / f"{name}.py").write_text(
            _TAKE_OVER.format(markers=str(markers), name=name, package=False))
    for name in packages:
        (folder / name).mkdir()
        (folder / name / "__init__.py").write_text(
            _TAKE_OVER.format(markers=str(markers), name=name, package=True))
        (folder / name / "__main__.py").write_text(
            _MARK_ONLY.format(markers=str(markers), name=f"{name}.__main__"))
    if hooks:
        for name in ("sitecustomize", "usercustomize"):
            (folder / f"{name}.py").write_text(_MARK_ONLY.format(markers=str(markers),
                                                                 name=name))


def fortlang_script() -> str:
    """The installed console script, as a user runs it (not ``python -m``, which would put
    the current folder first on the test's own ``sys.path``)."""
    import shutil
    import sys

    script = Path(sys.executable).parent / "fortlang"
    return str(script) if script.exists() else (shutil.which("fortlang") or "fortlang")
