"""``appcenter-qt --check-updates``: one desktop notification saying which updates wait.

It follows the updater's grouping, so the notice speaks of applications ("Firefox, Mines and
2 more") and of *one* "System infrastructure" group, never of package names, and says when a
security fix is among them (then the notification is marked critical, as Discover's notifier
does for security updates). Texts go through Qt's translator (``QCoreApplication.translate``
with ``%n`` plurals, called by that name so ``pyside6-lupdate`` finds them), so translators
see them in Qt Linguist beside the QML strings.
"""

from __future__ import annotations

import asyncio
import sys

from PySide6.QtCore import QCoreApplication

from appcenter_qt.backends.notifications import (
    URGENCY_CRITICAL,
    URGENCY_NORMAL,
    Notification,
    send_notification,
)
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.backend import ErrorKind
from appcenter_qt.domain.updates import UpdateKind, UpdatePlan
from appcenter_qt.errors import AppCenterError, BackendError
from appcenter_qt.system_catalog import choose_catalog
from appcenter_qt.updater import fetch_updates, plan_updates

# Application names named in the body before "and N more".
NAMED_APPS = 3


def notice_for(plan: UpdatePlan) -> Notification | None:
    """The notification for ``plan``, or ``None`` when everything is up to date."""
    if plan.is_empty:
        return None
    security = plan.infrastructure.has_security or any(
        app.kind is UpdateKind.SECURITY for app in plan.apps
    )
    # Plain names as the count arguments: pyside6-lupdate skips calls whose arguments are
    # attribute expressions such as ``plan.count``.
    rows = plan.count
    packages = plan.infrastructure.count
    if security:
        summary = QCoreApplication.translate(
            "UpdateNotice", "%n update(s) available, including security fixes", None, rows
        )
    else:
        summary = QCoreApplication.translate("UpdateNotice", "%n update(s) available", None, rows)
    lines = []
    if plan.apps:
        names = [app.name for app in plan.apps[:NAMED_APPS]]
        rest = len(plan.apps) - len(names)
        listed = ", ".join(names)
        if rest:
            #: %1 is a list of application names, %n how many more applications there are
            listed = QCoreApplication.translate(
                "UpdateNotice", "%1 and %n more", None, rest
            ).replace("%1", listed)
        lines.append(listed)
    if plan.infrastructure.packages:
        #: the System infrastructure group of the Updates page; %n is a package count
        lines.append(
            QCoreApplication.translate(
                "UpdateNotice",
                "System infrastructure: %n package(s)",
                None,
                packages,
            )
        )
    return Notification(
        summary=summary,
        body="\n".join(lines),
        urgency=URGENCY_CRITICAL if security else URGENCY_NORMAL,
        actions=(("default", QCoreApplication.translate("UpdateNotice", "Show updates")),),
    )


async def _fetch_plan(catalog: Catalog, locale: str) -> UpdatePlan:
    """Every source's updates (the distribution's and each Flatpak remote's), as the Updates
    page lists them; a source that cannot be asked is logged and the others still count."""
    from appcenter_qt import backends
    from appcenter_qt.source_set import ALL, SourceSet

    options = {backends.DEFAULT_SOURCE: {"locale": locale, "interactive": False}}
    sources = SourceSet.choose(ALL, options=options)
    backend = sources.combined()
    if backend is None:
        raise BackendError(ErrorKind.DAEMON_MISSING, f"no package source can start ({sources})")
    try:
        updates = await fetch_updates(backend)
    finally:
        await sources.aclose()
    return plan_updates(updates, catalog.app_ids_for_packages, catalog.names)


def run_check(catalog_path: str | None, locale: str, *, bus_address: str | None = None) -> int:
    """The ``--check-updates`` run: 0 when it notified or found nothing, 2 when no source
    answers (PackageKit down and no Flatpak remote) or the catalog is unusable. The notice
    is also printed, and without a notification server (a bare SSH session, a cron job)
    printing is all it does."""
    try:
        with Catalog(choose_catalog(catalog_path).path, locale) as catalog:
            plan = asyncio.run(_fetch_plan(catalog, locale))
    except AppCenterError as error:
        print(f"appcenter-qt: {error}", file=sys.stderr)
        return 2
    notice = notice_for(plan)
    if notice is None:
        print(QCoreApplication.translate("UpdateNotice", "Your system is up to date."))
        return 0
    print(f"{notice.summary}\n{notice.body}")
    try:
        asyncio.run(send_notification(notice, bus_address=bus_address))
    except BackendError as error:
        print(f"appcenter-qt: not shown as a notification: {error}", file=sys.stderr)
    return 0
