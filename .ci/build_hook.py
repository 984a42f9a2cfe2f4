"""Hatchling build hook: a wheel built from this tree (``pip install .``, ``python -m build``)
carries the engine's hot modules compiled with mypyc, next to their sources, when it can.

* The modules are ``modules`` of ``[tool.hatch.build.targets.wheel.hooks.custom]`` in
  pyproject.toml (the one list).
* An editable install stays pure Python: nothing compiled may shadow a source being edited.
* ``FORTLANG_PURE=1`` at build time builds a pure wheel (and asks for no mypy to build it).
* Any failure (no C compiler, a mypyc error) is a warning and a pure wheel: the install works.
* Compiling happens in a temporary copy of ``fortlang/``, never in the source tree.
* The modules are one group (mypyc's ``group_name``): one library, ``fortlang/_engine__mypyc.*.so``
  (a module inside the package: never a top-level name that the current folder, first on
  ``sys.path`` for ``python -c``, could provide), and per module a small extension beside its
  source that loads it. Calls between compiled modules are then direct C calls: one group plays
  ~3% fewer instructions a game than a group per module did (``separate=True``). mypyc derives
  the ``__file__`` of a module imported by another one from the library's folder:
  ``fortlang.native.LibraryPlacer`` gives it the right base.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The build requirements of a compiled wheel (mypyc ships with mypy; it drives setuptools).
COMPILE_REQUIRES = ["mypy>=2.4", "setuptools>=70"]  # group_name, __file__ of a group

#: Run by the build environment's Python in the temporary copy: argv = the modules' paths.
#: Third-party modules are not installed there: their types are Any (no run-time check).
COMPILE = r"""
import sys
from mypyc.build import mypycify
from setuptools import setup
paths = sys.argv[1:]
ext = mypycify(["--follow-imports=silent", "--ignore-missing-imports", *paths],
               group_name="fortlang._engine")  # fortlang.native.LIBRARY
setup(name="fortlang-compiled", ext_modules=ext, script_args=["build_ext", "--build-lib", "out",
      "--build-temp", "tmp"])
"""


def pure_requested(root: str) -> bool:
    """FORTLANG_PURE, read by fortlang/native.py's own rule (the module alone, not the package)."""
    path = os.path.join(root, "fortlang", "native.py")
    spec = importlib.util.spec_from_file_location("fortlang_native_at_build", path)
    assert spec is not None and spec.loader is not None
    native = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(native)
    return bool(native.pure_requested())


class MypycHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return [] if pure_requested(self.root) else COMPILE_REQUIRES

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if pure_requested(self.root):
            self.app.display_info("fortlang: FORTLANG_PURE is set: a pure-Python wheel")
            return
        self._tmp = tempfile.mkdtemp(prefix="fortlang-mypyc-")  # read when the wheel is packed
        try:
            built = self._compile(self._tmp)
        except Exception as e:  # noqa: BLE001 - any failure leaves a working pure wheel
            self.app.display_warning(f"fortlang: the engine is not compiled ({e}); "
                                     "installing the pure-Python package")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # cpXY-cpXY-platform: the .so files fit one interpreter
        build_data["force_include"].update(built)
        self.app.display_info(f"fortlang: compiled with mypyc: {len(built)} extension modules")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)

    def _compile(self, tmp: str) -> dict[str, str]:
        """Compile a copy of the package in ``tmp``; returns {built file: path in the wheel}."""
        modules = self.config.get("modules")
        if not modules or not all(isinstance(m, str) for m in modules):
            raise ValueError("pyproject.toml names no modules to compile")
        shutil.copytree(os.path.join(self.root, "fortlang"), os.path.join(tmp, "fortlang"),
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        for path in modules:
            if not os.path.isfile(os.path.join(tmp, path)):
                raise FileNotFoundError(f"{path}, listed in pyproject.toml, does not exist")
        done = subprocess.run([sys.executable, "-c", COMPILE, *modules], cwd=tmp,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              stdin=subprocess.DEVNULL, check=False)
        if done.returncode:
            tail = "\n".join(done.stdout.splitlines()[-15:])
            raise RuntimeError(f"mypyc failed:\n{tail}")
        out = os.path.join(tmp, "out")
        built = {path: os.path.relpath(path, out)
                 for path in glob.glob(os.path.join(out, "**", "*.*"), recursive=True)
                 if path.endswith((".so", ".pyd"))}
        if len(built) != len(modules) + 1:  # per module its shim, and the one library
            raise RuntimeError(f"mypyc built {sorted(built.values())}")
        return built
