"""The user's XDG folders, in one place (issue 30): the cache, data and state folders of
appcenter-qt, and the data folders of the system, all through platformdirs.

platformdirs follows the XDG Base Directory rules on Linux, reading ``$XDG_CACHE_HOME``,
``$XDG_DATA_HOME``, ``$XDG_STATE_HOME`` and ``$XDG_DATA_DIRS`` when a call is made (empty or
blank values count as unset, the defaults are ``~/.cache``, ``~/.local/share``,
``~/.local/state`` and ``/usr/local/share:/usr/share``); ``tests/helpers/test_user_dirs.py``
checks that it does. A caller that works for another environment (a child process's)
passes it as ``environ``: its ``XDG_*_HOME`` wins when set, else this process's folders.

Configuration files are looked up elsewhere (:mod:`appcenter_qt.support.config_files`).
platformdirs is imported on first use: the catalog's lean read path asks only when the
environment does not say.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

#: The folder name under each XDG base.
APP = "appcenter-qt"

_VARIABLES = {"cache": "XDG_CACHE_HOME", "data": "XDG_DATA_HOME", "state": "XDG_STATE_HOME"}


def _base(kind: str, environ: Mapping[str, str] | None) -> Path:
    given = (environ or {}).get(_VARIABLES[kind], "").strip()
    if given:
        return Path(given)
    import platformdirs

    finder = {
        "cache": platformdirs.user_cache_dir,
        "data": platformdirs.user_data_dir,
        "state": platformdirs.user_state_dir,
    }[kind]
    return Path(finder())


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/appcenter-qt``: what can be fetched or built again."""
    return _base("cache", environ) / APP


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` itself (``~/.local/share``): the user's share of the data dirs."""
    return _base("data", environ)


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_STATE_HOME/appcenter-qt``: what must survive a restart but is no document."""
    return _base("state", environ) / APP


def data_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """``$XDG_DATA_DIRS`` in order (``/usr/local/share``, ``/usr/share`` by default)."""
    given = (environ or {}).get("XDG_DATA_DIRS", "").strip()
    if not given:
        import platformdirs

        given = platformdirs.site_data_dir(multipath=True)
    return [Path(part) for part in given.split(os.pathsep) if part]


def all_data_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The user's data home, then the system's data dirs: where installed data is searched."""
    return list(dict.fromkeys([data_home(environ), *data_dirs(environ)]))
