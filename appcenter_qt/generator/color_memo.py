"""The key colours computed last time, by icon content: a rebuild of the system catalog (after
every package install) recomputes only the colours of icons it has not seen.

Decoding and reducing 2,000 icons is about a third of a warm ``appcenter-generate --system``;
the icons rarely change between two runs. So each colour is kept under a hash of the icon's
bytes (BLAKE2b, 128 bits: two different icons do not share a key) in
``OUT/.parse-cache/key-colors.json``, and the file names :func:`method_fingerprint`, so a
change to the method discards every entry at once.

The file is plain JSON (data, never code) and still read like the parse cache's entries: the
directory must be this user's alone, the file is opened without following a link, must be
this user's alone and at most :data:`MAX_BYTES`; an entry that is not a well-formed hash and
colour is ignored. Anything wrong (damaged, foreign, too big) means an empty memo and one
warning: the colours are computed afresh and the file rewritten. Only the entries a run used
are written back, so the file follows the pool instead of growing.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import re
from pathlib import Path

from appcenter_qt.support.safe_open import open_private, open_private_dir

log = logging.getLogger(__name__)

FILE_NAME = "key-colors.json"
#: Far above a pool's worth (60,000 icons × 50 bytes): more is not a file of ours.
MAX_BYTES = 8 * 1024 * 1024
_KEY = re.compile(r"[0-9a-f]{32}\Z")
_COLOR = re.compile(r"#[0-9a-f]{6}\Z")
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


@functools.cache
def method_fingerprint() -> str:
    """A hash of the code that turns an icon into its colour: a colour memoised by other code
    is never reused."""
    digest = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for source in (here / "key_colors.py", here.parent / "domain" / "colors.py"):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def content_key(data: bytes) -> str:
    """The memo's key for an icon's bytes."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class ColorMemo:
    """Key colours by :func:`content_key`; ``""`` for an icon that has none (undecodable, or
    no opaque pixel), so it is not decoded again either."""

    def __init__(self, known: dict[str, str] | None = None) -> None:
        self._known = dict(known or {})
        self._used: dict[str, str] = {}
        self.hits = 0

    def get(self, key: str) -> str | None:
        """The colour kept for ``key`` (``""``: none), or ``None`` if it is not known."""
        found = self._known.get(key)
        if found is not None:
            self.hits += 1
            self._used[key] = found
        return found

    def put(self, key: str, color: str | None) -> None:
        self._used[key] = color or ""

    @classmethod
    def load(cls, directory: Path) -> ColorMemo:
        """The memo kept in ``directory`` (empty when there is none, or none to trust)."""
        try:
            fd = open_private_dir(directory)
        except OSError as error:
            log.warning("%s: %s: key colours are computed afresh", directory, error.strerror)
            return cls()
        try:
            with open_private(FILE_NAME, fd) as handle:
                data = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return cls()
        except OSError as error:
            log.warning("%s: %s: not used", directory / FILE_NAME, error.strerror or error)
            return cls()
        finally:
            os.close(fd)
        return cls(_parse(data, directory / FILE_NAME))

    def save(self, directory: Path) -> None:
        """Write the entries this run used (a temporary file, renamed; failures are logged:
        a memo is an optimisation, never a reason to fail a build)."""
        body = json.dumps(
            {"method": method_fingerprint(), "colors": dict(sorted(self._used.items()))},
            separators=(",", ":"),
        ).encode()
        temp = f".{FILE_NAME}.{os.getpid()}.tmp"
        try:
            fd = open_private_dir(directory)
        except OSError as error:
            log.info("%s: key colours not kept: %s", directory, error.strerror or error)
            return
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp, dir_fd=fd)  # left by a killed run of the same pid
            out = os.open(temp, _FLAGS, 0o600, dir_fd=fd)
            with os.fdopen(out, "wb") as handle:
                handle.write(body)
            os.replace(temp, FILE_NAME, src_dir_fd=fd, dst_dir_fd=fd)
        except OSError as error:
            log.info("%s: key colours not kept: %s", directory, error.strerror or error)
            with contextlib.suppress(OSError):
                os.unlink(temp, dir_fd=fd)
        finally:
            os.close(fd)


def _parse(data: bytes, where: Path) -> dict[str, str]:
    if len(data) > MAX_BYTES:
        log.warning("%s: larger than %d bytes: not used", where, MAX_BYTES)
        return {}
    try:
        found = json.loads(data)
    except (ValueError, RecursionError) as error:
        log.warning("%s: damaged (%s): not used", where, error)
        return {}
    if not isinstance(found, dict):
        log.warning("%s: damaged (not an object): not used", where)
        return {}
    if found.get("method") != method_fingerprint():
        return {}  # another version's colours: computed afresh, silently
    colors = found.get("colors")
    if not isinstance(colors, dict):
        log.warning("%s: damaged (no colours): not used", where)
        return {}
    return {
        key: value
        for key, value in colors.items()
        if isinstance(key, str)
        and _KEY.match(key)
        and isinstance(value, str)
        and (value == "" or _COLOR.match(value))
    }
