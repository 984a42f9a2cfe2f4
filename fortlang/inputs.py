"""The one way every command opens a file it reads (issue 31): only regular files on a disk.

A FIFO blocks ``open`` until a writer comes, or ``read`` forever; a device such as
``/dev/zero`` never ends; a procfs or sysfs file claims to be a regular file of size 0 and may
block (``/proc/kmsg``) or hold secrets (``/proc/self/environ``). Each is refused by its kind,
before a byte is read, with what it is:

- the path's ``stat`` (links followed) must be a regular file: a FIFO, a socket, a character
  or block device and a folder are refused without being opened;
- it is then opened non-blocking (a FIFO swapped in meanwhile cannot block the ``open``) and
  the open file's own ``fstat`` decides again, so no rename between the check and the read
  slips another kind in;
- a regular file is refused when it lives on the file system of ``/proc`` or ``/sys`` (the
  same ``st_dev``), or when its real path is under ``/proc``, ``/sys`` or ``/dev``: kernel
  pseudo-files are "regular" but are no one's card file, and a procfs mounted elsewhere
  still shares ``/proc``'s device in a process that sees ``/proc``.
"""

from __future__ import annotations

import os
import stat
from functools import cache
from pathlib import Path
from typing import BinaryIO

#: Folders whose files are the kernel's, never a user's input.
KERNEL_FOLDERS = ("/proc", "/sys", "/dev")

_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISDIR, "a directory"))


class NotRegular(OSError):
    """The path is not a regular file on a disk; ``what`` says what it is."""

    def __init__(self, what: str) -> None:
        super().__init__(f"not a regular file: {what}")
        self.what = what
        self.strerror = f"not a regular file: {what}"


@cache
def _kernel_devices() -> frozenset[int]:
    devices = set()
    for folder in KERNEL_FOLDERS[:2]:
        try:
            devices.add(os.stat(folder).st_dev)
        except OSError:  # not mounted here
            continue
    return frozenset(devices)


def _under_kernel_folder(real: str) -> bool:
    return any(real == top or real.startswith(top + "/") for top in KERNEL_FOLDERS)


def refusal(info: os.stat_result, real: str) -> str | None:
    """What the file is when it must not be read (see the module docstring), else None."""
    for test, what in _KINDS:
        if test(info.st_mode):
            return what
    if not stat.S_ISREG(info.st_mode):
        return "not a file"
    if info.st_dev in _kernel_devices() or _under_kernel_folder(real):
        return "a kernel file (procfs, sysfs or a device folder)"
    return None


def _opened_path(fd: int, path: str) -> str:
    """The real path of the open file (what the kernel opened), or of ``path``."""
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return os.path.realpath(path)


def open_regular(path: Path | str) -> BinaryIO:
    """``path`` opened for binary reading, or OSError: :class:`NotRegular` when it is not a
    regular file on a disk (FileNotFoundError, PermissionError... as ``open`` raises them)."""
    name = os.fspath(path)
    what = refusal(os.stat(name), os.path.realpath(name))
    if what is not None:
        raise NotRegular(what)
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        what = refusal(os.fstat(fd), _opened_path(fd, name))
        if what is not None:
            raise NotRegular(what)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def unreadable(error: OSError) -> str:
    """The message of a file that cannot be read: what it is, or why not."""
    if isinstance(error, NotRegular):
        return str(error)
    return f"cannot read: {error.strerror or error}"


def read_regular(path: Path | str, cap: int) -> bytes:
    """At most ``cap + 1`` bytes of the regular file ``path`` (the caller refuses more), or
    OSError (see :func:`open_regular`)."""
    with open_regular(path) as f:
        return f.read(cap + 1)
