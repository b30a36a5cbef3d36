"""``FlatpakBackend``: :class:`~appcenter_qt.domain.backend.PackageBackend` for one Flatpak
remote, through libflatpak.

One instance serves one remote, the registry's ``flatpak:REMOTE``; its references are Flatpak
refs (``app/ID/ARCH/BRANCH``, :mod:`.refs`), its package *names* application ids. Every
operation is a :class:`~.job.FlatpakJob`; changes are ``Flatpak.Transaction`` runs, whose
``new-operation``/``changed``/``operation-done`` signals become neutral progress and package
events (:mod:`.vocabulary`). Runtimes come along as dependencies of an install; removing an
application leaves them, as ``flatpak uninstall`` does, unless ``autoremove`` asks for the
runtimes it leaves unused ("Remove unused runtimes").

Before installing, the remote itself is asked for its refs (``list_remote_refs_sync``):
installing from a remote whose repository vanished or cannot be reached would otherwise end
in ``ref-not-found``, the same error as a really unknown id. The branch comes from that ref
list (or the catalog's bundle ref the caller passes), never from a guessed default.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from appcenter_qt.domain.backend import (
    DetailsEvent,
    ErrorKind,
    PackageEvent,
    PackageState,
    ProgressEvent,
    SourceCatalog,
    Status,
    UpdateDetailEvent,
    UpdateKind,
    checked_list,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import PackageRef

from . import installations
from ._gi import Flatpak, GLib
from .job import FlatpakJob, JobContext, JobError, error_event
from .permissions import permissions_from_metadata
from .refs import is_app, parse_ref, validate_app_id, validate_ref
from .release_versions import release_version
from .vocabulary import OPERATIONS, WORDING

DEFAULT_INACTIVITY_TIMEOUT = 120.0
_REMOTE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
#: Progress signals are rate-limited by libflatpak to this many milliseconds.
_UPDATE_MS = 200


class FlatpakBackend:
    """Applications from one Flatpak remote (``instance`` is its name)."""

    NO_INSTANCES = "no Flatpak remote is configured"
    #: LiveUpdates: a running app keeps its old deployment while the new one lands.
    updates_safely_live = True
    # How the window speaks of this source (``WordedSource``).
    wording = WORDING

    def __init__(
        self, instance: str, *, inactivity_timeout: float = DEFAULT_INACTIVITY_TIMEOUT
    ) -> None:
        if not isinstance(instance, str) or not _REMOTE_NAME.fullmatch(instance):
            raise BackendError(
                ErrorKind.INVALID_INPUT, f"not a Flatpak remote name: {str(instance)[:100]!r}"
            )
        self.remote = instance
        self.name = f"flatpak:{instance}"
        self.inactivity_timeout = inactivity_timeout
        self.arch = Flatpak.get_default_arch()

    # -- the registry's class-level questions -------------------------------------------

    @classmethod
    def instances(cls) -> list[tuple[str, str]]:
        """(remote name, description) of every configured, enabled remote."""
        return [(info.name, info.description) for info in installations.remotes()]

    @classmethod
    def catalogs(cls) -> list[SourceCatalog]:
        """Each remote's AppStream catalog as libflatpak last pulled it (``update_appstream``),
        for this machine's default arch; remotes never pulled have none yet."""
        found = []
        for info in installations.remotes():
            path = installations.appstream_file(info)
            if path:
                icons = f"{path.rpartition('/')[0]}/icons"
                found.append(SourceCatalog(f"flatpak:{info.name}", path, icons=icons))
        return found

    @classmethod
    def catalog_watch(cls) -> list[str]:
        """What :meth:`catalogs` depends on besides the catalog files: each installation's
        directory, remote list (``repo/config``) and AppStream tree (a remote's directory,
        its arch's directory, whose ``active`` link a pull replaces), and the system's list
        of installations. A change to any of them may change what :meth:`catalogs` gives,
        so a caller may trust a list it kept while none of them changed."""
        watched = [installations.SYSTEM_INSTALLATIONS_CONFIG]
        for installation in installations.installations():
            base = installation.get_path().get_path()
            watched += [base, f"{base}/repo/config", f"{base}/appstream"]
        for info in installations.remotes():
            directory = info.remote.get_appstream_dir(None)
            if directory is not None:
                arch_dir = directory.get_path().rpartition("/")[0]
                watched += [arch_dir.rpartition("/")[0], arch_dir]
        return list(dict.fromkeys(watched))

    # -- the contract ---------------------------------------------------------------------

    def parse_ref(self, ref: str) -> PackageRef:
        return parse_ref(ref)

    async def aclose(self) -> None:
        """Nothing to release: each job opens the installation it needs."""

    def _job(self, work: Callable[[JobContext], None]) -> FlatpakJob:
        return FlatpakJob(work, inactivity_timeout=self.inactivity_timeout)

    def _find(self) -> installations.RemoteInfo:
        info = installations.find_remote(self.remote)
        if info is None:
            raise JobError(
                ErrorKind.NOT_FOUND,
                f"No Flatpak remote “{self.remote}” is configured.",
                code="remote-not-found",
            )
        return info

    def _remote_refs(self, context: JobContext, info: installations.RemoteInfo) -> list[Any]:
        """The remote's refs, asked of the remote itself: a vanished or unreachable remote
        says so here, in its own words, instead of as an unknown ref later."""
        try:
            return list(info.installation.list_remote_refs_sync(self.remote, context.cancellable))
        except GLib.Error as error:
            if context.cancellable.is_cancelled():
                raise
            url = info.remote.get_url() or "no URL"
            raise JobError(
                ErrorKind.NETWORK,
                f"The Flatpak remote “{self.remote}” ({url}) cannot be reached.",
                code=error_event(error).code,
                details=error.message,
            ) from None

    def _installed(self, context: JobContext, info: installations.RemoteInfo) -> list[Any]:
        listed = info.installation.list_installed_refs_by_kind(
            Flatpak.RefKind.APP, context.cancellable
        )
        return [ref for ref in listed if ref.get_origin() == self.remote]

    def _listing(self, names: Sequence[str] | None, terms: Sequence[str], installed_only: bool):
        wanted = set(names) if names is not None else None
        lowered = [t.lower() for t in terms]

        def matches(name: str) -> bool:
            if wanted is not None and name not in wanted:
                return False
            return all(term in name.lower() for term in lowered)

        def work(context: JobContext) -> None:
            info = self._find()
            installed = {r.format_ref(): r for r in self._installed(context, info)}
            for ref, found in installed.items():
                if matches(found.get_name()):
                    summary = found.get_appdata_summary() or ""
                    context.emit(PackageEvent(PackageState.INSTALLED, ref, summary))
            if installed_only:
                return
            for remote_ref in self._remote_refs(context, info):
                ref = remote_ref.format_ref()
                if (
                    remote_ref.get_kind() == Flatpak.RefKind.APP
                    and remote_ref.get_arch() == self.arch
                    and ref not in installed
                    and matches(remote_ref.get_name())
                ):
                    context.emit(PackageEvent(PackageState.AVAILABLE, ref))

        return self._job(work)

    def resolve(self, names: Sequence[str], *, installed_only: bool = False) -> FlatpakJob:
        ids = checked_list(names, validate_app_id, "application id")
        return self._listing(ids, (), installed_only)

    def search_names(self, terms: Sequence[str]) -> FlatpakJob:
        words = checked_list(terms, lambda t: t if t and len(t) <= 255 else "", "search term")
        if not all(words):
            raise BackendError(ErrorKind.INVALID_INPUT, "empty or overlong search term")
        return self._listing(None, words, False)

    def get_packages(self, *, installed_only: bool = False) -> FlatpakJob:
        return self._listing(None, (), installed_only)

    def _remote_ref(self, context: JobContext, info: installations.RemoteInfo, ref: str) -> Any:
        parsed = parse_ref(ref)
        kind = Flatpak.RefKind.APP if is_app(ref) else Flatpak.RefKind.RUNTIME
        try:
            return info.installation.fetch_remote_ref_sync(
                self.remote, kind, parsed.name, parsed.arch, parsed.version, context.cancellable
            )
        except GLib.Error as error:
            if error_event(error).kind is not ErrorKind.NOT_FOUND:
                raise
            raise JobError(
                ErrorKind.NOT_FOUND,
                f"“{parsed.name}” is not in the Flatpak remote “{self.remote}”.",
                code="ref-not-found",
                details=error.message,
            ) from None

    def get_details(self, package_ids: Sequence[str]) -> FlatpakJob:
        refs = checked_list(package_ids, validate_ref, "Flatpak ref")

        def work(context: JobContext) -> None:
            info = self._find()
            catalog = installations.appstream_file(info)
            for ref in refs:
                installed = self._installed_ref(context, info, ref)
                if installed is not None:  # no download; its own metadata, as installed
                    metadata = installed.load_metadata(context.cancellable)
                    size, download = installed.get_installed_size(), 0
                    release = installed.get_appdata_version() or ""
                else:
                    remote_ref = self._remote_ref(context, info, ref)
                    metadata = remote_ref.get_metadata()
                    size, download = remote_ref.get_installed_size(), remote_ref.get_download_size()
                    release = ""
                if not release and is_app(ref) and catalog:
                    release = release_version(catalog, parse_ref(ref).name)
                summary = installed.get_appdata_summary() or "" if installed is not None else ""
                context.emit(
                    DetailsEvent(
                        ref,
                        summary=summary,
                        size=size,
                        download_size=download,
                        permissions=permissions_from_metadata(metadata) if is_app(ref) else None,
                        release=release,
                    )
                )

        return self._job(work)

    def _installed_ref(self, context: JobContext, info: installations.RemoteInfo, ref: str) -> Any:
        """``ref`` as installed from this remote, else ``None``."""
        parsed = parse_ref(ref)
        kind = Flatpak.RefKind.APP if is_app(ref) else Flatpak.RefKind.RUNTIME
        try:
            found = info.installation.get_installed_ref(
                kind, parsed.name, parsed.arch, parsed.version, context.cancellable
            )
        except GLib.Error:
            return None
        return found if found.get_origin() == self.remote else None

    def depends_on(
        self, package_ids: Sequence[str], *, recursive: bool = True, installed_only: bool = True
    ) -> FlatpakJob:
        refs = checked_list(package_ids, validate_ref, "Flatpak ref")

        def work(context: JobContext) -> None:
            info = self._find()
            installed = {
                r.format_ref() for r in info.installation.list_installed_refs(context.cancellable)
            }
            for ref in refs:
                runtime = _runtime_of(self._remote_ref(context, info, ref).get_metadata())
                if not runtime:
                    continue
                dependency = f"runtime/{runtime}"
                if dependency in installed:
                    context.emit(PackageEvent(PackageState.INSTALLED, dependency))
                elif not installed_only:
                    context.emit(PackageEvent(PackageState.AVAILABLE, dependency))

        return self._job(work)

    def get_updates(self) -> FlatpakJob:
        def work(context: JobContext) -> None:
            info = self._find()
            for ref in info.installation.list_installed_refs_for_update(context.cancellable):
                if ref.get_origin() == self.remote:
                    event = PackageEvent(
                        PackageState.UPDATE,
                        ref.format_ref(),
                        ref.get_appdata_summary() or "",
                        UpdateKind.NORMAL,
                    )
                    context.emit(event)

        return self._job(work)

    def get_update_details(self, package_ids: Sequence[str]) -> FlatpakJob:
        refs = checked_list(package_ids, validate_ref, "Flatpak ref")

        def work(context: JobContext) -> None:
            for ref in refs:
                context.emit(UpdateDetailEvent(ref, updates=(ref,)))

        return self._job(work)

    def refresh_cache(self, *, force: bool = False) -> FlatpakJob:
        def work(context: JobContext) -> None:
            info = self._find()
            context.emit(ProgressEvent(None, Status.REFRESHING, self.remote))
            self._remote_refs(context, info)  # a vanished remote says so, not "failed"
            # (remote, arch, out_changed, cancellable): the cancellable is the fourth argument
            info.installation.update_appstream_sync(self.remote, None, None, context.cancellable)
            context.emit(ProgressEvent(100, Status.REFRESHING, self.remote))

        return self._job(work)

    # -- changes --------------------------------------------------------------------------

    def install(self, package_ids: Sequence[str], *, simulate: bool = False) -> FlatpakJob:
        refs = checked_list(package_ids, validate_ref, "Flatpak ref")

        def work(context: JobContext) -> None:
            info = self._find()
            offered = {r.format_ref() for r in self._remote_refs(context, info)}
            for ref in refs:
                if ref not in offered:
                    raise JobError(
                        ErrorKind.NOT_FOUND,
                        f"“{parse_ref(ref).name}” is not in the Flatpak remote “{self.remote}”.",
                        code="ref-not-found",
                    )

            def setup(transaction: Any) -> None:
                for ref in refs:
                    transaction.add_install(self.remote, ref, None)

            self._transact(context, info, setup, simulate)

        return self._job(work)

    def remove(
        self,
        package_ids: Sequence[str],
        *,
        allow_deps: bool = True,
        autoremove: bool = False,
        simulate: bool = False,
    ) -> FlatpakJob:
        refs = checked_list(package_ids, validate_ref, "Flatpak ref")

        def work(context: JobContext) -> None:
            info = self._find()

            def setup(transaction: Any) -> None:
                # Runtimes stay (they may serve other apps), unless asked for those that
                # this removal leaves unused.
                transaction.set_include_unused_uninstall_ops(autoremove)
                for ref in refs:
                    transaction.add_uninstall(ref)

            self._transact(context, info, setup, simulate)

        return self._job(work)

    def update(self, package_ids: Sequence[str], *, simulate: bool = False) -> FlatpakJob:
        refs = checked_list(package_ids, validate_ref, "Flatpak ref")

        def work(context: JobContext) -> None:
            info = self._find()
            self._remote_refs(context, info)

            def setup(transaction: Any) -> None:
                for ref in refs:
                    transaction.add_update(ref, None, None)

            self._transact(context, info, setup, simulate)

        return self._job(work)

    @staticmethod
    def _transact(
        context: JobContext,
        info: installations.RemoteInfo,
        setup: Callable[[Any], None],
        simulate: bool,
    ) -> None:
        """Run one ``Flatpak.Transaction``; its signals become neutral events. ``simulate``
        reports the operations at ``ready`` and stops there, changing nothing."""
        transaction = Flatpak.Transaction.new_for_installation(
            info.installation, context.cancellable
        )
        transaction.set_no_interaction(True)
        setup(transaction)
        state: dict[str, Any] = {"total": 1, "done": 0, "current": ""}
        failure: list[GLib.Error] = []

        def overall(item: int) -> int:
            return min(100, (state["done"] * 100 + item) // max(1, state["total"]))

        def on_ready(t: Any) -> bool:
            operations = t.get_operations()
            state["total"] = max(1, len(operations))
            for operation in operations:
                _status, package_state = OPERATIONS.get(
                    operation.get_operation_type().value_nick,
                    (Status.UNKNOWN, PackageState.UNKNOWN),
                )
                context.emit(PackageEvent(package_state, operation.get_ref()))
            return not simulate

        def finished_current() -> None:
            # "operation-done" is not connected: PyGObject 3.42-3.50 cannot marshal its
            # FlatpakTransactionResult argument (a GLib critical on every operation). An
            # operation is done when the next one starts, or when the run returns.
            if state["current"]:
                state["done"] += 1
                ref, state["current"] = state["current"], ""
                context.emit(PackageEvent(PackageState.FINISHED, ref))
                context.emit(ProgressEvent(overall(0), Status.FINISHED, ref, 100))

        def on_new_operation(_t: Any, operation: Any, progress: Any) -> None:
            finished_current()
            status, _state = OPERATIONS.get(
                operation.get_operation_type().value_nick, (Status.UNKNOWN, PackageState.UNKNOWN)
            )
            ref = operation.get_ref()
            state["current"] = ref
            context.emit(ProgressEvent(overall(0), status, ref, 0))
            progress.set_update_frequency(_UPDATE_MS)

            def on_changed(p: Any) -> None:
                item = max(0, min(100, p.get_progress()))
                shown = Status.DOWNLOADING if status is Status.INSTALLING and item < 100 else status
                context.emit(ProgressEvent(overall(item), shown, ref, item))

            progress.connect("changed", on_changed)

        def on_error(_t: Any, operation: Any, error: GLib.Error, _details: Any) -> bool:
            # The details flags do not survive PyGObject's marshalling; what makes an error
            # non-fatal is that it is a related ref's (a .Locale extension): go on, as the CLI.
            if operation.get_related_to_ops():
                return True
            failure.append(error)
            return False

        transaction.connect("ready", on_ready)
        transaction.connect("new-operation", on_new_operation)
        transaction.connect("operation-error", on_error)
        transaction.connect("add-new-remote", lambda *_args: False)
        context.emit(ProgressEvent(None, Status.PREPARING))
        try:
            transaction.run(context.cancellable)
            finished_current()
        except GLib.Error as error:
            if simulate and not failure and error_event(error).code == "aborted":
                return  # stopped at "ready" on purpose
            if failure and not context.cancellable.is_cancelled():
                raise failure[0] from None  # the operation's own error, not "aborted"
            raise
        finally:
            transaction.run_dispose()


#: One ``Flatpak.Transaction`` run as neutral events, for the source-wide operations too
#: (:mod:`.remotes`: removing a remote's applications, the unused runtimes).
run_transaction = FlatpakBackend._transact


def _runtime_of(metadata: Any) -> str:
    """``[Application] runtime=`` of a ref's metadata (GLib.Bytes), or ""."""
    keyfile = GLib.KeyFile()
    try:
        keyfile.load_from_bytes(metadata, GLib.KeyFileFlags.NONE)
        return str(keyfile.get_string("Application", "runtime"))
    except GLib.Error:
        return ""
