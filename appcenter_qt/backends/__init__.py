"""The registry of sources: the one place that knows the concrete backend classes.

Everything that installs, removes or updates (the window, the update notifier, the CLIs) asks
here: ``make("packagekit", address=…)`` builds a source implementing
:class:`~appcenter_qt.domain.backend.PackageBackend`, ``available()`` says which sources this
installation can build and, for those it cannot, why. Sources are imported lazily, on first
use: a missing optional dependency (dbus-next for PackageKit) makes that one source
unavailable with a reason instead of breaking every import of the product.

A source whose class has an ``instances()`` class method serves several *instances*, one
per place it installs from (Flatpak: one per configured remote). Their registry names are
``NAME:INSTANCE`` (``flatpak:flathub``); ``make("flatpak:flathub")`` builds the class with
``instance="flathub"``. A source whose class has a ``catalogs()`` class method also offers
the AppStream catalogs it keeps (:class:`~appcenter_qt.domain.backend.SourceCatalog`), which
the system catalog reads (:func:`catalogs`).

Adding a source is one package under ``backends/`` and one :class:`SourceSpec` line in
:data:`SOURCES` (docs/architecture.md, "Sources").
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from appcenter_qt.domain.backend import (
    DEFAULT_SOURCE,
    CatalogKeeper,
    ErrorKind,
    MultiInstance,
    PackageBackend,
    SourceCatalog,
)
from appcenter_qt.domain.bundles import BundleFormat
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.source_names import sort_key, split_name

__all__ = [
    "DEFAULT_SOURCE",
    "SOURCES",
    "SetupHint",
    "SourceSpec",
    "SourceStatus",
    "SourceUnavailable",
    "available",
    "bundle_formats",
    "catalogs",
    "describes_remote",
    "exported_data_dirs",
    "is_registered",
    "kind_label",
    "make",
    "managers",
    "names",
    "remote_file_patterns",
    "setup_hints",
    "sort_key",
    "source_names",
    "split_name",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SourceSpec:
    """One registered source: its registry ``name``, the ``module:Class`` that implements it,
    and a one-line description for ``appcenter-apps sources``."""

    name: str
    target: str
    description: str
    #: ``module:Class`` of the source-wide manager, when it has one (Flatpak's remotes and
    #: unused runtimes: the optional capabilities ``RemoteSource``, ``UnusedRemoval``).
    manager: str = ""
    #: What the window calls this kind of source beside an instance's name ("Flatpak" in
    #: "flathub (Flatpak)"); a product name, not translated. Empty: the distribution's own.
    label: str = ""
    #: Whether the class keeps AppStream catalogs of its own (a ``catalogs()`` class
    #: method): :func:`catalogs` loads only these, so choosing the system-pool catalog
    #: does not import every source (PackageKit's D-Bus and asyncio).
    keeps_catalogs: bool = False
    #: The files that describe one of its remotes, as shell patterns (``*.flatpakrepo``):
    #: what ``appcenter-qt FILE`` and ``--add-remote FILE`` offer to add (:func:`describes_remote`).
    remote_files: tuple[str, ...] = ()
    #: The distribution packages that let this source load, by os-release ``ID``/``ID_LIKE``
    #: (``("debian", "python3-gi gir1.2-flatpak-1.0")``); the entry for ``""`` is for any
    #: other system. Named on the Sources page when the source cannot load (:func:`setup_hints`).
    system_packages: tuple[tuple[str, str], ...] = ()
    #: The AppStream bundle kinds it installs and how their refs read as package rows
    #: (``<bundle type="KIND">``): a remote's catalog names no package, only its bundles
    #: (:func:`bundle_formats`, handed down by the generator to the readers).
    bundles: tuple[BundleFormat, ...] = ()
    #: The data directories it exports its installed applications' files to (relative, as in
    #: ``$XDG_DATA_DIRS``, matched as a path's end): the system pool leaves them out, those
    #: applications come from the source's own catalog (:func:`exported_data_dirs`).
    exported_data_dirs: tuple[str, ...] = ()


@dataclass(frozen=True)
class SetupHint:
    """A source this installation cannot load, by its ``label``, and what to install for it."""

    label: str
    packages: str


@dataclass(frozen=True)
class SourceStatus:
    """Whether a source can be built here; ``reason`` says why not (empty when it can)."""

    name: str
    description: str
    available: bool
    reason: str = ""


SOURCES: tuple[SourceSpec, ...] = (
    SourceSpec(
        "packagekit",
        "appcenter_qt.backends.packagekit:PackageKitBackend",
        "distribution packages through the PackageKit daemon",
    ),
    SourceSpec(
        "flatpak",
        "appcenter_qt.backends.flatpak:FlatpakBackend",
        "applications from a Flatpak remote",
        label="Flatpak",
        manager="appcenter_qt.backends.flatpak:FlatpakRemotes",
        keeps_catalogs=True,
        remote_files=("*.flatpakrepo",),
        bundles=(BundleFormat("flatpak", "app/{name}/{arch}/{version}"),),
        exported_data_dirs=("flatpak/exports/share",),
        # PyGObject and libflatpak's typelib, from the distribution (scripts/lib/venv.sh).
        system_packages=(
            ("debian", "python3-gi gir1.2-flatpak-1.0"),
            ("suse", "python3-gobject typelib-1_0-Flatpak-1_0"),
            ("fedora", "python3-gobject flatpak-libs"),
            ("arch", "python-gobject flatpak"),
            ("", "PyGObject and libflatpak's GObject introspection data"),
        ),
    ),
)

#: The data directories of outside systems that are no source here yet (snapd's desktop
#: files): left out of the system pool as a source's :attr:`SourceSpec.exported_data_dirs`
#: are, since nothing here can install or remove what they list. A source added for one
#: moves its entry into its own line.
UNSOURCED_EXPORTS: tuple[str, ...] = ("var/lib/snapd/desktop",)


class SourceUnavailable(BackendError):
    """``make`` cannot build the source: unknown name, or its implementation cannot load."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(ErrorKind.DAEMON_MISSING, f"source {name!r} is unavailable: {reason}")


