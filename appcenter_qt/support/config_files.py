"""Where appcenter-qt's configuration files are, and the one reader of ``appcenter-qt.conf``.

Every configuration file (``appcenter-qt.conf``, ``featured.toml``, ``core-desktop``) is looked
up in the same places, first found wins: the user's ``$XDG_CONFIG_HOME/appcenter-qt/`` (default
``~/.config``), then each ``$XDG_CONFIG_DIRS`` entry's ``appcenter-qt/`` (default ``/etc/xdg``,
where an administrator or the distribution puts the machine's). For ``appcenter-qt.conf`` the
first file that *has* the key wins, so a user's file that sets one key leaves the machine's
other keys in force. Command-line options and environment variables come before all files;
each setting's documentation says which.

**Locking.** A system file (any ``$XDG_CONFIG_DIRS`` entry, never the user's) may list keys of
its group in ``locked = key, key``: for those keys the user's file is not read, so the value
is the first system file's that sets it, or the built-in default. :func:`lookup` says where a
value came from (:class:`Found`), for ``appcenter-update --policy`` and for a window that
greys out a locked setting. docs/configuration.md says why this form and not KDE's ``[$i]``.

The directories are computed here from the environment mapping rather than by platformdirs:
platformdirs reads only :data:`os.environ`, and every caller (and test) may hand its own.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import configparser

log = logging.getLogger(__name__)

#: The settings file (INI): ``[odrs] url``, ``[media] block-local-addresses``…
SETTINGS_FILE = "appcenter-qt.conf"
#: The key of a group that lists the group's keys an administrator locked.
LOCK_KEY = "locked"


def config_paths(name: str, environ: Mapping[str, str] | None = None) -> list[Path]:
    """``name``'s candidates in lookup order (the user's first), whether or not they exist."""
    env = os.environ if environ is None else environ
    home = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", "~")).expanduser() / ".config")
    dirs = [home, *(env.get("XDG_CONFIG_DIRS") or "/etc/xdg").split(":")]
    return [Path(d) / "appcenter-qt" / name for d in dirs if d]


@dataclass(frozen=True)
class Found:
    """A setting's value and its provenance: ``path`` is the file that set it (``None``: no
    file did, ``value`` is ``None`` and the caller's default holds); ``locked`` when an
    administrator's file locked the key (then the user's file was not read for it)."""

    value: str | None
    path: Path | None
    locked: bool = False
    locked_by: Path | None = None

    def origin(self) -> str:
        """One line for people: the file, or "default", and the lock."""
        where = str(self.path) if self.path is not None else "default"
        if self.locked:
            where += f" (locked by administrator in {self.locked_by})"
        return where


def _read(path: Path) -> configparser.ConfigParser | None:
    try:
        handle = path.open(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None
    except OSError as error:
        log.warning("%s: cannot read: %s", path, str(error).splitlines()[0])
        return None
    import configparser  # only where there is a file: most machines have none

    parser = configparser.ConfigParser(interpolation=None)
    with handle:
        try:
            parser.read_file(handle)
        except (OSError, configparser.Error) as error:
            log.warning("%s: cannot read: %s", path, str(error).splitlines()[0])
            return None
    return parser


def _locked_keys(parser: configparser.ConfigParser, section: str) -> set[str]:
    if not parser.has_option(section, LOCK_KEY):
        return set()
    listed = parser.get(section, LOCK_KEY).replace(",", " ").split()
    return {key.lower() for key in listed}


def lookup(section: str, key: str, environ: Mapping[str, str] | None = None) -> Found:
    """``[section] key`` with where it came from: the first ``appcenter-qt.conf`` that sets it,
    the user's skipped when a system file locks the key. An unreadable or malformed file is
    one warning and is passed over."""
    key = key.lower()  # as configparser keeps them
    paths = config_paths(SETTINGS_FILE, environ)
    user, system = paths[0], paths[1:]
    parsed = [(path, _read(path)) for path in system]
    locking = (path for path, parser in parsed if parser and key in _locked_keys(parser, section))
    locked_by = next(locking, None)
    if locked_by is None:
        parsed.insert(0, (user, _read(user)))
    for path, parser in parsed:
        if parser is not None and parser.has_option(section, key):
            return Found(parser.get(section, key), path, locked_by is not None, locked_by)
    return Found(None, None, locked_by is not None, locked_by)


def setting(
    section: str, key: str, environ: Mapping[str, str] | None = None
) -> tuple[str, Path] | None:
    """``[section] key`` of the first ``appcenter-qt.conf`` that sets it (locks honoured), and
    that file; None when none does."""
    found = lookup(section, key, environ)
    if found.value is None or found.path is None:
        return None
    return found.value, found.path
