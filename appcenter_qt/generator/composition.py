"""What the composer works on and hands back: jobs (units to read), drafts (applications
waiting for icons), per-unit scans, and the composition with one report line per unit.

Plain dataclasses, kept apart from :mod:`.composer`'s passes so the report, the CLI and the
icon pass can name them without importing the composer's machinery.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from appcenter_qt.domain import Application
from appcenter_qt.extract.download import FetchLimits
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.readers.units import PackageInfo
from appcenter_qt.extract.result import Hint

#: Icon sizes rendered unless ``--icon-size`` says otherwise (here, not in the composer, so
#: the command line can name it without importing the composer's machinery).
DEFAULT_ICON_SIZES = (64, 128)


@dataclass(frozen=True, order=True)
class IconFile:
    """One icon file in a package: ``size`` 0 means scalable, -1 a pixmap of unknown size.
    Here, not beside the icon renderer (:mod:`.icons`), so that naming it imports no image
    library (the rebuild after a package install imports this module)."""

    name: str
    theme: str
    size: int
    scale: int
    fmt: str
    path: str

    @property
    def pixels(self) -> int:
        return self.size * self.scale


@dataclass(frozen=True)
class Job:
    """One unit to read; ``index`` is its position in the sorted input list. ``skip`` names
    desktop file ids and component ids not to read at all (applications a catalog of the
    same run already describes, when only the others are wanted). ``origin`` overrides the
    run's origin for this unit (a repository run reads several suites and components);
    ``digest`` is the checksum of the file as an index gives it (the cache key, read free;
    the file is checked against it, and ``size``, before it is read), of type
    ``digest_type``. With ``fetch`` the job is remote: ``path`` is its URL, downloaded
    within those limits when it is read (:mod:`.unit_file`)."""

    index: int
    kind: InputKind
    path: str
    skip: frozenset[str] = frozenset()
    origin: str = ""
    digest: str = ""
    digest_type: str = "sha256"
    size: int = 0
    fetch: FetchLimits | None = None


@dataclass
class Draft:
    """An application found in one unit, waiting for icons."""

    app: Application
    icon_name: str
    icon_path: str
    icons: dict[int, bytes] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    tried: set[str] = field(default_factory=set)
    #: Renderer crashes, timeouts and out-of-memory (``icon-render-failed``), per candidate.
    failures: list[str] = field(default_factory=list)


@dataclass
class UnitScan:
    job: Job
    source: str
    info: PackageInfo | None = None
    drafts: list[Draft] = field(default_factory=list)
    icon_files: list[IconFile] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)
    failed: bool = False
    size: int = 0
    seconds: float = 0.0
    #: Icon bytes kept for names other units asked for (theme packages scanned last).
    held: dict[str, bytes] = field(default_factory=dict)
    #: Taken from the scan cache in this run (``seconds`` is then the run that stored it).
    reused: bool = False


@dataclass
class UnitOutcome:
    """One line of the report: what became of one input. ``seconds`` (the time pass 1 took
    to read it) and ``reused`` feed the HTML report's timing page only, never the catalog or
    ``report.json``, which stay byte-identical from run to run; ``origin`` is the unit's own
    origin when it has one (a repository's suite and component, a catalog's own)."""

    source: str
    path: str
    info: PackageInfo | None
    app_ids: list[str]
    hints: list[Hint]
    failed: bool
    size: int
    seconds: float
    origin: str = ""
    reused: bool = False


@dataclass
class Composition:
    apps: list[Application]
    icons: dict[str, bytes]
    units: list[UnitOutcome]
    icon_sizes: tuple[int, ...]
