"""Where appcenter-qt's configuration files are, and the one reader of ``appcenter-qt.conf``.

Every configuration file (``appcenter-qt.conf``, ``featured.toml``, ``core-desktop``) is looked
up in the same places, first found wins: the user's ``$XDG_CONFIG_HOME/appcenter-qt/`` (default
``~/.config``), then each ``$XDG_CONFIG_DIRS`` entry's ``appcenter-qt/`` (default ``/etc/xdg``,
where an administrator or the distribution puts the machine's). For ``appcenter-qt.conf`` the
first file that *has* the key wins, so a user's file that sets one key leaves the machine's
other keys in force. Command-line options and environment variables come before all files;
each setting's documentation says which.
"""

from __future__ import annotations

import configparser
import logging
import os
from collections.abc import Mapping
from pathlib import Path

log = logging.getLogger(__name__)

#: The settings file (INI): ``[odrs] url``, ``[media] block-local-addresses``…
SETTINGS_FILE = "appcenter-qt.conf"


def config_paths(name: str, environ: Mapping[str, str] | None = None) -> list[Path]:
    """``name``'s candidates in lookup order (the user's first), whether or not they exist."""
    env = os.environ if environ is None else environ
    home = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", "~")).expanduser() / ".config")
    dirs = [home, *(env.get("XDG_CONFIG_DIRS") or "/etc/xdg").split(":")]
    return [Path(d) / "appcenter-qt" / name for d in dirs if d]


def setting(
    section: str, key: str, environ: Mapping[str, str] | None = None
) -> tuple[str, Path] | None:
    """``[section] key`` of the first ``appcenter-qt.conf`` that sets it, and that file; None
    when none does. An unreadable or malformed file is one warning and is passed over."""
    for path in config_paths(SETTINGS_FILE, environ):
        parser = configparser.ConfigParser(interpolation=None)
        try:
            with path.open(encoding="utf-8", errors="replace") as handle:
                parser.read_file(handle)
        except FileNotFoundError:
            continue
        except (OSError, configparser.Error) as error:
            log.warning("%s: cannot read: %s", path, str(error).splitlines()[0])
            continue
        if parser.has_option(section, key):
            return parser.get(section, key), path
    return None
