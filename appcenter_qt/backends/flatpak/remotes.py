"""The Flatpak source as a whole: its remotes (list, add, remove) and its unused runtimes.

:class:`FlatpakRemotes` is the Flatpak source's *manager* (the registry's
``SourceSpec.manager``): it implements the optional capabilities
:class:`~appcenter_qt.domain.backend.RemoteSource` and
:class:`~appcenter_qt.domain.backend.UnusedRemoval`. They belong to no single
``flatpak:REMOTE`` instance: the first remote is added when there is no instance yet, and a
runtime left behind may have come from any remote.

* **Add** reads a ``.flatpakrepo`` (:mod:`.repo_file` checks it), builds the remote with
  ``Remote.new_from_file`` (which decodes its GPG key), adds it to the user or the system
  installation (``Installation.add_remote``; libflatpak asks polkit for the system one) and
  pulls its AppStream (``update_appstream_sync``), so its applications appear once the
  catalog is rebuilt. A remote of that name already there is refused, never replaced.
* **Remove** refuses while installed refs still come from the remote, naming them, as
  ``flatpak remote-delete`` does; ``force`` uninstalls them first (one transaction, with
  progress), as the CLI does when its question is answered yes. libflatpak's public
  ``remove_remote`` cannot leave orphaned refs behind, so neither do we.
* **Remove unused** asks each installation for ``list_unused_refs`` (runtimes and extensions
  no installed application needs) and uninstalls them in one transaction per installation.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from appcenter_qt.domain.backend import (
    ErrorKind,
    PackageEvent,
    PackageState,
    ProgressEvent,
    RemoteDescription,
    RemoteEvent,
    RemoteScope,
    Status,
)
from appcenter_qt.domain.errors import BackendError

from . import installations
from ._gi import Flatpak, GLib
from .backend import DEFAULT_INACTIVITY_TIMEOUT, run_transaction
from .job import FlatpakJob, JobContext, JobError, error_event
from .repo_file import RepoFileError, check_remote_name, read_repo_file
from .vocabulary import WORDING

log = logging.getLogger(__name__)


def _scope(installation: Any) -> RemoteScope:
    return RemoteScope.USER if installation.get_is_user() else RemoteScope.SYSTEM


def _installation(scope: RemoteScope) -> Any:
    """The user installation, or the default system one (``$FLATPAK_SYSTEM_DIR``)."""
    if scope is RemoteScope.USER:
        return Flatpak.Installation.new_user(None)
    return Flatpak.Installation.new_system(None)


def _remotes(installation: Any) -> list[Any]:
    return list(installation.list_remotes(None))


def _from_remote(installation: Any, name: str) -> list[Any]:
    """The installed refs (apps and runtimes) whose origin is the remote ``name``."""
    return [r for r in installation.list_installed_refs(None) if r.get_origin() == name]


class FlatpakRemotes:
    """Flatpak's remotes and unused runtimes, over the user and the system installations."""

    name = "flatpak"
    # How the Sources page speaks of Flatpak and its remotes (``WordedSource``).
    wording = WORDING

    def __init__(self, *, inactivity_timeout: float = DEFAULT_INACTIVITY_TIMEOUT) -> None:
        self.inactivity_timeout = inactivity_timeout

    def _job(self, work: Any) -> FlatpakJob:
        return FlatpakJob(work, inactivity_timeout=self.inactivity_timeout)

    # -- listing --------------------------------------------------------------------------

    def list_remotes(self) -> FlatpakJob:
        def work(context: JobContext) -> None:
            for installation in installations.installations():
                try:
                    listed = _remotes(installation)
                    installed = list(installation.list_installed_refs(context.cancellable))
                except GLib.Error as error:
                    if context.cancellable.is_cancelled():
                        raise
                    log.warning("%s: cannot list remotes: %s", installation.get_id(), error.message)
                    continue
                for remote in listed:
                    name = remote.get_name()
                    apps = sorted(
                        {
                            ref.get_name()
                            for ref in installed
                            if ref.get_origin() == name and ref.get_kind() == Flatpak.RefKind.APP
                        }
                    )
                    context.emit(
                        RemoteEvent(
                            name,
                            remote.get_title() or "",
                            remote.get_url() or "",
                            _scope(installation),
                            not remote.get_disabled(),
                            tuple(apps),
                        )
                    )

        return self._job(work)

    # -- adding ---------------------------------------------------------------------------

    def describe_remote(self, path: str, *, name: str = "") -> RemoteDescription:
        """What the ``.flatpakrepo`` at ``path`` says (checked as :meth:`add_remote` checks
        it), for the question before adding; nothing is changed."""
        try:
            return read_repo_file(path, name).description()
        except RepoFileError as error:
            raise BackendError(ErrorKind.INVALID_INPUT, str(error)) from None

    def add_remote(
        self, path: str, *, scope: RemoteScope = RemoteScope.USER, name: str = ""
    ) -> FlatpakJob:
        try:
            repo = read_repo_file(path, name)
        except RepoFileError as error:
            raise BackendError(ErrorKind.INVALID_INPUT, str(error)) from None
        scope = RemoteScope(scope)

        def work(context: JobContext) -> None:
            installation = _installation(scope)
            if any(r.get_name() == repo.name for r in _remotes(installation)):
                raise JobError(
                    ErrorKind.INVALID_INPUT,
                    f"A Flatpak remote “{repo.name}” is already configured in the {scope} "
                    "installation.",
                    code="remote-exists",
                )
            try:
                remote = Flatpak.Remote.new_from_file(repo.name, GLib.Bytes.new(repo.data))
            except GLib.Error as error:  # a bad GPGKey, a key libflatpak refuses
                raise JobError(
                    ErrorKind.INVALID_INPUT,
                    f"{repo.path}: {error.message}",
                    code=error_event(error).code,
                ) from None
            if not repo.signed:  # a local directory only (read_repo_file): trusted as a file
                remote.set_gpg_verify(False)
            context.emit(ProgressEvent(None, Status.PREPARING, repo.name))
            try:
                installation.add_remote(remote, False, context.cancellable)
            except GLib.Error as error:
                _undo_add(scope, repo.name)
                if error_event(error).kind is not ErrorKind.FAILED:
                    raise  # not authorized, cancelled…: the mapped kind says it
                # what libflatpak could not use in the file (a GPGKey gpg cannot import)
                raise JobError(
                    ErrorKind.INVALID_INPUT,
                    f"{repo.path}: {error.message}",
                    code=error_event(error).code,
                ) from None
            context.emit(ProgressEvent(None, Status.REFRESHING, repo.name))
            try:
                installation.update_appstream_sync(repo.name, None, None, context.cancellable)
            except GLib.Error as error:
                if context.cancellable.is_cancelled():
                    raise
                raise JobError(
                    ErrorKind.NETWORK,
                    f"The Flatpak remote “{repo.name}” was added, but its application list "
                    f"could not be downloaded from {repo.url}.",
                    code="appstream-failed",
                    details=error.message,
                ) from None
            added = installation.get_remote_by_name(repo.name, context.cancellable)
            context.emit(ProgressEvent(100, Status.FINISHED, repo.name))
            context.emit(
                RemoteEvent(
                    repo.name, added.get_title() or "", added.get_url() or "", scope, True, ()
                )
            )

        return self._job(work)

    # -- removing -------------------------------------------------------------------------

    def remove_remote(
        self, name: str, *, scope: RemoteScope | None = None, force: bool = False
    ) -> FlatpakJob:
        try:
            check_remote_name(name)
        except RepoFileError as error:
            raise BackendError(ErrorKind.INVALID_INPUT, str(error)) from None
        wanted = None if scope is None else RemoteScope(scope)

        def work(context: JobContext) -> None:
            having = [
                installation
                for installation in installations.installations()
                if (wanted is None or _scope(installation) is wanted)
                and any(r.get_name() == name for r in _remotes(installation))
            ]
            if not having:
                where = f"the {wanted} installation" if wanted else "any installation"
                raise JobError(
                    ErrorKind.NOT_FOUND,
                    f"No Flatpak remote “{name}” is configured in {where}.",
                    code="remote-not-found",
                )
            if len({_scope(i) for i in having}) > 1:
                raise JobError(
                    ErrorKind.INVALID_INPUT,
                    f"The Flatpak remote “{name}” is configured in both the user and the system "
                    "installation; name one.",
                    code="remote-ambiguous",
                )
            installation = having[0]
            used = _from_remote(installation, name)
            if used and not force:
                shown = ", ".join(sorted({r.get_name() for r in used})[:10])
                raise JobError(
                    ErrorKind.FAILED,
                    f"Applications installed from the Flatpak remote “{name}” still use it "
                    f"({shown}); remove them first, or remove the remote with them.",
                    code="remote-used",
                )
            if used:
                refs = [r.format_ref() for r in used]
                info = installations.RemoteInfo(name, installation, None)

                def setup(transaction: Any) -> None:
                    for ref in refs:
                        transaction.add_uninstall(ref)

                run_transaction(context, info, setup, False)
            context.emit(ProgressEvent(None, Status.REMOVING, name))
            try:
                installation.remove_remote(name, context.cancellable)
            except GLib.Error as error:
                if error_event(error).code == "remote-not-found":
                    return  # an origin remote goes with its last ref, as the CLI knows
                raise

        return self._job(work)

    # -- unused runtimes ------------------------------------------------------------------

    def remove_unused(self, *, simulate: bool = False) -> FlatpakJob:
        def work(context: JobContext) -> None:
            for installation, refs in _unused(context):
                if simulate:
                    for ref in refs:
                        context.emit(PackageEvent(PackageState.REMOVING, ref))
                    continue
                info = installations.RemoteInfo("", installation, None)

                def setup(transaction: Any, refs: list[str] = refs) -> None:
                    for ref in refs:
                        transaction.add_uninstall(ref)

                run_transaction(context, info, setup, False)

        return self._job(work)


def _undo_add(scope: RemoteScope, name: str) -> None:
    """libflatpak writes the remote's configuration before importing its key: a key that
    fails to import leaves a half-added remote, which is removed again (through a fresh
    installation object: the one that failed still has the old configuration cached)."""
    try:
        _installation(scope).remove_remote(name, None)
    except GLib.Error as error:
        if error_event(error).code != "remote-not-found":
            log.warning("%s: cannot undo adding it: %s", name, error.message)


def _unused(context: JobContext) -> Iterator[tuple[Any, list[str]]]:
    """(installation, its unused refs) for each installation that has any."""
    for installation in installations.installations():
        unused = installation.list_unused_refs(None, context.cancellable)
        refs = sorted(ref.format_ref() for ref in unused)
        if refs:
            yield installation, refs
