"""Opening untrusted files so that only regular files are ever read (every layer uses it:
the readers of extract/, and the models for local screenshot files).

A plain ``open()`` of a FIFO blocks until a writer appears, and a read from ``/dev/zero`` or
``/dev/urandom`` never ends: an unpacked tree (or an INPUT argument) holding one of those would
hang the generator forever. Every reader therefore opens its files through :func:`open_regular`:
the open itself is non-blocking (``O_NONBLOCK`` makes opening a FIFO return at once), the
descriptor is checked with ``fstat`` (so there is no window between a check and the open that a
swapped file could use), and only a regular file is switched back to blocking reads and handed
out. Anything else raises :class:`NotRegularFile`, an :class:`OSError`, so the callers' existing
``except OSError`` paths turn it into a hint naming the file.

Caches (the ``--system`` parse cache) are opened as a directory descriptor by
:func:`open_private_dir` (never through a symbolic link, and only if this user alone may write
it), and everything in them relative to that descriptor (``dir_fd``), with ``O_NOFOLLOW``: a
link planted in an output directory is refused, never followed out of it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from typing import BinaryIO


class NotRegularFile(OSError):
    """The path is a FIFO, socket, device or directory; ``kind`` says which (``"a FIFO"``)."""

    @property
    def kind(self) -> str:
        return (self.strerror or "").removesuffix(", not a regular file")


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a directory"
    return "not a regular file"


def open_regular(
    path: str | os.PathLike[str], *, follow_symlinks: bool = True, dir_fd: int | None = None
) -> BinaryIO:
    """A binary reader on ``path`` if it is a regular file, else :class:`NotRegularFile`.

    ``follow_symlinks=False`` adds ``O_NOFOLLOW``: a symlink is refused (``ELOOP``), as the
    tree reader requires, so nothing outside an unpacked root is ever opened through one.
    ``dir_fd``: ``path`` is relative to that directory descriptor (``openat``)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not follow_symlinks:
        flags |= os.O_NOFOLLOW
    fd = os.open(path, flags, dir_fd=dir_fd)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = _kind(mode)
            raise NotRegularFile(errno.EINVAL, f"{kind}, not a regular file", os.fspath(path))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(
    path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool = True
) -> bytes:
    """Up to ``limit + 1`` bytes of a regular file (one more than allowed, so callers can tell
    a file over the limit from one exactly at it)."""
    with open_regular(path, follow_symlinks=follow_symlinks) as handle:
        return handle.read(limit + 1)


def is_private(info: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else: only this user could have written it."""
    return info.st_uid == os.geteuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def open_private_dir(path: str | os.PathLike[str]) -> int:
    """A descriptor on the directory ``path`` (created 0700 if missing), or an ``OSError``
    whose ``strerror`` says why not: it is a symbolic link (never followed: a link planted in
    an output directory could point anywhere), not a directory, or not this user's alone."""
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o700)
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR):  # Linux says ENOTDIR for a link too
            raise OSError(error.errno, _not_a_directory(path), os.fspath(path)) from None
        raise
    if not is_private(os.fstat(fd)):
        os.close(fd)
        raise OSError(errno.EPERM, "not this user's alone (owner or mode)", os.fspath(path))
    return fd


def _not_a_directory(path: str | os.PathLike[str]) -> str:
    try:
        link = stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        link = False
    return "a symbolic link, not followed" if link else "not a directory"


def open_private(name: str, dir_fd: int) -> BinaryIO:
    """A reader on the regular file ``name`` of the directory ``dir_fd``, not through a link,
    only if this user alone may write it (else an ``OSError`` saying so)."""
    handle = open_regular(name, follow_symlinks=False, dir_fd=dir_fd)
    if not is_private(os.fstat(handle.fileno())):
        handle.close()
        raise OSError(errno.EPERM, "not this user's alone (owner or mode)", name)
    return handle
