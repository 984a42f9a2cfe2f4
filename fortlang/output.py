"""Every file fortlang writes goes through here: one way to write safely.

- A regular file (or a new one) is replaced in one step: the bytes go to a temporary file in the
  target's own folder (symlinks resolved first, so a link keeps pointing at the new content),
  then ``os.replace``. Readers never see half a file, and a failure leaves the old one intact.
- A device, a pipe or a socket (``--log /dev/null``, ``--out /dev/stdout``) is streamed to:
  renaming over it would turn ``/dev/null`` into a regular file when run as root. It is opened
  without blocking: a FIFO that nobody reads is refused after ``FIFO_WAIT`` seconds, not
  waited on forever.
- A read-only regular file is refused (E801), even for root, who could replace it.
- A folder is refused before any work starts, with the path and the reason.
- The new file keeps the old one's mode (and owner, when root writes), or gets the umask's
  default (0666 & ~umask) when new.
- ``expect``: the bytes the target held when it was read; if someone edited it since, nothing is
  written (``fmt`` never overwrites a concurrent edit).
- Nothing is left behind. Linux ``O_TMPFILE`` files have no name until the final link, so even
  SIGKILL leaves nothing; elsewhere the temporary name is ``.NAME.PID.fortlang-tmp``, removed
  on SIGTERM and SIGINT, and removed at the next write into that folder once process PID is
  gone. Built folders (``docs build``) use the same naming and clean-up.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from fortlang.errors import ERROR, Diagnostic, FortError

#: The recognisable suffix of every temporary name (files and folders).
TEMP_SUFFIX = ".fortlang-tmp"
_TEMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-z_]*" + re.escape(TEMP_SUFFIX)
                        + "$")


def _error(code: str, path: Path | str, message: str, hint: str | None = None) -> FortError:
    return FortError(Diagnostic(ERROR, code, message, file=str(path), hint=hint))


def unwritable(path: Path | str, error: OSError) -> FortError:
    return _error("E801", path, f"cannot write: {error.strerror or error}")


def _umask_mode() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


# -- leftovers -----------------------------------------------------------------------------------


def temp_name(target: Path, tag: str = "") -> Path:
    """A name beside ``target`` that says who made it (the pid) and that fortlang did."""
    salt = tag + next(tempfile._get_candidate_names())  # type: ignore[attr-defined]
    return target.with_name(f".{target.name}.{os.getpid()}.{salt}{TEMP_SUFFIX}")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def clean_leftovers(folder: Path) -> None:
    """Remove what killed fortlang runs of this user left in ``folder`` (their pid is gone)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match is None or _alive(int(match["pid"])):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if info.st_uid != os.geteuid():
                continue
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(entry.path, ignore_errors=True)
            elif stat.S_ISREG(info.st_mode):
                os.unlink(entry.path)
        except OSError:
            continue


# -- signals -------------------------------------------------------------------------------------


class Terminated(BaseException):
    """SIGTERM, raised so that ``finally`` blocks remove temporary files."""


