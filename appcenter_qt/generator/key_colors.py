"""The icon's key colour: one colour that stands for an application, for the home page's
banner when the metadata has no branding colours (Debian 12's DEP-11 has none).

Computed once, when the catalog is built, from the icon the catalog stores (an archive member
or the pool's icon file), and stored in the catalog's ``colors`` table: the front end never
decodes icons to colour a tile. The method (our own, after the idea of GNOME Software's key
colours): the icon reduced to 32×32, transparent and near-transparent pixels ignored; if a
fair share of the rest is colourful, the colourful pixels are grouped by hue (12 sectors of
30°) and the most populous sector's mean colour is the key; an icon with little colour (a
black-and-white logo) gets the mean of all its opaque pixels, a grey. Deterministic: the same
pixels give the same colour.

A PNG that cannot be decoded gives no key colour (the banner falls back to the accent
colour); decoding is bounded like every icon read (:data:`~.icons.MAX_DIMENSION`).
"""

from __future__ import annotations

import dataclasses
import functools
import io
import itertools
import math
import operator
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import overload

from PIL import Image, ImageChops, UnidentifiedImageError

from appcenter_qt.domain import Application, IconKind
from appcenter_qt.domain.colors import KEY, AppColor, to_hex
from appcenter_qt.extract.app_spool import app_heads, pixel_icon_count, same_apps
from appcenter_qt.extract.appstream.icon_archive import read_local_icon
from appcenter_qt.generator.color_memo import ColorMemo, content_key
from appcenter_qt.generator.icons import MAX_DIMENSION
from appcenter_qt.support.worker_pool import TaskFailed, WorkerPool

