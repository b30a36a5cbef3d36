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
from appcenter_qt.domain.errors import AppCenterError, BackendError
from appcenter_qt.domain.updates import UpdateKind, UpdatePlan
from appcenter_qt.services.auto_update import AutoUpdateRecord
from appcenter_qt.services.update_check import (
    check_interval_s,
    find_updates,
    record_check,
    stamp_path,
    why_not_now,
)
from appcenter_qt.services.update_policy import load_policy

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


def automatic_text(record: AutoUpdateRecord) -> str:
    """What an automatic update did, in one line (the Updates page says the same)."""
    if record.error:
        return QCoreApplication.translate("UpdateNotice", "Automatic updates failed: %1").replace(
            "%1", record.error
        )
    count = len(record.apps)
    return QCoreApplication.translate(
        "UpdateNotice", "%n application(s) were updated automatically.", None, count
    )


def run_check(
    catalog_path: str | None,
    locale: str,
    *,
    bus_address: str | None = None,
    force: bool = False,
    selection: str = "all",
) -> int:
    """The ``--check-updates`` run: 0 when it notified, found nothing or was not due (checked
    less than the interval ago, or a metered connection: one line says which; ``force``
    checks anyway), 2 when no source answers (PackageKit down and no Flatpak remote) or the
    catalog is unusable. The notice is also printed, and without a notification server (a
    bare SSH session, a cron job) printing is all it does."""
    stamp = stamp_path()
    policy = load_policy()
    if not force:
        reason = why_not_now(
            stamp, check_interval_s(), allow_metered=policy.download_on_metered.value
        )
        if reason:
            print(f"appcenter-qt: {reason}")
            return 0
    try:
        findings = asyncio.run(
            find_updates(catalog_path, locale, selection=selection, policy=policy)
        )
    except AppCenterError as error:
        print(f"appcenter-qt: {error}", file=sys.stderr)
        return 2
    record_check(stamp)
    plan = findings.plan
    if findings.automatic is not None:
        print(automatic_text(findings.automatic))
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
