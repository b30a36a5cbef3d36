"""The Sources page's reading and following, off the GUI thread: every source's repositories
and every manager's remotes as rows (a group each), how many runtimes each would remove, and
one change or refresh followed to its end with its progress and one sentence.

Plain coroutines the model (:mod:`appcenter_qt.models.sources_model`) runs on the asyncio
thread and posts the results of, kept apart so the model holds only state and slots.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QUrl

from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    PackageState,
    RemoteEvent,
    RepositoryEvent,
    RepositorySource,
    Status,
    Transaction,
    TransactionEvent,
    UnusedRemoval,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.source_wording import wording_of
from appcenter_qt.models.remote_groups import RemoteGroup, unique_headings
from appcenter_qt.models.source_labels import source_label, translated_words
from appcenter_qt.models.source_rows import REPOSITORY, SourceRow, remote_row
from appcenter_qt.models.transactions_model import error_message
from appcenter_qt.services.jobs import collect

log = logging.getLogger(__name__)


async def read_repositories(
    sources: list[tuple[str, RepositorySource]],
) -> tuple[list[SourceRow], str]:
    """Every repository of every source, a group per source headed in its own words, and
    the first failure's sentence ("" when none failed)."""
    repos: list[SourceRow] = []
    message = ""
    headings = unique_headings(
        [translated_words(wording_of(source).repositories) for _name, source in sources],
        [source_label(name) for name, _source in sources],
    )
    for group, ((_name, source), heading) in enumerate(zip(sources, headings, strict=True)):

        def add(event: TransactionEvent, group: int = group, heading: str = heading) -> None:
            if isinstance(event, RepositoryEvent):
                title = event.description or event.repo_id
                repos.append(
                    SourceRow(
                        REPOSITORY,
                        event.repo_id,
                        title,
                        event.repo_id,
                        event.enabled,
                        group=group,
                        section=heading,
                    )
                )

        try:
            listed = await collect(source.get_repositories(), on_event=add)
        except BackendError as error:
            message = message or error_message(error.code)
            continue
        if listed.error is not None:
            message = message or error_message(listed.error.kind)
    return repos, message


async def read_remotes(groups: list[RemoteGroup]) -> tuple[list[SourceRow], list[int], str]:
    """Every group's remotes, each group's unused count (-1: cannot tell) and the first
    failure's sentence."""
    rows: list[SourceRow] = []
    unused: list[int] = []
    message = ""
    for group in groups:

        def add(event: TransactionEvent, group: RemoteGroup = group) -> None:
            if isinstance(event, RemoteEvent):
                rows.append(remote_row(event, group.index, group.section))

        try:
            if group.remotes is not None:
                listed = await collect(group.remotes.list_remotes(), on_event=add)
                if listed.error is not None:
                    message = message or error_message(listed.error.kind)
        except BackendError as error:
            message = message or error_message(error.code)
        unused.append(await count_unused(group.cleaner))
    return rows, unused, message


async def count_unused(cleaner: UnusedRemoval | None) -> int:
    """How many runtimes "Remove unused runtimes" would remove (-1: cannot tell)."""
    if cleaner is None:
        return -1
    try:
        simulated = await collect(cleaner.remove_unused(simulate=True))
    except BackendError:
        return -1
    if simulated.finished is not None and not simulated.finished.success:
        return -1
    return len(simulated.package_ids(PackageState.REMOVING))


async def follow(
    transaction: Transaction,
    progress: Callable[[int, str], None],
    sentence: Callable[[ErrorEvent], str],
    *,
    first: bool,
) -> tuple[str, bool]:
    """Run a refresh or change to its end, reporting ``progress(percent, status text)``;
    returns the failure's sentence (the ``first`` error's, else the last one's; "" on
    success) and whether it was cancelled."""
    try:
        job = await collect(
            transaction, lambda percent, event: progress(percent, status_text(event.status))
        )
    except BackendError as error:
        return error_message(error.code), False
    errors = [event for event in job.errors if event.kind is not ErrorKind.CANCELLED]
    if errors:
        return sentence(errors[0] if first else errors[-1]), False
    if job.finished is None or job.finished.success:
        return "", False
    cancelled = job.finished.exit == "cancelled"
    return "" if cancelled else error_message(ErrorKind.FAILED), cancelled


def status_text(status: Status) -> str:
    """What the page says a refresh or change is doing."""
    if status is Status.DOWNLOADING:
        return QCoreApplication.translate("Sources", "Downloading the sources' lists")
    if status is Status.WAITING:
        return QCoreApplication.translate("Sources", "Waiting")
    if status is Status.PREPARING:
        return QCoreApplication.translate("Sources", "Preparing")
    if status is Status.REMOVING:
        return QCoreApplication.translate("Sources", "Removing")
    if status is Status.FINISHED:
        return QCoreApplication.translate("Sources", "Finishing")
    return QCoreApplication.translate("Sources", "Refreshing the sources")


def local_path(location: str) -> str:
    """A path, or the local path of a ``file:`` URL (what QML's file dialog gives)."""
    return QUrl(location).toLocalFile() if location.startswith("file:") else location


async def cancel(transaction: Transaction) -> None:
    try:
        await transaction.cancel()
    except BackendError as error:
        log.info("refresh could not be cancelled: %s", error)
