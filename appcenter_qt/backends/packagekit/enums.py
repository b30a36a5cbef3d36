"""PackageKit's enumerations, numbered exactly as ``pk-enum.h`` (PackageKit 1.2) numbers them.

The daemon sends bare ``u`` integers on D-Bus; these enums give them names. Their member
values are the wire numbers and their ``nick`` the string PackageKit itself uses
(``pk_*_enum_to_string``), which is what the domain events carry. Never renumber: the
order is the daemon's ABI.

Bitfields (filters, transaction flags) put enum ``n`` at bit ``1 << n``; see
:func:`filter_bits` and :func:`transaction_flag_bits`. A ``Percentage`` of 101 means
"unknown" (:data:`PERCENTAGE_UNKNOWN`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Self

PERCENTAGE_UNKNOWN = 101


class _PkEnum(enum.IntEnum):
    """An IntEnum whose ``nick`` is PackageKit's string (underscores → dashes)."""

    @property
    def nick(self) -> str:
        return self.name.lower().replace("_", "-")

    @classmethod
    def from_wire(cls, value: int) -> Self:
        """Unknown numbers (a newer daemon) become ``UNKNOWN`` instead of raising."""
        try:
            return cls(value)
        except ValueError:
            return cls(0)


class Filter(_PkEnum):
    UNKNOWN = 0
    NONE = 1
    INSTALLED = 2
    NOT_INSTALLED = 3
    DEVELOPMENT = 4
    NOT_DEVELOPMENT = 5
    GUI = 6
    NOT_GUI = 7
    FREE = 8
    NOT_FREE = 9
    VISIBLE = 10
    NOT_VISIBLE = 11
    SUPPORTED = 12
    NOT_SUPPORTED = 13
    BASENAME = 14
    NOT_BASENAME = 15
    NEWEST = 16
    NOT_NEWEST = 17
    ARCH = 18
    NOT_ARCH = 19
    SOURCE = 20
    NOT_SOURCE = 21
    COLLECTIONS = 22
    NOT_COLLECTIONS = 23
    APPLICATION = 24
    NOT_APPLICATION = 25
    DOWNLOADED = 26
    NOT_DOWNLOADED = 27


class TransactionFlag(_PkEnum):
    NONE = 0
    ONLY_TRUSTED = 1
    SIMULATE = 2
    ONLY_DOWNLOAD = 3
    ALLOW_REINSTALL = 4
    JUST_REINSTALL = 5
    ALLOW_DOWNGRADE = 6


class Info(_PkEnum):
    UNKNOWN = 0
    INSTALLED = 1
    AVAILABLE = 2
    LOW = 3
    ENHANCEMENT = 4
    NORMAL = 5
    BUGFIX = 6
    IMPORTANT = 7
    SECURITY = 8
    BLOCKED = 9
    DOWNLOADING = 10
    UPDATING = 11
    INSTALLING = 12
    REMOVING = 13
    CLEANUP = 14
    OBSOLETING = 15
    COLLECTION_INSTALLED = 16
    COLLECTION_AVAILABLE = 17
    FINISHED = 18
    REINSTALLING = 19
    DOWNGRADING = 20
    PREPARING = 21
    DECOMPRESSING = 22
    UNTRUSTED = 23
    TRUSTED = 24
    UNAVAILABLE = 25
    CRITICAL = 26


class Status(_PkEnum):
    UNKNOWN = 0
    WAIT = 1
    SETUP = 2
    RUNNING = 3
    QUERY = 4
    INFO = 5
    REMOVE = 6
    REFRESH_CACHE = 7
    DOWNLOAD = 8
    INSTALL = 9
    UPDATE = 10
    CLEANUP = 11
    OBSOLETE = 12
    DEP_RESOLVE = 13
    SIG_CHECK = 14
    TEST_COMMIT = 15
    COMMIT = 16
    REQUEST = 17
    FINISHED = 18
    CANCEL = 19
    DOWNLOAD_REPOSITORY = 20
    DOWNLOAD_PACKAGELIST = 21
    DOWNLOAD_FILELIST = 22
    DOWNLOAD_CHANGELOG = 23
    DOWNLOAD_GROUP = 24
    DOWNLOAD_UPDATEINFO = 25
    REPACKAGING = 26
    LOADING_CACHE = 27
    SCAN_APPLICATIONS = 28
    GENERATE_PACKAGE_LIST = 29
    WAITING_FOR_LOCK = 30
    WAITING_FOR_AUTH = 31
    SCAN_PROCESS_LIST = 32
    CHECK_EXECUTABLE_FILES = 33
    CHECK_LIBRARIES = 34
    COPY_FILES = 35
    RUN_HOOK = 36


class Exit(_PkEnum):
    UNKNOWN = 0
    SUCCESS = 1
    FAILED = 2
    CANCELLED = 3
    KEY_REQUIRED = 4
    EULA_REQUIRED = 5
    KILLED = 6
    MEDIA_CHANGE_REQUIRED = 7
    NEED_UNTRUSTED = 8
    CANCELLED_PRIORITY = 9
    SKIP_TRANSACTION = 10
    REPAIR_REQUIRED = 11


