"""Where batches of games run: this process, a pool of worker processes, or Ray tasks on a
local Ray instance or a cluster (``fortlang[ray]``). Every backend runs whole chunks of games
(never one task per game) and yields their results in chunk order, so the merged figures are
the same on every backend."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.game.batch import ChunkResult, Job, run_chunk

BACKENDS = ("local", "ray")


def results(jobs: Iterable[Job], *, workers: int = 1, backend: str = "local",
            address: str | None = None) -> Iterator[ChunkResult]:
    """Each job's result, in order."""
    if backend == "ray":
        yield from _ray(jobs, workers, address)
    elif workers <= 1:
        for job in jobs:
            yield run_chunk(job)
    else:
        import multiprocessing

        context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
        with context.Pool(workers, initializer=_worker_start) as pool:
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


def _ray(jobs: Iterable[Job], workers: int, address: str | None) -> Iterator[ChunkResult]:
    """Chunks as Ray tasks, a bounded number in flight (memory stays flat on long runs), read
    back in order. Ray is started here (``workers`` CPUs) unless ``address`` names a running
    instance or cluster (``auto``, ``HOST:PORT`` or ``ray://HOST:10001``); shut down after."""
    try:
        import ray
    except ImportError:
        raise ray_missing() from None
    started = not ray.is_initialized()
    private: str | None = None
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "logging_level": "ERROR", "configure_logging": False}
        if address:
            ray.init(address=address, **options)
        else:
            # Ray keeps sockets, logs and pickled objects in /tmp/ray by default, a folder
            # every user can write: a local instance gets a folder of its own (0700), removed
            # after the shutdown.
            private = tempfile.mkdtemp(prefix="fortlang-ray-", dir=_short_temp())
            try:
                ray.init(num_cpus=max(workers, 1), _temp_dir=private, **options)
            except BaseException:
                shutil.rmtree(private, ignore_errors=True)
                raise
    try:
        task = ray.remote(run_chunk)
        window = 2 * max(int(ray.cluster_resources().get("CPU", workers)), 1)
        pending: deque[Any] = deque()
        for job in jobs:
            pending.append(task.remote(job))
            if len(pending) >= window:
                yield ray.get(pending.popleft())
        while pending:
            yield ray.get(pending.popleft())
    finally:
        if started:
            ray.shutdown()
        if private is not None:
            shutil.rmtree(private, ignore_errors=True)
