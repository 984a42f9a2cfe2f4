"""The wheel's build hook (.ci/build_hook.py) leaves nothing behind: its temporary copy of the
package is removed after packing, at exit when the build fails before packing, and when the build
is stopped by a signal while compiling, the compiler's processes stopped first.

Each case runs the hook in its own isolated interpreter (``python -I``), with a stand-in for the
mypyc step (the hook's ``COMPILE`` script) and a private TMPDIR to look for leftovers in."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("hatchling")

REPO = Path(__file__).resolve().parents[1]
HOOK = REPO / ".ci" / "build_hook.py"
MODULES = ["fortlang/a.py", "fortlang/b.py"]

#: Runs the hook: argv = the TMPDIR-rooted project, the stand-in compile script, "finalize" or
#: not. Prints the temporary folder the hook made, once made.
DRIVER = textwrap.dedent("""
    import importlib.util, sys
    root, compile_script, finalize = sys.argv[1], sys.argv[2], sys.argv[3] == "finalize"
    spec = importlib.util.spec_from_file_location("build_hook", {hook!r})
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    hook.COMPILE = open(compile_script).read()
    h = hook.MypycHook(root, {{"modules": {modules!r}}}, None, None, root, "wheel")
    data = {{"force_include": {{}}}}
    h.initialize("standard", data)
    print(h._tmp, data.get("pure_python"), flush=True)
    if finalize:
        h.finalize("standard", data, root + "/x.whl")
""").format(hook=str(HOOK), modules=MODULES)

#: The stand-in for mypyc: builds what the hook expects (a shim per module and the library).
BUILDS = textwrap.dedent("""
    import os, sys
    for name in ["_engine__mypyc", *[p[len("fortlang/"):-3] for p in sys.argv[1:]]]:
        os.makedirs("out/fortlang", exist_ok=True)
        open(f"out/fortlang/{name}.cpython-x.so", "w").close()
""")

#: The stand-in for mypyc that a stop finds at work: it starts a "C compiler" (a grandchild in
#: its process group), says both pids, and waits.
WAITS = textwrap.dedent("""
    import os, subprocess, sys, time
    cc = subprocess.Popen([sys.executable, "-I", "-c", "import time; time.sleep(120)"])
    with open(os.environ["FORTLANG_TEST_PIDS"], "w") as f:
        f.write(f"{os.getpid()} {cc.pid}")
    time.sleep(120)
""")


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A project to build (the modules listed, fortlang/native.py the hook reads) and the
    environment of its build: a private TMPDIR, FORTLANG_PURE unset."""
    root = tmp_path / "project"
    (root / "fortlang").mkdir(parents=True)
    shutil.copy(REPO / "fortlang" / "native.py", root / "fortlang" / "native.py")
    for module in MODULES:
        (root / module).write_text("X = 1\n")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "FORTLANG_PURE"}
    env["TMPDIR"] = str(tmp)
    return root, tmp, env


def _script(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "compile_stand_in.py"
    path.write_text(text)
    return path


def _leftovers(tmp: Path) -> list[str]:
    return sorted(p.name for p in tmp.iterdir() if p.name.startswith("fortlang-mypyc-"))


def _gone(pid: int, within: float = 10.0) -> bool:
    """Whether process ``pid`` no longer runs (a zombie waiting for init counts as gone)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except (FileNotFoundError, ProcessLookupError):
            return True
        time.sleep(0.05)
    return False


def test_packed_then_removed(project, tmp_path):
    root, tmp, env = project
    done = subprocess.run([sys.executable, "-I", "-c", DRIVER, str(root),
                           str(_script(tmp_path, BUILDS)), "finalize"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    made, pure = done.stdout.split()
    assert pure == "False"  # the stand-in's files were taken: a compiled wheel
    assert Path(made).parent == tmp
    assert _leftovers(tmp) == []


def test_removed_at_exit_when_never_packed(project, tmp_path):
    """hatchling fails after the hook (or the build is interrupted) before finalize: the copy
    goes when the build's process exits."""
    root, tmp, env = project
    done = subprocess.run([sys.executable, "-I", "-c", DRIVER, str(root),
                           str(_script(tmp_path, BUILDS)), "no"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.split()[0]).parent == tmp
    assert _leftovers(tmp) == []


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups: POSIX")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_stopped_while_compiling(project, tmp_path, sig):
    root, tmp, env = project
    pids = tmp_path / "pids"
    env["FORTLANG_TEST_PIDS"] = str(pids)
    build = subprocess.Popen([sys.executable, "-I", "-c", DRIVER, str(root),
                              str(_script(tmp_path, WAITS)), "finalize"],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    compiler = cc = 0
    try:
        end = time.monotonic() + 60
        while not (pids.exists() and pids.read_text().count(" ") == 1):
            assert build.poll() is None, build.communicate()
            assert time.monotonic() < end, "the stand-in compiler never started"
            time.sleep(0.05)
        compiler, cc = (int(x) for x in pids.read_text().split())
        assert _leftovers(tmp)  # the copy is there while compiling
        build.send_signal(sig)
        _, err = build.communicate(timeout=60)
    finally:
        if build.poll() is None:
            build.kill()
            build.wait()
        left = [pid for pid in (compiler, cc) if pid and not _gone(pid, within=2.0)]
        for pid in left:  # a failing hook's leftovers: not this test's to leave behind
            os.kill(pid, signal.SIGKILL)
    assert not left, "a compiler process was left running"
    assert build.returncode == -sig, err  # died of the signal, as an unhandled one kills
    assert "Traceback" not in err
    assert _leftovers(tmp) == []
