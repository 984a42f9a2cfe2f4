"""The example vocabulary plugin installed for tests the way pip lays a package out (a
``.dist-info`` with ``entry_points.txt`` beside the module), in a private folder; the fixtures
``backyard`` and ``fresh_vocabularies`` (tests/conftest.py) use it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fortlang import plugins

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "vocabulary-plugin" / "fortlang_backyard"
EXPANSION = ROOT / "cards" / "backyard"
#: The modules installed so far: each test's own copy is imported afresh (a plugin's module
#: imported before from another folder is refused, fortlang.plugins).
_MODULES: set[str] = {"fortlang_backyard"}


def install(site: Path, name: str = "backyard", module: str = "fortlang_backyard",
            source: Path | None = EXAMPLE, code: str | None = None,
            group: str = "fortlang.vocabularies", attr: str = "VOCABULARY") -> Path:
    """Lay out a distribution as pip would: the module and ``<dist>.dist-info``, its entry
    point ``name`` in ``group`` naming ``module:attr`` (a game module: ``fortlang.games``)."""
    site.mkdir(parents=True, exist_ok=True)
    _MODULES.add(module)
    if code is not None:
        (site / f"{module}.py").write_text(code, encoding="utf-8")
    elif source is not None:
        shutil.copytree(source, site / module)
    info = site / f"{module}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[{group}]\n{name} = {module}:{attr}\n", encoding="utf-8")
    return site


def plant_shadow(folder: Path, marker: Path) -> Path:
    """A full copy of the example plugin's package in ``folder`` that also writes ``marker``:
    what a folder earlier on ``sys.path`` could hold to stand in for the installed plugin."""
    shutil.copytree(EXAMPLE, folder / "fortlang_backyard")
    init = folder / "fortlang_backyard" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + f"open({str(marker)!r}, 'w').close()\n",
                    encoding="utf-8")
    return folder


def forget() -> None:
    """Drop what fortlang.plugins remembers of installed distributions and loaded plugins."""
    plugins.installed.cache_clear()
    plugins.load.cache_clear()
    plugins._vocabulary.cache_clear()
    for name in [m for m in sys.modules if m.partition(".")[0] in _MODULES]:
        del sys.modules[name]


def forget_games() -> None:
    """:func:`forget`, and what fortlang.games remembers of installed game modules."""
    from fortlang import games

    forget()
    games.forget()
