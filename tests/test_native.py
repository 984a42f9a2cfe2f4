"""The compiled build (mypyc, README "Compiled engine"): the one list of compiled modules in
pyproject.toml, FORTLANG_PURE, and what ``fortlang --version`` says. These run against whatever
fortlang is imported: the source tree here, a compiled wheel under .ci/compiled."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from click.testing import CliRunner

import fortlang
from fortlang import native
from fortlang.cli import main

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(fortlang.__file__).resolve().parent
HOOK = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
LISTED = [p.removesuffix(".py").replace("/", ".") for p in HOOK["modules"]]


@pytest.mark.parametrize("name", LISTED)
def test_each_module_listed_for_compiling_exists_and_imports(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__name__ == name
    assert (PACKAGE.parent / (name.replace(".", "/") + ".py")).is_file()  # its source ships


def test_a_compiled_install_ships_exactly_the_listed_modules() -> None:
    shipped = native.compiled_modules()
    assert shipped in ([], sorted(LISTED))  # a pure install (source tree, no compiler), or all


def test_a_source_tree_holds_no_compiled_module() -> None:
    """An editable install stays pure: nothing compiled may shadow a source being edited."""
    if (PACKAGE.parent / "pyproject.toml").is_file():  # fortlang runs from a source tree
        assert [p for s in EXTENSION_SUFFIXES for p in PACKAGE.rglob(f"*{s}")] == []
        assert native.compiled_modules() == []


def test_compiled_modules_are_named_by_their_extension_files_not_the_library(
        tmp_path: Path) -> None:
    package = tmp_path / "fortlang"
    for ext in ("_engine__mypyc", "engine/play", "game/turn", "game/turn__mypyc"):
        (package / ext).parent.mkdir(parents=True, exist_ok=True)
        (package / (ext + EXTENSION_SUFFIXES[0])).write_bytes(b"")
    (package / "engine" / "play.py").write_text("")
    (package / "engine" / "other.cpython-30-x.so").write_bytes(b"")  # another interpreter's
    assert native.compiled_modules(package) == ["fortlang.engine.play", "fortlang.game.turn"]


def test_a_compiled_install_has_one_library_inside_the_package_and_true_paths() -> None:
    """The compiled code is one library, ``fortlang._engine__mypyc`` (never a top-level module
    that a folder earlier on sys.path could provide), and every compiled module says where it
    is, imported directly or by another compiled module (native.LibraryPlacer)."""
    if not native.compiled_modules():
        pytest.skip("fortlang runs from sources here")
    libraries = [p.name for p in PACKAGE.rglob("*__mypyc*")
                 if p.name.endswith(tuple(EXTENSION_SUFFIXES))]
    assert [name.partition(".")[0] for name in libraries] == [native.LIBRARY.split(".")[1]]
    importlib.import_module("fortlang.games.fort.match")  # imports most others from inside
    library = sys.modules[native.LIBRARY].__spec__
    assert library is not None and library.origin is not None
    assert Path(library.origin).parent.resolve() == PACKAGE.resolve()
    for name in native.compiled_in_use():
        module = sys.modules[name]
        assert module.__spec__ is not None and module.__spec__.origin is not None
        for path in (module.__file__, module.__spec__.origin):
            assert path is not None and Path(path).is_file(), (name, path)
            assert Path(path).resolve().is_relative_to(PACKAGE)


def test_the_library_placer_finds_the_library_alone(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path
                                           if not isinstance(f, native.LibraryPlacer)])
    placer = native.LibraryPlacer()
    assert placer.find_spec("fortlang.engine.play", [str(tmp_path)]) is None
    assert placer.find_spec(native.LIBRARY, None) is None  # a top-level search: not ours
    assert placer.find_spec(native.LIBRARY, [str(tmp_path)]) is None  # not there
    native.place_library()
    native.place_library()  # idempotent
    assert sum(isinstance(f, native.LibraryPlacer) for f in sys.meta_path) == 1


def test_fortlang_pure_loads_the_source_before_a_compiled_module(tmp_path: Path,
                                                                 monkeypatch) -> None:
    """A module with both a (here: broken) extension and its source: Python's own order picks
    the extension; with FORTLANG_PURE's finder first, the source."""
    (tmp_path / "twin.py").write_text("WHERE = 'source'\n")
    (tmp_path / ("twin" + EXTENSION_SUFFIXES[0])).write_bytes(b"not a shared library")
    monkeypatch.setattr(fortlang, "__path__", [*fortlang.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "fortlang.twin", raising=False)
    monkeypatch.setattr(sys, "meta_path", [m for m in sys.meta_path
                                           if not isinstance(m, native.SourcesFirst)])
    with pytest.raises(ImportError):
        importlib.import_module("fortlang.twin")
    native.prefer_sources()
    native.prefer_sources()  # idempotent
    assert sum(isinstance(m, native.SourcesFirst) for m in sys.meta_path) == 1
    assert importlib.import_module("fortlang.twin").WHERE == "source"


def _version(pure: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    out = subprocess.run([sys.executable, "-c", "from fortlang.cli import main; main()",
                          "--version"], env=env, capture_output=True, text=True, check=True,
                         cwd=ROOT / "tests")
    return out.stdout.splitlines()


def test_version_says_which_engine_runs() -> None:
    shipped = len(native.compiled_modules())
    first, engine = _version(pure=False)
    assert first.startswith("fortlang, version ")
    assert engine == (f"engine: compiled with mypyc ({shipped} of {shipped} modules)" if shipped
                      else "engine: pure Python")
    _, engine = _version(pure=True)
    assert engine == (f"engine: pure Python (FORTLANG_PURE is set; {shipped} compiled modules "
                      "unused)" if shipped else "engine: pure Python")


def test_version_line_in_process_matches_the_build_in_use() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    used = [n for n in LISTED if native.is_compiled(importlib.import_module(n))]
    assert result.output.splitlines()[1] == native.build_line()
    assert ("compiled with mypyc" in native.build_line()) == bool(used)