_SIDE = 32
_OPAQUE = 128
#: Colourful: saturation and value at least this (pale or very dark pixels read as grey),
#: as the least 8-bit level that reaches 0.25 and 0.2 of 255.
_MIN_SATURATION = math.ceil(0.25 * 255)
_MIN_VALUE = math.ceil(0.2 * 255)
#: Below this share of colourful pixels the icon's colour is its mean (a grey).
_MIN_COLOURFUL = 0.1
_SECTORS = 12
#: The first 8-bit hue of each sector (and 256): hue ``h`` is in sector ``h * 12 // 256``.
_SECTOR_START = [-(-n * 256 // _SECTORS) for n in range(_SECTORS + 1)]
_LEVELS = range(256)
#: The icon size the key colour is taken from (the cards' size).
ICON_SIZE = 64
#: Icons per worker task (about 1 ms each), and how long a task may take before its worker
#: is killed.
_BATCH = 128
_BATCH_DEADLINE = 60.0
#: How far ahead of the application asked for its icons are read (streamed: the
#: applications kept): three batches for each of two workers.
_AHEAD = 6 * _BATCH


@functools.lru_cache(maxsize=32)
def _level(value: int) -> Image.Image:
    """A 32×32 band of one 8-bit level (a handful are used, each made once)."""
    return Image.new("L", (_SIDE, _SIDE), value)


def _at_least(band: Image.Image, threshold: int) -> Image.Image:
    """A 1-bit mask of the 32×32 ``band``'s pixels at ``threshold`` or above: the band
    shifted so that the threshold lands on 128 (clipped at 0 and 255), then Pillow's
    undithered conversion to 1 bit, which keeps exactly the levels from 128 up."""
    if threshold <= 128:
        shifted = ImageChops.add(band, _level(128 - threshold))
    else:
        shifted = ImageChops.subtract(band, _level(threshold - 128))
    return shifted.convert("1", dither=Image.Dither.NONE)


def key_color(data: bytes) -> str | None:
    """The key colour of a PNG icon as ``#rrggbb``; ``None`` if it cannot be decoded or has
    no opaque pixel."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            if max(image.size) > MAX_DIMENSION:
                return None
            image.draft("RGBA", (_SIDE, _SIDE))
            small = image.convert("RGBA").resize((_SIDE, _SIDE), Image.Resampling.BOX)
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None
    # Whole-image operations on Pillow's 8-bit bands, no per-pixel Python and no
    # Image.point (it rounds its 256-entry table in Python on every call: a fifth of the
    # time): the opaque and colourful masks as 1-bit images, the hues counted by histogram.
    rgb = small.convert("RGB")
    hue, saturation, value = rgb.convert("HSV").split()  # 0–255 each
    opaque = _at_least(small.getchannel("A"), _OPAQUE)
    opaque_count = opaque.histogram()[255]
    if not opaque_count:
        return None
    colourful = ImageChops.logical_and(
        ImageChops.logical_and(
            _at_least(saturation, _MIN_SATURATION), _at_least(value, _MIN_VALUE)
        ),
        opaque,
    )
    hues = hue.histogram(mask=colourful)
    per_sector = [sum(hues[low:high]) for low, high in itertools.pairwise(_SECTOR_START)]
    chosen = opaque
    count = opaque_count
    if sum(per_sector) >= _MIN_COLOURFUL * opaque_count:
        # the fullest sector; ties go to the lower hue, so the result is deterministic
        sector = max(range(_SECTORS), key=lambda n: (per_sector[n], -n))
        # from the sector's first hue, without those from the next sector's on (for the last
        # sector that is 256: no pixel)
        low, high = _SECTOR_START[sector], _SECTOR_START[sector + 1]
        in_sector = ImageChops.logical_xor(_at_least(hue, low), _at_least(hue, high))
        chosen = ImageChops.logical_and(in_sector, colourful)
        count = per_sector[sector]
    # exact integer sums from the masked histogram (ImageStat's sum, without its Python loop)
    histogram = rgb.histogram(mask=chosen)
    sums = [sum(map(operator.mul, _LEVELS, histogram[b * 256 : b * 256 + 256])) for b in range(3)]
    mean = (sums[0] / (count * 255), sums[1] / (count * 255), sums[2] / (count * 255))
    return to_hex(mean)


def _icon_bytes(
    app: Application, archive: Mapping[str, bytes], read_local: Callable[[str], bytes | None]
) -> bytes | None:
    icon = app.icon(ICON_SIZE)
    if icon is None:
        return None
    if icon.kind is IconKind.CACHED:
        return archive.get(icon.path)
    if icon.kind is IconKind.LOCAL:
        return read_local(icon.path)
    return None  # a theme name: its pixels are the machine's theme's, not the catalog's


def with_key_colors(
    apps: Sequence[Application],
    archive: Mapping[str, bytes],
    pool_root: str | None = None,
    memo: ColorMemo | None = None,
    workers: int = 1,
    *,
    streamed: bool = False,
) -> KeyColoured:
    """``apps``, each with its icon's key colour added to its colours (kept when it has one
    already, e.g. from an imported catalog). ``archive`` maps icon archive members to PNG
    bytes; ``LOCAL`` icons are read below ``pool_root`` (``/`` on a real system). ``memo``
    gives the colours of icons seen before, by content, and learns the new ones; the rest
    are decoded in ``workers`` processes (a third of a cold system build in one). The result
    is a view: applications spooled on disk stay there (:class:`KeyColoured`).

    ``streamed``: the view is returned before any icon is read. Read in order (the catalog
    writer does), it reads a few batches ahead, hands their icons to the workers and keeps
    those applications for when they are asked for: each application is read once, and
    waits only for its own batch, while the writer works (a first pass over Debian's 1,987
    applications to gather every icon cost 0.37 s of the build's main process). The caller
    then calls :meth:`KeyColoured.close` when done (the memo learns the colours as they
    come)."""

    def icon_of(app: Application) -> bytes | None:
        if any(color.kind == KEY for color in app.colors):
            return None
        return _icon_bytes(app, archive, lambda path: read_local_icon(path, pool_root or "/"))

    pooled = workers > 1 and len(apps) >= 2 * _BATCH
    coloured = KeyColoured(apps, _Decoding(memo, workers if pooled else 1), icon_of, streamed)
    if not streamed:
        coloured.close()
    return coloured


class _Decoding:
    """Key colours by position: those the memo knows at once, the others decoded a batch at
    a time as icons are added, in worker processes (one process: here, as each batch
    fills)."""

    def __init__(self, memo: ColorMemo | None, workers: int) -> None:
        self.colours: dict[int, str] = {}
        self._memo = memo
        self._workers = workers
        #: icons added but not yet in a batch: (position, data, memo key)
        self._pending: list[tuple[int, bytes, str]] = []
        #: (first position, positions, memo keys, ticket) of each batch not yet read
        self._batches: deque[tuple[int, list[int], list[str], int]] = deque()
        self._pool: WorkerPool | None = None

    def add(self, position: int, data: bytes) -> None:
        """The icon of the application at ``position`` (positions come in increasing order)."""
        key = content_key(data) if self._memo is not None else ""
        known = self._memo.get(key) if self._memo is not None else None
        if known is not None:
            if known:  # "": an icon known to give no colour
                self.colours[position] = known
            return
        self._pending.append((position, data, key))
        if len(self._pending) >= _BATCH:
            self.submit()

    def submit(self) -> None:
        """Hand the icons added so far to a worker (or decode them here, with one process)."""
        batch, self._pending = self._pending, []
        if not batch:
            return
        positions = [position for position, _d, _k in batch]
        keys = [key for _p, _d, key in batch]
        if self._workers <= 1:
            self._learn(positions, keys, key_colors([data for _p, data, _k in batch]))
            return
        if self._pool is None:
            self._pool = WorkerPool(self._workers, deadline=_BATCH_DEADLINE)
        ticket = self._pool.submit(key_colors, [data for _p, data, _k in batch])
        self._batches.append((positions[0], positions, keys, ticket))
        self._pool.poll()  # the workers start now, not when the first colour is read

    def _learn(self, positions: list[int], keys: list[str], found: list[str | None]) -> None:
        for position, key, colour in zip(positions, keys, found, strict=True):
            if colour is not None:
                self.colours[position] = colour
            if self._memo is not None:
                self._memo.put(key, colour)

    def settle(self, position: int) -> None:
        """Wait for the batches up to the one holding ``position`` (added already); collect
        what is done."""
        if self._pending and self._pending[0][0] <= position:
            self.submit()  # its batch is not full yet: it goes as it is
        pool = self._pool
        if pool is None:
            return
        pool.poll()
        while self._batches and (
            self._batches[0][0] <= position or pool.finished(self._batches[0][3])
        ):
            _first, positions, keys, ticket = self._batches.popleft()
            result = pool.result(ticket)
            # a batch whose worker died or hung (a hostile PNG in native code): no colours
            failed = isinstance(result, TaskFailed)
            self._learn(positions, keys, [None] * len(positions) if failed else result)

    def close(self, *, kill: bool = False) -> None:
        """Stop the workers: with ``kill`` at once (the build failed), else after reading
        every batch."""
        if kill:
            self._pending.clear()
            self._batches.clear()
        else:
            self.submit()
            if self._batches:
                self.settle(self._batches[-1][0])  # every batch: the workers stop after it
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close(kill=kill)


class KeyColoured(Sequence[Application]):
    """Applications read through, each given its key colour as it is read: holding them all
    would cost ~50 MB on Debian's catalog, which the merge keeps spooled on disk.

    The icons are read ``_AHEAD`` applications ahead of the one asked for, and with
    ``streamed`` those applications are kept until asked for (each read once, in order)."""

    def __init__(
        self,
        apps: Sequence[Application],
        decoding: _Decoding,
        icon_of: Callable[[Application], bytes | None],
        streamed: bool,
    ) -> None:
        self._apps = apps
        self._decoding = decoding
        self._icon_of = icon_of
        #: applications below this position have had their icons added
        self._fed = 0
        #: applications read ahead for their icons and kept until asked for (streamed)
        self._ahead: dict[int, Application] = {}
        self._keep = _AHEAD if streamed else 0
        self._closed = False

    def _feed(self, until: int) -> None:
        """Add the icons of the applications before ``until`` not added yet."""
        until = min(until, len(self._apps))
        for position in range(self._fed, until):
            app = self._apps[position]
            data = self._icon_of(app)
            if data:
                self._decoding.add(position, data)
            if len(self._ahead) < self._keep:
                self._ahead[position] = app
        self._fed = max(self._fed, until)

    def _coloured(self, position: int) -> Application:
        if not self._closed:
            self._feed(position + _AHEAD)
            self._decoding.settle(position)
        app = self._ahead.pop(position, None)
        if app is None:
            app = self._apps[position]
        colour = self._decoding.colours.get(position)
        if colour is None:
            return app
        colors = tuple(sorted({*app.colors, AppColor(KEY, "", colour)}))
        return dataclasses.replace(app, colors=colors)

    def close(self, *, kill: bool = False) -> None:
        """Every colour read (the memo has learnt them all), the workers stopped; ``kill``
        stops them at once instead, when the build failed."""
        if self._closed:
            return
        if not kill:
            self._feed(len(self._apps))  # applications not asked for yet: their icons too
        self._closed = True
        self._ahead.clear()
        self._decoding.close(kill=kill)

    def __len__(self) -> int:
        return len(self._apps)

    @overload
    def __getitem__(self, index: int) -> Application: ...
    @overload
    def __getitem__(self, index: slice) -> list[Application]: ...
    def __getitem__(self, index: int | slice) -> Application | list[Application]:
        if isinstance(index, slice):
            return [self[n] for n in range(*index.indices(len(self)))]
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError(index)
        return self._coloured(position)

    def __iter__(self) -> Iterator[Application]:
        for position in range(len(self._apps)):
            yield self._coloured(position)

    def app_heads(self) -> Iterator[tuple[str, str]]:
        """As the applications': a colour changes no id or provenance."""
        return app_heads(self._apps)

    def pixel_icon_count(self) -> int:
        """As the applications': a colour adds no icon."""
        return pixel_icon_count(self._apps)

    def __eq__(self, other: object) -> bool:
        return same_apps(self, other)


def key_colors(icons: list[bytes]) -> list[str | None]:
    """:func:`key_color` of each icon: one worker task."""
    return [key_color(data) for data in icons]
