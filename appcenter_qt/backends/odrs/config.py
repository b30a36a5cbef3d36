"""Where the ratings service is and who the user is to it.

The server URL, first match wins: ``--odrs-url``; ``$APPCENTER_ODRS_URL``; the ``url`` key of
the ``[odrs]`` group in ``appcenter-qt.conf`` under ``$XDG_CONFIG_HOME/appcenter-qt/`` (the
user's) or ``$XDG_CONFIG_DIRS/appcenter-qt/`` (default ``/etc/xdg``, the distribution's); the
public server. An empty value anywhere in that chain turns reviews off.

The identity is the one GNOME Software and Discover send, so a user keeps one identity (one
review per app, one vote per review) across the three stores:
``sha1("gnome-software[" + login + ":" + contents of /etc/machine-id + "]")``, the machine
id file read whole, trailing newline included, exactly as they read it. Only the hash leaves
the machine, never the login or the machine id.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pwd
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from appcenter_qt.support.config_files import SETTINGS_FILE, config_paths

# The address rule is shared with appcenter-query's lean read path (the ratings cache is
# kept per server).
from appcenter_qt.support.ratings_cache import DEFAULT_URL, ENV_URL, server_url

__all__ = ["DEFAULT_URL", "ENV_URL", "Identity", "config_files", "server_url", "user_hash"]

log = logging.getLogger(__name__)

CONFIG_FILE = SETTINGS_FILE
MACHINE_ID_FILES = ("/etc/machine-id", "/var/lib/dbus/machine-id")
OS_RELEASE_FILES = ("/etc/os-release", "/usr/lib/os-release")


def config_files(environ: Mapping[str, str] | None = None) -> list[Path]:
    """``appcenter-qt.conf`` candidates in lookup order (the user's first)."""
    return config_paths(SETTINGS_FILE, environ)


def user_hash(login: str | None = None, machine_id: str | None = None) -> str:
    """The SHA1 identity GNOME Software and Discover send (module doc)."""
    if login is None:
        login = pwd.getpwuid(os.getuid()).pw_name
    if machine_id is None:
        machine_id = ""
        for path in MACHINE_ID_FILES:
            try:
                machine_id = Path(path).read_text(encoding="utf-8", errors="replace")
                break
            except OSError:
                continue
    salted = f"gnome-software[{login}:{machine_id}]"
    return hashlib.sha1(salted.encode("utf-8"), usedforsecurity=False).hexdigest()


def odrs_locale(locale: str) -> str:
    """The locale as ODRS matches it: ``de_DE``, never ``de_DE.UTF-8`` (which matches no
    review); ``C`` for none."""
    base = locale.split(".", 1)[0].split("@", 1)[0].strip()
    return base if base and base != "POSIX" else "C"


def distro_name(files: tuple[str, ...] = OS_RELEASE_FILES) -> str:
    """The distribution's ``NAME`` from os-release, as GNOME Software sends it."""
    for path in files:
        try:
            lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        values = {}
        for line in lines:
            key, sep, value = line.partition("=")
            if sep:
                values[key.strip()] = value.strip().strip("\"'")
        name = values.get("NAME") or values.get("ID")
        if name:
            return name
    return "Unknown"


def real_name() -> str:
    """The user's real name (the GECOS field's first part), the review dialog's default."""
    try:
        gecos = pwd.getpwuid(os.getuid()).pw_gecos
    except KeyError:
        return ""
    return gecos.split(",", 1)[0].strip()


@dataclass(frozen=True)
class Identity:
    """What every ODRS request carries besides the application."""

    user_hash: str
    locale: str
    distro: str

    @classmethod
    def current(cls, locale: str) -> Identity:
        return cls(user_hash(), odrs_locale(locale), distro_name())
