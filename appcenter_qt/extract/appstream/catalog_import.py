"""Importing a distribution's AppStream catalog (DEP-11 YAML or catalog XML) with its icons.

This is the file-handling side the pure readers (:mod:`.dep11`, :mod:`.appstream_xml`)
leave out: opening the file, undoing gzip/xz/zstd compression by its magic bytes, telling
the format from the content (not the file name), reading the icon tarballs that go with the
catalog (``icons-64x64.tar.gz``, ``icons-128x128@2.tar.gz``, or tarballs with ``64x64/``
directories) into icon-archive members, and collecting everything into one
:class:`CatalogImport` (an :class:`~appcenter_qt.extract.result.ExtractResult`).

Problems inside a file (a broken component, a truncated gzip stream, a corrupt tarball) are
hints: whatever was complete before them is kept, the incomplete part is dropped. Only a
file that cannot be opened at all, or is not a catalog, raises :class:`ExtractError`.
Nothing is written here; writing the catalog and the icon archive is atomic elsewhere.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gzip
import logging
import lzma
import pickle
import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence, Set
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from appcenter_qt.domain import Application, Icon, IconKind, Rating
from appcenter_qt.domain.bundles import BundleFormat
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract import tarstream
from appcenter_qt.extract.app_spool import AppSpool
from appcenter_qt.extract.appstream import ratings_file
from appcenter_qt.extract.appstream.appstream_xml import AppStreamXmlReader
from appcenter_qt.extract.appstream.dep11 import Dep11Reader
from appcenter_qt.extract.appstream.icon_archive import MAX_ICON_BYTES, member_path
from appcenter_qt.extract.appstream.pool_paths import APPSTREAM_XML, DEP11, FORMATS
from appcenter_qt.extract.appstream.sanitize import scrub_addon, scrub_application, scrub_hint
from appcenter_qt.extract.byte_stream import ByteStream
from appcenter_qt.extract.result import ExtractResult, Hint
from appcenter_qt.support.safe_open import open_regular

log = logging.getLogger(__name__)

#: Ratings files are small (ODRS publishes a few MiB); anything far larger is refused.
MAX_RATINGS_BYTES = 256 * 1024 * 1024

_GZIP, _XZ, _ZSTD = b"\x1f\x8b", b"\xfd7zXZ\x00", b"\x28\xb5\x2f\xfd"
_PNG = b"\x89PNG\r\n\x1a\n"
_SIZE_DIR = re.compile(r"(\d{1,4})x(\d{1,4})(?:@(\d))?\Z")
_SIZE_IN_NAME = re.compile(r"(\d{1,4})x(\d{1,4})(?:@(\d))?")
_ARCH_IN_NAME = re.compile(r"Components-([A-Za-z0-9_-]+)\.(?:yml|yaml|xml)", re.IGNORECASE)
_FIRST_TAG = re.compile(rb"<([A-Za-z_][\w.:-]*)")
_DECOMPRESSION_ERRORS = (EOFError, OSError, zlib.error, lzma.LZMAError)
#: Applications read between two progress calls.
_PROGRESS_EVERY = 50
#: DEP-11 applications are prepared and pickled where they are parsed (:func:`_prepare`);
#: off, this process does it in its second pass (the same result, slower: for the tests).
PACK_DEP11 = True


@dataclass
class CatalogImport(ExtractResult):
    """An :class:`ExtractResult` plus what the catalog said about itself, for merging."""

    format: str = ""
    origin: str = ""
    priority: int = 0
    media_base_url: str = ""
    components: int = 0
    #: the catalog file's name, as hints name it
    source: str = ""
    #: with cached icons kept for :func:`localize_icons`: where in ``hints`` its
    #: ``icon-not-cached`` hint goes (after the reader's hints), so the report is the same
    #: as when the icons are looked up while reading
    icon_hint_at: int = -1
    #: with cached icons kept, from worker processes: each application's cached icon paths
    #: in order, so :func:`localize_icons` resolves them without reading the applications
    cached_icons: list[tuple[str, ...]] | None = None
    #: from worker processes: each application's names (id, desktop file id, aliases), so
    #: the system build knows which desktop files the catalog describes without reading
    #: the applications (0.14 s on Debian's pool)
    known_names: list[tuple[str, ...]] | None = None


@contextlib.contextmanager
def open_decompressed(
    path: Path, *, on_open: Callable[[BinaryIO], None] | None = None
) -> Iterator[ByteStream]:
    """The file's bytes, decompressed by its magic number (gzip, xz, zstd or none).

    ``on_open`` receives the raw (compressed) file, whose position tells how far a reader
    has come, for progress bars."""
    try:
        raw = open_regular(path)
    except OSError as error:
        raise ExtractError(f"{path}: cannot open: {error.strerror or error}") from error
    if on_open is not None:
        on_open(raw)
    with raw:
        magic = raw.read(6)
        raw.seek(0)
        if magic.startswith(_GZIP):
            with gzip.GzipFile(fileobj=raw, mode="rb") as stream:
                yield stream
        elif magic.startswith(_XZ):
            with lzma.LZMAFile(raw, mode="rb") as stream:
                yield stream
        elif magic.startswith(_ZSTD):
            import zstandard

            with zstandard.ZstdDecompressor().stream_reader(raw) as stream:
                yield stream
        else:
            yield raw


def sniff(head: bytes) -> str | None:
    """``dep11``, ``appstream-xml`` or ``None`` from the first decompressed bytes.

    XML counts only with a ``<components>`` root: a metainfo file (``<component>``) is an
    application's own metadata, not a catalog.
    """
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"<"):
        for match in _FIRST_TAG.finditer(text):
            start = match.start()
            if text[start + 1 : start + 2] in (b"?", b"!"):
                continue
            return APPSTREAM_XML if match.group(1) == b"components" else None
        return None
    if b"File: DEP-11" in text[:4096] or (
        text.startswith((b"---", b"%YAML")) and re.search(rb"^(ID|Type):", text, re.M)
    ):
        return DEP11
    return None


def _head(path: Path, size: int = 4096) -> bytes:
    """Up to ``size`` decompressed bytes; a truncated stream gives what it has."""
    head = b""
    try:
        with open_decompressed(path) as stream:
            while len(head) < size and (piece := stream.read(256)):
                head += piece
    except (ExtractError, *_DECOMPRESSION_ERRORS):
        pass
    return head


def is_catalog_file(path: str | Path) -> bool:
    """Whether ``path`` is a DEP-11 or catalog-XML file (judged by content, compressed or not)."""
    path = Path(path)
    if not path.is_file():
        return False
    return sniff(_head(path)) is not None


def _arch(path: Path) -> str:
    match = _ARCH_IN_NAME.search(path.name)
    return match.group(1) if match else ""


# -- icon tarballs ---------------------------------------------------------------------------
def _member_for(tar_name: str, member: str) -> str | None:
    parts = PurePosixPath(member).parts
    file_name = parts[-1] if parts else ""
    if not file_name.endswith(".png") or file_name.startswith("."):
        return None
    size_dir = next((m for p in reversed(parts[:-1]) if (m := _SIZE_DIR.match(p))), None)
    size = size_dir or _SIZE_IN_NAME.search(tar_name)
    if size is None or size.group(1) != size.group(2):
        return None
    return member_path(int(size.group(1)), file_name, int(size.group(3) or 1))


def read_icon_tarballs(
    paths: Sequence[Path],
    result: ExtractResult,
    *,
    wanted: Set[str] | None = None,
    sizes: set[str] | None = None,
) -> dict[str, bytes]:
    """Icon-archive member path → PNG bytes from every tarball (only the ``wanted`` members,
    if given); bad members become hints. ``sizes`` collects the size directories
    (``64x64``, ``64x64@2``) the tarballs provide at all."""
    icons: dict[str, bytes] = {}
    for path in paths:
        path = Path(path)
        count = 0
        try:
            # tarstream, not tarfile: its header lengths are capped (a GNU long name claiming
            # 2 GiB is a corrupt tarball, not a 2 GiB allocation).
            with open_decompressed(path) as stream:
                for info, read in tarstream.members(stream):
                    if info.type != tarstream.REGULAR:
                        continue
                    target = _member_for(path.name, info.name)
                    if target is not None and sizes is not None:
                        sizes.add(target.split("/", 1)[0])
                    if target is None or (wanted is not None and target not in wanted):
                        continue
                    if info.size > MAX_ICON_BYTES:
                        result.hint(f"{path.name} ({info.name})", "icon-too-large", "skipped")
                        continue
                    data = read()
                    if not data.startswith(_PNG):
                        result.hint(f"{path.name} ({info.name})", "icon-not-png", "skipped")
                        continue
                    icons[target] = data
                    count += 1
        except (ExtractError, tarstream.TarFormatError, *_DECOMPRESSION_ERRORS) as error:
            result.hint(
                path.name,
                "corrupt-icon-tarball",
                f"unreadable after {count} icons: {error}",
            )
        log.debug("%s: %d icons", path, count)
    return icons


def _attach_icons(
    app: Application,
    pixels: dict[str, bytes],
    sizes: set[str],
    result: ExtractResult,
    source: str,
) -> tuple[Application, list[str]]:
    """Keep the cached icons whose pixels were found. A missing icon of a size some tarball
    provides is a warning; one of a size no tarball provides (48×48 when only 64 and 128 were
    given) is only counted. Returns the app and the size directories dropped silently."""
    kept: list[Icon] = []
    missing: list[str] = []
    unprovided: list[str] = []
    for icon in app.icons:
        if icon.kind is IconKind.CACHED and icon.path not in pixels:
            size_dir = icon.path.split("/", 1)[0]
            (missing if size_dir in sizes else unprovided).append(icon.path)
            continue
        if icon.kind is IconKind.CACHED:
            result.icons[icon.path] = pixels[icon.path]
        kept.append(icon)
    if missing:
        result.hint(
            f"{source} ({app.id})",
            "icon-not-found",
            f"cached icon(s) not in the icon tarballs: {', '.join(missing[:3])}",
        )
    if not missing and not unprovided:
        return app, []
    return dataclasses.replace(app, icons=tuple(kept)), [p.split("/", 1)[0] for p in unprovided]


#: What :func:`_prepare` notes of an application: the fields scrubbed, the size directories
#: of the cached icons it dropped, the cached icons left to attach, and its names.
_Note = tuple[list[str], list[str], tuple[str, ...], tuple[str, ...]]


def _prepare(app: Application, *, source: str, drop_cached: bool) -> tuple[Application, _Note]:
    """Run where a DEP-11 component is built (a worker process): what the importer's second
    pass would do to the application without the icon tarballs' pixels. It is scrubbed,
    and when no tarball was given (``drop_cached``) its cached icons are dropped, as
    :func:`_attach_icons` drops them with nothing to attach."""
    cleaned, fields = scrub_application(app)
    lost: list[str] = []
    if drop_cached:
        cleaned, lost = _attach_icons(cleaned, {}, set(), ExtractResult(), source)
    cached = tuple(i.path for i in cleaned.icons if i.kind is IconKind.CACHED)
    return cleaned, (fields, lost, cached, app_names(cleaned))


def app_names(app: Application) -> tuple[str, ...]:
    """The names an application goes by: its id, desktop file id and aliases (non-empty)."""
    return tuple(name for name in (app.id, app.desktop_id, *app.aliases) if name)


def _attach_packed(
    apps: AppSpool,
    cached_icons: Sequence[tuple[str, ...]],
    pixels: dict[str, bytes],
    sizes: set[str],
    attached: ExtractResult,
    source: str,
) -> tuple[AppSpool, list[str]]:
    """The second pass over prepared applications (:func:`_prepare`): only those with a
    cached icon the tarballs lack are unpickled and changed by :func:`_attach_icons`; when
    there are none (or no tarball was given) the spool is kept as it is. Also returns the
    size directories dropped silently."""
    if all(path in pixels for cached in cached_icons for path in cached):
        for cached in cached_icons:
            for path in cached:
                attached.icons[path] = pixels[path]
        return apps, []
    kept = AppSpool()
    dropped: list[str] = []
    for index, ((app_id, provenance), record, cached) in enumerate(
        zip(apps.heads, apps.records(), cached_icons, strict=True)
    ):
        if all(path in pixels for path in cached):
            for path in cached:
                attached.icons[path] = pixels[path]
            kept.append_pickled(app_id, provenance, bytes(record), apps.pixel_icons(index))
            continue
        app: Application = pickle.loads(record)  # noqa: S301 (our own spool)
        app, lost = _attach_icons(app, pixels, sizes, attached, source)
        dropped += lost
        kept.append(app)
    return kept, dropped


#: ``(origin, icon-archive member) → path of a file already on this machine``, or None.
LocalIconLookup = Callable[[str, str], "str | None"]


def _localize(
    app: Application, origin: str, lookup: LocalIconLookup, missing: Counter[str]
) -> Application:
    """Cached icons that are files on this machine (the pool's icon cache) become ``LOCAL``
    icons pointing at them; the others are dropped (no tarball goes with a pool catalog),
    counted in ``missing`` by size directory."""
    cached = [icon.path for icon in app.icons if icon.kind is IconKind.CACHED]
    return _icon_moves(cached, origin, lookup, missing)(app) if cached else app


@dataclass(frozen=True)
class _IconMoves:
    """An application's cached icons resolved: each path's local file, or None (dropped);
    applied to the record when it is read (:meth:`AppSpool.amend`), as :func:`_localize`."""

    found: tuple[tuple[str, str | None], ...]

    def dropped(self) -> list[str]:
        return [path for path, local in self.found if local is None]

    def __call__(self, app: Application) -> Application:
        moves = iter(self.found)
        icons = []
        for icon in app.icons:
            if icon.kind is IconKind.CACHED:
                _path, local = next(moves)
                if local is None:
                    continue
                icon = dataclasses.replace(icon, kind=IconKind.LOCAL, path=local)
            icons.append(icon)
        return dataclasses.replace(app, icons=tuple(icons))


def _icon_moves(
    cached: Sequence[str], origin: str, lookup: LocalIconLookup, missing: Counter[str]
) -> _IconMoves:
    """Each cached icon path looked up on this machine, in order; those not found are
    counted in ``missing`` by size directory."""
    moves = _IconMoves(tuple((path, lookup(origin, path)) for path in cached))
    for path in moves.dropped():
        missing[path.split("/", 1)[0]] += 1
    return moves


def localize_icons(result: CatalogImport, lookup: LocalIconLookup) -> None:
    """Resolve the cached icons of a result imported with ``keep_cached_icons``: those the
    pool's icon cache has become ``LOCAL``, the rest are dropped with one ``icon-not-cached``
    hint. Kept apart from the parse so that a parse cache does not depend on the icon
    directories (``appstreamcli refresh`` re-extracts them: same files, new mtimes)."""
    if result.icon_hint_at < 0:
        raise ValueError("localize_icons needs a result imported with keep_cached_icons")
    missing: Counter[str] = Counter()
    apps = result.apps
    cached_icons = result.cached_icons
    result.cached_icons = None  # spent either way
    kept: Sequence[Application]
    if (
        isinstance(apps, AppSpool)
        and cached_icons is not None
        and len(cached_icons) == len(apps)
        and not apps.amended
    ):
        # the paths are known: each record is changed where it is read later (the merge,
        # the writer), not unpickled and pickled again here
        for index, cached in enumerate(cached_icons):
            if not cached:
                continue
            moves = _icon_moves(cached, result.origin, lookup, missing)
            apps.amend(index, moves, apps.pixel_icons(index) - len(moves.dropped()))
        kept = apps
    elif isinstance(apps, AppSpool):
        kept = AppSpool()
        for index, ((app_id, provenance), record) in enumerate(
            zip(apps.heads, apps.records(), strict=True)
        ):
            if apps.pixel_icons(index) == 0:  # no cached icon: the record stays as it is
                kept.append_pickled(app_id, provenance, bytes(record), 0)
                continue
            app: Application = pickle.loads(record)  # noqa: S301 (our own spool)
            kept.append(_localize(app, result.origin, lookup, missing))
        apps.close()
    else:
        kept = AppSpool(_localize(app, result.origin, lookup, missing) for app in apps)
    result.apps = kept
    result.merges[:] = [
        dataclasses.replace(m, app=_localize(m.app, result.origin, lookup, missing))
        for m in result.merges
    ]
    if missing:
        listed = ", ".join(f"{n} at {size}" for size, n in sorted(missing.items()))
        hint = Hint(
            result.source,
            "icon-not-cached",
            f"cached icons not in the icon cache of origin {result.origin!r}: {listed}",
        )
        result.hints.insert(result.icon_hint_at, hint)
    result.icon_hint_at = -1


# -- the entry points ------------------------------------------------------------------------
def import_catalog(
    path: str | Path,
    *,
    icons: Sequence[Path] = (),
    format: str | None = None,
    origin: str | None = None,
    workers: int = 1,
    local_icons: LocalIconLookup | None = None,
    keep_cached_icons: bool = False,
    progress: Callable[[int, int], None] | None = None,
    bundles: Sequence[BundleFormat] = (),
) -> CatalogImport:
    """Read one catalog file (and its icon tarballs) into applications, icons and hints.

    ``format`` forces ``dep11`` or ``appstream-xml`` instead of sniffing; ``origin``
    overrides the catalog's own origin for the packages' repository id. ``workers > 1``
    parses DEP-11 documents in that many processes (same output, in file order).
    ``local_icons`` finds cached icons already on disk (the system pool's icon cache, under
    the catalog's own origin); those are pointed at, not copied, the others dropped.
    ``keep_cached_icons`` (no tarballs) leaves the cached icons as they are, for
    :func:`localize_icons` to resolve later (what ``local_icons`` does at the end).
    ``progress`` is called now and then with (compressed bytes read, file size).
    ``bundles`` are the sources' bundle formats: the bundle refs they read become package rows.
    """
    path = Path(path)
    keep_cached = keep_cached_icons or local_icons is not None
    if keep_cached and icons:
        raise ValueError("cached icons are either looked up on disk or in icon tarballs")
    if format is not None and format not in FORMATS:
        raise ExtractError(f"{path}: unknown catalog format {format!r} (use {', '.join(FORMATS)})")
    kind = format or sniff(_head(path))
    if kind is None:
        if not path.is_file():
            raise ExtractError(f"{path}: no such file")
        raise ExtractError(f"{path}: not a DEP-11 or AppStream catalog XML file")
    result = CatalogImport(format=kind)
    # Applications go to disk as they are read (AppSpool), so memory does not grow with the
    # catalog; the icon paths they want and the local-icon counts are gathered on the way.
    apps = AppSpool()
    # DEP-11 applications come prepared (scrubbed; with no icon tarball, their cached icons
    # dropped) and pickled from where they were parsed, the worker processes (_prepare).
    packed = PACK_DEP11 and kind == DEP11
    scrubbed: list[Hint] = []
    unprovided: Counter[str] = Counter()
    #: each packed application's cached icons, to attach from the tarballs
    cached_icons: list[tuple[str, ...]] = []
    known_names: list[tuple[str, ...]] = []
    raw: list[BinaryIO] = []
    total = path.stat().st_size if progress is not None else 0
    wanted: set[str] = set()
    with open_decompressed(path, on_open=raw.append) as stream:
        reader: Dep11Reader | AppStreamXmlReader
        if kind == DEP11:
            reader = Dep11Reader(
                stream, path.name, result, origin=origin, arch=_arch(path), workers=workers
            )
        else:
            reader = AppStreamXmlReader(
                stream, path.name, result, origin=origin, arch=_arch(path), bundles=bundles
            )
        try:
            if packed and isinstance(reader, Dep11Reader):
                prepare = functools.partial(
                    _prepare, source=reader.source, drop_cached=not icons and not keep_cached
                )
                for record in reader.packed(prepare):
                    fields, lost, cached, names = record.note
                    known_names.append(names)
                    if fields:
                        where = f"{reader.source} ({record.id})"
                        scrubbed.append(scrub_hint(where, record.id, fields))
                    unprovided.update(lost)
                    wanted.update(cached)
                    if icons or keep_cached:
                        cached_icons.append(cached)
                    # its icons with pixels are the cached ones (none is local yet)
                    apps.append_pickled(record.id, record.provenance, record.data, len(cached))
                    if progress is not None and len(apps) % _PROGRESS_EVERY == 0:
                        progress(raw[0].tell(), total)
            for app in reader if not packed else ():
                wanted.update(i.path for i in app.icons if i.kind is IconKind.CACHED)
                apps.append(app)
                if progress is not None and len(apps) % _PROGRESS_EVERY == 0:
                    progress(raw[0].tell(), total)
            if progress is not None:
                progress(total, total)
        except _DECOMPRESSION_ERRORS as error:
            result.hint(
                path.name,
                "truncated-file",
                f"compressed data is truncated or corrupt after {len(apps)} "
                f"applications ({error}); the incomplete rest is not imported",
            )
    if keep_cached:  # where localize_icons puts its hint
        result.icon_hint_at = len(result.hints)
    # Icons are read after the catalog, and only those some application references, so a
    # tarball full of unreferenced (or hostile) members never fills memory.
    wanted.update(i.path for m in result.merges for i in m.app.icons if i.kind is IconKind.CACHED)
    sizes: set[str] = set()
    pixels = read_icon_tarballs([Path(p) for p in icons], result, wanted=wanted, sizes=sizes)
    # One pass scrubs and attaches icons; the hints keep their order (scrubbing's first).
    attached = ExtractResult(icons=result.icons)
    if packed and keep_cached:
        kept = apps
        result.cached_icons = cached_icons
    elif packed:
        kept, lost = _attach_packed(apps, cached_icons, pixels, sizes, attached, reader.source)
        unprovided.update(lost)
    else:
        kept = AppSpool()
        for app in apps:
            app, fields = scrub_application(app)
            if fields:
                scrubbed.append(scrub_hint(f"{reader.source} ({app.id})", app.id, fields))
            if not keep_cached:
                app, lost = _attach_icons(app, pixels, sizes, attached, reader.source)
                unprovided.update(lost)
            kept.append(app)
    if kept is not apps:
        apps.close()
    result.apps = kept
    if packed:
        result.known_names = known_names
    for index, addon in enumerate(result.addons):
        result.addons[index], hint = scrub_addon(addon)
        if hint is not None:
            scrubbed.append(hint)
    result.hints += scrubbed
    result.hints += attached.hints
    for index, merging_component in enumerate(() if keep_cached else result.merges):
        app, lost = _attach_icons(merging_component.app, pixels, sizes, result, reader.source)
        unprovided.update(lost)
        result.merges[index] = dataclasses.replace(merging_component, app=app)
    if unprovided:
        listed = ", ".join(f"{n} at {size}" for size, n in sorted(unprovided.items()))
        result.hint(
            path.name,
            "no-icon-tarball",
            f"cached icons dropped, no icon tarball (--icons) for their size: {listed}",
        )
    result.origin = reader.origin
    result.priority = reader.priority
    result.media_base_url = reader.media_base_url
    result.components = reader.components
    result.source = reader.source
    if local_icons is not None:
        localize_icons(result, local_icons)
    return result


def read_ratings(path: str | Path, result: ExtractResult) -> dict[str, Rating]:
    """ODRS ratings from ``path`` (plain or compressed); problems become hints in ``result``."""
    path = Path(path)
    try:
        with open_decompressed(path) as stream:
            data = stream.read(MAX_RATINGS_BYTES + 1)
    except _DECOMPRESSION_ERRORS as error:
        raise ExtractError(f"{path}: cannot read ratings: {error}") from error
    if len(data) > MAX_RATINGS_BYTES:
        raise ExtractError(f"{path}: ratings file larger than {MAX_RATINGS_BYTES} bytes")
    return ratings_file.parse_ratings(data, path.name, result)


def import_ratings(path: str | Path, result: ExtractResult | None = None) -> dict[str, Rating]:
    """ODRS ratings keyed as in the file; bad entries are logged (or added to ``result``)."""
    sink = result if result is not None else ExtractResult()
    ratings = read_ratings(path, sink)
    if result is None:
        for hint in sink.hints:
            log.warning("%s", hint)
    return ratings
