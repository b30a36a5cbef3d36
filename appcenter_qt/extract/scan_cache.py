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
without waiting, and is skipped while another run holds the cache. Entries are pickles, so
the directory must be this user's alone (mode 0700, nobody else may write): otherwise the
cache is refused.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import pickle
import stat
import time
from dataclasses import dataclass, replace
from pathlib import Path

from appcenter_qt import __version__
from appcenter_qt.errors import ExtractError
from appcenter_qt.extract.composition import Job, UnitScan
from appcenter_qt.safe_open import open_regular

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


def _private(info: os.stat_result) -> bool:
    return info.st_uid == os.geteuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


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
        self._keys: dict[int, str] = {}
        #: Something of this run was not stored (a scan that depends on the moment, a
        #: failed write): its outputs are not a function of the inputs, not to be reused.
        self.incomplete = False

    def __enter__(self) -> ScanCache:
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            info = os.stat(self.directory)
        except OSError as error:
            raise ExtractError(f"--cache {self.directory}: {error.strerror or error}") from error
        if not stat.S_ISDIR(info.st_mode) or not _private(info):
            raise ExtractError(
                f"--cache {self.directory}: must be a directory only this user may write"
            )
        self._lock = os.open(
            self.directory / ".lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600
        )
        fcntl.flock(self._lock, fcntl.LOCK_SH)
        return self

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
        return self.directory / key[:2] / key

    # -- entries -------------------------------------------------------------------------------
    def _load(self, key: str) -> object | None:
        path = self._path(key)
        try:
            handle = open_regular(path, follow_symlinks=False)
        except OSError:
            return None
        with handle:
            if not _private(os.fstat(handle.fileno())):
                return None
            try:
                found = pickle.load(handle)  # noqa: S301 (our private directory, see above)
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
                return None
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: pruned last
        return found

    def _store(self, key: str, value: object) -> None:
        target = self._path(key)
        temp = target.with_name(f".{key}.{os.getpid()}.tmp")
        try:
            target.parent.mkdir(mode=0o700, exist_ok=True)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as handle:
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temp, target)
        except OSError as error:  # a cache is an optimization, never a reason to fail
            self.incomplete = True
            log.info("%s: not cached: %s", target, error)
            with contextlib.suppress(OSError):
                temp.unlink()

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

    # -- whole files (a run's outputs, generate_reuse) ----------------------------------------
    def load_value(self, key: str) -> object | None:
        """A stored value by its key (``None``: missing or damaged)."""
        return self._load(key)

    def store_value(self, key: str, value: object) -> None:
        self._store(key, value)

    def store_file(self, key: str, source: Path) -> str | None:
        """Copy ``source`` into the entry ``key`` (temporary file, renamed); its SHA256, or
        ``None`` if it could not be stored."""
        target = self._path(key)
        temp = target.with_name(f".{key}.{os.getpid()}.tmp")
        digest = hashlib.sha256()
        try:
            target.parent.mkdir(mode=0o700, exist_ok=True)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as sink, open_regular(source) as handle:
                while chunk := handle.read(_CHUNK):
                    digest.update(chunk)
                    sink.write(chunk)
            os.replace(temp, target)
        except OSError as error:
            log.info("%s: not cached: %s", target, error)
            with contextlib.suppress(OSError):
                temp.unlink()
            return None
        return digest.hexdigest()

    def load_file(self, key: str, destination: Path, sha256: str) -> bool:
        """Copy the entry ``key`` to ``destination`` if it is there, private, and its SHA256
        is ``sha256`` (a damaged entry is a miss, never a damaged output)."""
        path = self._path(key)
        try:
            handle = open_regular(path, follow_symlinks=False)
        except OSError:
            return False
        digest = hashlib.sha256()
        with handle, destination.open("wb") as sink:
            if not _private(os.fstat(handle.fileno())):
                return False
            while chunk := handle.read(_CHUNK):
                digest.update(chunk)
                sink.write(chunk)
        if digest.hexdigest() != sha256:
            return False
        with contextlib.suppress(OSError):
            os.utime(path)
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
        path = self._path(self._index_key(url))
        try:
            handle = open_regular(path, follow_symlinks=False)
        except OSError:
            return False
        hasher = hashlib.new(algorithm)
        with handle:
            info = os.fstat(handle.fileno())
            if not _private(info) or (size >= 0 and info.st_size != size):
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
            log.info("%s: the kept copy of %s is damaged or outdated", path, url)
            target.unlink(missing_ok=True)
            return False
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: pruned last
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
            return
        self.__exit__(None, None, None)

    # -- pruning -------------------------------------------------------------------------------
    def prune(self) -> None:
        """Remove stale temporary files, then the least recently used entries until the cache
        is under ``max_bytes``."""
        entries: list[tuple[float, int, str]] = []
        now = time.time()
        for folder in os.scandir(self.directory):
            if not folder.is_dir(follow_symlinks=False):
                continue
            for entry in os.scandir(folder.path):
                info = entry.stat(follow_symlinks=False)
                if entry.name.endswith(".tmp"):
                    if now - info.st_mtime > _STALE_TEMP_SECONDS:
                        with contextlib.suppress(OSError):
                            os.unlink(entry.path)
                    continue
                entries.append((info.st_mtime, info.st_size, entry.path))
        total = sum(size for _mtime, size, _path in entries)
        for _mtime, size, path in sorted(entries):
            if total <= self.max_bytes:
                break
            with contextlib.suppress(OSError):
                os.unlink(path)
                total -= size
                self.stats.pruned += 1
