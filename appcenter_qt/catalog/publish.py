"""Publishing a catalog with its icon archive and report as one unit.

A front end reads ``appcenter.sqlite`` and ``icons.tar`` together; replacing them one after
the other (even each atomically) lets a reader, or a disk that fills up half-way, see a new
catalog beside old icons. So a set is written into its own hidden directory and switched in
with one ``rename(2)`` of a symlink::

    DIR/.set-<stamp>/{appcenter.sqlite,icons.tar,report.json}   one generation each
    DIR/current -> .set-<stamp>                                  switched atomically
    DIR/appcenter.sqlite -> current/appcenter.sqlite             fixed, made once
    DIR/icons.tar        -> current/icons.tar
    DIR/report.json      -> current/report.json

The same switch publishes other sets of files (the generator's HTML report: pages,
folders of pages and icons, its state file), named by ``OutputSet(DIR, files=…)``.

A reader resolves ``DIR/appcenter.sqlite`` once (:func:`.locate.resolve_set`) and takes the
icon archive from the same real directory, so it never mixes two sets; it then holds both
files open (an SQLite connection, the archive's descriptor), so a later run removing the set
directory takes nothing away from it. A run killed at any point,
or one that fails (a full disk), leaves ``current`` and the set it names untouched. One run
at a time holds ``DIR/.lock``; it first removes what earlier runs left behind: set
directories ``current`` does not name, and our own temp files (``.NAME.*.tmp``), never
anything else.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import shutil
import time
from pathlib import Path
from types import TracebackType

from appcenter_qt.catalog.locate import OUTPUT_FILES
from appcenter_qt.domain.errors import CatalogError

CURRENT = "current"
LOCK_NAME = ".lock"
SET_PREFIX = ".set-"
#: The files of a set, each reachable as DIR/NAME through ``current``.
SET_FILES = OUTPUT_FILES
_SET_NAME = re.compile(r"\.set-[0-9]+-[0-9]+\Z")


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _replace_symlink(link: Path, target: str) -> None:
    temp = link.with_name(f".{link.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    os.symlink(target, temp)
    os.replace(temp, link)


def _our_temp(files: tuple[str, ...]) -> re.Pattern[str]:
    """Names of the temp links :func:`_replace_symlink` makes for ``files`` and ``current``."""
    names = "|".join(re.escape(name) for name in (*files, CURRENT))
    return re.compile(rf"\.(?:{names})\..*\.tmp\Z")


def current_set(directory: Path) -> Path | None:
    """The set directory ``DIR/current`` names, if any."""
    link = directory / CURRENT
    try:
        target = os.readlink(link)
    except OSError:
        return None
    return directory / target if _SET_NAME.match(target) else None


class OutputSet:
    """Write a set into :attr:`staging`, then :meth:`publish` it; use as a context manager.

    Leaving the block without publishing (an error) removes the staging directory and
    leaves the published set as it was. ``files`` are the names (files or folders) of a set
    that get a fixed link ``DIR/NAME -> current/NAME``.
    """

    def __init__(
        self, directory: str | os.PathLike[str], *, files: tuple[str, ...] = SET_FILES
    ) -> None:
        self.directory = Path(directory)
        self.files = files
        self._temp = _our_temp(files)
        self.staging = self.directory / f"{SET_PREFIX}{time.time_ns()}-{os.getpid()}"
        self._lock_fd: int | None = None
        self.published = False

    def __enter__(self) -> OutputSet:
        lock = self.directory / LOCK_NAME
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            # never through a link: one planted here would create a file wherever it points
            self._lock_fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise CatalogError(f"{lock}: a symbolic link, not followed") from error
            raise CatalogError(f"{self.directory}: {error.strerror or error}") from error
        try:
            # A POSIX record lock, not flock(): it belongs to this process only, so worker
            # processes forked from it (which inherit the descriptor) never keep it after a
            # kill -9 of this one.
            fcntl.lockf(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(self._lock_fd)
            self._lock_fd = None
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise CatalogError(f"{self.directory}: another run is writing here") from error
            raise CatalogError(f"{self.directory}: cannot lock: {error.strerror}") from error
        self.remove_stale()
        try:
            self.staging.mkdir()
        except OSError as error:
            self._unlock()
            raise CatalogError(f"{self.staging}: {error.strerror or error}") from error
        return self

    def remove_stale(self) -> list[str]:
        """Remove set directories ``current`` does not name and our own temp files."""
        keep = current_set(self.directory)
        removed = []
        for entry in os.scandir(self.directory):
            path = Path(entry.path)
            if _SET_NAME.match(entry.name) and entry.is_dir(follow_symlinks=False):
                if keep is None or path != keep:
                    shutil.rmtree(path, ignore_errors=True)
                    removed.append(entry.name)
            elif self._temp.match(entry.name) and not entry.is_dir(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed.append(entry.name)
        return removed

    def publish(self) -> Path:
        """Switch ``current`` to the staged set; returns ``DIR/`` + the first of ``files``
        (the catalog)."""
        try:
            for name in self.files:
                staged = self.staging / name
                if staged.is_file():
                    with staged.open("rb") as handle:
                        os.fsync(handle.fileno())
            _fsync_dir(self.staging)
            _replace_symlink(self.directory / CURRENT, self.staging.name)
            for name in self.files:
                link = self.directory / name
                wanted = f"{CURRENT}/{name}"
                if not (self.staging / name).exists():  # e.g. the report went elsewhere
                    if link.is_symlink() and os.readlink(link) == wanted:
                        link.unlink()
                elif not (link.is_symlink() and os.readlink(link) == wanted):
                    _replace_symlink(link, wanted)
            _fsync_dir(self.directory)
        except OSError as error:
            raise CatalogError(
                f"{self.directory}: cannot publish: {error.strerror or error}"
            ) from error
        self.published = True
        return self.directory / self.files[0]

    def _unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            if not self.published:
                shutil.rmtree(self.staging, ignore_errors=True)
        finally:
            self._unlock()
