"""The release version people know ("2.14.2") of each app in a remote's AppStream catalog.

A Flatpak ref's own "version" is its branch (``stable``, ``master``), which says nothing to a
person choosing between the distribution's package and the remote's app. The version that
does is the newest ``<release>`` of the app's component in the remote's catalog (what
``update_appstream`` last pulled). An installed ref has it in its deploy data
(``InstalledRef.get_appdata_version``); a remote ref does not, so it is looked up here.

The catalog can be large (Flathub's is ~ 50 MB of XML), so it is streamed once per file
state (path, size, mtime) and only the id → version map is kept. Untrusted input: entities
are not resolved, nothing is fetched, and a version longer than :data:`MAX_VERSION` or with
control characters is ignored. A catalog that cannot be read gives no versions (the picker
then shows the branch), never an error to the person installing.
"""

from __future__ import annotations

import datetime
import gzip
import io
import logging
import os
import threading
from collections.abc import Iterator
from typing import Any

log = logging.getLogger(__name__)

MAX_VERSION = 64
_EPOCH = datetime.date(1970, 1, 1).toordinal() * 86400.0
#: How many catalogs' maps are kept (one per remote is the usual need).
_KEEP = 8

_lock = threading.Lock()
_cache: dict[str, tuple[tuple[int, int, int], dict[str, str]]] = {}


def release_version(catalog: str, app_id: str) -> str:
    """The newest release version of ``app_id`` in the AppStream file ``catalog``; ``""``
    when the file, the component or a usable version is missing."""
    try:
        info = os.stat(catalog)
    except OSError:
        return ""
    state = (info.st_size, info.st_mtime_ns, info.st_ino)
    with _lock:
        cached = _cache.get(catalog)
        if cached is not None and cached[0] == state:
            return cached[1].get(app_id, "")
    versions = read_versions(catalog)
    with _lock:
        if len(_cache) >= _KEEP:
            _cache.pop(next(iter(_cache)))
        _cache[catalog] = (state, versions)
    return versions.get(app_id, "")


def read_versions(catalog: str) -> dict[str, str]:
    """Every component id → its newest release version, streamed from ``catalog``."""
    from lxml import etree  # when a version is asked: a window lists its sources before its cards

    versions: dict[str, str] = {}
    try:
        with _open(catalog) as stream:
            for app_id, version in _components(stream):
                versions.setdefault(app_id, version)
    except (OSError, EOFError, etree.LxmlError) as error:
        log.info("%s: no release versions: %s", catalog, error)
    return versions


def _open(path: str) -> io.BufferedIOBase:
    if path.endswith(".gz"):
        return gzip.open(path, "rb")
    return open(path, "rb")


def _components(stream: io.BufferedIOBase) -> Iterator[tuple[str, str]]:
    from lxml import etree

    parser: Any = etree.iterparse(
        stream,
        events=("end",),
        tag="component",
        resolve_entities=False,
        no_network=True,
        huge_tree=False,
    )
    for _event, component in parser:
        app_id = (component.findtext("id") or "").strip()
        version = _newest(component)
        if app_id and version:
            yield app_id, version
        component.clear()
        while component.getprevious() is not None:  # keep memory flat over the whole file
            del component.getparent()[0]


def _newest(component: Any) -> str:
    """The newest release's version: by timestamp or date when they are given, else the
    first (the spec lists releases newest first)."""
    best: tuple[float, str] | None = None
    for release in component.iterfind("releases/release"):
        version = (release.get("version") or "").strip()
        if not version or len(version) > MAX_VERSION or not version.isprintable():
            continue
        when = _when(release)
        if best is None or when > best[0]:
            best = (when, version)
    return best[1] if best else ""


def _when(release: Any) -> float:
    """A release's time as a Unix time; -1 when it has none that reads."""
    timestamp = (release.get("timestamp") or "").strip()
    if timestamp.isdigit():
        return float(timestamp)
    date = (release.get("date") or "").strip()[:10]
    try:
        return datetime.date.fromisoformat(date).toordinal() * 86400.0 - _EPOCH
    except ValueError:
        return -1.0
