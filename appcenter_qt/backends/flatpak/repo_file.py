"""A ``.flatpakrepo`` file, checked before libflatpak sees it.

A ``.flatpakrepo`` (MIME type ``application/vnd.flatpak.repo``) is what a web page offers to
"add this Flatpak remote": a key file with a ``[Flatpak Repo]`` group naming the remote's
``Url``, its ``Title``, usually its ``GPGKey`` (base64) and a ``SuggestRemoteName``. It arrives
from a browser download or a file manager, so it is untrusted: read here as a regular file
of at most :data:`MAX_BYTES` (no FIFO, no device, no runaway size), parsed as a key file with
the parser's own error named, and its ``Url`` limited to ``https``, ``http`` and ``file``
(no ``oci+``, no relative path, nothing a shell or a URI handler would interpret).

Signing: a ``GPGKey`` is decoded by libflatpak's ``Remote.new_from_file`` (a bad one is its
"Invalid gpg key") and everything pulled from the remote is verified with it from then on.
Without one, libflatpak would add a remote that verifies against no key, whose first pull
fails: so an ``https``/``http`` remote without a key is refused here, up front and by name,
and a ``file`` remote without one (a local directory, trusted as the files it holds are) is
added unsigned, as ``flatpak remote-add --no-gpg-verify`` does for flatpak's own test repos.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from appcenter_qt.domain.backend import RemoteDescription
from appcenter_qt.support.safe_open import read_regular

from ._gi import GLib

GROUP = "Flatpak Repo"
#: A real one is well under 8 KiB (a GPG key is the largest part).
MAX_BYTES = 64 * 1024
SCHEMES = ("https", "http", "file")
#: flatpak's own rule for remote names (no '/', no leading '-' or '.').
REMOTE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")


class RepoFileError(ValueError):
    """The file cannot be used; the message names the file and the cause."""


@dataclass(frozen=True)
class RepoFile:
    """A checked ``.flatpakrepo``: its bytes (for libflatpak), the remote ``name`` to use,
    and what it says (``title``, ``url``)."""

    path: str
    data: bytes
    name: str
    title: str
    url: str
    #: whether the file carries a GPGKey (else the remote is a local, unsigned one)
    signed: bool
    homepage: str = ""
    comment: str = ""

    def description(self) -> RemoteDescription:
        """What the file says, as the neutral :class:`RemoteDescription` the confirmation
        shows: each value made one line of at most :data:`SHOWN_CHARS` characters."""
        return RemoteDescription(
            self.path,
            self.name,
            shown(self.title),
            shown(self.url),
            shown(self.homepage),
            shown(self.comment),
            self.signed,
        )


#: The most characters of one value the confirmation shows (a real Title or Url is far
#: shorter; a longer one is cut with "…" rather than pushing the question off the screen).
SHOWN_CHARS = 200


def shown(value: str) -> str:
    """``value`` as one line for people to read: control characters (newlines, escapes,
    bidirectional overrides) become spaces, runs of spaces one, and it is cut to
    :data:`SHOWN_CHARS` characters with "…"."""
    cleaned = "".join(" " if _hidden(c) else c for c in value)
    cleaned = " ".join(cleaned.split())
    if len(cleaned) > SHOWN_CHARS:
        return cleaned[: SHOWN_CHARS - 1].rstrip() + "…"
    return cleaned


def _hidden(char: str) -> bool:
    """A control or format character (``Cc``/``Cf``: bidi overrides, zero-width joiners)."""
    return unicodedata.category(char) in ("Cc", "Cf")


def check_remote_name(name: str) -> str:
    """``name`` if flatpak accepts it as a remote name, else :class:`RepoFileError`."""
    if not isinstance(name, str) or not REMOTE_NAME.fullmatch(name):
        raise RepoFileError(f"not a Flatpak remote name: {str(name)[:100]!r}")
    return name


def _value(keyfile: GLib.KeyFile, key: str) -> str:
    """The key's value in the group, stripped; "" when it is missing."""
    try:
        return str(keyfile.get_string(GROUP, key)).strip()
    except GLib.Error:
        return ""


def _suggested_name(path: Path, keyfile: GLib.KeyFile) -> str:
    """``SuggestRemoteName``, else the file's name without ``.flatpakrepo`` (as GNOME Software
    names it), made a valid remote name."""
    suggested = _value(keyfile, "SuggestRemoteName")
    if suggested and REMOTE_NAME.fullmatch(suggested):
        return suggested
    stem = path.name.removesuffix(".flatpakrepo")
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).lstrip("-._")[:128]
    return cleaned or "remote"


def read_repo_file(path: str | os.PathLike[str], name: str = "") -> RepoFile:
    """Read and check ``path``; ``name`` overrides the name the file suggests. Raises
    :class:`RepoFileError` naming the file and what is wrong with it."""
    where = Path(path)
    try:
        data = read_regular(where, MAX_BYTES)
    except OSError as error:
        raise RepoFileError(f"{where}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise RepoFileError(f"{where}: larger than {MAX_BYTES // 1024} KiB, not a .flatpakrepo")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise RepoFileError(f"{where}: not a .flatpakrepo (not UTF-8 text)") from None
    keyfile = GLib.KeyFile()
    try:
        keyfile.load_from_data(data.decode("utf-8"), len(data), GLib.KeyFileFlags.NONE)
    except GLib.Error as error:
        raise RepoFileError(f"{where}: not a .flatpakrepo: {error.message}") from None
    if not keyfile.has_group(GROUP):
        raise RepoFileError(f"{where}: not a .flatpakrepo: no [{GROUP}] group")
    url = _value(keyfile, "Url")
    if not url:
        raise RepoFileError(f"{where}: the [{GROUP}] group has no Url")
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES or (parts.scheme != "file" and not parts.netloc):
        shown = url[:100]
        raise RepoFileError(
            f"{where}: Url {shown!r} is not an https, http or file address of a repository"
        )
    signed = bool(_value(keyfile, "GPGKey"))
    if not signed and parts.scheme != "file":
        raise RepoFileError(
            f"{where}: no GPGKey: what the remote {url[:100]!r} serves could not be verified"
        )
    title = _value(keyfile, "Title")
    chosen = check_remote_name(name) if name else _suggested_name(where, keyfile)
    homepage, comment = _value(keyfile, "Homepage"), _value(keyfile, "Comment")
    return RepoFile(str(where), data, chosen, title, url, signed, homepage, comment)
