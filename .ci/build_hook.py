"""Hatchling build hook: a wheel built from this tree (``pip install .``, ``python -m build``)
carries the engine's hot modules compiled with mypyc, next to their sources, when it can.

* The modules are ``modules`` of ``[tool.hatch.build.targets.wheel.hooks.custom]`` in
  pyproject.toml (the one list).
* An editable install stays pure Python: nothing compiled may shadow a source being edited.
* ``FORTLANG_PURE=1`` at build time builds a pure wheel (and asks for no mypy to build it).
* Any failure (no C compiler, a mypyc error) is a warning and a pure wheel: the install works.
* Compiling happens in a temporary copy of ``fortlang/``, never in the source tree. The copy is
  removed after the wheel is packed, when the build fails before that (at exit), and when the
  build is stopped by SIGTERM, SIGHUP or SIGINT: the compiler's process group is stopped first,
  then the copy removed, then the build dies of that signal (SIGKILL leaves both: nothing runs).
* The modules are one group (mypyc's ``group_name``): one library, ``fortlang/_engine__mypyc.*.so``
  (a module inside the package: never a top-level name that the current folder, first on
  ``sys.path`` for ``python -c``, could provide), and per module a small extension beside its
  source that loads it. Calls between compiled modules are then direct C calls: one group plays
  ~3% fewer instructions a game than a group per module did (``separate=True``). mypyc derives
  the ``__file__`` of a module imported by another one from the library's folder:
  ``fortlang.native.LibraryPlacer`` gives it the right base.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
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


#: The signals that stop a build and leave it time to clean up (a terminal's Ctrl-C, a closed
#: terminal, ``kill``, a CI runner's timeout).
STOPS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
#: How long the compiler's processes get to exit after SIGTERM before SIGKILL.
GRACE = 5.0


class _Stopped(BaseException):
    """A stop signal arrived while compiling (raised by its handler, see :func:`_stoppable`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop_group(child: subprocess.Popen[str]) -> None:
    """The compiler (its own process group: mypyc's C compilers too) stopped and reaped."""
    if child.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, GRACE), (signal.SIGKILL, None)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, sig)
        try:
            child.wait(wait)
            return
        except subprocess.TimeoutExpired:
            continue


@contextlib.contextmanager
def _stoppable(cleanup: Callable[[], None]) -> Iterator[None]:
    """Run the block with STOPS turned into :class:`_Stopped`; on one, ``cleanup()``, then the
    process dies of that signal as it would have (its default action, re-raised). Outside the
    main thread (no handler can be set there) the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise _Stopped(signum)

    before = {sig: signal.signal(sig, stop) for sig in STOPS}
    try:
        yield
    except _Stopped as e:
        for sig in STOPS:  # a second signal now kills at once, as the user meant
            signal.signal(sig, signal.SIG_DFL)
        cleanup()
        os.kill(os.getpid(), e.signum)
        raise SystemExit(128 + e.signum) from None  # not reached: the default action kills
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


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
        self._tmp = tmp = tempfile.mkdtemp(prefix="fortlang-mypyc-")  # read when it is packed
        # finalize removes it; a failure before that (hatchling's, after this hook) at exit
        atexit.register(shutil.rmtree, tmp, True)
        try:
            built = self._compile(tmp)
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
        # its own process group (start_new_session): a stop reaches the C compilers it runs too
        child = subprocess.Popen([sys.executable, "-c", COMPILE, *modules], cwd=tmp,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 stdin=subprocess.DEVNULL, start_new_session=True)

        def cleanup() -> None:
            _stop_group(child)
            shutil.rmtree(tmp, ignore_errors=True)

        with _stoppable(cleanup):
            try:
                output, _ = child.communicate()
            finally:
                _stop_group(child)  # an exception while waiting: no compiler left running
        if child.returncode:
            tail = "\n".join(output.splitlines()[-15:])
            raise RuntimeError(f"mypyc failed:\n{tail}")
        out = os.path.join(tmp, "out")
        built = {path: os.path.relpath(path, out)
                 for path in glob.glob(os.path.join(out, "**", "*.*"), recursive=True)
                 if path.endswith((".so", ".pyd"))}
        if len(built) != len(modules) + 1:  # per module its shim, and the one library
            raise RuntimeError(f"mypyc built {sorted(built.values())}")
        return built
