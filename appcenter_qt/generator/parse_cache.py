"""The parse cache of ``appcenter-generate --system``: what each pool catalog file gave last
time, so a rebuild after a package was installed (the path unit's most frequent reason) does
not parse an unchanged 50 MB of YAML again.

One entry per catalog file in ``OUT/.parse-cache``, named by a hash of
:func:`parser_fingerprint`, the sources' bundle formats and the file's name, size,
modification time and inode: what the parse depends on. The entry holds the parse with its
cached icons unresolved; they are looked up in the pool's icon directories after the cache
(:func:`~appcenter_qt.extract.appstream.catalog_import.localize_icons`), so ``appstreamcli refresh
--force``, which re-extracts those directories (same files, new mtimes and inodes), does not
make every entry stale.

An entry is a pickle (a :class:`CatalogImport` with tens of thousands of applications: a
data-only format would cost a good part of the parse it saves), and a pickle is code. So
it is read only from where this user alone could have written it, and only as written by
this code: the directory is opened once, never through a symbolic link, and must be this
user's alone (:func:`~appcenter_qt.support.safe_open.open_private_dir`, else the cache is not used,
with one warning); every entry is opened relative to it with ``O_NOFOLLOW``, must be a
regular file this user alone may write, and starts with a header naming the format and
:func:`parser_fingerprint`. An entry that fails any of that, or fails to unpickle, is
removed with one warning and parsed again, so it never fails a later run. Pruning removes
only names of our own pattern (unused entries, our temporary files), in that directory.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import os
import pickle
import re
from pathlib import Path

from appcenter_qt import __version__, backends
from appcenter_qt.extract.appstream.catalog_import import CatalogImport
from appcenter_qt.extract.pool.system_pool import CatalogFile
from appcenter_qt.support.safe_open import open_private, open_private_dir

log = logging.getLogger(__name__)

#: Bump when an entry's layout changes (the header, not the pickled classes: those are in
#: :func:`parser_fingerprint`).
FORMAT = 3
_ENTRY = re.compile(r"[0-9a-f]{32}\.pickle\Z")
_TEMP = re.compile(r"\.[0-9a-f]{32}\.pickle\.[0-9]+\.tmp\Z")
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


@functools.cache
def parser_fingerprint() -> str:
    """The version plus a hash of the code that turns a catalog file into applications
    (``extract/`` and ``domain/``, their subpackages included): a parse cached by other code
    is never reused, even between two commits of one version."""
    return code_fingerprint(Path(__file__).resolve().parents[1])


def code_fingerprint(package: Path) -> str:
    """:func:`parser_fingerprint` of the package at ``package``, computed afresh."""
    digest = hashlib.sha256(__version__.encode())
    for folder in ("extract", "domain"):
        for source in sorted((package / folder).rglob("*.py")):
            digest.update(source.relative_to(package).as_posix().encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


class ParseCache:
    """Use :meth:`open`; :meth:`close` (or leaving the ``with`` block) releases the directory."""

    def __init__(self, directory: Path, fd: int) -> None:
        self.directory = directory
        self._fd = fd
        self.used: set[str] = set()
        self._header = f"appcenter-qt parse cache {FORMAT} {parser_fingerprint()}\n".encode()

    @classmethod
    def open(cls, directory: Path) -> ParseCache | None:
        """The cache in ``directory``, or ``None`` (one warning) if it is a link, not a
        directory or not this user's alone: then every catalog is parsed, nothing kept."""
        try:
            fd = open_private_dir(directory)
        except OSError as error:
            log.warning(
                "%s: %s: not used, the catalogs are parsed afresh",
                directory,
                error.strerror or error,
            )
            return None
        return cls(directory, fd)

    def __enter__(self) -> ParseCache:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def _name(self, file: CatalogFile) -> str:
        # the parse is told the sources' bundle formats (registry data, outside extract/)
        told = backends.bundle_formats()
        key = repr((parser_fingerprint(), told, file.logical, file.size, file.mtime_ns, file.inode))
        name = hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:32]
        self.used.add(f"{name}.pickle")
        return f"{name}.pickle"

    def _discard(self, name: str, cause: str) -> None:
        log.warning("%s: %s: removed, the catalog is parsed again", self.directory / name, cause)
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=self._fd)

    def load(self, file: CatalogFile) -> CatalogImport | None:
        """The cached result, or ``None`` (missing; damaged or foreign: removed)."""
        name = self._name(file)
        try:
            handle = open_private(name, self._fd)
        except FileNotFoundError:
            return None
        except OSError as error:  # a link, a FIFO, someone else's file: not ours to read
            self._discard(name, str(error.strerror or error))
            return None
        with handle:
            try:
                data = handle.read()
            except OSError as error:
                self._discard(name, f"unreadable: {error.strerror or error}")
                return None
        if not data.startswith(self._header):
            self._discard(name, "damaged, or not an entry of this version")
            return None
        try:
            # read whole, so a damaged length is a short-data error, never a huge allocation
            found = pickle.loads(memoryview(data)[len(self._header) :])  # noqa: S301 (see above)
        except Exception as error:  # a damaged pickle can fail in any way
            self._discard(name, f"damaged ({type(error).__name__}: {error})")
            return None
        if not isinstance(found, CatalogImport):
            self._discard(name, "damaged (not a parse result)")
            return None
        return found

    def store(self, file: CatalogFile, result: CatalogImport) -> None:
        """Keep ``result`` (a temporary file of our own, renamed; failures are logged only)."""
        name = self._name(file)
        temp = f".{name}.{os.getpid()}.tmp"
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp, dir_fd=self._fd)  # left by a killed run of the same pid
            fd = os.open(temp, _FLAGS, 0o600, dir_fd=self._fd)
            with os.fdopen(fd, "wb") as handle:
                handle.write(self._header)
                pickle.dump(result, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temp, name, src_dir_fd=self._fd, dst_dir_fd=self._fd)
        except OSError as error:  # a cache is an optimization: never a reason to fail
            log.info("%s: not cached: %s", file.logical, error)
            with contextlib.suppress(OSError):
                os.unlink(temp, dir_fd=self._fd)

    def prune(self) -> None:
        """Remove entries this run did not use and temporary files left by killed runs (one
        run at a time writes an output directory): only names of our patterns, only here."""
        try:
            entries = list(os.scandir(self._fd))
        except OSError:
            return
        for entry in entries:
            stale = _ENTRY.match(entry.name) and entry.name not in self.used
            if (stale or _TEMP.match(entry.name)) and not entry.is_dir(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.name, dir_fd=self._fd)
