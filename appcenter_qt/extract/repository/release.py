"""A Debian suite's ``Release`` file (or ``InRelease``, its clear-signed form): the SHA256
and size of every index of the suite, against which each index is checked before it is read.

Only the integrity of the files against the Release file is checked here. Whether the
Release file itself is genuine (its OpenPGP signature, ``Release.gpg`` or the armour of
``InRelease``) is **not** checked: that is the job of the tool that mirrors the archive
(apt, debmirror) with the archive's keyring. The armour of ``InRelease`` is only stripped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.download import file_digest
from appcenter_qt.extract.repository.files import RepoFiles

_SIGNED = "-----BEGIN PGP SIGNED MESSAGE-----"
_SIGNATURE = "-----BEGIN PGP SIGNATURE-----"
#: A Release file of a real archive is a few hundred KiB; anything far larger is not one.
_MAX_RELEASE_BYTES = 64 * 1024**2


@dataclass
class Release:
    """What a suite's Release file says: ``Origin`` and ``SHA256`` (path inside
    ``dists/SUITE/`` → (hex digest, size))."""

    name: str
    origin: str = ""
    sha256: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: The Release file's own SHA256 (part of the run's key: it names every index's).
    digest: str = ""

    def lists(self, relative: str) -> bool:
        return relative in self.sha256

    def check(self, files: RepoFiles, suite: str, relative: str, path) -> str:
        """Check the local copy ``path`` of ``dists/SUITE/relative`` against the Release
        file; its SHA256, or an :class:`ExtractError` naming the file."""
        name = files.name(f"dists/{suite}/{relative}")
        if relative not in self.sha256:
            raise ExtractError(f"{name}: not listed in {self.name}")
        expected, size = self.sha256[relative]
        actual_size = path.stat().st_size
        if actual_size != size:
            raise ExtractError(
                f"{name}: size mismatch: {self.name} says {size} bytes, the file has {actual_size}"
            )
        actual = file_digest(path)
        if actual != expected:
            raise ExtractError(
                f"{name}: sha256 mismatch: {self.name} says {expected[:16]}…, the file is "
                f"{actual[:16]}…"
            )
        return actual


def strip_clearsign(text: str, name: str) -> str:
    """The signed text of a clear-signed message (``InRelease``), dash-escaping undone; the
    signature is not checked. Plain text is returned as it is."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != _SIGNED:
        return text
    position = 1
    while position < len(lines) and lines[position].strip():  # armour headers (Hash: …)
        position += 1
    body: list[str] = []
    for line in lines[position + 1 :]:
        if line.strip() == _SIGNATURE:
            return "\n".join(body) + "\n"
        body.append(line[2:] if line.startswith("- ") else line)
    raise ExtractError(f"{name}: corrupt index: clear-signed message without its signature")


def parse_release(text: str, name: str) -> Release:
    """The fields of a Release file we use; no ``SHA256`` field is an error (MD5 and SHA1
    alone are not trusted to check indexes)."""
    release = Release(name)
    current = ""
    seen = False
    for line in strip_clearsign(text, name).splitlines():
        if not line.strip():
            continue
        if line[0] in " \t":
            if current == "SHA256":
                parts = line.split()
                if len(parts) != 3 or not parts[1].isdigit() or len(parts[0]) != 64:
                    raise ExtractError(f"{name}: corrupt index: SHA256 line {line.strip()[:80]!r}")
                release.sha256[parts[2]] = (parts[0].lower(), int(parts[1]))
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise ExtractError(f"{name}: corrupt index: line without a field name")
        current = key
        if key == "SHA256":
            seen = True
        elif key == "Origin":
            release.origin = value.strip().lower().replace(" ", "-")
    if not seen:
        raise ExtractError(f"{name}: corrupt index: no SHA256 field (indexes cannot be checked)")
    return release


def read_release(files: RepoFiles, suite: str) -> Release | None:
    """``dists/SUITE/InRelease``, else ``Release``; ``None`` if the suite has neither."""
    for base in ("InRelease", "Release"):
        relative = f"dists/{suite}/{base}"
        path = files.fetch(relative)
        if path is None:
            continue
        name = files.name(relative)
        try:
            if path.stat().st_size > _MAX_RELEASE_BYTES:
                raise ExtractError(f"{name}: corrupt index: larger than 64 MiB")
            data = path.read_bytes()
        except OSError as error:
            raise ExtractError(f"{name}: {error.strerror or error}") from error
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ExtractError(f"{name}: corrupt index: not UTF-8 text") from None
        release = parse_release(text, name)
        release.digest = file_digest(path)
        return release
    return None


__all__ = ["Release", "parse_release", "read_release", "strip_clearsign"]
