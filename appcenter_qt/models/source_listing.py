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
    FinishedEvent,
    PackageEvent,
    PackageState,
    ProgressEvent,
    RemoteEvent,
    RepositoryEvent,
    RepositorySource,
    Status,
    Transaction,
    UnusedRemoval,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.source_wording import wording_of
from appcenter_qt.models.remote_groups import RemoteGroup, unique_headings
from appcenter_qt.models.source_labels import source_label, translated_words
from appcenter_qt.models.source_rows import REPOSITORY, SourceRow, remote_row
from appcenter_qt.models.transactions_model import error_message

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
        try:
            async for event in source.get_repositories():
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
                elif isinstance(event, ErrorEvent):
                    message = message or error_message(event.kind)
        except BackendError as error:
            message = message or error_message(error.code)
    return repos, message


async def read_remotes(groups: list[RemoteGroup]) -> tuple[list[SourceRow], list[int], str]:
    """Every group's remotes, each group's unused count (-1: cannot tell) and the first
    failure's sentence."""
    rows: list[SourceRow] = []
    unused: list[int] = []
    message = ""
    for group in groups:
        try:
            if group.remotes is not None:
                async for event in group.remotes.list_remotes():
                    if isinstance(event, RemoteEvent):
                        rows.append(remote_row(event, group.index, group.section))
                    elif isinstance(event, ErrorEvent):
                        message = message or error_message(event.kind)
        except BackendError as error:
            message = message or error_message(error.code)
        unused.append(await count_unused(group.cleaner))
    return rows, unused, message


async def count_unused(cleaner: UnusedRemoval | None) -> int:
    """How many runtimes "Remove unused runtimes" would remove (-1: cannot tell)."""
    if cleaner is None:
        return -1
    refs: set[str] = set()
    try:
        async for event in cleaner.remove_unused(simulate=True):
            if isinstance(event, PackageEvent) and event.state is PackageState.REMOVING:
                refs.add(event.package_id)
            elif isinstance(event, FinishedEvent) and not event.success:
                return -1
    except BackendError:
        return -1
    return len(refs)


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
    message = ""
    cancelled = False
    try:
        async for event in transaction:
            if isinstance(event, ProgressEvent):
                percent = -1 if event.percent is None else max(0, min(100, event.percent))
                progress(percent, status_text(event.status))
            elif isinstance(event, ErrorEvent) and event.kind is not ErrorKind.CANCELLED:
                message = (message if first else "") or sentence(event)
            elif isinstance(event, FinishedEvent) and not (event.success or message):
                cancelled = event.exit == "cancelled"
                message = "" if cancelled else error_message(ErrorKind.FAILED)
    except BackendError as error:
        message = error_message(error.code)
    return message, cancelled


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