@contextlib.contextmanager
def terminate_cleanly() -> Iterator[None]:
    """Within the block SIGTERM raises :class:`Terminated` (SIGINT already raises
    KeyboardInterrupt), so the clean-up code runs; the old handler is restored after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum: int, frame: Any) -> None:
        raise Terminated(signum)

    previous = signal.signal(signal.SIGTERM, _raise)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# -- files ---------------------------------------------------------------------------------------


def _kind(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno == errno.ENOTDIR:
            raise _error("E801", path, "cannot write: a parent is a file, not a folder") from None
        raise unwritable(path, e) from None


def _check_target(path: Path) -> tuple[bool, os.stat_result | None]:
    """(stream to it, its stat); refuses folders and a missing parent folder."""
    info = _kind(path)
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise _error("E800", path, "is a folder, not a file",
                     hint="give the path of a file to write")
    if info is not None and not stat.S_ISREG(info.st_mode):
        return True, info
    if info is not None and not info.st_mode & 0o222:  # root could: the mode says no
        raise _error("E801", path, "cannot write: the file is read-only",
                     hint="make it writable (chmod u+w) if it should be replaced")
    parent = Path(os.path.realpath(path)).parent
    if not parent.is_dir():
        raise _error("E801", path, f"cannot write: the folder {parent} does not exist")
    return False, info


#: How long a FIFO may wait for its reader to open it (a reader started just before us).
FIFO_WAIT = 10.0


def _open_stream(path: Path) -> IO[bytes]:
    """A pipe or a device, opened without blocking: a FIFO that still has no reader after
    FIFO_WAIT seconds is refused (ENXIO) instead of waiting forever."""
    import time

    deadline = time.monotonic() + FIFO_WAIT
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
            break
        except OSError as e:
            if e.errno != errno.ENXIO:
                raise unwritable(path, e) from None
            if time.monotonic() >= deadline:
                raise _error("E801", path, "cannot write: a FIFO that nobody reads",
                             hint="start the reader first, or name a regular file") from None
            time.sleep(0.05)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "wb")


class _Atomic:
    """The temporary file of one atomic write (named or O_TMPFILE)."""

    def __init__(self, target: Path, mode: int, owner: tuple[int, int] | None = None) -> None:
        self.target, self.mode, self.owner = target, mode, owner
        self.named: Path | None = None
        self.fd = self._open_unnamed()
        if self.fd < 0:
            self.named = temp_name(target)
            self.fd = os.open(self.named, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC,
                              0o600)

    def _open_unnamed(self) -> int:
        flag = getattr(os, "O_TMPFILE", 0)
        if not flag or not Path("/proc/self/fd").is_dir():
            return -1
        try:
            return os.open(self.target.parent, flag | os.O_WRONLY | os.O_CLOEXEC, 0o600)
        except OSError:  # a file system without O_TMPFILE support
            return -1

    def commit(self) -> None:
        os.fsync(self.fd)
        if self.owner is not None and os.geteuid() == 0:  # root editing a user's file
            os.fchown(self.fd, *self.owner)
        os.fchmod(self.fd, self.mode)
        if self.named is None:  # give the unnamed file a name, then swap it in
            self.named = temp_name(self.target)
            # linkat(AT_SYMLINK_FOLLOW) on the /proc magic link; Python passes the flag only
            # when a dir fd is given (the absolute source path ignores it)
            root = os.open("/", os.O_RDONLY | os.O_CLOEXEC)
            try:
                os.link(f"/proc/self/fd/{self.fd}", self.named, src_dir_fd=root,
                        follow_symlinks=True)
            finally:
                os.close(root)
        os.replace(self.named, self.target)
        self.named = None

    def discard(self) -> None:
        if self.named is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.named)
            self.named = None


@contextlib.contextmanager
def open_output(path: Path | str, text: bool = False,
                expect: bytes | None = None) -> Iterator[IO[Any]]:
    """A file object for ``path``: written atomically when the block ends without an error,
    or streamed to when ``path`` is a device or a pipe. Checks run on entry (a folder is
    refused before the caller spends any time). Raises FortError (E800, E801, E802)."""
    path = Path(path)
    stream, info = _check_target(path)
    if stream:
        raw = _open_stream(path)
        try:
            with raw:
                yield _wrap(raw, text)
        except OSError as e:  # the reader went away (EPIPE), the device is full...
            raise unwritable(path, e) from None
        return
    target = Path(os.path.realpath(path))  # through symlinks: the link stays, its target changes
    mode = stat.S_IMODE(info.st_mode) if info is not None else _umask_mode()
    clean_leftovers(target.parent)
    with terminate_cleanly():
        try:
            atomic = _Atomic(target, mode, (info.st_uid, info.st_gid) if info else None)
        except OSError as e:
            raise unwritable(path, e) from None
        try:
            with os.fdopen(atomic.fd, "wb", closefd=False) as raw:
                f = _wrap(raw, text)
                yield f
                f.flush()
            if expect is not None and _current(target) != expect:
                raise _error("E802", path, "changed since it was read: not overwritten",
                             hint="run the command again on the new content")
            atomic.commit()
        except OSError as e:  # disk full, permissions changed meanwhile: the old file is intact
            raise unwritable(path, e) from None
        finally:
            atomic.discard()
            os.close(atomic.fd)


def _wrap(raw: IO[bytes], text: bool) -> IO[Any]:
    if not text:
        return raw
    import io

    return io.TextIOWrapper(raw, encoding="utf-8", newline="", write_through=True)  # type: ignore[arg-type]


def _current(path: Path) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def write_output(path: Path | str, data: bytes | str, expect: bytes | None = None) -> None:
    """Write ``data`` to ``path`` the safe way (see the module docstring); with ``expect``,
    only if ``path`` still holds those bytes (E802 otherwise)."""
    with open_output(path, expect=expect) as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)


# -- folders -------------------------------------------------------------------------------------


@contextlib.contextmanager
def build_folder(out: Path) -> Iterator[Path]:
    """A fresh temporary folder beside ``out``, swapped in for ``out`` when the block succeeds
    (two renames; the old tree is removed afterwards); removed on any failure or signal. The
    caller decides beforehand whether ``out`` may be replaced."""
    out = Path(os.path.realpath(out))
    with terminate_cleanly():
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            clean_leftovers(out.parent)
            tmp = temp_name(out, "new")
            tmp.mkdir(mode=0o777)
        except OSError as e:
            raise unwritable(out, e) from None
        try:
            yield tmp
            old = None
            if out.exists():
                old = temp_name(out, "old")
                out.rename(old)
            tmp.rename(out)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        except OSError as e:
            raise unwritable(out, e) from None
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