def names() -> tuple[str, ...]:
    """The registered source names, default first (without instances: ``flatpak``)."""
    return tuple(spec.name for spec in SOURCES)


def kind_label(name: str) -> str:
    """The :attr:`SourceSpec.label` of the source ``name`` belongs to ("" when unknown)."""
    base = split_name(name)[0]
    return next((spec.label for spec in SOURCES if spec.name == base), "")


def remote_file_patterns(name: str = "") -> tuple[str, ...]:
    """The shell patterns of the files describing a remote of the source ``name`` (its
    instances' too), or of every source, in registry order."""
    base = split_name(name)[0]
    return tuple(
        pattern
        for spec in SOURCES
        if not name or spec.name == base
        for pattern in spec.remote_files
    )


def describes_remote(path: str, name: str = "") -> bool:
    """Whether ``path``'s file name is that of a file describing a remote of the source
    ``name`` (or of any source): what a file manager starts the window with. Says nothing
    of the file's content."""
    import fnmatch

    file_name = path.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatch(file_name, p) for p in remote_file_patterns(name))


def bundle_formats() -> tuple[BundleFormat, ...]:
    """Every source's AppStream bundle formats, in registry order: what the readers turn into
    package rows. Data only: no source is loaded, so a catalog reads the same where its
    source cannot load."""
    return tuple(form for spec in SOURCES for form in spec.bundles)


def exported_data_dirs() -> tuple[str, ...]:
    """The data directories the sources (and :data:`UNSOURCED_EXPORTS`) export their
    applications' files to, which the system pool leaves out. Data only, nothing loaded."""
    return tuple(d for spec in SOURCES for d in spec.exported_data_dirs) + UNSOURCED_EXPORTS


def is_registered(name: str) -> bool:
    """Whether ``name`` (``packagekit``, ``flatpak:REMOTE``) names a registered source; says
    nothing about whether that instance exists here (``make`` does)."""
    return split_name(name)[0] in names()


def _spec(name: str) -> SourceSpec:
    base = split_name(name)[0]
    for spec in SOURCES:
        if spec.name == base:
            return spec
    known = ", ".join(names())
    raise SourceUnavailable(name, f"no such source (known: {known})")


def _instances(spec: SourceSpec, factory: Any) -> list[SourceStatus]:
    """The instances a multi-instance source has here (``[]`` when it has none)."""
    try:
        found = factory.instances()
    except Exception as error:  # an outside library failing must not break the listing
        log.warning("%s: cannot list instances: %s", spec.name, error)
        return []
    return [
        SourceStatus(f"{spec.name}:{instance}", description or spec.description, True)
        for instance, description in found
    ]


def _load(spec: SourceSpec, target: str = "") -> Any:
    module_name, _, class_name = (target or spec.target).partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        missing = f" ({error.name} is not installed)" if error.name else ""
        raise SourceUnavailable(spec.name, f"cannot load {module_name}{missing}: {error}") from None
    factory = getattr(module, class_name, None)
    if factory is None:
        raise SourceUnavailable(spec.name, f"{module_name} has no {class_name}")
    return factory


