"""Where batches of games run: this process, a pool of worker processes, or Ray tasks on a
local Ray instance or a cluster (``fortlang[ray]``). Every backend runs whole chunks of games
(never one task per game) and yields their results in chunk order, so the merged figures are
the same on every backend."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.isolation import private_folder, python_command, safe_path_children

BACKENDS = ("local", "ray")
#: How pool workers start: a fork shares this process's imports; elsewhere (and with
#: "forkserver") a fresh interpreter imports them again, from our sys.path only.
START_METHOD = "fork" if sys.platform != "win32" else "spawn"


def results(jobs: Iterable[Any], run_chunk: Callable[[Any], Any], *, workers: int = 1,
            backend: str = "local", address: str | None = None) -> Iterator[Any]:
    """Each job's result, in order: ``run_chunk(job)``, the game's driver of a batch
    (fortlang.sim.drivers), run here, in pool workers or as Ray tasks (a module-level
    function of the game's package: pickled by reference)."""
    if backend == "ray":
        yield from _ray(jobs, run_chunk, workers, address)
    elif workers <= 1:
        for job in jobs:
            yield run_chunk(job)
    else:
        import multiprocessing

        context = multiprocessing.get_context(START_METHOD)
        # A spawned worker (and the forkserver) is `python -c ...` in our current folder:
        # PYTHONSAFEPATH keeps that folder off its sys.path (fortlang.isolation).
        with safe_path_children(), context.Pool(workers, initializer=_worker_start) as pool:
            yield from pool.imap(run_chunk, jobs)
            pool.close()  # every job done: the workers end by themselves, none is killed
            pool.join()


def _worker_start() -> None:
    """A pool worker does not keep the SIGTERM handler it forked with (the parent's, which
    removes the parent's temporary files by raising ``Terminated``): when the pool ends it
    early, it dies quietly, as multiprocessing expects its workers to."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def ray_missing() -> FortError:
    return FortError(Diagnostic(ERROR, "E606", "the Ray backend needs the ray extra",
                                file="--backend", hint="pip install 'fortlang[ray]'"))


def _short_temp() -> str:
    """The temp folder, if short enough for the Unix sockets Ray makes under it (107 bytes
    with Ray's own ~70), else /tmp (mkdtemp is private there too: 0700, a fresh name)."""
    folder = tempfile.gettempdir()
    return folder if len(folder) <= 32 or not os.path.isdir("/tmp") else "/tmp"


def _ray(jobs: Iterable[Any], run_chunk: Callable[[Any], Any], workers: int,
         address: str | None) -> Iterator[Any]:
    """Chunks as Ray tasks, a bounded number in flight (memory stays flat on long runs), read
    back in order. Ray is started here (``workers`` CPUs) unless ``address`` names a running
    instance or cluster (``auto``, ``HOST:PORT`` or ``ray://HOST:10001``); shut down after.

    Ray puts the driver's current folder first on every worker's ``sys.path`` (and makes it
    their working folder) unless the job has a ``working_dir``: ours is an empty private
    folder, so no worker imports from the folder fortlang was run from (a card set's)."""
    try:
        import ray
    except ImportError:
        raise ray_missing() from None
    from fortlang.output import terminate_cleanly

    with contextlib.ExitStack() as stack:
        if not ray.is_initialized():
            stack.enter_context(terminate_cleanly())  # SIGTERM while Ray starts: clean up
            if address:
                with private_folder("fortlang-ray-", _short_temp()) as empty:
                    ray.init(address=address, runtime_env={"working_dir": str(empty)},
                             **_RAY_OPTIONS)
            else:
                _start_local_ray(stack, workers)
            stack.callback(ray.shutdown)
        # Ray's own SIGTERM handler prints a C stack dump and leaves its processes and
        # folder behind: ours raises, so the shutdown above runs.
        received = stack.enter_context(_signals())
        task = ray.remote(run_chunk)
        window = 2 * max(int(ray.cluster_resources().get("CPU", workers)), 1)
        pending: deque[Any] = deque()

        def get() -> Any:
            try:
                return ray.get(pending.popleft())  # type: ignore[no-any-return]
            except Exception:  # a signal's exception, raised inside Ray's Cython, comes
                if received:   # out as a SystemError: it is the signal's, raised again
                    raise _signal_error(received[0]) from None
                raise

        for job in jobs:
            pending.append(task.remote(job))
            if len(pending) >= window:
                yield get()
        while pending:
            yield get()


def _signal_error(signum: int) -> BaseException:
    from fortlang.output import Terminated

    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated(signum)


@contextlib.contextmanager
def _signals() -> Iterator[list[int]]:
    """SIGTERM raises Terminated and SIGINT KeyboardInterrupt (the signals received are
    listed too); the previous handlers are restored after."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def handler(signum: int, frame: Any) -> None:
        received.append(signum)
        raise _signal_error(signum)

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield received
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old if old is not None else signal.SIG_DFL)


_RAY_OPTIONS: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                "logging_level": "ERROR", "configure_logging": False}


def _start_local_ray(stack: contextlib.ExitStack, workers: int) -> None:
    """A local instance, all of it under a folder of ours (0700: Ray makes its own folders
    0777, unreachable inside ours), on the loopback address, watched by
    :mod:`fortlang.sim.ray_watchdog`, which stops Ray and removes the folder when this
    process ends in any way (SIGKILL included)."""
    import ray

    _loopback_only(stack)
    root = stack.enter_context(private_folder("fortlang-ray-", _short_temp()))
    empty = root / "work"
    empty.mkdir(mode=0o700)
    watchdog = subprocess.Popen(python_command("-m", "fortlang.sim.ray_watchdog", str(root)),
                                cwd=empty, stdin=subprocess.PIPE, text=True,
                                start_new_session=True)
    stack.callback(_release, watchdog)
    already = _family()  # this process's other children are none of Ray's
    try:
        ray.init(num_cpus=max(workers, 1), _temp_dir=str(root / "ray"),
                 runtime_env={"working_dir": str(empty)}, **_RAY_OPTIONS)
    finally:  # even when Ray fails to start: what it did start is stopped
        _tell(watchdog, already | {watchdog.pid})


def _loopback_only(stack: contextlib.ExitStack) -> None:
    """Ray's switch for an instance that is not a cluster (its default on macOS and Windows):
    the node's address is the loopback one, so every Ray process of the run (they inherit
    the environment) listens on 127.0.0.1 only. The driver reads the switch when Ray is
    imported: a Ray imported earlier (by a caller) is told directly. Both undone after."""
    from ray._private import ray_constants

    name = ray_constants.ENABLE_RAY_CLUSTERS_ENV_VAR
    previous = os.environ.get(name)
    os.environ[name] = "0"
    enabled = ray_constants.ENABLE_RAY_CLUSTER
    ray_constants.ENABLE_RAY_CLUSTER = False

    def undo() -> None:
        ray_constants.ENABLE_RAY_CLUSTER = enabled
        if previous is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = previous
    stack.callback(undo)


def _family() -> set[int]:
    """The processes this one started, and theirs (none where there is no /proc)."""
    from fortlang.sim.ray_watchdog import descendants, start_time

    if not os.path.isdir("/proc"):
        return set()
    me = os.getpid()
    return descendants({me: start_time(me) or ""}) - {me}


def _tell(watchdog: subprocess.Popen[str], others: set[int]) -> None:
    """Give the watchdog the processes Ray started (this process's, ``others`` aside):
    ``PID START`` lines, a start time telling a reused pid apart."""
    from fortlang.sim.ray_watchdog import start_time

    assert watchdog.stdin is not None
    try:
        for pid in sorted(_family() - others):
            watchdog.stdin.write(f"{pid} {start_time(pid)}\n")
        watchdog.stdin.flush()
    except OSError:  # the watchdog is gone (killed by someone): nothing more to do here
        pass


def _release(watchdog: subprocess.Popen[str]) -> None:
    """End of the run: the watchdog stops what Ray left and removes the folder."""
    assert watchdog.stdin is not None
    try:
        watchdog.stdin.close()
    except OSError:
        pass
    try:
        watchdog.wait(timeout=60)
    except subprocess.TimeoutExpired:
        watchdog.kill()
        watchdog.wait()
