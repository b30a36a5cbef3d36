"""``PackageKitBackend``: :class:`appcenter_qt.domain.backend.PackageBackend` over PackageKit.

Each operation validates its input *before* anything reaches D-Bus — package ids with
:func:`~.package_id.validate_package_id`, names with
:func:`~appcenter_qt.domain.package_ref.validate_package_name` — and raises
:class:`~appcenter_qt.domain.errors.BackendError` (``invalid-input``) naming the bad value. What it
returns is a not-yet-started :class:`PackageKitTransaction`: nothing happens on the bus
until the caller iterates it, so building one is free and cannot fail on the daemon.

``simulate=True`` sets PackageKit's ``SIMULATE`` transaction flag: the daemon reports the
packages the action would install, remove or update (``Package`` events with ``installing``,
``removing``…) and changes nothing — what the UI shows before the user confirms.
"""

from __future__ import annotations

import locale as _locale
import os
from collections.abc import Iterable, Sequence

from appcenter_qt.domain.backend import (
    ErrorKind,
    OfflineAction,
    OfflineResult,
    OfflineStatus,
    checked_list,
    validate_repo_id,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import PackageRef, validate_package_name

from . import offline
from .client import DEFAULT_CALL_TIMEOUT, PackageKitClient
from .enums import Filter, TransactionFlag, filter_bits, transaction_flag_bits
from .package_id import parse_package_id, validate_package_id
from .transaction import DEFAULT_INACTIVITY_TIMEOUT, PackageKitTransaction
from .vocabulary import WORDING


def _default_locale() -> str:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return value
    return _locale.getlocale()[0] or "C"


class PackageKitBackend:
    """Package actions through the PackageKit daemon.

    ``address`` defaults to ``DBUS_SYSTEM_BUS_ADDRESS`` or the system bus;
    ``inactivity_timeout`` is how long a transaction may stay silent before it is reported
    as ``timeout``; ``call_timeout`` bounds each D-Bus method call.
    """

    name = "packagekit"
    # How the window speaks of this source (``WordedSource``).
    wording = WORDING

    def __init__(
        self,
        address: str | None = None,
        *,
        locale: str | None = None,
        interactive: bool = True,
        inactivity_timeout: float = DEFAULT_INACTIVITY_TIMEOUT,
        call_timeout: float = DEFAULT_CALL_TIMEOUT,
    ) -> None:
        self.client = PackageKitClient(address, call_timeout=call_timeout)
        self.inactivity_timeout = inactivity_timeout
        hint_locale = locale or _default_locale()
        # Hints are "key=value" strings; a locale is the only outside text in them.
        if not all(c.isalnum() or c in "._@-" for c in hint_locale):
            hint_locale = "C"
        self.hints = [
            f"locale={hint_locale}",
            f"interactive={'true' if interactive else 'false'}",
            "background=false",
            "supports-plural-signals=true",
        ]

    async def aclose(self) -> None:
        """Close the bus connection (the next transaction opens a new one)."""
        await self.client.close()

    def parse_ref(self, ref: str) -> PackageRef:
        """A PackageKit id's name, version and arch; raises ``InvalidPackageRef``."""
        return parse_package_id(ref).ref()

    def _transaction(self, method: str, signature: str, *args: object) -> PackageKitTransaction:
        return PackageKitTransaction(
            self.client,
            method,
            signature,
            args,
            hints=self.hints,
            inactivity_timeout=self.inactivity_timeout,
        )

    @staticmethod
    def _filters(installed_only: bool, extra: Iterable[Filter] = ()) -> int:
        filters = [Filter.INSTALLED] if installed_only else []
        return filter_bits([*filters, *extra])

    @staticmethod
    def _flags(simulate: bool, *, only_download: bool = False) -> int:
        # ONLY_TRUSTED always: unsigned packages are refused, as pkcon and GNOME Software do
        # (without it PackageKit asks polkit for the stronger "-untrusted" actions).
        flags = [TransactionFlag.ONLY_TRUSTED]
        if simulate:
            flags.append(TransactionFlag.SIMULATE)
        if only_download:
            flags.append(TransactionFlag.ONLY_DOWNLOAD)
        return transaction_flag_bits(flags)

    # -- queries -------------------------------------------------------------------------

    def resolve(
        self, names: Sequence[str], *, installed_only: bool = False
    ) -> PackageKitTransaction:
        names = checked_list(names, validate_package_name, "package name")
        return self._transaction("Resolve", "tas", self._filters(installed_only), names)

    def search_names(self, terms: Sequence[str]) -> PackageKitTransaction:
        terms = checked_list(terms, validate_package_name, "search term")
        return self._transaction("SearchNames", "tas", self._filters(False), terms)

    def get_details(self, package_ids: Sequence[str]) -> PackageKitTransaction:
        ids = checked_list(package_ids, validate_package_id, "package id")
        return self._transaction("GetDetails", "as", ids)

    def get_packages(self, *, installed_only: bool = False) -> PackageKitTransaction:
        return self._transaction("GetPackages", "t", self._filters(installed_only))

    def depends_on(
        self, package_ids: Sequence[str], *, recursive: bool = True, installed_only: bool = True
    ) -> PackageKitTransaction:
        ids = checked_list(package_ids, validate_package_id, "package id")
        return self._transaction(
            "DependsOn", "tasb", self._filters(installed_only), ids, bool(recursive)
        )

    def get_updates(self) -> PackageKitTransaction:
        return self._transaction("GetUpdates", "t", self._filters(False))

    def get_update_details(self, package_ids: Sequence[str]) -> PackageKitTransaction:
        ids = checked_list(package_ids, validate_package_id, "package id")
        return self._transaction("GetUpdateDetail", "as", ids)

    # -- changes -------------------------------------------------------------------------

    def install(
        self, package_ids: Sequence[str], *, simulate: bool = False
    ) -> PackageKitTransaction:
        ids = checked_list(package_ids, validate_package_id, "package id")
        return self._transaction("InstallPackages", "tas", self._flags(simulate), ids)

    def remove(
        self,
        package_ids: Sequence[str],
        *,
        allow_deps: bool = True,
        autoremove: bool = False,
        simulate: bool = False,
    ) -> PackageKitTransaction:
        ids = checked_list(package_ids, validate_package_id, "package id")
        return self._transaction(
            "RemovePackages", "tasbb", self._flags(simulate), ids, allow_deps, autoremove
        )

    def refresh_cache(self, *, force: bool = False) -> PackageKitTransaction:
        return self._transaction("RefreshCache", "b", bool(force))

    def update(
        self, package_ids: Sequence[str], *, simulate: bool = False
    ) -> PackageKitTransaction:
        ids = checked_list(package_ids, validate_package_id, "package id")
        return self._transaction("UpdatePackages", "tas", self._flags(simulate), ids)

    # -- repositories (domain.backend.RepositorySource) ------------------------------------

    def get_repositories(self) -> PackageKitTransaction:
        """``GetRepoList`` with no filter: every repository, enabled or not (RepoDetail
        signals become ``RepositoryEvent``s)."""
        return self._transaction("GetRepoList", "t", self._filters(False))

    def set_repository_enabled(self, repo_id: str, enabled: bool) -> PackageKitTransaction:
        """``RepoEnable``: PackageKit asks polkit for ``system-sources-configure``."""
        try:
            repo_id = validate_repo_id(repo_id)
        except ValueError as exc:
            raise BackendError(ErrorKind.INVALID_INPUT, str(exc)) from exc
        return self._transaction("RepoEnable", "sb", repo_id, bool(enabled))

    # -- offline updates (domain.backend.OfflineUpdates; see .offline) ---------------------

    def prepare_offline(self, package_ids: Sequence[str]) -> PackageKitTransaction:
        """``UpdatePackages`` with ``only-download``: the daemon records the ids as the
        prepared update once the download succeeded."""
        ids = checked_list(package_ids, validate_package_id, "package id")
        return self._transaction(
            "UpdatePackages", "tas", self._flags(False, only_download=True), ids
        )

    async def offline_status(self) -> OfflineStatus:
        return await offline.status(self.client)

    async def trigger_offline(self, action: OfflineAction = OfflineAction.REBOOT) -> None:
        """``Offline.Trigger``: polkit ``trigger-offline-update``; the daemon refuses when
        nothing is prepared."""
        await offline.trigger(self.client, action)

    async def cancel_offline(self) -> None:
        await offline.cancel(self.client)

    async def offline_results(self) -> OfflineResult | None:
        return offline.read_results()

    async def clear_offline_results(self) -> None:
        await offline.clear_results(self.client)