def available(only: Sequence[str] | None = None) -> list[SourceStatus]:
    """Every registered source (or those named in ``only``; the others are not loaded) and
    whether it can be built here (imports, never connects: whether a daemon answers is what
    the first transaction reports). A multi-instance source is listed once per instance
    (``flatpak:flathub``…), or once under its own name, as unavailable, when it has none."""
    statuses = []
    for spec in SOURCES:
        if only is not None and spec.name not in only:
            continue
        try:
            factory = _load(spec)
        except SourceUnavailable as error:
            statuses.append(SourceStatus(spec.name, spec.description, False, error.reason))
            continue
        if not isinstance(factory, MultiInstance):
            statuses.append(SourceStatus(spec.name, spec.description, True))
            continue
        found = _instances(spec, factory)
        statuses.extend(found)
        if not found:
            reason = factory.NO_INSTANCES or "none is configured"
            statuses.append(SourceStatus(spec.name, spec.description, False, reason))
    return statuses


def setup_hints(os_ids: Sequence[str]) -> list[SetupHint]:
    """The sources that cannot load here for want of system packages, each with the packages
    of the first of ``os_ids`` (os-release ``ID`` then ``ID_LIKE``) it knows, else its
    generic words. A source that loads (even with no instance configured) needs no hint."""
    hints = []
    for spec in SOURCES:
        if not spec.system_packages:
            continue
        try:
            _load(spec)
        except SourceUnavailable:
            by_family = dict(spec.system_packages)
            family = next((os_id for os_id in os_ids if os_id in by_family), "")
            packages = by_family.get(family) or spec.system_packages[-1][1]
            hints.append(SetupHint(spec.label or spec.name, packages))
    return hints


def source_names() -> tuple[str, ...]:
    """The names of the sources (and instances) that can be built here, in registry order."""
    return tuple(status.name for status in available() if status.available)


def _catalog_keepers() -> Iterator[tuple[str, CatalogKeeper]]:
    """Each loadable source that keeps AppStream catalogs, by name, in registry order."""
    for spec in SOURCES:
        if not spec.keeps_catalogs:
            continue
        try:
            factory = _load(spec)
        except SourceUnavailable:
            continue
        if isinstance(factory, CatalogKeeper):
            yield spec.name, factory


def catalogs() -> list[SourceCatalog]:
    """The AppStream catalogs every loadable source keeps (a Flatpak remote's), in registry
    order; a source that cannot load, or fails to say, offers none."""
    found: list[SourceCatalog] = []
    for name, keeper in _catalog_keepers():
        try:
            found.extend(keeper.catalogs())
        except Exception as error:  # as _instances: report, never break the build
            log.warning("%s: cannot list catalogs: %s", name, error)
    return found


def catalog_watch() -> list[str] | None:
    """What every catalog-keeping source's :func:`catalogs` depends on (see
    :meth:`~appcenter_qt.domain.backend.CatalogKeeper.catalog_watch`), in registry order;
    ``None`` when a source fails to say (then no kept list may be trusted)."""
    found: list[str] = []
    for name, keeper in _catalog_keepers():
        try:
            found.extend(keeper.catalog_watch())
        except Exception as error:  # as catalogs(): report, never break the build
            log.warning("%s: cannot say what its catalogs depend on: %s", name, error)
            return None
    return found


def managers(**options: Any) -> list[Any]:
    """The source-wide manager of every loadable source that has one (Flatpak's:
    its remotes and unused runtimes), built with ``options`` (``inactivity_timeout``), in
    registry order. Callers ask each for the optional capabilities they use
    (``isinstance(m, RemoteSource)``); a source that cannot load has none."""
    found = []
    for spec in SOURCES:
        if not spec.manager:
            continue
        try:
            factory = _load(spec, spec.manager)
        except SourceUnavailable as error:
            log.info("%s: no manager: %s", spec.name, error.reason)
            continue
        found.append(factory(**options))
    return found


def make(name: str = DEFAULT_SOURCE, **options: Any) -> PackageBackend:
    """Build the source called ``name`` with its own keyword ``options`` (PackageKit:
    ``address``, ``locale``, ``interactive``, ``inactivity_timeout``, ``call_timeout``;
    Flatpak: ``inactivity_timeout``). ``NAME:INSTANCE`` builds a multi-instance source with
    ``instance=INSTANCE``; such a source must be named with an instance.

    Raises :class:`SourceUnavailable` naming the source and the reason."""
    factory = _load(_spec(name))
    base, instance = split_name(name)
    if isinstance(factory, MultiInstance) != bool(instance):
        form = f"{base}:INSTANCE" if not instance else base
        raise SourceUnavailable(name, f"name it as {form}")
    if instance:
        options["instance"] = instance
    try:
        backend: PackageBackend = factory(**options)
    except TypeError as error:  # an option this source does not take
        raise SourceUnavailable(name, f"bad options: {error}") from None
    return backend
