"""What one generator run is asked to do, as one typed value: every mode (packages, trees,
catalogs, ``--repo``, ``--shard``, ``merge``, ``--system``, ``--upgrade``) reads only this.

``appcenter-generate`` parses its arguments into a :class:`GenerateOptions`; a front end that
builds a catalog in a child process (the window's system catalog) writes one as JSON
(:meth:`GenerateOptions.to_json`) for ``python -m appcenter_qt.generator``, so neither
depends on a command line's spelling. Checking the values (paths exist, sizes in range) is
the engine's, so both callers get the same usage errors.
"""

from __future__ import annotations

import dataclasses
import json
import os
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appcenter_qt.catalog.locate import REPORT_FILE
from appcenter_qt.extract.deadline import DEFAULT_INPUT_TIMEOUT
from appcenter_qt.extract.download import DEFAULT_FETCH_MAX_BYTES, DEFAULT_FETCH_TIMEOUT
from appcenter_qt.generator.scan_cache import DEFAULT_MAX_BYTES

#: The run's exit status: done (even with bad inputs: the report says why), failed inputs
#: under ``strict``, a usage error. ``appcenter-generate`` exits with it unchanged.
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

PROGRAM = "appcenter-generate"
#: The JSON report's name in the output directory (unless ``report`` names a file).
REPORT_NAME = REPORT_FILE


@dataclass(frozen=True)
class GenerateOptions:
    """One run's options; the defaults are ``appcenter-generate``'s."""

    inputs: tuple[str, ...] = ()
    output: str | None = None
    system: bool = False
    root: str = "/"
    source_catalogs: bool | None = None
    no_cache: bool = False
    progress: str = "auto"
    jobs: int = dataclasses.field(default_factory=lambda: available_cores())
    origin: str = ""
    report: str | None = None
    icon_sizes: tuple[int, ...] = ()
    tree: bool = False
    format: str | None = None
    icons: tuple[Path, ...] = ()
    ratings: Path | None = None
    screenshot_service: str = ""
    input_timeout: float = DEFAULT_INPUT_TIMEOUT
    repo: str | None = None
    suites: tuple[str, ...] = ()
    components: tuple[str, ...] = ()
    arches: tuple[str, ...] = ()
    fetch_timeout: float = DEFAULT_FETCH_TIMEOUT
    fetch_max_size: int = DEFAULT_FETCH_MAX_BYTES
    cache: Path | None = None
    cache_max_size: int = DEFAULT_MAX_BYTES
    no_output_reuse: bool = False
    shard: tuple[int, int] | None = None
    html_report: Path | None = None
    strict: bool = False
    quiet: bool = False
    upgrade: Path | None = None
    #: ``merge``: the shard runs' output directories to finish as one run
    shards: tuple[Path, ...] = ()

    def reads_source_catalogs(self) -> bool:
        """Whether ``--system`` reads the sources' own catalogs (Flatpak remotes'): as told,
        else only for this machine itself (a --root is another system, whose remotes
        libflatpak does not know)."""
        if self.source_catalogs is None:
            return Path(self.root).resolve() == Path("/")
        return self.source_catalogs

    def to_json(self) -> str:
        """The options as one JSON object (paths as strings, tuples as lists)."""
        return json.dumps(
            {
                field.name: _plain(getattr(self, field.name))
                for field in dataclasses.fields(self)
                if field.default is dataclasses.MISSING
                or getattr(self, field.name) != field.default
            }
        )

    @classmethod
    def from_json(cls, text: str) -> GenerateOptions:
        """Options from :meth:`to_json`'s text; ``ValueError`` on an unknown field or a value
        of the wrong type."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("generator options: not a JSON object")
        hints = typing.get_type_hints(cls)
        unknown = sorted(set(data) - set(hints))
        if unknown:
            raise ValueError(f"generator options: unknown field {unknown[0]!r}")
        values: dict[str, Any] = {
            name: _typed(name, hints[name], value) for name, value in data.items()
        }
        return cls(**values)


def available_cores() -> int:
    """The default ``jobs``: the cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


def _plain(value: object) -> object:
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _typed(name: str, hint: object, value: object) -> object:
    """``value`` checked against ``hint`` and built: the few shapes the options use."""
    args = typing.get_args(hint)
    if type(None) in args:
        if value is None:
            return None
        (hint,) = [arg for arg in args if arg is not type(None)]
        args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"generator options: {name} must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(name, args[0], item) for item in value)
        if len(value) != len(args):
            raise ValueError(f"generator options: {name} must have {len(args)} items")
        return tuple(_typed(name, arg, item) for arg, item in zip(args, value, strict=True))
    if hint is Path:
        if not isinstance(value, str):
            raise ValueError(f"generator options: {name} must be a path")
        return Path(value)
    if hint is float and type(value) is int:
        return float(value)
    if not isinstance(hint, type) or type(value) is not hint:
        raise ValueError(f"generator options: {name} must be {getattr(hint, '__name__', hint)}")
    return value
