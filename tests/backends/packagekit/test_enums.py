"""Wire numbers and names against what the real daemon sends (checked in the other tests)
and PackageKit's own strings (pk-enum.c)."""

from __future__ import annotations

import pytest

from appcenter_qt.backends.packagekit.enums import (
    Error,
    Exit,
    Filter,
    Info,
    Status,
    TransactionFlag,
    filter_bits,
    percentage,
    transaction_flag_bits,
)
from appcenter_qt.backends.packagekit.errors import MESSAGES, kind_for_error, message_for
from appcenter_qt.domain.backend import ErrorKind


@pytest.mark.parametrize(
    ("member", "number", "nick"),
    [
        (Status.WAITING_FOR_LOCK, 30, "waiting-for-lock"),
        (Status.REMOVE, 6, "remove"),
        (Exit.KILLED, 6, "killed"),
        (Info.CRITICAL, 26, "critical"),
        (Error.OOM, 1, "out-of-memory"),
        (Error.UPDATE_FAILED_DUE_TO_RUNNING_PROCESS, 60, "failed-due-to-running-process"),
        (Error.LOCK_REQUIRED, 67, "lock-required"),
    ],
)
def test_wire_numbers_and_nicks(member, number: int, nick: str) -> None:
    assert int(member) == number and member.nick == nick


def test_unknown_numbers_from_a_newer_daemon_are_unknown() -> None:
    assert Status.from_wire(999) is Status.UNKNOWN
    assert kind_for_error(999) is ErrorKind.FAILED


def test_bitfields() -> None:
    assert filter_bits([]) == 0
    assert filter_bits([Filter.INSTALLED]) == 1 << 2
    assert filter_bits([Filter.INSTALLED, Filter.NEWEST]) == (1 << 2) | (1 << 16)
    flags = [TransactionFlag.ONLY_TRUSTED, TransactionFlag.SIMULATE]
    assert transaction_flag_bits(flags) == 0b110
    assert transaction_flag_bits([TransactionFlag.NONE]) == 0


@pytest.mark.parametrize(("wire", "shown"), [(0, 0), (57, 57), (100, 100), (101, None)])
def test_percentage(wire: int, shown) -> None:
    assert percentage(wire) == shown


def test_every_error_kind_has_a_user_message() -> None:
    assert set(MESSAGES) == set(ErrorKind)
    assert all(message_for(kind).endswith(".") for kind in ErrorKind)
