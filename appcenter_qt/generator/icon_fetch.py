"""Pass 2 of the composer: rendering the icons other units asked for, from one unit.

Runs in a pool worker (top-level functions, picklable arguments). Separate from
:mod:`.composer` only to keep that module readable; the rules are the composer's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.deadline import InputTimeout, time_limit
from appcenter_qt.extract.download import ChecksumMismatch, FetchError
from appcenter_qt.extract.readers import read_unit
from appcenter_qt.generator.icon_worker import IconRenderFailed, render_supervised
from appcenter_qt.generator.icons import IconError
from appcenter_qt.generator.unit_file import job_name, unit_file

if TYPE_CHECKING:
    from appcenter_qt.generator.composition import Job


class Unavailable(str):
    """A pass-2 outcome: the unit could not be fetched or is not what its index says. Not
    cached (the next run tries again); reported with the icon's other errors."""

    __slots__ = ()


class RenderFailure(str):
    """A pass-2 outcome: the renderer crashed or timed out on this candidate (not merely a
    bad icon), reported as ``icon-render-failed``."""

    __slots__ = ()


def fetch_icons(
    job: Job,
    requests: list[tuple[str, str, int]],
    held: dict[str, bytes] | None = None,
    timeout: float | None = None,
) -> dict[tuple[str, int], object]:
    """Render each request, reading the unit again for just the requested members unless
    pass 1 already ``held`` them all, within ``timeout`` seconds for the unit.

    Returns ``(path, size)`` → PNG bytes, or the reason string when it could not be used
    (a :class:`RenderFailure` when the renderer crashed or timed out).
    """
    try:
        with time_limit(timeout, job_name(job)):
            return _fetch_icons(job, requests, held)
    except InputTimeout as error:
        return {(path, size): str(error) for path, _fmt, size in requests}


def _fetch_icons(
    job: Job, requests: list[tuple[str, str, int]], held: dict[str, bytes] | None
) -> dict[tuple[str, int], object]:
    wanted = {path for path, _fmt, _size in requests}
    files = held
    if files is None:
        try:
            with unit_file(job) as local:
                files = read_unit(job.kind, local, wanted).files
        except (ChecksumMismatch, FetchError) as error:
            return {(path, size): Unavailable(error) for path, _fmt, size in requests}
        except (ExtractError, OSError) as error:
            return {(path, size): str(error) for path, _fmt, size in requests}
    results: dict[tuple[str, int], object] = {}
    for path, fmt, size in requests:
        data = files.get(path)
        if data is None:
            results[(path, size)] = f"{path}: not readable"
            continue
        try:
            results[(path, size)] = render_supervised(data, fmt, size)
        except IconRenderFailed as error:
            results[(path, size)] = RenderFailure(f"{path}: {error}")
        except IconError as error:
            results[(path, size)] = f"{path}: {error}"
    return results