class Restart(_PkEnum):
    UNKNOWN = 0
    NONE = 1
    APPLICATION = 2
    SESSION = 3
    SYSTEM = 4
    SECURITY_SESSION = 5
    SECURITY_SYSTEM = 6


class Error(_PkEnum):
    UNKNOWN = 0
    OOM = 1
    NO_NETWORK = 2
    NOT_SUPPORTED = 3
    INTERNAL_ERROR = 4
    GPG_FAILURE = 5
    PACKAGE_ID_INVALID = 6
    PACKAGE_NOT_INSTALLED = 7
    PACKAGE_NOT_FOUND = 8
    PACKAGE_ALREADY_INSTALLED = 9
    PACKAGE_DOWNLOAD_FAILED = 10
    GROUP_NOT_FOUND = 11
    GROUP_LIST_INVALID = 12
    DEP_RESOLUTION_FAILED = 13
    FILTER_INVALID = 14
    CREATE_THREAD_FAILED = 15
    TRANSACTION_ERROR = 16
    TRANSACTION_CANCELLED = 17
    NO_CACHE = 18
    REPO_NOT_FOUND = 19
    CANNOT_REMOVE_SYSTEM_PACKAGE = 20
    PROCESS_KILL = 21
    FAILED_INITIALIZATION = 22
    FAILED_FINALISE = 23
    FAILED_CONFIG_PARSING = 24
    CANNOT_CANCEL = 25
    CANNOT_GET_LOCK = 26
    NO_PACKAGES_TO_UPDATE = 27
    CANNOT_WRITE_REPO_CONFIG = 28
    LOCAL_INSTALL_FAILED = 29
    BAD_GPG_SIGNATURE = 30
    MISSING_GPG_SIGNATURE = 31
    CANNOT_INSTALL_SOURCE_PACKAGE = 32
    REPO_CONFIGURATION_ERROR = 33
    NO_LICENSE_AGREEMENT = 34
    FILE_CONFLICTS = 35
    PACKAGE_CONFLICTS = 36
    REPO_NOT_AVAILABLE = 37
    INVALID_PACKAGE_FILE = 38
    PACKAGE_INSTALL_BLOCKED = 39
    PACKAGE_CORRUPT = 40
    ALL_PACKAGES_ALREADY_INSTALLED = 41
    FILE_NOT_FOUND = 42
    NO_MORE_MIRRORS_TO_TRY = 43
    NO_DISTRO_UPGRADE_DATA = 44
    INCOMPATIBLE_ARCHITECTURE = 45
    NO_SPACE_ON_DEVICE = 46
    MEDIA_CHANGE_REQUIRED = 47
    NOT_AUTHORIZED = 48
    UPDATE_NOT_FOUND = 49
    CANNOT_INSTALL_REPO_UNSIGNED = 50
    CANNOT_UPDATE_REPO_UNSIGNED = 51
    CANNOT_GET_FILELIST = 52
    CANNOT_GET_REQUIRES = 53
    CANNOT_DISABLE_REPOSITORY = 54
    RESTRICTED_DOWNLOAD = 55
    PACKAGE_FAILED_TO_CONFIGURE = 56
    PACKAGE_FAILED_TO_BUILD = 57
    PACKAGE_FAILED_TO_INSTALL = 58
    PACKAGE_FAILED_TO_REMOVE = 59
    UPDATE_FAILED_DUE_TO_RUNNING_PROCESS = 60
    PACKAGE_DATABASE_CHANGED = 61
    PROVIDE_TYPE_NOT_SUPPORTED = 62
    INSTALL_ROOT_INVALID = 63
    CANNOT_FETCH_SOURCES = 64
    CANCELLED_PRIORITY = 65
    UNFINISHED_TRANSACTION = 66
    LOCK_REQUIRED = 67
    REPO_ALREADY_SET = 68

    @property
    def nick(self) -> str:
        # The two names pk-enum.c spells differently from the C identifier.
        special = {
            Error.OOM: "out-of-memory",
            Error.UPDATE_FAILED_DUE_TO_RUNNING_PROCESS: "failed-due-to-running-process",
        }
        return special.get(self, self.name.lower().replace("_", "-"))


def filter_bits(filters: Iterable[Filter]) -> int:
    """A PackageKit filter bitfield; no filters is 0, which is what pkcon sends (the daemon
    reads it as "none")."""
    bits = 0
    for item in filters:
        bits |= 1 << int(item)
    return bits


def transaction_flag_bits(flags: Iterable[TransactionFlag]) -> int:
    """A transaction-flags bitfield; ``NONE`` contributes nothing (the empty set is 0)."""
    bits = 0
    for item in flags:
        if item is not TransactionFlag.NONE:
            bits |= 1 << int(item)
    return bits


def percentage(value: int) -> int | None:
    """The daemon's ``u`` percentage as the domain wants it: 0–100, or ``None`` if unknown."""
    if value < 0 or value > 100:
        return None
    return int(value)
