"""The incremental cache of ``appcenter-generate --cache DIR``: what each unit gave last time.

A distribution's daily run finds almost every package unchanged, so the expensive part, pass
1 of the composer (decompressing the archive, parsing desktop files and metainfo, rendering
own icons), is stored per unit, and so is each icon pass 2 rendered from a unit. A unit's
entry is keyed by its content (the repository index's SHA256, which costs no read of the
package, or else the file's own SHA256), its name, origin and skip list, and the
generator's version, code fingerprint, icon sizes and time limit: anything that could change
the result. An unchanged re-run reads no package body (with ``--repo``) and, as a cached scan
is exactly the scan it replaces, gives byte-identical outputs. The cross-package icon lookup
still runs over the current set of units: only per-unit work is cached.

Scans that depend on the moment (a timeout, an internal error, a renderer crash) are not
stored. Entries are written to a temporary file and renamed (a ``kill -9`` leaves at worst a
temporary file, removed by a later prune). Concurrent runs share the cache under a shared
lock; pruning to ``--cache-max-size`` (least recently used first) takes the exclusive lock
without waiting, and is skipped while another run holds the cache.

Entries are pickles (a scan is what the composer works on; a data-only copy of every scan
would cost much of what the cache saves), and a pickle is code. So the directory must be
this user's alone (mode 0700, nobody else may write), else the cache is refused; it is
opened once, and everything in it is reached relative to that descriptor without following
a link (the two-letter folders, the entries, the lock); an entry must be a regular file this
user alone may write and start with a header naming this format and generator version. An
entry that fails any of that, or fails to unpickle, is removed with one warning and
computed again. Pruning removes only our own names (entries, our temporary files) in our
own folders. The ``--cache DIR`` named on the command line may itself be a link (the
user's own choice); the directory it leads to must still be this user's alone.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import logging
import os
import pickle
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from appcenter_qt import __version__
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.generator.composition import Job, UnitScan
from appcenter_qt.support.safe_open import is_private, open_private, open_regular

log = logging.getLogger(__name__)

#: Part of every key: bump it (or the package version) and every entry is stale.
GENERATOR_VERSION = __version__
DEFAULT_MAX_BYTES = 2 * 1024**3
_UNSTABLE_TAGS = frozenset(
    {
        "input-timeout",
        "internal-error",
        "icon-render-failed",
        "checksum-mismatch",
        "download-failed",
    }
)
_STALE_TEMP_SECONDS = 3600
_CHUNK = 1024 * 1024
#: Bump when the layout of an entry changes (what is pickled is in the keys' version).
FORMAT = 3  # 3: applications carry colours
_HEADER = f"appcenter-qt scan cache {FORMAT} {GENERATOR_VERSION}\n".encode()
#: Our own names: two-letter folders, entries (a SHA256), temporary files (``.KEY.PID.tmp``).
_FOLDER = re.compile(r"[0-9a-f]{2}\Z")
_ENTRY = re.compile(r"[0-9a-f]{64}\Z")
_TEMP = re.compile(r"\.[^/]+\.[0-9]+\.tmp\Z")
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)
_NEW = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def file_digest(path: str) -> str:
    """The SHA256 of a package file (when no index gives it)."""
    digest = hashlib.sha256()
    with open_regular(Path(path)) as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    icon_hits: int = 0
    icon_misses: int = 0
    pruned: int = 0
    #: A remote repository's indexes reused from the cache, and downloaded into it.
    index_hits: int = 0
    index_misses: int = 0


class ScanCache:
    """Use as a context manager: it holds the shared lock for the run and prunes at exit."""

    def __init__(self, directory: Path, options: str, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.directory = directory
        self.options = options
        self.max_bytes = max_bytes
        self.stats = CacheStats()
        self._lock: int | None = None
        self._fd = -1  # the directory, while the cache is open
        self._keys: dict[int, str] = {}
        #: Something of this run was not stored (a scan that depends on the moment, a
        #: failed write): its outputs are not a function of the inputs, not to be reused.
        self.incomplete = False

    def __enter__(self) -> ScanCache:
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._fd = os.open(self.directory, _DIRECTORY)
        except OSError as error:
            raise ExtractError(f"--cache {self.directory}: {error.strerror or error}") from error
        if not is_private(os.fstat(self._fd)):
            self._close_directory()
            raise ExtractError(
                f"--cache {self.directory}: must be a directory only this user may write"
            )
        try:
            self._lock = os.open(
                ".lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600, dir_fd=self._fd
            )
        except OSError as error:
            self._close_directory()
            cause = "a symbolic link" if error.errno == errno.ELOOP else error.strerror
            raise ExtractError(f"--cache {self.directory / '.lock'}: {cause}") from error
        fcntl.flock(self._lock, fcntl.LOCK_SH)
        return self

    def _close_directory(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __exit__(self, *_exc: object) -> None:
        if self._lock is None:
            return
        try:
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            with contextlib.suppress(BlockingIOError):
                fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self.prune()
        finally:
            os.close(self._lock)
            self._lock = None
            self._close_directory()

    # -- keys ----------------------------------------------------------------------------------
    def key_for(self, job: Job) -> str:
        """:meth:`unit_key`, computed once per job; ``""`` for a file that cannot be read
        (the scan then says why, and is not cached)."""
        if job.index not in self._keys:
            try:
                self._keys[job.index] = self.unit_key(job)
            except OSError:
                self.incomplete = True
                self._keys[job.index] = ""
        return self._keys[job.index]

    def unit_key(self, job: Job) -> str:
        digest = job.digest or file_digest(job.path)
        parts = (
            GENERATOR_VERSION,
            self.options,
            job.kind.value,
            Path(job.path).name,
            job.origin,
            ",".join(sorted(job.skip)),
            digest,
        )
        return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()

    def _path(self, key: str) -> Path:
        """Where entry ``key`` is, for messages (it is reached through :meth:`_folder`)."""
        return self.directory / key[:2] / key

    @contextlib.contextmanager
    def _folder(self, key: str, *, create: bool = False) -> Iterator[int]:
        """A descriptor on the folder of entry ``key`` (``OSError`` if it is a link)."""
        if create:
            with contextlib.suppress(FileExistsError):
                os.mkdir(key[:2], 0o700, dir_fd=self._fd)
        fd = os.open(key[:2], _DIRECTORY | os.O_NOFOLLOW, dir_fd=self._fd)
        try:
            yield fd
        finally:
            os.close(fd)

    def _open(self, key: str, folder: int) -> BinaryIO | None:
        """Entry ``key`` for reading; ``None`` if missing, or if it is a link, no regular
        file or not this user's alone (then it is removed, with a warning)."""
        try:
            return open_private(key, folder)
        except FileNotFoundError:
            return None
        except OSError as error:
            self._discard(key, folder, str(error.strerror or error))
            return None

    def _discard(self, key: str, folder: int, cause: str) -> None:
        log.warning("%s: %s: removed", self._path(key), cause)
        with contextlib.suppress(OSError):
            os.unlink(key, dir_fd=folder)

    # -- entries -------------------------------------------------------------------------------
    def _load(self, key: str) -> object | None:
        try:
            with self._folder(key) as folder:
                handle = self._open(key, folder)
                if handle is None:
                    return None
                with handle:
                    data = handle.read()
                if not data.startswith(_HEADER):
                    self._discard(key, folder, "damaged, or not an entry of this version")
                    return None
                try:
                    # whole, so a damaged length is a short read, never a huge allocation
                    found = pickle.loads(memoryview(data)[len(_HEADER) :])  # noqa: S301 (above)
                except Exception as error:  # a damaged pickle can fail in any way
                    self._discard(key, folder, f"damaged ({type(error).__name__}: {error})")
                    return None
                with contextlib.suppress(OSError):
                    os.utime(key, dir_fd=folder, follow_symlinks=False)  # pruned last
        except OSError:  # no folder yet; a folder that is a link is never entered
            return None
        return found

    def _write(self, key: str, write: Callable[[BinaryIO], None]) -> bool:
        """Entry ``key`` written by ``write`` into a temporary file, then renamed."""
        temp = f".{key}.{os.getpid()}.tmp"
        try:
            with self._folder(key, create=True) as folder:
                try:
                    fd = os.open(temp, _NEW, 0o600, dir_fd=folder)
                    with os.fdopen(fd, "wb") as handle:
                        write(handle)
                    os.replace(temp, key, src_dir_fd=folder, dst_dir_fd=folder)
                except OSError:
                    with contextlib.suppress(OSError):
                        os.unlink(temp, dir_fd=folder)
                    raise
        except OSError as error:  # a cache is an optimization, never a reason to fail
            log.info("%s: not cached: %s", self._path(key), error)
            return False
        return True

    def _store(self, key: str, value: object) -> None:
        def write(handle: BinaryIO) -> None:
            handle.write(_HEADER)
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)

        if not self._write(key, write):
            self.incomplete = True

    def scan(self, job: Job, key: str) -> UnitScan | None:
        found = self._load(key)
        if not isinstance(found, UnitScan):
            self.stats.misses += 1
            return None
        self.stats.hits += 1
        return replace(found, job=job)

    def store_scan(self, key: str, scan: UnitScan) -> None:
        if any(hint.tag in _UNSTABLE_TAGS for hint in scan.hints):
            self.incomplete = True
            return
        self._store(key, replace(scan, held={}))

    def icons(self, key: str, requests: list[tuple[str, str, int]]) -> dict | None:
        """Every pass-2 outcome of ``requests`` for the unit, or ``None`` if one is missing."""
        found = self._load(self._icon_key(key, requests))
        if not isinstance(found, dict):
            self.stats.icon_misses += 1
            return None
        self.stats.icon_hits += 1
        return found

    def store_icons(self, key: str, requests: list[tuple[str, str, int]], results: dict) -> None:
        if any(type(value) is not bytes and type(value) is not str for value in results.values()):
            self.incomplete = True
            return  # a renderer crash, a timeout, a failed download: try again next time
        self._store(self._icon_key(key, requests), results)

    @staticmethod
    def _icon_key(key: str, requests: list[tuple[str, str, int]]) -> str:
        return hashlib.sha256(f"{key}\0icons\0{sorted(requests)!r}".encode()).hexdigest()

    # -- whole files (a run's outputs, reuse) ----------------------------------------
    def load_value(self, key: str) -> object | None:
        """A stored value by its key (``None``: missing or damaged)."""
        return self._load(key)

    def store_value(self, key: str, value: object) -> None:
        self._store(key, value)

    def store_file(self, key: str, source: Path) -> str | None:
        """Copy ``source`` into the entry ``key`` (temporary file, renamed); its SHA256, or
        ``None`` if it could not be stored."""
        digest = hashlib.sha256()

        def write(sink: BinaryIO) -> None:
            with open_regular(source) as handle:
                while chunk := handle.read(_CHUNK):
                    digest.update(chunk)
                    sink.write(chunk)

        return digest.hexdigest() if self._write(key, write) else None

    def load_file(self, key: str, destination: Path, sha256: str) -> bool:
        """Copy the entry ``key`` to ``destination`` if it is there, private, and its SHA256
        is ``sha256`` (a damaged entry is a miss, never a damaged output)."""
        digest = hashlib.sha256()
        try:
            with self._folder(key) as folder:
                handle = self._open(key, folder)
                if handle is None:
                    return False
                with handle, destination.open("wb") as sink:
                    while chunk := handle.read(_CHUNK):
                        digest.update(chunk)
                        sink.write(chunk)
                if digest.hexdigest() != sha256:
                    return False
                with contextlib.suppress(OSError):
                    os.utime(key, dir_fd=folder, follow_symlinks=False)
        except OSError:
            return False
        return True

    # -- a remote repository's indexes (repository.files) ------------------------------------
    @staticmethod
    def _index_key(url: str) -> str:
        return hashlib.sha256(f"index\0{url}".encode("utf-8", "surrogateescape")).hexdigest()

    def load_index(self, url: str, target: Path, algorithm: str, digest: str, size: int) -> bool:
        """Copy the index kept for ``url`` to ``target`` if its ``algorithm`` digest is
        ``digest`` and its size ``size`` (``-1``: any), hashing it as it is copied: a
        damaged or outdated entry is a miss (``target`` is then removed), never a wrong
        index."""
        key = self._index_key(url)
        hasher = hashlib.new(algorithm)
        try:
            with self._folder(key) as folder:
                handle = self._open(key, folder)
                if handle is None:
                    return False
                with handle:
                    if size >= 0 and os.fstat(handle.fileno()).st_size != size:
                        return False
                    try:
                        with target.open("wb") as sink:
                            while chunk := handle.read(_CHUNK):
                                hasher.update(chunk)
                                sink.write(chunk)
                    except OSError:
                        target.unlink(missing_ok=True)
                        return False
                if hasher.hexdigest() != digest.lower():
                    log.info("%s: the kept copy of %s is damaged or outdated", key, url)
                    target.unlink(missing_ok=True)
                    return False
                with contextlib.suppress(OSError):
                    os.utime(key, dir_fd=folder, follow_symlinks=False)  # pruned last
        except OSError:
            return False
        self.stats.index_hits += 1
        return True

    def store_index(self, url: str, source: Path) -> None:
        """Keep the index just downloaded from ``url`` (replacing an older copy)."""
        self.stats.index_misses += 1
        self.store_file(self._index_key(url), source)

    def close(self, *, prune: bool = True) -> None:
        """Release the lock (what leaving the ``with`` block does), pruning or not."""
        if not prune and self._lock is not None:
            os.close(self._lock)  # closing the descriptor releases the lock
            self._lock = None
            self._close_directory()
            return
        self.__exit__(None, None, None)

    # -- pruning -------------------------------------------------------------------------------
    def prune(self) -> None:
        """Remove stale temporary files, then the least recently used entries until the cache
        is under ``max_bytes``: only our own names, in our own folders, never through a link."""
        entries: list[tuple[float, int, str, str]] = []
        now = time.time()
        for folder in os.scandir(self._fd):
            if not _FOLDER.match(folder.name) or not folder.is_dir(follow_symlinks=False):
                continue
            try:
                with self._folder(folder.name) as fd:
                    for entry in os.scandir(fd):
                        if entry.is_dir(follow_symlinks=False):
                            continue
                        info = entry.stat(follow_symlinks=False)
                        if _TEMP.match(entry.name):
                            if now - info.st_mtime > _STALE_TEMP_SECONDS:
                                with contextlib.suppress(OSError):
                                    os.unlink(entry.name, dir_fd=fd)
                        elif _ENTRY.match(entry.name):
                            entries.append((info.st_mtime, info.st_size, folder.name, entry.name))
            except OSError:
                continue
        total = sum(size for _mtime, size, _folder, _name in entries)
        for _mtime, size, folder_name, name in sorted(entries):
            if total <= self.max_bytes:
                break
            with contextlib.suppress(OSError), self._folder(folder_name) as fd:
                os.unlink(name, dir_fd=fd)
                total -= size
                self.stats.pruned += 1
